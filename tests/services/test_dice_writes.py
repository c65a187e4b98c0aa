"""Every write rule of a dice game, through the services: the same write model as matches."""

from __future__ import annotations

import pytest
from sqlalchemy import func, select

from scorekeeper.models import DeviceDiceGame, DiceTurn
from scorekeeper.rules import FarkleTurn, RuleError, TurnError
from scorekeeper.services import devices, dice, dice_turns
from scorekeeper.services.dice_turns import STALE
from scorekeeper.services.errors import AlreadyRecorded, Conflict, GameOver, NotFound, Refused
from tests.helpers.stored import form_token


def game_now(session, token: str) -> dice.DiceState:
    session.expire_all()
    return dice.load_game(session, token)


def turn_count(session) -> int:
    return session.scalar(select(func.count()).select_from(DiceTurn))


def enter(session, token: str, dice_text="33333", box="yahtzee", token_of_form=None):
    """Enter the next Yahtzee turn from a form drawn now."""
    state = game_now(session, token)
    return dice_turns.add_sheet_turn(
        session,
        token,
        dice_text,
        box,
        None,
        version=state.game.version,
        form_token=token_of_form or form_token(),
        number=state.next_number,
    )


def test_a_turn_scores_on_the_next_players_sheet_and_moves_the_version(session, new_dice_game):
    token = new_dice_game()

    enter(session, token)

    state = game_now(session, token)
    assert state.totals == (50, 0) and state.next_player == 1
    assert state.game.version == 1


def test_a_double_tapped_turn_records_one_turn(session, new_dice_game):
    token = new_dice_game()
    tapped = form_token()
    enter(session, token, token_of_form=tapped)

    with pytest.raises(AlreadyRecorded):
        dice_turns.add_sheet_turn(
            session, token, "33333", "yahtzee", None, version=0, form_token=tapped, number=1
        )

    assert turn_count(session) == 1


def test_a_turn_from_a_form_drawn_before_another_phones_turn_is_a_conflict(session, new_dice_game):
    token = new_dice_game()
    enter(session, token)

    with pytest.raises(Conflict) as conflict:
        dice_turns.add_sheet_turn(
            session, token, "11111", "ones", None, version=0, form_token=form_token()
        )

    assert conflict.value.sentence == STALE
    assert turn_count(session) == 1


def test_a_turn_whose_number_is_already_taken_is_a_conflict(session, new_dice_game):
    token = new_dice_game()
    enter(session, token)

    with pytest.raises(Conflict):
        dice_turns.add_sheet_turn(
            session, token, "11111", "ones", None, version=1, form_token=form_token(), number=1
        )

    assert turn_count(session) == 1


@pytest.mark.parametrize("version", [None, "0", "junk", -1, 2**31])
def test_a_turn_without_a_readable_version_is_refused(session, new_dice_game, version):
    token = new_dice_game()

    with pytest.raises(Refused):
        dice_turns.add_sheet_turn(
            session, token, "33333", "yahtzee", None, version=version, form_token=form_token()
        )

    assert turn_count(session) == 0 and game_now(session, token).game.version == 0


@pytest.mark.parametrize("token_of_form", [None, "", "not a token", "x" * 41])
def test_a_turn_whose_form_token_is_not_one_of_ours_is_refused(
    session, new_dice_game, token_of_form
):
    token = new_dice_game()

    with pytest.raises(Refused):
        dice_turns.add_sheet_turn(
            session, token, "33333", "yahtzee", None, version=0, form_token=token_of_form
        )

    assert turn_count(session) == 0


def test_a_turn_the_rules_refuse_writes_nothing(session, new_dice_game):
    token = new_dice_game()
    enter(session, token)
    enter(session, token)

    with pytest.raises(TurnError):
        enter(session, token, "11111", "yahtzee")  # Ann's yahtzee box is filled

    assert turn_count(session) == 2 and game_now(session, token).game.version == 2


def test_a_farkle_turn_is_recorded_once(session, new_dice_game):
    token = new_dice_game("farkle")
    tapped = form_token()

    dice_turns.add_farkle_turn(
        session, token, FarkleTurn(("111",), None), version=0, form_token=tapped, number=1
    )
    with pytest.raises(AlreadyRecorded):
        dice_turns.add_farkle_turn(
            session, token, FarkleTurn(("111",), None), version=0, form_token=tapped, number=1
        )

    assert game_now(session, token).totals == (1000, 0)


def test_no_turn_is_added_once_the_game_is_over(session, new_dice_game):
    token = new_dice_game("farkle", target=500)
    for _ in range(2):
        state = game_now(session, token)
        dice_turns.add_farkle_turn(
            session,
            token,
            FarkleTurn(("111",), None),
            version=state.game.version,
            form_token=form_token(),
        )

    with pytest.raises(GameOver):
        dice_turns.add_farkle_turn(
            session, token, FarkleTurn(farkle=True), version=2, form_token=form_token()
        )


def test_a_yahtzee_turn_cannot_go_into_a_farkle_game(session, new_dice_game):
    token = new_dice_game("farkle")

    with pytest.raises(NotFound):
        enter(session, token)


def test_a_correction_replays_the_card_and_moves_the_version(session, new_dice_game):
    token = new_dice_game()
    turn = enter(session, token)

    dice_turns.edit_sheet_turn(session, token, turn.id, "33333", "threes", None, version=1)

    state = game_now(session, token)
    assert state.totals == (15, 0) and state.game.version == 2


def test_a_correction_from_a_stale_form_is_a_conflict(session, new_dice_game):
    token = new_dice_game()
    turn = enter(session, token)
    enter(session, token)

    with pytest.raises(Conflict):
        dice_turns.edit_sheet_turn(session, token, turn.id, "33333", "threes", None, version=1)

    assert game_now(session, token).totals == (50, 50)


def test_undo_takes_back_one_turn_however_often_it_is_tapped(session, new_dice_game):
    token = new_dice_game()
    for box in ("yahtzee", "yahtzee", "twos"):  # Ann, Bob, Ann
        enter(session, token, "22222", box)
    seen = game_now(session, token).game.version

    assert dice_turns.undo_turn(session, token, version=seen) is True
    assert dice_turns.undo_turn(session, token, version=seen) is False

    assert turn_count(session) == 2


@pytest.mark.parametrize("version", [None, "abc", -5])
def test_an_undo_without_a_readable_version_is_refused(session, new_dice_game, version):
    token = new_dice_game()
    enter(session, token)

    with pytest.raises(Refused):
        dice_turns.undo_turn(session, token, version=version)

    assert turn_count(session) == 1


def test_playing_again_keeps_the_kind_players_and_rules(session, new_dice_game):
    token = new_dice_game("farkle", ("Ann", "Bob", "Cat"), target=5000)

    again = dice_turns.play_again(session, token)

    assert (again.kind, again.player_names, again.house_rules) == (
        "farkle",
        ["Ann", "Bob", "Cat"],
        {"target": 5000},
    )


@pytest.mark.parametrize(
    ("kind", "players"), [("chess", ("Ann",)), ("farkle", ("Ann",)), ("yahtzee", ("A",) * 9)]
)
def test_a_game_the_registry_does_not_allow_is_not_started(session, kind, players):
    with pytest.raises(RuleError):
        dice_turns.start_dice_game(session, kind, list(players), {})


def test_a_device_lists_a_game_once_however_often_it_is_opened(session, new_dice_game):
    game = game_now(session, new_dice_game()).game

    devices.remember_dice_game(session, "phone-" + "y" * 20, game.id)
    devices.remember_dice_game(session, "phone-" + "y" * 20, game.id)

    assert session.scalar(select(func.count()).select_from(DeviceDiceGame)) == 1
