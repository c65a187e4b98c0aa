# Pinochle's presets and their knobs (RULES.md, "Pinochle: presets" and "More house
# rules"): the five ways to play, each knob with its one-line explanation, the knobs whose
# default follows another, and a match's house rules checked and applied to its preset.

from __future__ import annotations

import dataclasses
import functools
import itertools
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..cards import DOUBLE_DECK, SINGLE_DECK, Deck, count_word
from ..errors import RuleError
from ..sentences import said
from ..text import number_pairs

__all__ = [
    "DEFAULT_PRESET",
    "KNOB_INFO",
    "KNOBS",
    "PRESETS",
    "RUN_EXTRAS",
    "SAVE_RULES",
    "SAVE_WITH",
    "THROW_IN_OTHERS",
    "THROW_IN_RULES",
    "TIE_RULES",
    "Preset",
    "changed_knobs",
    "format_bid_steps",
    "get_preset",
    "knob_table",
    "parse_bid_steps",
    "with_rules",
    "without_followed",
]


def _knob(help_text: str, choices: tuple[str, ...] = (), words: tuple[str, ...] = ()) -> Any:
    """Mark a preset field as a knob a match may override, with its one-line explanation
    and, for a knob with named settings, the settings and the words a player reads for
    each (the settings themselves are data: stored, compared, sent by forms and the API)."""
    metadata = {"knob": True, "help": help_text, "choices": choices, "words": words}
    return field(metadata=metadata)


SAVE_RULES = ("both", "non-bidders", "none")
THROW_IN_RULES = ("unmakeable", "any-time", "never")
THROW_IN_OTHERS = ("meld", "nothing")
TIE_RULES = ("bidder", "higher", "play-on")
SAVE_WITH = ("points", "trick")
RUN_EXTRAS = ("flush", "strict")

# The settings as a player reads them, in the order of the settings above.
_SAVE_RULE_WORDS = (
    # Translators: a setting of the save rule (who must take trick points to keep their
    # meld): both sides, only the non-bidders, or nobody.
    said("both"),
    said("non-bidders"),
    # Translators: a setting of the save rule: nobody needs trick points to keep meld.
    said("none"),
)
_THROW_IN_WORDS = (
    # Translators: a setting of the throw-in rule: the bidder may throw in when the bid
    # cannot be made (then "any-time" before play, or "never").
    said("unmakeable"),
    said("any-time"),
    said("never"),
)
_THROW_IN_OTHERS_WORDS = (
    # Translators: a setting: what the other sides score when the bidder throws in (their
    # meld, or nothing).
    said("meld"),
    said("nothing"),
)
_TIE_WORDS = (
    # Translators: a setting of the tie rule (who wins when several sides reach the
    # target): the bidder, the higher total, or nobody yet ("play-on").
    said("bidder"),
    said("higher"),
    said("play-on"),
)
_SAVE_WITH_WORDS = (
    # Translators: a setting: what keeps a side's meld (enough trick points, or any trick).
    said("points"),
    said("trick"),
)
_RUN_EXTRAS_WORDS = (
    # Translators: a setting: with one run, an extra trump king or queen marries a run card
    # ("flush") or only scores as a separate royal marriage ("strict").
    said("flush"),
    said("strict"),
)


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

    target: int = _knob(said("Points that win the game."))
    min_bid: int = _knob(said("The lowest opening bid."))
    bid_step: int = _knob(said("Bids go up in steps of this many points."))
    bid_steps: tuple[tuple[int, int], ...] = _knob(
        said(
            "Bids whose step grows with the bid, as from:step pairs: 50:1, 60:5, 100:10 bids "
            "by 1 from 50, by 5 from 60 and by 10 from 100. The first pair is the minimum bid "
            "and its step."
        )
    )
    stuck_bid: int = _knob(said("When everyone passes, the dealer is stuck with this bid."))
    cards_passed: int = _knob(said("Cards the bidder and partner trade after the bid."))
    widow: int = _knob(said("Cards in the widow, which go to the bidder."))
    trick_total: int = _knob(said("Trick points in one hand, last trick included."))
    trick_unit: int = _knob(said("Trick points come in steps of this many."))
    save_rule: str = _knob(
        said(
            "Who must take trick points to keep their meld: both sides, only the "
            "non-bidders, or nobody."
        ),
        SAVE_RULES,
        _SAVE_RULE_WORDS,
    )
    save_with: str = _knob(
        said(
            "What keeps a side's meld under the save rule: enough trick points, or any trick "
            "taken (even one with no trick points in it)."
        ),
        SAVE_WITH,
        _SAVE_WITH_WORDS,
    )
    save_minimum: int = _knob(
        said("The fewest trick points that keep a side's meld (when meld is saved by points).")
    )
    meld_minimum: int = _knob(said("Meld under this counts for nothing (and forfeits the bid)."))
    trump_needs_marriage: bool = _knob(said("The bidder forfeits without a marriage in trump."))
    throw_in: str = _knob(
        said(
            "When the bidder may throw in: when the bid minus their meld is more than the "
            "trick points there are, any time before play, or never."
        ),
        THROW_IN_RULES,
        _THROW_IN_WORDS,
    )
    throw_in_others: str = _knob(
        said("What the other sides score when the bidder throws in."),
        THROW_IN_OTHERS,
        _THROW_IN_OTHERS_WORDS,
    )
    set_penalty: int = _knob(said("A bidder who goes set loses this many times the bid."))
    moon: int = _knob(
        said(
            "Shooting the moon: a bidder who declares it will take every trick scores this "
            "when it does and loses it when it does not; 0 is off."
        )
    )
    nines_redeal: bool = _knob(said("A hand with enough nines and no meld may call a redeal."))
    nines_needed: int = _knob(said("How many nines a hand needs to call a nines redeal."))
    tie_rule: str = _knob(
        said(
            "Who wins when several sides reach the target on one hand: the bidder (else the "
            "higher total), always the higher total, or nobody yet (play on to a higher "
            "target)."
        ),
        TIE_RULES,
        _TIE_WORDS,
    )
    play_on_by: int = _knob(
        said(
            "When several sides reach the target on one hand and the tie rule is play-on, the "
            "target rises by this much."
        )
    )
    run_extras: str = _knob(
        said(
            "With one run, an extra trump king or queen marries a run card (flush) or "
            "only scores as a separate royal marriage (strict)."
        ),
        RUN_EXTRAS,
        _RUN_EXTRAS_WORDS,
    )
    dealer_nine: int = _knob(
        said("The dealer scores this when the turned-up trump card is a nine.")
    )
    run: tuple[int, ...] = _knob(said("A run (A 10 K Q J of trump): one, two, … of them."))
    royal_marriage: int = _knob(said("Each king and queen of trump."))
    common_marriage: int = _knob(said("Each king and queen of another suit."))
    dix: int = _knob(said("Each nine of trump."))
    pinochle: tuple[int, ...] = _knob(said("Queen of spades with jack of diamonds: one, two, …"))
    aces_around: tuple[int, ...] = _knob(said("An ace of every suit: once, twice, …"))
    kings_around: tuple[int, ...] = _knob(said("A king of every suit: once, twice, …"))
    queens_around: tuple[int, ...] = _knob(said("A queen of every suit: once, twice, …"))
    jacks_around: tuple[int, ...] = _knob(said("A jack of every suit: once, twice, …"))

    @functools.cached_property
    def side_names(self) -> tuple[str, ...]:
        """Default names of the sides: teams by letter, lone players by number."""
        if self.teams:
            letters = [chr(ord("A") + i) for i in range(self.sides)]
            # Translators: a team's name when the table gives none: Team A, Team B.
            return tuple(said("Team %(letter)s", letter=letter) for letter in letters)
        # Translators: a player's name when the table gives none: Player 1, Player 2.
        return tuple(said("Player %(number)s", number=i + 1) for i in range(self.sides))

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
# Each knob's one-line explanation and, for a knob with named settings, its choices and
# the words a player reads for each choice.
KNOB_INFO = {
    name: (knob.metadata["help"], knob.metadata["choices"], knob.metadata["words"])
    for name, knob in _KNOB_FIELDS.items()
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
    # Translators: the pinochle games' names, as the new-match form offers them.
    label=said("Partnership (four players, two teams)"),
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
            label=said("Partnership, small scale (scores one tenth)"),
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
            label=said("Double-deck (four players, 80 cards)"),
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
            label=said("Three-handed (each player alone, with a widow)"),
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
            label=said("Two-handed (no bidding)"),
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
        raise RuleError(
            # Translators: %(games)s lists the games' code names (partnership, two-handed…).
            said(
                '"%(name)s" is not a pinochle game; choose one of %(games)s', name=name, games=names
            )
        ) from None


def _check_knob(preset: Preset, name: str, value: Any) -> Any:
    """Return a knob's value in its stored type, or raise a sentence saying what is wrong."""
    knob = _KNOB_FIELDS.get(name)
    # A house rule's name is a value of its sentence (not a word of it), so that a form can
    # put its own label in its place (house_rules.knob_words), in any language.
    if knob is None:
        # Translators: %(knob)s is a house rule's name as the API spells it; %(game)s a
        # game's code name.
        reason = said('"%(knob)s" is not a house rule of %(game)s', knob=name, game=preset.name)
        raise RuleError(reason, field=name)
    choices = knob.metadata["choices"]
    if choices:
        if value not in choices:
            # Translators: %(knob)s is a house rule's name; %(choices)s its settings as the
            # API spells them.
            reason = said(
                "%(knob)s must be one of %(choices)s", knob=name, choices=", ".join(choices)
            )
            raise RuleError(reason, field=name)
        return value
    if name == "bid_steps":
        return parse_bid_steps(value)
    if knob.type == "bool":
        if not isinstance(value, bool):
            # Translators: %(knob)s is a house rule's name.
            raise RuleError(said("%(knob)s must be true or false", knob=name), field=name)
        return value
    if name in _TABLE_KNOBS:
        copies = preset.deck.copies
        if (
            not isinstance(value, list | tuple)
            or len(value) != copies
            or not all(_is_count(v) for v in value)
        ):
            # Translators: %(knob)s is a house rule's name; %(count)s a count in words.
            reason = said(
                "%(knob)s must be %(count)s whole numbers of points",
                knob=name,
                count=count_word(copies),
            )
            raise RuleError(reason, field=name)
        return tuple(value)
    if not _is_count(value):
        # Translators: %(knob)s is a house rule's name.
        raise RuleError(said("%(knob)s must be a whole number, 0 or more", knob=name), field=name)
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
                # Translators: %(min_bid)s, %(bid_step)s and %(bid_steps)s are house
                # rules' names; %(pair)s a from:step pair (250:10).
                reason = said(
                    "%(min_bid)s and %(bid_step)s must match the first pair of %(bid_steps)s "
                    "(%(pair)s); change one to match the other",
                    min_bid="min_bid",
                    bid_step="bid_step",
                    bid_steps="bid_steps",
                    pair=f"{first}:{step}",
                )
                raise RuleError(reason, field="bid_steps")
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
    for knob in ("target", "bid_step"):
        if getattr(changed, knob) < 1:
            raise RuleError(_at_least_one(knob), field=knob)
    if changed.trick_unit < 1 or changed.trick_total % changed.trick_unit:
        # Translators: %(total_knob)s and %(unit_knob)s are house rules' names.
        reason = said(
            "%(total_knob)s %(total)s must be a multiple of %(unit_knob)s %(unit)s",
            total_knob="trick_total",
            total=changed.trick_total,
            unit_knob="trick_unit",
            unit=changed.trick_unit,
        )
        raise RuleError(reason, field="trick_unit")
    if changed.bidding and changed.min_bid < 1:
        raise RuleError(_at_least_one("min_bid"), field="min_bid")
    if not 1 <= changed.save_minimum <= changed.trick_total:
        # Translators: %(knob)s and %(rule)s are house rules' names, %(setting)s the
        # save rule's setting "none".
        reason = said(
            "%(knob)s must be from 1 to %(total)s, the trick points of a hand (to keep meld "
            "without trick points, set %(rule)s to %(setting)s)",
            knob="save_minimum",
            total=changed.trick_total,
            rule="save_rule",
            setting=_SAVE_RULE_WORDS[SAVE_RULES.index("none")],
        )
        raise RuleError(reason, field="save_minimum")
    if changed.moon and not changed.bidding:
        # Translators: %(game)s is a game's code name (two-handed); %(knob)s the house
        # rule's name (moon).
        reason = said(
            "%(game)s has no bidding, so nobody can shoot the moon; set %(knob)s to 0",
            game=changed.name,
            knob="moon",
        )
        raise RuleError(reason, field="moon")
    if changed.tie_rule == "play-on" and changed.play_on_by < 1:
        # Translators: %(knob)s is a house rule's name.
        reason = said("%(knob)s must be at least 1 to play on", knob="play_on_by")
        raise RuleError(reason, field="play_on_by")
    return changed


def _at_least_one(knob: str) -> str:
    # Translators: %(knob)s is a house rule's name.
    return said("%(knob)s must be at least 1", knob=knob)


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
        # Translators: %(knob)s is a house rule's name.
        said(
            "%(knob)s must be from:step pairs with the bids increasing, e.g. 50:1, 60:5, 100:10",
            knob="bid_steps",
        ),
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
        # Translators: %(knob)s is a house rule's name.
        reason = said("every step of %(knob)s must be at least 1", knob="bid_steps")
        raise RuleError(reason, field="bid_steps")
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


# Translators: a house rule that is on (the rules page: "Nines redeal: yes").
_YES = said("yes")
# Translators: a house rule that is off (the rules page: "Nines redeal: no").
_NO = said("no")


def knob_table(preset: Preset) -> list[tuple[str, str, str]]:
    """Every knob of a preset as (name, value as shown to players, one-line explanation)."""
    rows = []
    for name in KNOBS:
        value = getattr(preset, name)
        choices = _KNOB_FIELDS[name].metadata["choices"]
        if isinstance(value, bool):
            shown = _YES if value else _NO
        elif name == "bid_steps":
            shown = format_bid_steps(value)
        elif isinstance(value, tuple):
            shown = ", ".join(str(v) for v in value)
        elif value in choices:
            shown = _KNOB_FIELDS[name].metadata["words"][choices.index(value)]
        else:
            shown = str(value)
        rows.append((name, shown, _KNOB_FIELDS[name].metadata["help"]))
    return rows
