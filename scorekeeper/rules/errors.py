# The one exception type of the rules core: a broken rule, told in a sentence a player can read.

from __future__ import annotations

from .sentences import said

__all__ = [
    "RuleError",
]


class RuleError(ValueError):
    """A hand, a card or a setting that breaks the rules, with a readable sentence.

    ``field`` names what the sentence is about (``bid``, ``tricks``…) so a form can show
    it next to that field; ``hand`` is the hand's number within a match, when known.
    """

    def __init__(self, reason: str, field: str | None = None, hand: int | None = None):
        self.reason = reason
        self.field = field
        self.hand = hand
        super().__init__(
            # Translators: a refusal naming the hand of the match it is about, as in
            # "hand 3: bid 255 is not a multiple of 10".
            said("hand %(hand)s: %(reason)s", hand=hand, reason=reason)
            if hand is not None
            else reason
        )

    def __str__(self) -> str:
        # The sentence itself, so that a page quoting the error (a 409's news) can still
        # say it in the phone's language: BaseException's str() would be bare English.
        sentence = self.args[0] if self.args else ""
        return sentence if isinstance(sentence, str) else super().__str__()

    def in_hand(self, number: int) -> RuleError:
        """The same error, naming the hand of the match it happened in."""
        return RuleError(self.reason, self.field, number)
