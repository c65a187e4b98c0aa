"""Statistics across games (shared/API.md "Statistics"): hand-worked matches and dice games,
and the properties that let a group's numbers be the sum of its games' numbers."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.rules import (
    FarkleTurn,
    HandInput,
    RuleError,
    Stats,
    YahtzeeTurn,
    farkle_rules,
    farkle_stats,
    game_result,
    get_preset,
    pinochle_stats,
    replay_farkle,
    replay_match,
    replay_yahtzee,
    stats_report,
    whole_mean,
    yahtzee_stats,
)
from tests.helpers.api import pinochle_numbers

SMALL = get_preset("partnership-small")
DOUBLE = get_preset("double-deck")

# partnership-small (target 150): Ann and Cat bid three times and make them all, Bob and
# Dan go set once and throw in once; a nines redeal in between counts for nothing.
FIRST_MATCH = [
    HandInput(bidder=0, bid=30, meld=(20, 10), tricks=(15, 10)),
    HandInput(redeal=True),
    HandInput(bidder=1, bid=40, meld=(5, 12), tricks=(10, 15)),
    HandInput(bidder=1, bid=50, meld=(8, 4), thrown_in=True),
    HandInput(bidder=0, bid=25, meld=(30, 2), tricks=(20, 5)),
    HandInput(bidder=0, bid=22, meld=(40, 6), tricks=(20, 5)),
]
# double-deck, not finished: Cat and Eve forfeit 60 (meld 10 is under the minimum of 20),
# then Ann and Bob make 50.
SECOND_MATCH = [
    HandInput(bidder=1, bid=60, meld=(30, 10), tricks=(30, 20)),
    HandInput(bidder=0, bid=50, meld=(25, 21), tricks=(30, 20)),
]


def first_match() -> Stats:
    ledger = replay_match(SMALL, FIRST_MATCH)
    assert ledger.winner == 0
    return pinochle_stats(SMALL, [["Ann", "Cat"], ["Bob", "Dan"]], ledger)


def second_match() -> Stats:
    ledger = replay_match(DOUBLE, SECOND_MATCH)
    assert ledger.winner is None
    return pinochle_stats(DOUBLE, [[" Ann ", "Bob"], ["Cat", "Eve"]], ledger)


def pinochle_block(report, name):
    return next(player["pinochle"] for player in report["players"] if player["name"] == name)


def test_one_match_counts_every_field_of_each_player():
    report = stats_report(first_match(), ("pinochle",))

    assert [player["name"] for player in report["players"]] == ["Ann", "Bob", "Cat", "Dan"]
    # bids 30 25 22 (25.67); meld 20 5 8 30 40 (20.6)
    ann = pinochle_numbers(1, 1, 5, 3, 3, 0, 0, 0, 26, 21, 40)
    # bids 40 50; meld 10 12 4 2 6 (6.8)
    bob = pinochle_numbers(1, 0, 5, 2, 0, 1, 1, 0, 45, 7, 12)
    assert pinochle_block(report, "Ann") == pinochle_block(report, "Cat") == ann
    assert pinochle_block(report, "Bob") == pinochle_block(report, "Dan") == bob
    assert report["partnerships"] == [
        {"players": ["Ann", "Cat"], "matches": 1, "wins": 1},
        {"players": ["Bob", "Dan"], "matches": 1, "wins": 0},
    ]
    assert report["head_to_head"] == [
        {"players": ["Ann", "Bob"], "matches": 1, "wins": [1, 0]},
        {"players": ["Ann", "Dan"], "matches": 1, "wins": [1, 0]},
        {"players": ["Bob", "Cat"], "matches": 1, "wins": [0, 1]},
        {"players": ["Cat", "Dan"], "matches": 1, "wins": [1, 0]},
    ]


def test_two_matches_add_up_and_a_name_is_the_same_player_however_it_is_spaced():
    report = stats_report(first_match() + second_match(), ("pinochle",))

    assert [player["name"] for player in report["players"]] == ["Ann", "Bob", "Cat", "Dan", "Eve"]
    # Ann: 50 made in the unfinished match, which counts no win; bids 127 / 4 = 31.75,
    # meld 158 / 7 = 22.57.
    assert pinochle_block(report, "Ann") == pinochle_numbers(2, 1, 7, 4, 4, 0, 0, 0, 32, 23, 40)
    # Cat changed sides: her forfeit at 60 is a bid of hers too; 137 / 4 = 34.25, 134 / 7.
    assert pinochle_block(report, "Cat") == pinochle_numbers(2, 1, 7, 4, 3, 0, 0, 1, 34, 19, 40)
    # Eve: a meld of 15.5 on average rounds half up.
    assert pinochle_block(report, "Eve") == pinochle_numbers(1, 0, 2, 1, 0, 0, 0, 1, 60, 16, 21)
    assert report["partnerships"] == [
        {"players": ["Ann", "Bob"], "matches": 1, "wins": 0},
        {"players": ["Ann", "Cat"], "matches": 1, "wins": 1},
        {"players": ["Bob", "Dan"], "matches": 1, "wins": 0},
        {"players": ["Cat", "Eve"], "matches": 1, "wins": 0},
    ]
    assert {"players": ["Bob", "Cat"], "matches": 2, "wins": [0, 1]} in report["head_to_head"]


def test_two_handed_has_no_bids_and_no_partnerships():
    two = get_preset("two-handed")
    ledger = replay_match(two, [HandInput(meld=(60, 40), tricks=(150, 100))])
    report = stats_report(pinochle_stats(two, [["Ann"], ["Bob"]], ledger), ("pinochle",))

    ann = pinochle_block(report, "Ann")
    assert (ann["bids"], ann["made"], ann["average_bid"]) == (0, 0, None)
    assert (ann["hands"], ann["average_meld"], ann["best_meld"]) == (1, 60, 60)
    assert report["partnerships"] == []
    assert report["head_to_head"] == [{"players": ["Ann", "Bob"], "matches": 1, "wins": [0, 0]}]


def test_nothing_to_report_is_empty():
    assert stats_report(Stats()) == {"players": [], "partnerships": [], "head_to_head": []}


def test_averages_are_whole_numbers_rounded_half_up():
    assert [whole_mean(5, 2), whole_mean(7, 2), whole_mean(4, 3), whole_mean(-5, 2)] == [
        3,
        4,
        1,
        -2,
    ]
    assert whole_mean(0, 0) is None


# Ann fills every box (a Yahtzee, the upper bonus): 63 + 35 + 27 + 0 + 25 + 30 + 40 + 50
# + 26 = 296; Bob fills each with 1 2 3 4 6: 16 + 30 (small straight) + 16 (chance) = 62.
ANN_SHEET = [
    ("11123", "ones"),
    ("22245", "twos"),
    ("33312", "threes"),
    ("44412", "fours"),
    ("55512", "fives"),
    ("66612", "sixes"),
    ("66654", "three_of_a_kind"),
    ("12345", "four_of_a_kind"),
    ("22333", "full_house"),
    ("12346", "small_straight"),
    ("23456", "large_straight"),
    ("44444", "yahtzee"),
    ("66554", "chance"),
]
BOB_BOXES = [box for _, box in ANN_SHEET]


def sheet(turns):
    return replay_yahtzee(
        "classic", [YahtzeeTurn([int(d) for d in dice], box) for dice, box in turns]
    )


def test_a_finished_yahtzee_game_and_an_unfinished_one():
    ann, bob = sheet(ANN_SHEET), sheet([("12346", box) for box in BOB_BOXES])
    assert (ann.total, bob.total) == (296, 62)
    finished = yahtzee_stats("classic", ["Ann", "Bob"], [ann, bob], game_result([ann, bob]))
    ann_started = sheet([("55555", "yahtzee")])
    bob_started = sheet([])
    unfinished = yahtzee_stats(
        "classic",
        ["Ann", "Bob"],
        [ann_started, bob_started],
        game_result([ann_started, bob_started]),
    )

    report = stats_report(finished + unfinished, ("yahtzee",))

    assert report["players"] == [
        {
            "name": "Ann",
            "yahtzee": {
                "games": 2,
                "wins": 1,
                "average": 296,  # finished games only
                "best": 296,
                "yahtzees": 2,
                "upper_bonuses": 1,
                "upper_bonus_rate": 100,
            },
        },
        {
            "name": "Bob",
            "yahtzee": {
                "games": 2,
                "wins": 0,
                "average": 62,
                "best": 62,
                "yahtzees": 0,
                "upper_bonuses": 0,
                "upper_bonus_rate": 0,
            },
        },
    ]


def test_a_farkle_game():
    rules = farkle_rules({"target": 1000})
    turns = [
        FarkleTurn(total=600),
        FarkleTurn(farkle=True),
        FarkleTurn(total=500),  # Ann reaches 1100: Bob has one more turn
        FarkleTurn(total=700),
    ]
    game = replay_farkle(["Ann", "Bob"], turns, rules)
    assert game.over

    report = stats_report(farkle_stats(game, turns), ("farkle",))

    assert [player["farkle"] for player in report["players"]] == [
        {"games": 1, "wins": 1, "average": 1100, "best": 1100, "best_turn": 600, "farkles": 0},
        {"games": 1, "wins": 0, "average": 700, "best": 700, "best_turn": 700, "farkles": 1},
    ]


def test_a_player_of_one_game_has_zero_counts_and_null_averages_in_the_others():
    report = stats_report(first_match())

    ann = report["players"][0]
    assert ann["yahtzee"] == {
        "games": 0,
        "wins": 0,
        "average": None,
        "best": None,
        "yahtzees": 0,
        "upper_bonuses": 0,
        "upper_bonus_rate": None,
    }
    assert ann["farkle"]["best_turn"] is None


def test_renaming_merges_two_spellings_and_turns_a_rivalry_around():
    renamed = stats_report((first_match() + second_match()).renamed({"Ann": "Zoe", "Eve": "Cat"}))

    assert [player["name"] for player in renamed["players"]] == ["Bob", "Cat", "Dan", "Zoe"]
    cat = renamed["players"][1]["pinochle"]
    assert (cat["matches"], cat["hands"], cat["forfeit"]) == (3, 9, 2)
    # Cat with "Eve" (now Cat) is one player twice: no partnership.
    assert {"players": ["Cat", "Zoe"], "matches": 1, "wins": 1} in renamed["partnerships"]
    assert [p["players"] for p in renamed["partnerships"]] == [
        ["Bob", "Dan"],
        ["Bob", "Zoe"],
        ["Cat", "Zoe"],
    ]
    assert {"players": ["Dan", "Zoe"], "matches": 1, "wins": [0, 1]} in renamed["head_to_head"]


def test_a_summary_kept_as_json_reads_back_the_same():
    stats = first_match() + second_match()

    assert Stats.from_json(json.loads(json.dumps(stats.to_json()))) == stats


# ------------------------------------------------------------------ properties

NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]
PARTNERSHIP = get_preset("partnership")

a_hand = st.builds(
    lambda bidder, bid, meld, tricks, thrown_in: HandInput(
        bidder=bidder,
        bid=bid,
        meld=meld,
        tricks=None if thrown_in else (tricks, 250 - tricks),
        thrown_in=thrown_in,
    ),
    st.integers(0, 1),
    st.integers(25, 40).map(lambda n: n * 10),
    st.tuples(st.integers(0, 30), st.integers(0, 30)).map(lambda m: (m[0] * 10, m[1] * 10)),
    st.integers(0, 25).map(lambda n: n * 10),
    st.booleans(),
)


def played(hands: list[HandInput]) -> list[HandInput]:
    """The hands the rules accept, in order, until the match is won."""
    kept: list[HandInput] = []
    for hand in hands:
        try:
            ledger = replay_match(PARTNERSHIP, [*kept, hand])
        except RuleError:
            continue
        kept.append(hand)
        if ledger.winner is not None:
            break
    return kept


a_match = st.builds(
    lambda names, hands: pinochle_stats(
        PARTNERSHIP, [names[0:2], names[2:4]], replay_match(PARTNERSHIP, played(hands))
    ),
    st.permutations(NAMES),
    st.lists(a_hand, max_size=12),
)


@given(st.lists(a_match, max_size=6), st.randoms())
def test_the_sum_of_games_does_not_depend_on_their_order(matches, random):
    shuffled = list(matches)
    random.shuffle(shuffled)

    assert stats_report(sum(matches, Stats())) == stats_report(sum(shuffled, Stats()))


@given(st.lists(a_match, min_size=1, max_size=6), st.integers(0, 6))
def test_adding_in_any_grouping_gives_the_same(matches, cut):
    whole = sum(matches, Stats())

    assert sum(matches[:cut], Stats()) + sum(matches[cut:], Stats()) == whole


@given(
    st.lists(a_match, max_size=5), st.dictionaries(st.sampled_from(NAMES), st.sampled_from(NAMES))
)
def test_renaming_the_sum_is_the_sum_of_the_renamed(matches, names):
    assert stats_report(sum(matches, Stats()).renamed(names)) == stats_report(
        sum((match.renamed(names) for match in matches), Stats())
    )


@given(st.lists(a_match, min_size=1, max_size=4))
def test_each_players_bids_split_into_made_set_thrown_in_and_forfeit(matches):
    for player in stats_report(sum(matches, Stats()))["players"]:
        numbers = player["pinochle"]
        split = numbers["made"] + numbers["set"] + numbers["thrown_in"] + numbers["forfeit"]
        assert split == numbers["bids"]
        assert numbers["wins"] <= numbers["matches"]


def test_a_players_own_meld_counts_for_them_where_it_was_entered():
    partnership = get_preset("partnership")
    hands = [
        HandInput(bidder=0, bid=250, meld=(140, 60), tricks=(160, 90)),
        HandInput(bidder=1, bid=250, meld=(20, 200), tricks=(100, 150)),
    ]
    ledger = replay_match(partnership, hands)
    # Hand 1: Ann's cards meld 40 and Cat's 100 (the side's 140); hand 2: typed for the side.
    own = [{"Ann": 40, "Cat": 100}, {}]
    report = stats_report(
        pinochle_stats(partnership, [["Ann", "Cat"], ["Bob", "Dan"]], ledger, own), ("pinochle",)
    )

    assert pinochle_block(report, "Ann")["average_meld"] == 30  # (40 + 20) / 2
    assert pinochle_block(report, "Ann")["best_meld"] == 40
    assert pinochle_block(report, "Cat")["average_meld"] == 60  # (100 + 20) / 2
    assert pinochle_block(report, "Cat")["best_meld"] == 100
    assert pinochle_block(report, "Bob")["average_meld"] == 130  # the side's (60 + 200) / 2


# ------------------------------------------------------- the bids a player took themselves

# FIRST_MATCH's hands, who took each bid: Ann and Cat's side bid three times, Ann twice
# (30 and 25) and Cat once (22); Bob went set, Dan threw in; the redeal names nobody.
FIRST_MATCH_BID_BY = ["Ann", None, "Bob", "Dan", "Ann", "Cat"]


def test_a_side_bids_three_times_and_ann_took_two_of_them():
    ledger = replay_match(SMALL, FIRST_MATCH)
    stats = pinochle_stats(
        SMALL, [["Ann", "Cat"], ["Bob", "Dan"]], ledger, bid_by=FIRST_MATCH_BID_BY
    )
    report = stats_report(stats, ("pinochle",))

    # Both count the side's three bids; the own_ numbers split them between the two.
    ann = pinochle_numbers(1, 1, 5, 3, 3, 0, 0, 0, 26, 21, 40, own=(2, 2, 0, 0, 0, 28))
    cat = pinochle_numbers(1, 1, 5, 3, 3, 0, 0, 0, 26, 21, 40, own=(1, 1, 0, 0, 0, 22))
    bob = pinochle_numbers(1, 0, 5, 2, 0, 1, 1, 0, 45, 7, 12, own=(1, 0, 1, 0, 0, 40))
    dan = pinochle_numbers(1, 0, 5, 2, 0, 1, 1, 0, 45, 7, 12, own=(1, 0, 0, 1, 0, 50))
    assert [pinochle_block(report, name) for name in ("Ann", "Cat", "Bob", "Dan")] == [
        ann,
        cat,
        bob,
        dan,
    ]


def test_hands_that_do_not_say_who_bid_count_for_nobody():
    ledger = replay_match(SMALL, FIRST_MATCH)
    bid_by = ["Ann", None, None, None, None, None]
    report = stats_report(
        pinochle_stats(SMALL, [["Ann", "Cat"], ["Bob", "Dan"]], ledger, bid_by=bid_by),
        ("pinochle",),
    )

    assert pinochle_block(report, "Ann")["own_bids"] == 1
    assert pinochle_block(report, "Ann")["bids"] == 3
    assert [pinochle_block(report, name)["own_bids"] for name in ("Bob", "Cat", "Dan")] == [0] * 3
    assert pinochle_block(report, "Dan")["own_average_bid"] is None


def test_bid_by_is_a_name_however_it_is_spaced():
    ledger = replay_match(SMALL, FIRST_MATCH)
    bid_by = [" Ann ", None, None, None, None, None]
    stats = pinochle_stats(SMALL, [["Ann", "Cat"], ["Bob", "Dan"]], ledger, bid_by=bid_by)

    assert pinochle_block(stats_report(stats, ("pinochle",)), "Ann")["own_bids"] == 1


def test_the_own_counts_are_kept_in_a_summary_and_read_back():
    ledger = replay_match(SMALL, FIRST_MATCH)
    stats = pinochle_stats(
        SMALL, [["Ann", "Cat"], ["Bob", "Dan"]], ledger, bid_by=FIRST_MATCH_BID_BY
    )

    assert Stats.from_json(json.loads(json.dumps(stats.to_json()))) == stats


@pytest.mark.parametrize(
    ("bid_by", "sentence"),
    [
        # Hand 3 was Bob and Dan's bid.
        (
            ["Ann", None, "Ann"],
            "hand 3: bid_by must be a player of the bidding side (Bob or Dan), not Ann",
        ),
        (["Eve"], "hand 1: bid_by must be a player of the bidding side (Ann or Cat), not Eve"),
        # The nines redeal had no bid.
        ([None, "Ann"], "hand 2: bid_by names Ann, but nobody took a bid in this hand"),
    ],
)
def test_bid_by_must_name_a_player_of_the_bidding_side(bid_by, sentence):
    ledger = replay_match(SMALL, FIRST_MATCH)

    with pytest.raises(RuleError) as refused:
        pinochle_stats(SMALL, [["Ann", "Cat"], ["Bob", "Dan"]], ledger, bid_by=bid_by)

    assert str(refused.value) == sentence


def _with_bid_by(names: list[str], hands: list[tuple[HandInput, int]]) -> Stats:
    """A partnership match of the hands the rules accept, each naming which of the bidding
    side's two players took it (``names[0:2]`` one side, ``names[2:4]`` the other)."""
    kept = played([hand for hand, _ in hands])
    picks = iter(pick for hand, pick in hands if any(hand is k for k in kept))
    bid_by = [names[2 * hand.bidder + next(picks)] for hand in kept]
    ledger = replay_match(PARTNERSHIP, kept)
    return pinochle_stats(PARTNERSHIP, [names[0:2], names[2:4]], ledger, bid_by=bid_by)


a_match_saying_who_bid = st.builds(
    _with_bid_by,
    st.permutations(NAMES).map(lambda names: names[:4]),
    st.lists(st.tuples(a_hand, st.integers(0, 1)), max_size=12),
)


@given(st.lists(a_match_saying_who_bid, min_size=1, max_size=4))
def test_own_bids_split_and_a_sides_players_share_its_bids(matches):
    for match in matches:
        report = stats_report(match, ("pinochle",))
        by_name = {player["name"]: player["pinochle"] for player in report["players"]}
        for numbers in by_name.values():
            own = ("own_made", "own_set", "own_thrown_in", "own_forfeit")
            assert sum(numbers[name] for name in own) == numbers["own_bids"]
            assert numbers["own_bids"] <= numbers["bids"]
        # Every hand says who bid: the side's two players' own bids are the side's bids.
        for side in (match_side(match, 0), match_side(match, 1)):
            assert sum(by_name[name]["own_bids"] for name in side) == by_name[side[0]]["bids"]
    for player in stats_report(sum(matches, Stats()))["players"]:
        numbers = player["pinochle"]
        own = numbers["own_made"] + numbers["own_set"] + numbers["own_thrown_in"]
        assert own + numbers["own_forfeit"] == numbers["own_bids"]


def match_side(match: Stats, side: int) -> list[str]:
    """The names of one side of a one-match Stats (its partnership's pair)."""
    return list(sorted(match.partnerships)[side])
