"""The hand form asks only what a match's house rules need (RULES.md, "More house rules"):
"took a trick" boxes under save_with trick, a moon switch when the moon is on, a bid
stepper and quick bids that follow bid_steps, and a refused bid naming the nearest two."""

from __future__ import annotations

from scorekeeper.extensions import db
from scorekeeper.models import Hand, Match
from tests.helpers.html import alerts, form_to, read
from tests.helpers.play import (
    edit_form,
    edit_hand,
    hand_form,
    match_url,
    new_match,
    open_page,
    post_hand,
    save_hand,
)

NAMES = {"side_names-0": "Us", "side_names-1": "Them"}


def _played(bid, meld, tricks, **more):
    fields = {"bidder": 0, "bid": bid, "trump": 0, "action": "save"}
    for side, points in enumerate(meld):
        fields[f"meld-{side}"] = points
    for side, points in enumerate(tricks):
        fields[f"tricks-{side}"] = points
    return {**fields, **more}


def _stored(site, token):
    with site.app_context():
        match = db.session.scalar(db.select(Match).where(Match.edit_token == token))
        hands = db.session.scalars(db.select(Hand).where(Hand.match_id == match.id)).all()
        return [(hand.id, hand.took_trick, hand.moon) for hand in hands]


def test_a_match_without_the_new_rules_asks_nothing_new(site, phone):
    token = new_match(phone, "partnership")
    form = hand_form(phone, token)
    assert form.one("input", name="moon") is None
    assert form.one("input", name="took_trick-0") is None
    stepper = form.one("div", class_="bid-field")
    assert stepper.attrs["data-runs"] == "250:10:"
    chips = [button.text for button in form.one("div", class_="quick-bids").all("button")]
    assert chips == ["250", "300", "350", "400", "450"]


def test_under_save_with_trick_a_pointless_trick_keeps_the_meld(site, phone):
    token = new_match(phone, "partnership", {**NAMES, "rule-save_with": "trick"})
    form = hand_form(phone, token)
    boxes = [form.one("input", name=f"took_trick-{side}") for side in (0, 1)]
    assert all(box is not None for box in boxes)

    save_hand(phone, token, _played(300, (100, 80), (250, 0), **{"took_trick-1": "y"}))

    page = open_page(phone, match_url(token))
    assert "Them took a trick with no counters, so their 80 meld counts" in page.text
    assert [(took, moon) for _, took, moon in _stored(site, token)] == [([True, True], False)]


def test_under_save_with_trick_no_box_ticked_loses_the_meld(site, phone):
    token = new_match(phone, "partnership", {**NAMES, "rule-save_with": "trick"})
    save_hand(phone, token, _played(300, (100, 80), (250, 0)))
    page = open_page(phone, match_url(token))
    assert "Them took no trick, so their meld does not count" in page.text
    assert [took for _, took, _ in _stored(site, token)] == [[True, False]]


def test_the_moon_switch_records_a_moon_made_and_one_missed(site, phone):
    token = new_match(phone, "partnership", {**NAMES, "rule-moon": 1500, "rule-target": 5000})
    form = hand_form(phone, token)
    switch = form.one("input", name="moon")
    assert switch.attrs["role"] == "switch"

    save_hand(phone, token, _played(300, (100, 80), (250, 0), moon="y"))
    save_hand(phone, token, _played(300, (100, 80), (240, 10), moon="y"))

    page = open_page(phone, match_url(token))
    assert "Us shot the moon and took every trick: +1500" in page.text
    assert "Us shot the moon but did not take every trick: \u22121500" in page.text
    assert [moon for _, _, moon in _stored(site, token)] == [True, True]


def test_the_edit_page_shows_and_keeps_the_moon_and_the_pointless_trick(site, phone):
    token = new_match(phone, "partnership", {**NAMES, "rule-moon": 1500, "rule-save_with": "trick"})
    save_hand(phone, token, _played(300, (100, 80), (250, 0), moon="y", **{"took_trick-1": "y"}))
    [(hand_id, _, _)] = _stored(site, token)
    form = edit_form(phone, token, hand_id)
    assert "checked" in form.one("input", name="moon").attrs
    assert "checked" in form.one("input", name="took_trick-1").attrs

    response = edit_hand(phone, token, hand_id, {"moon": False})

    assert response.status_code == 303, alerts(read(response))
    assert _stored(site, token) == [(hand_id, [True, True], False)]


def test_bid_steps_drive_the_stepper_and_the_quick_bids(site, phone):
    token = new_match(phone, "double-deck", {"rule-bid_steps": "50:1, 60:5, 100:10"})
    form = hand_form(phone, token)
    stepper = form.one("div", class_="bid-field")
    assert stepper.attrs["data-runs"] == "50:1:60,60:5:100,100:10:"
    chips = [button.text for button in form.one("div", class_="quick-bids").all("button")]
    assert chips == ["50", "55", "60", "85", "120"]


def test_a_bid_off_the_steps_is_refused_next_to_the_bid_naming_the_nearest_two(site, phone):
    token = new_match(phone, "double-deck", {"rule-bid_steps": "50:1, 60:5, 100:10"})
    fields = _played(61, (40, 30), (35, 15))
    response = post_hand(phone, token, fields)

    assert response.status_code == 422
    assert alerts(read(response))["bid-error"] == "Bid 61 is not a valid bid; enter 60 or 65."


def test_a_moon_with_a_throw_in_is_refused_next_to_the_switch(site, phone):
    token = new_match(phone, "partnership", {**NAMES, "rule-moon": 1500})
    fields = _played(400, (60, 80), (0, 0), moon="y", action="throw_in")
    response = post_hand(phone, token, fields)

    assert response.status_code == 422
    assert "cannot throw in" in alerts(read(response))["moon-error"]


def test_the_new_match_form_is_unchanged_for_the_house_rules_page(client):
    page = read(client.get("/matches/new"))
    assert form_to(page, "/matches/new").by_id("rule-moon").attrs["value"] == "0"
