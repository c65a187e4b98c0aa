"""A dice game's view link through the services: it reads the game as the edit link does,
and no write takes it."""

from __future__ import annotations

import pytest
from sqlalchemy import func, select

from scorekeeper.models import DiceGame
from scorekeeper.rules import FarkleTurn
from scorekeeper.services import dice, dice_turns
from scorekeeper.services.errors import NotFound
from tests.helpers.stored import form_token


def view_of(session, token: str) -> str:
    return dice.find_game(session, token).view_token


def game_count(session) -> int:
    return session.scalar(select(func.count()).select_from(DiceGame))


def stored_turns(session, token: str) -> list[tuple]:
    session.expire_all()
    game = dice.find_game(session, token)
    return [(turn.position, turn.player, turn.dice, turn.box) for turn in game.turns]


def test_a_new_game_gets_a_view_token_of_its_own(session, new_dice_game):
    first, second = new_dice_game(), new_dice_game("farkle")

    tokens = [first, second, view_of(session, first), view_of(session, second)]

    assert len(set(tokens)) == 4


def test_the_view_token_reads_the_same_game_and_version(session, new_dice_game):
    token = new_dice_game()
    state = dice.load_game(session, token)
    dice_turns.add_sheet_turn(
        session, token, "33355", "full_house", None, version=0, form_token=form_token(), number=1
    )
    session.expire_all()

    watched = dice.load_game(session, view_of(session, token), view=True)

    assert watched.game.id == state.game.id
    assert watched.totals == dice.load_game(session, token).totals == (25, 0)
    assert dice.game_version(session, view_of(session, token), view=True) == 1


def test_each_token_opens_only_its_own_kind_of_link(session, new_dice_game):
    token = new_dice_game()
    view = view_of(session, token)

    for ask in (
        lambda: dice.load_game(session, view),
        lambda: dice.game_version(session, view),
        lambda: dice.load_game(session, token, view=True),
        lambda: dice.game_version(session, token, view=True),
    ):
        with pytest.raises(NotFound):
            ask()


WRITES = {
    "yahtzee turn": lambda session, view: dice_turns.add_sheet_turn(
        session, view, "12345", "large_straight", None, version=1, form_token=form_token(), number=2
    ),
    "correction": lambda session, view: dice_turns.edit_sheet_turn(
        session, view, 1, "33333", "threes", None, version=1
    ),
    "undo": lambda session, view: dice_turns.undo_turn(session, view, version=1),
    "play again": lambda session, view: dice_turns.play_again(session, view),
}


@pytest.mark.parametrize("write", WRITES)
def test_no_write_takes_the_view_token(session, new_dice_game, write):
    token = new_dice_game()
    dice_turns.add_sheet_turn(
        session, token, "33355", "full_house", None, version=0, form_token=form_token(), number=1
    )
    before = stored_turns(session, token)
    games = game_count(session)

    with pytest.raises(NotFound):
        WRITES[write](session, view_of(session, token))

    session.rollback()
    assert stored_turns(session, token) == before
    assert dice.game_version(session, token) == 1
    assert game_count(session) == games


def test_a_farkle_turn_does_not_take_the_view_token(session, new_dice_game):
    token = new_dice_game("farkle")

    with pytest.raises(NotFound):
        dice_turns.add_farkle_turn(
            session,
            view_of(session, token),
            FarkleTurn(total=600),
            version=0,
            form_token=form_token(),
            number=1,
        )

    session.rollback()
    assert stored_turns(session, token) == []


def test_playing_again_gives_the_new_game_its_own_view_link(session, new_dice_game):
    token = new_dice_game()

    again = dice_turns.play_again(session, token)

    assert again.view_token not in (view_of(session, token), token, again.token)
