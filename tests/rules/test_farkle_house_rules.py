"""Farkle's house rules (RULES.md, "More house rules"): the points of a straight, three pairs
and two triplets, four of a kind with a pair, doubling, and three 1s at 300; each with the
examples RULES.md gives, and the properties that hold whatever the dice."""

from __future__ import annotations

import dataclasses
import itertools
import json
import re
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.rules.errors import RuleError
from scorekeeper.rules.farkle import (
    DEFAULT_RULES,
    FarkleRules,
    FarkleTurn,
    farkle_rules,
    is_farkle,
    replay_farkle,
    score_throw,
    scoring_part,
    turn_points,
)

DOUBLING = farkle_rules({"n_of_a_kind": "doubling"})
SEPARATE = farkle_rules({"four_and_pair": "separate"})


def said(throw) -> list[str]:
    return [c.said for c in throw.combinations]


# ------------------------------------------------------------------ the defaults


def test_the_defaults_are_the_table_of_rules_md():
    rules = farkle_rules({})
    assert rules == DEFAULT_RULES
    assert (rules.straight, rules.three_pairs, rules.two_triplets) == (1500, 1500, 2500)
    assert (rules.four_and_pair, rules.n_of_a_kind, rules.three_ones) == (
        "three-pairs",
        "fixed",
        1000,
    )


# Every throw of one to six dice as the scorer answered before these house rules existed:
# [points, combinations as said, scoring part] or [the refusal, scoring part].
BEFORE_FILE = Path(__file__).parent / "data" / "farkle_throws_before_house_rules.json"
BEFORE = json.loads(BEFORE_FILE.read_text())
EVERY_THROW = [
    dice
    for size in range(1, 7)
    for dice in itertools.combinations_with_replacement(range(1, 7), size)
]


def _as_before(dice, rules) -> list:
    part = "".join(map(str, scoring_part(dice, rules)))
    try:
        throw = score_throw(dice, rules)
    except RuleError as error:
        return [error.reason, part]
    return [throw.points, said(throw), part]


@pytest.mark.parametrize(
    "rules",
    [
        None,
        DEFAULT_RULES,
        farkle_rules(
            {
                "straight": 1500,
                "three_pairs": 1500,
                "two_triplets": 2500,
                "four_and_pair": "three-pairs",
                "n_of_a_kind": "fixed",
                "three_ones": 1000,
            }
        ),
    ],
)
def test_with_every_knob_at_its_default_every_throw_scores_as_before(rules):
    assert len(EVERY_THROW) == len(BEFORE) == 923
    for dice in EVERY_THROW:
        assert _as_before(dice, rules) == BEFORE["".join(map(str, dice))], dice


# ------------------------------------------- points, n_of_a_kind and three_ones

DOUBLES = {"n_of_a_kind": "doubling"}
ONES_AT_300 = {"three_ones": 300}


@pytest.mark.parametrize(
    ("overrides", "dice", "points", "sentence"),
    [
        ({"straight": 2500}, "123456", 2500, "straight at 2500"),
        ({"straight": 1000}, "654321", 1000, "straight at 1000"),
        ({"three_pairs": 750}, "224466", 750, "three pairs at 750"),
        ({"three_pairs": 750}, "333344", 750, "three pairs at 750"),
        ({"two_triplets": 3000}, "222444", 3000, "two triplets at 3000"),
        # RULES.md: each die past three doubles three of a kind: four 2s = 400, five 2s =
        # 800, six 1s = 8000.
        (DOUBLES, "2222", 400, "four 2s, doubled 400"),
        (DOUBLES, "22222", 800, "five 2s, doubled twice 800"),
        (DOUBLES, "111111", 8000, "six 1s, doubled three times 8000"),
        (DOUBLES, "6666", 1200, "four 6s, doubled 1200"),
        (DOUBLES, "1111", 2000, "four 1s, doubled 2000"),
        (DOUBLES, "333333", 2400, "six 3s, doubled three times 2400"),
        (ONES_AT_300, "111", 300, "three 1s at 300"),
        # The doubling rule doubles the three's value, whatever it is.
        (DOUBLES | ONES_AT_300, "1111", 600, "four 1s at 300, doubled 600"),
        (DOUBLES | ONES_AT_300, "11111", 1200, "five 1s at 300, doubled twice 1200"),
        (DOUBLES | ONES_AT_300, "111111", 2400, "six 1s at 300, doubled three times 2400"),
    ],
)
def test_a_house_rule_sets_what_a_combination_is_worth_and_is_named(
    overrides, dice, points, sentence
):
    throw = score_throw(dice, farkle_rules(overrides))
    assert throw.points == points
    assert said(throw) == [sentence]
    assert len(throw.house_rules) == 1 and sentence.startswith(throw.house_rules[0])


@pytest.mark.parametrize(
    ("overrides", "dice", "points", "split"),
    [
        # Three pairs at 750 is less than four 5s and a pair of 1s scored on their own.
        ({"three_pairs": 750}, "555511", 1200, ["four of a kind 1000", "single 1 100"]),
        # Two triplets at 1000 is less than three 1s and three 5s.
        ({"two_triplets": 1000}, "111555", 1500, ["three of a kind 1000", "three of a kind 500"]),
        # Doubling leaves three of a kind and singles alone.
        (DOUBLES, "2225", 250, ["three of a kind 200", "single 5 50"]),
        # Three pairs beat four 2s doubled (400).
        (DOUBLES, "222233", 1500, ["three pairs 1500"]),
        (ONES_AT_300, "1115", 350, ["three 1s at 300", "single 5 50"]),
        # Three 1s at 300, but four 1s under fixed are still 1000.
        (ONES_AT_300, "1111", 1000, ["four of a kind 1000"]),
    ],
)
def test_the_best_split_under_house_rules(overrides, dice, points, split):
    throw = score_throw(dice, farkle_rules(overrides))
    assert throw.points == points
    assert said(throw)[: len(split)] == split


def test_under_fixed_four_five_and_six_of_a_kind_are_1000_2000_3000():
    assert [score_throw(d).points for d in ("2222", "22222", "222222")] == [1000, 2000, 3000]


# ---------------------------------------------------------------- four_and_pair


def test_four_and_a_pair_scores_as_three_pairs_by_default():
    assert said(score_throw("222255")) == ["three pairs 1500"]
    assert score_throw("222255").house_rules == ()


@pytest.mark.parametrize(
    ("dice", "points", "split"),
    [
        ("222255", 1100, ["four of a kind 1000", "single 5 50", "single 5 50"]),
        ("333311", 1200, ["four of a kind 1000", "single 1 100", "single 1 100"]),
        ("111155", 1200, ["three of a kind 1000", "single 1 100", "single 5 50", "single 5 50"]),
    ],
)
def test_separate_scores_the_four_and_the_pair_on_their_own(dice, points, split):
    throw = score_throw(dice, SEPARATE)
    assert throw.points == points
    assert said(throw) == split
    assert throw.house_rules == ("four of a kind and a pair score separately",)


def test_separate_with_a_pair_that_does_not_score_refuses_keeping_all_six():
    # Every kept die must score, so the pair of 3s is not kept: the player keeps the four
    # 2s (1000) and rolls the last two dice again; that is not hot dice.
    with pytest.raises(RuleError) as error:
        score_throw("222233", SEPARATE)
    assert error.value.reason == (
        "the two 3s do not score (four of a kind and a pair score separately);"
        " keep only scoring dice"
    )
    assert scoring_part((2, 2, 2, 2, 3, 3), SEPARATE) == (2, 2, 2, 2)
    assert not score_throw("2222", SEPARATE).hot_dice
    assert is_farkle("222233") is False


def test_separate_and_doubling_together():
    rules = farkle_rules({"four_and_pair": "separate", "n_of_a_kind": "doubling"})
    assert said(score_throw("333355", rules)) == [
        "four 3s, doubled 600",
        "single 5 50",
        "single 5 50",
    ]


def test_three_pairs_are_still_three_pairs_under_separate():
    assert said(score_throw("224466", SEPARATE)) == ["three pairs 1500"]


# -------------------------------------------------------------------- bad values


@pytest.mark.parametrize(
    ("overrides", "sentence"),
    [
        ({"straight": 0}, "straight must be a whole number of points in steps of 50, like 1500"),
        ({"straight": 1234}, "straight must be a whole number of points in steps of 50"),
        ({"three_pairs": -750}, "three_pairs must be a whole number of points in steps of 50"),
        ({"two_triplets": "lots"}, "two_triplets must be a whole number of points"),
        ({"two_triplets": True}, "two_triplets must be a whole number of points"),
        ({"four_and_pair": "both"}, "four_and_pair must be three-pairs or separate, not both"),
        ({"n_of_a_kind": "tripling"}, "n_of_a_kind must be fixed or doubling, not tripling"),
        ({"three_ones": 500}, "three_ones must be 1000 or 300, not 500"),
        ({"three_ones": "300"}, "three_ones must be 1000 or 300, not 300"),
        ({"three_ones": 300.0}, "three_ones must be 1000 or 300, not 300.0"),
    ],
)
def test_bad_values_are_refused_naming_the_knob(overrides, sentence):
    with pytest.raises(RuleError, match=re.escape(sentence)) as error:
        farkle_rules(overrides)
    assert error.value.field == next(iter(overrides))


# -------------------------------------------------------------- a turn, a game


def test_a_turn_is_scored_under_the_games_rules():
    turn = FarkleTurn(("2222", "15"))
    assert turn_points(turn)[0] == 1150
    assert turn_points(turn, DOUBLING)[0] == 550


def test_the_turn_sentence_names_the_rules_that_decided_it():
    rules = farkle_rules({"n_of_a_kind": "doubling", "three_ones": 300, "opening_score": 0})
    # Three 1s and three 5s are hot dice; then four 2s from six again.
    turns = [FarkleTurn(("111", "555", "2222")), FarkleTurn(("5",)), FarkleTurn(("155",))]
    game = replay_farkle(["Ann", "Bob"], turns, rules)
    assert [t.sentence for t in game.turns] == [
        "Ann banks 1200 (three 1s at 300; four 2s, doubled)",
        "Bob banks 50",
        "Ann banks 200",
    ]


def test_a_turn_under_the_opening_score_names_the_rule_too():
    game = replay_farkle(["Ann", "Bob"], [FarkleTurn(("2222",))], DOUBLING)
    assert game.turns[0].sentence == (
        "Ann needs 500 to get on the board; 400 (four 2s, doubled) counts 0"
    )


# -------------------------------------------------------------------- properties

kept_dice = st.lists(st.integers(1, 6), min_size=1, max_size=6)
points_knob = st.integers(1, 100).map(lambda n: n * 50)
any_rules = st.builds(
    FarkleRules,
    straight=points_knob,
    three_pairs=points_knob,
    two_triplets=points_knob,
    four_and_pair=st.sampled_from(["three-pairs", "separate"]),
    n_of_a_kind=st.sampled_from(["fixed", "doubling"]),
    three_ones=st.sampled_from([1000, 300]),
)


def _points(dice, rules) -> int | None:
    try:
        return score_throw(dice, rules).points
    except RuleError:
        return None


def _with(dice, rules: FarkleRules, knob: str, value) -> int | None:
    """What the dice score under these rules with one knob set to ``value``."""
    return _points(dice, farkle_rules(_others(rules, knob) | {knob: value}))


def assert_no_less(high: int | None, low: int | None) -> None:
    """The same dice score under both (or under neither), and ``high`` is no less."""
    assert (high is None) == (low is None)
    if low is not None:
        assert high >= low


# A new set of rules scores its first throws uncached, so timings vary: no deadline.
@settings(deadline=None)
@given(any_rules)
def test_any_rules_a_game_can_hold_pass_the_check(rules):
    assert farkle_rules(_others(rules, "")) == rules


@settings(deadline=None)
@given(
    kept_dice,
    any_rules,
    st.sampled_from(["straight", "three_pairs", "two_triplets"]),
    st.integers(1, 100),
)
def test_a_throw_never_scores_less_when_a_points_knob_rises(dice, rules, knob, steps):
    assert_no_less(
        _with(dice, rules, knob, getattr(rules, knob) + 50 * steps), _points(dice, rules)
    )


@settings(deadline=None)
@given(kept_dice, any_rules)
def test_three_1s_at_1000_never_score_less_than_at_300(dice, rules):
    assert_no_less(_with(dice, rules, "three_ones", 1000), _with(dice, rules, "three_ones", 300))


@settings(deadline=None)
@given(kept_dice, any_rules)
def test_separate_never_scores_more_than_three_pairs_and_keeps_no_more_dice(dice, rules):
    apart = _with(dice, rules, "four_and_pair", "separate")
    together = _with(dice, rules, "four_and_pair", "three-pairs")
    if apart is not None:
        assert together is not None and together >= apart


@settings(deadline=None)
@given(kept_dice, any_rules)
def test_only_four_and_pair_changes_which_dice_may_be_kept(dice, rules):
    same_pairing = farkle_rules({"four_and_pair": rules.four_and_pair})
    assert (_points(dice, rules) is None) == (_points(dice, same_pairing) is None)
    assert len(scoring_part(dice, rules)) == len(scoring_part(dice, same_pairing))


@settings(deadline=None)
@given(kept_dice, any_rules)
def test_doubling_against_fixed_depends_on_the_faces_of_four_or_more(dice, rules):
    # Doubled, four/five/six 5s are 1000/2000/4000, 6s 1200/2400/4800, 1s (three at 1000)
    # 2000/4000/8000: never under the fixed 1000/2000/3000. Four to six 2s are 400/800/1600
    # and 3s 600/1200/2400: never over. (4s are under with four, over with six: 3200.)
    many = {face for face, n in Counter(dice).items() if n >= 4}
    doubled = _with(dice, rules, "n_of_a_kind", "doubling")
    fixed = _with(dice, rules, "n_of_a_kind", "fixed")
    if many <= {5, 6} or (many == {1} and rules.three_ones == 1000):
        assert_no_less(doubled, fixed)
    if many <= {2, 3}:
        assert_no_less(fixed, doubled)


# What each combination is worth by RULES.md's table, by its name and lowest die.
TABLE = {
    "single": {1: 100, 5: 50},
    "three of a kind": {1: 1000} | {face: face * 100 for face in range(2, 7)},
    "four of a kind": dict.fromkeys(range(1, 7), 1000),
    "five of a kind": dict.fromkeys(range(1, 7), 2000),
    "six of a kind": dict.fromkeys(range(1, 7), 3000),
    "straight": {1: 1500},
    "three pairs": dict.fromkeys(range(1, 7), 1500),
    "two triplets": dict.fromkeys(range(1, 7), 2500),
}


@settings(deadline=None)
@given(kept_dice, any_rules)
def test_a_throw_adds_up_in_steps_of_50_and_names_each_rule_off_the_table(dice, rules):
    try:
        throw = score_throw(dice, rules)
    except RuleError:
        return
    assert throw.points % 50 == 0
    assert sum(c.points for c in throw.combinations) == throw.points
    assert Counter(face for c in throw.combinations for face in c.dice) == Counter(dice)
    for combination in throw.combinations:
        name = combination.name.removesuffix(" 1").removesuffix(" 5")
        if combination.points != TABLE[name][min(combination.dice)]:
            assert combination.rule
    if rules == DEFAULT_RULES:
        assert throw.house_rules == ()


def _others(rules: FarkleRules, leave_out: str) -> dict:
    knobs = dataclasses.fields(FarkleRules)
    return {knob.name: getattr(rules, knob.name) for knob in knobs if knob.name != leave_out}
