# Yahtzee and Triple Yahtzee as RULES.md scores them: reading dice, what each of the 13
# boxes scores, extra Yahtzees (the +100 bonus and the joker rule, forced or free), the
# upper bonus, one card replayed from its turns, Triple's three columns scored ×1, ×2
# and ×3, and the winner of a game once every box is filled.

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .dice import FACES as FACES  # dice/routes.py reads yahtzee.FACES
from .dice import (
    UPPER_LABELS,
    Box,
    TurnError,
    either,
    read_faces,
    true_or_false,
    upper_bonus_words,
)
from .errors import RuleError
from .sentences import said

__all__ = [
    "BOXES",
    "BOX_LABELS",
    "COLUMN_MULTIPLIERS",
    "LOWER_BOXES",
    "UPPER_BOXES",
    "BestBox",
    "BoxPreview",
    "ColumnResult",
    "Scorecard",
    "TurnOutcome",
    "TurnResult",
    "YahtzeeCard",
    "YahtzeeRules",
    "YahtzeeSheet",
    "YahtzeeStanding",
    "YahtzeeTurn",
    "best_open_box",
    "best_open_boxes",
    "bonus_progress",
    "box_score",
    "check_box",
    "check_variant",
    "game_result",
    "is_five_of_a_kind",
    "joker_score",
    "open_boxes_preview",
    "parse_dice",
    "replay_yahtzee",
    "score_turn",
    "turn_words",
    "upper_bonus_reach",
    "words",
    "yahtzee_rules",
]

BOXES = (
    "ones",
    "twos",
    "threes",
    "fours",
    "fives",
    "sixes",
    "three_of_a_kind",
    "four_of_a_kind",
    "full_house",
    "small_straight",
    "large_straight",
    "yahtzee",
    "chance",
)
UPPER_BOXES = BOXES[:6]
LOWER_BOXES = BOXES[6:]
# What a player reads for each box (its key above stays the same in forms, data and URLs).
BOX_LABELS = {
    **dict(zip(UPPER_BOXES, UPPER_LABELS, strict=True)),
    # Translators: Yahtzee's (and Kniffel's) box for three dice of one face, scoring all
    # five dice (Kniffel: Dreierpasch).
    "three_of_a_kind": said("Three of a kind"),
    # Translators: Yahtzee's box for four dice of one face, scoring all five dice
    # (Kniffel: Viererpasch).
    "four_of_a_kind": said("Four of a kind"),
    # Translators: Yahtzee's box for three of one face and two of another, 25 points.
    "full_house": said("Full house"),
    # Translators: Yahtzee's box for four dice in a row, 30 points (Kniffel: Kleine Straße).
    "small_straight": said("Small straight"),
    # Translators: Yahtzee's box for five dice in a row, 40 points (Kniffel: Große Straße).
    "large_straight": said("Large straight"),
    # Translators: Yahtzee's box for five dice of one face, 50 points (Kniffel: Kniffel).
    "yahtzee": said("Yahtzee"),
    # Translators: the box of a dice score sheet that takes any dice, scoring their sum.
    "chance": said("Chance"),
}
# A box as it reads within a sentence ("the joker rule says this Yahtzee must go in fours").
BOX_WORDS = {
    # Translators: Yahtzee's box for the dice showing 1, within a sentence ("ones already
    # holds 3").
    "ones": said("ones"),
    # Translators: Yahtzee's box for the dice showing 2, within a sentence.
    "twos": said("twos"),
    # Translators: Yahtzee's box for the dice showing 3, within a sentence.
    "threes": said("threes"),
    # Translators: Yahtzee's box for the dice showing 4, within a sentence.
    "fours": said("fours"),
    # Translators: Yahtzee's box for the dice showing 5, within a sentence.
    "fives": said("fives"),
    # Translators: Yahtzee's box for the dice showing 6, within a sentence.
    "sixes": said("sixes"),
    # Translators: Yahtzee's box "Three of a kind" within a sentence ("three of a kind
    # already holds 20"); also a combination of Farkle.
    "three_of_a_kind": said("three of a kind"),
    # Translators: Yahtzee's box "Four of a kind" within a sentence; also a combination of
    # Farkle.
    "four_of_a_kind": said("four of a kind"),
    # Translators: Yahtzee's box "Full house" within a sentence.
    "full_house": said("full house"),
    # Translators: Yahtzee's box "Small straight" within a sentence.
    "small_straight": said("small straight"),
    # Translators: Yahtzee's box "Large straight" within a sentence.
    "large_straight": said("large straight"),
    # Translators: Yahtzee's box "Yahtzee" (five of a kind) within a sentence.
    "yahtzee": said("yahtzee"),
    # Translators: the box "Chance" within a sentence ("chance already holds 22").
    "chance": said("chance"),
}

DICE = 5
UPPER_BONUS = 35
UPPER_BONUS_AT = 63
FULL_HOUSE = 25
SMALL_STRAIGHT = 30
LARGE_STRAIGHT = 40
YAHTZEE = 50
YAHTZEE_BONUS = 100

VARIANTS = ("classic", "triple")
# Triple Yahtzee multiplies its first, second and third column by these.
COLUMN_MULTIPLIERS = {"classic": (1,), "triple": (1, 2, 3)}
JOKER_RULES = ("forced", "free")
MIN_PLAYERS, MAX_PLAYERS = 1, 8

_SMALL_RUNS = ({1, 2, 3, 4}, {2, 3, 4, 5}, {3, 4, 5, 6})
_LARGE_RUNS = ({1, 2, 3, 4, 5}, {2, 3, 4, 5, 6})


def words(box: str) -> str:
    """A box as it reads in a sentence: ``three of a kind``."""
    return BOX_WORDS.get(box) or box.replace("_", " ")


# ------------------------------------------------------------------------------ dice


_FIVE_DICE = said("dice must be five values from 1 to 6")


def parse_dice(dice: Any) -> tuple[int, ...]:
    """The five dice of a Yahtzee roll, from text or a list; a RuleError says what is wrong."""
    return read_faces(dice, DICE, DICE, _FIVE_DICE)


def is_five_of_a_kind(dice: Sequence[int]) -> bool:
    """Do all five dice show one face?"""
    return len(dice) == DICE and len(set(dice)) == 1


def box_score(dice: Sequence[int], box: str) -> int:
    """What a box scores with these dice by the RULES.md table, no joker."""
    counts = Counter(dice)
    faces = set(dice)
    if box in UPPER_BOXES:
        face = UPPER_BOXES.index(box) + 1
        return face * counts[face]
    if box == "three_of_a_kind":
        return sum(dice) if max(counts.values()) >= 3 else 0
    if box == "four_of_a_kind":
        return sum(dice) if max(counts.values()) >= 4 else 0
    if box == "full_house":
        return FULL_HOUSE if sorted(counts.values()) == [2, 3] else 0
    if box == "small_straight":
        return SMALL_STRAIGHT if any(run <= faces for run in _SMALL_RUNS) else 0
    if box == "large_straight":
        return LARGE_STRAIGHT if any(run <= faces for run in _LARGE_RUNS) else 0
    if box == "yahtzee":
        return YAHTZEE if is_five_of_a_kind(dice) else 0
    if box == "chance":
        return sum(dice)
    raise _unknown_box(box)


def joker_score(dice: Sequence[int], box: str) -> int:
    """What a box scores when five of a kind plays as a joker: lower boxes at full value."""
    full_value = {
        "full_house": FULL_HOUSE,
        "small_straight": SMALL_STRAIGHT,
        "large_straight": LARGE_STRAIGHT,
    }
    return full_value.get(box, box_score(dice, box))


# The boxes as API.md spells them (keys, never translated).
_BOX_KEYS = ", ".join(BOXES)


def _unknown_box(box: Any) -> RuleError:
    return RuleError(
        said('"%(box)s" is not a box; choose one of %(boxes)s', box=str(box), boxes=_BOX_KEYS),
        field="box",
    )


def check_box(box: Any) -> str:
    """A box name as API.md spells it, or a RuleError listing the boxes."""
    if box not in BOXES:
        raise _unknown_box(box)
    return box


# ----------------------------------------------------------------------------- knobs


def _knob(
    default: Any,
    help_text: str,
    choices: tuple[str, ...] = (),
    labels: Mapping[str, str] | None = None,
) -> Any:
    """A house rule as a field: its help, its choices and each choice's words for players."""
    return field(
        default=default,
        metadata={"help": help_text, "choices": choices, "labels": labels or {}},
    )


# The joker rule's choices as players read them (the choice itself is what forms send).
_JOKER_LABELS = {
    # Translators: a choice of Yahtzee's joker rule: an extra Yahtzee must take its upper
    # box if open, else a lower box.
    "forced": said("forced"),
    # Translators: a choice of Yahtzee's joker rule: an extra Yahtzee may take any open box.
    "free": said("free"),
}


@dataclass(frozen=True)
class YahtzeeRules:
    """The house rules of a Yahtzee game: how jokers play and how Triple counts bonuses."""

    joker: str = _knob(
        "forced",
        # Translators: a house rule's help; "forced" and "free" are its choices as the
        # form shows them.
        said(
            "An extra Yahtzee must take its upper box if open, else any lower box (forced), "
            "or may take any open box (free)."
        ),
        JOKER_RULES,
        _JOKER_LABELS,
    )
    bonus_multiplied: bool = _knob(
        True,
        said("Triple Yahtzee: a column's Yahtzee bonuses are multiplied with the column."),
    )


KNOB_INFO = {
    knob.name: (knob.metadata["help"], knob.metadata["choices"])
    for knob in dataclasses.fields(YahtzeeRules)
}
DEFAULT_RULES = YahtzeeRules()


def yahtzee_rules(overrides: Mapping[str, Any] | None = None) -> YahtzeeRules:
    """The default rules with a game's overrides, each checked; a RuleError names the knob."""
    if overrides is None:
        return DEFAULT_RULES
    checked: dict[str, Any] = {}
    for name, value in overrides.items():
        if name == "joker":
            if value not in JOKER_RULES:
                raise RuleError(
                    # Translators: %(name)s is a house rule's name as the API spells it.
                    said(
                        "%(name)s must be one of %(choices)s",
                        name=name,
                        choices=", ".join(JOKER_RULES),
                    ),
                    field=name,
                )
        elif name == "bonus_multiplied":
            if not isinstance(value, bool):
                raise RuleError(true_or_false(name), field=name)
        else:
            raise RuleError(
                said('"%(name)s" is not a house rule of %(game)s', name=str(name), game="Yahtzee"),
                field=name,
            )
        checked[name] = value
    return dataclasses.replace(DEFAULT_RULES, **checked)


def check_variant(variant: Any) -> str:
    """``classic`` or ``triple``, or a RuleError saying so."""
    if variant not in VARIANTS:
        raise RuleError(
            said(
                '"%(variant)s" is not a Yahtzee game; choose classic or triple',
                variant=str(variant),
            ),
            "variant",
        )
    return variant


# ---------------------------------------------------------------------- one card


@dataclass(frozen=True)
class YahtzeeCard:
    """One Yahtzee column: the points each filled box holds and the Yahtzee bonuses won."""

    scores: tuple[int | None, ...] = (None,) * len(BOXES)
    yahtzee_bonus: int = 0

    def held(self, box: str) -> int | None:
        """The points a box holds, or None while it is open."""
        return self.scores[BOXES.index(check_box(box))]

    def is_open(self, box: str) -> bool:
        """Is the box still to be filled?"""
        return self.held(box) is None

    @property
    def open_boxes(self) -> tuple[str, ...]:
        """The boxes still to be filled, in card order."""
        return tuple(box for box, points in zip(BOXES, self.scores, strict=True) if points is None)

    @property
    def complete(self) -> bool:
        """Is every box filled?"""
        return None not in self.scores

    @property
    def upper_subtotal(self) -> int:
        """Ones to sixes added up."""
        return sum(points or 0 for points in self.scores[: len(UPPER_BOXES)])

    @property
    def upper_bonus(self) -> int:
        """35 once the upper boxes reach 63."""
        return UPPER_BONUS if self.upper_subtotal >= UPPER_BONUS_AT else 0

    @property
    def lower_subtotal(self) -> int:
        """Three of a kind to chance added up (Yahtzee bonuses not included)."""
        return sum(points or 0 for points in self.scores[len(UPPER_BOXES) :])

    @property
    def total(self) -> int:
        """The column's total: every box, the upper bonus and the Yahtzee bonuses."""
        return self.upper_subtotal + self.upper_bonus + self.lower_subtotal + self.yahtzee_bonus

    def record(self, box: str, outcome: TurnOutcome) -> YahtzeeCard:
        """The card after a turn scored ``outcome`` in ``box`` (score it with score_turn)."""
        scores = list(self.scores)
        scores[BOXES.index(check_box(box))] = outcome.points
        return YahtzeeCard(tuple(scores), self.yahtzee_bonus + outcome.bonus)


@dataclass(frozen=True)
class TurnOutcome:
    """What one turn scores: the points in its box, the Yahtzee bonus, and if a joker played."""

    points: int
    bonus: int = 0
    joker: bool = False


@dataclass(frozen=True)
class BoxPreview:
    """What one box would score with the dice on the table, or why it cannot take them."""

    box: str
    label: str
    allowed: bool
    points: int | None
    bonus: int = 0
    joker: bool = False
    reason: str | None = None
    held: int | None = None


def _list_words(boxes: Sequence[str]) -> str:
    return either([words(box) for box in boxes])


def _judge(card: YahtzeeCard, dice: tuple[int, ...], box: str, rules: YahtzeeRules) -> BoxPreview:
    """The verdict on scoring these dice in one box of this card."""
    label = BOX_LABELS[box]
    held = card.held(box)
    if held is not None:
        reason = said("%(box)s already holds %(points)s", box=words(box), points=held)
        return BoxPreview(box, label, False, None, reason=reason, held=held)
    if not is_five_of_a_kind(dice) or card.is_open("yahtzee"):
        return BoxPreview(box, label, True, box_score(dice, box))

    # An extra Yahtzee: it plays as a joker whether the Yahtzee box holds 50 or 0.
    bonus = YAHTZEE_BONUS if card.held("yahtzee") == YAHTZEE else 0
    reason = None
    if rules.joker == "forced":
        matching = UPPER_BOXES[dice[0] - 1]
        open_lower = [b for b in LOWER_BOXES if card.is_open(b)]
        if card.is_open(matching):
            if box != matching:
                reason = said(
                    "the joker rule says this Yahtzee must go in %(box)s, which is open",
                    box=words(matching),
                )
        elif box in UPPER_BOXES and open_lower:
            reason = said(
                "the joker rule says this Yahtzee must go in a lower box while one is open: "
                "%(boxes)s",
                boxes=_list_words(open_lower),
            )
    if reason:
        return BoxPreview(box, label, False, None, joker=True, reason=reason)
    return BoxPreview(box, label, True, joker_score(dice, box), bonus, joker=True)


def score_turn(
    card: YahtzeeCard, dice: Any, box: str, rules: YahtzeeRules = DEFAULT_RULES
) -> TurnOutcome:
    """Score dice in a box of a card; a RuleError says why the box cannot take them."""
    faces = parse_dice(dice)
    verdict = _judge(card, faces, check_box(box), rules)
    if not verdict.allowed:
        reason = verdict.reason or said("%(box)s cannot take these dice", box=words(box))
        raise RuleError(reason, field="box")
    return TurnOutcome(verdict.points or 0, verdict.bonus, verdict.joker)


def open_boxes_preview(
    card: YahtzeeCard, dice: Any, rules: YahtzeeRules = DEFAULT_RULES
) -> tuple[BoxPreview, ...]:
    """Every box in card order: what it would score with these dice, or why it may not."""
    faces = parse_dice(dice)
    return tuple(_judge(card, faces, box, rules) for box in BOXES)


def upper_bonus_reach(card: YahtzeeCard) -> int:
    """The most the upper boxes can still reach: filled ones plus five of each open face."""
    open_most = sum(5 * (i + 1) for i, box in enumerate(UPPER_BOXES) if card.is_open(box))
    return card.upper_subtotal + open_most


def bonus_progress(card: YahtzeeCard) -> str:
    """The upper bonus in a sentence: ``12 more for the 35 bonus``, won, or out of reach."""
    open_upper = any(card.is_open(box) for box in UPPER_BOXES)
    reach = upper_bonus_reach(card) if open_upper else None
    return upper_bonus_words(UPPER_BONUS, UPPER_BONUS_AT, card.upper_subtotal, reach)


# ------------------------------------------------------------------ a whole sheet


@dataclass(frozen=True)
class YahtzeeTurn:
    """What the table says about one turn: the five dice and the box; Triple adds the column."""

    dice: Any
    box: str
    column: int | None = None


@dataclass(frozen=True)
class TurnResult:
    """One turn of a sheet replayed: where it went and what it scored."""

    number: int
    column: int
    box: str
    dice: tuple[int, ...]
    points: int
    bonus: int
    joker: bool
    # The sheet's grand total once this turn is in (every column as it counts, bonuses
    # included): the score race of a game is drawn from it.
    total: int = 0


@dataclass(frozen=True)
class ColumnResult:
    """One column of a sheet: its card, its multiplier and the total it counts for."""

    number: int
    card: YahtzeeCard
    multiplier: int
    bonus_multiplier: int

    @property
    def upper_bonus(self) -> int:
        """The upper bonus as it counts in the grand total (multiplied with the column)."""
        return self.card.upper_bonus * self.multiplier

    @property
    def yahtzee_bonus(self) -> int:
        """The Yahtzee bonuses as they count in the grand total."""
        return self.card.yahtzee_bonus * self.bonus_multiplier

    @property
    def total(self) -> int:
        """The column's total as it counts: boxes and upper bonus ×multiplier, plus bonuses."""
        card = self.card
        return (card.total - card.yahtzee_bonus) * self.multiplier + self.yahtzee_bonus


@dataclass(frozen=True)
class Scorecard:
    """A player's sheet replayed: every turn, each column, the totals, and if it is full."""

    variant: str
    turns: tuple[TurnResult, ...]
    columns: tuple[ColumnResult, ...]

    @property
    def upper_bonus(self) -> int:
        """Upper bonuses as they count in the total (×1, ×2, ×3 in Triple)."""
        return sum(column.upper_bonus for column in self.columns)

    @property
    def yahtzee_bonus(self) -> int:
        """Yahtzee bonuses as they count in the total."""
        return sum(column.yahtzee_bonus for column in self.columns)

    @property
    def total(self) -> int:
        """The grand total: every column as it counts."""
        return sum(column.total for column in self.columns)

    @property
    def complete(self) -> bool:
        """Is every box of every column filled?"""
        return all(column.card.complete for column in self.columns)


@dataclass(frozen=True)
class BestBox:
    """The open box where the dice on the table are worth most to the total right now."""

    column: ColumnResult
    preview: BoxPreview
    worth: int  # the box's points as the column counts them, plus any Yahtzee bonus


def best_open_box(
    columns: Sequence[ColumnResult], previews: Sequence[Sequence[BoxPreview]]
) -> BestBox | None:
    """Of every box the dice may go in, the one adding most to the total now (ties: the
    first in card order, then the first column); None when no box may take them.

    Worth counts Triple's multipliers but not what a box does for the upper bonus later.
    """
    ranked = best_open_boxes(columns, previews, 1)
    return ranked[0] if ranked else None


def best_open_boxes(
    columns: Sequence[ColumnResult], previews: Sequence[Sequence[BoxPreview]], count: int = 3
) -> tuple[BestBox, ...]:
    """The ``count`` open boxes adding most to the total now, each box once (in the column
    where it is worth most), best first; the first is ``best_open_box``'s (ties as there)."""
    found: dict[str, BestBox] = {}
    for column, verdicts in zip(columns, previews, strict=True):
        for verdict in verdicts:
            if not verdict.allowed:
                continue
            worth = (verdict.points or 0) * column.multiplier
            worth += verdict.bonus * column.bonus_multiplier
            shown = found.get(verdict.box)
            if shown is None or worth > shown.worth:
                found[verdict.box] = BestBox(column, verdict, worth)
    # Stable: equal worth keeps the first column's, then card order, as best_open_box does.
    ranked = sorted(found.values(), key=lambda best: (-best.worth, best.column.number))
    return tuple(ranked[:count])


def turn_words(result: TurnResult, multiplier: int | None = None) -> str:
    """A scored turn in words: ``20 in Three of a kind``, ``0 in Yahtzee``, ``25 + 100
    bonus in Full house (joker)``; with a column's ``multiplier`` (Triple), ``… in Chance ×3``."""
    label = BOX_LABELS[result.box]
    where = label
    if multiplier:
        # Translators: a box of one column of Triple Yahtzee, which counts ×1, ×2 or ×3.
        where = said("%(box)s ×%(multiplier)s", box=label, multiplier=multiplier)
    points, bonus = result.points, result.bonus
    if result.joker:
        if bonus:
            # Translators: a scored turn: "25 + 100 bonus in Full house (joker)".
            return said(
                "%(points)s + %(bonus)s bonus in %(box)s (joker)",
                points=points,
                bonus=bonus,
                box=where,
            )
        # Translators: a scored turn: "25 in Full house (joker)".
        return said("%(points)s in %(box)s (joker)", points=points, box=where)
    if bonus:
        # Translators: a scored turn: "40 + 100 bonus in Large straight".
        return said(
            "%(points)s + %(bonus)s bonus in %(box)s", points=points, bonus=bonus, box=where
        )
    # Translators: a scored turn of a dice game: "20 in Three of a kind".
    return said("%(points)s in %(box)s", points=points, box=where)


def _column_of(variant: str, column: Any) -> int:
    """The 1-based column a turn goes in: always 1 in classic, named in triple."""
    count = len(COLUMN_MULTIPLIERS[variant])
    if variant == "classic":
        if column not in (None, 1) or isinstance(column, bool):
            raise RuleError(
                said("classic Yahtzee has one column; leave column out"), field="column"
            )
        return 1
    if column is None:
        raise RuleError(said("which column? Triple Yahtzee needs column 1, 2 or 3"), field="column")
    if not isinstance(column, int) or isinstance(column, bool) or not 1 <= column <= count:
        raise RuleError(said("column must be 1, 2 or 3"), field="column")
    return column


def replay_yahtzee(
    variant: str, turns: Iterable[YahtzeeTurn], rules: YahtzeeRules = DEFAULT_RULES
) -> Scorecard:
    """Replay one player's turns onto a fresh sheet in order; errors name the turn."""
    check_variant(variant)
    multipliers = COLUMN_MULTIPLIERS[variant]
    cards = [YahtzeeCard() for _ in multipliers]
    results: list[TurnResult] = []
    for number, turn in enumerate(turns, start=1):
        try:
            column = _column_of(variant, turn.column)
            dice = parse_dice(turn.dice)
            box = check_box(turn.box)
            outcome = score_turn(cards[column - 1], dice, box, rules)
        except RuleError as error:
            raise TurnError.naming(error, number) from None
        cards[column - 1] = cards[column - 1].record(box, outcome)
        total = sum(column.total for column in _columns(cards, multipliers, rules))
        results.append(
            TurnResult(
                number, column, box, dice, outcome.points, outcome.bonus, outcome.joker, total
            )
        )
    return Scorecard(variant, tuple(results), _columns(cards, multipliers, rules))


def _columns(
    cards: Sequence[YahtzeeCard], multipliers: Sequence[int], rules: YahtzeeRules
) -> tuple[ColumnResult, ...]:
    """Each column's card with the multipliers it counts by."""
    return tuple(
        ColumnResult(number, card, multiplier, multiplier if rules.bonus_multiplied else 1)
        for number, (card, multiplier) in enumerate(zip(cards, multipliers, strict=True), 1)
    )


@dataclass(frozen=True)
class YahtzeeStanding:
    """Where a game of several players stands: totals, whose turn, and the winners at the end."""

    totals: tuple[int, ...]
    complete: bool
    winners: tuple[int, ...]
    next_player: int | None


def game_result(player_cards: Sequence[Scorecard]) -> YahtzeeStanding:
    """Totals of every player's sheet, whose turn it is, and the winners once all are full.

    Players take turns in seat order, so the next is the first with the fewest turns.
    Equal highest totals share the win.
    """
    if not MIN_PLAYERS <= len(player_cards) <= MAX_PLAYERS:
        raise RuleError(
            said(
                "a game has %(fewest)s to %(most)s players, not %(count)s",
                fewest=MIN_PLAYERS,
                most=MAX_PLAYERS,
                count=len(player_cards),
            ),
            field="players",
        )
    totals = tuple(sheet.total for sheet in player_cards)
    if all(sheet.complete for sheet in player_cards):
        best = max(totals)
        winners = tuple(player for player, total in enumerate(totals) if total == best)
        return YahtzeeStanding(totals, True, winners, None)
    played = [len(sheet.turns) for sheet in player_cards]
    return YahtzeeStanding(totals, False, (), played.index(min(played)))


# ------------------------------------------------------------ the game, as the site asks


# The joker rule in a few words, beside the game's name.
_JOKER_FACTS = {
    # Translators: Yahtzee's house rule, in a few words: an extra Yahtzee must take its
    # upper box, else a lower box.
    "forced": said("joker forced"),
    # Translators: Yahtzee's house rule, in a few words: an extra Yahtzee may take any box.
    "free": said("joker free"),
}

# The most each box can score (an extra Yahtzee's bonus is not a box's).
BOX_MOST = {
    **{box: 5 * face for face, box in enumerate(UPPER_BOXES, start=1)},
    "three_of_a_kind": 30,
    "four_of_a_kind": 30,
    "full_house": FULL_HOUSE,
    "small_straight": SMALL_STRAIGHT,
    "large_straight": LARGE_STRAIGHT,
    "yahtzee": YAHTZEE,
    "chance": 30,
}


@dataclass(frozen=True)
class YahtzeeSheet:
    """Yahtzee or Triple Yahtzee (one ``variant``) answering what the site asks of every
    game played on a sheet, as rules/sheets.py's SheetGame does: its boxes, what the dice
    would score in each, one player's sheet replayed, the table's standing, the words."""

    kind: str
    label: str
    variant: str
    dice: int = DICE
    # The row of the extra-Yahtzee bonuses.
    # Translators: the row of a Yahtzee score sheet adding up the 100 bonuses of extra Yahtzees.
    bonus_label: str | None = said("Yahtzee bonus")
    asks_first_throw: bool = False
    fewest_players: int = MIN_PLAYERS
    most_players: int = MAX_PLAYERS

    @property
    def multipliers(self) -> tuple[int, ...]:
        """What each column of a player's sheet counts by: (1,), or (1, 2, 3) in Triple."""
        return COLUMN_MULTIPLIERS[self.variant]

    def build_rules(self, overrides: Mapping[str, Any] | None = None) -> YahtzeeRules:
        """The default rules with a game's overrides, each checked."""
        return yahtzee_rules(overrides)

    def boxes(self, rules: Any = None) -> tuple[Box, ...]:
        """The thirteen boxes in card order."""
        return tuple(
            Box(box, BOX_LABELS[box], "upper" if box in UPPER_BOXES else "lower", BOX_MOST[box])
            for box in BOXES
        )

    def label_of(self, box: str) -> str:
        """A box's label for players: ``Three of a kind``."""
        return BOX_LABELS.get(box, box)

    def read_dice(self, dice: Any) -> tuple[int, ...]:
        """The five dice of a roll; a RuleError says what is wrong."""
        return parse_dice(dice)

    def keeps_throws(self, rules: Any = None) -> bool:
        """Yahtzee keeps no throws for later turns."""
        return False

    def facts(self, rules: Any = None) -> list[str]:
        """The joker rule, which tables argue about most."""
        joker = (rules or DEFAULT_RULES).joker
        return [_JOKER_FACTS.get(joker) or f"joker {joker}"]

    def has_upper_bonus(self, rules: Any = None) -> bool:
        """Yahtzee always plays for its 35."""
        return True

    def preview(
        self, card: YahtzeeCard, dice: Any, rules: Any = None, first_throw: bool = False, **_: Any
    ) -> tuple[BoxPreview, ...]:
        """Every box of one column: what it would score with these dice, or why it may not."""
        return open_boxes_preview(card, dice, rules or DEFAULT_RULES)

    def replay(self, turns: Iterable[Any], rules: Any = None) -> Scorecard:
        """One player's turns (dice, box and, in Triple, column) replayed onto a fresh sheet."""
        played = (YahtzeeTurn(turn.dice, turn.box, turn.column) for turn in turns)
        return replay_yahtzee(self.variant, played, rules or DEFAULT_RULES)

    def standing(self, scorecards: Sequence[Scorecard], rules: Any = None) -> YahtzeeStanding:
        """Totals, whose turn it is, and the winners once every box is filled."""
        return game_result(scorecards)

    def check_turn(self, scorecards: Sequence[Scorecard], rules: Any = None) -> None:
        """No turn of Yahtzee ends the game early: every turn may be played."""

    def progress(self, card: YahtzeeCard, rules: Any = None) -> str | None:
        """The upper bonus in a sentence."""
        return bonus_progress(card)

    def turn_words(self, result: TurnResult) -> str:
        """A scored turn in words, naming Triple's column by its multiplier."""
        multipliers = self.multipliers
        return turn_words(result, multipliers[result.column - 1] if len(multipliers) > 1 else None)
