"""Farkle (RULES.md, "Farkle"): every combination, the best split of kept dice, farkles and
hot dice, and a game with the opening score, three farkles in a row and the final round."""

from __future__ import annotations

import itertools
import re
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.rules.dice import TurnError
from scorekeeper.rules.errors import RuleError
from scorekeeper.rules.farkle import (
    FarkleRules,
    FarkleTurn,
    farkle_rules,
    is_farkle,
    parse_kept,
    replay_farkle,
    score_throw,
    scoring_part,
    turn_points,
)

PLAYERS = ("Ann", "Bob", "Cy")


def bank(total: int) -> FarkleTurn:
    return FarkleTurn(total=total)


FARKLE = FarkleTurn(farkle=True)


# ---------------------------------------------------------- the combinations


@pytest.mark.parametrize(
    ("dice", "points", "names"),
    [
        ("1", 100, ["single 1"]),
        ("5", 50, ["single 5"]),
        ("111", 1000, ["three of a kind"]),
        ("222", 200, ["three of a kind"]),
        ("333", 300, ["three of a kind"]),
        ("444", 400, ["three of a kind"]),
        ("555", 500, ["three of a kind"]),
        ("666", 600, ["three of a kind"]),
        ("2222", 1000, ["four of a kind"]),
        ("66666", 2000, ["five of a kind"]),
        ("333333", 3000, ["six of a kind"]),
        ("123456", 1500, ["straight"]),
        ("224466", 1500, ["three pairs"]),
        ("333344", 1500, ["three pairs"]),
        ("222444", 2500, ["two triplets"]),
    ],
)
def test_each_combination_scores_by_the_table(dice, points, names):
    throw = score_throw(dice)
    assert throw.points == points
    assert [c.name for c in throw.combinations] == names


@pytest.mark.parametrize(
    ("dice", "points", "split"),
    [
        # The RULES example: three 1s, a single 1 and a 5 beat four of a kind and a 5.
        ("1,1,1,1,5", 1150, [("three of a kind", 1000), ("single 1", 100), ("single 5", 50)]),
        ("1,1,1,5", 1050, [("three of a kind", 1000), ("single 5", 50)]),
        ("5555", 1000, [("four of a kind", 1000)]),
        ("55555", 2000, [("five of a kind", 2000)]),
        ("111111", 3000, [("six of a kind", 3000)]),
        ("11111", 2000, [("five of a kind", 2000)]),
        ("111155", 1500, [("three pairs", 1500)]),
        ("115555", 1500, [("three pairs", 1500)]),
        ("222215", 1150, [("four of a kind", 1000), ("single 1", 100), ("single 5", 50)]),
        ("155", 200, [("single 1", 100), ("single 5", 50), ("single 5", 50)]),
        ("111555", 2500, [("two triplets", 2500)]),
        ("444441", 2100, [("five of a kind", 2000), ("single 1", 100)]),
    ],
)
def test_the_best_split_of_the_kept_dice_wins(dice, points, split):
    throw = score_throw(dice)
    assert throw.points == points
    assert [(c.name, c.points) for c in throw.combinations] == split


def test_a_throw_lists_the_dice_of_each_combination():
    throw = score_throw([5, 1, 1, 1, 1])
    assert throw.dice == (1, 1, 1, 1, 5)
    assert [c.dice for c in throw.combinations] == [(1, 1, 1), (1,), (5,)]


@pytest.mark.parametrize(
    ("dice", "sentence"),
    [
        ("1,3,5", "the 3 does not score; keep only scoring dice"),
        ("22", "the two 2s do not score; keep only scoring dice"),
        ("2216", "the two 2s and the 6 do not score; keep only scoring dice"),
        ("3 4 6", "the 3, the 4 and the 6 do not score; keep only scoring dice"),
        ("222234", "the 3 and the 4 do not score; keep only scoring dice"),
        ("1234", "the 2, the 3 and the 4 do not score; keep only scoring dice"),
    ],
)
def test_kept_dice_that_do_not_all_score_are_refused_naming_them(dice, sentence):
    with pytest.raises(RuleError) as error:
        score_throw(dice)
    assert error.value.reason == sentence
    assert error.value.field == "dice"


@pytest.mark.parametrize(
    ("dice", "sentence"),
    [
        ("", "kept dice must be one to six values from 1 to 6"),
        ("1111155", "kept dice must be one to six values from 1 to 6"),
        ("1,1,7", '"7" is not a die face'),
        ([1, 0], '"0" is not a die face'),
    ],
)
def test_kept_dice_must_be_one_to_six_faces(dice, sentence):
    with pytest.raises(RuleError, match=re.escape(sentence)):
        parse_kept(dice)


def test_six_scoring_dice_are_hot_dice():
    assert score_throw("123456").hot_dice is True
    assert score_throw("11155").hot_dice is False


@pytest.mark.parametrize(
    ("roll", "farkle"),
    [
        ("234662", True),
        ("2346", True),
        ("3", True),
        ("22", True),
        ("223344", False),
        ("222", False),
        ("2346665", False),
        ("5", False),
        ("1", False),
    ],
)
def test_a_roll_without_any_scoring_die_is_a_farkle(roll, farkle):
    if len(roll) > 6:
        with pytest.raises(RuleError):
            is_farkle(roll)
    else:
        assert is_farkle(roll) is farkle


# ---------------------------------------------------------- one turn


def test_a_turn_of_throws_sums_each_throw():
    points, throws = turn_points(FarkleTurn(throws=("1,5", "555", "1")))
    assert points == 150 + 500 + 100
    assert [t.points for t in throws] == [150, 500, 100]


def test_hot_dice_let_all_six_roll_again():
    points, _ = turn_points(FarkleTurn(throws=("111", "555", "15", "222")))
    assert points == 1000 + 500 + 150 + 200
    points, _ = turn_points(FarkleTurn(throws=("123456", "1")))
    assert points == 1600


def test_more_dice_than_were_left_to_roll_are_refused():
    with pytest.raises(RuleError, match="throw 2: only 3 dice were left to roll, not 4"):
        turn_points(FarkleTurn(throws=("222", "1555")))


def test_a_throw_that_does_not_score_names_the_throw():
    with pytest.raises(RuleError, match="throw 2: the 3 does not score"):
        turn_points(FarkleTurn(throws=("1", "35")))


@pytest.mark.parametrize(
    "turn",
    [
        FarkleTurn(),
        FarkleTurn(throws=("1",), total=100),
        FarkleTurn(total=100, farkle=True),
    ],
)
def test_a_turn_is_exactly_one_of_throws_a_total_or_a_farkle(turn):
    with pytest.raises(RuleError, match="a turn is either the kept dice of each throw"):
        turn_points(turn)


@pytest.mark.parametrize("total", [0, -50, 120, 99.5, True, "300"])
def test_a_turn_total_is_a_positive_multiple_of_50(total):
    with pytest.raises(RuleError, match="a turn total must be a whole number of points"):
        turn_points(FarkleTurn(total=total))


# ---------------------------------------------------------- house rules


def test_rules_default_to_500_to_open_minus_1000_for_three_farkles_and_10000():
    assert farkle_rules() == FarkleRules(500, -1000, 10000)
    assert farkle_rules({"target": 5000, "three_farkles_penalty": 0}) == FarkleRules(500, 0, 5000)


@pytest.mark.parametrize(
    ("overrides", "sentence"),
    [
        ({"opening_score": -1}, "opening_score must be a whole number, 0 or more"),
        ({"three_farkles_penalty": 500}, "three_farkles_penalty must be 0 (none) or a negative"),
        ({"target": 0}, "target must be a whole number, at least 1"),
        ({"target": "lots"}, "target must be a whole number, at least 1"),
        ({"joker": "free"}, '"joker" is not a house rule of Farkle'),
    ],
)
def test_bad_house_rules_are_refused(overrides, sentence):
    with pytest.raises(RuleError, match=re.escape(sentence)):
        farkle_rules(overrides)


# ---------------------------------------------------------- a game


def test_turns_go_round_the_table_and_totals_add_up():
    game = replay_farkle(PLAYERS, [bank(500), bank(600), FARKLE, bank(300)])
    assert [t.player for t in game.turns] == [0, 1, 2, 0]
    assert game.totals == (800, 600, 0)
    assert game.next_player == 1
    assert [t.totals for t in game.turns][-1] == (800, 600, 0)


def test_a_first_turn_under_the_opening_score_counts_zero():
    game = replay_farkle(PLAYERS[:2], [bank(450), bank(500), bank(550), bank(100)])
    assert [t.points for t in game.turns] == [0, 500, 550, 100]
    assert game.turns[0].sentence == "Ann needs 500 to get on the board; 450 counts 0"
    assert game.turns[0].banked == 450
    assert game.on_board == (True, True)


def test_an_opening_score_of_zero_lets_every_turn_count():
    game = replay_farkle(PLAYERS[:2], [bank(50), bank(100)], FarkleRules(opening_score=0))
    assert game.totals == (50, 100)


def test_throws_reach_the_opening_score_by_their_sum():
    game = replay_farkle(PLAYERS[:2], [FarkleTurn(throws=("111",)), FarkleTurn(throws=("5",))])
    assert game.totals == (1000, 0)
    assert game.on_board == (True, False)


def test_three_farkles_in_a_row_cost_the_penalty_and_the_count_starts_again():
    turns = [bank(500), FARKLE, FARKLE, FARKLE, FARKLE, FARKLE, FARKLE]
    game = replay_farkle(["Ann"] + ["Bob"], _alternate(turns))
    ann = [t for t in game.turns if t.player == 0]
    assert [t.points for t in ann] == [500, 0, 0, -1000, 0, 0, -1000]
    assert [t.farkles_in_row for t in ann] == [0, 1, 2, 0, 1, 2, 0]
    assert ann[3].sentence == "Ann farkled for the third time in a row: \u22121000"
    assert game.totals[0] == -1500


def _alternate(ann_turns: list[FarkleTurn]) -> list[FarkleTurn]:
    """Ann's turns with Bob banking 50 (which counts 0, he never opens) in between."""
    return [turn for ann in ann_turns for turn in (ann, bank(50))][:-1]


def test_a_banked_turn_breaks_a_row_of_farkles():
    game = replay_farkle(["Ann", "Bob"], _alternate([FARKLE, FARKLE, bank(500), FARKLE]))
    assert [t.points for t in game.turns if t.player == 0] == [0, 0, 500, 0]
    assert game.farkles_in_row == (1, 0)


def test_a_penalty_of_zero_turns_three_farkles_off():
    game = replay_farkle(
        ["Ann", "Bob"],
        _alternate([FARKLE, FARKLE, FARKLE]),
        FarkleRules(three_farkles_penalty=0),
    )
    assert game.totals == (0, 0)
    assert game.turns[-1].sentence == "Ann farkled"


def test_reaching_the_target_gives_everyone_else_one_more_turn():
    rules = FarkleRules(target=2000)
    turns = [bank(1000), bank(1500), bank(500), bank(500), bank(500)]
    game = replay_farkle(PLAYERS, turns, rules)
    assert game.totals == (1500, 2000, 500)
    assert game.final_round is True
    assert game.final_round_by == 1
    assert game.final_turns_left == (2, 0)
    assert game.over is False
    assert game.next_player == 2
    assert game.turns[-1].sentence == (
        "Bob banks 500 and reaches 2000: everyone else has one more turn"
    )

    game = replay_farkle(PLAYERS, [*turns, bank(3000)], rules)
    assert game.final_turns_left == (0,)
    assert game.over is False
    game = replay_farkle(PLAYERS, [*turns, bank(3000), bank(50)], rules)
    assert game.over is True
    assert game.next_player is None
    assert game.totals == (1550, 2000, 3500)
    assert game.winners == (2,)


def test_no_winner_before_the_final_round_ends():
    game = replay_farkle(PLAYERS, [bank(500)])
    assert (game.final_round, game.over, game.winners) == (False, False, ())


def test_a_turn_after_the_final_round_is_refused():
    rules = FarkleRules(target=1000)
    with pytest.raises(TurnError, match="turn 3: the game is over; no more turns") as error:
        replay_farkle(["Ann", "Bob"], [bank(1000), FARKLE, bank(500)], rules)
    assert error.value.turn == 3


def test_equal_highest_totals_share_the_win():
    rules = FarkleRules(target=1000)
    game = replay_farkle(PLAYERS, [bank(500), bank(1000), bank(1000), bank(500)], rules)
    assert game.over is True
    assert game.totals == (1000, 1000, 1000)
    assert game.winners == (0, 1, 2)


def test_a_farkle_penalty_in_the_final_round_still_ends_that_players_turn():
    rules = FarkleRules(target=1000)
    game = replay_farkle(["Ann", "Bob"], [FARKLE, bank(1000), FARKLE], rules)
    assert game.over is True
    assert game.winners == (1,)


@pytest.mark.parametrize(
    ("turns", "sentence"),
    [
        ([bank(500), FarkleTurn(throws=("23",))], "turn 2: throw 1: the 2 and the 3 do not score"),
        ([bank(120)], "turn 1: a turn total must be a whole number"),
        ([FarkleTurn()], "turn 1: a turn is either"),
    ],
)
def test_a_turn_that_breaks_a_rule_is_named(turns, sentence):
    with pytest.raises(TurnError) as error:
        replay_farkle(PLAYERS, turns)
    assert str(error.value).startswith(sentence)


@pytest.mark.parametrize("players", [["Ann"], [f"P{i}" for i in range(9)]])
def test_farkle_has_two_to_eight_players(players):
    with pytest.raises(RuleError, match=f"Farkle needs 2 to 8 players, not {len(players)}"):
        replay_farkle(players, [])


# ---------------------------------------------------------- properties

kept_dice = st.lists(st.integers(1, 6), min_size=1, max_size=6)


def _scores(dice) -> int | None:
    try:
        return score_throw(list(dice)).points
    except RuleError:
        return None


@given(kept_dice, st.randoms())
def test_dice_order_never_changes_a_throw(dice, rng):
    shuffled = list(dice)
    rng.shuffle(shuffled)
    assert _scores(shuffled) == _scores(dice)


@given(kept_dice)
def test_the_combinations_use_every_kept_die_once_and_add_up(dice):
    points = _scores(dice)
    if points is None:
        return
    throw = score_throw(dice)
    used = [face for c in throw.combinations for face in c.dice]
    assert Counter(used) == Counter(dice)
    assert sum(c.points for c in throw.combinations) == throw.points


@given(kept_dice)
def test_the_best_split_is_worth_at_least_any_scoring_part_of_the_same_dice(dice):
    points = _scores(dice)
    if points is None:
        return
    for size in range(1, len(dice)):
        for part in set(itertools.combinations(sorted(dice), size)):
            part_points = _scores(part)
            if part_points is not None:
                assert points >= part_points


@given(kept_dice)
def test_a_farkle_is_a_roll_where_no_die_can_be_kept(dice):
    keepable = any(
        _scores(part) is not None
        for size in range(1, len(dice) + 1)
        for part in itertools.combinations(dice, size)
    )
    assert is_farkle(dice) is not keepable
    assert bool(scoring_part(dice)) is keepable


@given(st.lists(st.one_of(st.just(FARKLE), st.sampled_from([50, 300, 500, 1000]).map(bank))))
def test_a_replay_of_n_turns_equals_its_running_totals(turns):
    rules = FarkleRules(target=10**9)
    game = replay_farkle(PLAYERS, turns, rules)
    totals = [0, 0, 0]
    for result in game.turns:
        totals[result.player] += result.points
        assert result.totals == tuple(totals)
    assert game.totals == tuple(totals)


def test_throws_must_be_a_list_not_one_text():
    with pytest.raises(RuleError, match="throws must be a list: the kept dice of each throw"):
        turn_points(FarkleTurn(throws="1,5"))
