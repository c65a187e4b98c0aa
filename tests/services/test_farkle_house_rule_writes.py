"""A Farkle game's house rules of "More house rules" through the services: stored as
entered, replayed into every total, checked before anything is written."""

from __future__ import annotations

import pytest
from sqlalchemy import func, select

from scorekeeper.models import DiceGame
from scorekeeper.rules import FarkleTurn, RuleError, TurnError
from scorekeeper.services import dice, dice_turns
from tests.helpers.stored import form_token


def enter(session, token: str, *throws: str) -> None:
    """Enter the next player's turn from a form drawn now."""
    session.expire_all()
    state = dice.load_game(session, token)
    dice_turns.add_farkle_turn(
        session,
        token,
        FarkleTurn(throws),
        version=state.game.version,
        form_token=form_token(),
        number=len(state.turns) + 1,
    )


def test_a_games_house_rules_score_every_turn(session, new_dice_game):
    token = new_dice_game("farkle", n_of_a_kind="doubling", three_ones=300, opening_score=0)

    enter(session, token, "1111")  # three 1s at 300, doubled: 600
    enter(session, token, "222222")  # three 2s (200) doubled three times: 1600

    session.expire_all()
    state = dice.load_game(session, token)
    assert state.game.house_rules == {
        "n_of_a_kind": "doubling",
        "three_ones": 300,
        "opening_score": 0,
    }
    assert state.totals == (600, 1600)
    assert [turn.sentence for turn in state.result.turns] == [
        "Ann banks 600 (four 1s at 300, doubled)",
        "Bob banks 1600 (six 2s, doubled three times)",
    ]


def test_a_throw_the_games_rules_refuse_writes_nothing(session, new_dice_game):
    token = new_dice_game("farkle", four_and_pair="separate")

    with pytest.raises(TurnError, match="the two 3s do not score"):
        enter(session, token, "222233")

    session.expire_all()
    assert dice.load_game(session, token).turns == []


@pytest.mark.parametrize(
    "rules", [{"three_ones": 500}, {"straight": 1234}, {"n_of_a_kind": "doubled"}]
)
def test_a_game_with_an_impossible_house_rule_is_not_started(session, rules):
    with pytest.raises(RuleError):
        dice_turns.start_dice_game(session, "farkle", ["Ann", "Bob"], rules)

    assert session.scalar(select(func.count()).select_from(DiceGame)) == 0
