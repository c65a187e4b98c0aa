# Pinochle meld (RULES.md, "Pinochle: meld"): the melds a hand holds under each trump and
# under none, scored by its preset's tables; reading a hand's cards for a preset; and a
# side's meld counted from its players' cards.

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from typing import NamedTuple

from ..cards import (
    ACE,
    ALL_CARDS,
    DIAMONDS,
    JACK,
    KING,
    NINE,
    QUEEN,
    SPADES,
    SUITS,
    TEN,
    Card,
    card_counts,
    check_hand,
    parse_cards,
    parse_suit,
    size_fix,
)
from ..errors import RuleError
from ..sentences import said
from .presets import Preset

__all__ = [
    "HandMeld",
    "Meld",
    "MeldResult",
    "meld",
    "meld_all",
    "parse_trump",
    "read_hand",
    "side_melds",
]


class Meld(NamedTuple):
    """One meld in a hand: its name, its points and the cards it uses."""

    name: str  # as the API names it: "double pinochle"
    points: int
    cards: tuple[str, ...]

    @property
    def title(self) -> str:
        """The meld's name as a line of the calculator starts with it (``Double pinochle``),
        said in the page's language."""
        return _TITLES.get(self.name) or self.name[:1].upper() + self.name[1:]


class MeldResult(NamedTuple):
    """A hand's meld under one trump (or none): every meld and the total."""

    trump: str | None
    melds: tuple[Meld, ...]
    total: int


class HandMeld(NamedTuple):
    """A hand's meld under every trump and under none, the best trump and redeal eligibility."""

    card_count: int
    by_trump: dict[str, MeldResult]
    no_trump: MeldResult
    best_trump: tuple[str, ...]
    nines: int
    nines_redeal: bool
    marriage_in: tuple[str, ...]


_CODES = tuple(card.code for card in ALL_CARDS)
_MULTIPLES = ("", "double ", "triple ", "quadruple ")
_RUN_RANKS = (ACE, TEN, KING, QUEEN, JACK)
_AROUNDS = (
    (ACE, "aces around", "aces_around"),
    (KING, "kings around", "kings_around"),
    (QUEEN, "queens around", "queens_around"),
    (JACK, "jacks around", "jacks_around"),
)
_QS = QUEEN * 4 + SPADES
# Every meld's name (_times's, for counts up to quadruple) as a player reads it.
_TITLES = {
    # Translators: a pinochle meld, as the meld calculator lists it.
    "run": said("Run"),
    "double run": said("Double run"),
    "triple run": said("Triple run"),
    "quadruple run": said("Quadruple run"),
    # Translators: a pinochle meld (queen of spades with jack of diamonds).
    "pinochle": said("Pinochle"),
    "double pinochle": said("Double pinochle"),
    "triple pinochle": said("Triple pinochle"),
    "quadruple pinochle": said("Quadruple pinochle"),
    # Translators: a pinochle meld, an ace of every suit (and the same for kings, queens
    # and jacks).
    "aces around": said("Aces around"),
    "double aces around": said("Double aces around"),
    "triple aces around": said("Triple aces around"),
    "quadruple aces around": said("Quadruple aces around"),
    "kings around": said("Kings around"),
    "double kings around": said("Double kings around"),
    "triple kings around": said("Triple kings around"),
    "quadruple kings around": said("Quadruple kings around"),
    "queens around": said("Queens around"),
    "double queens around": said("Double queens around"),
    "triple queens around": said("Triple queens around"),
    "quadruple queens around": said("Quadruple queens around"),
    "jacks around": said("Jacks around"),
    "double jacks around": said("Double jacks around"),
    "triple jacks around": said("Triple jacks around"),
    "quadruple jacks around": said("Quadruple jacks around"),
    # Translators: a pinochle meld, king and queen of trump.
    "royal marriage": said("Royal marriage"),
    # Translators: a pinochle meld, king and queen of a suit that is not trump.
    "common marriage": said("Common marriage"),
    # Translators: a pinochle meld, the nine of trump.
    "dix": said("Dix"),
}
_JD = JACK * 4 + DIAMONDS


def _times(name: str, n: int) -> str:
    return _MULTIPLES[n - 1] + name if n <= len(_MULTIPLES) else f"{n} × {name}"


def _table_points(table: tuple[int, ...], n: int) -> int:
    # Counts past the table (a house rule with a short table) score the last entry's multiple.
    return table[n - 1] if n <= len(table) else table[-1] * n // len(table)


def _shared_melds(counts: Sequence[int], preset: Preset) -> list[Meld]:
    """The melds that do not depend on trump: pinochles and the arounds."""
    melds = []
    p = min(counts[_QS], counts[_JD])
    if p:
        cards = (_CODES[_QS], _CODES[_JD]) * p
        melds.append(Meld(_times("pinochle", p), _table_points(preset.pinochle, p), cards))
    for rank, name, knob in _AROUNDS:
        base = rank * 4
        n = min(counts[base], counts[base + 1], counts[base + 2], counts[base + 3])
        if n:
            cards = _CODES[base : base + 4] * n
            melds.append(Meld(_times(name, n), _table_points(getattr(preset, knob), n), cards))
    return melds


def _trump_melds(counts: Sequence[int], trump: int | None, preset: Preset) -> list[Meld]:
    """The melds that depend on trump: runs, royal and common marriages, dix."""
    melds = []
    for suit in range(4):
        if suit == trump:
            continue
        king, queen = KING * 4 + suit, QUEEN * 4 + suit
        marriage = (_CODES[king], _CODES[queen])
        for _ in range(min(counts[king], counts[queen])):
            melds.append(Meld("common marriage", preset.common_marriage, marriage))
    if trump is None:
        return melds
    run_cards = tuple(_CODES[rank * 4 + trump] for rank in _RUN_RANKS)
    runs = min(counts[rank * 4 + trump] for rank in _RUN_RANKS)
    if runs:
        points = _table_points(preset.run, runs)
        melds.append(Meld(_times("run", runs), points, run_cards * runs))
    king, queen = KING * 4 + trump, QUEEN * 4 + trump
    extra_kings, extra_queens = counts[king] - runs, counts[queen] - runs
    royal = (_CODES[king], _CODES[queen])
    marriages = min(extra_kings, extra_queens)
    if runs == 1 and preset.run_extras == "flush":
        # An extra king may marry the run's queen and an extra queen the run's king,
        # once each; the extras left over marry each other.
        kings_to_run, queens_to_run = min(extra_kings, 1), min(extra_queens, 1)
        marriages = kings_to_run + queens_to_run
        marriages += min(extra_kings - kings_to_run, extra_queens - queens_to_run)
    for _ in range(marriages):
        melds.append(Meld("royal marriage", preset.royal_marriage, royal))
    nine = NINE * 4 + trump
    if preset.dix:
        for _ in range(counts[nine]):
            melds.append(Meld("dix", preset.dix, (_CODES[nine],)))
    return melds


def _result(trump: int | None, melds: list[Meld]) -> MeldResult:
    return MeldResult(
        None if trump is None else SUITS[trump],
        tuple(melds),
        sum(meld.points for meld in melds),
    )


def parse_trump(trump: str | None) -> int | None:
    """A trump suit by name, letter or symbol (``hearts``, ``H``, ``♥``); None or "" for none."""
    if trump is None or trump == "":
        return None
    suit = parse_suit(str(trump))
    if suit is None:
        reason = said(
            '"%(trump)s" is not a suit; trump is spades, hearts, diamonds or clubs', trump=trump
        )
        raise RuleError(reason, "trump")
    return suit


def read_hand(hand: str | Iterable[str], preset: Preset, partial: bool = False) -> list[Card]:
    """Parse and check a hand for a preset: known cards, no more copies than the deck, size."""
    cards = parse_cards(hand)
    check_hand(cards, preset.deck)
    sizes = preset.hand_sizes
    if partial:
        if len(cards) > max(sizes):
            raise RuleError(
                # Translators: %(fix)s says what to do ("take one out").
                said(
                    "a hand has at most %(size)s cards, not %(count)s; %(fix)s",
                    size=max(sizes),
                    count=len(cards),
                    fix=size_fix(len(cards), [max(sizes)]),
                )
            )
    elif len(cards) not in sizes:
        raise RuleError(
            # Translators: %(game)s is a game's code name (three-handed); %(sizes)s a number
            # of cards or two ("15 or 18"); %(fix)s says what to do ("add the two missing").
            said(
                "a %(game)s hand has %(sizes)s cards, not %(count)s; %(fix)s",
                game=preset.name,
                sizes=_either(sizes),
                count=len(cards),
                fix=size_fix(len(cards), sizes),
            )
        )
    return cards


def _either(numbers: Sequence[int]) -> int | str:
    """Numbers as a choice, said in the page's language: ``12``, ``15 or 18``."""
    return functools.reduce(_or, numbers)


def _or(one: object, other: object) -> str:
    # Translators: a choice of two (one may be a choice itself): "15 or 18".
    return said("%(one)s or %(other)s", one=one, other=other)


def meld(cards: Iterable[Card], trump: int | None, preset: Preset) -> MeldResult:
    """The meld of a hand under one trump (None: before trump is named)."""
    counts = card_counts(cards)
    return _result(trump, _shared_melds(counts, preset) + _trump_melds(counts, trump, preset))


def meld_all(cards: Iterable[Card], preset: Preset) -> HandMeld:
    """A hand's meld under each trump and none, the best trump, and nines-redeal eligibility."""
    cards = list(cards)
    counts = card_counts(cards)
    shared = _shared_melds(counts, preset)
    by_trump = {
        SUITS[suit]: _result(suit, shared + _trump_melds(counts, suit, preset)) for suit in range(4)
    }
    no_trump = _result(None, shared + _trump_melds(counts, None, preset))
    best = max(result.total for result in by_trump.values())
    nines = sum(counts[NINE * 4 + suit] for suit in range(4))
    return HandMeld(
        card_count=len(cards),
        by_trump=by_trump,
        no_trump=no_trump,
        best_trump=tuple(name for name, result in by_trump.items() if result.total == best),
        nines=nines,
        nines_redeal=preset.nines_redeal and nines >= preset.nines_needed and not no_trump.total,
        marriage_in=tuple(
            SUITS[suit] for suit in range(4) if counts[KING * 4 + suit] and counts[QUEEN * 4 + suit]
        ),
    )


def side_melds(
    preset: Preset,
    trump: int | None,
    player_cards: Sequence[str | None],
    typed: Sequence[int],
) -> tuple[int, ...]:
    """Each side's meld: the sum of its players' melds from their cards where any were
    given (under the hand's trump), else the number typed for the side."""
    melds = list(typed)
    counted = [False] * preset.sides
    for player, cards in enumerate(player_cards):
        if not cards:
            continue
        side = preset.side_of(player)
        try:
            hand = read_hand(cards, preset, partial=True)
        except RuleError as error:
            raise RuleError(error.reason, field=f"cards-{player}") from None
        points = meld(hand, trump, preset).total
        melds[side] = melds[side] + points if counted[side] else points
        counted[side] = True
    return tuple(melds)
