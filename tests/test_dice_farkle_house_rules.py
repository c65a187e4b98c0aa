"""Farkle's house rules of "More house rules" through the pages: the new-game form asks
them, a game stores and lists them, and the preview and each turn say the rule that decided
a throw ("four 2s, doubled 400")."""

from __future__ import annotations

import pytest

from scorekeeper.extensions import db
from scorekeeper.models import DiceGame
from tests.helpers.html import alerts, answered_as, form_to, read
from tests.helpers.play import (
    bank,
    dice_url,
    farkle_turn,
    new_dice_game,
    open_page,
    start_dice_game,
)

HTMX = {"HX-Request": "true"}
ANSWERS = [pytest.param({}, id="page"), pytest.param(HTMX, id="htmx")]
DOUBLING_300 = {"n_of_a_kind": "doubling", "three_ones": 300}


def house_rules_of(site, token: str) -> dict:
    with site.app_context():
        return db.session.scalar(db.select(DiceGame.house_rules).where(DiceGame.token == token))


def listed_rules(phone, token: str) -> dict[str, str]:
    """The game's house rules as its page lists them: label and value -> help."""
    folded = open_page(phone, dice_url(token)).one("details", class_="house-rules")
    return {
        term.text: help.text for term, help in zip(folded.all("dt"), folded.all("dd"), strict=True)
    }


def test_the_new_farkle_form_asks_each_house_rule_with_a_label_help_and_choices(phone):
    form = form_to(open_page(phone, "/dice/new?kind=farkle"), "/dice/new")
    labels = {label.attrs.get("for"): label.text for label in form.all("label")}

    assert [labels[f"rule-{name}"] for name in ("straight", "three_pairs", "two_triplets")] == [
        "Straight (1 to 6)",
        "Three pairs",
        "Two triplets",
    ]
    assert labels["rule-four_and_pair"] == "Four of a kind with a pair"
    assert labels["rule-n_of_a_kind"] == "Four, five or six of a kind"
    assert labels["rule-three_ones"] == "Three 1s"
    choices = {
        name: [
            option.attrs["value"]
            for option in form.one("select", name=f"rule-{name}").all("option")
        ]
        for name in ("four_and_pair", "n_of_a_kind", "three_ones")
    }
    assert choices == {
        "four_and_pair": ["three-pairs", "separate"],
        "n_of_a_kind": ["fixed", "doubling"],
        "three_ones": ["1000", "300"],
    }
    assert "four 2s 400, five 2s 800, six 1s 8000" in form.by_id("rule-n_of_a_kind-help").text


def test_a_game_with_the_defaults_stores_no_house_rule(site, phone):
    assert house_rules_of(site, new_dice_game(phone, "farkle")) == {}


def test_changed_house_rules_are_stored_by_the_cores_names_and_listed_on_the_game(site, phone):
    token = new_dice_game(
        phone,
        "farkle",
        rules={**DOUBLING_300, "straight": 2500, "four_and_pair": "separate"},
    )

    assert house_rules_of(site, token) == {
        "n_of_a_kind": "doubling",
        "three_ones": 300,
        "straight": 2500,
        "four_and_pair": "separate",
    }
    listed = listed_rules(phone, token)
    assert "Four, five or six of a kind: doubling (changed)" in listed
    assert "Three 1s: 300 (changed)" in listed
    assert "Straight (1 to 6): 2500 (changed)" in listed
    assert "Four of a kind with a pair: separate (changed)" in listed
    assert "Three pairs: 1500" in listed and "Two triplets: 2500" in listed


@pytest.mark.parametrize(
    ("rules", "field", "message"),
    [
        (
            {"straight": 1234},
            "rule-straight",
            '"Straight (1 to 6)" must be a whole number of points in steps of 50, like 1500, '
            "not 1234.",
        ),
        (
            {"three_pairs": 0},
            "rule-three_pairs",
            '"Three pairs" must be a whole number of points in steps of 50, like 1500, not 0.',
        ),
        ({"two_triplets": "lots"}, "rule-two_triplets", "Type a whole number, digits only."),
        ({"three_ones": 500}, "rule-three_ones", "Pick one of the choices shown."),
        ({"n_of_a_kind": "tripling"}, "rule-n_of_a_kind", "Pick one of the choices shown."),
    ],
)
@pytest.mark.parametrize("headers", ANSWERS)
def test_an_impossible_farkle_rule_is_refused_next_to_it_and_nothing_is_saved(
    site, phone, rules, field, message, headers
):
    response = start_dice_game(phone, "farkle", rules=rules, headers=headers)

    assert response.status_code == 422
    page = answered_as(response, headers, "new-dice-game")
    assert alerts(page) == {f"{field}-error": message}
    assert "open" in page.one("details", class_="house-rules").attrs
    with site.app_context():
        assert db.session.scalar(db.select(db.func.count(DiceGame.id))) == 0


@pytest.mark.parametrize("headers", ANSWERS)
def test_the_preview_names_the_rule_that_decided_each_throw(phone, headers):
    token = new_dice_game(phone, "farkle", rules=DOUBLING_300)

    response = phone.post(
        dice_url(token, "/preview"), data={"throws": "1 1 1\n5 5 5\n2 2 2 2"}, headers=headers
    )

    assert response.status_code == 200
    page = read(response)
    items = [item.text for item in page.one("ul", class_="throws").all("li")]
    assert items == [
        "Throw 1: 1 1 1 = three 1s at 300: 300",
        "Throw 2: 5 5 5 = three of a kind 500: 500",
        "Throw 3: 2 2 2 2 = four 2s, doubled 400: 400",
    ]
    assert "Ann banks 1200 (three 1s at 300; four 2s, doubled)." in page.text


def test_a_banked_turn_lists_its_throws_and_says_the_rules_in_its_sentence(phone):
    token = new_dice_game(phone, "farkle", rules=DOUBLING_300)

    bank(phone, token, ["1 1 1 1"])
    bank(phone, token, ["2 2 2 2 2", "1"])

    turns = open_page(phone, dice_url(token)).one("ol", class_="farkle-turns")
    first, second = turns.by_id("turn-1"), turns.by_id("turn-2")
    assert first.one("p", class_="row-sentence").text == "Ann banks 600 (four 1s at 300, doubled)."
    assert first.one("ul", class_="throws").text == "1 1 1 1: four 1s at 300, doubled 600"
    assert second.one("p", class_="row-sentence").text == "Bob banks 900 (five 2s, doubled twice)."


def test_separate_refuses_keeping_a_pair_that_does_not_score_next_to_the_throws(site, phone):
    token = new_dice_game(phone, "farkle", rules={"four_and_pair": "separate"})

    response = farkle_turn(phone, token, ["2 2 2 2 3 3"])

    assert response.status_code == 422
    assert alerts(read(response)) == {
        "throws-error": "throw 1: the two 3s do not score (four of a kind and a pair score"
        " separately); keep only scoring dice"
    }
    bank(phone, token, ["2 2 2 2 5 5"])
    turn = open_page(phone, dice_url(token)).by_id("turn-1")
    assert turn.one("ul", class_="throws").text == (
        "2 2 2 2 5 5: four of a kind 1000, single 5 50, single 5 50"
        " (four of a kind and a pair score separately) (hot dice)"
    )
    assert turn.one("p", class_="row-sentence").text == (
        "Ann banks 1100 (four of a kind and a pair score separately)."
    )
