"""POST /api/v1/club/schedule and /api/v1/club/standings (shared/API.md "Club night"): the
contract's examples, each field of the answer, and every refusal as a 400 sentence."""

from __future__ import annotations

from collections import Counter

import pytest

from scorekeeper.rules import PlayedRound, PlayedTable, club_schedule, club_standings
from tests.helpers.api import assert_error

SCHEDULE_URL = "/api/v1/club/schedule"
STANDINGS_URL = "/api/v1/club/standings"
EIGHT = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]
STANDINGS_EXAMPLE = {
    "ranking": "wins",
    "tiebreaks": ["points", "head_to_head"],
    "byes": "winners_average",
    "rounds": [
        {
            "round": 1,
            "tables": [{"sides": [["Ann", "Cat"], ["Bob", "Dan"]], "scores": [520, 310]}],
            "sitting_out": ["Eve"],
        }
    ],
}


def test_the_schedule_example_answers_seven_rounds_of_two_tables(client):
    body = {"players": EIGHT, "rounds": 7, "format": "rotating"}
    response = client.post(SCHEDULE_URL, json=body)
    assert response.status_code == 200
    assert response.headers["Cache-Control"] == "no-store"
    rounds = response.get_json()["rounds"]
    assert [r["round"] for r in rounds] == list(range(1, 8))
    partners = Counter()
    for played in rounds:
        assert set(played) == {"round", "tables", "sitting_out"}
        assert played["sitting_out"] == []
        assert [table["table"] for table in played["tables"]] == [1, 2]
        for table in played["tables"]:
            assert set(table) == {"table", "sides"}
            partners.update(frozenset(side) for side in table["sides"])
    assert len(partners) == 28 and set(partners.values()) == {1}


def test_the_api_answers_what_the_core_draws(client):
    body = {"players": EIGHT[:6], "rounds": 4, "seed": 7}
    night = club_schedule(EIGHT[:6], 4, seed=7)
    rounds = client.post(SCHEDULE_URL, json=body).get_json()["rounds"]
    assert [(r["sitting_out"], [t["sides"] for t in r["tables"]]) for r in rounds] == [
        (list(played.sitting_out), [[list(side) for side in t.sides] for t in played.tables])
        for played in night
    ]


def test_fixed_teams_sit_a_team_out(client):
    teams = [["Ann", "Bob"], ["Cat", "Dan"], ["Eve", "Fay"]]
    body = {"players": EIGHT[:6], "rounds": 3, "format": "fixed", "teams": teams}
    rounds = client.post(SCHEDULE_URL, json=body).get_json()["rounds"]
    assert sorted(tuple(r["sitting_out"]) for r in rounds) == [
        ("Ann", "Bob"),
        ("Cat", "Dan"),
        ("Eve", "Fay"),
    ]


@pytest.mark.parametrize(
    ("body", "sentence"),
    [
        ({"players": EIGHT[:3], "rounds": 1}, "at least 4 players"),
        ({"players": [f"P{n}" for n in range(201)], "rounds": 1}, "at most 200 players"),
        ({"players": ["Ann", "Bob", "Cat", "Ann"], "rounds": 1}, "Ann is named twice"),
        ({"players": EIGHT, "rounds": 1, "format": "fixed"}, "needs teams"),
        (
            {
                "players": EIGHT[:4],
                "rounds": 1,
                "format": "fixed",
                "teams": [["Ann", "Bob"], ["Bob", "Cat"]],
            },
            "Bob is on two teams",
        ),
        ({"players": EIGHT, "rounds": "7"}, "rounds must be a whole number"),
        ({"players": EIGHT, "rounds": 0}, "rounds must be from 1 to 200"),
        ({"players": EIGHT, "rounds": 1, "seed": 1.5}, "seed must be a whole number"),
        ({"players": EIGHT, "rounds": 1, "seed": 2**70}, "seed must be a whole number from"),
        ({"players": "Ann Bob", "rounds": 1}, "players must be a list of names"),
        ({"players": EIGHT}, "a schedule needs players and rounds"),
        ({"players": EIGHT, "rounds": 1, "tables": 2}, '"tables" is not a field'),
        ({"players": EIGHT, "rounds": 1, "format": "swiss"}, "format must be one of"),
        ([], "the body must be a JSON object"),
    ],
)
def test_a_schedule_that_cannot_be_drawn_is_a_400(client, body, sentence):
    assert_error(client.post(SCHEDULE_URL, json=body), sentence)


def test_the_standings_example(client):
    response = client.post(STANDINGS_URL, json=STANDINGS_EXAMPLE)
    assert response.status_code == 200
    body = response.get_json()
    assert body["players"][0] == {
        "rank": 1,
        "name": "Ann",
        "played": 1,
        "wins": 1,
        "losses": 0,
        "ties": 0,
        "match_points": 2,
        "points": 520,
    }
    assert [(p["rank"], p["name"], p["points"]) for p in body["players"]] == [
        (1, "Ann", 520),
        (1, "Cat", 520),
        (3, "Eve", 520),
        (4, "Bob", 310),
        (4, "Dan", 310),
    ]
    assert body["partnerships"][0] == {
        "rank": 1,
        "players": ["Ann", "Cat"],
        "played": 1,
        "wins": 1,
        "losses": 0,
        "ties": 0,
        "match_points": 2,
        "points": 520,
    }


def test_the_standings_answer_what_the_core_ranks(client):
    body = {
        "ranking": "match_points",
        "tiebreaks": ["average"],
        "rounds": [
            {"tables": [{"sides": [["Ann", "Bob"], ["Cat", "Dan"]], "scores": [250, 250]}]},
            {"tables": [{"sides": [["Ann", "Cat"], ["Bob", "Dan"]], "scores": [400, 10]}]},
        ],
    }
    core = club_standings(
        [
            PlayedRound(1, (PlayedTable((("Ann", "Bob"), ("Cat", "Dan")), (250, 250)),)),
            PlayedRound(2, (PlayedTable((("Ann", "Cat"), ("Bob", "Dan")), (400, 10)),)),
        ],
        "match_points",
        ["average"],
    )
    answer = client.post(STANDINGS_URL, json=body).get_json()
    assert [(p["rank"], p["name"], p["match_points"]) for p in answer["players"]] == [
        (s.rank, s.names[0], s.match_points) for s in core.players
    ]


@pytest.mark.parametrize(
    ("body", "sentence"),
    [
        ({"rounds": "none"}, "rounds must be a list"),
        (
            {
                "rounds": [
                    {"round": 2, "tables": [{"sides": [["Ann"], ["Bob", "Cat"]], "scores": [1, 2]}]}
                ]
            },
            "round 2: a side is two players",
        ),
        (
            {
                "rounds": [
                    {"tables": [{"sides": [["Ann", "Bob"], ["Cat", "Ann"]], "scores": [1, 2]}]}
                ]
            },
            "round 1: Ann is in the round twice",
        ),
        (
            {"rounds": [{"tables": [{"sides": [["Ann", "Bob"], ["Cat", "Dan"]], "scores": [1]}]}]},
            "round 1: a table has a score for each side",
        ),
        (
            {"rounds": [{"tables": [{"sides": [["A", "B"], ["C", "D"]], "scores": [200000, 0]}]}]},
            "round 1: a score must be from -100000 to 100000",
        ),
        (
            {"rounds": [{"tables": [{"sides": [["A", "B"], ["C", "D"]], "scores": ["1", 0]}]}]},
            "round 1: a score must be a whole number",
        ),
        ({"rounds": [], "ranking": "elo"}, "ranking must be one of"),
        ({"rounds": [], "tiebreaks": "points"}, "tiebreaks must be a list"),
        ({"rounds": [], "byes": "half"}, "byes must be one of"),
        ({"rounds": [], "table": 1}, '"table" is not a field'),
    ],
)
def test_standings_that_cannot_be_ranked_are_a_400_naming_the_round(client, body, sentence):
    assert_error(client.post(STANDINGS_URL, json=body), sentence)
