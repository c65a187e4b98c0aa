# Generala as RULES.md scores it: ones to sixes, straight (escalera), full house (full),
# four of a kind (póker), generala and, as a house rule, double generala; the served
# bonus for a straight, full house or four of a kind made on the turn's first throw; and
# a served generala that wins the game at once. No upper bonus.
#
# A served generala wins by its dice, whichever open box the turn puts it in ("whatever
# the boxes hold"): a box must still be named and open, and it scores as usual.
#
# The highest total, default rules: ones to sixes 105, straight 25, full house 35 and four
# of a kind 45 (each served), generala 50: 260. With double_generala, 100 more (360);
# with generala_points 60, the generala 60 and the double 120. Each box can take its most
# on its own, so a perfect sheet reaches it.

from __future__ import annotations

from dataclasses import dataclass

from .dice import UPPER_LABELS, Box
from .sentences import said
from .sheets import BoxScore, Roll, SheetGame, SheetScorecard, knob

__all__ = ["GENERALA", "GENERALA_MOST", "GeneralaRules", "GeneralaScorecard"]

UPPER = ("ones", "twos", "threes", "fours", "fives", "sixes")
STRAIGHT, FULL_HOUSE, FOUR_OF_A_KIND = 20, 30, 40
GENERALA_MOST = 260
# The boxes a served throw earns the served bonus in.
SERVED_BOXES = ("straight", "full_house", "four_of_a_kind")
_STRAIGHTS = (frozenset({1, 2, 3, 4, 5}), frozenset({2, 3, 4, 5, 6}))
_WRAPPED = frozenset({3, 4, 5, 6, 1})


@dataclass(frozen=True)
class GeneralaRules:
    """The house rules of a Generala game."""

    generala_points: int = knob(50, said("Points for a generala (five of a kind)."), (50, 60))
    served_bonus: int = knob(
        5,
        said("Points added to a straight, full house or four of a kind made on the first throw."),
        least=0,
    )
    served_generala_wins: bool = knob(
        True, said("A generala made on a turn's first throw wins the game at once.")
    )
    double_generala: bool = knob(
        False,
        said(
            "A double generala box: twice the generala's points for a second five of a kind, "
            "once the generala box holds its points."
        ),
    )
    # Translators: Generala's house rule: the straight may run 3-4-5-6-1 (the 1 after the 6).
    wrap_straight: bool = knob(False, said("3-4-5-6-1 is a straight too."))


@dataclass(frozen=True)
class GeneralaScorecard(SheetScorecard):
    """A player's Generala sheet replayed."""

    @property
    def served_generala(self) -> int | None:
        """The number of the turn whose served generala won the game, if one did."""
        return self.won_at


# The lower boxes' labels.
LABELS = {
    # Translators: Generala's box for five dice in a row, 20 points (Spanish: Escalera).
    "straight": said("Straight"),
    # Translators: Generala's box for three of one face and two of another, 30 points
    # (Spanish: Full).
    "full_house": said("Full house"),
    # Translators: Generala's box for four dice of one face, 40 points (Spanish: Póker).
    "four_of_a_kind": said("Four of a kind"),
    # Translators: Generala's box for five dice of one face (Spanish: Generala).
    "generala": said("Generala"),
    # Translators: Generala's box for a second five of a kind, a house rule (Spanish: Doble
    # generala).
    "double_generala": said("Double generala"),
}
# The upper boxes, ones to sixes (each at most five of its face).
_UPPER_BOXES = tuple(
    Box(name, label, "upper", 5 * face)
    for face, (name, label) in enumerate(zip(UPPER, UPPER_LABELS, strict=True), start=1)
)


def _lower(rules: GeneralaRules) -> tuple[Box, ...]:
    served = rules.served_bonus
    boxes = [
        Box("straight", LABELS["straight"], "lower", STRAIGHT + served),
        Box("full_house", LABELS["full_house"], "lower", FULL_HOUSE + served),
        Box("four_of_a_kind", LABELS["four_of_a_kind"], "lower", FOUR_OF_A_KIND + served),
        Box("generala", LABELS["generala"], "lower", rules.generala_points),
    ]
    if rules.double_generala:
        points = 2 * rules.generala_points
        boxes.append(Box("double_generala", LABELS["double_generala"], "lower", points))
    return tuple(boxes)


def _sheet_boxes(rules: GeneralaRules) -> tuple[Box, ...]:
    return _UPPER_BOXES + _lower(rules)


def _made(roll: Roll, box: str, rules: GeneralaRules) -> int:
    """What a box scores with these dice before any served bonus."""
    counts = roll.counts
    five_alike = 5 in counts.values()
    if box in UPPER:
        face = UPPER.index(box) + 1
        return face * counts[face]
    if box == "straight":
        runs = (*_STRAIGHTS, _WRAPPED) if rules.wrap_straight else _STRAIGHTS
        return STRAIGHT if frozenset(roll.dice) in runs else 0
    if box == "full_house":
        return FULL_HOUSE if sorted(counts.values()) == [2, 3] else 0
    if box == "four_of_a_kind":
        return FOUR_OF_A_KIND if max(counts.values()) >= 4 else 0
    if box == "generala":
        return rules.generala_points if five_alike else 0
    # double_generala: only a second generala, after the first was scored in its box.
    first_scored = roll.card.held("generala") == rules.generala_points
    return 2 * rules.generala_points if five_alike and first_scored else 0


def _box_score(roll: Roll, box: str, rules: GeneralaRules) -> BoxScore:
    """What a box scores with these dice on this card, served bonus and outright win in."""
    points = _made(roll, box, rules)
    wins = roll.first_throw and rules.served_generala_wins and 5 in roll.counts.values()
    if roll.first_throw and points and box in SERVED_BOXES:
        return BoxScore(points + rules.served_bonus, served=True, wins_game=wins)
    served = roll.first_throw and bool(points) and box not in UPPER
    return BoxScore(points, served=served or wins, wins_game=wins)


# Translators: Generala's house rule in a few words: a generala made on the first throw
# wins the game at once.
_SERVED_GENERALA_WINS = said("a served generala wins")

GENERALA = SheetGame(
    kind="generala",
    label="Generala",
    dice=5,
    rules_class=GeneralaRules,
    default_rules=GeneralaRules(),
    every_box=_sheet_boxes(GeneralaRules(double_generala=True)),
    sheet_boxes=_sheet_boxes,
    box_score=_box_score,
    # Translators: how a turn of Generala won the game at once ("the game is over: a served
    # generala won it").
    won_words=said("a served generala won it"),
    scorecard_class=GeneralaScorecard,
    asks_first_throw=True,
    own_facts=lambda rules: [
        # Translators: Generala's house rule in a few words: a box made on the first throw
        # scores 5 more ("served +5").
        said("served +%(points)s", points=rules.served_bonus),
        *([_SERVED_GENERALA_WINS] if rules.served_generala_wins else []),
    ],
)
