# What the dice games share (RULES.md, "Yahtzee" to "Farkle"): the faces of a die,
# reading dice as players type them, the error that names the turn breaking a rule, and
# what a box of a score sheet is.

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, NamedTuple

from .errors import RuleError
from .sentences import said, said_joined

__all__ = [
    "FACES",
    "Box",
    "TurnError",
    "either",
    "not_a_choice",
    "read_faces",
    "true_or_false",
    "upper_bonus_words",
]

FACES = range(1, 7)

# The upper boxes' labels, the same on every sheet that has them (Yahtzee, Yatzy, Generala).
UPPER_LABELS = (
    # Translators: the upper box of a dice score sheet that adds up the dice showing 1
    # (Yahtzee, Kniffel, Yatzy, Generala).
    said("Ones"),
    # Translators: the upper box of a dice score sheet that adds up the dice showing 2.
    said("Twos"),
    # Translators: the upper box of a dice score sheet that adds up the dice showing 3.
    said("Threes"),
    # Translators: the upper box of a dice score sheet that adds up the dice showing 4.
    said("Fours"),
    # Translators: the upper box of a dice score sheet that adds up the dice showing 5.
    said("Fives"),
    # Translators: the upper box of a dice score sheet that adds up the dice showing 6.
    said("Sixes"),
)


class Box(NamedTuple):
    """One box of a score sheet: its name, its label, its section and the most it can score."""

    name: str
    label: str
    section: str  # "upper" or "lower"
    most: int  # under the rules the sheet was drawn for (the defaults unless said)


_SEPARATORS = re.compile(r"[\s,;+]+")
# Faces as typed; a set so a typed item is checked without converting it first.
_FACE_TEXTS = frozenset(str(face) for face in FACES)


class TurnError(RuleError):
    """A broken rule in one turn of a dice game; the sentence names the turn when known."""

    def __init__(self, reason: str, field: str | None = None, turn: int | None = None):
        super().__init__(reason, field)
        self.turn = turn
        if turn is not None:
            # Translators: a refusal naming the turn of a dice game it is about.
            self.args = (said("turn %(number)s: %(reason)s", number=turn, reason=reason),)

    @classmethod
    def naming(cls, error: RuleError, turn: int) -> TurnError:
        """The same error, naming the turn of the game it happened in."""
        return cls(error.reason, error.field, turn)


def read_faces(dice: Any, fewest: int, most: int, what: str) -> tuple[int, ...]:
    """Dice faces from text (``33356``, ``3 3 3 5 6``, ``3,3,3,5,6``) or a list of numbers.

    Text with separators holds one die per item; text without holds one die per digit.
    ``what`` is the sentence to say when the count is wrong.
    """
    if isinstance(dice, str):
        items: list[Any] = [item for item in _SEPARATORS.split(dice.strip()) if item]
        if len(items) == 1:
            items = list(items[0])
    elif isinstance(dice, list | tuple):
        items = list(dice)
    else:
        raise RuleError(what, field="dice")
    faces = [_face(item) for item in items]
    if not fewest <= len(faces) <= most:
        raise RuleError(what, field="dice")
    return tuple(faces)


def _face(item: Any) -> int:
    """One die as a face, from a digit or a whole number; a bool is not a number here."""
    if isinstance(item, str) and item.strip() in _FACE_TEXTS:
        return int(item)
    if isinstance(item, int) and not isinstance(item, bool) and item in FACES:
        return item
    raise RuleError(
        said('"%(item)s" is not a die face; a die shows 1 to 6', item=str(item)), field="dice"
    )


def either(items: Sequence[str], *, commas: bool = True) -> str:
    """Choices in a sentence, each said in the page's language: ``ones, full house or
    chance``; without ``commas``, ``50 or 60`` (``1 or 2 or 3``)."""
    if len(items) == 1:
        return items[0]
    first = said_joined(items[:-1], ", ") if commas else either(items[:-1], commas=False)
    # Translators: the last of a list of choices, "full house or chance" (the first part
    # may itself be a list: "ones, full house").
    return said("%(first)s or %(last)s", first=first, last=items[-1])


def upper_bonus_words(bonus: int, at: int, subtotal: int, reach: int | None) -> str:
    """The upper bonus of a sheet in a sentence: ``12 more for the 35 bonus``, won, or out
    of reach (``reach``: the most the upper boxes can still total; None once all are filled)."""
    if subtotal >= at:
        # Translators: the upper bonus of a dice score sheet, won: "35 bonus won (70 of 63)".
        return said(
            "%(bonus)s bonus won (%(subtotal)s of %(at)s)", bonus=bonus, subtotal=subtotal, at=at
        )
    if reach is None:
        # Translators: every upper box is filled and the bonus was missed.
        return said(
            "no %(bonus)s bonus: the upper boxes total %(subtotal)s of %(at)s",
            bonus=bonus,
            subtotal=subtotal,
            at=at,
        )
    if reach < at:
        return said(
            "no %(bonus)s bonus: the upper boxes can reach %(reach)s at most",
            bonus=bonus,
            reach=reach,
        )
    # Translators: what the upper boxes still need: "12 more for the 35 bonus".
    return said("%(more)s more for the %(bonus)s bonus", more=at - subtotal, bonus=bonus)


def true_or_false(name: str) -> str:
    """A house rule or a field that takes true or false, refused: ``first_throw must be
    true or false``."""
    # Translators: %(name)s is a house rule's or a field's name as the API spells it
    # (double_generala, first_throw).
    return said("%(name)s must be true or false", name=name)


def not_a_choice(name: str, choices: Sequence[Any], value: Any) -> str:
    """A house rule's value that is none of its choices: ``three_ones must be 1000 or 300,
    not 500`` (each as typed)."""
    # Translators: %(name)s is a house rule's name as the API spells it; %(choices)s its
    # values: "50 or 60".
    return said(
        "%(name)s must be %(choices)s, not %(value)s",
        name=name,
        choices=either([str(choice) for choice in choices], commas=False),
        value=str(value),
    )
