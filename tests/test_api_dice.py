"""The dice endpoints of the JSON API (shared/API.md, "Yahtzee" and "Farkle"): every success
and every error path, always JSON, never a 500."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.helpers.api import assert_error

YAHTZEE_URL = "/api/v1/yahtzee/score"
FARKLE_URL = "/api/v1/farkle/score"

# One column filled in order: upper boxes 63 (bonus 35), lower boxes 226: total 324.
COLUMN = [
    ([1, 1, 1, 2, 3], "ones"),
    ([2, 2, 2, 4, 5], "twos"),
    ([3, 3, 3, 1, 2], "threes"),
    ([4, 4, 4, 1, 2], "fours"),
    ([5, 5, 5, 1, 2], "fives"),
    ([6, 6, 6, 1, 2], "sixes"),
    ([6, 6, 6, 5, 4], "three_of_a_kind"),
    ([6, 6, 6, 6, 4], "four_of_a_kind"),
    ([2, 2, 3, 3, 3], "full_house"),
    ([1, 2, 3, 4, 6], "small_straight"),
    ([2, 3, 4, 5, 6], "large_straight"),
    ([4, 4, 4, 4, 4], "yahtzee"),
    ([6, 6, 5, 5, 4], "chance"),
]


# ---------------------------------------------------------------- Yahtzee


def test_yahtzee_api_example(client):
    response = client.post(
        YAHTZEE_URL,
        json={
            "variant": "classic",
            "rules": {"joker": "forced"},
            "turns": [
                {"dice": [3, 3, 3, 3, 3], "box": "yahtzee"},
                {"dice": [3, 3, 3, 3, 3], "box": "threes"},
            ],
        },
    )
    assert response.status_code == 200
    assert response.headers["Cache-Control"] == "no-store"
    body = response.get_json()
    assert body["turns"] == [
        {"box": "yahtzee", "points": 50, "bonus": 0},
        {"box": "threes", "points": 15, "bonus": 100},
    ]
    assert {k: body[k] for k in ("upper_bonus", "yahtzee_bonus", "total", "complete")} == {
        "upper_bonus": 0,
        "yahtzee_bonus": 100,
        "total": 165,
        "complete": False,
    }
    assert "columns" not in body


def test_yahtzee_variant_and_rules_are_optional_and_dice_may_be_typed(client):
    response = client.post(YAHTZEE_URL, json={"turns": [{"dice": "3 3 3 5 6", "box": "chance"}]})
    assert response.status_code == 200
    body = response.get_json()
    assert body["variant"] == "classic"
    assert body["total"] == 20


def test_yahtzee_full_sheet_is_complete(client):
    turns = [{"dice": dice, "box": box} for dice, box in COLUMN]
    body = client.post(YAHTZEE_URL, json={"turns": turns}).get_json()
    assert (body["upper_bonus"], body["total"], body["complete"]) == (35, 324, True)


def test_yahtzee_free_joker_lets_an_extra_yahtzee_fill_any_open_box(client):
    turns = [{"dice": [3] * 5, "box": "yahtzee"}, {"dice": [3] * 5, "box": "large_straight"}]
    forced = client.post(YAHTZEE_URL, json={"turns": turns})
    assert_error(
        forced, "turn 2: the joker rule says this Yahtzee must go in threes, which is open"
    )
    free = client.post(YAHTZEE_URL, json={"rules": {"joker": "free"}, "turns": turns})
    assert free.get_json()["turns"][1] == {"box": "large_straight", "points": 40, "bonus": 100}


def test_triple_answers_each_column_with_its_multiplier(client):
    turns = [
        {"dice": dice, "box": box, "column": column} for column in (1, 2, 3) for dice, box in COLUMN
    ]
    response = client.post(YAHTZEE_URL, json={"variant": "triple", "turns": turns})
    assert response.status_code == 200
    body = response.get_json()
    assert [c["total"] for c in body["columns"]] == [324, 648, 972]
    assert [c["multiplier"] for c in body["columns"]] == [1, 2, 3]
    assert body["total"] == 1944
    assert body["upper_bonus"] == 35 * 6
    assert body["complete"] is True
    assert body["turns"][13] == {"column": 2, "box": "ones", "points": 3, "bonus": 0}


@pytest.mark.parametrize(("bonus_multiplied", "bonus"), [(True, 300), (False, 100)])
def test_triple_bonus_multiplied_knob(client, bonus_multiplied, bonus):
    turns = [
        {"dice": [2] * 5, "box": "yahtzee", "column": 3},
        {"dice": [2] * 5, "box": "twos", "column": 3},
    ]
    body = client.post(
        YAHTZEE_URL,
        json={"variant": "triple", "rules": {"bonus_multiplied": bonus_multiplied}, "turns": turns},
    ).get_json()
    assert body["yahtzee_bonus"] == bonus
    assert body["columns"][2]["yahtzee_bonus"] == bonus
    assert body["total"] == 60 * 3 + bonus


def test_yahtzee_with_no_turns_is_an_empty_sheet(client):
    body = client.post(YAHTZEE_URL, json={"turns": []}).get_json()
    assert body["turns"] == []
    assert (body["total"], body["complete"]) == (0, False)


@pytest.mark.parametrize(
    ("body", "fragment"),
    [
        ({"turns": [], "players": 2}, '"players" is not a field of this request'),
        ({"variant": "yatzy", "turns": []}, '"yatzy" is not a Yahtzee game'),
        ({"variant": ["triple"], "turns": []}, "is not a Yahtzee game"),
        ({"rules": "free", "turns": []}, "rules must be an object of house rules"),
        ({"rules": {"joker": "wild"}, "turns": []}, "joker must be one of forced, free"),
        ({"rules": {"bonus_multiplied": 1}, "turns": []}, "bonus_multiplied must be true or false"),
        ({"rules": {"target": 300}, "turns": []}, '"target" is not a house rule of Yahtzee'),
        ({}, "turns must be a list of turns"),
        ({"turns": {"dice": [1, 2, 3, 4, 5]}}, "turns must be a list of turns"),
        ({"turns": [[1, 2, 3, 4, 5]]}, "turn 1: a turn must be an object with dice and box"),
        (
            {"turns": [{"dice": [1, 2, 3, 4, 5], "box": "chance", "held": [1]}]},
            'turn 1: "held" is not a field of a turn',
        ),
        ({"turns": [{"box": "chance"}]}, "turn 1: dice is missing"),
        ({"turns": [{"dice": [1, 2, 3, 4, 5]}]}, "turn 1: box is missing"),
        (
            {"turns": [{"dice": [1, 2, 3, 4], "box": "chance"}]},
            "turn 1: dice must be five values from 1 to 6",
        ),
        (
            {"turns": [{"dice": [1, 2, 3, 4, 7], "box": "chance"}]},
            'turn 1: "7" is not a die face',
        ),
        (
            {"turns": [{"dice": [1, 2, 3, 4, None], "box": "chance"}]},
            'turn 1: "None" is not a die face',
        ),
        ({"turns": [{"dice": 12345, "box": "chance"}]}, "turn 1: dice must be five values"),
        ({"turns": [{"dice": {"a": 1}, "box": "chance"}]}, "turn 1: dice must be five values"),
        ({"turns": [{"dice": "12345", "box": "pair"}]}, 'turn 1: "pair" is not a box'),
        ({"turns": [{"dice": "12345", "box": ["chance"]}]}, "turn 1: "),
        (
            {"turns": [{"dice": "12345", "box": "chance"}, {"dice": "12346", "box": "chance"}]},
            "turn 2: chance already holds 15",
        ),
        (
            {"turns": [{"dice": "12345", "box": "chance", "column": 2}]},
            "turn 1: classic Yahtzee has one column; leave column out",
        ),
        (
            {"variant": "triple", "turns": [{"dice": "12345", "box": "chance"}]},
            "turn 1: which column? Triple Yahtzee needs column 1, 2 or 3",
        ),
        (
            {"variant": "triple", "turns": [{"dice": "12345", "box": "chance", "column": 4}]},
            "turn 1: column must be 1, 2 or 3",
        ),
        (
            {"variant": "triple", "turns": [{"dice": "12345", "box": "chance", "column": "1"}]},
            "turn 1: column must be 1, 2 or 3",
        ),
    ],
)
def test_yahtzee_errors_are_400_sentences_naming_the_turn(client, body, fragment):
    assert_error(client.post(YAHTZEE_URL, json=body), fragment)


def test_yahtzee_error_names_the_turn_that_breaks_after_good_ones(client):
    turns = [{"dice": dice, "box": box} for dice, box in COLUMN]
    turns.append({"dice": [1, 2, 3, 4, 5], "box": "chance"})
    assert_error(client.post(YAHTZEE_URL, json={"turns": turns}), "turn 14: chance already holds")


@pytest.mark.parametrize(
    ("data", "content_type", "fragment"),
    [
        ("not json", "application/json", "the body must be a JSON object"),
        ("[1, 2]", "application/json", "the body must be a JSON object"),
        ("turns=1", "application/x-www-form-urlencoded", "the body must be a JSON object"),
    ],
)
def test_yahtzee_body_that_is_not_a_json_object_is_refused(client, data, content_type, fragment):
    response = client.post(YAHTZEE_URL, data=data, content_type=content_type)
    assert_error(response, fragment)


def test_yahtzee_score_answers_only_post(client):
    response = client.get(YAHTZEE_URL)
    assert response.status_code == 405
    assert response.is_json


# ---------------------------------------------------------------- Farkle


def test_farkle_api_example(client):
    response = client.get(f"{FARKLE_URL}?dice=1,1,1,5")
    assert response.status_code == 200
    assert response.headers["Cache-Control"] == "no-store"
    body = response.get_json()
    assert body["points"] == 1050
    assert body["combinations"] == [
        {"name": "three of a kind", "dice": [1, 1, 1], "points": 1000},
        {"name": "single 5", "dice": [5], "points": 50},
    ]
    assert body["hot_dice"] is False


@pytest.mark.parametrize(
    ("dice", "points"),
    [("1,1,1,1,5", 1150), ("11115", 1150), ("1 1 1 1 5", 1150), ("5", 50), ("222444", 2500)],
)
def test_farkle_scores_the_best_split(client, dice, points):
    body = client.get(FARKLE_URL, query_string={"dice": dice}).get_json()
    assert body["points"] == points


def test_farkle_six_scoring_dice_are_hot_dice(client):
    body = client.get(FARKLE_URL, query_string={"dice": "1,2,3,4,5,6"}).get_json()
    assert (body["points"], body["hot_dice"]) == (1500, True)
    assert body["combinations"] == [
        {"name": "straight", "dice": [1, 2, 3, 4, 5, 6], "points": 1500}
    ]


@pytest.mark.parametrize(
    ("query", "fragment"),
    [
        ("", "dice is missing: send the kept dice, e.g. dice=1,1,1,5"),
        ("dice=1,3,5", "the 3 does not score; keep only scoring dice"),
        ("dice=2,2", "the two 2s do not score"),
        ("dice=", "kept dice must be one to six values from 1 to 6"),
        ("dice=1,1,1,5,5,5,1", "kept dice must be one to six values from 1 to 6"),
        ("dice=1,8", '"8" is not a die face'),
        ("dice=one", '"o" is not a die face'),
        ("dice=1,5&variant=classic", '"variant" is not a field of this request'),
    ],
)
def test_farkle_errors_are_400_sentences(client, query, fragment):
    assert_error(client.get(f"{FARKLE_URL}?{query}"), fragment)


# ---------------------------------------------------------------- never a 500

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10, 10) | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=12,
)
turn_bodies = st.fixed_dictionaries(
    {},
    optional={
        "dice": st.one_of(st.lists(st.integers(0, 7), max_size=6), json_values),
        "box": st.sampled_from(["chance", "yahtzee", "threes", "full_house", "pair"]) | json_values,
        "column": st.integers(0, 4) | json_values,
    },
)
bodies = st.fixed_dictionaries(
    {},
    optional={
        "variant": st.sampled_from(["classic", "triple"]) | json_values,
        "rules": st.fixed_dictionaries(
            {}, optional={"joker": st.sampled_from(["forced", "free"]) | json_values}
        )
        | json_values,
        "turns": st.lists(turn_bodies, max_size=6) | json_values,
    },
)


@pytest.fixture(scope="module")
def shared_client(tmp_path_factory):
    """One client for the property tests: hypothesis runs many examples per test."""
    from scorekeeper import create_app

    folder = tmp_path_factory.mktemp("api_dice")
    app = create_app(
        {
            "TESTING": True,
            "INSTANCE_PATH": folder / "instance",
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder / 'scorekeeper.sqlite3'}",
            "SECRET_KEY": "test",
        }
    )
    return app.test_client()


@settings(max_examples=200)
@given(bodies | json_values)
def test_yahtzee_any_json_body_answers_200_or_a_400_sentence(shared_client, body):
    response = shared_client.post(YAHTZEE_URL, json=body)
    assert response.status_code in (200, 400)
    assert response.is_json
    if response.status_code == 400:
        assert set(response.get_json()) == {"error"}


@settings(max_examples=200)
@given(st.text(max_size=14))
def test_farkle_any_dice_text_answers_200_or_a_400_sentence(shared_client, dice):
    response = shared_client.get(FARKLE_URL, query_string={"dice": dice})
    assert response.status_code in (200, 400)
    assert response.is_json


knob_text = st.sampled_from(
    ["1500", "300", "1000", "750", "doubling", "fixed", "separate", "three-pairs", "0", "-1"]
) | st.text(max_size=6)


@settings(max_examples=200)
@given(
    st.text(max_size=8),
    st.dictionaries(
        st.sampled_from(["straight", "three_pairs", "two_triplets", "four_and_pair"])
        | st.sampled_from(["n_of_a_kind", "three_ones", "target", "bogus"]),
        knob_text,
        max_size=4,
    ),
)
def test_any_query_of_knobs_answers_200_or_a_400_sentence(shared_client, dice, knobs):
    response = shared_client.get(FARKLE_URL, query_string={"dice": dice, **knobs})
    assert response.status_code in (200, 400)
    assert response.is_json
    if response.status_code == 400:
        assert set(response.get_json()) == {"error"}
