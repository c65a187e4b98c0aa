"""Yatzy (RULES.md, "Yatzy (Scandinavian)"): every box of the table, groups of different
faces, the upper bonus and its knobs, the perfect sheet, and the errors a player can read."""

from __future__ import annotations

import pytest

from scorekeeper.rules.dice import TurnError
from scorekeeper.rules.errors import RuleError
from scorekeeper.rules.sheets import SheetTurn
from scorekeeper.rules.yatzy import YATZY, YATZY_MOST, YatzyRules


def card(**held: int):
    """A Yatzy card with the named boxes already filled."""
    empty = YATZY.new_card()
    for box, points in held.items():
        empty = empty.record(box, points)
    return empty


@pytest.mark.parametrize(
    ("dice", "box", "points"),
    [
        ("11234", "ones", 2),
        ("23456", "ones", 0),
        ("22225", "twos", 8),
        ("33356", "threes", 9),
        ("44412", "fours", 12),
        ("55123", "fives", 10),
        ("66666", "sixes", 30),
        ("66552", "one_pair", 12),
        ("33312", "one_pair", 6),
        ("44442", "one_pair", 8),
        ("12345", "one_pair", 0),
        ("66552", "two_pairs", 22),
        ("44455", "two_pairs", 18),
        ("33311", "two_pairs", 8),
        ("44442", "two_pairs", 0),
        ("66666", "two_pairs", 0),
        ("12345", "two_pairs", 0),
        ("33356", "three_of_a_kind", 9),
        ("44445", "three_of_a_kind", 12),
        ("55555", "three_of_a_kind", 15),
        ("33556", "three_of_a_kind", 0),
        ("22225", "four_of_a_kind", 8),
        ("66666", "four_of_a_kind", 24),
        ("22255", "four_of_a_kind", 0),
        ("12345", "small_straight", 15),
        ("54321", "small_straight", 15),
        ("23456", "small_straight", 0),
        ("12346", "small_straight", 0),
        ("11234", "small_straight", 0),
        ("23456", "large_straight", 20),
        ("65432", "large_straight", 20),
        ("12345", "large_straight", 0),
        ("23455", "large_straight", 0),
        ("66655", "full_house", 28),
        ("22333", "full_house", 13),
        ("33333", "full_house", 0),
        ("44442", "full_house", 0),
        ("12345", "full_house", 0),
        ("13456", "chance", 19),
        ("66666", "chance", 30),
        ("11111", "yatzy", 50),
        ("11112", "yatzy", 0),
    ],
)
def test_each_box_scores_only_the_dice_that_make_it(dice, box, points):
    assert YATZY.score(YATZY.new_card(), dice, box) == points


def test_the_sheet_has_fifteen_boxes_in_the_order_of_the_table():
    assert [box.name for box in YATZY.boxes()] == [
        "ones",
        "twos",
        "threes",
        "fours",
        "fives",
        "sixes",
        "one_pair",
        "two_pairs",
        "three_of_a_kind",
        "four_of_a_kind",
        "small_straight",
        "large_straight",
        "full_house",
        "chance",
        "yatzy",
    ]
    assert [box.section for box in YATZY.boxes()] == ["upper"] * 6 + ["lower"] * 9
    assert YATZY.label_of("two_pairs") == "Two pairs"


def test_a_perfect_sheet_reaches_374_exactly():
    perfect = [
        SheetTurn("11111", "ones"),
        SheetTurn("22222", "twos"),
        SheetTurn("33333", "threes"),
        SheetTurn("44444", "fours"),
        SheetTurn("55555", "fives"),
        SheetTurn("66666", "sixes"),
        SheetTurn("66112", "one_pair"),
        SheetTurn("66551", "two_pairs"),
        SheetTurn("66612", "three_of_a_kind"),
        SheetTurn("66661", "four_of_a_kind"),
        SheetTurn("12345", "small_straight"),
        SheetTurn("23456", "large_straight"),
        SheetTurn("66655", "full_house"),
        SheetTurn("66666", "chance"),
        SheetTurn("33333", "yatzy"),
    ]
    sheet = YATZY.replay(perfect)
    assert sheet.complete
    assert sheet.upper_bonus == 50
    assert sheet.total == YATZY_MOST == 374
    assert sum(box.most for box in YATZY.boxes()) + 50 == 374


def test_no_extra_yatzy_bonus_and_no_joker():
    # A second five of a kind after the Yatzy box is filled scores as the table says.
    sheet = YATZY.replay([SheetTurn("44444", "yatzy"), SheetTurn("44444", "full_house")])
    assert [turn.points for turn in sheet.turns] == [50, 0]
    assert sheet.yahtzee_bonus == 0
    assert sheet.total == 50


# ---------------------------------------------------------------- the upper bonus


def test_the_upper_bonus_is_50_at_63_or_more():
    at_63 = card(ones=3, twos=6, threes=9, fours=12, fives=15, sixes=18)
    assert (at_63.upper_subtotal, at_63.upper_bonus, at_63.total) == (63, 50, 113)
    at_62 = card(ones=2, twos=6, threes=9, fours=12, fives=15, sixes=18)
    assert at_62.upper_bonus == 0


def test_the_upper_bonus_knobs_change_its_points_and_its_sum():
    rules = YATZY.build_rules({"upper_bonus": 35, "upper_bonus_at": 42})
    turns = [SheetTurn("66612", "sixes"), SheetTurn("55512", "fives"), SheetTurn("44412", "fours")]
    sheet = YATZY.replay(turns, rules)
    assert sheet.columns[0].card.upper_subtotal == 45
    assert sheet.upper_bonus == 35
    assert sheet.total == 80
    assert YATZY.replay(turns).upper_bonus == 0


def test_an_upper_bonus_of_zero_means_no_bonus_and_no_progress_sentence():
    rules = YATZY.build_rules({"upper_bonus": 0})
    sheet = YATZY.replay([SheetTurn("66666", "sixes")], rules)
    assert YATZY.progress(sheet.columns[0].card, rules) is None


@pytest.mark.parametrize(
    ("held", "sentence"),
    [
        ({}, "63 more for the 50 bonus"),
        ({"sixes": 24, "fives": 15, "fours": 12}, "12 more for the 50 bonus"),
        ({"sixes": 30, "fives": 25, "fours": 12}, "50 bonus won (67 of 63)"),
        (
            {"sixes": 12, "fives": 10, "fours": 8, "threes": 6, "twos": 4, "ones": 2},
            "no 50 bonus: the upper boxes total 42 of 63",
        ),
        ({"sixes": 0, "fives": 0}, "no 50 bonus: the upper boxes can reach 50 at most"),
        ({"sixes": 18, "fives": 10}, "35 more for the 50 bonus"),
        (
            {"sixes": 18, "fives": 10, "fours": 0},
            "no 50 bonus: the upper boxes can reach 58 at most",
        ),
    ],
)
def test_progress_says_how_far_the_upper_bonus_is(held, sentence):
    assert YATZY.progress(card(**held), YATZY.default_rules) == sentence


# ------------------------------------------------------------------------- knobs


def test_the_knobs_default_to_the_table():
    assert YATZY.build_rules(None) == YatzyRules(upper_bonus=50, upper_bonus_at=63)
    assert YATZY.build_rules({}) == YatzyRules()


@pytest.mark.parametrize(
    ("overrides", "field", "sentence"),
    [
        ({"x": 1}, "x", '"x" is not a house rule of Yatzy'),
        ({"joker": "free"}, "joker", '"joker" is not a house rule of Yatzy'),
        ({"upper_bonus": -1}, "upper_bonus", "upper_bonus must be a whole number 0 or more"),
        ({"upper_bonus": "50"}, "upper_bonus", "upper_bonus must be a whole number"),
        ({"upper_bonus": True}, "upper_bonus", "upper_bonus must be a whole number"),
        ({"upper_bonus_at": 0}, "upper_bonus_at", "a whole number from 1 to 105, not 0"),
        ({"upper_bonus_at": 106}, "upper_bonus_at", "a whole number from 1 to 105, not 106"),
        ({"upper_bonus_at": 63.0}, "upper_bonus_at", "a whole number from 1 to 105"),
        ({"saved_throws": True}, "saved_throws", '"saved_throws" is not a house rule of Yatzy'),
    ],
)
def test_a_bad_knob_is_refused_with_a_sentence_naming_it(overrides, field, sentence):
    with pytest.raises(RuleError) as error:
        YATZY.build_rules(overrides)
    assert sentence in str(error.value)
    assert error.value.field == field


def test_house_rules_must_be_named_values():
    with pytest.raises(RuleError, match="must be named values") as error:
        YATZY.build_rules([("upper_bonus", 50)])
    assert error.value.field == "rules"


# ------------------------------------------------------------------------ errors


@pytest.mark.parametrize(
    ("dice", "sentence"),
    [
        ("1234", "Yatzy needs five dice, 1 to 6"),
        ("123456", "Yatzy needs five dice, 1 to 6"),
        ([], "Yatzy needs five dice, 1 to 6"),
        (None, "Yatzy needs five dice, 1 to 6"),
        ("12347", '"7" is not a die face'),
        ([1, 2, 3, 4, 0], '"0" is not a die face'),
    ],
)
def test_dice_of_the_wrong_count_or_faces_are_refused(dice, sentence):
    with pytest.raises(RuleError) as error:
        YATZY.score(YATZY.new_card(), dice, "chance")
    assert sentence in str(error.value)
    assert error.value.field == "dice"


def test_a_box_yatzy_does_not_have_is_refused_with_the_boxes_it_has():
    with pytest.raises(RuleError) as error:
        YATZY.score(YATZY.new_card(), "12345", "villa")
    assert str(error.value).startswith('"villa" is not a box of Yatzy; choose one of ones, twos')
    assert error.value.field == "box"


def test_a_box_filled_twice_is_refused_and_the_replay_names_the_turn():
    with pytest.raises(RuleError, match="^Two pairs already holds 22$") as error:
        YATZY.score(card(two_pairs=22), "66552", "two_pairs")
    assert error.value.field == "box"
    turns = [SheetTurn("66552", "two_pairs"), SheetTurn("11223", "two_pairs")]
    with pytest.raises(TurnError, match="^turn 2: Two pairs already holds 22$") as named:
        YATZY.replay(turns)
    assert (named.value.turn, named.value.field) == (2, "box")


def test_bad_dice_in_a_replay_name_the_turn():
    turns = [SheetTurn("12345", "small_straight"), SheetTurn("1234", "chance")]
    with pytest.raises(TurnError, match="^turn 2: Yatzy needs five dice, 1 to 6$"):
        YATZY.replay(turns)


def test_a_yatzy_turn_has_three_throws_and_saves_none():
    assert YATZY.replay([SheetTurn("12345", "chance", throws=1)]).saved_throws is None
    with pytest.raises(TurnError, match="^turn 1: a turn of Yatzy has 3 throws, not 4$") as error:
        YATZY.replay([SheetTurn("12345", "chance", throws=4)])
    assert error.value.field == "throws"


# ------------------------------------------------------------------------ words


def test_a_turn_in_words():
    sheet = YATZY.replay([SheetTurn("66552", "two_pairs"), SheetTurn("66552", "yatzy")])
    assert [YATZY.turn_words(turn) for turn in sheet.turns] == ["22 in Two pairs", "0 in Yatzy"]


def test_a_filled_box_is_shown_in_the_preview_with_what_it_holds():
    previews = YATZY.preview(card(two_pairs=22), "66552")
    two_pairs = previews[7]
    assert (two_pairs.box, two_pairs.allowed, two_pairs.held) == ("two_pairs", False, 22)
    assert two_pairs.reason == "Two pairs already holds 22"
    assert [preview.points for preview in previews if preview.allowed][:7] == [
        0,
        2,
        0,
        0,
        10,
        12,
        12,
    ]


def test_the_best_boxes_are_the_open_ones_worth_most_now():
    best = YATZY.best_boxes(card(chance=20), "66552")
    assert [(choice.preview.box, choice.worth) for choice in best] == [
        ("two_pairs", 22),
        ("sixes", 12),
        ("one_pair", 12),
    ]
