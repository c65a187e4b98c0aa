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
