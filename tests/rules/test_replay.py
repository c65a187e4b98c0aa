"""Replaying a pinochle match (RULES.md, "scoring one hand", steps 5 and 6): running totals,
the end of the game and who wins it when several sides reach the target on one hand."""

import pytest

from scorekeeper.rules.errors import RuleError
from scorekeeper.rules.pinochle import (
    PRESETS,
    HandInput,
    game_winner,
    replay_match,
    score_hand,
    with_rules,
)

PARTNERSHIP = PRESETS["partnership"]
THREE_HANDED = PRESETS["three-handed"]
TWO_HANDED = PRESETS["two-handed"]


def _bid(bidder, bid, meld, tricks=None, **more):
    return HandInput(bidder=bidder, bid=bid, meld=meld, tricks=tricks, **more)


def _deal(meld, tricks, **more):
    return HandInput(meld=meld, tricks=tricks, **more)


# The API.md example: a thrown-in hand, then a hand Team B makes.
API_EXAMPLE = [
    _bid(0, 330, (60, 100), (0, 0), thrown_in=True),
    _bid(1, 250, (40, 120), (90, 160)),
]


def test_the_api_example_match():
    ledger = replay_match(PARTNERSHIP, API_EXAMPLE)
    assert [row.outcome.result for row in ledger.rows] == ["thrown-in", "made"]
    assert [row.outcome.points for row in ledger.rows] == [(-330, 100), (130, 280)]
    assert [row.totals for row in ledger.rows] == [(-330, 100), (-200, 380)]
    assert ledger.totals == (-200, 380)
    assert (ledger.winner, ledger.win_reason) == (None, None)


def test_rows_are_numbered_from_one():
    ledger = replay_match(PARTNERSHIP, API_EXAMPLE)
    assert [row.number for row in ledger.rows] == [1, 2]


def test_running_totals_are_the_sum_of_every_hand_so_far():
    hands = [
        _bid(0, 300, (100, 60), (240, 10)),
        _bid(1, 250, (60, 100), (150, 100)),
        _bid(0, 350, (100, 60), (240, 10)),
        _bid(1, 330, (60, 40), (0, 0), thrown_in=True),
    ]
    ledger = replay_match(PARTNERSHIP, hands)
    running = [0, 0]
    for hand, row in zip(hands, ledger.rows, strict=True):
        outcome = score_hand(PARTNERSHIP, hand)
        assert row.outcome == outcome
        running = [total + points for total, points in zip(running, outcome.points, strict=True)]
        assert row.totals == tuple(running)
    assert ledger.totals == (340 + 210 - 350 + 60, 70 - 250 + 70 - 330)


def test_a_match_with_no_hands_is_nothing_to_nothing():
    ledger = replay_match(PARTNERSHIP, [])
    assert (ledger.rows, ledger.totals, ledger.winner) == ((), (0, 0), None)


def test_totals_may_go_negative():
    ledger = replay_match(PARTNERSHIP, [_bid(0, 350, (0, 100), (100, 150))])
    assert ledger.totals == (-350, 250)


def test_a_redeal_leaves_the_totals_alone():
    small = PRESETS["partnership-small"]
    ledger = replay_match(small, [_bid(0, 30, (10, 6), (20, 5)), HandInput(redeal=True)])
    assert [row.totals for row in ledger.rows] == [(30, 11), (30, 11)]


# -- game end


def test_no_side_at_game_plays_on():
    ledger = replay_match(PARTNERSHIP, [_bid(0, 250, (1000, 60), (240, 10))])
    assert ledger.totals == (1240, 70)
    assert ledger.winner is None


def test_the_one_side_that_reaches_game_wins():
    ledger = replay_match(PARTNERSHIP, [_bid(0, 250, (1500, 60), (240, 10))])
    assert ledger.winner == 0
    assert "Team A" in ledger.win_reason


def test_a_side_that_reaches_game_exactly_wins():
    ledger = replay_match(PARTNERSHIP, [_bid(1, 250, (60, 1250), (0, 250))])
    assert ledger.totals == (0, 1500)
    assert ledger.winner == 1


def test_the_other_side_may_reach_game_while_the_bidder_goes_set():
    hands = [_bid(1, 250, (60, 1200), (10, 240)), _bid(0, 500, (60, 60), (50, 200))]
    ledger = replay_match(PARTNERSHIP, hands)
    assert ledger.totals == (70 - 500, 1440 + 260)
    assert ledger.winner == 1


def test_both_sides_reach_game_and_the_bidder_wins_with_fewer_points():
    """The RULES example: 1600 beats 1700 when the 1600 side held the bid."""
    hands = [
        _bid(0, 250, (500, 600), (170, 80)),
        _bid(1, 250, (560, 620), (120, 130)),
        _bid(0, 250, (150, 120), (100, 150)),
    ]
    ledger = replay_match(PARTNERSHIP, hands)
    assert [row.totals for row in ledger.rows] == [(670, 680), (1350, 1430), (1600, 1700)]
    assert ledger.winner == 0
    assert "Team A" in ledger.win_reason


def test_the_bidder_tie_rule_picks_the_bidder_among_those_at_game():
    names = ("Team A", "Team B")
    assert game_winner(PARTNERSHIP, (1600, 1700), 0, names)[0] == 0
    assert game_winner(PARTNERSHIP, (1700, 1600), 1, names)[0] == 1
    assert game_winner(PARTNERSHIP, (1600, 1600), 1, names)[0] == 1


def test_a_higher_tie_rule_house_rule_ignores_who_held_the_bid():
    higher = with_rules(PARTNERSHIP, {"tie_rule": "higher"})
    hands = [
        _bid(0, 250, (500, 600), (170, 80)),
        _bid(1, 250, (560, 620), (120, 130)),
        _bid(0, 250, (150, 120), (100, 150)),
    ]
    assert replay_match(higher, hands).winner == 1


@pytest.mark.parametrize(
    ("totals", "bidder", "winner"),
    [
        ((1499, 1499), 0, None),
        ((1500, 1499), 1, 0),
        ((1499, 1500), 0, 1),
        ((1600, 1700), 0, 0),
        ((1600, 1700), 1, 1),
        ((-100, 1500), 0, 1),
    ],
)
def test_game_winner_in_partnership(totals, bidder, winner):
    assert game_winner(PARTNERSHIP, totals, bidder, PARTNERSHIP.side_names)[0] == winner


# -- three-handed: bidder wins, else higher


def _three_handed_at(p1, p2):
    """Two hands that bring Player 1 and Player 2 to the given totals (Player 3 at 50)."""
    return [
        _bid(0, 300, (700, 650, 0), (150, 80, 20)),
        _bid(1, 300, (p1 - 850 - 100, p2 - 730 - 120, 0), (100, 120, 30)),
    ]


def test_three_handed_two_non_bidders_reach_game_and_the_higher_wins():
    hands = _three_handed_at(1450, 1450) + [_bid(2, 300, (80, 60, 20), (50, 40, 160))]
    ledger = replay_match(THREE_HANDED, hands)
    assert ledger.rows[1].totals == (1450, 1450, 50)
    assert ledger.totals == (1580, 1550, -250)
    assert ledger.winner == 0
    assert "Player 1" in ledger.win_reason


def test_three_handed_bidder_among_those_at_game_wins_with_fewer_points():
    hands = _three_handed_at(1450, 1450) + [_bid(0, 300, (100, 300, 0), (200, 50, 0))]
    ledger = replay_match(THREE_HANDED, hands)
    assert ledger.totals == (1750, 1800, 50)
    assert ledger.winner == 0


def test_three_handed_non_bidders_level_at_game_play_on():
    hands = _three_handed_at(1450, 1450) + [_bid(2, 300, (80, 90, 20), (50, 40, 160))]
    ledger = replay_match(THREE_HANDED, hands)
    assert ledger.totals == (1580, 1580, -250)
    assert (ledger.winner, ledger.win_reason) == (None, None)
    # the next hand is played, and decides it
    hands.append(_bid(0, 300, (100, 60, 40), (200, 30, 20)))
    ledger = replay_match(THREE_HANDED, hands)
    assert ledger.totals == (1880, 1670, -190)
    assert ledger.winner == 0


# -- two-handed: higher wins


def test_two_handed_one_player_reaches_game_and_wins():
    hands = [_deal((400, 450), (120, 130)), _deal((300, 200), (200, 50))]
    ledger = replay_match(TWO_HANDED, hands)
    assert ledger.totals == (1020, 830)
    assert ledger.winner == 0


def test_two_handed_both_players_reach_game_and_the_higher_wins():
    hands = [_deal((400, 450), (120, 130)), _deal((350, 400), (150, 100))]
    ledger = replay_match(TWO_HANDED, hands)
    assert ledger.totals == (1020, 1080)
    assert ledger.winner == 1
    assert "Player 2" in ledger.win_reason


def test_two_handed_both_players_level_at_game_play_on():
    hands = [_deal((400, 450), (120, 130)), _deal((450, 400), (130, 120))]
    ledger = replay_match(TWO_HANDED, hands)
    assert ledger.totals == (1100, 1100)
    assert (ledger.winner, ledger.win_reason) == (None, None)
    hands.append(_deal((0, 0), (130, 120)))
    ledger = replay_match(TWO_HANDED, hands)
    assert ledger.totals == (1230, 1220)
    assert ledger.winner == 0


def test_two_handed_dealer_nine_counts_toward_game():
    hands = [
        _deal((400, 450), (120, 130)),
        _deal((450, 400), (130, 120), dealer=1, turned_nine=True),
    ]
    ledger = replay_match(TWO_HANDED, hands)
    assert ledger.totals == (1100, 1110)
    assert ledger.winner == 1


# -- errors


def test_a_hand_after_the_game_is_won_is_refused():
    hands = [
        _bid(0, 250, (1500, 60), (240, 10)),
        _bid(1, 250, (60, 100), (150, 100)),
    ]
    with pytest.raises(RuleError) as error:
        replay_match(PARTNERSHIP, hands)
    assert str(error.value).startswith("hand 2: the game is over; ")
    assert str(error.value) == "hand 2: the game is over; Team A won after hand 1"


def test_a_hand_after_the_game_is_won_names_the_winner_by_the_names_given():
    hands = [_bid(0, 250, (1500, 60), (240, 10))] * 3
    with pytest.raises(RuleError) as error:
        replay_match(PARTNERSHIP, hands, names=("Us", "Them"))
    assert str(error.value) == "hand 2: the game is over; Us won after hand 1"


@pytest.mark.parametrize(
    ("broken", "sentence"),
    [
        (_bid(0, 255, (60, 40), (130, 120)), "bid 255 is not a multiple of 10; enter 250 or 260"),
        (
            _bid(0, 240, (60, 40), (130, 120)),
            "bid 240 is under the minimum of 250; enter 250 or more",
        ),
        (
            _bid(0, 250, (60, 40), (100, 140)),
            "trick points 100 + 140 = 240, but a hand has 250; correct them to add up to 250",
        ),
        (
            _bid(0, 300, (60, 40), thrown_in=True),
            "no throw-in: bid 300 \u2212 meld 60 = 240 is not more than the 250 trick points "
            "there are; save it as a played hand",
        ),
        (
            _bid(0, 250, (65, 40), (130, 120)),
            "meld for Team A (65) is not a multiple of 10; check the "
            "meld, or count it from the cards",
        ),
    ],
)
def test_an_error_in_a_hand_names_the_hand(broken, sentence):
    hands = [*API_EXAMPLE, broken]
    with pytest.raises(RuleError) as error:
        replay_match(PARTNERSHIP, hands)
    assert str(error.value) == f"hand 3: {sentence}"


def test_an_error_in_the_first_hand_is_hand_1():
    with pytest.raises(
        RuleError, match="^hand 1: bid 255 is not a multiple of 10; enter 250 or 260$"
    ):
        replay_match(PARTNERSHIP, [_bid(0, 255, (60, 40), (130, 120))])


def test_replay_uses_the_names_given_in_each_sentence():
    ledger = replay_match(PARTNERSHIP, API_EXAMPLE, names=("Us", "Them"))
    assert ledger.rows[1].outcome.sentence.startswith("Them made 250 with 280")


def test_replay_follows_the_house_rules_it_is_given():
    short_game = with_rules(PARTNERSHIP, {"target": 300})
    ledger = replay_match(short_game, [_bid(0, 300, (100, 60), (240, 10))])
    assert ledger.winner == 0


# -- the deal


def test_the_deal_passes_clockwise_but_a_nines_redeal_is_dealt_again():
    small = PRESETS["partnership-small"]
    everyone_passed = HandInput(all_passed=True, meld=(4, 6), tricks=(10, 15))
    hands = [everyone_passed, HandInput(redeal=True), everyone_passed, everyone_passed]
    ledger = replay_match(small, hands)
    assert [row.dealer for row in ledger.rows] == [0, 1, 1, 2]
    # the stuck dealer's side takes the bid: seats 0 and 2 are Team A, 1 and 3 Team B
    assert [row.outcome.bidder for row in ledger.rows] == [0, None, 1, 0]
    assert [row.outcome.points for row in ledger.rows] == [
        (-20, 21),
        (0, 0),
        (14, 21),
        (-20, 21),
    ]
    assert ledger.next_dealer == 3


def test_two_handed_turned_up_nine_scores_for_that_hands_dealer():
    nine = _deal((0, 0), (130, 120), turned_nine=True)
    ledger = replay_match(TWO_HANDED, [nine, nine], first_dealer=1)
    assert [row.outcome.points for row in ledger.rows] == [(130, 130), (140, 120)]
