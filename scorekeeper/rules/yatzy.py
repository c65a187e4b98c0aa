# Yatzy (Scandinavian) and Maxi Yatzy as RULES.md scores them: their boxes in sheet order,
# each box scoring only the dice that make it (the best such set among the dice, groups
# of different faces), the upper bonus and its knobs, and Maxi Yatzy's saved throws.
#
# The highest totals: Yatzy 374 (ones to sixes 105, the 50 bonus, then 12 + 22 + 18 + 24
# + 15 + 20 + 28 + 30 + 50); Maxi Yatzy 649 (ones to sixes 126, the 100 bonus, then 12 +
# 22 + 30 + 18 + 24 + 30 + 15 + 20 + 21 + 28 + 33 + 34 + 36 + 100). Every box can take its
# most on its own, so a perfect sheet reaches them exactly.

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from .dice import UPPER_LABELS, Box
from .sentences import said
from .sheets import BoxScore, Roll, SheetGame, knob

__all__ = [
    "MAXI_YATZY",
    "MAXI_YATZY_BOXES",
    "MAXI_YATZY_MOST",
    "YATZY",
    "YATZY_BOXES",
    "YATZY_MOST",
    "MaxiYatzyRules",
    "YatzyRules",
]

UPPER = ("ones", "twos", "threes", "fours", "fives", "sixes")
SMALL_STRAIGHT, LARGE_STRAIGHT, FULL_STRAIGHT = 15, 20, 21
YATZY_POINTS, MAXI_YATZY_POINTS = 50, 100
YATZY_MOST, MAXI_YATZY_MOST = 374, 649


# ------------------------------------------------------------------ groups of faces


def _faces_shown(counts: Counter[int], times: int) -> list[int]:
    """The faces shown at least ``times`` times, highest first."""
    return sorted((face for face, count in counts.items() if count >= times), reverse=True)


def _pairs(counts: Counter[int], how_many: int) -> int:
    """The highest ``how_many`` pairs of different faces: the sum of their dice, or 0."""
    faces = _faces_shown(counts, 2)
    return 2 * sum(faces[:how_many]) if len(faces) >= how_many else 0


def _of_a_kind(counts: Counter[int], times: int) -> int:
    """The dice of the highest face shown at least ``times`` times, or 0."""
    faces = _faces_shown(counts, times)
    return times * faces[0] if faces else 0


def _two_groups(counts: Counter[int], first: int, second: int) -> int:
    """The best ``first`` dice of one face with ``second`` of a different face, or 0."""
    best = 0
    for big in _faces_shown(counts, first):
        for small in _faces_shown(counts, second):
            if small != big:
                best = max(best, first * big + second * small)
    return best


def _run(faces: range, points: int) -> Callable[[Counter[int]], int]:
    def scored(counts: Counter[int]) -> int:
        return points if set(faces) <= set(counts) else 0

    return scored


def _all_alike(points: int) -> Callable[[Counter[int]], int]:
    def scored(counts: Counter[int]) -> int:
        return points if len(counts) == 1 else 0

    return scored


# One table for both games: with five dice "among the dice" is "exactly", and a group
# takes the best dice that make it, so Maxi Yatzy's wider boxes score the same way.
_LOWER_SCORES: dict[str, Callable[[Counter[int]], int]] = {
    "one_pair": lambda counts: _pairs(counts, 1),
    "two_pairs": lambda counts: _pairs(counts, 2),
    "three_pairs": lambda counts: _pairs(counts, 3),
    "three_of_a_kind": lambda counts: _of_a_kind(counts, 3),
    "four_of_a_kind": lambda counts: _of_a_kind(counts, 4),
    "five_of_a_kind": lambda counts: _of_a_kind(counts, 5),
    "small_straight": _run(range(1, 6), SMALL_STRAIGHT),
    "large_straight": _run(range(2, 7), LARGE_STRAIGHT),
    "full_straight": _run(range(1, 7), FULL_STRAIGHT),
    "full_house": lambda counts: _two_groups(counts, 3, 2),
    "villa": lambda counts: _two_groups(counts, 3, 3),
    "tower": lambda counts: _two_groups(counts, 4, 2),
    "chance": lambda counts: sum(face * count for face, count in counts.items()),
    "yatzy": _all_alike(YATZY_POINTS),
    "maxi_yatzy": _all_alike(MAXI_YATZY_POINTS),
}


def _box_score(roll: Roll, box: str, rules: object) -> BoxScore:
    """What a box scores with these dice by the RULES.md tables (the card plays no part)."""
    counts = roll.counts
    if box in UPPER:
        face = UPPER.index(box) + 1
        return BoxScore(face * counts[face])
    return BoxScore(_LOWER_SCORES[box](counts))


def _boxes(dice: int, lower: tuple[tuple[str, str, int], ...]) -> tuple[Box, ...]:
    """The sheet: ones to sixes (each at most ``dice`` of its face), then the lower boxes."""
    upper = tuple(
        Box(name, label, "upper", dice * face)
        for face, (name, label) in enumerate(zip(UPPER, UPPER_LABELS, strict=True), start=1)
    )
    return upper + tuple(Box(name, label, "lower", most) for name, label, most in lower)


# The lower boxes' labels, each said once for both games (Maxi Yatzy's box of a group
# takes the best dice that make it among six, as Yatzy's does among five).
LABELS = {
    # Translators: Yatzy's box for two dice of one face, scoring those two (Swedish: Ett par).
    "one_pair": said("One pair"),
    # Translators: Yatzy's box for two pairs of different faces, scoring those four dice
    # (Swedish: Två par).
    "two_pairs": said("Two pairs"),
    # Translators: Maxi Yatzy's box for three pairs of different faces (Swedish: Tre par).
    "three_pairs": said("Three pairs"),
    # Translators: Yatzy's box for three dice of one face, scoring only those three
    # (Swedish: Tretal); Yahtzee's box of the same English name scores all five dice.
    "three_of_a_kind": said("Three of a kind"),
    # Translators: Yatzy's box for four dice of one face, scoring only those four
    # (Swedish: Fyrtal).
    "four_of_a_kind": said("Four of a kind"),
    # Translators: Maxi Yatzy's box for five dice of one face, scoring those five
    # (Swedish: Femtal).
    "five_of_a_kind": said("Five of a kind"),
    # Translators: Yatzy's box for 1-2-3-4-5, 15 points (Swedish: Liten stege); Yahtzee's
    # box of the same English name is any four in a row.
    "small_straight": said("Small straight"),
    # Translators: Yatzy's box for 2-3-4-5-6, 20 points (Swedish: Stor stege).
    "large_straight": said("Large straight"),
    # Translators: Maxi Yatzy's box for 1-2-3-4-5-6, 21 points (Swedish: Full stege).
    "full_straight": said("Full straight"),
    # Translators: Yatzy's box for three of one face and two of another, scoring their sum
    # (Swedish: Kåk).
    "full_house": said("Full house"),
    # Translators: Maxi Yatzy's box for two groups of three (Swedish: Hus).
    "villa": said("Villa"),
    # Translators: Maxi Yatzy's box for four of one face and two of another (Swedish: Torn).
    "tower": said("Tower"),
    # Translators: the box of a dice score sheet that takes any dice, scoring their sum.
    "chance": said("Chance"),
    # Translators: Yatzy's box for five dice of one face, 50 points.
    "yatzy": said("Yatzy"),
    # Translators: Maxi Yatzy's box for six dice of one face, 100 points.
    "maxi_yatzy": said("Maxi Yatzy"),
}

YATZY_BOXES = _boxes(
    5,
    (
        ("one_pair", LABELS["one_pair"], 12),
        ("two_pairs", LABELS["two_pairs"], 22),
        ("three_of_a_kind", LABELS["three_of_a_kind"], 18),
        ("four_of_a_kind", LABELS["four_of_a_kind"], 24),
        ("small_straight", LABELS["small_straight"], SMALL_STRAIGHT),
        ("large_straight", LABELS["large_straight"], LARGE_STRAIGHT),
        ("full_house", LABELS["full_house"], 28),
        ("chance", LABELS["chance"], 30),
        ("yatzy", LABELS["yatzy"], YATZY_POINTS),
    ),
)
MAXI_YATZY_BOXES = _boxes(
    6,
    (
        ("one_pair", LABELS["one_pair"], 12),
        ("two_pairs", LABELS["two_pairs"], 22),
        ("three_pairs", LABELS["three_pairs"], 30),
        ("three_of_a_kind", LABELS["three_of_a_kind"], 18),
        ("four_of_a_kind", LABELS["four_of_a_kind"], 24),
        ("five_of_a_kind", LABELS["five_of_a_kind"], 30),
        ("small_straight", LABELS["small_straight"], SMALL_STRAIGHT),
        ("large_straight", LABELS["large_straight"], LARGE_STRAIGHT),
        ("full_straight", LABELS["full_straight"], FULL_STRAIGHT),
        ("full_house", LABELS["full_house"], 28),
        ("villa", LABELS["villa"], 33),
        ("tower", LABELS["tower"], 34),
        ("chance", LABELS["chance"], 36),
        ("maxi_yatzy", LABELS["maxi_yatzy"], MAXI_YATZY_POINTS),
    ),
)


# ----------------------------------------------------------------------- knobs


# Translators: the help of a house rule of Yatzy and Maxi Yatzy.
_BONUS_HELP = said("Points for the upper bonus (0 for none).")


@dataclass(frozen=True)
class YatzyRules:
    """The house rules of a Yatzy game: the upper bonus and the sum that wins it."""

    upper_bonus: int = knob(50, _BONUS_HELP, least=0)
    upper_bonus_at: int = knob(
        63,
        said("The upper boxes must add up to this for the bonus (63 is three of each face)."),
        least=1,
        most=105,
    )


@dataclass(frozen=True)
class MaxiYatzyRules:
    """The house rules of a Maxi Yatzy game: the upper bonus and saved throws."""

    upper_bonus: int = knob(100, _BONUS_HELP, least=0)
    upper_bonus_at: int = knob(
        84,
        said("The upper boxes must add up to this for the bonus (84 is four of each face)."),
        least=1,
        most=126,
    )
    saved_throws: bool = knob(
        True, said("A turn that uses fewer than its three throws keeps the rest for later turns.")
    )


def _upper_bonus(rules: YatzyRules | MaxiYatzyRules) -> tuple[int, int]:
    return rules.upper_bonus, rules.upper_bonus_at


YATZY = SheetGame(
    kind="yatzy",
    label="Yatzy",
    dice=5,
    rules_class=YatzyRules,
    default_rules=YatzyRules(),
    every_box=YATZY_BOXES,
    sheet_boxes=lambda rules: YATZY_BOXES,
    box_score=_box_score,
    upper_bonus=_upper_bonus,
)

MAXI_YATZY = SheetGame(
    kind="maxi-yatzy",
    label="Maxi Yatzy",
    dice=6,
    rules_class=MaxiYatzyRules,
    default_rules=MaxiYatzyRules(),
    every_box=MAXI_YATZY_BOXES,
    sheet_boxes=lambda rules: MAXI_YATZY_BOXES,
    box_score=_box_score,
    upper_bonus=_upper_bonus,
    saves_throws=lambda rules: rules.saved_throws,
)
