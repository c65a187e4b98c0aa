"""The dice games' words for players are sentences of the code (rules/sentences.py): box
labels, house rules' help and choices, refusals and turn sentences keep their message and
values, so a page says them in the phone's language while their English stays as it was."""

from __future__ import annotations

import pytest

from scorekeeper.rules import (
    DICE_GAMES,
    FarkleTurn,
    RuleError,
    Said,
    YahtzeeCard,
    replay_farkle,
    score_throw,
    yahtzee,
)

SHEET_GAMES = [game for game in DICE_GAMES.values() if game.sheet is not None]


@pytest.mark.parametrize("game", SHEET_GAMES, ids=lambda game: game.kind)
def test_every_box_label_is_said(game):
    rules = game.build_rules({"double_generala": True} if game.kind == "generala" else None)
    assert all(isinstance(box.label, Said) for box in game.sheet.boxes(rules))


@pytest.mark.parametrize("game", DICE_GAMES.values(), ids=lambda game: game.kind)
def test_every_house_rule_is_explained_in_said_words(game):
    assert all(isinstance(knob.help, Said) for knob in game.knobs)


@pytest.mark.parametrize("game", DICE_GAMES.values(), ids=lambda game: game.kind)
def test_every_worded_choice_has_words_that_read_as_the_choice_in_english(game):
    for knob in game.knobs:
        worded = [choice for choice in knob.choices if isinstance(choice, str)]
        labels = game.choice_labels.get(knob.name, {})
        assert sorted(labels) == sorted(worded)
        assert all(isinstance(labels[c], Said) and labels[c] == c for c in worded)


def test_a_refusal_keeps_the_box_as_a_sentence_of_its_own():
    card = YahtzeeCard().record("chance", yahtzee.TurnOutcome(20))
    with pytest.raises(RuleError) as refused:
        yahtzee.score_turn(card, "12345", "chance")
    reason = refused.value.reason
    assert reason == "chance already holds 20"
    assert reason.message == "%(box)s already holds %(points)s"
    assert isinstance(reason.values["box"], Said) and reason.values["points"] == 20


def test_a_farkle_turn_names_its_player_as_a_value_not_as_words():
    game = replay_farkle(["Ann", "Bob"], [FarkleTurn(throws=("1115",))])
    sentence = game.turns[0].sentence
    assert sentence == "Ann banks 1050"
    assert sentence.message == "%(player)s banks %(points)s"
    assert sentence.values == {"player": "Ann", "points": 1050}


def test_a_combination_is_read_out_with_its_points_as_a_number():
    throw = score_throw("1115")
    assert [c.said for c in throw.combinations] == ["three of a kind 1000", "single 5 50"]
    assert throw.combinations[0].said.values["points"] == 1000
