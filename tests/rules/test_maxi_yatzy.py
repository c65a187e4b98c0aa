"""Maxi Yatzy (RULES.md, "Maxi Yatzy"): six dice, every box scoring the best set among them
(groups of different faces), the 100 bonus at 84, saved throws, and the perfect sheet."""

from __future__ import annotations

import pytest

from scorekeeper.rules.dice import TurnError
from scorekeeper.rules.errors import RuleError
from scorekeeper.rules.sheets import SheetTurn
from scorekeeper.rules.yatzy import MAXI_YATZY, MAXI_YATZY_MOST, MaxiYatzyRules

_UPPER = list(enumerate(("ones", "twos", "threes", "fours", "fives", "sixes"), start=1))


@pytest.mark.parametrize(
    ("dice", "box", "points"),
    [
        ("111234", "ones", 3),
        ("222222", "twos", 12),
        ("333124", "threes", 9),
        ("444412", "fours", 16),
        ("551234", "fives", 10),
        ("666666", "sixes", 36),
        ("665512", "one_pair", 12),
        ("123456", "one_pair", 0),
        ("665544", "two_pairs", 22),
        ("666655", "two_pairs", 22),
        ("111122", "two_pairs", 6),
        ("444412", "two_pairs", 0),
        ("665544", "three_pairs", 30),
        ("112233", "three_pairs", 12),
        ("666655", "three_pairs", 0),
        ("444422", "three_pairs", 0),
        ("666555", "three_of_a_kind", 18),
        ("333312", "three_of_a_kind", 9),
        ("123456", "three_of_a_kind", 0),
        ("555566", "four_of_a_kind", 20),
        ("666666", "four_of_a_kind", 24),
        ("555123", "four_of_a_kind", 0),
        ("444441", "five_of_a_kind", 20),
        ("666666", "five_of_a_kind", 30),
        ("444411", "five_of_a_kind", 0),
        ("123455", "small_straight", 15),
        ("123456", "small_straight", 15),
        ("234566", "small_straight", 0),
        ("234566", "large_straight", 20),
        ("123456", "large_straight", 20),
        ("123455", "large_straight", 0),
        ("654321", "full_straight", 21),
        ("123455", "full_straight", 0),
        # Full house: the highest five that make it.
        ("666555", "full_house", 28),
        ("666655", "full_house", 28),
        ("555566", "full_house", 27),
        ("555544", "full_house", 23),
        ("222211", "full_house", 8),
        ("444441", "full_house", 0),
        ("666666", "full_house", 0),
        ("665544", "full_house", 0),
        ("666555", "villa", 33),
        ("111666", "villa", 21),
        ("666655", "villa", 0),
        ("666666", "villa", 0),
        ("666655", "tower", 34),
        ("555566", "tower", 32),
        ("222266", "tower", 20),
        ("666665", "tower", 0),
        ("666555", "tower", 0),
        ("666666", "tower", 0),
        ("123456", "chance", 21),
        ("666666", "chance", 36),
        ("222222", "maxi_yatzy", 100),
        ("222223", "maxi_yatzy", 0),
    ],
)
def test_each_box_scores_the_best_set_among_the_six_dice(dice, box, points):
    assert MAXI_YATZY.score(MAXI_YATZY.new_card(), dice, box) == points


def test_the_sheet_has_twenty_boxes_in_the_order_of_the_table():
    assert [box.name for box in MAXI_YATZY.boxes()] == [
        "ones",
        "twos",
        "threes",
        "fours",
        "fives",
        "sixes",
        "one_pair",
        "two_pairs",
        "three_pairs",
        "three_of_a_kind",
        "four_of_a_kind",
        "five_of_a_kind",
        "small_straight",
        "large_straight",
        "full_straight",
        "full_house",
        "villa",
        "tower",
        "chance",
        "maxi_yatzy",
    ]


def test_a_perfect_sheet_reaches_649_exactly():
    perfect = [
        SheetTurn("111111", "ones"),
        SheetTurn("222222", "twos"),
        SheetTurn("333333", "threes"),
        SheetTurn("444444", "fours"),
        SheetTurn("555555", "fives"),
        SheetTurn("666666", "sixes"),
        SheetTurn("661234", "one_pair"),
        SheetTurn("665512", "two_pairs"),
        SheetTurn("665544", "three_pairs"),
        SheetTurn("666123", "three_of_a_kind"),
        SheetTurn("666612", "four_of_a_kind"),
        SheetTurn("666661", "five_of_a_kind"),
        SheetTurn("123451", "small_straight"),
        SheetTurn("234566", "large_straight"),
        SheetTurn("123456", "full_straight"),
        SheetTurn("666551", "full_house"),
        SheetTurn("666555", "villa"),
        SheetTurn("666655", "tower"),
        SheetTurn("666666", "chance"),
        SheetTurn("444444", "maxi_yatzy"),
    ]
    sheet = MAXI_YATZY.replay(perfect)
    assert sheet.complete
    assert sheet.columns[0].card.upper_subtotal == 126
    assert sheet.upper_bonus == 100
    assert sheet.total == MAXI_YATZY_MOST == 649
    assert sum(box.most for box in MAXI_YATZY.boxes()) + 100 == 649


def test_the_upper_bonus_is_100_at_84_or_more():
    fours_of_each = [
        SheetTurn(f"{face}" * 4 + ("56" if face < 5 else "12"), box) for face, box in _UPPER
    ]
    sheet = MAXI_YATZY.replay(fours_of_each)
    assert sheet.columns[0].card.upper_subtotal == 4 + 8 + 12 + 16 + 20 + 24 == 84
    assert sheet.upper_bonus == 100
    one_short = [SheetTurn("111234", "ones"), *fours_of_each[1:]]
    assert MAXI_YATZY.replay(one_short).upper_bonus == 0


def test_progress_speaks_of_the_100_bonus():
    card = MAXI_YATZY.new_card()
    assert MAXI_YATZY.progress(card) == "84 more for the 100 bonus"
    for _face, box in _UPPER[:5]:
        card = card.record(box, 0)
    assert MAXI_YATZY.progress(card) == "no 100 bonus: the upper boxes can reach 36 at most"


# ------------------------------------------------------------------ saved throws


def test_a_turn_using_fewer_throws_saves_the_rest_for_later_turns():
    turns = [
        SheetTurn("123456", "full_straight", throws=1),  # saves 2
        SheetTurn("234566", "large_straight", throws=2),  # saves 1 more: 3
        SheetTurn("666666", "maxi_yatzy", throws=6),  # 3 + 3 saved, all used
        SheetTurn("123455", "small_straight"),  # three throws: none saved, none used
    ]
    sheet = MAXI_YATZY.replay(turns)
    assert sheet.saved_throws == 0
    assert [turn.throws for turn in sheet.turns] == [1, 2, 6, None]
    partway = MAXI_YATZY.replay(turns[:2])
    assert partway.saved_throws == 3
    assert partway.columns[0].card.saved_throws == 3


def test_saved_throws_change_no_score():
    quick = MAXI_YATZY.replay([SheetTurn("665544", "three_pairs", throws=1)])
    slow = MAXI_YATZY.replay([SheetTurn("665544", "three_pairs")])
    assert (quick.saved_throws, slow.saved_throws) == (2, 0)
    assert quick.total == slow.total == 30


def test_a_turn_using_more_throws_than_it_has_is_refused():
    turns = [
        SheetTurn("123456", "full_straight", throws=2),
        SheetTurn("123456", "chance", throws=5),
    ]
    with pytest.raises(
        TurnError, match=r"^turn 2: this turn has 4 throws \(3 and 1 saved\), not 5$"
    ) as error:
        MAXI_YATZY.replay(turns)
    assert error.value.field == "throws"


def test_with_saved_throws_off_a_turn_has_three_throws_and_keeps_none():
    rules = MAXI_YATZY.build_rules({"saved_throws": False})
    sheet = MAXI_YATZY.replay([SheetTurn("123456", "full_straight", throws=1)], rules)
    assert sheet.saved_throws == 0
    turns = [
        SheetTurn("123456", "full_straight", throws=1),
        SheetTurn("123456", "chance", throws=4),
    ]
    with pytest.raises(TurnError, match="^turn 2: a turn of Maxi Yatzy has 3 throws, not 4"):
        MAXI_YATZY.replay(turns, rules)


@pytest.mark.parametrize("throws", [0, -1, True, 2.0, "2"])
def test_throws_must_be_a_whole_number_of_throws(throws):
    with pytest.raises(RuleError, match="throws must be a whole number of throws") as error:
        MAXI_YATZY.score(MAXI_YATZY.new_card(), "123456", "chance", throws=throws)
    assert error.value.field == "throws"


# ------------------------------------------------------------------------- knobs


def test_the_knobs_default_to_the_table():
    assert MAXI_YATZY.build_rules(None) == MaxiYatzyRules(100, 84, True)


@pytest.mark.parametrize(
    ("overrides", "field", "sentence"),
    [
        ({"x": 1}, "x", '"x" is not a house rule of Maxi Yatzy'),
        ({"saved_throws": "yes"}, "saved_throws", "saved_throws must be true or false"),
        ({"saved_throws": 1}, "saved_throws", "saved_throws must be true or false"),
        ({"upper_bonus_at": 127}, "upper_bonus_at", "a whole number from 1 to 126, not 127"),
        ({"upper_bonus": -100}, "upper_bonus", "upper_bonus must be a whole number 0 or more"),
    ],
)
def test_a_bad_knob_is_refused_with_a_sentence_naming_it(overrides, field, sentence):
    with pytest.raises(RuleError) as error:
        MAXI_YATZY.build_rules(overrides)
    assert sentence in str(error.value)
    assert error.value.field == field


def test_a_knob_in_range_is_taken():
    rules = MAXI_YATZY.build_rules({"upper_bonus": 50, "upper_bonus_at": 126})
    assert (rules.upper_bonus, rules.upper_bonus_at, rules.saved_throws) == (50, 126, True)


# ------------------------------------------------------------------------ errors


@pytest.mark.parametrize("dice", ["12345", "1234561", [1, 2, 3, 4, 5]])
def test_maxi_yatzy_needs_six_dice(dice):
    with pytest.raises(RuleError, match="^Maxi Yatzy needs six dice, 1 to 6$") as error:
        MAXI_YATZY.score(MAXI_YATZY.new_card(), dice, "chance")
    assert error.value.field == "dice"


def test_a_box_maxi_yatzy_does_not_have_is_refused():
    with pytest.raises(RuleError, match='^"yatzy" is not a box of Maxi Yatzy; choose one of'):
        MAXI_YATZY.score(MAXI_YATZY.new_card(), "123456", "yatzy")


def test_a_turn_in_words():
    sheet = MAXI_YATZY.replay([SheetTurn("666555", "villa")])
    assert MAXI_YATZY.turn_words(sheet.turns[0]) == "33 in Villa"
