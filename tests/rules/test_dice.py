"""What Yahtzee and Farkle share (rules/dice.py): the faces of a die, reading dice as players
type them, and the turn error that names the turn breaking a rule."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.rules import dice, farkle, yahtzee
from scorekeeper.rules.dice import FACES, TurnError, read_faces
from scorekeeper.rules.errors import RuleError
from scorekeeper.rules.farkle import parse_kept
from scorekeeper.rules.yahtzee import parse_dice

WRONG_COUNT = "give two to four dice"


def test_a_die_shows_one_to_six():
    assert tuple(FACES) == (1, 2, 3, 4, 5, 6)


# ---------------------------------------------------------------- reading dice


@pytest.mark.parametrize(
    ("typed", "faces"),
    [
        ("1234", (1, 2, 3, 4)),
        ("1 2 3 4", (1, 2, 3, 4)),
        ("1,2,3,4", (1, 2, 3, 4)),
        ("1;2;3", (1, 2, 3)),
        ("1+5", (1, 5)),
        ("  6, 6 ;+ 6  ", (6, 6, 6)),
        ("\t5\n5", (5, 5)),
        ([1, 5], (1, 5)),
        ((6, 6, 6, 6), (6, 6, 6, 6)),
        (["1", " 5 ", 6], (1, 5, 6)),
    ],
)
def test_dice_are_read_from_digits_separated_items_or_a_list(typed, faces):
    assert read_faces(typed, 2, 4, WRONG_COUNT) == faces


def test_the_faces_keep_the_order_they_were_typed_in():
    assert read_faces("6 1 5 1", 1, 6, WRONG_COUNT) == (6, 1, 5, 1)


@pytest.mark.parametrize(
    ("typed", "item"),
    [
        ("1237", "7"),
        ("1 0 3", "0"),
        ("1,10", "10"),
        ("1 x 3", "x"),
        ("1 -2", "-2"),
        ([1, 7], "7"),
        ([1, 0], "0"),
        ([1, True], "True"),
        ([1, 5.0], "5.0"),
        ([1, None], "None"),
        (["1", "55"], "55"),
    ],
)
def test_an_item_that_is_not_a_face_is_named_in_the_sentence(typed, item):
    with pytest.raises(RuleError) as error:
        read_faces(typed, 2, 4, WRONG_COUNT)
    assert str(error.value) == f'"{item}" is not a die face; a die shows 1 to 6'
    assert error.value.field == "dice"


@pytest.mark.parametrize("typed", ["1", "12345", "", "   ", ",,", [], [1], (1, 2, 3, 4, 5)])
def test_too_few_or_too_many_dice_are_refused_with_the_games_own_sentence(typed):
    with pytest.raises(RuleError) as error:
        read_faces(typed, 2, 4, WRONG_COUNT)
    assert str(error.value) == WRONG_COUNT
    assert error.value.field == "dice"


@pytest.mark.parametrize("typed", [None, 1234, 12.5, {1: 1}, {1, 2}])
def test_dice_that_are_neither_text_nor_a_list_are_refused_with_the_games_sentence(typed):
    with pytest.raises(RuleError, match=WRONG_COUNT):
        read_faces(typed, 2, 4, WRONG_COUNT)


@pytest.mark.parametrize("typed", ["33356", "3 3 3 5 6", "3,3,3,5,6", "3;3;3+5 6", [3, 3, 3, 5, 6]])
def test_five_dice_read_the_same_in_yahtzee_and_in_farkle(typed):
    assert parse_dice(typed) == parse_kept(typed) == (3, 3, 3, 5, 6)


@pytest.mark.parametrize("typed", ["33357", "3 3 0 5 6", [3, 3, 3, 5, True]])
def test_a_wrong_face_gets_the_same_sentence_in_both_games(typed):
    sentences = []
    for parse in (parse_dice, parse_kept):
        with pytest.raises(RuleError) as error:
            parse(typed)
        sentences.append(str(error.value))
    assert sentences[0] == sentences[1]


@given(st.lists(st.sampled_from(FACES), min_size=1, max_size=6))
def test_every_spelling_of_the_same_dice_reads_the_same(faces):
    spellings = [
        "".join(map(str, faces)),
        " ".join(map(str, faces)),
        ", ".join(map(str, faces)),
        [str(face) for face in faces],
        faces,
    ]
    assert {read_faces(typed, 1, 6, WRONG_COUNT) for typed in spellings} == {tuple(faces)}


# ---------------------------------------------------------------- the turn error


def test_a_turn_error_is_a_rule_error_naming_its_turn():
    error = TurnError("chance already holds 26", field="box", turn=14)
    assert isinstance(error, RuleError)
    assert str(error) == "turn 14: chance already holds 26"
    assert (error.reason, error.field, error.turn) == ("chance already holds 26", "box", 14)


def test_a_turn_error_without_a_turn_is_just_its_sentence():
    error = TurnError("the game is over")
    assert str(error) == "the game is over"
    assert error.turn is None


def test_naming_a_rule_error_keeps_its_sentence_and_field_and_adds_the_turn():
    error = TurnError.naming(RuleError('"x" is not a die face', field="dice"), 3)
    assert isinstance(error, TurnError)
    assert str(error) == 'turn 3: "x" is not a die face'
    assert (error.field, error.turn) == ("dice", 3)


def test_both_games_raise_the_one_turn_error_of_the_dice_module():
    assert yahtzee.TurnError is farkle.TurnError is dice.TurnError
    with pytest.raises(TurnError, match="turn 1: "):
        yahtzee.replay_yahtzee("classic", [yahtzee.YahtzeeTurn("1234", "chance")])
    with pytest.raises(TurnError, match="turn 1: "):
        farkle.replay_farkle(["Ann", "Bob"], [farkle.FarkleTurn(throws=("23",))])
