"""The score sheet answers every write: a good Save says what it saved with the new totals
and Undo (to the phone that saved, once); Undo names what it takes back; a refused Save
says why beside Save and puts the thumb on the first field to fix. The ledger is a compact
sheet, newest first. No browser: what the pages say and where (tests/e2e checks the eye)."""

from __future__ import annotations

import pytest

from scorekeeper.extensions import db
from scorekeeper.services import matches
from tests.helpers.html import Element, filled, form_to, read
from tests.helpers.play import (
    delete_hand,
    edit_hand,
    match_url,
    new_match,
    open_page,
    post_hand,
    save_hand,
    undo,
)

MADE_300 = {"bidder": 0, "bid": 300, "trump": 0, "meld-0": 140, "meld-1": 60, "tricks-0": 170}
SET_250 = {"bidder": 1, "bid": 250, "trump": 1, "meld-0": 40, "meld-1": 60, "tricks-0": 200}
HTMX = {"HX-Request": "true"}


def hand_ids(app, token: str) -> list[int]:
    with app.app_context():
        return [hand.id for hand in matches.load_match(db.session, token).hands]


def note_of(page: Element) -> Element | None:
    return page.by_id("note")


# ------------------------------------------------------------------- what a Save says


@pytest.mark.parametrize("headers", [{}, HTMX], ids=["page", "htmx"])
def test_a_good_save_tells_the_phone_what_it_saved_with_the_totals_and_undo(client, headers):
    token = new_match(client)
    answer = post_hand(client, token, MADE_300, headers)
    assert answer.status_code == 303

    page = read(client.get(answer.headers["Location"], headers=headers))

    note = note_of(page)
    assert note.attrs["role"] == "status"
    assert note.text.startswith("Hand 1 saved. Team A made 300 with 310; Team B +140.")
    assert "Now Team A 310 · Team B 140." in note.text
    undo_form = form_to(note, match_url(token, "/undo"))
    assert undo_form.one("button").text == "Undo: save hand 1"
    assert undo_form.one("input", name="version").attrs["value"] == "1"
    # Said once: looking again shows the sheet, not the note.
    assert note_of(open_page(client, match_url(token))) is None


def test_only_the_phone_that_saved_is_told(app):
    ann, bob = app.test_client(), app.test_client()
    token = new_match(ann)
    open_page(bob, match_url(token))

    save_hand(ann, token, MADE_300)

    assert note_of(open_page(bob, match_url(token))) is None
    assert note_of(open_page(ann, match_url(token))) is not None


def test_the_note_drops_undo_when_another_phone_changed_the_match_since(app):
    ann, bob = app.test_client(), app.test_client()
    token = new_match(ann)
    open_page(bob, match_url(token))
    post_hand(ann, token, MADE_300)  # Ann has not looked yet
    save_hand(bob, token, SET_250)

    note = note_of(open_page(ann, match_url(token)))

    assert note.text.startswith("Hand 1 saved.")
    assert "Another phone has changed the match since." in note.text
    assert note.one("form") is None


def test_undo_names_what_it_takes_back_and_says_what_it_took_back(app, client):
    token = new_match(client)
    save_hand(client, token, MADE_300)
    save_hand(client, token, SET_250)
    first, second = hand_ids(app, token)
    edit_hand(client, token, first, {**MADE_300, "bid": 310})
    page = open_page(client, match_url(token))
    ledger_undo = form_to(page, match_url(token, "/undo"), class_="undo")
    assert ledger_undo.one("button").text == "Undo: edit hand 1"

    delete_hand(client, token, second)
    page = open_page(client, match_url(token))
    assert note_of(page).text.startswith("Hand 2 deleted.")
    assert form_to(note_of(page), match_url(token, "/undo")).one("button").text == (
        "Undo: delete hand 2"
    )

    undone = undo(client, token)
    assert undone.status_code == 303
    page = open_page(client, match_url(token))
    assert note_of(page).text.startswith("Undone: delete hand 2.")
    assert [li.attrs["id"] for li in page.one("ol", class_="ledger").all("li")] == [
        "hand-2",
        "hand-1",
    ]
    ledger_undo = form_to(page, match_url(token, "/undo"), class_="undo")
    assert ledger_undo.one("button").text == "Undo: edit hand 1"


def test_an_undo_that_arrives_after_another_change_says_nothing_was_undone(app, client):
    token = new_match(client)
    save_hand(client, token, MADE_300)
    stale = filled(
        form_to(open_page(client, match_url(token)), match_url(token, "/undo"), class_="undo")
    )
    save_hand(app.test_client(), token, SET_250)  # another phone, meanwhile

    client.post(match_url(token, "/undo"), data=stale)

    note = note_of(open_page(client, match_url(token)))
    assert note.text.startswith("Nothing undone: the match changed before the tap arrived")
    assert len(hand_ids(app, token)) == 2


# ------------------------------------------------------------------ a refused Save


@pytest.mark.parametrize("headers", [{}, HTMX], ids=["page", "htmx"])
def test_a_refused_save_says_why_beside_save_and_focuses_the_first_field_to_fix(client, headers):
    token = new_match(client)

    answer = post_hand(client, token, {**MADE_300, "bid": 255, "tricks-0": 175}, headers)

    assert answer.status_code == 422
    form = form_to(read(answer), match_url(token, "/hands"))
    # The bid comes before the tricks on the form: the thumb goes there first.
    assert form.by_id("bid").has("autofocus", "")
    assert [e.attrs["id"] for e in form.all() if e.has("autofocus", "")] == ["bid"]
    summary = form.by_id("save-error")
    assert summary.text == "Not saved. Bid 255 is not a multiple of 10; enter 250 or 260."
    actions = form.one("div", class_="actions")
    assert summary.parent is actions  # beside Save, not above the fold
    # The preview asks again at once, so its warning stays beside the error.
    assert form.by_id("preview").attrs["hx-trigger"].endswith(", load")


def test_a_missing_trump_puts_the_thumb_on_the_first_suit(client):
    token = new_match(client)

    answer = post_hand(client, token, {**MADE_300, "trump": None})

    form = form_to(read(answer), match_url(token, "/hands"))
    assert form.by_id("trump-0").has("autofocus", "")
    assert form.by_id("save-error").text == "Not saved. Trump: Which suit was trump?"


def test_a_fresh_form_has_no_autofocus_and_no_summary(client):
    token = new_match(client)
    form = form_to(open_page(client, match_url(token)), match_url(token, "/hands"))
    assert [e for e in form.all() if e.has("autofocus", "")] == []
    assert form.by_id("save-error") is None
    assert "load" not in form.by_id("preview").attrs["hx-trigger"]


# ------------------------------------------------------------------ keys and buttons


def test_enter_presses_the_main_action_never_a_rare_outcome(client):
    token = new_match(client, "double-deck")
    form = form_to(open_page(client, match_url(token)), match_url(token, "/hands"))

    submits = [b for b in form.all("button") if b.attrs.get("type") == "submit"]

    # Implicit submission (Enter) presses the form's first submit button.
    assert (submits[0].attrs["name"], submits[0].attrs["value"]) == ("action", "save")
    rare = form.one("details", class_="rare-outcomes")
    assert rare.one("summary").text == "Other outcomes: all passed, throw-in, forfeit"
    for value in ("forfeit",):
        button = rare.one("button", value=value)
        assert "outline" in button.attrs["class"]
    assert form.one("div", class_="actions").one("button", value="forfeit") is None


def test_common_bids_are_one_tap_away(client):
    token = new_match(client)
    form = form_to(open_page(client, match_url(token)), match_url(token, "/hands"))
    chips = form.one("div", class_="quick-bids").all("button")
    assert [chip.attrs["data-bid"] for chip in chips] == ["250", "300", "350", "400", "450"]


# ------------------------------------------------------------- the score bar and sheet


def test_the_score_bar_names_each_sides_players_and_the_target(client):
    names = {f"player_names-{n}": name for n, name in enumerate(["Ann", "Bob", "Cat", "Dan"])}
    token = new_match(client, typed={**names, "side_names-0": "Us", "side_names-1": "Them"})

    bar = open_page(client, match_url(token)).by_id("scoreboard")

    assert "scorebar" in bar.attrs["class"]
    assert [p.text for p in bar.all("span", class_="side-players")] == ["Ann & Cat", "Bob & Dan"]
    assert bar.one("p", class_="match-facts").text.startswith("Game to 1500 · Ann deals next")


def test_players_alone_are_not_named_twice(client):
    token = new_match(client, "three-handed")
    bar = open_page(client, match_url(token)).by_id("scoreboard")
    assert bar.all("span", class_="side-players") == []


def test_the_ledger_is_a_compact_sheet_newest_first(app, client):
    token = new_match(client)
    save_hand(client, token, MADE_300)
    save_hand(client, token, SET_250)

    ledger = open_page(client, match_url(token)).one("ol", class_="ledger")

    newest, oldest = ledger.all("li")
    assert newest.attrs["id"] == "hand-2" and oldest.attrs["id"] == "hand-1"
    summary = newest.one("summary")
    assert summary.one(class_="row-bid").text == "Player 2 bid 250 \u2665"
    assert summary.one(class_="badge").text == "set"
    sides = [side.text for side in summary.all("span", class_="row-side")]
    # Team B bid 250 and had 60 + 50: set, −250. Team A: 40 meld + 200 tricks.
    assert sides == ["Team A: +240, total 550", "Team B: −250, total −110"]
    # The sentence and the edit link are a tap away, inside the row.
    assert newest.one(class_="row-sentence").inside("details")
    assert newest.one("a", class_="edit-link").text == "Edit hand 2"


def test_share_is_one_button_near_the_top_with_both_links_and_their_codes(client):
    token = new_match(client)
    page = open_page(client, match_url(token))

    share = page.by_id("share")

    assert share.parent.attrs["class"] == "hand-top"  # beside the hand's heading
    assert share.one("summary").text == "Share"
    buttons = share.all("button")
    # The view link first: the one to hand round the table.
    assert [b.text for b in buttons] == ["Share the view link", "Share the edit link"]
    assert buttons[1].attrs["data-share-url"] == match_url(token)
    assert buttons[0].attrs["data-share-url"].startswith("/matches/watch/")
    alts = [img.attrs["alt"] for img in share.all("img")]
    assert alts == ["QR code of the view link", "QR code of the edit link"]


def test_a_view_link_shares_only_itself(client):
    token = new_match(client)
    watch = open_page(client, match_url(token)).by_id("share").all("button")[0]
    page = open_page(client, watch.attrs["data-share-url"])
    share = page.by_id("share")
    assert [b.text for b in share.all("button")] == ["Share the view link"]
    assert token not in share.text
