"""The JSON API of the sheet games the world plays (shared/API.md, "Yatzy, Maxi Yatzy and
Generala"): POST /api/v1/yatzy/score, /api/v1/maxi-yatzy/score and /api/v1/generala/score
score one player's turns in the order played. The contract's example, the house rules,
Generala's served turns and outright win, Maxi Yatzy's saved throws, and every refusal a
400 naming the turn it is about."""

from __future__ import annotations

import pytest

from tests.helpers.api import assert_error

GAMES = ["yatzy", "maxi-yatzy", "generala"]
# API.md's example body, and the answer it gives for Yatzy.
EXAMPLE = {
    "rules": {"upper_bonus_at": 63},
    "turns": [
        {"dice": [6, 6, 5, 5, 2], "box": "two_pairs"},
        {"dice": [1, 2, 3, 4, 5], "box": "small_straight"},
    ],
}
EXAMPLE_ANSWER = {
    "turns": [{"points": 22}, {"points": 15}],
    "upper_bonus": 0,
    "total": 37,
    "complete": False,
}


def scored(client, game: str, body):
    """Post a body to the game's endpoint; the answer, which must be a 200 in JSON."""
    response = client.post(f"/api/v1/{game}/score", json=body)
    assert response.status_code == 200, response.get_json()
    assert response.headers["Content-Type"] == "application/json"
    assert response.headers["Cache-Control"] == "no-store"
    return response.get_json()


def refused(client, game: str, body, sentence: str) -> None:
    """Post a body the game refuses: a 400 whose one sentence is ``sentence``."""
    response = client.post(f"/api/v1/{game}/score", json=body)
    assert_error(response, sentence)
    assert response.get_json()["error"] == sentence


def turn(dice: str, box: str, **more) -> dict:
    """One turn as the API takes it: the dice (typed as digits), the box, any more fields."""
    return {"dice": [int(face) for face in dice], "box": box, **more}


# ============================================================================= the contract


def test_the_example_body_gives_the_example_answer(client):
    assert scored(client, "yatzy", EXAMPLE) == EXAMPLE_ANSWER


@pytest.mark.parametrize("game", GAMES)
def test_every_endpoint_answers_json_that_is_never_cached(client, game):
    response = client.post(f"/api/v1/{game}/score", json={"turns": []})

    assert response.status_code == 200
    assert response.headers["Content-Type"] == "application/json"
    assert response.headers["Cache-Control"] == "no-store"
    answer = response.get_json()
    assert (answer["turns"], answer["upper_bonus"], answer["total"]) == ([], 0, 0)
    assert answer["complete"] is False
    assert "won_outright" not in answer


def test_the_rules_are_optional(client):
    assert scored(client, "yatzy", {"turns": EXAMPLE["turns"]}) == EXAMPLE_ANSWER


@pytest.mark.parametrize(
    ("game", "card", "total"),
    [
        (
            "yatzy",
            [
                *[("11123", "ones"), ("22245", "twos"), ("33315", "threes")],
                *[("44412", "fours"), ("55513", "fives"), ("66614", "sixes")],
                *[("66123", "one_pair"), ("66552", "two_pairs"), ("44456", "three_of_a_kind")],
                *[("33334", "four_of_a_kind"), ("12345", "small_straight")],
                *[("23456", "large_straight"), ("22333", "full_house"), ("66655", "chance")],
                ("55555", "yatzy"),
            ],
            297,  # 63 + the 50 bonus + 184
        ),
        (
            "generala",
            [
                *[("11123", "ones"), ("22245", "twos"), ("33315", "threes")],
                *[("44412", "fours"), ("55513", "fives"), ("66614", "sixes")],
                *[("12345", "straight"), ("22333", "full_house"), ("44441", "four_of_a_kind")],
                ("55555", "generala"),
            ],
            203,  # no upper bonus in Generala
        ),
    ],
)
def test_a_whole_card_is_complete_with_its_total(client, game, card, total):
    answer = scored(client, game, {"turns": [turn(dice, box) for dice, box in card]})

    assert answer["complete"] is True
    assert answer["total"] == total
    assert answer["upper_bonus"] == (50 if game == "yatzy" else 0)


# ============================================================================== house rules


@pytest.mark.parametrize(
    ("game", "rules", "played", "points", "upper_bonus"),
    [
        # The 50 bonus comes at 18 when the table says so.
        ("yatzy", {"upper_bonus_at": 18}, [turn("66614", "sixes")], [18], 50),
        ("yatzy", {"upper_bonus": 25, "upper_bonus_at": 18}, [turn("66614", "sixes")], [18], 25),
        ("yatzy", {"upper_bonus": 0, "upper_bonus_at": 18}, [turn("66614", "sixes")], [18], 0),
        ("maxi-yatzy", {"upper_bonus_at": 24}, [turn("666612", "sixes")], [24], 100),
        ("generala", {"generala_points": 60}, [turn("22222", "generala")], [60], 0),
        ("generala", {"wrap_straight": True}, [turn("34561", "straight")], [20], 0),
        ("generala", {}, [turn("34561", "straight")], [0], 0),
    ],
)
def test_the_rules_carry_the_games_knobs(client, game, rules, played, points, upper_bonus):
    answer = scored(client, game, {"rules": rules, "turns": played})

    assert [t["points"] for t in answer["turns"]] == points
    assert answer["upper_bonus"] == upper_bonus
    assert answer["total"] == sum(points) + upper_bonus


@pytest.mark.parametrize(
    ("game", "rules", "sentence"),
    [
        ("generala", {"upper_bonus_at": 63}, '"upper_bonus_at" is not a house rule of Generala'),
        ("yatzy", {"joker": "free"}, '"joker" is not a house rule of Yatzy'),
        ("generala", {"generala_points": 55}, "generala_points must be 50 or 60, not 55"),
    ],
)
def test_a_house_rule_the_game_does_not_have_or_cannot_take_is_refused(
    client, game, rules, sentence
):
    refused(client, game, {"rules": rules, "turns": []}, sentence)


def test_rules_that_are_not_an_object_are_refused(client):
    refused(client, "yatzy", {"rules": [63], "turns": []}, "rules must be an object of house rules")


# ======================================================================= Generala: served


def test_a_served_straight_full_house_or_four_of_a_kind_scores_the_served_bonus_more(client):
    played = [
        turn("23456", "straight", first_throw=True),
        turn("11122", "full_house", first_throw=True),
        turn("44441", "four_of_a_kind", first_throw=True),
    ]
    body = {"turns": played}

    answer = scored(client, "generala", body)

    assert answer["turns"] == [{"points": p, "served": True} for p in (25, 35, 45)]
    assert answer["total"] == 105


def test_the_served_bonus_is_a_house_rule(client):
    body = {"rules": {"served_bonus": 10}, "turns": [turn("11122", "full_house", first_throw=True)]}

    assert scored(client, "generala", body)["turns"][0]["points"] == 40


def test_a_served_generala_wins_outright_and_the_answer_stops_there(client):
    played = [turn("11122", "full_house"), turn("66666", "generala", first_throw=True)]

    answer = scored(client, "generala", {"turns": played})

    assert answer["won_outright"] is True
    assert answer["total"] == 80
    assert answer["complete"] is False


def test_a_turn_sent_after_a_served_generala_is_refused_naming_it(client):
    played = [
        turn("66666", "generala", first_throw=True),
        turn("11122", "full_house"),
    ]

    refused(
        client,
        "generala",
        {"turns": played},
        "turn 2: the game is over: a served generala won it",
    )


def test_with_served_generala_wins_off_it_is_fifty_and_play_goes_on(client):
    body = {
        "rules": {"served_generala_wins": False},
        "turns": [turn("66666", "generala", first_throw=True), turn("11122", "full_house")],
    }

    answer = scored(client, "generala", body)

    assert "won_outright" not in answer
    assert [t["points"] for t in answer["turns"]] == [50, 30]


def test_a_generala_not_served_does_not_win_outright(client):
    answer = scored(client, "generala", {"turns": [turn("66666", "generala")]})

    assert "won_outright" not in answer and answer["total"] == 50


def test_double_generala_is_a_box_only_with_its_knob(client):
    played = [turn("66666", "generala"), turn("22222", "double_generala")]

    answer = scored(client, "generala", {"rules": {"double_generala": True}, "turns": played})
    assert [t["points"] for t in answer["turns"]] == [50, 100]
    response = client.post("/api/v1/generala/score", json={"turns": played})
    assert_error(response, 'turn 2: "double_generala" is not a box of Generala')


def test_first_throw_must_be_true_or_false(client):
    refused(
        client,
        "generala",
        {"turns": [turn("11122", "full_house", first_throw="yes")]},
        "turn 1: first_throw must be true or false",
    )


# ================================================================== Maxi Yatzy: throws


def test_throws_left_over_are_saved_for_later_turns(client):
    played = [turn("665522", "three_pairs", throws=1), turn("111111", "maxi_yatzy", throws=5)]

    answer = scored(client, "maxi-yatzy", {"turns": played})

    assert [t["points"] for t in answer["turns"]] == [26, 100]
    assert answer["saved_throws"] == 0  # two saved, then all five used


def test_using_more_throws_than_held_is_refused_naming_the_turn(client):
    played = [turn("665522", "three_pairs", throws=1), turn("111111", "maxi_yatzy", throws=6)]

    refused(
        client,
        "maxi-yatzy",
        {"turns": played},
        "turn 2: this turn has 5 throws (3 and 2 saved), not 6",
    )


def test_with_saved_throws_off_a_turn_has_three_throws_and_saves_none(client):
    body = {
        "rules": {"saved_throws": False},
        "turns": [turn("665522", "three_pairs", throws=1), turn("111111", "ones", throws=4)],
    }

    refused(
        client,
        "maxi-yatzy",
        body,
        "turn 2: a turn of Maxi Yatzy has 3 throws, not 4 (saved throws are off)",
    )


def test_only_maxi_yatzy_answers_its_saved_throws(client):
    answer = scored(client, "maxi-yatzy", {"turns": [turn("665522", "three_pairs")]})

    assert answer == {
        "turns": [{"points": 26}],
        "upper_bonus": 0,
        "total": 26,
        "complete": False,
        "saved_throws": 0,
    }


@pytest.mark.parametrize("throws", [0, -1, "2", 1.5, True])
def test_throws_must_be_a_whole_number_of_at_least_one(client, throws):
    refused(
        client,
        "maxi-yatzy",
        {"turns": [turn("665522", "three_pairs", throws=throws)]},
        "turn 1: throws must be a whole number of throws, at least 1",
    )


# ========================================================================= refusals


@pytest.mark.parametrize(
    ("game", "played", "sentence"),
    [
        (
            "yatzy",
            [turn("11111", "ones"), turn("1111", "twos")],
            "turn 2: Yatzy needs five dice, 1 to 6",
        ),
        (
            "yatzy",
            [turn("11111", "ones"), turn("111111", "twos")],
            "turn 2: Yatzy needs five dice, 1 to 6",
        ),
        ("maxi-yatzy", [turn("66552", "two_pairs")], "turn 1: Maxi Yatzy needs six dice, 1 to 6"),
        ("generala", [turn("666666", "sixes")], "turn 1: Generala needs five dice, 1 to 6"),
        (
            "yatzy",
            [turn("11111", "ones"), turn("11117", "twos")],
            'turn 2: "7" is not a die face; a die shows 1 to 6',
        ),
        (
            "yatzy",
            [turn("11111", "ones"), turn("11110", "twos")],
            'turn 2: "0" is not a die face; a die shows 1 to 6',
        ),
    ],
)
def test_dice_of_the_wrong_count_or_faces_are_refused_naming_the_turn(
    client, game, played, sentence
):
    refused(client, game, {"turns": played}, sentence)


@pytest.mark.parametrize(
    ("game", "box", "boxes"),
    [
        (
            "yatzy",
            "yahtzee",
            "ones, twos, threes, fours, fives, sixes, one_pair, two_pairs, three_of_a_kind,"
            " four_of_a_kind, small_straight, large_straight, full_house, chance, yatzy",
        ),
        (
            "generala",
            "chance",
            "ones, twos, threes, fours, fives, sixes, straight, full_house, four_of_a_kind,"
            " generala",
        ),
    ],
)
def test_a_box_the_game_does_not_have_is_refused_naming_the_turn(client, game, box, boxes):
    played = [turn("11111", "ones"), turn("11111", box)]
    label = {"yatzy": "Yatzy", "generala": "Generala"}[game]

    refused(
        client,
        game,
        {"turns": played},
        f'turn 2: "{box}" is not a box of {label}; choose one of {boxes}',
    )


def test_a_box_that_maxi_yatzy_has_and_yatzy_has_not_is_refused_by_yatzy(client):
    response = client.post("/api/v1/yatzy/score", json={"turns": [turn("66655", "villa")]})

    assert_error(response, 'turn 1: "villa" is not a box of Yatzy')


@pytest.mark.parametrize("game", GAMES)
def test_a_box_filled_twice_is_refused_naming_the_turn(client, game):
    dice = "111111" if game == "maxi-yatzy" else "11111"
    held = 6 if game == "maxi-yatzy" else 5

    refused(
        client,
        game,
        {"turns": [turn(dice, "ones"), turn(dice, "ones")]},
        f"turn 2: Ones already holds {held}",
    )


@pytest.mark.parametrize(
    ("game", "extra", "field"),
    [
        ("yatzy", {"first_throw": True}, "first_throw"),
        ("yatzy", {"throws": 2}, "throws"),
        ("maxi-yatzy", {"first_throw": True}, "first_throw"),
        ("generala", {"throws": 2}, "throws"),
        ("generala", {"column": 1}, "column"),
        ("yatzy", {"points": 5}, "points"),
    ],
)
def test_a_field_the_games_turns_do_not_have_is_refused_naming_the_turn(client, game, extra, field):
    dice = "111111" if game == "maxi-yatzy" else "11111"
    played = [turn(dice, "ones"), turn(dice, "twos", **extra)]

    refused(
        client,
        game,
        {"turns": played},
        f'turn 2: "{field}" is not a field of a turn of this game',
    )


@pytest.mark.parametrize("missing", ["dice", "box"])
def test_a_turn_without_its_dice_or_box_is_refused_naming_it(client, missing):
    entry = turn("11111", "ones")
    del entry[missing]

    refused(
        client, "yatzy", {"turns": [turn("22222", "twos"), entry]}, f"turn 2: {missing} is missing"
    )


def test_a_turn_that_is_not_an_object_is_refused_naming_it(client):
    refused(
        client,
        "yatzy",
        {"turns": [turn("22222", "twos"), [1, 1, 1, 1, 1]]},
        "turn 2: a turn must be an object with dice and box",
    )


@pytest.mark.parametrize("game", GAMES)
def test_an_unknown_field_of_the_body_is_refused(client, game):
    refused(
        client,
        game,
        {"variant": "classic", "turns": []},
        '"variant" is not a field of this request',
    )


@pytest.mark.parametrize(
    ("body", "sentence"),
    [
        ({"turns": "11111"}, "turns must be a list of turns"),
        ({"rules": {}}, "turns must be a list of turns"),
        ([EXAMPLE], "the body must be a JSON object with rules and turns"),
    ],
)
def test_a_body_of_the_wrong_shape_is_refused(client, body, sentence):
    refused(client, "yatzy", body, sentence)


def test_a_body_that_is_not_json_is_refused(client):
    response = client.post("/api/v1/generala/score", data="turns", content_type="text/plain")

    assert_error(response, "the body must be a JSON object with rules and turns")


@pytest.mark.parametrize("game", GAMES)
def test_the_endpoints_take_posts_only(client, game):
    response = client.get(f"/api/v1/{game}/score")

    assert response.status_code == 405
    assert response.headers["Content-Type"] == "application/json"


@pytest.mark.parametrize("game", ["kniffel", "yams", "farkle-sheet"])
def test_games_without_an_endpoint_of_this_shape_have_none(client, game):
    response = client.post(f"/api/v1/{game}/score", json=EXAMPLE)

    assert response.status_code == 404
