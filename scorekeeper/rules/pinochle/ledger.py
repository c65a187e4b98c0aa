# A whole pinochle match (RULES.md, "Pinochle: scoring one hand", step 5, and "More house
# rules" for playing on): the hands replayed in order into running totals, the deal passing
# round the table, and the winner by the target and the tie rule.

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..errors import RuleError
from ..sentences import said
from .hands import HandInput, HandOutcome, score_hand
from .presets import Preset

__all__ = [
    "DEAL_STAYS",
    "Ledger",
    "LedgerRow",
    "game_winner",
    "replay_match",
    "risen_target",
]


# The results after which the same dealer deals again; every other hand passes the deal.
DEAL_STAYS = frozenset({"redeal"})


@dataclass(frozen=True)
class LedgerRow:
    """One hand of the ledger: its outcome and the running totals after it."""

    number: int
    outcome: HandOutcome
    totals: tuple[int, ...]
    dealer: int
    hand: HandInput


@dataclass(frozen=True)
class Ledger:
    """A match replayed: every hand's row, the totals, and the winner with the reason."""

    rows: tuple[LedgerRow, ...]
    totals: tuple[int, ...]
    winner: int | None
    win_reason: str | None
    next_dealer: int
    # The game as it stands: the preset's target, or higher after playing on.
    target: int = 0


def game_winner(
    preset: Preset,
    totals: Sequence[int],
    bidder: int | None,
    names: Sequence[str],
    target: int | None = None,
) -> tuple[int | None, str | None]:
    """The winner after a hand (or None to play on), by the target and the tie rule.

    ``target`` is the game as it stands (risen under play-on); the preset's by default.
    """
    target = preset.target if target is None else target
    over = [side for side, total in enumerate(totals) if total >= target]
    if not over:
        return None, None
    if len(over) == 1:
        return over[0], said("%(side)s reached %(target)s", side=names[over[0]], target=target)
    if preset.tie_rule == "play-on":
        return None, None
    who = _who_passed(preset, over, totals, names)
    if preset.tie_rule == "bidder" and bidder in over:
        # Translators: %(sides)s is "both teams", "both players" or names ("Ann and Bob").
        reason = said(
            "%(sides)s passed %(target)s; %(side)s held the bid",
            sides=who,
            target=target,
            side=names[bidder],
        )
        return bidder, reason
    best = max(totals[side] for side in over)
    leaders = [side for side in over if totals[side] == best]
    if len(leaders) > 1:
        return None, None
    # Translators: %(sides)s is "both teams", "both players" or names ("Ann and Bob").
    reason = said(
        "%(sides)s passed %(target)s; %(side)s finished ahead",
        sides=who,
        target=target,
        side=names[leaders[0]],
    )
    return leaders[0], reason


# Translators: who passed the target: "both teams passed 1500; Us held the bid".
_BOTH_TEAMS = said("both teams")
# Translators: who passed the target: "both players passed 1000; Ann finished ahead".
_BOTH_PLAYERS = said("both players")


def _who_passed(
    preset: Preset, over: Sequence[int], totals: Sequence[int], names: Sequence[str]
) -> str:
    if len(over) == len(totals) == 2:
        return _BOTH_TEAMS if preset.teams else _BOTH_PLAYERS
    return functools.reduce(_and, (names[side] for side in over))


def _and(one: str, other: str) -> str:
    # Translators: two sides (one may be two itself): "Ann and Bob".
    return said("%(one)s and %(other)s", one=one, other=other)


def risen_target(preset: Preset, totals: Sequence[int], target: int) -> int:
    """Under play-on: the target after a hand where two or more sides reached it, raised by
    play_on_by until fewer than two sides are at or over it (the target itself otherwise).

    Nobody wins on that hand; one side alone at or over the risen target after a later
    hand wins."""
    if preset.tie_rule != "play-on":
        return target
    while sum(total >= target for total in totals) >= 2:
        target += preset.play_on_by
    return target


def replay_match(
    preset: Preset,
    hands: Iterable[HandInput],
    names: Sequence[str] | None = None,
    first_dealer: int = 0,
) -> Ledger:
    """Replay a match's hands in order into running totals; errors name the hand.

    The deal passes clockwise (to the next player) after every hand but a nines redeal,
    which the same dealer deals again.
    """
    names = tuple(names or preset.side_names)
    totals = [0] * preset.sides
    rows: list[LedgerRow] = []
    winner = reason = None
    dealer = first_dealer
    target = preset.target
    for number, hand in enumerate(hands, start=1):
        if winner is not None:
            reason = said(
                "the game is over; %(side)s won after hand %(hand)s",
                side=names[winner],
                hand=number - 1,
            )
            raise RuleError(reason, field="hand", hand=number)
        try:
            outcome = score_hand(preset, hand, names, dealer)
        except RuleError as error:
            raise error.in_hand(number) from None
        totals = [total + points for total, points in zip(totals, outcome.points, strict=True)]
        winner, reason = game_winner(preset, totals, outcome.bidder, names, target)
        risen = target if winner is not None else risen_target(preset, totals, target)
        if risen != target:
            over = [side for side, total in enumerate(totals) if total >= target]
            who = _who_passed(preset, over, totals, names)
            # Translators: %(sentence)s is the hand's outcome ("Us made 300 with 310;
            # Them +120"); %(sides)s who reached the target ("both teams").
            sentence = said(
                "%(sentence)s; %(sides)s reached %(target)s: play on to %(risen)s",
                sentence=outcome.sentence,
                sides=who,
                target=target,
                risen=risen,
            )
            outcome = dataclasses.replace(outcome, sentence=sentence)
            target = risen
        rows.append(LedgerRow(number, outcome, tuple(totals), dealer, hand))
        if outcome.result not in DEAL_STAYS:
            dealer = (dealer + 1) % preset.players
    return Ledger(tuple(rows), tuple(totals), winner, reason, dealer, target)
