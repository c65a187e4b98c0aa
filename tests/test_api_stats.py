"""POST /api/v1/pinochle/stats (shared/API.md "Statistics"): hand-worked matches checked
field by field, every refusal, and the answer for many matches as the sum of each match."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.rules import (
    HandInput,
    Stats,
    get_preset,
    pinochle_stats,
    replay_match,
    stats_report,
)
from tests.helpers.api import assert_error, pinochle_numbers

STATS_URL = "/api/v1/pinochle/stats"

# partnership-small (target 150): Ann and Cat make three bids and win; Bob and Dan go set
# once and throw in once; the nines redeal is not a hand.
FIRST = {
    "variant": "partnership-small",
    "sides": [["Ann", "Cat"], ["Bob", "Dan"]],
    "hands": [
        {"bidder": 0, "bid": 30, "meld": [20, 10], "tricks": [15, 10]},
        {"redeal": True},
        {"bidder": 1, "bid": 40, "meld": [5, 12], "tricks": [10, 15]},
        {"bidder": 1, "bid": 50, "meld": [8, 4], "thrown_in": True},
        {"bidder": 0, "bid": 25, "meld": [30, 2], "tricks": [20, 5]},
        {"bidder": 0, "bid": 22, "meld": [40, 6], "tricks": [20, 5]},
    ],
}
# double-deck, unfinished: Cat and Eve forfeit 60 (meld 10, under 20), Ann and Bob make 50.
SECOND = {
    "variant": "double-deck",
    "sides": [["  Ann", "Bob"], ["Cat", "Eve "]],
    "hands": [
        {"bidder": 1, "bid": 60, "meld": [30, 10], "tricks": [30, 20]},
        {"bidder": 0, "bid": 50, "meld": [25, 21], "tricks": [30, 20]},
    ],
}


def numbers(*numbers):
    return {"pinochle": pinochle_numbers(*numbers)}


def test_two_matches_answer_every_field_of_the_contract(client):
    response = client.post(STATS_URL, json={"matches": [FIRST, SECOND]})

    assert response.status_code == 200
    assert response.headers["Cache-Control"] == "no-store"
    assert response.get_json() == {
        "players": [
            # bids 30 25 22 50 (127 / 4 = 31.75); meld 20 5 8 30 40 | 30 25 (158 / 7)
            {"name": "Ann", **numbers(2, 1, 7, 4, 4, 0, 0, 0, 32, 23, 40)},
            # bids 40 50 | 50 (140 / 3 = 46.7); meld 10 12 4 2 6 | 30 25 (89 / 7 = 12.7)
            {"name": "Bob", **numbers(2, 0, 7, 3, 1, 1, 1, 0, 47, 13, 30)},
            # bids 30 25 22 | 60 (137 / 4 = 34.25); meld 103 | 10 21 (134 / 7 = 19.1)
            {"name": "Cat", **numbers(2, 1, 7, 4, 3, 0, 0, 1, 34, 19, 40)},
            {"name": "Dan", **numbers(1, 0, 5, 2, 0, 1, 1, 0, 45, 7, 12)},
            # meld 10 21: 15.5 rounds half up
            {"name": "Eve", **numbers(1, 0, 2, 1, 0, 0, 0, 1, 60, 16, 21)},
        ],
        "partnerships": [
            {"players": ["Ann", "Bob"], "matches": 1, "wins": 0},
            {"players": ["Ann", "Cat"], "matches": 1, "wins": 1},
            {"players": ["Bob", "Dan"], "matches": 1, "wins": 0},
            {"players": ["Cat", "Eve"], "matches": 1, "wins": 0},
        ],
        "head_to_head": [
            {"players": ["Ann", "Bob"], "matches": 1, "wins": [1, 0]},
            {"players": ["Ann", "Cat"], "matches": 1, "wins": [0, 0]},
            {"players": ["Ann", "Dan"], "matches": 1, "wins": [1, 0]},
            {"players": ["Ann", "Eve"], "matches": 1, "wins": [0, 0]},
            {"players": ["Bob", "Cat"], "matches": 2, "wins": [0, 1]},
            {"players": ["Bob", "Eve"], "matches": 1, "wins": [0, 0]},
            {"players": ["Cat", "Dan"], "matches": 1, "wins": [1, 0]},
        ],
    }


def test_three_handed_and_two_handed_players_play_alone(client):
    three = {
        "variant": "three-handed",
        "sides": [["Ann"], ["Bob"], ["Cat"]],
        "hands": [{"bidder": 2, "bid": 300, "meld": [50, 60, 200], "tricks": [100, 50, 100]}],
    }
    two = {
        "variant": "two-handed",
        "sides": [["Ann"], ["Bob"]],
        "hands": [{"meld": [60, 40], "tricks": [150, 100]}],
    }
    body = client.post(STATS_URL, json={"matches": [three, two]}).get_json()

    assert body["players"] == [
        {"name": "Ann", **numbers(2, 0, 2, 0, 0, 0, 0, 0, None, 55, 60)},
        {"name": "Bob", **numbers(2, 0, 2, 0, 0, 0, 0, 0, None, 50, 60)},
        {"name": "Cat", **numbers(1, 0, 1, 1, 1, 0, 0, 0, 300, 200, 200)},
    ]
    assert body["partnerships"] == []
    assert [(h["players"], h["matches"]) for h in body["head_to_head"]] == [
        (["Ann", "Bob"], 2),
        (["Ann", "Cat"], 1),
        (["Bob", "Cat"], 1),
    ]


def test_no_matches_answer_no_players(client):
    body = client.post(STATS_URL, json={"matches": []}).get_json()

    assert body == {"players": [], "partnerships": [], "head_to_head": []}


def broken(**change):
    return {"matches": [FIRST, {**SECOND, **change}]}


@pytest.mark.parametrize(
    ("body", "sentence"),
    [
        ([], "the body must be a JSON object with matches"),
        ({"matches": {}}, "the body must be a JSON object with matches"),
        ({"matches": [], "extra": 1}, '"extra" is not a field of this request'),
        ({"matches": [FIRST, 3]}, "match 2: the body must be a JSON object with variant"),
        (broken(players=[]), 'match 2: "players" is not a field of this request'),
        (
            broken(hands=[SECOND["hands"][0], {"bidder": 0, "bid": 55, "meld": [25, 21]}]),
            "match 2: hand 2: ",
        ),
        (
            broken(hands=[SECOND["hands"][0], {"bidder": 0, "bid": 50, "meld": [25, 21], "x": 1}]),
            'match 2: hand 2: "x" is not a field of a hand',
        ),
        (broken(sides=[["Ann", "Bob"], ["Cat", "Ann"]]), "match 2: Ann is named twice"),
        (broken(sides=[["Ann", "Bob"], ["Cat", " Ann "]]), "match 2: Ann is named twice"),
        (broken(sides=[["Ann", "Bob"], ["Cat"]]), "match 2: sides must be 2 lists of 2 player"),
        (broken(sides=None), "match 2: sides must be 2 lists of 2 player names"),
        (broken(sides=[["Ann", "Bob"], ["Cat", "  "]]), "match 2: a player's name must be"),
        (broken(sides=[["Ann", "Bob"], ["Cat", 7]]), "match 2: a player's name must be"),
        (broken(variant="euchre"), "match 2: "),
    ],
)
def test_a_match_that_breaks_the_rules_is_a_400_naming_it(client, body, sentence):
    assert_error(client.post(STATS_URL, json=body), sentence)


def said_who_bid(match: dict, *bid_by: str | None) -> dict:
    """The match with each hand naming who took its bid (None: the hand does not say)."""
    hands = [
        hand if name is None else {**hand, "bid_by": name}
        for hand, name in zip(match["hands"], bid_by, strict=True)
    ]
    return {**match, "hands": hands}


def test_a_side_that_bid_three_times_with_ann_taking_two_shows_her_own_two(client):
    first = said_who_bid(FIRST, "Ann", None, "Bob", "Dan", "Ann", "Cat")

    players = client.post(STATS_URL, json={"matches": [first]}).get_json()["players"]

    own = {
        p["name"]: {k: v for k, v in p["pinochle"].items() if k.startswith("own_")} for p in players
    }
    assert [p["pinochle"]["bids"] for p in players] == [3, 2, 3, 2]  # Ann, Bob, Cat, Dan
    assert own == {
        "Ann": {
            "own_bids": 2,
            "own_made": 2,
            "own_set": 0,
            "own_thrown_in": 0,
            "own_forfeit": 0,
            "own_average_bid": 28,
        },
        "Bob": {
            "own_bids": 1,
            "own_made": 0,
            "own_set": 1,
            "own_thrown_in": 0,
            "own_forfeit": 0,
            "own_average_bid": 40,
        },
        "Cat": {
            "own_bids": 1,
            "own_made": 1,
            "own_set": 0,
            "own_thrown_in": 0,
            "own_forfeit": 0,
            "own_average_bid": 22,
        },
        "Dan": {
            "own_bids": 1,
            "own_made": 0,
            "own_set": 0,
            "own_thrown_in": 1,
            "own_forfeit": 0,
            "own_average_bid": 50,
        },
    }


def test_own_bids_add_up_over_matches_and_names_are_trimmed(client):
    # SECOND: Cat and Eve forfeit 60 (Eve bid, typed "Eve " there), Ann and Bob make 50.
    body = {
        "matches": [
            said_who_bid(FIRST, "Ann", None, None, None, "Ann", None),
            said_who_bid(SECOND, " Eve", "Ann"),
        ]
    }

    players = {
        p["name"]: p["pinochle"] for p in client.post(STATS_URL, json=body).get_json()["players"]
    }

    assert (players["Ann"]["own_bids"], players["Ann"]["own_made"]) == (3, 3)
    assert players["Ann"]["own_average_bid"] == 35  # (30 + 25 + 50) / 3
    assert (players["Eve"]["own_bids"], players["Eve"]["own_forfeit"]) == (1, 1)
    assert players["Cat"]["own_bids"] == 0


def test_hands_without_bid_by_count_no_own_bids(client):
    players = client.post(STATS_URL, json={"matches": [FIRST]}).get_json()["players"]

    assert all(p["pinochle"]["own_bids"] == 0 for p in players)
    assert all(p["pinochle"]["own_average_bid"] is None for p in players)


@pytest.mark.parametrize(
    ("bid_by", "sentence"),
    [
        (
            ("Bob", None),
            "match 2: hand 1: bid_by must be a player of the bidding side (Cat or Eve), not Bob",
        ),
        (
            (None, "Zed"),
            "match 2: hand 2: bid_by must be a player of the bidding side (Ann or Bob), not Zed",
        ),
        ((7, None), "match 2: hand 1: bid_by must be the name of the player who bid"),
        (("  ", None), "match 2: hand 1: bid_by must be the name of the player who bid"),
    ],
)
def test_a_bid_by_off_the_bidding_side_is_a_400_naming_the_match_and_hand(client, bid_by, sentence):
    body = {"matches": [FIRST, said_who_bid(SECOND, *bid_by)]}

    assert_error(client.post(STATS_URL, json=body), sentence)


def test_scoring_knows_no_bid_by(client):
    hand = {"bidder": 0, "bid": 250, "meld": [100, 20], "tricks": [150, 100], "bid_by": "Ann"}

    response = client.post("/api/v1/pinochle/score", json={"hands": [hand]})

    assert_error(response, '"bid_by" is not a field of a hand')


def test_a_bid_off_its_step_names_the_match_and_the_hand(client):
    made = {"bidder": 0, "bid": 250, "meld": [100, 20], "tricks": [150, 100]}
    off_step = {"bidder": 1, "bid": 255, "meld": [50, 120], "tricks": [10, 240]}
    match = {"sides": [["Ann", "Cat"], ["Bob", "Dan"]], "hands": [made, made, off_step]}

    response = client.post(STATS_URL, json={"matches": [FIRST, match]})

    assert_error(response, "match 2: hand 3: bid 255 is not")


# ------------------------------------------------------------------ the sum of matches


@pytest.fixture(scope="module")
def shared_client(make_site, tmp_path_factory):
    """One client for the property test: hypothesis runs many examples in it."""
    site = make_site(tmp_path_factory.mktemp("api_stats"), TESTING=True, SECRET_KEY="test")
    return site.test_client()


NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve"]
PARTNERSHIP = get_preset("partnership")

a_hand = st.fixed_dictionaries(
    {
        "bidder": st.integers(0, 1),
        "bid": st.integers(25, 35).map(lambda n: n * 10),
        "meld": st.lists(st.integers(0, 30).map(lambda n: n * 10), min_size=2, max_size=2),
        "tricks": st.integers(0, 25).map(lambda n: [n * 10, 250 - n * 10]),
    }
)


def as_input(hand) -> HandInput:
    return HandInput(
        bidder=hand["bidder"],
        bid=hand["bid"],
        meld=tuple(hand["meld"]),
        tricks=tuple(hand["tricks"]),
    )


def accepted(hands):
    """The hands in order until the match is won (the rules refuse a hand after that)."""
    kept = []
    for hand in hands:
        kept.append(hand)
        if replay_match(PARTNERSHIP, [as_input(h) for h in kept]).winner is not None:
            break
    return kept


a_match = st.builds(
    lambda names, hands: {
        "variant": "partnership",
        "sides": [names[:2], names[2:4]],
        "hands": accepted(hands),
    },
    st.permutations(NAMES),
    st.lists(a_hand, max_size=10),
)


def stats_of(match) -> Stats:
    ledger = replay_match(PARTNERSHIP, [as_input(hand) for hand in match["hands"]])
    return pinochle_stats(PARTNERSHIP, match["sides"], ledger)


@settings(max_examples=40, deadline=None)
@given(st.lists(a_match, max_size=5), st.randoms())
def test_the_stats_of_matches_are_the_sum_of_each_match_in_any_order(
    shared_client, matches, random
):
    shuffled = list(matches)
    random.shuffle(shuffled)

    answer = shared_client.post(STATS_URL, json={"matches": matches}).get_json()
    answer_shuffled = shared_client.post(STATS_URL, json={"matches": shuffled}).get_json()

    each = sum((stats_of(match) for match in shuffled), Stats())
    assert answer == answer_shuffled == stats_report(each, ("pinochle",))
