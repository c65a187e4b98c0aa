"""The sheet engine shared by Yatzy, Maxi Yatzy and Generala: a card's boxes and totals, the
standing of a table, and properties that hold for every game on it, checked with hypothesis
(no box beyond its most, no sheet beyond the game's maximum, turn order never changing a
finished sheet, a replay equal to its single steps, the preview agreeing with scoring)."""

from __future__ import annotations

import dataclasses
import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.rules import yahtzee
from scorekeeper.rules.dice import Box, TurnError
from scorekeeper.rules.errors import RuleError
from scorekeeper.rules.generala import GENERALA, GENERALA_MOST
from scorekeeper.rules.sheets import SheetCard, SheetTurn
from scorekeeper.rules.yatzy import MAXI_YATZY, MAXI_YATZY_MOST, YATZY, YATZY_MOST

GAMES = (YATZY, MAXI_YATZY, GENERALA)
# The highest total of a sheet under default rules, worked out in each game's module.
MOST = {"yatzy": YATZY_MOST, "maxi-yatzy": MAXI_YATZY_MOST, "generala": GENERALA_MOST}
# Every house rule a game offers, over the values it accepts.
KNOB_VALUES = {
    "yatzy": {"upper_bonus": st.integers(0, 100), "upper_bonus_at": st.integers(1, 105)},
    "maxi-yatzy": {
        "upper_bonus": st.integers(0, 200),
        "upper_bonus_at": st.integers(1, 126),
        "saved_throws": st.booleans(),
    },
    "generala": {
        "generala_points": st.sampled_from([50, 60]),
        "served_bonus": st.integers(0, 20),
        "served_generala_wins": st.booleans(),
        "double_generala": st.booleans(),
        "wrap_straight": st.booleans(),
    },
}

games = st.sampled_from(GAMES)


def dice_of(game):
    return st.lists(st.integers(1, 6), min_size=game.dice, max_size=game.dice)


def house_rules(game):
    return st.fixed_dictionaries({}, optional=KNOB_VALUES[game.kind]).map(game.build_rules)


@st.composite
def played_sheets(draw, game=None, rules=None, full=False, served=True):
    """A game, its rules and one player's turns: each a box still open, random dice, and
    throws the turn has; the turns stop where a turn won the game outright."""
    game = game or draw(games)
    rules = rules if rules is not None else draw(house_rules(game))
    boxes = draw(st.permutations([box.name for box in game.boxes(rules)]))
    if not full:
        boxes = boxes[: draw(st.integers(0, len(boxes)))]
    card = game.new_card(rules)
    turns = []
    for box in boxes:
        throws = draw(st.none() | st.integers(1, 3 + card.saved_throws))
        first_throw = draw(st.booleans()) if served else False
        turn = SheetTurn(draw(dice_of(game)), box, first_throw, throws)
        card = game.play(card, turn, rules)
        turns.append(turn)
    try:
        game.replay(turns, rules)
    except TurnError as error:
        assert "the game is over" in str(error)
        turns = turns[: error.turn - 1]
    return game, rules, turns


# ------------------------------------------------------------------------ a card


def test_a_card_answers_like_a_yahtzee_card():
    card = YATZY.new_card().record("sixes", 24).record("chance", 20)
    assert card.held("sixes") == 24
    assert card.held("ones") is None
    assert card.is_open("ones") and not card.is_open("chance")
    assert card.open_boxes[:5] == ("ones", "twos", "threes", "fours", "fives")
    assert "sixes" not in card.open_boxes and "chance" not in card.open_boxes
    assert not card.complete
    assert (card.upper_subtotal, card.upper_bonus, card.lower_subtotal) == (24, 0, 20)
    assert (card.yahtzee_bonus, card.total) == (0, 44)
    assert yahtzee.ColumnResult(1, card, 1, 1).total == 44


def test_a_card_refuses_a_box_it_does_not_have():
    with pytest.raises(RuleError, match='^"villa" is not a box of this sheet') as error:
        YATZY.new_card().held("villa")
    assert error.value.field == "box"


def test_a_card_needs_one_score_for_each_box():
    with pytest.raises(ValueError, match="one score"):
        SheetCard(("ones", "twos"), (None,))


def test_a_box_says_its_name_label_section_and_most():
    assert MAXI_YATZY.boxes()[16] == Box("villa", "Villa", "lower", 33)
    assert GENERALA.boxes()[5] == Box("sixes", "Sixes", "upper", 30)


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.kind)
def test_each_game_seats_one_to_eight_players(game):
    assert (game.fewest_players, game.most_players) == (1, 8)
    assert dataclasses.fields(game.default_rules)  # the site builds its forms from these
    assert isinstance(game.default_rules, game.rules_class)


# ------------------------------------------------------------------- a table


def test_the_standing_names_whose_turn_it_is_until_every_sheet_is_full():
    first = YATZY.replay([SheetTurn("66666", "sixes")])
    second = YATZY.replay([])
    standing = YATZY.standing([first, second])
    assert (standing.totals, standing.complete, standing.next_player) == ((30, 0), False, 1)
    assert standing.winners == () and standing.won_outright is None
    YATZY.check_turn([first, second])


def test_equal_highest_totals_share_the_win():
    boxes = [box.name for box in GENERALA.boxes()]
    best = GENERALA.replay([SheetTurn("11111", box) for box in boxes])
    lower = GENERALA.replay([SheetTurn("12346", box) for box in boxes])
    standing = GENERALA.standing([best, lower, best])
    assert standing.totals == (95, 16, 95)
    assert standing.complete
    assert standing.winners == (0, 2)
    assert standing.next_player is None


def test_of_two_served_generalas_the_one_in_the_earlier_round_won():
    late = GENERALA.replay([SheetTurn("12345", "straight"), SheetTurn("22222", "twos", True)])
    early = GENERALA.replay([SheetTurn("33333", "threes", first_throw=True)])
    assert GENERALA.standing([late, early]).won_outright == 1


@pytest.mark.parametrize("players", [0, 9])
def test_a_table_has_one_to_eight_players(players):
    with pytest.raises(RuleError, match=f"has 1 to 8 players, not {players}") as error:
        YATZY.standing([YATZY.replay([])] * players)
    assert error.value.field == "players"


# ------------------------------------------------------------------ properties

RULE_SETS = [
    (YATZY, YATZY.default_rules),
    (MAXI_YATZY, MAXI_YATZY.default_rules),
    (GENERALA, GENERALA.default_rules),
    (GENERALA, GENERALA.build_rules({"double_generala": True, "generala_points": 60})),
    (GENERALA, GENERALA.build_rules({"wrap_straight": True, "served_bonus": 10})),
]


@pytest.mark.parametrize(("game", "rules"), RULE_SETS, ids=lambda each: getattr(each, "kind", ""))
def test_every_box_reaches_its_most_and_no_dice_pass_it(game, rules):
    # Every throw there is (dice order never matters), on a card whose other boxes hold
    # their most, served or not: the best any of them scores in a box is its most.
    card = game.new_card(rules)
    for box in game.boxes(rules):
        card = card.record(box.name, box.most)
    for box in game.boxes(rules):
        open_card = dataclasses.replace(
            card,
            scores=tuple(
                None if name == box.name else held
                for name, held in zip(card.boxes, card.scores, strict=True)
            ),
        )
        best = max(
            game.score(open_card, dice, box.name, rules, first_throw)
            for dice in itertools.combinations_with_replacement(range(1, 7), game.dice)
            for first_throw in (False, True)
        )
        assert best == box.most, box.name


@given(st.data())
def test_no_box_ever_scores_more_than_its_most(data):
    game = data.draw(games)
    rules = data.draw(house_rules(game))
    boxes = game.boxes(rules)
    box = data.draw(st.sampled_from(boxes))
    # Other boxes may hold their most already (a double generala needs the generala in).
    card = game.new_card(rules)
    for other in data.draw(st.lists(st.sampled_from(boxes), unique=True)):
        if other != box:
            card = card.record(other.name, other.most)
    points = game.score(card, data.draw(dice_of(game)), box.name, rules, data.draw(st.booleans()))
    assert 0 <= points <= box.most


@given(st.data())
def test_a_full_sheet_never_passes_the_games_maximum(data):
    game = data.draw(games)
    _, _, turns = data.draw(played_sheets(game, game.default_rules, full=True))
    assert game.replay(turns).total <= MOST[game.kind]


@given(played_sheets(full=True))
def test_no_sheet_passes_its_boxes_mosts_and_the_upper_bonus(played):
    game, rules, turns = played
    sheet = game.replay(turns, rules)
    bonus = sheet.columns[0].card.bonus_points
    assert sheet.total <= sum(box.most for box in game.boxes(rules)) + bonus


@given(st.data())
def test_the_order_of_turns_never_changes_a_finished_sheet(data):
    game = data.draw(games)
    # Generala without served turns: a served generala ends the game wherever it falls.
    rules = data.draw(house_rules(game))
    if game is GENERALA:
        # A double generala counts only after the generala box holds its points.
        rules = dataclasses.replace(rules, double_generala=False)
    _, _, turns = data.draw(played_sheets(game, rules, full=True, served=False))
    turns = [dataclasses.replace(turn, throws=None) for turn in turns]
    reordered = data.draw(st.permutations(turns))
    first, second = game.replay(turns, rules), game.replay(reordered, rules)
    assert first.complete and second.complete
    assert first.total == second.total
    assert first.columns[0].card == second.columns[0].card


@given(played_sheets())
def test_a_replay_of_n_turns_equals_n_single_steps(played):
    game, rules, turns = played
    sheet = game.replay(turns, rules)
    card = game.new_card(rules)
    for turn, result in zip(turns, sheet.turns, strict=True):
        points = game.score(card, turn.dice, turn.box, rules, turn.first_throw, turn.throws)
        assert result.points == points
        assert card.record(turn.box, points).total == result.total
        card = game.play(card, turn, rules)
    assert card == sheet.columns[0].card
    assert (
        sheet.total == card.total == sum(turn.points for turn in sheet.turns) + (card.upper_bonus)
    )
    assert len(sheet.turns) == len(turns)


@given(played_sheets(), st.data())
def test_the_preview_agrees_with_scoring_every_box(played, data):
    game, rules, turns = played
    card = game.replay(turns, rules).columns[0].card
    dice = data.draw(dice_of(game))
    first_throw = data.draw(st.booleans())
    previews = game.preview(card, dice, rules, first_throw)
    assert [preview.box for preview in previews] == [box.name for box in game.boxes(rules)]
    for preview in previews:
        if preview.allowed:
            assert preview.points == game.score(card, dice, preview.box, rules, first_throw)
        else:
            assert preview.held == card.held(preview.box)
            with pytest.raises(RuleError, match="already holds"):
                game.score(card, dice, preview.box, rules, first_throw)


@given(st.data())
def test_dice_order_never_changes_a_box_score(data):
    game = data.draw(games)
    rules = data.draw(house_rules(game))
    box = data.draw(st.sampled_from([box.name for box in game.boxes(rules)]))
    dice = data.draw(dice_of(game))
    shuffled = data.draw(st.permutations(dice))
    card = game.new_card(rules)
    assert game.score(card, dice, box, rules) == game.score(card, shuffled, box, rules)


@given(played_sheets())
def test_the_best_boxes_are_allowed_and_worth_their_points(played):
    game, rules, turns = played
    card = game.replay(turns, rules).columns[0].card
    best = game.best_boxes(card, [6] * game.dice, rules)
    assert len(best) == min(3, len(card.open_boxes))
    assert all(choice.preview.allowed for choice in best)
    assert [choice.worth for choice in best] == sorted((c.worth for c in best), reverse=True)
