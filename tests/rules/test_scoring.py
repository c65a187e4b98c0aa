"""One pinochle hand's outcome (RULES.md, "Pinochle: presets" and "scoring one hand"):
made, set, save rule, forfeit, throw-in, nines redeal, bids, trick points and the knobs."""

import re

import pytest

from scorekeeper.rules.errors import RuleError
from scorekeeper.rules.pinochle import (
    KNOBS,
    PRESETS,
    HandInput,
    bid_outlook,
    changed_knobs,
    get_preset,
    knob_table,
    score_hand,
    throw_in_verdict,
    tricks_needed,
    validate_bid,
    validate_meld,
    validate_tricks,
    with_rules,
)

MINUS = "\u2212"


def _score(preset_name, rules=None, **hand):
    return score_hand(with_rules(get_preset(preset_name), rules), HandInput(**hand))


def _refused(preset_name, rules=None, **hand):
    with pytest.raises(RuleError) as error:
        _score(preset_name, rules, **hand)
    return str(error.value)


# -- the preset table


@pytest.mark.parametrize(
    ("preset_name", "knob", "value"),
    [
        (name, knob, value)
        for knob, values in {
            "target": (1500, 150, 500, 1500, 1000),
            "min_bid": (250, 20, 50, 300, None),
            "bid_step": (10, 1, 1, 10, None),
            "stuck_bid": (250, 20, 50, 300, None),
            "cards_passed": (4, 3, 0, 0, 0),
            "widow": (0, 0, 0, 3, 0),
            "trick_total": (250, 25, 50, 250, 250),
            "trick_unit": (10, 1, 1, 10, 5),
            "save_rule": ("both", "non-bidders", "both", "non-bidders", "none"),
            "meld_minimum": (0, 0, 20, 0, 0),
            "trump_needs_marriage": (False, False, True, False, False),
            "throw_in": ("unmakeable", "unmakeable", "unmakeable", "any-time", "never"),
            "throw_in_others": ("meld", "meld", "meld", "meld", None),
            "set_penalty": (1, 1, 1, 1, None),
            "nines_redeal": (False, True, False, False, False),
            "nines_needed": (None, 5, None, None, None),
            "tie_rule": ("bidder", "bidder", "bidder", "bidder", "higher"),
            "dealer_nine": (0, 0, 0, 0, 10),
        }.items()
        for name, value in zip(PRESETS, values, strict=True)
        if value is not None
    ],
)
def test_each_preset_has_the_knob_values_of_the_rules_table(preset_name, knob, value):
    assert getattr(get_preset(preset_name), knob) == value


@pytest.mark.parametrize(
    ("preset_name", "deck_size", "players", "sides", "teams", "hand_sizes", "bidding"),
    [
        ("partnership", 48, 4, 2, True, (12,), True),
        ("partnership-small", 48, 4, 2, True, (12,), True),
        ("double-deck", 80, 4, 2, True, (20,), True),
        ("three-handed", 48, 3, 3, False, (15, 18), True),
        ("two-handed", 48, 2, 2, False, (12,), False),
    ],
)
def test_each_preset_has_the_deck_players_and_hand_of_the_rules_table(
    preset_name, deck_size, players, sides, teams, hand_sizes, bidding
):
    preset = get_preset(preset_name)
    assert preset.deck.size == deck_size
    assert (preset.players, preset.sides, preset.teams) == (players, sides, teams)
    assert preset.hand_sizes == hand_sizes
    assert preset.bidding is bidding


def test_the_presets_are_the_five_of_the_rules():
    assert list(PRESETS) == [
        "partnership",
        "partnership-small",
        "double-deck",
        "three-handed",
        "two-handed",
    ]


def test_an_unknown_game_is_refused_with_the_ones_there_are():
    with pytest.raises(RuleError) as error:
        get_preset("bezique")
    assert str(error.value) == (
        '"bezique" is not a pinochle game; choose one of partnership, partnership-small, '
        "double-deck, three-handed, two-handed"
    )


@pytest.mark.parametrize(
    ("preset_name", "names"),
    [
        ("partnership", ("Team A", "Team B")),
        ("double-deck", ("Team A", "Team B")),
        ("three-handed", ("Player 1", "Player 2", "Player 3")),
        ("two-handed", ("Player 1", "Player 2")),
    ],
)
def test_teams_are_named_by_letter_and_lone_players_by_number(preset_name, names):
    assert get_preset(preset_name).side_names == names


# -- house rules


def test_a_house_rule_changes_one_knob_and_leaves_the_preset_alone():
    preset = with_rules(PRESETS["partnership"], {"target": 1000, "save_rule": "none"})
    assert (preset.target, preset.save_rule) == (1000, "none")
    assert changed_knobs(preset) == {"target": 1000, "save_rule": "none"}
    assert PRESETS["partnership"].target == 1500
    assert changed_knobs(PRESETS["partnership"]) == {}


def test_no_house_rules_is_the_preset_itself():
    assert with_rules(PRESETS["partnership"], None) is PRESETS["partnership"]
    assert with_rules(PRESETS["partnership"], {}) is PRESETS["partnership"]


def test_the_knob_table_shows_every_knob_with_its_value_and_a_sentence():
    rows = knob_table(PRESETS["partnership"])
    assert [name for name, _, _ in rows] == list(KNOBS)
    shown = {name: value for name, value, _ in rows}
    assert shown["target"] == "1500"
    assert shown["run"] == "150, 1500"
    assert shown["trump_needs_marriage"] == "no"
    assert all(help_text for _, _, help_text in rows)


@pytest.mark.parametrize(
    ("rules", "sentence"),
    [
        ({"bogus": 1}, '"bogus" is not a house rule of partnership'),
        ({"deck": 80}, '"deck" is not a house rule of partnership'),
        ({"save_rule": "everyone"}, "save_rule must be one of both, non-bidders, none"),
        ({"tie_rule": "dealer"}, "tie_rule must be one of bidder, higher, play-on"),
        ({"run_extras": "loose"}, "run_extras must be one of flush, strict"),
        ({"throw_in": "always"}, "throw_in must be one of unmakeable, any-time, never"),
        ({"nines_redeal": "yes"}, "nines_redeal must be true or false"),
        ({"trump_needs_marriage": 1}, "trump_needs_marriage must be true or false"),
        ({"target": -5}, "target must be a whole number, 0 or more"),
        ({"target": "1500"}, "target must be a whole number, 0 or more"),
        ({"target": 1500.0}, "target must be a whole number, 0 or more"),
        ({"target": True}, "target must be a whole number, 0 or more"),
        ({"target": 0}, "target must be at least 1"),
        ({"bid_step": 0}, "bid_step must be at least 1"),
        ({"min_bid": 0}, "min_bid must be at least 1"),
        ({"trick_total": 255}, "trick_total 255 must be a multiple of trick_unit 10"),
        ({"run": [150]}, "run must be two whole numbers of points"),
        ({"pinochle": 40}, "pinochle must be two whole numbers of points"),
        ({"aces_around": [100, -1000]}, "aces_around must be two whole numbers of points"),
    ],
)
def test_a_bad_house_rule_is_refused_with_a_sentence(rules, sentence):
    with pytest.raises(RuleError) as error:
        with_rules(PRESETS["partnership"], rules)
    assert str(error.value) == sentence


def test_a_double_deck_meld_table_has_four_entries():
    with pytest.raises(RuleError, match="^run must be four whole numbers of points$"):
        with_rules(PRESETS["double-deck"], {"run": [15, 150]})
    preset = with_rules(PRESETS["double-deck"], {"run": [15, 150, 250, 400]})
    assert preset.run == (15, 150, 250, 400)


# -- made and set


@pytest.mark.parametrize(
    ("preset_name", "bid", "meld", "tricks", "points"),
    [
        ("partnership", 300, (100, 60), (240, 10), (340, 70)),
        ("partnership", 340, (100, 60), (240, 10), (340, 70)),
        ("partnership-small", 30, (10, 6), (20, 5), (30, 11)),
        ("double-deck", 60, (30, 24), (30, 20), (60, 44)),
        ("three-handed", 300, (100, 60, 40), (200, 30, 20), (300, 90, 60)),
    ],
)
def test_a_bidder_whose_meld_and_tricks_reach_the_bid_made_it_and_scores_them(
    preset_name, bid, meld, tricks, points
):
    outcome = _score(preset_name, bidder=0, bid=bid, meld=meld, tricks=tricks)
    assert outcome.result == "made"
    assert outcome.points == points
    assert (outcome.bidder, outcome.bid) == (0, bid)


@pytest.mark.parametrize(
    ("preset_name", "bid", "meld", "tricks", "points"),
    [
        ("partnership", 350, (100, 60), (240, 10), (-350, 70)),
        ("partnership-small", 31, (10, 6), (20, 5), (-31, 11)),
        ("double-deck", 61, (30, 24), (30, 20), (-61, 44)),
        ("three-handed", 350, (100, 60, 40), (200, 30, 20), (-350, 90, 60)),
        ("three-handed", 300, (60, 100, 40), (200, 30, 20), (-300, 130, 60)),
    ],
)
def test_a_bidder_short_of_the_bid_went_set_and_loses_the_bid(
    preset_name, bid, meld, tricks, points
):
    outcome = _score(preset_name, bidder=0, bid=bid, meld=meld, tricks=tricks)
    assert outcome.result == "set"
    assert outcome.points == points


def test_the_other_side_may_hold_the_bid():
    outcome = _score("partnership", bidder=1, bid=250, meld=(40, 120), tricks=(90, 160))
    assert outcome.result == "made"
    assert outcome.points == (130, 280)


def test_made_says_who_made_what_with_how_much():
    outcome = _score("partnership", bidder=0, bid=300, meld=(100, 60), tricks=(240, 10))
    assert outcome.sentence.split("; ")[0] == "Team A made 300 with 340"


def test_made_sentence_uses_the_names_given():
    outcome = score_hand(
        PRESETS["partnership"],
        HandInput(bidder=1, bid=250, meld=(40, 120), tricks=(90, 160)),
        names=("Us", "Them"),
    )
    assert outcome.sentence.split("; ")[0] == "Them made 250 with 280"


def test_a_set_sentence_shows_the_penalty_with_a_true_minus():
    outcome = _score("partnership", bidder=0, bid=350, meld=(100, 60), tricks=(240, 10))
    assert "went set" in outcome.sentence
    assert f"{MINUS}350" in outcome.sentence


@pytest.mark.parametrize(
    ("preset_name", "bid", "points"),
    [
        ("partnership", 350, (-700, 70)),
        ("three-handed", 350, (-700, 90, 60)),
    ],
)
def test_a_double_set_penalty_house_rule_loses_twice_the_bid(preset_name, bid, points):
    meld, tricks = ((100, 60), (240, 10)) if len(points) == 2 else ((100, 60, 40), (200, 30, 20))
    outcome = _score(preset_name, {"set_penalty": 2}, bidder=0, bid=bid, meld=meld, tricks=tricks)
    assert outcome.result == "set"
    assert outcome.points == points


# -- the save rule


@pytest.mark.parametrize(
    ("preset_name", "bid", "meld", "tricks", "result", "points"),
    [
        # partnership: both sides must take trick points to keep their meld
        ("partnership", 250, (100, 60), (250, 0), "made", (350, 0)),
        ("partnership", 250, (300, 60), (0, 250), "set", (-250, 310)),
        # partnership-small: only the non-bidders must
        ("partnership-small", 20, (10, 6), (25, 0), "made", (35, 0)),
        ("partnership-small", 20, (30, 6), (0, 25), "made", (30, 31)),
        # double-deck: both sides must
        ("double-deck", 50, (30, 24), (50, 0), "made", (80, 0)),
        ("double-deck", 50, (60, 24), (0, 50), "set", (-50, 74)),
        # three-handed: only the non-bidders must
        ("three-handed", 300, (100, 60, 40), (250, 0, 0), "made", (350, 0, 0)),
        ("three-handed", 300, (300, 60, 40), (0, 200, 50), "made", (300, 260, 90)),
        ("three-handed", 300, (100, 60, 40), (200, 50, 0), "made", (300, 110, 0)),
    ],
)
def test_a_side_under_the_save_rule_that_took_no_tricks_loses_its_meld(
    preset_name, bid, meld, tricks, result, points
):
    outcome = _score(preset_name, bidder=0, bid=bid, meld=meld, tricks=tricks)
    assert (outcome.result, outcome.points) == (result, points)


def test_two_handed_has_no_save_rule():
    outcome = _score("two-handed", meld=(100, 60), tricks=(250, 0))
    assert outcome.points == (350, 60)


def test_a_save_rule_house_rule_of_none_keeps_every_meld():
    outcome = _score(
        "partnership", {"save_rule": "none"}, bidder=0, bid=250, meld=(100, 60), tricks=(250, 0)
    )
    assert outcome.points == (350, 60)


# -- forfeit


@pytest.mark.parametrize(
    ("meld", "no_marriage", "points"),
    [
        ((30, 24), True, (-60, 24)),
        ((30, 12), True, (-60, 0)),
        ((30, 20), True, (-60, 20)),
        ((18, 24), False, (-60, 24)),
        ((18, 12), False, (-60, 0)),
        ((0, 40), False, (-60, 40)),
    ],
)
def test_double_deck_bidder_without_a_marriage_or_20_meld_forfeits(meld, no_marriage, points):
    outcome = _score("double-deck", bidder=0, bid=60, meld=meld, no_marriage=no_marriage)
    assert outcome.result == "forfeit"
    assert outcome.points == points


def test_a_forfeit_needs_no_trick_points_and_ignores_them():
    with_tricks = _score("double-deck", bidder=0, bid=60, meld=(18, 24), tricks=(40, 10))
    assert (with_tricks.result, with_tricks.points) == ("forfeit", (-60, 24))


def test_double_deck_bidder_with_exactly_20_meld_plays_on():
    outcome = _score("double-deck", bidder=0, bid=50, meld=(20, 24), tricks=(30, 20))
    assert (outcome.result, outcome.points) == ("made", (50, 44))


def test_double_deck_other_side_under_20_meld_scores_only_its_tricks():
    outcome = _score("double-deck", bidder=0, bid=50, meld=(40, 12), tricks=(30, 20))
    assert (outcome.result, outcome.points) == ("made", (70, 20))


@pytest.mark.parametrize("preset_name", ["partnership", "partnership-small", "three-handed"])
def test_trump_needs_no_marriage_outside_double_deck(preset_name):
    preset = get_preset(preset_name)
    meld = (0,) * preset.sides
    sentence = _refused(preset_name, bidder=0, bid=preset.min_bid, meld=meld, no_marriage=True)
    assert sentence == f"{preset_name} does not need a marriage in trump"


@pytest.mark.parametrize(
    ("preset_name", "bid", "meld", "tricks", "points"),
    [
        ("partnership", 250, (0, 60), (250, 0), (250, 0)),
        ("partnership-small", 20, (0, 6), (20, 5), (20, 11)),
        ("three-handed", 300, (0, 60, 40), (250, 0, 0), (-300, 0, 0)),
    ],
)
def test_no_meld_minimum_outside_double_deck(preset_name, bid, meld, tricks, points):
    outcome = _score(preset_name, bidder=0, bid=bid, meld=meld, tricks=tricks)
    assert outcome.result != "forfeit"
    assert outcome.points == points


def test_a_house_rule_may_make_partnership_trump_need_a_marriage():
    outcome = _score(
        "partnership",
        {"trump_needs_marriage": True},
        bidder=0,
        bid=250,
        meld=(100, 60),
        no_marriage=True,
    )
    assert (outcome.result, outcome.points) == ("forfeit", (-250, 60))


# -- throw-in


@pytest.mark.parametrize(
    ("preset_name", "bid", "meld", "allowed", "reason"),
    [
        (
            "partnership",
            330,
            60,
            True,
            f"throw-in allowed: bid 330 {MINUS} meld 60 = 270 is more than the 250 "
            "trick points there are",
        ),
        (
            "partnership",
            310,
            60,
            False,
            f"no throw-in: bid 310 {MINUS} meld 60 = 250 is not more than the 250 "
            "trick points there are",
        ),
        (
            "partnership-small",
            30,
            4,
            True,
            f"throw-in allowed: bid 30 {MINUS} meld 4 = 26 is more than the 25 "
            "trick points there are",
        ),
        (
            "partnership-small",
            29,
            4,
            False,
            f"no throw-in: bid 29 {MINUS} meld 4 = 25 is not more than the 25 "
            "trick points there are",
        ),
        (
            "double-deck",
            80,
            24,
            True,
            f"throw-in allowed: bid 80 {MINUS} meld 24 = 56 is more than the 50 "
            "trick points there are",
        ),
        (
            "double-deck",
            74,
            24,
            False,
            f"no throw-in: bid 74 {MINUS} meld 24 = 50 is not more than the 50 "
            "trick points there are",
        ),
        (
            "three-handed",
            300,
            200,
            True,
            "throw-in allowed: the bidder may throw in any time before play",
        ),
        (
            "three-handed",
            600,
            0,
            True,
            "throw-in allowed: the bidder may throw in any time before play",
        ),
        ("two-handed", 0, 0, False, "no throw-in in two-handed"),
    ],
)
def test_the_bidder_may_throw_in_only_as_the_preset_says(preset_name, bid, meld, allowed, reason):
    verdict = throw_in_verdict(get_preset(preset_name), bid, meld)
    assert (verdict.allowed, verdict.reason) == (allowed, reason)


def test_the_throw_in_sentence_uses_a_true_minus_sign():
    reason = throw_in_verdict(PRESETS["partnership"], 330, 60).reason
    assert "\u2212" in reason
    assert "-" not in reason.replace("throw-in", "")


@pytest.mark.parametrize(
    ("preset_name", "bid", "meld"),
    [
        ("partnership", 330, 60),
        ("partnership", 300, 60),
        ("partnership-small", 30, 4),
        ("double-deck", 80, 24),
        ("double-deck", 80, 20),
    ],
)
def test_the_throw_in_sentence_adds_up(preset_name, bid, meld):
    reason = throw_in_verdict(get_preset(preset_name), bid, meld).reason
    found = re.search(rf"bid (\d+) {MINUS} meld (\d+) = (\d+)", reason)
    assert found, reason
    shown_bid, shown_meld, short = (int(n) for n in found.groups())
    assert shown_bid - shown_meld == short, reason


@pytest.mark.parametrize(("bid", "meld"), [(60, 10), (70, 18)])
def test_a_double_deck_bidder_under_the_meld_minimum_forfeits_instead_of_throwing_in(bid, meld):
    verdict = throw_in_verdict(get_preset("double-deck"), bid, meld)
    assert not verdict.allowed
    assert verdict.reason == (
        f"no throw-in: meld {meld} is under the minimum of 20, so the bid is forfeit"
    )


def test_a_bidder_under_250_after_meld_may_throw_in():
    """The RULES example: bid 330, meld 60, so 330 − 60 = 270 > 250."""
    outcome = _score("partnership", bidder=0, bid=330, meld=(60, 100), thrown_in=True)
    assert outcome.result == "thrown-in"
    assert outcome.points == (-330, 100)


@pytest.mark.parametrize(
    ("preset_name", "bid", "meld", "points"),
    [
        ("partnership", 330, (60, 100), (-330, 100)),
        ("partnership", 400, (0, 0), (-400, 0)),
        ("partnership-small", 30, (4, 8), (-30, 8)),
        ("double-deck", 80, (24, 30), (-80, 30)),
        ("double-deck", 80, (24, 12), (-80, 0)),
        ("three-handed", 300, (200, 60, 40), (-300, 60, 40)),
    ],
)
def test_a_throw_in_loses_the_bid_and_others_score_their_meld(preset_name, bid, meld, points):
    outcome = _score(preset_name, bidder=0, bid=bid, meld=meld, thrown_in=True)
    assert outcome.result == "thrown-in"
    assert outcome.points == points


def test_a_throw_in_needs_no_trick_points():
    outcome = _score(
        "partnership", bidder=0, bid=330, meld=(60, 100), tricks=(0, 0), thrown_in=True
    )
    assert outcome.points == (-330, 100)


def test_a_throw_in_scores_others_nothing_under_that_house_rule():
    outcome = _score(
        "partnership",
        {"throw_in_others": "nothing"},
        bidder=0,
        bid=330,
        meld=(60, 100),
        thrown_in=True,
    )
    assert outcome.points == (-330, 0)


@pytest.mark.parametrize(
    ("preset_name", "bid", "meld", "sentence"),
    [
        (
            "partnership",
            310,
            (60, 100),
            f"no throw-in: bid 310 {MINUS} meld 60 = 250 is not more than the 250 "
            "trick points there are; save it as a played hand",
        ),
        (
            "partnership-small",
            25,
            (4, 8),
            f"no throw-in: bid 25 {MINUS} meld 4 = 21 is not more than the 25 "
            "trick points there are; save it as a played hand",
        ),
        (
            "double-deck",
            60,
            (24, 30),
            f"no throw-in: bid 60 {MINUS} meld 24 = 36 is not more than the 50 "
            "trick points there are; save it as a played hand",
        ),
    ],
)
def test_a_throw_in_the_preset_does_not_allow_is_refused(preset_name, bid, meld, sentence):
    assert _refused(preset_name, bidder=0, bid=bid, meld=meld, thrown_in=True) == sentence


def test_two_handed_has_no_throw_in():
    assert (
        _refused("two-handed", meld=(0, 0), tricks=(130, 120), thrown_in=True)
        == "two-handed has no bidder to throw in or forfeit"
    )


def test_a_never_throw_in_house_rule_refuses_every_throw_in():
    sentence = _refused(
        "partnership", {"throw_in": "never"}, bidder=0, bid=400, meld=(0, 0), thrown_in=True
    )
    assert sentence == "no throw-in in partnership; save it as a played hand"


@pytest.mark.parametrize(
    ("preset_name", "bid", "meld", "needed"),
    [
        ("partnership", 300, 100, 200),
        ("partnership", 300, 350, 0),
        ("partnership-small", 25, 6, 19),
        ("double-deck", 60, 24, 36),
        ("double-deck", 60, 18, 60),
    ],
)
def test_tricks_needed_is_the_bid_less_the_meld_that_counts(preset_name, bid, meld, needed):
    assert tricks_needed(get_preset(preset_name), bid, meld) == needed


# -- nines redeal


def test_a_nines_redeal_scores_nothing():
    outcome = _score("partnership-small", redeal=True)
    assert outcome.result == "redeal"
    assert outcome.points == (0, 0)


@pytest.mark.parametrize(
    "preset_name", ["partnership", "double-deck", "three-handed", "two-handed"]
)
def test_a_nines_redeal_is_refused_where_it_is_off(preset_name):
    assert _refused(preset_name, redeal=True) == f"{preset_name} has no nines redeal"


def test_a_house_rule_turns_on_the_nines_redeal():
    outcome = _score("partnership", {"nines_redeal": True}, redeal=True)
    assert (outcome.result, outcome.points) == ("redeal", (0, 0))


# -- bids


@pytest.mark.parametrize(
    ("preset_name", "bid", "sentence"),
    [
        ("partnership", 240, "bid 240 is under the minimum of 250; enter 250 or more"),
        ("partnership", 0, "bid 0 is under the minimum of 250; enter 250 or more"),
        ("partnership", 255, "bid 255 is not a multiple of 10; enter 250 or 260"),
        ("partnership-small", 19, "bid 19 is under the minimum of 20; enter 20 or more"),
        ("double-deck", 49, "bid 49 is under the minimum of 50; enter 50 or more"),
        ("three-handed", 290, "bid 290 is under the minimum of 300; enter 300 or more"),
        ("three-handed", 305, "bid 305 is not a multiple of 10; enter 300 or 310"),
        ("partnership", 250.0, "the bid must be a whole number"),
        ("partnership", "300", "the bid must be a whole number"),
        ("partnership", True, "the bid must be a whole number"),
    ],
)
def test_a_bid_under_the_minimum_or_off_its_step_is_refused(preset_name, bid, sentence):
    with pytest.raises(RuleError) as error:
        validate_bid(get_preset(preset_name), bid)
    assert str(error.value) == sentence


@pytest.mark.parametrize(
    ("preset_name", "bid"),
    [
        ("partnership", 250),
        ("partnership", 260),
        ("partnership", 1000),
        ("partnership-small", 20),
        ("partnership-small", 21),
        ("double-deck", 50),
        ("double-deck", 51),
        ("three-handed", 300),
        ("three-handed", 310),
    ],
)
def test_a_bid_at_the_minimum_and_on_its_step_stands(preset_name, bid):
    assert validate_bid(get_preset(preset_name), bid) == bid


def test_a_hand_with_an_off_step_bid_is_refused():
    sentence = _refused("partnership", bidder=0, bid=255, meld=(0, 0), tricks=(130, 120))
    assert sentence == "bid 255 is not a multiple of 10; enter 250 or 260"


@pytest.mark.parametrize(
    ("preset_name", "stuck"),
    [
        ("partnership", 250),
        ("partnership-small", 20),
        ("double-deck", 50),
        ("three-handed", 300),
    ],
)
def test_when_all_pass_the_dealer_is_stuck_at_the_minimum(preset_name, stuck):
    preset = get_preset(preset_name)
    assert validate_bid(preset, stuck, all_passed=True) == stuck
    higher = stuck + preset.bid_step
    with pytest.raises(RuleError) as error:
        validate_bid(preset, higher, all_passed=True)
    assert str(error.value) == f"when everyone passes the dealer is stuck at {stuck}, not {higher}"


def test_an_all_passed_hand_is_scored_at_the_stuck_bid():
    outcome = _score(
        "partnership", bidder=1, bid=250, all_passed=True, meld=(60, 100), tricks=(150, 100)
    )
    assert (outcome.result, outcome.points) == ("set", (210, -250))


@pytest.mark.parametrize(
    ("preset_name", "dealer", "bidder", "stuck"),
    [
        # partners sit opposite: seats 0 and 2 are Team A, seats 1 and 3 Team B
        ("partnership", 0, 0, 250),
        ("partnership", 1, 1, 250),
        ("partnership", 2, 0, 250),
        ("partnership", 3, 1, 250),
        ("partnership-small", 3, 1, 20),
        ("double-deck", 2, 0, 50),
        ("three-handed", 2, 2, 300),
    ],
)
def test_when_all_pass_the_dealers_side_takes_the_stuck_bid(preset_name, dealer, bidder, stuck):
    preset = get_preset(preset_name)
    meld = (0,) * preset.sides
    tricks = tuple(
        preset.trick_total if side == (bidder + 1) % preset.sides else 0
        for side in range(preset.sides)
    )
    outcome = _score(preset_name, all_passed=True, dealer=dealer, meld=meld, tricks=tricks)
    assert (outcome.bidder, outcome.bid) == (bidder, stuck)
    assert outcome.points[bidder] == -stuck


def test_when_all_pass_the_dealer_must_be_known():
    sentence = _refused("partnership", all_passed=True, meld=(0, 0), tricks=(130, 120))
    assert sentence == "when everyone passes the dealer takes the bid; who dealt?"


def test_an_all_passed_hand_at_another_bid_is_refused():
    sentence = _refused(
        "partnership", bidder=1, bid=300, all_passed=True, meld=(60, 100), tricks=(150, 100)
    )
    assert sentence == "when everyone passes the dealer is stuck at 250, not 300"


def test_two_handed_has_no_bidding():
    with pytest.raises(RuleError, match="^two-handed has no bidding$"):
        validate_bid(PRESETS["two-handed"], 250)
    sentence = _refused("two-handed", bidder=0, bid=250, meld=(0, 0), tricks=(130, 120))
    assert sentence == "two-handed has no bidding"


@pytest.mark.parametrize(
    ("hand", "sentence"),
    [
        ({"meld": (0, 0), "tricks": (130, 120)}, "who took the bid? Choose the bidder"),
        ({"bidder": 0, "meld": (0, 0), "tricks": (130, 120)}, "what was the bid? Enter it"),
        (
            {"bidder": 2, "bid": 250, "meld": (0, 0), "tricks": (130, 120)},
            "the bidder must be a side from 0 to 1",
        ),
        (
            {"bidder": 0, "bid": 250, "meld": (0, 0)},
            "a played hand needs each side's trick points; enter them",
        ),
        (
            {"bidder": 0, "bid": 250, "meld": (0,), "tricks": (130, 120)},
            "meld needs one number per side (2), not 1",
        ),
    ],
)
def test_a_hand_missing_what_it_needs_is_refused(hand, sentence):
    assert _refused("partnership", **hand) == sentence


# -- trick points and meld values


@pytest.mark.parametrize(
    ("preset_name", "tricks", "sentence"),
    [
        (
            "partnership",
            (100, 140),
            "trick points 100 + 140 = 240, but a hand has 250; correct them to add up to 250",
        ),
        (
            "partnership",
            (150, 110),
            "trick points 150 + 110 = 260, but a hand has 250; correct them to add up to 250",
        ),
        (
            "partnership-small",
            (10, 10),
            "trick points 10 + 10 = 20, but a hand has 25; correct them to add up to 25",
        ),
        (
            "double-deck",
            (20, 20),
            "trick points 20 + 20 = 40, but a hand has 50; correct them to add up to 50",
        ),
        (
            "three-handed",
            (100, 100, 40),
            "trick points 100 + 100 + 40 = 240, but a hand has 250; correct them to add up to 250",
        ),
        (
            "two-handed",
            (100, 100),
            "trick points 100 + 100 = 200, but a hand has 250; correct them to add up to 250",
        ),
        (
            "partnership",
            (95, 155),
            "trick points for Team A (95) are not a multiple of 10; enter 90 or 100",
        ),
        (
            "three-handed",
            (100, 105, 45),
            "trick points for Player 2 (105) are not a multiple of 10; enter 100 or 110",
        ),
        (
            "two-handed",
            (123, 127),
            "trick points for Player 1 (123) are not a multiple of 5; enter 120 or 125",
        ),
        ("partnership", (-10, 260), "trick points for Team A must be a whole number, 0 or more"),
        ("partnership", (250,), "trick points need one number per side (2), not 1"),
        ("three-handed", (130, 120), "trick points need one number per side (3), not 2"),
    ],
)
def test_trick_points_must_add_up_to_the_hand_in_reachable_amounts(preset_name, tricks, sentence):
    preset = get_preset(preset_name)
    with pytest.raises(RuleError) as error:
        validate_tricks(preset, tricks, preset.side_names)
    assert str(error.value) == sentence


@pytest.mark.parametrize(
    ("preset_name", "tricks"),
    [
        ("partnership", (250, 0)),
        ("partnership", (130, 120)),
        ("partnership-small", (13, 12)),
        ("double-deck", (27, 23)),
        ("three-handed", (100, 100, 50)),
        ("two-handed", (125, 125)),
        ("two-handed", (5, 245)),
    ],
)
def test_trick_points_that_add_up_in_reachable_amounts_stand(preset_name, tricks):
    preset = get_preset(preset_name)
    validate_tricks(preset, tricks, preset.side_names)


@pytest.mark.parametrize(
    ("preset_name", "meld", "sentence"),
    [
        (
            "partnership",
            (55, 0),
            "meld for Team A (55) is not a multiple of 10; check the "
            "meld, or count it from the cards",
        ),
        (
            "three-handed",
            (0, 0, 15),
            "meld for Player 3 (15) is not a multiple of 10; check the "
            "meld, or count it from the cards",
        ),
        (
            "two-handed",
            (0, 5),
            "meld for Player 2 (5) is not a multiple of 10; check the "
            "meld, or count it from the cards",
        ),
        ("partnership", (-20, 0), "meld for Team A must be a whole number, 0 or more"),
        ("partnership", (0, 0, 0), "meld needs one number per side (2), not 3"),
    ],
)
def test_meld_must_be_in_the_presets_unit(preset_name, meld, sentence):
    preset = get_preset(preset_name)
    with pytest.raises(RuleError) as error:
        validate_meld(preset, meld, preset.side_names)
    assert str(error.value) == sentence


@pytest.mark.parametrize(
    ("preset_name", "meld"),
    [
        ("partnership", (150, 40)),
        ("partnership-small", (7, 3)),
        ("double-deck", (23, 19)),
        ("three-handed", (0, 40, 1500)),
    ],
)
def test_meld_in_the_presets_unit_stands(preset_name, meld):
    preset = get_preset(preset_name)
    validate_meld(preset, meld, preset.side_names)


def test_a_played_hand_with_bad_trick_points_is_refused():
    sentence = _refused("partnership", bidder=0, bid=250, meld=(60, 40), tricks=(100, 140))
    assert (
        sentence
        == "trick points 100 + 140 = 240, but a hand has 250; correct them to add up to 250"
    )


# -- two-handed


def test_two_handed_each_player_scores_meld_and_tricks():
    outcome = _score("two-handed", meld=(100, 40), tricks=(130, 120))
    assert outcome.result == "played"
    assert outcome.points == (230, 160)
    assert outcome.bidder is None


@pytest.mark.parametrize(("dealer", "points"), [(0, (240, 160)), (1, (230, 170))])
def test_two_handed_dealer_scores_10_for_a_turned_up_nine(dealer, points):
    outcome = _score(
        "two-handed", meld=(100, 40), tricks=(130, 120), dealer=dealer, turned_nine=True
    )
    assert outcome.points == points


def test_two_handed_dealer_scores_nothing_extra_without_a_turned_up_nine():
    outcome = _score("two-handed", meld=(100, 40), tricks=(130, 120), dealer=1)
    assert outcome.points == (230, 160)


def test_a_turned_up_nine_needs_the_dealer():
    sentence = _refused("two-handed", meld=(100, 40), tricks=(130, 120), turned_nine=True)
    assert sentence == "a turned-up nine needs the dealer"


@pytest.mark.parametrize(
    ("bid", "meld", "sentence"),
    [
        (300, 140, "Team A: 160 more needed from tricks to make 300"),
        (330, 60, "Team A: 270 more needed from tricks to make 330, more than the 250 there are"),
        (250, 300, "Team A: meld alone makes 250, once a trick is taken"),
    ],
)
def test_the_bid_outlook_says_what_the_bidder_needs_from_the_tricks(bid, meld, sentence):
    assert bid_outlook(get_preset("partnership"), bid, meld, "Team A") == sentence


@pytest.mark.parametrize(
    ("preset_name", "bid", "meld", "always"),
    [
        ("three-handed", 300, 200, True),
        ("three-handed", 600, 0, True),
        ("partnership", 330, 60, False),
        ("partnership", 300, 120, False),
    ],
)
def test_a_throw_in_allowed_on_every_hand_says_so(preset_name, bid, meld, always):
    # RULES.md: three-handed may throw in "any time before play", whatever the meld.
    assert throw_in_verdict(get_preset(preset_name), bid, meld).always is always
