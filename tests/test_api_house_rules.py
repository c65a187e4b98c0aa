"""The JSON API with RULES.md's "More house rules": the knobs under ``rules`` and the hand
fields ``took_trick`` and ``moon`` (shared/API.md); a hand using a knob that is off is a 400
naming the hand."""

from __future__ import annotations

import pytest

from tests.helpers.api import assert_error

SCORE_URL = "/api/v1/pinochle/score"


def _score(client, **body):
    response = client.post(SCORE_URL, json=body)
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def test_a_pointless_trick_keeps_meld_under_save_with_trick(client):
    answer = _score(
        client,
        rules={"save_with": "trick"},
        hands=[
            {
                "bidder": 0,
                "bid": 300,
                "meld": [100, 80],
                "tricks": [250, 0],
                "took_trick": [True, True],
            },
        ],
    )
    assert answer["hands"][0]["points"] == [350, 80]
    assert "their 80 meld counts" in answer["hands"][0]["sentence"]


def test_double_deck_save_minimum_20(client):
    answer = _score(
        client,
        variant="double-deck",
        rules={"save_minimum": 20},
        hands=[{"bidder": 0, "bid": 50, "meld": [40, 30], "tricks": [35, 15]}],
    )
    assert answer["hands"][0]["points"] == [75, 0]


def test_a_moon_made_and_one_missed(client):
    answer = _score(
        client,
        rules={"moon": 1500, "target": 5000},
        hands=[
            {"bidder": 0, "bid": 300, "meld": [100, 80], "tricks": [250, 0], "moon": True},
            {"bidder": 1, "bid": 300, "meld": [100, 80], "tricks": [10, 240], "moon": True},
        ],
    )
    assert [hand["result"] for hand in answer["hands"]] == ["made", "set"]
    assert answer["totals"] == [1500 + 110, -1500]


def test_bid_steps_as_text_or_pairs(client):
    for steps in ("50:1, 60:5, 100:10", [[50, 1], [60, 5], [100, 10]]):
        answer = _score(
            client,
            variant="double-deck",
            rules={"bid_steps": steps},
            hands=[{"bidder": 0, "bid": 65, "meld": [40, 30], "tricks": [35, 15]}],
        )
        assert answer["hands"][0]["result"] == "made"


def test_play_on_to_a_higher_target(client):
    answer = _score(
        client,
        rules={"tie_rule": "play-on"},
        hands=[
            {"bidder": 0, "bid": 250, "meld": [1400, 1450], "tricks": [160, 90]},
            {"bidder": 0, "bid": 250, "meld": [200, 0], "tricks": [250, 0]},
        ],
    )
    assert answer["hands"][0]["sentence"].endswith("both teams reached 1500: play on to 2000")
    assert answer["winner"] == 0
    assert answer["win_reason"] == "Team A reached 2000"


def _made(**more):
    """A made partnership hand (Team A bids 250 and takes every trick), with more fields."""
    return {"bidder": 0, "bid": 250, "meld": [0, 0], "tricks": [250, 0], **more}


TRICK = {"save_with": "trick"}
STEPS = {"bid_steps": "50:1, 60:5, 100:10"}


@pytest.mark.parametrize(
    ("body", "fragment"),
    [
        (
            {"hands": [_made(), _made(moon=True)]},
            "hand 2: the moon is off in this match (moon 0)",
        ),
        (
            {"hands": [_made(took_trick=[True, True])]},
            "hand 1: took_trick is read only when save_with is trick",
        ),
        (
            {"rules": TRICK, "hands": [_made(took_trick=[True])]},
            "hand 1: took_trick needs one true or false per side (2)",
        ),
        ({"hands": [_made(took_trick="yes")]}, "hand 1: took_trick must be a list of true or"),
        ({"hands": [_made(moon="yes")]}, "hand 1: moon must be true or false"),
        (
            {
                "variant": "double-deck",
                "rules": STEPS,
                "hands": [_made(bid=57, tricks=[50, 0]), _made(bid=61, tricks=[50, 0])],
            },
            "hand 2: bid 61 is not a valid bid; enter 60 or 65",
        ),
        ({"hands": [], "rules": {"bid_steps": "50-1"}}, "bid_steps must be from:step pairs"),
        ({"hands": [], "rules": {"save_with": "cards"}}, "save_with must be one of points, trick"),
        ({"hands": [], "rules": {"tie_rule": "play-on", "play_on_by": 0}}, "play_on_by must be"),
    ],
)
def test_a_hand_using_a_knob_that_is_off_or_a_bad_knob_is_a_400(client, body, fragment):
    assert_error(client.post(SCORE_URL, json=body), fragment)
