"""The knobs of RULES.md's "More house rules": save_with, save_minimum, bid_steps, moon and
the play-on tie rule, from the section's own examples, plus the properties that keep every
existing match exactly as it was scored before these knobs existed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.rules import (
    PRESETS,
    HandInput,
    RuleError,
    changed_knobs,
    format_bid_steps,
    game_winner,
    is_valid_bid,
    knob_table,
    nearest_bids,
    next_bid,
    parse_bid_steps,
    previous_bid,
    replay_match,
    risen_target,
    score_hand,
    valid_bids,
    with_rules,
    without_followed,
)

PARTNERSHIP, DOUBLE_DECK, THREE_HANDED = (
    PRESETS[name] for name in ("partnership", "double-deck", "three-handed")
)
NAMES = ("Us", "Them")
NEW_KNOBS = ("save_with", "save_minimum", "bid_steps", "moon", "play_on_by")


def _bid(bidder, bid, meld, tricks=None, **more):
    return HandInput(bidder=bidder, bid=bid, meld=meld, tricks=tricks, **more)


# ---------------------------------------------------------------- the defaults


@pytest.mark.parametrize(
    ("preset_name", "save_minimum", "bid_steps", "play_on_by"),
    [
        ("partnership", 10, ((250, 10),), 500),
        ("partnership-small", 1, ((20, 1),), 50),
        ("double-deck", 1, ((50, 1),), 166),
        ("three-handed", 10, ((300, 10),), 500),
        ("two-handed", 5, ((0, 1),), 333),
    ],
)
def test_every_preset_has_the_new_knobs_at_defaults_that_change_nothing(
    preset_name, save_minimum, bid_steps, play_on_by
):
    preset = PRESETS[preset_name]
    assert preset.save_with == "points"
    assert preset.save_minimum == save_minimum == preset.trick_unit
    assert preset.bid_steps == bid_steps
    assert preset.moon == 0
    assert preset.play_on_by == play_on_by
    assert changed_knobs(preset) == {}


def test_following_knobs_follow_the_knobs_they_default_from():
    preset = with_rules(PARTNERSHIP, {"trick_unit": 5, "min_bid": 300, "target": 3000})
    assert preset.save_minimum == 5
    assert preset.bid_steps == ((300, 10),)
    assert preset.play_on_by == 1000
    assert changed_knobs(preset) == {"trick_unit": 5, "min_bid": 300, "target": 3000}


def test_a_following_knob_a_match_sets_stays_as_set():
    preset = with_rules(PARTNERSHIP, {"target": 3000, "play_on_by": 250})
    assert preset.play_on_by == 250
    assert changed_knobs(preset) == {"target": 3000, "play_on_by": 250}


def test_the_knob_table_shows_bid_steps_as_players_type_them():
    preset = with_rules(DOUBLE_DECK, {"bid_steps": "50:1, 60:5, 100:10"})
    shown = {name: value for name, value, _ in knob_table(preset)}
    assert shown["bid_steps"] == "50:1, 60:5, 100:10"
    assert shown["save_with"] == "points"
    assert shown["moon"] == "0"


# ---------------------------------------------------------------- bad settings


@pytest.mark.parametrize(
    ("rules", "sentence"),
    [
        ({"save_with": "cards"}, "save_with must be one of points, trick"),
        (
            {"save_minimum": 0},
            "save_minimum must be from 1 to 250, the trick points of a hand (to keep meld "
            "without trick points, set save_rule to none)",
        ),
        ({"save_minimum": 260}, "save_minimum must be from 1 to 250"),
        ({"moon": -5}, "moon must be a whole number, 0 or more"),
        ({"tie_rule": "play-on", "play_on_by": 0}, "play_on_by must be at least 1 to play on"),
        ({"bid_steps": "250:10, 200:20"}, "bid_steps must be from:step pairs with the bids"),
        ({"bid_steps": "250-10"}, "bid_steps must be from:step pairs"),
        ({"bid_steps": ""}, "bid_steps must be from:step pairs"),
        ({"bid_steps": [[250, 10, 5]]}, "bid_steps must be from:step pairs"),
        ({"bid_steps": "250:0"}, "every step of bid_steps must be at least 1"),
        (
            {"bid_steps": "250:10, 300:20", "min_bid": 200},
            "min_bid and bid_step must match the first pair of bid_steps (250:10); change "
            "one to match the other",
        ),
    ],
)
def test_a_bad_new_knob_is_refused_with_a_sentence(rules, sentence):
    with pytest.raises(RuleError) as error:
        with_rules(PARTNERSHIP, rules)
    assert str(error.value).startswith(sentence)
    assert error.value.field in rules


def test_two_handed_has_nobody_to_shoot_the_moon():
    with pytest.raises(RuleError, match="no bidding, so nobody can shoot the moon"):
        with_rules(PRESETS["two-handed"], {"moon": 500})


def test_bid_steps_set_the_minimum_bid_and_its_first_step():
    preset = with_rules(DOUBLE_DECK, {"bid_steps": [[60, 5], [100, 10]]})
    assert (preset.min_bid, preset.bid_step) == (60, 5)
    assert preset.bid_steps == ((60, 5), (100, 10))


def test_bid_steps_are_read_from_text_or_pairs_alike():
    assert parse_bid_steps("50:1, 60:5, 100:10") == parse_bid_steps([[50, 1], [60, 5], [100, 10]])
    assert format_bid_steps(parse_bid_steps("50:1,60:5 , 100:10")) == "50:1, 60:5, 100:10"


# ---------------------------------------------------------------- save_minimum


def test_double_deck_save_minimum_20_non_bidders_with_15_trick_points_score_nothing():
    # RULES.md: the non-bidding team melds 30 and takes 15 trick points: 0, not 45.
    preset = with_rules(DOUBLE_DECK, {"save_minimum": 20})
    outcome = score_hand(preset, _bid(0, 50, (40, 30), (35, 15)), NAMES)
    assert outcome.points == (75, 0)
    assert outcome.sentence == (
        "Us made 50 with 75; Them 0; Them took 15 trick points, under the 20 that save meld, "
        "so they score nothing"
    )


def test_double_deck_save_minimum_20_non_bidders_with_20_trick_points_keep_their_meld():
    preset = with_rules(DOUBLE_DECK, {"save_minimum": 20})
    outcome = score_hand(preset, _bid(0, 50, (40, 30), (30, 20)), NAMES)
    assert outcome.points == (70, 50)


def test_without_save_minimum_15_trick_points_save_double_deck_meld():
    outcome = score_hand(DOUBLE_DECK, _bid(0, 50, (40, 30), (35, 15)), NAMES)
    assert outcome.points == (75, 45)


# ---------------------------------------------------------------- save_with trick


def test_under_save_with_trick_a_pointless_trick_keeps_meld():
    preset = with_rules(PARTNERSHIP, {"save_with": "trick"})
    hand = _bid(0, 300, (100, 80), (250, 0), took_trick=(True, True))
    outcome = score_hand(preset, hand, NAMES)
    assert outcome.points == (350, 80)
    assert outcome.sentence == (
        "Us made 300 with 350; Them +80; Them took a trick with no counters, so their 80 "
        "meld counts"
    )


def test_under_save_with_trick_no_trick_loses_meld_and_says_so():
    preset = with_rules(PARTNERSHIP, {"save_with": "trick"})
    outcome = score_hand(preset, _bid(0, 300, (100, 80), (250, 0), took_trick=(True, False)), NAMES)
    assert outcome.points == (350, 0)
    assert outcome.sentence.endswith("Them took no trick, so their meld does not count")


def test_under_save_with_trick_a_missing_took_trick_means_only_sides_with_points_took_one():
    preset = with_rules(PARTNERSHIP, {"save_with": "trick"})
    outcome = score_hand(preset, _bid(0, 300, (100, 80), (250, 0)), NAMES)
    assert outcome.points == (350, 0)


def test_a_side_with_trick_points_took_a_trick_whatever_took_trick_says():
    preset = with_rules(PARTNERSHIP, {"save_with": "trick"})
    outcome = score_hand(preset, _bid(0, 250, (100, 80), (200, 50), took_trick=(False, False)))
    assert outcome.points == (300, 130)


def test_save_with_trick_still_spares_the_bidder_under_a_non_bidders_save_rule():
    preset = with_rules(THREE_HANDED, {"save_with": "trick"})
    hand = _bid(0, 300, (100, 60, 40), (0, 250, 0), took_trick=(False, False, True))
    outcome = score_hand(preset, hand, ("A", "B", "C"))
    assert outcome.result == "set"
    assert outcome.points == (-300, 310, 40)
    assert "C took a trick with no counters, so their 40 meld counts" in outcome.sentence


def test_took_trick_under_save_with_points_is_refused():
    with pytest.raises(RuleError, match="took_trick is read only when save_with is trick"):
        score_hand(PARTNERSHIP, _bid(0, 250, (100, 80), (250, 0), took_trick=(True, True)))


def test_took_trick_needs_one_answer_per_side():
    preset = with_rules(PARTNERSHIP, {"save_with": "trick"})
    with pytest.raises(RuleError, match=r"took_trick needs one true or false per side \(2\)"):
        score_hand(preset, _bid(0, 250, (100, 80), (250, 0), took_trick=(True,)))


# ---------------------------------------------------------------- bid_steps

STEPPED = with_rules(DOUBLE_DECK, {"bid_steps": "50:1, 60:5, 100:10"})


def test_bid_steps_50_1_60_5_100_10_give_the_valid_bids_of_rules_md():
    assert valid_bids(STEPPED, 23) == [
        *range(50, 61),
        *range(65, 100, 5),
        100,
        110,
        120,
        130,
        140,
    ]


@pytest.mark.parametrize(
    ("bid", "sentence"),
    [
        (57, None),
        (61, "bid 61 is not a valid bid; enter 60 or 65"),
        (103, "bid 103 is not a valid bid; enter 100 or 110"),
        (49, "bid 49 is under the minimum of 50; enter 50 or more"),
    ],
)
def test_a_bid_off_the_steps_is_refused_naming_the_two_nearest(bid, sentence):
    hand = _bid(0, bid, (40, 30), (35, 15))
    if sentence is None:
        assert score_hand(STEPPED, hand).bid == bid
        return
    with pytest.raises(RuleError) as error:
        score_hand(STEPPED, hand)
    assert error.value.reason == sentence
    assert error.value.field == "bid"


def test_a_partnership_table_stepping_by_25_over_400():
    preset = with_rules(PARTNERSHIP, {"bid_steps": "250:10, 400:25"})
    assert valid_bids(preset, 4, start=380) == [380, 390, 400, 425]
    assert nearest_bids(preset, 410) == (400, 425)
    with pytest.raises(RuleError, match="bid 410 is not a valid bid; enter 400 or 425"):
        score_hand(preset, _bid(0, 410, (100, 80), (250, 0)))


def test_a_step_that_jumps_over_a_range_carries_on_from_where_it_lands():
    # From 50 by 20: 50, 70, 90; 90 + 20 = 110 is past 100, so the 100:10 range starts at 110.
    preset = with_rules(DOUBLE_DECK, {"bid_steps": "50:20, 60:5, 100:10"})
    assert valid_bids(preset, 6) == [50, 70, 75, 80, 85, 90]
    assert valid_bids(preset, 3, start=95) == [95, 100, 110]


def test_the_stepper_moves_to_the_next_and_previous_valid_bid():
    assert next_bid(STEPPED, 60) == 65
    assert next_bid(STEPPED, 59) == 60
    assert next_bid(STEPPED, None) == 50
    assert previous_bid(STEPPED, 110) == 100
    assert previous_bid(STEPPED, 65) == 60
    assert previous_bid(STEPPED, 50) is None


def test_the_default_single_step_keeps_todays_multiples_message():
    with pytest.raises(RuleError) as error:
        score_hand(PARTNERSHIP, _bid(0, 255, (100, 80), (250, 0)))
    assert error.value.reason == "bid 255 is not a multiple of 10; enter 250 or 260"


@given(
    st.lists(st.tuples(st.integers(1, 200), st.integers(1, 30)), min_size=1, max_size=4),
    st.integers(0, 3000),
)
def test_bid_steps_walk_as_rules_md_says_and_nearest_bids_bracket_every_bid(pairs, bid):
    froms = sorted({first for first, _ in pairs})
    steps = [step for _, step in pairs][: len(froms)]
    preset = with_rules(PARTNERSHIP, {"bid_steps": list(zip(froms, steps, strict=True))})
    bids = valid_bids(preset, 40)
    assert bids[0] == froms[0] if len(froms) > 1 else bids[0] >= froms[0]
    for earlier, later in zip(bids, bids[1:], strict=False):
        in_range = [step for first, step in preset.bid_steps if first <= earlier][-1]
        assert later == earlier + in_range
    assert all(is_valid_bid(preset, b) for b in bids)
    lower, higher = nearest_bids(preset, bid)
    assert is_valid_bid(preset, higher) and higher > bid
    assert not any(is_valid_bid(preset, b) for b in range(bid + 1, higher))
    if lower is not None:
        assert is_valid_bid(preset, lower) and lower < bid
        assert not any(is_valid_bid(preset, b) for b in range(lower + 1, bid))


# ---------------------------------------------------------------- moon

MOON = with_rules(PARTNERSHIP, {"moon": 1500})


def test_partnership_moon_1500_bid_300_taking_all_250_scores_1500():
    outcome = score_hand(MOON, _bid(0, 300, (100, 80), (250, 0), moon=True), NAMES)
    assert outcome.result == "made"
    assert outcome.points == (1500, 0)
    assert outcome.sentence == (
        "Us shot the moon and took every trick: +1500; Them 0; Them took no tricks, so their "
        "meld does not count"
    )


def test_a_missed_moon_loses_the_moon_and_the_others_score_as_played():
    outcome = score_hand(MOON, _bid(0, 300, (100, 80), (240, 10), moon=True), NAMES)
    assert outcome.result == "set"
    assert outcome.points == (-1500, 90)
    assert outcome.sentence.startswith(
        "Us shot the moon but did not take every trick: \u22121500; Them +90"
    )


def test_a_made_moon_reaching_the_target_wins_as_usual():
    ledger = replay_match(MOON, [_bid(0, 300, (100, 80), (250, 0), moon=True)], NAMES)
    assert (ledger.winner, ledger.win_reason) == (0, "Us reached 1500")


def test_under_save_with_trick_a_pointless_trick_of_the_others_misses_the_moon():
    preset = with_rules(PARTNERSHIP, {"moon": 1500, "save_with": "trick"})
    hand = _bid(0, 300, (100, 80), (250, 0), moon=True, took_trick=(True, True))
    outcome = score_hand(preset, hand, NAMES)
    assert outcome.points == (-1500, 80)


def test_a_moon_in_a_match_without_it_is_refused():
    with pytest.raises(RuleError) as error:
        score_hand(PARTNERSHIP, _bid(0, 300, (100, 80), (250, 0), moon=True))
    assert error.value.field == "moon"
    assert error.value.reason.startswith("the moon is off in this match (moon 0)")


def test_a_moon_cannot_be_thrown_in():
    with pytest.raises(RuleError, match="cannot throw in"):
        score_hand(MOON, _bid(0, 400, (60, 80), moon=True, thrown_in=True))


# ---------------------------------------------------------------- play-on

PLAY_ON = with_rules(PARTNERSHIP, {"tie_rule": "play-on"})


def test_play_on_example_totals_1560_1540_then_2010_1540():
    assert game_winner(PLAY_ON, (1560, 1540), 0, NAMES, 1500) == (None, None)
    assert risen_target(PLAY_ON, (1560, 1540), 1500) == 2000
    assert game_winner(PLAY_ON, (2010, 1540), 1, NAMES, 2000) == (0, "Us reached 2000")


def test_a_play_on_match_says_why_nobody_won_and_the_target_rises_again_and_again():
    hands = [
        _bid(0, 250, (1000, 1000), (150, 100)),  # 1150, 1100
        _bid(1, 250, (300, 300), (100, 150)),  # 1550, 1550: both reach 1500
        _bid(0, 250, (300, 350), (150, 100)),  # 2000, 2000: both reach 2000
        _bid(0, 250, (300, 0), (250, 0)),  # 2550, 2000: only Us at 2500
    ]
    ledger = replay_match(PLAY_ON, hands, NAMES)
    sentences = [row.outcome.sentence for row in ledger.rows]
    assert sentences[1].endswith("; both teams reached 1500: play on to 2000")
    assert sentences[2].endswith("; both teams reached 2000: play on to 2500")
    assert (ledger.winner, ledger.win_reason, ledger.target) == (0, "Us reached 2500", 2500)


def test_play_on_rises_past_both_totals_when_they_are_far_over():
    assert risen_target(PLAY_ON, (2600, 2100), 1500) == 2500


def test_under_higher_equal_totals_over_the_target_play_on_at_the_same_target():
    preset = with_rules(PARTNERSHIP, {"tie_rule": "higher"})
    ledger = replay_match(preset, [_bid(0, 250, (1400, 1500), (150, 100))], NAMES)
    assert ledger.totals == (1550, 1600)
    ledger = replay_match(preset, [_bid(0, 250, (1450, 1500), (150, 100))], NAMES)
    assert ledger.totals == (1600, 1600)
    assert (ledger.winner, ledger.target) == (None, 1500)


# ---------------------------------------------------------------- nothing changes by default

_BEFORE = json.loads(
    (Path(__file__).parent / "data" / "ledgers_before_more_house_rules.json").read_text()
)


def _inputs(hands):
    return [
        HandInput(**{key: tuple(v) if isinstance(v, list) else v for key, v in hand.items()})
        for hand in hands
    ]


@pytest.mark.parametrize("match", _BEFORE, ids=lambda match: match["variant"])
def test_every_recorded_match_replays_to_the_ledger_it_had_before_the_new_knobs(match):
    # The file holds 120 random matches and their ledgers as the core scored them before
    # "More house rules" (main at 5647d00): every row must come out the same, to the word.
    preset = with_rules(PRESETS[match["variant"]], match["rules"])
    ledger = replay_match(preset, _inputs(match["hands"]))
    rows = [
        {
            "result": row.outcome.result,
            "points": list(row.outcome.points),
            "sentence": row.outcome.sentence,
            "totals": list(row.totals),
            "counts": list(row.outcome.counts),
            "dealer": row.dealer,
        }
        for row in ledger.rows
    ]
    assert rows == match["rows"]
    assert (ledger.winner, ledger.win_reason, ledger.next_dealer) == (
        match["winner"],
        match["win_reason"],
        match["next_dealer"],
    )


def _defaults_spelled_out(preset):
    return {name: getattr(preset, name) for name in NEW_KNOBS}


# Whole matches of up to 25 hands each: a replay may take longer than hypothesis' deadline
# on a busy machine, which says nothing about the rules.
WHOLE_MATCHES = settings(deadline=None)


@WHOLE_MATCHES
@given(st.sampled_from(_BEFORE), st.sampled_from(NEW_KNOBS + ("all",)))
def test_new_knobs_set_to_their_defaults_replay_exactly_as_when_absent(match, which):
    base = with_rules(PRESETS[match["variant"]], match["rules"])
    spelled = _defaults_spelled_out(base)
    if which != "all":
        spelled = {which: spelled[which]}
    if "bid_steps" in spelled:
        spelled["bid_steps"] = format_bid_steps(spelled["bid_steps"])
    preset = with_rules(PRESETS[match["variant"]], {**match["rules"], **spelled})
    assert preset == base
    assert replay_match(preset, _inputs(match["hands"])) == replay_match(
        base, _inputs(match["hands"])
    )


@WHOLE_MATCHES
@given(st.sampled_from(_BEFORE).filter(lambda match: match["variant"] != "two-handed"))
def test_save_with_trick_and_no_pointless_tricks_scores_as_save_with_points(match):
    base = with_rules(PRESETS[match["variant"]], match["rules"])
    trick = with_rules(PRESETS[match["variant"]], {**match["rules"], "save_with": "trick"})
    hands = _inputs(match["hands"])
    assert [row.outcome.points for row in replay_match(trick, hands).rows] == [
        row.outcome.points for row in replay_match(base, hands).rows
    ]


@WHOLE_MATCHES
@given(
    st.sampled_from(_BEFORE).filter(lambda match: match["variant"] != "two-handed"),
    st.integers(1, 2000),
)
def test_under_play_on_nobody_wins_on_a_hand_where_two_sides_reach_the_target(match, by):
    preset = with_rules(
        PRESETS[match["variant"]], {**match["rules"], "tie_rule": "play-on", "play_on_by": by}
    )
    # Play-on never ends a game sooner than the match's own tie rule, so every hand replays.
    ledger = replay_match(preset, _inputs(match["hands"]))
    target = preset.target
    for row in ledger.rows:
        over = sum(total >= target for total in row.totals)
        winner, _ = game_winner(preset, row.totals, row.outcome.bidder, ("a", "b", "c"), target)
        assert (winner is not None) == (over == 1)
        new_target = risen_target(preset, row.totals, target)
        assert new_target >= target
        assert sum(total >= new_target for total in row.totals) <= 1
        target = new_target
    assert ledger.target == target


def test_a_following_knob_that_repeats_what_it_follows_is_not_stored():
    overrides = {"min_bid": 300, "bid_steps": ((300, 10),), "target": 2000, "play_on_by": 666}
    assert without_followed(PARTNERSHIP, overrides) == {"min_bid": 300, "target": 2000}
    kept = {"target": 2000, "play_on_by": 500, "bid_steps": ((250, 10), (400, 20))}
    assert without_followed(PARTNERSHIP, kept) == kept
