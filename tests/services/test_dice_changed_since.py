"""What another phone changed in a dice game since a turn's form was drawn
(services.dice_words.changed_since): the conflict a phone is shown when it enters the turn."""

from __future__ import annotations

import pytest

from scorekeeper.rules import FarkleTurn
from scorekeeper.services import dice, dice_turns, dice_words
from scorekeeper.services.dice_turns import STALE
from scorekeeper.services.errors import Conflict
from tests.helpers.stored import form_token


def game_now(session, token: str) -> dice.DiceState:
    session.expire_all()
    return dice.load_game(session, token)


def enter(session, token: str, dice_text: str, box: str, *, version=None, number=None):
    """Enter the next Yahtzee turn; from a form drawn now unless told otherwise."""
    state = game_now(session, token)
    dice_turns.add_sheet_turn(
        session,
        token,
        dice_text,
        box,
        None,
        version=state.game.version if version is None else version,
        form_token=form_token(),
        number=state.next_number if number is None else number,
    )


def bank(session, token: str, turn: FarkleTurn, *, version=None, number=None):
    state = game_now(session, token)
    dice_turns.add_farkle_turn(
        session,
        token,
        turn,
        version=state.game.version if version is None else version,
        form_token=form_token(),
        number=state.next_number if number is None else number,
    )


def test_nothing_changed_since_the_version_the_game_is_at(session, new_dice_game):
    token = new_dice_game()
    enter(session, token, "33356", "full_house")

    assert dice_words.changed_since(game_now(session, token), 1, 2) is None


def test_a_yahtzee_turn_entered_meanwhile_is_named_with_its_dice_box_and_points(
    session, new_dice_game
):
    token = new_dice_game(players=("Ann", "Bob", "Cat"))
    enter(session, token, "11111", "ones")
    enter(session, token, "22222", "twos")
    enter(session, token, "44444", "fours")
    enter(session, token, "55555", "fives")

    change = dice_words.changed_since(game_now(session, token), 3, 4)

    assert change.sentence == "Another phone entered Ann's turn 2: 5 5 5 5 5 in Fives (25)"
    assert (change.version, change.changes, change.next_number) == (4, 1, 5)
    assert change.next_name == "Bob"


def test_several_turns_since_name_the_first_and_count_the_rest(session, new_dice_game):
    token = new_dice_game()
    enter(session, token, "33355", "full_house")
    enter(session, token, "12345", "large_straight")
    enter(session, token, "66612", "chance")

    change = dice_words.changed_since(game_now(session, token), 0, 1)

    assert change.sentence == (
        "Another phone entered Ann's turn 1: 3 3 3 5 5 in Full house (25) (and 2 more turns since)"
    )
    assert change.next_name == "Bob"


def test_a_triple_turn_names_its_column(session, new_dice_game):
    token = new_dice_game("triple")
    dice_turns.add_sheet_turn(
        session, token, "66666", "yahtzee", 3, version=0, form_token=form_token(), number=1
    )

    change = dice_words.changed_since(game_now(session, token), 0, 1)

    assert change.sentence == "Another phone entered Ann's turn 1: 6 6 6 6 6 in Yahtzee ×3 (50)"


def test_a_farkle_turn_is_named_with_its_result(session, new_dice_game):
    token = new_dice_game("farkle")
    bank(session, token, FarkleTurn(total=600))

    change = dice_words.changed_since(game_now(session, token), 0, 1)

    assert change.sentence == "Another phone entered turn 1: Ann banks 600"
    assert change.next_name == "Bob"


def test_a_correction_or_undo_meanwhile_enters_no_turn(session, new_dice_game):
    token = new_dice_game()
    enter(session, token, "33356", "full_house")
    dice_turns.undo_turn(session, token, version=1)

    change = dice_words.changed_since(game_now(session, token), 1, 2)

    assert change.entered == ()
    assert change.sentence == "Another phone corrected or took back a turn"
    assert change.next_name == "Ann"


def test_a_stale_turn_is_a_conflict_carrying_what_changed_and_the_version_to_enter_at(
    session, new_dice_game
):
    token = new_dice_game()
    enter(session, token, "33356", "full_house")

    with pytest.raises(Conflict) as raised:
        enter(session, token, "12345", "large_straight", version=0, number=1)

    assert raised.value.sentence == STALE
    assert raised.value.version == 1
    assert raised.value.change.sentence.startswith("Another phone entered Ann's turn 1: ")
    assert raised.value.change.next_name == "Bob"


def test_a_turn_behind_a_correction_is_a_conflict_though_its_number_is_still_due(
    session, new_dice_game
):
    token = new_dice_game()
    enter(session, token, "33356", "full_house")
    turn_id = game_now(session, token).turns[0].id
    dice_turns.edit_sheet_turn(session, token, turn_id, "33356", "chance", None, version=1)

    with pytest.raises(Conflict) as raised:
        enter(session, token, "12345", "large_straight", version=1, number=2)

    assert raised.value.version == 2
    assert raised.value.change.entered == ()


def test_an_edit_conflict_says_what_the_turn_is_now(session, new_dice_game):
    token = new_dice_game()
    enter(session, token, "33356", "full_house")
    turn_id = game_now(session, token).turns[0].id
    dice_turns.edit_sheet_turn(session, token, turn_id, "33356", "chance", None, version=1)

    with pytest.raises(Conflict) as raised:
        dice_turns.edit_sheet_turn(session, token, turn_id, "33356", "threes", None, version=1)

    assert "now Ann's turn 1: 3 3 3 5 6 in Chance (20)" in raised.value.sentence
    assert raised.value.version == 2
