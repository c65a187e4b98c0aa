"""The JSON API as shared/API.md specifies it: every success and every error path."""

from __future__ import annotations

import pytest

from tests.helpers.api import assert_error

MELD_URL = "/api/v1/pinochle/meld"
SCORE_URL = "/api/v1/pinochle/score"
FULL_HAND = "AH 10H KH QH JH QS JD AS AD AC 9H 9S"


def test_meld_with_trump_lists_each_meld_with_its_cards(client):
    response = client.get(
        MELD_URL,
        query_string={"variant": "partnership", "hand": "AH 10H KH QH JH", "trump": "hearts"},
    )
    # A run alone is not a full hand: the contract's own example needs partial=1.
    assert_error(response, "a partnership hand has 12 cards, not 5; add the seven missing")
    response = client.get(
        MELD_URL, query_string={"hand": "AH+10H+KH+QH+JH", "trump": "hearts", "partial": "1"}
    )
    assert response.status_code == 200
    assert response.headers["Cache-Control"] == "no-store"
    assert response.get_json() == {
        "variant": "partnership",
        "trump": "hearts",
        "total": 150,
        "melds": [{"name": "run", "points": 150, "cards": ["AH", "10H", "KH", "QH", "JH"]}],
    }


def test_meld_url_with_literal_plus_signs_reads_the_cards(client):
    response = client.get(f"{MELD_URL}?hand=AH+10H+KH+QH+JH&trump=H&partial=1")
    assert response.get_json()["total"] == 150


def test_meld_without_trump_gives_every_trump_the_best_and_no_trump(client):
    response = client.get(MELD_URL, query_string={"hand": FULL_HAND})
    assert response.status_code == 200
    body = response.get_json()
    assert body["variant"] == "partnership"
    assert body["by_trump"] == {"spades": 170, "hearts": 300, "diamonds": 160, "clubs": 160}
    assert body["best_trump"] == ["hearts"]
    assert body["no_trump"]["total"] == 160
    names = sorted(m["name"] for m in body["no_trump"]["melds"])
    assert names == ["aces around", "common marriage", "pinochle"]
    assert body["nines_redeal"] is False


def test_meld_best_trump_lists_every_tied_suit(client):
    response = client.get(MELD_URL, query_string={"hand": "AS AH AD AC", "partial": "1"})
    assert response.get_json()["best_trump"] == ["spades", "hearts", "diamonds", "clubs"]


def test_meld_in_the_small_scale_reports_nines_redeal(client):
    hand = "9S 9S 9H 9H 9D AS 10S JH JD 10C AC 10D"
    response = client.get(MELD_URL, query_string={"variant": "partnership-small", "hand": hand})
    body = response.get_json()
    assert body["nines"] == 5
    assert body["nines_redeal"] is True


def test_meld_for_double_deck_takes_twenty_cards(client):
    hand = "AS AS AS AH AH AH AD AD AD AC AC AC KS KS QS QS JD JD 10C 10C"
    response = client.get(
        MELD_URL, query_string={"variant": "double-deck", "hand": hand, "trump": "S"}
    )
    body = response.get_json()
    assert response.status_code == 200
    names = {m["name"]: m["points"] for m in body["melds"]}
    assert names["triple aces around"] == 150
    assert names["double pinochle"] == 30


@pytest.mark.parametrize(
    ("query", "fragment"),
    [
        (
            {"hand": "ZZ AS", "partial": "1"},
            '"ZZ" is not a card; write a rank then a suit, as in AS or 10H',
        ),
        ({"hand": "AS AS AS", "partial": "1"}, "three A♠ but the deck has two; take one out"),
        ({"hand": "AS KS"}, "a partnership hand has 12 cards, not 2; add the 10 missing"),
        (
            {
                "hand": " ".join(
                    ["AS"] * 2
                    + ["KS"] * 2
                    + ["QS"] * 2
                    + ["JS"] * 2
                    + ["9S"] * 2
                    + ["AH"] * 2
                    + ["KH"]
                ),
                "partial": "1",
            },
            "at most 12 cards, not 13",
        ),  # noqa: E501
        ({"hand": "AS", "partial": "1", "trump": "stars"}, '"stars" is not a suit'),
        ({"hand": "AS", "partial": "yes"}, "partial must be 0 or 1"),
        ({"hand": "AS", "variant": "euchre", "partial": "1"}, '"euchre" is not a pinochle game'),
        ({"hand": "AS", "colour": "red", "partial": "1"}, '"colour" is not a field'),
        ({}, "hand is missing"),
        (
            {"hand": "9S", "variant": "double-deck", "partial": "1"},
            "9♠ is not in this deck; take it out",
        ),
    ],
)
def test_meld_errors_are_400_with_one_sentence(client, query, fragment):
    assert_error(client.get(MELD_URL, query_string=query), fragment)


API_EXAMPLE = {
    "variant": "partnership",
    "rules": {"target": 1500},
    "hands": [
        {"bidder": 0, "bid": 330, "meld": [60, 100], "tricks": [0, 0], "thrown_in": True},
        {"bidder": 1, "bid": 250, "meld": [40, 120], "tricks": [90, 160]},
    ],
}


def test_score_the_api_documents_example_match(client):
    response = client.post(SCORE_URL, json=API_EXAMPLE)
    assert response.status_code == 200
    assert response.headers["Cache-Control"] == "no-store"
    body = response.get_json()
    assert [hand["result"] for hand in body["hands"]] == ["thrown-in", "made"]
    assert body["hands"][0]["points"] == [-330, 100]
    assert body["hands"][0]["totals"] == [-330, 100]
    assert body["hands"][1]["points"] == [130, 280]
    assert body["hands"][1]["totals"] == [-200, 380]
    assert body["totals"] == [-200, 380]
    assert body["winner"] is None


def test_score_reports_the_winner_when_one_team_reaches_the_target(client):
    hands = [{"bidder": 1, "bid": 250, "meld": [0, 1450], "tricks": [0, 250]}]
    body = client.post(SCORE_URL, json={"hands": hands}).get_json()
    assert body["totals"] == [0, 1700]
    assert body["winner"] == 1
    assert body["win_reason"] == "Team B reached 1500"


def test_score_both_teams_cross_on_one_hand_and_the_bidding_team_wins(client):
    hands = [
        {"bidder": 1, "bid": 250, "meld": [1200, 1200], "tricks": [100, 150]},
        {"bidder": 0, "bid": 250, "meld": [200, 300], "tricks": [100, 150]},
    ]
    body = client.post(SCORE_URL, json={"hands": hands}).get_json()
    assert body["totals"] == [1600, 1800]
    assert body["winner"] == 0
    assert "Team A held the bid" in body["win_reason"]


def test_score_two_handed_has_no_bid_and_plays(client):
    hands = [{"meld": [150, 40], "tricks": [130, 120], "dealer": 0, "turned_nine": True}]
    body = client.post(SCORE_URL, json={"variant": "two-handed", "hands": hands}).get_json()
    assert body["hands"][0]["result"] == "played"
    assert body["totals"] == [290, 160]


def test_score_double_deck_forfeit_without_a_marriage_in_trump(client):
    hands = [{"bidder": 0, "bid": 50, "meld": [10, 30], "no_marriage": True}]
    body = client.post(SCORE_URL, json={"variant": "double-deck", "hands": hands}).get_json()
    assert body["hands"][0]["result"] == "forfeit"
    assert body["totals"] == [-50, 30]


def test_score_small_scale_nines_redeal_scores_nothing(client):
    hands = [{"redeal": True}, {"bidder": 1, "bid": 20, "meld": [4, 10], "tricks": [5, 20]}]
    body = client.post(SCORE_URL, json={"variant": "partnership-small", "hands": hands})
    body = body.get_json()
    assert [hand["result"] for hand in body["hands"]] == ["redeal", "made"]
    assert body["hands"][0]["points"] == [0, 0]
    assert body["totals"] == [9, 30]


def test_score_with_no_hands_is_an_empty_ledger(client):
    body = client.post(SCORE_URL, json={"hands": []}).get_json()
    assert body == {
        "variant": "partnership",
        "hands": [],
        "totals": [0, 0],
        "winner": None,
        "win_reason": None,
    }


@pytest.mark.parametrize(
    ("body", "fragment"),
    [
        (
            {"hands": [{"bidder": 0, "bid": 240, "meld": [0, 0], "tricks": [100, 150]}]},
            "hand 1: bid 240 is under the minimum of 250; enter 250 or more",
        ),
        (
            {"hands": [{"bidder": 0, "bid": 255, "meld": [0, 0], "tricks": [100, 150]}]},
            "hand 1: bid 255 is not a multiple of 10; enter 250 or 260",
        ),
        (
            {"hands": [{"bidder": 0, "bid": 250, "meld": [0, 0], "tricks": [100, 100]}]},
            "hand 1: trick points 100 + 100 = 200, but a hand has 250; "
            "correct them to add up to 250",
        ),
        (
            {"hands": [{"bidder": 0, "bid": 300, "meld": [100, 0], "thrown_in": True}]},
            "hand 1: no throw-in: bid 300 − meld 100 = 200 is not more than the 250",
        ),
        (
            {
                "hands": [
                    {"bidder": 0, "bid": 250, "meld": [1500, 0], "tricks": [250, 0]},
                    {"bidder": 0, "bid": 250, "meld": [0, 0], "tricks": [250, 0]},
                ]
            },
            "hand 2: the game is over; Team A won after hand 1",
        ),
        (
            {"hands": [{"bidder": 0, "bid": 250, "meld": [0, 0]}]},
            "hand 1: a played hand needs each side's trick points; enter them",
        ),
        (
            {"hands": [{"bidder": 0, "bid": "250", "meld": [0, 0], "tricks": [100, 150]}]},
            "hand 1: bid must be a whole number",
        ),
        (
            {"hands": [{"bidder": 0, "bid": 250, "meld": [0, True], "tricks": [100, 150]}]},
            "hand 1: meld must be a list of whole numbers",
        ),
        (
            {"hands": [{"bidder": 0, "bid": 250, "meld": [0, 0], "tricks": [250, 0], "x": 1}]},
            'hand 1: "x" is not a field of a hand',
        ),
        (
            {"hands": [{"bidder": 2, "bid": 250, "meld": [0, 0], "tricks": [250, 0]}]},
            "hand 1: the bidder must be a side from 0 to 1",
        ),
        (
            {"hands": [{"bidder": 0, "bid": 250, "meld": [0], "tricks": [250, 0]}]},
            "hand 1: meld needs one number per side (2), not 1",
        ),
        (
            {"hands": [{"bidder": 0, "bid": 250, "meld": [0, 0], "thrown_in": "yes"}]},
            "hand 1: thrown_in must be true or false",
        ),
        ({"hands": ["not a hand"]}, "hand 1: a hand must be an object"),
        ({"hands": [{"redeal": True}]}, "hand 1: partnership has no nines redeal"),
        (
            {"hands": [{"bidder": 0, "bid": 250, "meld": [0, 0], "no_marriage": True}]},
            "hand 1: partnership does not need a marriage in trump",
        ),
        (
            {"variant": "two-handed", "hands": [{"bidder": 0, "bid": 250, "meld": [0, 0]}]},
            "hand 1: two-handed has no bidding",
        ),
        ({"hands": {}}, "hands must be a list"),
        ({"hands": [], "players": 4}, '"players" is not a field'),
        ({"hands": [], "rules": {"target": -5}}, "target must be a whole number"),
        ({"hands": [], "rules": {"colour": "red"}}, '"colour" is not a house rule'),
        ({"hands": [], "rules": []}, "rules must be an object"),
        ({"hands": [], "variant": 7}, '"7" is not a pinochle game'),
    ],
)
def test_score_errors_are_400_naming_the_hand(client, body, fragment):
    assert_error(client.post(SCORE_URL, json=body), fragment)


@pytest.mark.parametrize("data", ["not json", "[1, 2]", "", "null"])
def test_score_body_that_is_not_a_json_object_is_400(client, data):
    response = client.post(SCORE_URL, data=data, content_type="application/json")
    assert_error(response, "the body must be a JSON object")


def test_score_needs_no_csrf_token_even_with_csrf_on(client):
    assert client.application.config.get("WTF_CSRF_ENABLED", True)
    assert client.post(SCORE_URL, json={"hands": []}).status_code == 200


def test_api_wrong_method_is_json_not_html(client):
    response = client.get(SCORE_URL)
    assert response.is_json
    assert "error" in response.get_json()
