"""Yahtzee and Triple Yahtzee (RULES.md, "Yahtzee"): every box of the table, extra Yahtzees
under both joker rules, the upper bonus, replaying a sheet, Triple's columns and the winner."""

from __future__ import annotations

import dataclasses
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.rules.dice import TurnError
from scorekeeper.rules.errors import RuleError
from scorekeeper.rules.yahtzee import (
    BOXES,
    LOWER_BOXES,
    UPPER_BOXES,
    TurnOutcome,
    YahtzeeCard,
    YahtzeeRules,
    YahtzeeTurn,
    best_open_box,
    bonus_progress,
    box_score,
    game_result,
    open_boxes_preview,
    parse_dice,
    replay_yahtzee,
    score_turn,
    yahtzee_rules,
)

FORCED = YahtzeeRules(joker="forced")
FREE = YahtzeeRules(joker="free")


def card(yahtzee_bonus: int = 0, **held: int) -> YahtzeeCard:
    """A card with the named boxes already filled."""
    return YahtzeeCard(tuple(held.get(box) for box in BOXES), yahtzee_bonus)


def full_card(**held: int) -> YahtzeeCard:
    """A card with every box filled with 0 except those named (None leaves a box open)."""
    return YahtzeeCard(tuple(held.get(box, 0) for box in BOXES))


# ---------------------------------------------------------------- reading dice


@pytest.mark.parametrize(
    "typed",
    ["33356", "3 3 3 5 6", "3,3,3,5,6", " 3, 3 ,3;5+6 ", [3, 3, 3, 5, 6], ("3", 3, 3, 5, 6)],
)
def test_dice_are_read_from_every_accepted_spelling(typed):
    assert parse_dice(typed) == (3, 3, 3, 5, 6)


@pytest.mark.parametrize(
    ("typed", "sentence"),
    [
        ("3335", "dice must be five values from 1 to 6"),
        ("333566", "dice must be five values from 1 to 6"),
        ("", "dice must be five values from 1 to 6"),
        ([3, 3, 3, 5], "dice must be five values from 1 to 6"),
        ("33357", '"7" is not a die face'),
        ("3 3 3 5 0", '"0" is not a die face'),
        ("3,3,3,5,10", '"10" is not a die face'),
        ("3 3 x 5 6", '"x" is not a die face'),
        ([3, 3, 3, 5, True], '"True" is not a die face'),
        ([3, 3, 3, 5, 6.0], '"6.0" is not a die face'),
        (33356, "dice must be five values from 1 to 6"),
        (None, "dice must be five values from 1 to 6"),
    ],
)
def test_dice_that_are_not_five_faces_are_refused_with_a_sentence(typed, sentence):
    with pytest.raises(RuleError) as error:
        parse_dice(typed)
    assert sentence in str(error.value)
    assert error.value.field == "dice"


# ---------------------------------------------------------- the table, box by box


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
        ("33356", "three_of_a_kind", 20),
        ("44445", "three_of_a_kind", 21),
        ("55555", "three_of_a_kind", 25),
        ("33556", "three_of_a_kind", 0),
        ("22225", "four_of_a_kind", 13),
        ("66666", "four_of_a_kind", 30),
        ("22255", "four_of_a_kind", 0),
        ("22333", "full_house", 25),
        ("55566", "full_house", 25),
        ("22223", "full_house", 0),
        ("22345", "full_house", 0),
        ("12346", "small_straight", 30),
        ("23455", "small_straight", 30),
        ("34566", "small_straight", 30),
        ("12345", "small_straight", 30),
        ("13456", "small_straight", 30),
        ("12356", "small_straight", 0),
        ("12345", "large_straight", 40),
        ("23456", "large_straight", 40),
        ("12346", "large_straight", 0),
        ("11111", "yahtzee", 50),
        ("11112", "yahtzee", 0),
        ("13456", "chance", 19),
        ("66666", "chance", 30),
    ],
)
def test_each_box_scores_by_the_table(dice, box, points):
    assert box_score(parse_dice(dice), box) == points
    assert score_turn(YahtzeeCard(), dice, box) == TurnOutcome(points)


@pytest.mark.parametrize("box", ["full_house", "small_straight", "large_straight"])
def test_five_of_a_kind_that_is_not_a_joker_scores_zero_in_full_house_and_straights(box):
    assert score_turn(YahtzeeCard(), "44444", box) == TurnOutcome(0)


def test_five_of_a_kind_with_the_yahtzee_box_open_may_go_anywhere_without_a_bonus():
    assert score_turn(YahtzeeCard(), "44444", "fours") == TurnOutcome(20)
    assert score_turn(YahtzeeCard(), "44444", "chance") == TurnOutcome(20)
    assert score_turn(YahtzeeCard(), "44444", "yahtzee") == TurnOutcome(50)


def test_a_box_may_take_zero():
    assert score_turn(YahtzeeCard(), "12346", "yahtzee") == TurnOutcome(0)


def test_a_filled_box_cannot_take_another_turn():
    with pytest.raises(RuleError, match="full house already holds 25") as error:
        score_turn(card(full_house=25), "22333", "full_house")
    assert error.value.field == "box"


def test_an_unknown_box_lists_the_boxes():
    with pytest.raises(RuleError, match='"pair" is not a box; choose one of ones, twos'):
        score_turn(YahtzeeCard(), "22333", "pair")


# ---------------------------------------------------------- the upper bonus


def test_upper_bonus_is_35_at_63_or_more():
    at_63 = card(ones=3, twos=6, threes=9, fours=12, fives=15, sixes=18)
    assert at_63.upper_subtotal == 63
    assert at_63.upper_bonus == 35
    assert at_63.total == 98
    at_62 = card(ones=2, twos=6, threes=9, fours=12, fives=15, sixes=18)
    assert at_62.upper_bonus == 0


@pytest.mark.parametrize(
    ("held", "sentence"),
    [
        ({}, "63 more for the 35 bonus"),
        ({"sixes": 24, "fives": 15, "fours": 12}, "12 more for the 35 bonus"),
        ({"sixes": 30, "fives": 25, "fours": 12}, "35 bonus won (67 of 63)"),
        (
            {"sixes": 12, "fives": 10, "fours": 8, "threes": 6, "twos": 4, "ones": 2},
            "no 35 bonus: the upper boxes total 42 of 63",
        ),
        ({"sixes": 0, "fives": 0}, "no 35 bonus: the upper boxes can reach 50 at most"),
        ({"sixes": 18, "fives": 15, "fours": 12, "threes": 9}, "9 more for the 35 bonus"),
    ],
)
def test_bonus_progress_says_how_many_points_are_still_needed(held, sentence):
    assert bonus_progress(card(**held)) == sentence


# ---------------------------------------------------------- extra Yahtzees: forced


def test_forced_extra_yahtzee_must_take_its_open_upper_box():
    yahtzee_50 = card(yahtzee=50)
    assert score_turn(yahtzee_50, "33333", "threes", FORCED) == TurnOutcome(15, 100, True)
    with pytest.raises(
        RuleError, match="the joker rule says this Yahtzee must go in threes, which is open"
    ) as error:
        score_turn(yahtzee_50, "33333", "full_house", FORCED)
    assert error.value.field == "box"
    with pytest.raises(RuleError, match="must go in threes"):
        score_turn(yahtzee_50, "33333", "ones", FORCED)


@pytest.mark.parametrize(
    ("box", "points"),
    [
        ("three_of_a_kind", 15),
        ("four_of_a_kind", 15),
        ("full_house", 25),
        ("small_straight", 30),
        ("large_straight", 40),
        ("chance", 15),
    ],
)
def test_forced_with_its_upper_box_filled_takes_a_lower_box_at_full_value(box, points):
    yahtzee_50 = card(yahtzee=50, threes=9)
    assert score_turn(yahtzee_50, "33333", box, FORCED) == TurnOutcome(points, 100, True)


def test_forced_with_its_upper_box_filled_may_not_take_an_upper_box_while_a_lower_is_open():
    sheet = card(yahtzee=50, threes=9, three_of_a_kind=20, full_house=25, chance=22)
    with pytest.raises(RuleError) as error:
        score_turn(sheet, "33333", "sixes", FORCED)
    assert error.value.reason == (
        "the joker rule says this Yahtzee must go in a lower box while one is open: "
        "four of a kind, small straight or large straight"
    )


def test_forced_with_every_lower_box_filled_scores_zero_in_an_open_upper_box():
    sheet = full_card(sixes=None, ones=None, yahtzee=50)
    assert score_turn(sheet, "33333", "sixes", FORCED) == TurnOutcome(0, 100, True)
    assert score_turn(sheet, "33333", "ones", FORCED) == TurnOutcome(0, 100, True)


def test_a_yahtzee_box_holding_zero_still_makes_a_joker_but_gives_no_bonus():
    scratched = card(yahtzee=0, threes=9)
    assert score_turn(scratched, "33333", "large_straight", FORCED) == TurnOutcome(40, 0, True)
    with pytest.raises(RuleError, match="must go in threes"):
        score_turn(card(yahtzee=0), "33333", "large_straight", FORCED)
    assert score_turn(card(yahtzee=0), "33333", "threes", FORCED) == TurnOutcome(15, 0, True)


def test_forced_preview_allows_only_the_matching_upper_box_when_it_is_open():
    preview = {p.box: p for p in open_boxes_preview(card(yahtzee=50), "55555", FORCED)}
    assert [box for box, p in preview.items() if p.allowed] == ["fives"]
    assert (preview["fives"].points, preview["fives"].bonus) == (25, 100)
    assert preview["chance"].reason == (
        "the joker rule says this Yahtzee must go in fives, which is open"
    )
    assert preview["yahtzee"].reason == "yahtzee already holds 50"
    assert preview["yahtzee"].held == 50


# ---------------------------------------------------------- extra Yahtzees: free


@pytest.mark.parametrize(
    ("box", "points"),
    [
        ("threes", 15),
        ("ones", 0),
        ("sixes", 0),
        ("three_of_a_kind", 15),
        ("four_of_a_kind", 15),
        ("full_house", 25),
        ("small_straight", 30),
        ("large_straight", 40),
        ("chance", 15),
    ],
)
def test_free_extra_yahtzee_takes_any_open_box_lower_at_full_value(box, points):
    assert score_turn(card(yahtzee=50), "33333", box, FREE) == TurnOutcome(points, 100, True)


def test_free_with_the_upper_box_filled_may_still_take_another_upper_box():
    assert score_turn(card(yahtzee=50, threes=9), "33333", "ones", FREE) == TurnOutcome(
        0, 100, True
    )


def test_free_joker_with_the_yahtzee_box_holding_zero_gives_no_bonus():
    assert score_turn(card(yahtzee=0), "22222", "full_house", FREE) == TurnOutcome(25, 0, True)


def test_free_preview_allows_every_open_box():
    preview = open_boxes_preview(card(yahtzee=50, chance=20), "66666", FREE)
    allowed = [p.box for p in preview if p.allowed]
    assert allowed == [box for box in BOXES if box not in ("yahtzee", "chance")]


# ---------------------------------------------------------- house rules


def test_rules_default_to_forced_jokers_and_multiplied_bonuses():
    assert yahtzee_rules() == YahtzeeRules("forced", True)
    assert yahtzee_rules({"joker": "free", "bonus_multiplied": False}) == YahtzeeRules(
        "free", False
    )


@pytest.mark.parametrize(
    ("overrides", "sentence"),
    [
        ({"joker": "loose"}, "joker must be one of forced, free"),
        ({"bonus_multiplied": "yes"}, "bonus_multiplied must be true or false"),
        ({"target": 300}, '"target" is not a house rule of Yahtzee'),
    ],
)
def test_bad_house_rules_are_refused(overrides, sentence):
    with pytest.raises(RuleError, match=sentence):
        yahtzee_rules(overrides)


# ---------------------------------------------------------- a whole sheet


# One column filled in order: upper boxes 63 (bonus 35), lower boxes 226: total 324.
COLUMN = [
    ("11123", "ones", 3),
    ("22245", "twos", 6),
    ("33312", "threes", 9),
    ("44412", "fours", 12),
    ("55512", "fives", 15),
    ("66612", "sixes", 18),
    ("66654", "three_of_a_kind", 27),
    ("66664", "four_of_a_kind", 28),
    ("22333", "full_house", 25),
    ("12346", "small_straight", 30),
    ("23456", "large_straight", 40),
    ("44444", "yahtzee", 50),
    ("66554", "chance", 26),
]
COLUMN_TOTAL = 324


def test_the_api_example_sheet():
    turns = [YahtzeeTurn([3, 3, 3, 3, 3], "yahtzee"), YahtzeeTurn([3, 3, 3, 3, 3], "threes")]
    sheet = replay_yahtzee("classic", turns, FORCED)
    assert [(t.points, t.bonus) for t in sheet.turns] == [(50, 0), (15, 100)]
    assert (sheet.upper_bonus, sheet.yahtzee_bonus, sheet.total) == (0, 100, 165)
    assert sheet.complete is False


def test_a_full_classic_sheet_is_complete_with_its_upper_bonus():
    sheet = replay_yahtzee("classic", [YahtzeeTurn(dice, box) for dice, box, _ in COLUMN])
    assert [t.points for t in sheet.turns] == [points for _, _, points in COLUMN]
    assert sheet.upper_bonus == 35
    assert sheet.total == COLUMN_TOTAL
    assert sheet.complete is True
    assert sheet.columns[0].card.complete


def test_a_turn_after_the_sheet_is_full_is_refused():
    turns = [YahtzeeTurn(dice, box) for dice, box, _ in COLUMN]
    with pytest.raises(TurnError, match="turn 14: chance already holds 26"):
        replay_yahtzee("classic", [*turns, YahtzeeTurn("12345", "chance")])


@pytest.mark.parametrize(
    ("turns", "sentence", "field"),
    [
        (
            [YahtzeeTurn("22333", "full_house"), YahtzeeTurn("22333", "full_house")],
            "turn 2: full house already holds 25",
            "box",
        ),
        (
            [
                YahtzeeTurn("12345", "chance"),
                YahtzeeTurn("44444", "yahtzee"),
                YahtzeeTurn("44444", "chance"),
            ],
            "turn 3: chance already holds 15",
            "box",
        ),
        (
            [YahtzeeTurn("44444", "yahtzee"), YahtzeeTurn("44444", "chance")],
            "turn 2: the joker rule says this Yahtzee must go in fours, which is open",
            "box",
        ),
        ([YahtzeeTurn("4444", "chance")], "turn 1: dice must be five values from 1 to 6", "dice"),
        ([YahtzeeTurn("12345", "pair")], 'turn 1: "pair" is not a box', "box"),
        (
            [YahtzeeTurn("12345", "chance", column=2)],
            "turn 1: classic Yahtzee has one column; leave column out",
            "column",
        ),
    ],
)
def test_a_turn_that_breaks_a_rule_is_named(turns, sentence, field):
    with pytest.raises(TurnError) as error:
        replay_yahtzee("classic", turns)
    assert str(error.value).startswith(sentence)
    assert error.value.turn == len(turns)
    assert error.value.field == field
    assert isinstance(error.value, RuleError)


def test_classic_accepts_column_one():
    sheet = replay_yahtzee("classic", [YahtzeeTurn("12345", "chance", column=1)])
    assert sheet.total == 15


def test_an_unknown_variant_is_refused():
    with pytest.raises(RuleError, match='"quadruple" is not a Yahtzee game'):
        replay_yahtzee("quadruple", [])


def test_correcting_a_past_box_rechecks_every_later_turn():
    turns = [YahtzeeTurn("44444", "yahtzee"), YahtzeeTurn("44444", "fours")]
    assert replay_yahtzee("classic", turns).total == 170
    corrected = [YahtzeeTurn("12345", "yahtzee"), turns[1]]
    sheet = replay_yahtzee("classic", corrected)
    assert [(t.points, t.bonus, t.joker) for t in sheet.turns] == [(0, 0, False), (20, 0, True)]
    moved = [YahtzeeTurn("44444", "fours"), YahtzeeTurn("44444", "fours")]
    with pytest.raises(TurnError, match="turn 2: fours already holds 20"):
        replay_yahtzee("classic", moved)


# ---------------------------------------------------------- Triple Yahtzee


def _triple_turns(column: int) -> list[YahtzeeTurn]:
    return [YahtzeeTurn(dice, box, column) for dice, box, _ in COLUMN]


def test_triple_multiplies_the_three_columns_by_one_two_and_three():
    turns = _triple_turns(3) + _triple_turns(1) + _triple_turns(2)
    sheet = replay_yahtzee("triple", turns)
    assert [c.multiplier for c in sheet.columns] == [1, 2, 3]
    assert [c.total for c in sheet.columns] == [COLUMN_TOTAL, 2 * COLUMN_TOTAL, 3 * COLUMN_TOTAL]
    assert sheet.upper_bonus == 35 * 6
    assert sheet.total == 6 * COLUMN_TOTAL
    assert sheet.complete is True


def test_triple_is_complete_only_when_every_column_is_full():
    sheet = replay_yahtzee("triple", _triple_turns(1) + _triple_turns(2))
    assert sheet.complete is False
    assert [c.card.complete for c in sheet.columns] == [True, True, False]


@pytest.mark.parametrize(
    ("bonus_multiplied", "column", "bonus_counted"),
    [(True, 1, 100), (True, 2, 200), (True, 3, 300), (False, 2, 100), (False, 3, 100)],
)
def test_triple_yahtzee_bonus_is_multiplied_with_its_column_when_the_knob_says(
    bonus_multiplied, column, bonus_counted
):
    rules = YahtzeeRules(bonus_multiplied=bonus_multiplied)
    turns = [YahtzeeTurn("22222", "yahtzee", column), YahtzeeTurn("22222", "twos", column)]
    sheet = replay_yahtzee("triple", turns, rules)
    assert [t.bonus for t in sheet.turns] == [0, 100]
    assert sheet.yahtzee_bonus == bonus_counted
    assert sheet.total == (50 + 10) * column + bonus_counted


def test_triple_columns_are_separate_cards_for_bonuses_and_jokers():
    turns = [
        YahtzeeTurn("22222", "yahtzee", 1),
        # Column 2's Yahtzee box is open: no bonus, no joker, and the full house scores 0.
        YahtzeeTurn("22222", "full_house", 2),
        YahtzeeTurn("22222", "yahtzee", 2),
        # Column 3 had no Yahtzee yet either.
        YahtzeeTurn("22222", "yahtzee", 3),
        # Column 1 holds 50: the bonus, and the joker sends it to twos.
        YahtzeeTurn("22222", "twos", 1),
    ]
    sheet = replay_yahtzee("triple", turns)
    assert [(t.points, t.bonus) for t in sheet.turns] == [
        (50, 0),
        (0, 0),
        (50, 0),
        (50, 0),
        (10, 100),
    ]
    assert [c.card.yahtzee_bonus for c in sheet.columns] == [100, 0, 0]
    with pytest.raises(TurnError, match="turn 6: the joker rule says this Yahtzee must go in"):
        replay_yahtzee("triple", [*turns, YahtzeeTurn("55555", "chance", 2)])


@pytest.mark.parametrize(
    ("column", "sentence"),
    [
        (None, "turn 1: which column? Triple Yahtzee needs column 1, 2 or 3"),
        (4, "turn 1: column must be 1, 2 or 3"),
        (0, "turn 1: column must be 1, 2 or 3"),
        ("2", "turn 1: column must be 1, 2 or 3"),
        (True, "turn 1: column must be 1, 2 or 3"),
    ],
)
def test_triple_turns_must_name_a_column(column, sentence):
    with pytest.raises(TurnError, match=re.escape(sentence)):
        replay_yahtzee("triple", [YahtzeeTurn("12345", "chance", column)])


# ---------------------------------------------------------- several players


def test_the_highest_total_wins_once_every_box_is_filled():
    full = replay_yahtzee("classic", [YahtzeeTurn(dice, box) for dice, box, _ in COLUMN])
    other_yahtzee = [YahtzeeTurn("11111" if b == "yahtzee" else d, b) for d, b, _ in COLUMN]
    equal = replay_yahtzee("classic", other_yahtzee)
    assert equal.total == COLUMN_TOTAL
    scratched = [YahtzeeTurn("12346" if b == "yahtzee" else d, b) for d, b, _ in COLUMN]
    loser = replay_yahtzee("classic", scratched)
    standing = game_result([full, loser, equal])
    assert standing.totals == (COLUMN_TOTAL, COLUMN_TOTAL - 50, COLUMN_TOTAL)
    assert standing.complete is True
    assert standing.winners == (0, 2)
    assert standing.next_player is None


def test_no_winner_until_every_sheet_is_full_and_the_next_player_has_fewest_turns():
    first = replay_yahtzee("classic", [YahtzeeTurn("12345", "chance")])
    second = replay_yahtzee("classic", [])
    standing = game_result([first, second])
    assert standing.totals == (15, 0)
    assert (standing.complete, standing.winners, standing.next_player) == (False, (), 1)
    assert game_result([first, first]).next_player == 0


@pytest.mark.parametrize("players", [0, 9])
def test_a_game_has_one_to_eight_players(players):
    with pytest.raises(RuleError, match=f"a game has 1 to 8 players, not {players}"):
        game_result([replay_yahtzee("classic", [])] * players)


# ---------------------------------------------------------- properties

dice = st.lists(st.integers(1, 6), min_size=5, max_size=5)
joker_rules = st.sampled_from([FORCED, FREE])


@given(dice, st.sampled_from(BOXES), st.randoms())
def test_dice_order_never_changes_a_box_score(roll, box, rng):
    shuffled = list(roll)
    rng.shuffle(shuffled)
    assert box_score(shuffled, box) == box_score(roll, box)


@st.composite
def played_sheets(draw, variant="classic"):
    """A sheet played turn by turn: random dice each turn, a random box the rules allow."""
    rules = draw(joker_rules)
    columns = 3 if variant == "triple" else 1
    cards = [YahtzeeCard() for _ in range(columns)]
    turns = []
    for _ in range(draw(st.integers(0, 13 * columns))):
        open_columns = [c for c in range(columns) if not cards[c].complete]
        column = draw(st.sampled_from(open_columns))
        # Five of a kind often enough to reach extra Yahtzees and jokers.
        roll = draw(st.one_of(dice, st.integers(1, 6).map(lambda face: [face] * 5)))
        allowed = [p.box for p in open_boxes_preview(cards[column], roll, rules) if p.allowed]
        box = draw(st.sampled_from(allowed))
        cards[column] = cards[column].record(box, score_turn(cards[column], roll, box, rules))
        turns.append(YahtzeeTurn(roll, box, column + 1 if variant == "triple" else None))
    return rules, turns, cards


@given(played_sheets())
def test_an_open_card_always_has_a_box_the_rules_allow_and_replay_equals_each_step(played):
    rules, turns, cards = played
    sheet = replay_yahtzee("classic", turns, rules)
    assert sheet.columns[0].card == cards[0]
    assert sheet.total == cards[0].total


@given(played_sheets())
def test_a_yahtzee_bonus_never_comes_without_50_in_the_yahtzee_box(played):
    rules, turns, _ = played
    sheet = replay_yahtzee("classic", turns, rules)
    card_now = sheet.columns[0].card
    if card_now.yahtzee_bonus:
        assert card_now.held("yahtzee") == 50
    for turn in sheet.turns:
        if turn.bonus:
            assert turn.bonus == 100
            assert len(set(turn.dice)) == 1
    assert card_now.yahtzee_bonus == sum(turn.bonus for turn in sheet.turns)


@given(played_sheets())
def test_a_total_is_every_box_plus_the_upper_bonus_plus_yahtzee_bonuses(played):
    rules, turns, _ = played
    sheet = replay_yahtzee("classic", turns, rules)
    boxes = sum(turn.points for turn in sheet.turns)
    assert sheet.total == boxes + sheet.upper_bonus + sheet.yahtzee_bonus


@given(played_sheets("triple"), st.booleans())
def test_triple_total_is_each_column_times_its_multiplier(played, bonus_multiplied):
    rules, turns, _ = played
    rules = YahtzeeRules(rules.joker, bonus_multiplied)
    sheet = replay_yahtzee("triple", turns, rules)
    expected = 0
    for number, column in enumerate(sheet.columns, start=1):
        bonus_times = number if bonus_multiplied else 1
        card_now = column.card
        without_bonus = card_now.total - card_now.yahtzee_bonus
        expected += without_bonus * number + card_now.yahtzee_bonus * bonus_times
    assert sheet.total == expected


@given(st.data(), joker_rules)
def test_preview_agrees_with_scoring_each_box(data, rules):
    held = data.draw(st.fixed_dictionaries({}, optional={box: st.integers(0, 50) for box in BOXES}))
    if held.get("yahtzee") not in (None, 0, 50):
        held["yahtzee"] = 50
    sheet = card(**held)
    roll = data.draw(st.one_of(dice, st.integers(1, 6).map(lambda face: [face] * 5)))
    for preview in open_boxes_preview(sheet, roll, rules):
        if preview.allowed:
            outcome = score_turn(sheet, roll, preview.box, rules)
            assert (outcome.points, outcome.bonus) == (preview.points, preview.bonus)
        else:
            assert preview.reason
            with pytest.raises(RuleError, match=re.escape(preview.reason)):
                score_turn(sheet, roll, preview.box, rules)
    if not sheet.complete:
        assert any(p.allowed for p in open_boxes_preview(sheet, roll, rules))


def test_upper_and_lower_boxes_split_the_card():
    assert UPPER_BOXES + LOWER_BOXES == BOXES
    assert len(BOXES) == 13


# ---------------------------------------------------------- the best open box (pinned line)


def best_of(variant: str, turns: list[YahtzeeTurn], roll: str, rules: YahtzeeRules = FORCED):
    """The best open box for a roll on a sheet replayed from its turns."""
    sheet = replay_yahtzee(variant, turns, rules)
    previews = [open_boxes_preview(column.card, roll, rules) for column in sheet.columns]
    return best_open_box(sheet.columns, previews)


def test_best_open_box_is_the_highest_scoring_box_on_a_fresh_card():
    best = best_of("classic", [], "33355")
    assert (best.preview.box, best.preview.points, best.worth) == ("full_house", 25, 25)


def test_best_open_box_skips_filled_boxes():
    best = best_of("classic", [YahtzeeTurn("22233", "full_house")], "33355")
    # Full house is taken: three of a kind and chance both make 19; the first is named.
    assert (best.preview.box, best.worth) == ("three_of_a_kind", 19)


def test_best_open_box_in_triple_counts_the_column_multiplier():
    best = best_of("triple", [], "33355")
    assert (best.column.multiplier, best.preview.box, best.worth) == (3, "full_house", 75)


def test_best_open_box_counts_the_yahtzee_bonus():
    best = best_of("classic", [YahtzeeTurn("44444", "yahtzee")], "66666")
    # Forced joker: sixes is open, so sixes it must be: 30 and the 100 bonus.
    assert (best.preview.box, best.preview.points, best.worth) == ("sixes", 30, 130)


def test_best_open_box_is_none_when_no_box_may_take_the_dice():
    full = card(**dict.fromkeys(BOXES, 0))
    column = dataclasses.replace(replay_yahtzee("classic", []).columns[0], card=full)
    assert best_open_box([column], [open_boxes_preview(full, "12345")]) is None
