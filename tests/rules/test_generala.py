"""Generala (RULES.md, "Generala"): every box of the table, the served bonus, the wrapped
straight, the 60-point generala, the double generala, and a served generala that wins at
once (a later turn refused, by the replay of one sheet and at a table of several)."""

from __future__ import annotations

import pytest

from scorekeeper.rules.dice import TurnError
from scorekeeper.rules.errors import RuleError
from scorekeeper.rules.generala import GENERALA, GENERALA_MOST, GeneralaRules
from scorekeeper.rules.sheets import SheetTurn

DOUBLE = GeneralaRules(double_generala=True)
GENERALA_UPPER = ("ones", "twos", "threes", "fours", "fives", "sixes")


def card(rules: GeneralaRules | None = None, **held: int):
    """A Generala card with the named boxes already filled."""
    empty = GENERALA.new_card(rules)
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
        ("12345", "straight", 20),
        ("23456", "straight", 20),
        ("54321", "straight", 20),
        ("34561", "straight", 0),
        ("12346", "straight", 0),
        ("12344", "straight", 0),
        ("22333", "full_house", 30),
        ("66655", "full_house", 30),
        ("33333", "full_house", 0),
        ("22223", "full_house", 0),
        ("12345", "full_house", 0),
        ("44445", "four_of_a_kind", 40),
        ("44444", "four_of_a_kind", 40),
        ("44455", "four_of_a_kind", 0),
        ("55555", "generala", 50),
        ("55554", "generala", 0),
    ],
)
def test_each_box_scores_by_the_table(dice, box, points):
    assert GENERALA.score(GENERALA.new_card(), dice, box) == points


def test_the_sheet_has_ten_boxes_and_eleven_with_double_generala():
    names = [box.name for box in GENERALA.boxes()]
    assert names == [
        "ones",
        "twos",
        "threes",
        "fours",
        "fives",
        "sixes",
        "straight",
        "full_house",
        "four_of_a_kind",
        "generala",
    ]
    assert [box.name for box in GENERALA.boxes(DOUBLE)] == [*names, "double_generala"]


def test_there_is_no_upper_bonus():
    sheet = GENERALA.replay(
        [SheetTurn(f"{face}" * 5, box) for face, box in enumerate(GENERALA_UPPER, start=1)]
    )
    assert sheet.columns[0].card.upper_subtotal == 105
    assert sheet.upper_bonus == 0
    assert sheet.total == 105
    assert GENERALA.progress(sheet.columns[0].card, GENERALA.default_rules) is None


# ------------------------------------------------------------------------ served


@pytest.mark.parametrize(
    ("dice", "box", "points"),
    [
        ("12345", "straight", 25),
        ("22333", "full_house", 35),
        ("44445", "four_of_a_kind", 45),
        ("12346", "straight", 0),  # nothing made, nothing served
        ("11234", "ones", 2),  # the upper boxes earn no served bonus
    ],
)
def test_a_straight_full_house_or_four_of_a_kind_served_scores_5_more(dice, box, points):
    assert GENERALA.score(GENERALA.new_card(), dice, box, first_throw=True) == points


def test_the_served_bonus_is_a_knob():
    rules = GENERALA.build_rules({"served_bonus": 10})
    assert GENERALA.score(GENERALA.new_card(rules), "23456", "straight", rules, True) == 30
    none = GENERALA.build_rules({"served_bonus": 0})
    assert GENERALA.score(GENERALA.new_card(none), "23456", "straight", none, True) == 20


def test_a_served_turn_says_so_in_words():
    sheet = GENERALA.replay(
        [SheetTurn("12345", "straight", first_throw=True), SheetTurn("22333", "full_house")]
    )
    assert [GENERALA.turn_words(turn) for turn in sheet.turns] == [
        "25 in Straight (served)",
        "30 in Full house",
    ]
    assert [turn.served for turn in sheet.turns] == [True, False]


# -------------------------------------------------------------- knob by knob


def test_a_wrapped_straight_counts_only_with_its_knob():
    wrap = GENERALA.build_rules({"wrap_straight": True})
    assert GENERALA.score(GENERALA.new_card(wrap), "34561", "straight", wrap) == 20
    assert GENERALA.score(GENERALA.new_card(wrap), "45612", "straight", wrap) == 0
    assert GENERALA.score(GENERALA.new_card(), "34561", "straight") == 0


def test_a_60_point_generala():
    rules = GENERALA.build_rules({"generala_points": 60})
    assert GENERALA.score(GENERALA.new_card(rules), "22222", "generala", rules) == 60
    assert GENERALA.boxes(rules)[9].most == 60


def test_double_generala_scores_100_only_once_the_generala_box_holds_its_points():
    assert GENERALA.score(card(DOUBLE, generala=50), "33333", "double_generala", DOUBLE) == 100
    assert GENERALA.score(card(DOUBLE), "33333", "double_generala", DOUBLE) == 0
    assert GENERALA.score(card(DOUBLE, generala=0), "33333", "double_generala", DOUBLE) == 0
    assert GENERALA.score(card(DOUBLE, generala=50), "33334", "double_generala", DOUBLE) == 0


def test_double_generala_is_twice_a_60_point_generala():
    rules = GeneralaRules(generala_points=60, double_generala=True)
    sheet = GENERALA.replay(
        [SheetTurn("44444", "generala"), SheetTurn("55555", "double_generala")], rules
    )
    assert [turn.points for turn in sheet.turns] == [60, 120]


def test_without_its_knob_there_is_no_double_generala_box():
    with pytest.raises(RuleError, match='^"double_generala" is not a box of Generala') as error:
        GENERALA.score(card(generala=50), "33333", "double_generala")
    assert error.value.field == "box"


# ------------------------------------------------------------ served generala


def test_a_served_generala_wins_the_game_at_once_and_a_later_turn_is_refused():
    turns = [
        SheetTurn("12345", "straight"),
        SheetTurn("66666", "generala", first_throw=True),
    ]
    sheet = GENERALA.replay(turns)
    assert sheet.served_generala == 2
    assert sheet.turns[1].wins_game
    assert GENERALA.turn_words(sheet.turns[1]) == "50 in Generala (served)"
    with pytest.raises(
        TurnError, match="^turn 3: the game is over: a served generala won it$"
    ) as error:
        GENERALA.replay([*turns, SheetTurn("22333", "full_house")])
    assert error.value.turn == 3


def test_a_served_generala_wins_whatever_the_boxes_hold():
    # The generala box already holds 0: the served generala goes in an open box and wins.
    sheet = GENERALA.replay(
        [SheetTurn("12346", "generala"), SheetTurn("44444", "four_of_a_kind", first_throw=True)]
    )
    assert sheet.served_generala == 2
    assert sheet.turns[1].points == 45  # a served four of a kind, as the box scores it


def test_the_served_generala_player_wins_alone_with_a_lower_total():
    big = GENERALA.replay(
        [SheetTurn("66666", "sixes"), SheetTurn("12345", "straight", first_throw=True)]
    )
    served = GENERALA.replay([SheetTurn("11111", "ones", first_throw=True)])
    standing = GENERALA.standing([big, served])
    assert standing.totals == (55, 5)
    assert standing.complete
    assert standing.winners == (1,)
    assert standing.won_outright == 1
    assert standing.next_player is None


def test_at_a_table_no_turn_is_taken_once_a_served_generala_won():
    served = GENERALA.replay([SheetTurn("11111", "ones", first_throw=True)])
    waiting = GENERALA.replay([])
    GENERALA.check_turn([GENERALA.replay([]), waiting])
    with pytest.raises(RuleError, match="^the game is over: a served generala won it$"):
        GENERALA.check_turn([served, waiting])


def test_with_served_generala_wins_off_a_served_generala_is_just_a_generala():
    rules = GENERALA.build_rules({"served_generala_wins": False})
    turns = [SheetTurn("66666", "generala", first_throw=True), SheetTurn("12345", "straight")]
    sheet = GENERALA.replay(turns, rules)
    assert sheet.served_generala is None
    assert [turn.points for turn in sheet.turns] == [50, 20]
    assert GENERALA.standing([sheet], rules).won_outright is None


def test_five_of_a_kind_not_on_the_first_throw_wins_nothing():
    sheet = GENERALA.replay([SheetTurn("66666", "generala"), SheetTurn("12345", "straight")])
    assert sheet.served_generala is None
    assert sheet.total == 70


# ------------------------------------------------------------------ the maximum


def test_a_perfect_sheet_reaches_260():
    perfect = [
        *(SheetTurn(f"{face}" * 5, box) for face, box in enumerate(GENERALA_UPPER, start=1)),
        SheetTurn("23456", "straight", first_throw=True),
        SheetTurn("66655", "full_house", first_throw=True),
        SheetTurn("44441", "four_of_a_kind", first_throw=True),
        SheetTurn("22222", "generala"),
    ]
    sheet = GENERALA.replay(perfect)
    assert sheet.complete
    assert sheet.total == GENERALA_MOST == 260
    assert sum(box.most for box in GENERALA.boxes()) == 260
    assert sum(box.most for box in GENERALA.boxes(DOUBLE)) == 360


# ------------------------------------------------------------------------- knobs


def test_the_knobs_default_to_the_table():
    assert GENERALA.build_rules(None) == GeneralaRules(
        generala_points=50,
        served_bonus=5,
        served_generala_wins=True,
        double_generala=False,
        wrap_straight=False,
    )


@pytest.mark.parametrize(
    ("overrides", "field", "sentence"),
    [
        ({"upper_bonus": 35}, "upper_bonus", '"upper_bonus" is not a house rule of Generala'),
        ({"generala_points": 55}, "generala_points", "generala_points must be 50 or 60, not 55"),
        ({"generala_points": 60.0}, "generala_points", "generala_points must be 50 or 60"),
        ({"generala_points": "60"}, "generala_points", "generala_points must be 50 or 60"),
        ({"served_bonus": -5}, "served_bonus", "served_bonus must be a whole number 0 or more"),
        ({"served_bonus": None}, "served_bonus", "served_bonus must be a whole number"),
        ({"double_generala": 1}, "double_generala", "double_generala must be true or false"),
        ({"wrap_straight": "no"}, "wrap_straight", "wrap_straight must be true or false"),
        (
            {"served_generala_wins": None},
            "served_generala_wins",
            "served_generala_wins must be true or false",
        ),
    ],
)
def test_a_bad_knob_is_refused_with_a_sentence_naming_it(overrides, field, sentence):
    with pytest.raises(RuleError) as error:
        GENERALA.build_rules(overrides)
    assert sentence in str(error.value)
    assert error.value.field == field


# ------------------------------------------------------------------------ errors


def test_generala_needs_five_dice():
    with pytest.raises(RuleError, match="^Generala needs five dice, 1 to 6$") as error:
        GENERALA.score(GENERALA.new_card(), "123456", "straight")
    assert error.value.field == "dice"


def test_a_box_crossed_out_cannot_be_filled_again():
    turns = [SheetTurn("12346", "straight"), SheetTurn("12345", "straight")]
    with pytest.raises(TurnError, match="^turn 2: Straight already holds 0$") as error:
        GENERALA.replay(turns)
    assert error.value.field == "box"


@pytest.mark.parametrize("first_throw", [1, "yes", None])
def test_first_throw_is_true_or_false(first_throw):
    turns = [SheetTurn("12345", "straight", first_throw=first_throw)]
    with pytest.raises(TurnError, match="^turn 1: first_throw must be true or false$") as error:
        GENERALA.replay(turns)
    assert error.value.field == "first_throw"
