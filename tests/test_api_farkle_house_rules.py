"""Farkle's house rules through the JSON API (shared/API.md, "Farkle": the knobs as further
query parameters, or under ``rules`` in a posted body): scores, the rule named, 400s."""

from __future__ import annotations

import pytest

from tests.helpers.api import assert_error

FARKLE_URL = "/api/v1/farkle/score"


@pytest.mark.parametrize(
    ("query", "points", "rule"),
    [
        ("dice=2,2,2,2&n_of_a_kind=doubling", 400, "four 2s, doubled"),
        ("dice=22222&n_of_a_kind=doubling", 800, "five 2s, doubled twice"),
        ("dice=111111&n_of_a_kind=doubling", 8000, "six 1s, doubled three times"),
        ("dice=1111&n_of_a_kind=doubling&three_ones=300", 600, "four 1s at 300, doubled"),
        ("dice=111&three_ones=300", 300, "three 1s at 300"),
        ("dice=123456&straight=2500", 2500, "straight at 2500"),
        ("dice=224466&three_pairs=750", 750, "three pairs at 750"),
        ("dice=222444&two_triplets=3000", 3000, "two triplets at 3000"),
    ],
)
def test_the_knobs_as_query_parameters_score_the_throw_and_name_the_rule(
    client, query, points, rule
):
    response = client.get(f"{FARKLE_URL}?{query}")
    assert response.status_code == 200
    body = response.get_json()
    assert body["points"] == points
    assert [c.get("rule") for c in body["combinations"]] == [rule]
    assert body["house_rules"] == [rule]


def test_without_knobs_the_answer_names_no_rule(client):
    body = client.get(f"{FARKLE_URL}?dice=2,2,2,2,5,5").get_json()
    assert body["points"] == 1500
    assert body["combinations"] == [
        {"name": "three pairs", "dice": [2, 2, 2, 2, 5, 5], "points": 1500}
    ]
    assert body["house_rules"] == []


def test_four_and_a_pair_scored_separately(client):
    body = client.get(f"{FARKLE_URL}?dice=222255&four_and_pair=separate").get_json()
    assert body["points"] == 1100
    assert [c["name"] for c in body["combinations"]] == ["four of a kind", "single 5", "single 5"]
    assert body["house_rules"] == ["four of a kind and a pair score separately"]
    assert body["hot_dice"] is True
    assert_error(
        client.get(f"{FARKLE_URL}?dice=222233&four_and_pair=separate"),
        "the two 3s do not score (four of a kind and a pair score separately);"
        " keep only scoring dice",
    )


def test_the_knobs_under_rules_in_a_posted_body(client):
    response = client.post(
        FARKLE_URL,
        json={"dice": [1, 1, 1, 1], "rules": {"n_of_a_kind": "doubling", "three_ones": 300}},
    )
    assert response.status_code == 200
    assert response.headers["Cache-Control"] == "no-store"
    body = response.get_json()
    assert (body["points"], body["combinations"][0]["rule"]) == (600, "four 1s at 300, doubled")
    assert client.post(FARKLE_URL, json={"dice": "1115"}).get_json()["points"] == 1050


@pytest.mark.parametrize(
    ("query", "fragment"),
    [
        ("dice=1&three_ones=500", "three_ones must be 1000 or 300, not 500"),
        ("dice=1&three_ones=lots", "three_ones must be 1000 or 300, not lots"),
        ("dice=1&n_of_a_kind=tripling", "n_of_a_kind must be fixed or doubling, not tripling"),
        ("dice=1&four_and_pair=both", "four_and_pair must be three-pairs or separate, not both"),
        ("dice=1&straight=1234", "straight must be a whole number of points in steps of 50"),
        ("dice=1&three_pairs=", "three_pairs must be a whole number of points in steps of 50"),
        ("dice=1&two_triplets=-50", "two_triplets must be a whole number of points"),
        ("dice=1&jokers=free", '"jokers" is not a field of this request'),
    ],
)
def test_bad_knobs_in_the_query_are_400_sentences(client, query, fragment):
    assert_error(client.get(f"{FARKLE_URL}?{query}"), fragment)


@pytest.mark.parametrize(
    ("body", "fragment"),
    [
        ({"dice": [1], "rules": {"three_ones": "300"}}, "three_ones must be 1000 or 300"),
        ({"dice": [1], "rules": {"straight": True}}, "straight must be a whole number of points"),
        ({"dice": [1], "rules": {"joker": "free"}}, '"joker" is not a house rule of Farkle'),
        ({"dice": [1], "rules": [300]}, "rules must be an object of house rules"),
        ({"dice": [1], "n_of_a_kind": "doubling"}, '"n_of_a_kind" is not a field of this request'),
        ({"rules": {}}, "dice is missing"),
        ([1, 1, 1], "the body must be a JSON object with dice and rules"),
    ],
)
def test_bad_posted_bodies_are_400_sentences(client, body, fragment):
    assert_error(client.post(FARKLE_URL, json=body), fragment)
