# Pinochle as RULES.md scores it: the presets and their knobs, the meld of a hand under
# each trump, the outcome of one hand (made, set, thrown in, forfeit, redeal, played),
# and the replay of a match's hands into running totals and a winner.

from __future__ import annotations

import dataclasses
import functools
import itertools
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from .cards import (
    ACE,
    ALL_CARDS,
    DIAMONDS,
    DOUBLE_DECK,
    JACK,
    KING,
    NINE,
    QUEEN,
    SINGLE_DECK,
    SPADES,
    SUITS,
    TEN,
    Card,
    Deck,
    card_counts,
    check_hand,
    count_word,
    parse_cards,
    parse_suit,
    size_fix,
)
from .errors import RuleError
from .text import number_pairs

MINUS = "\u2212"


def _knob(help_text: str, choices: tuple[str, ...] = ()) -> Any:
    """Mark a preset field as a knob a match may override, with its one-line explanation."""
    return field(metadata={"knob": True, "help": help_text, "choices": choices})


SAVE_RULES = ("both", "non-bidders", "none")
THROW_IN_RULES = ("unmakeable", "any-time", "never")
THROW_IN_OTHERS = ("meld", "nothing")
TIE_RULES = ("bidder", "higher", "play-on")
SAVE_WITH = ("points", "trick")
RUN_EXTRAS = ("flush", "strict")


@dataclass(frozen=True)
class Preset:
    """One way to play pinochle: the table's shape plus every knob RULES.md names."""

    name: str
    label: str
    deck: Deck
    players: int
    sides: int
    teams: bool
    hand_sizes: tuple[int, ...]
    bidding: bool

    target: int = _knob("Points that win the game.")
    min_bid: int = _knob("The lowest opening bid.")
    bid_step: int = _knob("Bids go up in steps of this many points.")
    bid_steps: tuple[tuple[int, int], ...] = _knob(
        "Bids whose step grows with the bid, as from:step pairs: 50:1, 60:5, 100:10 bids "
        "by 1 from 50, by 5 from 60 and by 10 from 100. The first pair is the minimum bid "
        "and its step."
    )
    stuck_bid: int = _knob("When everyone passes, the dealer is stuck with this bid.")
    cards_passed: int = _knob("Cards the bidder and partner trade after the bid.")
    widow: int = _knob("Cards in the widow, which go to the bidder.")
    trick_total: int = _knob("Trick points in one hand, last trick included.")
    trick_unit: int = _knob("Trick points come in steps of this many.")
    save_rule: str = _knob(
        "Who must take trick points to keep their meld: both sides, only the "
        "non-bidders, or nobody.",
        SAVE_RULES,
    )
    save_with: str = _knob(
        "What keeps a side's meld under the save rule: enough trick points, or any trick "
        "taken (even one with no trick points in it).",
        SAVE_WITH,
    )
    save_minimum: int = _knob(
        "The fewest trick points that keep a side's meld (when meld is saved by points)."
    )
    meld_minimum: int = _knob("Meld under this counts for nothing (and forfeits the bid).")
    trump_needs_marriage: bool = _knob("The bidder forfeits without a marriage in trump.")
    throw_in: str = _knob(
        "When the bidder may throw in: when the bid minus their meld is more than the "
        "trick points there are, any time before play, or never.",
        THROW_IN_RULES,
    )
    throw_in_others: str = _knob(
        "What the other sides score when the bidder throws in.", THROW_IN_OTHERS
    )
    set_penalty: int = _knob("A bidder who goes set loses this many times the bid.")
    moon: int = _knob(
        "Shooting the moon: a bidder who declares it will take every trick scores this "
        "when it does and loses it when it does not; 0 is off."
    )
    nines_redeal: bool = _knob("A hand with enough nines and no meld may call a redeal.")
    nines_needed: int = _knob("How many nines a hand needs to call a nines redeal.")
    tie_rule: str = _knob(
        "Who wins when several sides reach the target on one hand: the bidder (else the "
        "higher total), always the higher total, or nobody yet (play on to a higher target).",
        TIE_RULES,
    )
    play_on_by: int = _knob(
        "When several sides reach the target on one hand and the tie rule is play-on, the "
        "target rises by this much."
    )
    run_extras: str = _knob(
        "With one run, an extra trump king or queen marries a run card (flush) or "
        "only scores as a separate royal marriage (strict).",
        RUN_EXTRAS,
    )
    dealer_nine: int = _knob("The dealer scores this when the turned-up trump card is a nine.")
    run: tuple[int, ...] = _knob("A run (A 10 K Q J of trump): one, two, … of them.")
    royal_marriage: int = _knob("Each king and queen of trump.")
    common_marriage: int = _knob("Each king and queen of another suit.")
    dix: int = _knob("Each nine of trump.")
    pinochle: tuple[int, ...] = _knob("Queen of spades with jack of diamonds: one, two, …")
    aces_around: tuple[int, ...] = _knob("An ace of every suit: once, twice, …")
    kings_around: tuple[int, ...] = _knob("A king of every suit: once, twice, …")
    queens_around: tuple[int, ...] = _knob("A queen of every suit: once, twice, …")
    jacks_around: tuple[int, ...] = _knob("A jack of every suit: once, twice, …")

    @functools.cached_property
    def side_names(self) -> tuple[str, ...]:
        """Default names of the sides: teams by letter, lone players by number."""
        if self.teams:
            return tuple(f"Team {chr(ord('A') + i)}" for i in range(self.sides))
        return tuple(f"Player {i + 1}" for i in range(self.sides))

    def side_of(self, player: int) -> int:
        """The side a player (0 = first seat, clockwise) plays for: partners sit opposite."""
        return player % self.sides

    @functools.cached_property
    def meld_unit(self) -> int:
        """Every meld total is a multiple of this (10 in partnership, 1 in the small scale)."""
        values = [*self.run, self.royal_marriage, self.common_marriage, self.dix]
        values += [*self.pinochle, *self.aces_around, *self.kings_around]
        values += [*self.queens_around, *self.jacks_around]
        return math.gcd(*values) or 1


KNOBS = tuple(f.name for f in dataclasses.fields(Preset) if f.metadata.get("knob"))
_KNOB_FIELDS = {f.name: f for f in dataclasses.fields(Preset) if f.metadata.get("knob")}
# Each knob's one-line explanation and, for a knob with named settings, its choices.
KNOB_INFO = {
    name: (knob.metadata["help"], knob.metadata["choices"]) for name, knob in _KNOB_FIELDS.items()
}
_TABLE_KNOBS = (
    "run",
    "pinochle",
    "aces_around",
    "kings_around",
    "queens_around",
    "jacks_around",
)

_PARTNERSHIP = Preset(
    name="partnership",
    label="Partnership (four players, two teams)",
    deck=SINGLE_DECK,
    players=4,
    sides=2,
    teams=True,
    hand_sizes=(12,),
    bidding=True,
    target=1500,
    min_bid=250,
    bid_step=10,
    bid_steps=((250, 10),),
    stuck_bid=250,
    cards_passed=4,
    widow=0,
    trick_total=250,
    trick_unit=10,
    save_rule="both",
    save_with="points",
    save_minimum=10,
    meld_minimum=0,
    trump_needs_marriage=False,
    throw_in="unmakeable",
    throw_in_others="meld",
    set_penalty=1,
    moon=0,
    nines_redeal=False,
    nines_needed=5,
    tie_rule="bidder",
    play_on_by=500,
    run_extras="flush",
    dealer_nine=0,
    run=(150, 1500),
    royal_marriage=40,
    common_marriage=20,
    dix=10,
    pinochle=(40, 300),
    aces_around=(100, 1000),
    kings_around=(80, 800),
    queens_around=(60, 600),
    jacks_around=(40, 400),
)

# Knobs whose default follows other knobs (RULES.md, "More house rules"): unless a match
# sets them, they move with what they follow, so a match that changes its trick unit, its
# minimum bid or its target plays exactly as before these knobs existed.
_FOLLOWERS = {
    "bid_steps": lambda preset: ((preset.min_bid, preset.bid_step),),
    "save_minimum": lambda preset: preset.trick_unit,
    "play_on_by": lambda preset: preset.target // 3,
}


def _following(preset: Preset) -> Preset:
    """The preset with every following knob at the value it follows."""
    return dataclasses.replace(preset, **{name: rule(preset) for name, rule in _FOLLOWERS.items()})


PRESETS: dict[str, Preset] = {
    preset.name: _following(preset)
    for preset in (
        _PARTNERSHIP,
        dataclasses.replace(
            _PARTNERSHIP,
            name="partnership-small",
            label="Partnership, small scale (scores one tenth)",
            target=150,
            min_bid=20,
            bid_step=1,
            stuck_bid=20,
            cards_passed=3,
            trick_total=25,
            trick_unit=1,
            save_rule="non-bidders",
            nines_redeal=True,
            run_extras="strict",
            run=(15, 150),
            royal_marriage=4,
            common_marriage=2,
            dix=1,
            pinochle=(4, 30),
            aces_around=(10, 100),
            kings_around=(8, 80),
            queens_around=(6, 60),
            jacks_around=(4, 40),
        ),
        dataclasses.replace(
            _PARTNERSHIP,
            name="double-deck",
            label="Double-deck (four players, 80 cards)",
            deck=DOUBLE_DECK,
            hand_sizes=(20,),
            target=500,
            min_bid=50,
            bid_step=1,
            stuck_bid=50,
            cards_passed=0,
            trick_total=50,
            trick_unit=1,
            meld_minimum=20,
            trump_needs_marriage=True,
            run_extras="strict",
            dix=0,
            run=(15, 150, 225, 300),
            royal_marriage=4,
            common_marriage=2,
            pinochle=(4, 30, 60, 90),
            aces_around=(10, 100, 150, 200),
            kings_around=(8, 80, 120, 160),
            queens_around=(6, 60, 90, 120),
            jacks_around=(4, 40, 60, 80),
        ),
        dataclasses.replace(
            _PARTNERSHIP,
            name="three-handed",
            label="Three-handed (each player alone, with a widow)",
            players=3,
            sides=3,
            teams=False,
            hand_sizes=(15, 18),
            min_bid=300,
            stuck_bid=300,
            cards_passed=0,
            widow=3,
            save_rule="non-bidders",
            throw_in="any-time",
            run_extras="strict",
        ),
        dataclasses.replace(
            _PARTNERSHIP,
            name="two-handed",
            label="Two-handed (no bidding)",
            players=2,
            sides=2,
            teams=False,
            bidding=False,
            target=1000,
            min_bid=0,
            bid_step=1,
            stuck_bid=0,
            cards_passed=0,
            trick_unit=5,
            save_rule="none",
            throw_in="never",
            tie_rule="higher",
            run_extras="strict",
            dealer_nine=10,
            run=(150, 300),
            pinochle=(40, 80),
            aces_around=(100, 200),
            kings_around=(80, 160),
            queens_around=(60, 120),
            jacks_around=(40, 80),
        ),
    )
}

DEFAULT_PRESET = "partnership"


def get_preset(name: str) -> Preset:
    """The preset of that name, or a RuleError listing the ones there are."""
    try:
        return PRESETS[name]
    except (KeyError, TypeError):
        names = ", ".join(PRESETS)
        raise RuleError(f'"{name}" is not a pinochle game; choose one of {names}') from None


def _check_knob(preset: Preset, name: str, value: Any) -> Any:
    """Return a knob's value in its stored type, or raise a sentence saying what is wrong."""
    knob = _KNOB_FIELDS.get(name)
    if knob is None:
        raise RuleError(f'"{name}" is not a house rule of {preset.name}', field=name)
    choices = knob.metadata["choices"]
    if choices:
        if value not in choices:
            raise RuleError(f"{name} must be one of {', '.join(choices)}", field=name)
        return value
    if name == "bid_steps":
        return parse_bid_steps(value)
    if knob.type == "bool":
        if not isinstance(value, bool):
            raise RuleError(f"{name} must be true or false", field=name)
        return value
    if name in _TABLE_KNOBS:
        copies = preset.deck.copies
        if (
            not isinstance(value, list | tuple)
            or len(value) != copies
            or not all(_is_count(v) for v in value)
        ):
            raise RuleError(
                f"{name} must be {count_word(copies)} whole numbers of points", field=name
            )
        return tuple(value)
    if not _is_count(value):
        raise RuleError(f"{name} must be a whole number, 0 or more", field=name)
    return value


def _is_count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 1_000_000


def with_rules(preset: Preset, overrides: Mapping[str, Any] | None) -> Preset:
    """The preset with a match's house rules applied, each one checked."""
    if not overrides:
        return preset
    changes = {name: _check_knob(preset, name, value) for name, value in overrides.items()}
    if "bid_steps" in changes:
        # The first pair is the minimum bid and its step: set them, or check they agree.
        first, step = changes["bid_steps"][0]
        for knob, value in (("min_bid", first), ("bid_step", step)):
            if changes.setdefault(knob, value) != value:
                raise RuleError(
                    f"min_bid and bid_step must match the first pair of bid_steps "
                    f"({first}:{step}); change one to match the other",
                    field="bid_steps",
                )
    changed = dataclasses.replace(preset, **changes)
    # A following knob the match did not set keeps following (when it followed before).
    changed = dataclasses.replace(
        changed,
        **{
            name: rule(changed)
            for name, rule in _FOLLOWERS.items()
            if name not in changes and getattr(preset, name) == rule(preset)
        },
    )
    if changed.target < 1:
        raise RuleError("target must be at least 1", field="target")
    if changed.bid_step < 1:
        raise RuleError("bid_step must be at least 1", field="bid_step")
    if changed.trick_unit < 1 or changed.trick_total % changed.trick_unit:
        raise RuleError(
            f"trick_total {changed.trick_total} must be a multiple of trick_unit "
            f"{changed.trick_unit}",
            field="trick_unit",
        )
    if changed.bidding and changed.min_bid < 1:
        raise RuleError("min_bid must be at least 1", field="min_bid")
    if not 1 <= changed.save_minimum <= changed.trick_total:
        raise RuleError(
            f"save_minimum must be from 1 to {changed.trick_total}, the trick points of a "
            "hand (to keep meld without trick points, set save_rule to none)",
            field="save_minimum",
        )
    if changed.moon and not changed.bidding:
        raise RuleError(
            f"{changed.name} has no bidding, so nobody can shoot the moon; set moon to 0",
            field="moon",
        )
    if changed.tie_rule == "play-on" and changed.play_on_by < 1:
        raise RuleError("play_on_by must be at least 1 to play on", field="play_on_by")
    return changed


def without_followed(preset: Preset, overrides: Mapping[str, Any]) -> dict[str, Any]:
    """The overrides less a following knob that only repeats what it would follow anyway
    (bid_steps 300:10 with min_bid 300), so a match stores what the table changed."""
    leaders = {name: value for name, value in overrides.items() if name not in _FOLLOWERS}
    try:
        followed = with_rules(preset, leaders)
        kept = {
            name: value
            for name, value in overrides.items()
            if name in _FOLLOWERS and _check_knob(preset, name, value) != getattr(followed, name)
        }
    except RuleError:
        return dict(overrides)  # with_rules says what is wrong when the match starts
    return {name: value for name, value in overrides.items() if name in leaders or name in kept}


def parse_bid_steps(value: Any) -> tuple[tuple[int, int], ...]:
    """Bid steps as ``50:1, 60:5, 100:10`` (or a list of [from, step] pairs), checked."""
    problem = RuleError(
        "bid_steps must be from:step pairs with the bids increasing, e.g. 50:1, 60:5, 100:10",
        field="bid_steps",
    )
    if isinstance(value, str):
        try:
            pairs = number_pairs(value)
        except ValueError:
            raise problem from None
    elif isinstance(value, list | tuple):
        pairs = [tuple(pair) if isinstance(pair, list | tuple) else () for pair in value]
    else:
        raise problem
    if not pairs or not all(len(pair) == 2 and all(map(_is_count, pair)) for pair in pairs):
        raise problem
    froms = [first for first, _ in pairs]
    if any(later <= earlier for earlier, later in itertools.pairwise(froms)):
        raise problem
    if any(step < 1 for _, step in pairs):
        raise RuleError("every step of bid_steps must be at least 1", field="bid_steps")
    return tuple((first, step) for first, step in pairs)


def format_bid_steps(steps: Sequence[Sequence[int]]) -> str:
    """Bid steps as players type them: ``50:1, 60:5, 100:10``."""
    return ", ".join(f"{first}:{step}" for first, step in steps)


def changed_knobs(preset: Preset) -> dict[str, Any]:
    """The knobs where a match's rules differ from its preset's defaults."""
    base = PRESETS[preset.name]
    # A following knob is changed when it no longer follows, whatever the preset's value.
    defaults = {name: getattr(base, name) for name in KNOBS}
    defaults.update({name: rule(preset) for name, rule in _FOLLOWERS.items()})
    return {
        name: getattr(preset, name) for name in KNOBS if getattr(preset, name) != defaults[name]
    }


def knob_table(preset: Preset) -> list[tuple[str, str, str]]:
    """Every knob of a preset as (name, value as shown to players, one-line explanation)."""
    rows = []
    for name in KNOBS:
        value = getattr(preset, name)
        if isinstance(value, bool):
            shown = "yes" if value else "no"
        elif name == "bid_steps":
            shown = format_bid_steps(value)
        elif isinstance(value, tuple):
            shown = ", ".join(str(v) for v in value)
        else:
            shown = str(value)
        rows.append((name, shown, _KNOB_FIELDS[name].metadata["help"]))
    return rows


# ---------------------------------------------------------------------------- meld


class Meld(NamedTuple):
    """One meld in a hand: its name, its points and the cards it uses."""

    name: str
    points: int
    cards: tuple[str, ...]


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
        raise RuleError(
            f'"{trump}" is not a suit; trump is spades, hearts, diamonds or clubs', "trump"
        )
    return suit


def read_hand(hand: str | Iterable[str], preset: Preset, partial: bool = False) -> list[Card]:
    """Parse and check a hand for a preset: known cards, no more copies than the deck, size."""
    cards = parse_cards(hand)
    check_hand(cards, preset.deck)
    sizes = preset.hand_sizes
    if partial:
        if len(cards) > max(sizes):
            raise RuleError(
                f"a hand has at most {max(sizes)} cards, not {len(cards)};"
                f" {size_fix(len(cards), [max(sizes)])}"
            )
    elif len(cards) not in sizes:
        expected = " or ".join(str(size) for size in sizes)
        raise RuleError(
            f"a {preset.name} hand has {expected} cards, not {len(cards)};"
            f" {size_fix(len(cards), sizes)}"
        )
    return cards


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


# ----------------------------------------------------------------- one hand's outcome


@dataclass(frozen=True)
class HandInput:
    """What the table says about one hand: the bid, the meld and trick points per side."""

    meld: tuple[int, ...] = ()
    tricks: tuple[int, ...] | None = None
    bidder: int | None = None
    bid: int | None = None
    thrown_in: bool = False
    no_marriage: bool = False
    redeal: bool = False
    all_passed: bool = False
    dealer: int | None = None
    turned_nine: bool = False
    # Under save_with trick: for each side, did it take a trick (read for 0 trick points).
    took_trick: tuple[bool, ...] | None = None
    # The bidding side declared it would take every trick (the moon knob).
    moon: bool = False


@dataclass(frozen=True)
class HandOutcome:
    """What one hand scores: its result, each side's points and a sentence saying why."""

    result: str
    points: tuple[int, ...]
    sentence: str
    bidder: int | None = None
    bid: int | None = None
    counts: tuple[int, ...] = ()


@dataclass(frozen=True)
class ThrowInVerdict:
    """Whether the bidder may throw in, and the arithmetic that says so."""

    allowed: bool
    reason: str
    # Allowed whatever the bid and meld (throw_in "any-time"): a standing choice, not news
    # about this hand.
    always: bool = False


def _signed(points: int) -> str:
    return f"{MINUS}{-points}" if points < 0 else f"+{points}" if points else "0"


def validate_bid(preset: Preset, bid: Any, all_passed: bool = False) -> int:
    """Check a bid against the preset's minimum and step (and the stuck bid when all passed)."""
    if not preset.bidding:
        raise RuleError(f"{preset.name} has no bidding", field="bid")
    if not isinstance(bid, int) or isinstance(bid, bool):
        raise RuleError("the bid must be a whole number", field="bid")
    if all_passed:
        # The stuck bid is a house rule of its own and may sit under the minimum.
        if bid != preset.stuck_bid:
            raise RuleError(
                f"when everyone passes the dealer is stuck at {preset.stuck_bid}, not {bid}",
                field="bid",
            )
        return bid
    if bid < preset.min_bid:
        raise RuleError(
            f"bid {bid} is under the minimum of {preset.min_bid}; enter {preset.min_bid} or more",
            field="bid",
        )
    # One pair (every preset): a multiple of the step, as ever; several: the walk's bids.
    on_step = (
        bid % preset.bid_step == 0 if len(preset.bid_steps) == 1 else is_valid_bid(preset, bid)
    )
    if not on_step:
        lower, higher = nearest_bids(preset, bid)
        enter = f"enter {lower} or {higher}" if lower is not None else f"enter {higher}"
        if len(preset.bid_steps) == 1:
            raise RuleError(
                f"bid {bid} is not a multiple of {preset.bid_step}; {enter}", field="bid"
            )
        raise RuleError(f"bid {bid} is not a valid bid; {enter}", field="bid")
    return bid


class BidRun(NamedTuple):
    """A run of valid bids: start, start + step, … up to (not including) end (None: no end)."""

    start: int
    step: int
    end: int | None


def bid_runs(preset: Preset) -> tuple[BidRun, ...]:
    """The valid bids as runs of equal steps, lowest first.

    One pair (the default, ``min_bid:bid_step``) keeps the rule every match was scored by
    before bid_steps existed: the multiples of the step from the minimum bid up (the same
    as RULES.md's walk whenever the minimum is a multiple of its step, as in every preset).
    Several pairs follow RULES.md: each next bid is the last plus the step of its range.
    """
    steps = preset.bid_steps
    if len(steps) == 1:
        step = steps[0][1]
        return (BidRun(-(-preset.min_bid // step) * step, step, None),)
    runs = []
    current = steps[0][0]
    for index, (_, step) in enumerate(steps):
        end = steps[index + 1][0] if index + 1 < len(steps) else None
        if end is not None and current >= end:
            continue  # a step of an earlier range jumped over this one
        runs.append(BidRun(current, step, end))
        if end is not None:
            current += -(-(end - current) // step) * step
    return tuple(runs)


def is_valid_bid(preset: Preset, bid: int) -> bool:
    """Is this a bid the match's bid steps allow (at or over the minimum, on a step)?"""
    return any(
        run.start <= bid
        and (run.end is None or bid < run.end)
        and (bid - run.start) % run.step == 0
        for run in bid_runs(preset)
    )


def next_bid(preset: Preset, bid: int | None) -> int:
    """The lowest valid bid above ``bid`` (the first valid bid for None): the stepper's +."""
    for run in bid_runs(preset):
        if bid is None or bid < run.start:
            return run.start
        higher = run.start + ((bid - run.start) // run.step + 1) * run.step
        if run.end is None or higher < run.end:
            return higher
    raise AssertionError("the last run of bids has no end")


def previous_bid(preset: Preset, bid: int) -> int | None:
    """The highest valid bid under ``bid``, or None under the first: the stepper's −."""
    for run in reversed(bid_runs(preset)):
        if bid <= run.start:
            continue
        lower = run.start + (bid - run.start - 1) // run.step * run.step
        if run.end is not None:
            lower = min(lower, run.start + (run.end - 1 - run.start) // run.step * run.step)
        return lower
    return None


def nearest_bids(preset: Preset, bid: int) -> tuple[int | None, int]:
    """The valid bids either side of an invalid one (below: None under the first bid)."""
    return previous_bid(preset, bid), next_bid(preset, bid)


def valid_bids(preset: Preset, count: int, start: int | None = None) -> list[int]:
    """``count`` valid bids in order, from the first at or over ``start`` (or the lowest)."""
    bid = next_bid(preset, None if start is None else start - 1)
    bids = [bid]
    while len(bids) < count:
        bid = next_bid(preset, bid)
        bids.append(bid)
    return bids


def validate_tricks(preset: Preset, tricks: Sequence[Any], names: Sequence[str]) -> None:
    """Check trick points: one reachable amount per side, adding up to the preset's total."""
    if len(tricks) != preset.sides:
        raise RuleError(
            f"trick points need one number per side ({preset.sides}), not {len(tricks)}",
            field="tricks",
        )
    for side, points in enumerate(tricks):
        if not isinstance(points, int) or isinstance(points, bool) or points < 0:
            raise RuleError(
                f"trick points for {names[side]} must be a whole number, 0 or more",
                field="tricks",
            )
        if points % preset.trick_unit:
            lower = points - points % preset.trick_unit
            raise RuleError(
                f"trick points for {names[side]} ({points}) are not a multiple of "
                f"{preset.trick_unit}; enter {lower} or {lower + preset.trick_unit}",
                field="tricks",
            )
    if sum(tricks) != preset.trick_total:
        shown = " + ".join(str(points) for points in tricks)
        raise RuleError(
            f"trick points {shown} = {sum(tricks)}, but a hand has {preset.trick_total}; "
            f"correct them to add up to {preset.trick_total}",
            field="tricks",
        )


def validate_meld(preset: Preset, melds: Sequence[Any], names: Sequence[str]) -> None:
    """Check melds: one whole number per side, in the preset's unit."""
    if len(melds) != preset.sides:
        raise RuleError(
            f"meld needs one number per side ({preset.sides}), not {len(melds)}", field="meld"
        )
    unit = preset.meld_unit
    for side, points in enumerate(melds):
        if not isinstance(points, int) or isinstance(points, bool) or points < 0:
            raise RuleError(
                f"meld for {names[side]} must be a whole number, 0 or more", field="meld"
            )
        if points % unit:
            raise RuleError(
                f"meld for {names[side]} ({points}) is not a multiple of {unit}; check the "
                "meld, or count it from the cards",
                field="meld",
            )


def counted_meld(preset: Preset, points: int) -> int:
    """Meld as it counts toward the score: nothing when under the preset's meld minimum."""
    return points if points >= preset.meld_minimum else 0


def throw_in_verdict(preset: Preset, bid: int, bidder_meld: int) -> ThrowInVerdict:
    """May a bidder with this bid and meld throw in? With the reason in words."""
    if not preset.bidding or preset.throw_in == "never":
        return ThrowInVerdict(False, f"no throw-in in {preset.name}")
    if preset.throw_in == "any-time":
        return ThrowInVerdict(
            True, "throw-in allowed: the bidder may throw in any time before play", always=True
        )
    if bidder_meld < preset.meld_minimum:
        return ThrowInVerdict(
            False,
            f"no throw-in: meld {bidder_meld} is under the minimum of {preset.meld_minimum}, "
            "so the bid is forfeit",
        )
    short = bid - bidder_meld
    sum_text = f"bid {bid} {MINUS} meld {bidder_meld} = {short}"
    if short > preset.trick_total:
        return ThrowInVerdict(
            True,
            f"throw-in allowed: {sum_text} is more than the {preset.trick_total} "
            "trick points there are",
        )
    return ThrowInVerdict(
        False,
        f"no throw-in: {sum_text} is not more than the {preset.trick_total} trick points there are",
    )


def throw_in_terms(preset: Preset, bid: int, bidder: int, names: Sequence[str]) -> str:
    """What a throw-in would cost, in words: ``Team A scores −330; the others their meld``."""
    others = "their meld" if preset.throw_in_others == "meld" else "nothing"
    return f"{names[bidder]} {_signed(-bid * preset.set_penalty)}; the others score {others}"


def bid_outlook(preset: Preset, bid: int, bidder_meld: int, name: str) -> str:
    """What the bidding side needs from the tricks, in words, before the hand is played."""
    needed = tricks_needed(preset, bid, bidder_meld)
    if needed == 0:
        saving = ", once a trick is taken" if preset.save_rule == "both" else ""
        return f"{name}: meld alone makes {bid}{saving}"
    if needed > preset.trick_total:
        return (
            f"{name}: {needed} more needed from tricks to make {bid}, more than the "
            f"{preset.trick_total} there are"
        )
    return f"{name}: {needed} more needed from tricks to make {bid}"


def tricks_needed(preset: Preset, bid: int, bidder_meld: int) -> int:
    """Trick points the bidding side needs to make its bid (0 when meld alone makes it)."""
    return max(bid - counted_meld(preset, bidder_meld), 0)


def _took_tricks(preset: Preset, hand: HandInput) -> tuple[bool, ...]:
    """Which sides took a trick: those with trick points, and (under save_with trick) those
    the hand says took a trick without any."""
    tricks = hand.tricks or (0,) * preset.sides
    took = hand.took_trick or (False,) * preset.sides
    return tuple(points > 0 or took[side] for side, points in enumerate(tricks))


def _under_save_rule(preset: Preset, side: int, bidder: int | None) -> bool:
    """Must this side take tricks to keep its meld?"""
    if preset.save_rule == "none":
        return False
    return not (preset.save_rule == "non-bidders" and side == bidder)


def _saved(preset: Preset, side: int, bidder: int | None, hand: HandInput) -> bool:
    """Does a side keep its meld? Under the save rule it must take enough trick points
    (save_with points: at least save_minimum) or any trick at all (save_with trick)."""
    if not _under_save_rule(preset, side, bidder):
        return True
    points = hand.tricks[side]
    if preset.save_with == "trick":
        return _took_tricks(preset, hand)[side]
    return points > 0 and points >= preset.save_minimum


def _save_note(
    preset: Preset, side: int, bidder: int, hand: HandInput, saved: bool, name: str
) -> str | None:
    """Why the save rule decided this side's hand, when it did (None: nothing to say)."""
    meld, points = hand.meld[side], hand.tricks[side]
    if (saved and points) or not _under_save_rule(preset, side, bidder):
        return None
    if saved and points == 0 and meld:
        kept = counted_meld(preset, meld)
        return f"{name} took a trick with no counters, so their {kept} meld counts"
    if saved or not (meld or points):
        return None
    if points == 0:
        if preset.save_with == "trick":
            return f"{name} took no trick, so their meld does not count"
        return f"{name} took no tricks, so their meld does not count"
    return (
        f"{name} took {points} trick points, under the {preset.save_minimum} that save meld, "
        "so they score nothing"
    )


def _check_knobs_in_hand(preset: Preset, hand: HandInput) -> None:
    """A hand may use a house rule only when the match plays it; took_trick must fit."""
    if hand.moon and not preset.moon:
        raise RuleError(
            "the moon is off in this match (moon 0); turn it on in the house rules or "
            "record the hand without it",
            field="moon",
        )
    if hand.took_trick is None:
        return
    if preset.save_with != "trick":
        raise RuleError(
            "took_trick is read only when save_with is trick; this match saves meld with "
            "trick points, so leave it out",
            field="took_trick",
        )
    if len(hand.took_trick) != preset.sides or not all(
        isinstance(took, bool) for took in hand.took_trick
    ):
        raise RuleError(
            f"took_trick needs one true or false per side ({preset.sides})", field="took_trick"
        )


def score_hand(
    preset: Preset,
    hand: HandInput,
    names: Sequence[str] | None = None,
    dealer: int | None = None,
) -> HandOutcome:
    """Score one hand by the preset's rules; a RuleError says what makes it impossible.

    ``dealer`` (a player) is who dealt when the hand does not say: the stuck bidder when
    everyone passed, and the one a turned-up nine scores for.
    """
    names = tuple(names or preset.side_names)
    if hand.dealer is not None:
        dealer = hand.dealer
    if dealer is not None and not (
        isinstance(dealer, int) and not isinstance(dealer, bool) and 0 <= dealer < preset.players
    ):
        raise RuleError(f"the dealer must be a player from 0 to {preset.players - 1}", "dealer")
    if hand.redeal:
        if not preset.nines_redeal:
            raise RuleError(f"{preset.name} has no nines redeal", field="redeal")
        return HandOutcome(
            "redeal",
            (0,) * preset.sides,
            "Nines redeal: the same dealer deals again and nothing is scored",
        )
    validate_meld(preset, hand.meld, names)
    _check_knobs_in_hand(preset, hand)
    if not preset.bidding:
        return _score_unbid(preset, hand, names, dealer)

    bidder, bid = hand.bidder, hand.bid
    if hand.all_passed and bidder is None:
        if dealer is None:
            raise RuleError("when everyone passes the dealer takes the bid; who dealt?", "bidder")
        bidder = preset.side_of(dealer)
        bid = preset.stuck_bid if bid is None else bid
    if bidder is None:
        raise RuleError("who took the bid? Choose the bidder", field="bidder")
    if bid is None:
        raise RuleError("what was the bid? Enter it", field="bid")
    if not isinstance(bidder, int) or isinstance(bidder, bool) or not 0 <= bidder < preset.sides:
        raise RuleError(f"the bidder must be a side from 0 to {preset.sides - 1}", "bidder")
    bid = validate_bid(preset, bid, hand.all_passed)
    who = names[bidder]
    penalty = -bid * preset.set_penalty
    others = [side for side in range(preset.sides) if side != bidder]

    forfeit = None
    if hand.no_marriage:
        if not preset.trump_needs_marriage:
            raise RuleError(f"{preset.name} does not need a marriage in trump", "no_marriage")
        forfeit = "no marriage in trump"
    elif hand.meld[bidder] < preset.meld_minimum:
        forfeit = f"meld {hand.meld[bidder]} is under the minimum of {preset.meld_minimum}"
    if forfeit:
        points = [counted_meld(preset, m) for m in hand.meld]
        points[bidder] = penalty
        return HandOutcome(
            "forfeit",
            tuple(points),
            f"{who} forfeited {bid}: {forfeit}; {_others_text(names, others, points)}",
            bidder,
            bid,
        )

    if hand.thrown_in:
        if hand.moon:
            raise RuleError(
                "a bidder who shot the moon plays the hand; it cannot throw in", field="moon"
            )
        verdict = throw_in_verdict(preset, bid, hand.meld[bidder])
        if not verdict.allowed:
            raise RuleError(f"{verdict.reason}; save it as a played hand", field="thrown_in")
        points = [
            counted_meld(preset, m) if preset.throw_in_others == "meld" else 0 for m in hand.meld
        ]
        points[bidder] = penalty
        return HandOutcome(
            "thrown-in",
            tuple(points),
            f"{who} threw in at {bid}: {_signed(penalty)}; {_others_text(names, others, points)}",
            bidder,
            bid,
        )

    if hand.tricks is None:
        raise RuleError("a played hand needs each side's trick points; enter them", "tricks")
    validate_tricks(preset, hand.tricks, names)
    saved = [_saved(preset, side, bidder, hand) for side in range(preset.sides)]
    counts = [
        counted_meld(preset, hand.meld[side]) + hand.tricks[side] if saved[side] else 0
        for side in range(preset.sides)
    ]
    points = list(counts)
    notes = [
        note
        for side in range(preset.sides)
        # A saved side with trick points (the common case) has nothing to say.
        if not (saved[side] and hand.tricks[side])
        and (note := _save_note(preset, side, bidder, hand, saved[side], names[side])) is not None
    ]
    if hand.moon:
        took = _took_tricks(preset, hand)
        shot = hand.tricks[bidder] == preset.trick_total and not any(took[side] for side in others)
        points[bidder] = preset.moon if shot else -preset.moon
        if shot:
            result, main = "made", f"{who} shot the moon and took every trick: +{preset.moon}"
        else:
            result = "set"
            main = f"{who} shot the moon but did not take every trick: {_signed(-preset.moon)}"
        sentence = "; ".join([main, _others_text(names, others, points), *notes])
        return HandOutcome(result, tuple(points), sentence, bidder, bid, tuple(counts))
    if counts[bidder] >= bid:
        result, main = "made", f"{who} made {bid} with {counts[bidder]}"
    else:
        result = "set"
        points[bidder] = penalty
        main = f"{who} went set: bid {bid}, had {counts[bidder]}, scores {_signed(penalty)}"
    sentence = "; ".join([main, _others_text(names, others, points), *notes])
    return HandOutcome(result, tuple(points), sentence, bidder, bid, tuple(counts))


def _others_text(names: Sequence[str], others: Sequence[int], points: Sequence[int]) -> str:
    return ", ".join(f"{names[side]} {_signed(points[side])}" for side in others)


def _score_unbid(
    preset: Preset, hand: HandInput, names: Sequence[str], dealer: int | None
) -> HandOutcome:
    """A hand without bidding (two-handed): every side scores meld plus trick points."""
    if hand.bidder is not None or hand.bid is not None or hand.all_passed:
        raise RuleError(f"{preset.name} has no bidding", field="bid")
    if hand.thrown_in or hand.no_marriage:
        raise RuleError(f"{preset.name} has no bidder to throw in or forfeit", "thrown_in")
    if hand.moon:
        raise RuleError(f"{preset.name} has no bidder to shoot the moon", field="moon")
    if hand.tricks is None:
        raise RuleError("a played hand needs each side's trick points; enter them", "tricks")
    validate_tricks(preset, hand.tricks, names)
    points = [counted_meld(preset, m) + t for m, t in zip(hand.meld, hand.tricks, strict=True)]
    notes = []
    if hand.turned_nine:
        if dealer is None:
            raise RuleError("a turned-up nine needs the dealer", field="turned_nine")
        side = preset.side_of(dealer)
        points[side] += preset.dealer_nine
        notes.append(f"{names[side]} turned up a nine: +{preset.dealer_nine}")
    sentence = "; ".join(
        [", ".join(f"{names[s]} {_signed(points[s])}" for s in range(preset.sides)), *notes]
    )
    return HandOutcome("played", tuple(points), sentence, counts=tuple(points))


# ------------------------------------------------------------------ a whole match


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
        return over[0], f"{names[over[0]]} reached {target}"
    if preset.tie_rule == "play-on":
        return None, None
    who = _who_passed(preset, over, totals, names)
    if preset.tie_rule == "bidder" and bidder in over:
        return bidder, f"{who} passed {target}; {names[bidder]} held the bid"
    best = max(totals[side] for side in over)
    leaders = [side for side in over if totals[side] == best]
    if len(leaders) > 1:
        return None, None
    return leaders[0], f"{who} passed {target}; {names[leaders[0]]} finished ahead"


def _who_passed(
    preset: Preset, over: Sequence[int], totals: Sequence[int], names: Sequence[str]
) -> str:
    if len(over) == len(totals) == 2:
        return "both teams" if preset.teams else "both players"
    return " and ".join(names[side] for side in over)


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
            raise RuleError(
                f"the game is over; {names[winner]} won after hand {number - 1}",
                field="hand",
                hand=number,
            )
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
            outcome = dataclasses.replace(
                outcome,
                sentence=f"{outcome.sentence}; {who} reached {target}: play on to {risen}",
            )
            target = risen
        rows.append(LedgerRow(number, outcome, tuple(totals), dealer, hand))
        if outcome.result not in DEAL_STAYS:
            dealer = (dealer + 1) % preset.players
    return Ledger(tuple(rows), tuple(totals), winner, reason, dealer, target)
