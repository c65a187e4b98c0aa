"""The dice games the site offers (rules/dice_games.py): each kind's label and table size, its
house rules with their defaults and help, building its rules, and replaying it."""

from __future__ import annotations

import dataclasses

import pytest

from scorekeeper.rules.dice_games import DICE_GAMES, DiceGameKind, DiceKnob, dice_game
from scorekeeper.rules.errors import RuleError
from scorekeeper.rules.farkle import FarkleGame, FarkleRules, FarkleTurn
from scorekeeper.rules.yahtzee import Scorecard, YahtzeeRules, YahtzeeTurn


def names(game: DiceGameKind) -> list[str]:
    """The names of a game's house rules, in the order the game offers them."""
    return [knob.name for knob in game.knobs]


KINDS = ["yahtzee", "triple", "yatzy", "maxi-yatzy", "generala", "kniffel", "yams", "farkle"]


def test_the_site_offers_the_sheet_games_then_farkle_in_that_order():
    assert list(DICE_GAMES) == KINDS
    assert all(game.kind == kind for kind, game in DICE_GAMES.items())


@pytest.mark.parametrize(
    ("kind", "label", "fewest", "most", "dice", "columns"),
    [
        ("yahtzee", "Yahtzee", 1, 8, 5, (1,)),
        ("triple", "Triple Yahtzee", 1, 8, 5, (1, 2, 3)),
        ("yatzy", "Yatzy", 1, 8, 5, (1,)),
        ("maxi-yatzy", "Maxi Yatzy", 1, 8, 6, (1,)),
        ("generala", "Generala", 1, 8, 5, (1,)),
        ("kniffel", "Kniffel", 1, 8, 5, (1,)),
        ("yams", "Yams", 1, 8, 5, (1,)),
    ],
)
def test_each_sheet_game_has_its_label_its_players_its_dice_and_its_columns(
    kind, label, fewest, most, dice, columns
):
    game = dice_game(kind)
    assert (game.label, game.fewest_players, game.most_players) == (label, fewest, most)
    assert (game.sheet.kind, game.sheet.label) == (kind, label)
    assert (game.sheet.dice, game.sheet.multipliers) == (dice, columns)


def test_farkle_has_no_sheet_its_seats_share_one_running_game():
    game = dice_game("farkle")
    assert (game.label, game.fewest_players, game.most_players) == ("Farkle", 2, 8)
    assert game.sheet is None


@pytest.mark.parametrize(
    "kind", ["chess", "", "Yahtzee", "classic", "farkle ", None, 3, ["farkle"]]
)
def test_a_kind_the_site_does_not_offer_is_refused_with_a_sentence(kind):
    with pytest.raises(RuleError) as error:
        dice_game(kind)
    assert str(error.value) == (
        f'"{kind}" is not a dice game; choose yahtzee, triple, yatzy, maxi-yatzy, generala, '
        "kniffel, yams or farkle"
    )
    assert error.value.field == "kind"


def test_a_game_kind_cannot_be_changed_once_made():
    with pytest.raises(dataclasses.FrozenInstanceError):
        dice_game("farkle").label = "Zilch"


# ---------------------------------------------------------------- house rules


@pytest.mark.parametrize(
    ("kind", "knobs"),
    [
        ("yahtzee", [("joker", "forced", ("forced", "free"))]),
        (
            "triple",
            [("joker", "forced", ("forced", "free")), ("bonus_multiplied", True, ())],
        ),
        (
            "farkle",
            [
                ("opening_score", 500, ()),
                ("three_farkles_penalty", -1000, ()),
                ("target", 10000, ()),
                ("straight", 1500, ()),
                ("three_pairs", 1500, ()),
                ("two_triplets", 2500, ()),
                ("four_and_pair", "three-pairs", ("three-pairs", "separate")),
                ("n_of_a_kind", "fixed", ("fixed", "doubling")),
                ("three_ones", 1000, (1000, 300)),
            ],
        ),
    ],
)
def test_each_game_offers_its_house_rules_with_their_defaults_and_choices(kind, knobs):
    game = dice_game(kind)
    assert all(isinstance(knob, DiceKnob) for knob in game.knobs)
    assert [(knob.name, knob.default, knob.choices) for knob in game.knobs] == knobs


def test_only_triple_offers_multiplying_a_columns_yahtzee_bonuses():
    offering = [kind for kind, game in DICE_GAMES.items() if "bonus_multiplied" in names(game)]
    assert offering == ["triple"]


@pytest.mark.parametrize("kind", list(DICE_GAMES))
def test_every_house_rule_has_one_line_of_help(kind):
    for knob in dice_game(kind).knobs:
        assert knob.help and "\n" not in knob.help, knob.name


@pytest.mark.parametrize("kind", list(DICE_GAMES))
def test_a_house_rules_default_is_what_the_games_default_rules_hold(kind):
    game = dice_game(kind)
    defaults = game.build_rules(None)
    assert {knob.name: knob.default for knob in game.knobs} == {
        name: getattr(defaults, name) for name in names(game)
    }


@pytest.mark.parametrize(
    ("kind", "overrides", "rules"),
    [
        ("yahtzee", None, YahtzeeRules()),
        ("yahtzee", {"joker": "free"}, YahtzeeRules(joker="free")),
        ("triple", {}, YahtzeeRules()),
        ("triple", {"bonus_multiplied": False}, YahtzeeRules(bonus_multiplied=False)),
        ("farkle", None, FarkleRules()),
        ("farkle", {"target": 5000}, FarkleRules(target=5000)),
        ("farkle", {"opening_score": 0, "three_farkles_penalty": 0}, FarkleRules(0, 0)),
    ],
)
def test_each_game_builds_its_rules_from_a_games_house_rules(kind, overrides, rules):
    assert dice_game(kind).build_rules(overrides) == rules


@pytest.mark.parametrize(
    ("kind", "overrides", "sentence"),
    [
        ("yahtzee", {"joker": "wild"}, "joker must be one of forced, free"),
        ("triple", {"opening_score": 500}, '"opening_score" is not a house rule of Yahtzee'),
        ("farkle", {"joker": "free"}, '"joker" is not a house rule of Farkle'),
        ("farkle", {"target": 0}, "target must be a whole number, at least 1"),
    ],
)
def test_a_house_rule_the_game_does_not_have_or_allow_is_refused(kind, overrides, sentence):
    with pytest.raises(RuleError, match=sentence):
        dice_game(kind).build_rules(overrides)


# ---------------------------------------------------------------- replaying a game


def test_yahtzee_replays_one_players_classic_sheet():
    game = dice_game("yahtzee")
    sheet = game.replay(
        [YahtzeeTurn("44444", "yahtzee"), YahtzeeTurn("44444", "fours")], game.build_rules(None)
    )
    assert isinstance(sheet, Scorecard)
    assert (sheet.variant, len(sheet.columns)) == ("classic", 1)
    assert (sheet.yahtzee_bonus, sheet.total) == (100, 170)


def test_triple_replays_one_players_sheet_of_three_columns():
    game = dice_game("triple")
    sheet = game.replay([YahtzeeTurn("12345", "chance", 3)], game.build_rules(None))
    assert (sheet.variant, [c.multiplier for c in sheet.columns]) == ("triple", [1, 2, 3])
    assert sheet.total == 45


def test_triple_replay_needs_a_column_and_classic_refuses_one():
    with pytest.raises(RuleError, match="turn 1: which column?"):
        dice_game("triple").replay([YahtzeeTurn("12345", "chance")], YahtzeeRules())
    with pytest.raises(RuleError, match="turn 1: classic Yahtzee has one column"):
        dice_game("yahtzee").replay([YahtzeeTurn("12345", "chance", 2)], YahtzeeRules())


def test_farkle_replays_the_whole_table_in_seat_order():
    game = dice_game("farkle")
    rules = game.build_rules({"target": 1000})
    turns = [FarkleTurn(total=1000), FarkleTurn(throws=("1", "55")), FarkleTurn(farkle=True)]
    result = game.replay(["Ann", "Bob", "Cy"], turns, rules)
    assert isinstance(result, FarkleGame)
    assert result.totals == (1000, 0, 0)
    assert (result.over, result.winners) == (True, (0,))


def test_the_registry_is_one_table_of_kinds():
    assert all(isinstance(game, DiceGameKind) for game in DICE_GAMES.values())
    assert len({game.label for game in DICE_GAMES.values()}) == len(DICE_GAMES)
