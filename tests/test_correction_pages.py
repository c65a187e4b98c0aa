"""Correcting a hand so that the game ends sooner, through the pages (CSRF on): the edit's
preview warns before Save and says what to do, Save says the same with the button that
saves and removes the hands after the new end, and that button does it in one step."""

from __future__ import annotations

import pytest

from scorekeeper.extensions import db
from scorekeeper.models import Hand, Match
from tests.helpers.html import alerts, fields_of, filled, form_to, read
from tests.helpers.play import edit_form, match_url, new_match, open_page, save_hand, undo

HTMX = {"HX-Request": "true"}
WARNING = (
    "With this change the game ends after hand 8 (Us reached 1500), so hand 9 would come "
    "after the end. Save and remove hand 9, or change this hand."
)


def played(bidder: int, meld: tuple[int, int], tricks: tuple[int, int]) -> dict[str, object]:
    """A played hand at 250 in spades, as a player fills the form (bidder: a seat)."""
    return {
        "action": "save",
        "bidder": bidder,
        "bid": 250,
        "trump": 0,
        "meld-0": meld[0],
        "meld-1": meld[1],
        "tricks-0": tricks[0],
        "tricks-1": tricks[1],
    }


# Bob (Them) bids 250 and goes set; Us take 170: Us +170 a hand, 1530 on hand 9.
US_170 = played(1, (0, 100), (170, 80))
# Hand 2 corrected: Us melded 140 more, so Us reach 1500 on hand 8.
US_310 = {"meld-0": 140}


@pytest.fixture
def finished_at_9(app, client):
    """The issue's example: Us v Them, won by Us after 9 hands; (token, hand ids)."""
    names = {"side_names-0": "Us", "side_names-1": "Them"}
    token = new_match(client, typed=names)
    for _ in range(9):
        save_hand(client, token, US_170)
    with app.app_context():
        match_id = db.session.scalar(db.select(Match.id).where(Match.edit_token == token))
        ids = db.session.scalars(
            db.select(Hand.id).where(Hand.match_id == match_id).order_by(Hand.position)
        ).all()
    return token, list(ids)


def hand_count(app, token: str) -> int:
    with app.app_context():
        match_id = db.session.scalar(db.select(Match.id).where(Match.edit_token == token))
        return db.session.scalar(
            db.select(db.func.count()).select_from(Hand).where(Hand.match_id == match_id)
        )


def preview_of_edit(client, token: str, hand_id: int, typed: dict[str, object]):
    """What the edit page's #preview asks as the player types (htmx posts the form)."""
    fields = filled(edit_form(client, token, hand_id), typed)
    fields.pop("action", None)  # a preview is sent without a button
    return client.post(match_url(token, f"/preview?hand={hand_id}"), data=fields, headers=HTMX)


def submit_buttons(form) -> list:
    return [
        button
        for button in form.all("button")
        if button.attrs.get("type", "submit") == "submit" and not button.inside("noscript")
    ]


def test_the_preview_of_a_correction_warns_that_a_later_hand_would_come_after_the_end(
    client, finished_at_9
):
    token, ids = finished_at_9

    response = preview_of_edit(client, token, ids[1], US_310)

    assert response.status_code == 200
    document = read(response)
    assert document.by_id("ends-earlier").text == WARNING
    # The button arrives out of band, in its place after the form's Save button.
    offer = document.by_id("trim-offer")
    assert offer.attrs["hx-swap-oob"] == "true"
    button = offer.one("button")
    assert (button.attrs["name"], button.attrs["value"]) == ("action", "save_and_trim")
    assert button.text == "Save and remove hand 9"
    assert offer.one("input", name="remove_hands").attrs["value"] == str(ids[8])


def test_the_preview_of_a_harmless_correction_empties_the_offer(client, finished_at_9):
    token, ids = finished_at_9

    document = read(preview_of_edit(client, token, ids[1], {"meld-0": 20}))

    assert document.by_id("ends-earlier") is None
    offer = document.by_id("trim-offer")
    assert offer.attrs["hx-swap-oob"] == "true" and offer.one("button") is None


def test_the_preview_of_a_new_hand_sends_no_offer(client, app):
    token = new_match(client)
    fields = filled(form_to(open_page(client, match_url(token)), match_url(token, "/hands")))

    response = client.post(match_url(token, "/preview"), data=fields, headers=HTMX)

    assert read(response).by_id("trim-offer") is None


def test_save_refuses_with_a_sentence_that_says_what_to_do_and_offers_the_button(
    app, client, finished_at_9
):
    token, ids = finished_at_9

    response = client.post(
        match_url(token, f"/hands/{ids[1]}/edit"),
        data=filled(edit_form(client, token, ids[1]), US_310),
    )

    assert response.status_code == 422
    document = read(response)
    assert alerts(document) == {"trim-error": WARNING}
    form = form_to(document, match_url(token, f"/hands/{ids[1]}/edit"))
    buttons = submit_buttons(form)
    trim = form.by_id("trim-offer").one("button")
    assert trim.text == "Save and remove hand 9"
    # Enter taps the form's first submit button: Save, never the removal.
    assert buttons[0].attrs["value"] == "save" and buttons.index(trim) > 0
    assert hand_count(app, token) == 9


def test_the_button_saves_the_correction_and_removes_the_hands_after_the_end_in_one_step(
    app, client, finished_at_9
):
    token, ids = finished_at_9
    edit = match_url(token, f"/hands/{ids[1]}/edit")
    refused = read(client.post(edit, data=filled(edit_form(client, token, ids[1]), US_310)))
    form = form_to(refused, edit)

    # What a browser sends when the button is tapped: the redrawn form plus its value.
    response = client.post(edit, data={**fields_of(form), "action": "save_and_trim"})

    assert response.status_code == 303
    assert hand_count(app, token) == 8
    page = open_page(client, match_url(token))
    assert "Us reached 1500." in page.one("article", class_="banner").text
    # One change: one Undo puts hand 2 and hand 9 back as they were.
    assert undo(client, token).status_code == 303
    assert hand_count(app, token) == 9
    restored = edit_form(client, token, ids[1])
    assert fields_of(restored)["meld-0"] == "0"


def test_the_button_straight_from_the_preview_saves_and_trims(app, client, finished_at_9):
    token, ids = finished_at_9
    offer = read(preview_of_edit(client, token, ids[1], US_310)).by_id("trim-offer")
    fields = filled(edit_form(client, token, ids[1]), US_310)

    fields.update(remove_hands=offer.one("input").attrs["value"], action="save_and_trim")
    response = client.post(match_url(token, f"/hands/{ids[1]}/edit"), data=fields)

    assert response.status_code == 303
    assert hand_count(app, token) == 8


def test_the_edit_page_keeps_an_empty_place_for_the_offer_after_save(client, finished_at_9):
    token, ids = finished_at_9

    form = edit_form(client, token, ids[1])

    offer = form.by_id("trim-offer")
    assert offer is not None and offer.one("button") is None
    assert submit_buttons(form)[0].attrs["value"] == "save"


def test_save_mine_over_theirs_after_a_conflict_still_removes_the_hands_after_the_end(
    app, client, finished_at_9
):
    token, ids = finished_at_9
    edit = match_url(token, f"/hands/{ids[1]}/edit")
    mine = form_to(
        read(client.post(edit, data=filled(edit_form(client, token, ids[1]), US_310))), edit
    )
    # Meanwhile another phone corrects the same hand (Them melded 120, not 100).
    other = app.test_client()
    theirs = other.post(edit, data=filled(edit_form(other, token, ids[1]), {"meld-1": 120}))
    assert theirs.status_code == 303, alerts(read(theirs))

    conflict = client.post(edit, data={**fields_of(mine), "action": "save_and_trim"})

    assert conflict.status_code == 409
    redrawn = form_to(read(conflict), edit)
    keep = redrawn.by_id("conflict-choice").one("button")
    assert keep.text == "Save mine over theirs"
    response = client.post(
        edit, data={**fields_of(redrawn), keep.attrs["name"]: keep.attrs["value"]}
    )
    assert response.status_code == 303, alerts(read(response))
    assert hand_count(app, token) == 8
    assert fields_of(edit_form(client, token, ids[1]))["meld-0"] == "140"
