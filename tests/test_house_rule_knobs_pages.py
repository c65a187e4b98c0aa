"""The house-rules editor on the new-match form and the house-rules page with the knobs of
RULES.md's "More house rules": readable labels, bid steps typed as ``50:1, 60:5, 100:10``,
and a clear refusal next to the field for a value that cannot be read."""

from __future__ import annotations

from scorekeeper.extensions import db
from scorekeeper.models import Match
from tests.helpers.html import alerts, form_to, read
from tests.helpers.play import open_page, start_match, token_of


def _stored_rules(site, token: str) -> dict:
    with site.app_context():
        match = db.session.scalar(db.select(Match).where(Match.edit_token == token))
        return match.house_rules


def test_the_new_match_form_offers_every_new_knob_with_a_readable_label(site, phone):
    form = form_to(open_page(phone, "/matches/new?game=double-deck"), "/matches/new")
    labels = {label.attrs.get("for"): label.text.strip() for label in form.all("label")}
    assert labels["rule-save_with"] == "Meld is saved by"
    assert labels["rule-save_minimum"] == "Trick points that save meld"
    assert labels["rule-bid_steps"] == "Bid steps"
    assert labels["rule-moon"] == "Shooting the moon scores"
    assert labels["rule-play_on_by"] == "Playing on raises the game by"
    assert form.by_id("rule-bid_steps").attrs["value"] == "50:1"
    assert form.by_id("rule-save_minimum").attrs["value"] == "1"
    tie_rules = [option.attrs["value"] for option in form.by_id("rule-tie_rule").all("option")]
    assert "play-on" in tie_rules


def test_a_match_started_with_the_new_knobs_keeps_them(site, phone):
    response = start_match(
        phone,
        "double-deck",
        {
            "rule-bid_steps": "50:1, 60:5, 100:10",
            "rule-save_with": "trick",
            "rule-moon": 500,
            "rule-tie_rule": "play-on",
        },
    )
    assert response.status_code == 303, alerts(read(response))
    rules = _stored_rules(site, token_of(response))
    assert rules == {
        "bid_steps": [[50, 1], [60, 5], [100, 10]],
        "save_with": "trick",
        "moon": 500,
        "tie_rule": "play-on",
    }
    page = open_page(phone, f"/matches/{token_of(response)}")
    assert "50:1, 60:5, 100:10" in page.text


def test_the_defaults_left_alone_store_no_house_rule(site, phone):
    response = start_match(phone, "partnership", {"rule-min_bid": 300, "rule-trick_unit": 5})
    assert response.status_code == 303, alerts(read(response))
    # bid_steps (250:10 on the form) and save_minimum (10) follow min_bid and trick_unit.
    assert _stored_rules(site, token_of(response)) == {"min_bid": 300, "trick_unit": 5}


def test_malformed_bid_steps_are_refused_next_to_the_field(site, phone):
    response = start_match(phone, "double-deck", {"rule-bid_steps": "50-1, 60-5"})
    assert response.status_code == 422
    document = read(response)
    assert alerts(document)["rule-bid_steps-error"] == (
        "Enter bids and their steps as from:step pairs, the bids increasing, "
        "e.g. 50:1, 60:5, 100:10."
    )
    assert document.by_id("rule-bid_steps").attrs["aria-invalid"] == "true"


def test_bid_steps_that_disagree_with_the_minimum_bid_are_refused_next_to_bid_steps(site, phone):
    response = start_match(
        phone, "partnership", {"rule-bid_steps": "250:10, 400:25", "rule-min_bid": 300}
    )
    assert response.status_code == 422
    assert (
        'must match the first pair of "Bid steps" (250:10)'
        in (alerts(read(response))["rule-bid_steps-error"])
    )


def test_the_house_rules_page_shows_the_new_knobs(client):
    page = read(client.get("/rules"))
    double_deck = page.one("details", id="double-deck")
    line = double_deck.one("div", id="double-deck-bid_steps")
    assert line.one("dt").text == "Bid steps"
    assert line.one("dd", class_="knob-value").text == "50:1"
    assert double_deck.one("div", id="double-deck-moon").one("dt").text == (
        "Shooting the moon scores"
    )
