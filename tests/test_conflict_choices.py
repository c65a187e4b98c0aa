"""Two phones enter the same hand; one saves first. The other is shown what was saved and
chooses: it was the same hand (discard mine), or save mine as the next hand. The same for
a past hand's edit: keep theirs, or save mine over theirs. No browser: the site's HTML."""

from __future__ import annotations

from scorekeeper.extensions import db
from scorekeeper.services import matches
from tests.helpers.html import filled, form_to, read, value_of
from tests.helpers.play import hand_form, new_match, open_page, save_hand

# Player 1 (team A) bids 250 in spades and makes it: team A 300, team B 100.
MADE_250 = {
    "bidder": "0",
    "bid": "250",
    "trump": "0",
    "meld-0": "100",
    "meld-1": "50",
    "tricks-0": "200",
    "tricks-1": "50",
}


def stored_bids(app, token: str) -> list[int]:
    with app.app_context():
        return [hand.bid for hand in matches.load_match(db.session, token).hands]


def conflict_after_another_save(app):
    """Two phones draw hand 1; the first saves; the second's Save is the conflict."""
    first, second = app.test_client(), app.test_client()
    token = new_match(first)
    typed = hand_form(second, token)
    save_hand(first, token, MADE_250)
    url = f"/matches/{token}/hands"
    answer = second.post(url, data=filled(typed, MADE_250))
    return token, second, url, answer


def test_the_conflict_page_offers_both_choices_and_names_the_saved_hand(app):
    token, _, url, answer = conflict_after_another_save(app)

    assert answer.status_code == 409
    page = read(answer)
    assert "hand 1 was saved: Team A made 250" in page.by_id("hand-error").text
    choice = page.by_id("conflict-choice")
    discard = choice.one("a")
    keep = choice.one("button")
    assert discard.text == "It was the same hand (discard mine)"
    assert discard.attrs["href"] == f"/matches/{token}"
    assert keep.text == "Save mine as hand 2"
    assert keep.attrs["type"] == "submit"
    assert stored_bids(app, token) == [250]


def test_choosing_the_same_hand_leaves_it_in_the_ledger_once(app):
    token, second, _, answer = conflict_after_another_save(app)
    discard = read(answer).by_id("conflict-choice").one("a").attrs["href"]

    ledger = open_page(second, discard)

    assert len(ledger.one("ol", class_="ledger").all("li")) == 1
    assert ledger.by_id("next-hand").text == "Hand 2"
    assert value_of(form_to(ledger, f"/matches/{token}/hands"), "bid") in ("", None)
    assert stored_bids(app, token) == [250]


def test_choosing_save_mine_records_it_as_the_next_hand_once(app):
    token, second, url, answer = conflict_after_another_save(app)
    form = form_to(read(answer), url)
    assert value_of(form, "version") == "1"

    saved = second.post(url, data=filled(form, {"action": "save"}))
    again = second.post(url, data=filled(form, {"action": "save"}))

    assert (saved.status_code, again.status_code) == (303, 303)
    assert stored_bids(app, token) == [250, 250]


def test_an_edit_conflict_offers_keep_theirs_or_save_mine_over_theirs(app):
    mine, theirs = app.test_client(), app.test_client()
    token = new_match(mine)
    save_hand(mine, token, MADE_250)
    with app.app_context():
        hand_id = matches.load_match(db.session, token).hands[0].id
    url = f"/matches/{token}/hands/{hand_id}/edit"
    my_form = form_to(open_page(mine, url), url)
    their_form = form_to(open_page(theirs, url), url)
    assert theirs.post(url, data=filled(their_form, {"bid": "260"})).status_code == 303

    answer = mine.post(url, data=filled(my_form, {"bid": "270"}))

    assert answer.status_code == 409
    page = read(answer)
    assert "made 260" in page.by_id("hand-error").text
    choice = page.by_id("conflict-choice")
    assert choice.one("a").text == "Keep theirs"
    assert choice.one("a").attrs["href"] == f"/matches/{token}#hand-1"
    assert choice.one("button").text == "Save mine over theirs"
    assert stored_bids(app, token) == [260]

    over = mine.post(url, data=filled(form_to(page, url), {"action": "save"}))

    assert over.status_code == 303
    assert stored_bids(app, token) == [270]


def test_a_poll_brings_a_notice_of_the_other_phones_hand_with_the_choice(app):
    table, across = app.test_client(), app.test_client()
    token = new_match(table)
    page = open_page(across, f"/matches/{token}")
    poll = page.by_id("live").attrs["hx-get"]
    assert page.by_id("hand-notice").attrs.get("hidden") is not None
    save_hand(table, token, MADE_250)

    fragment = read(across.get(poll))

    notice = fragment.by_id("hand-notice")
    assert "hx-swap-oob" in notice.attrs
    assert notice.attrs["data-version"] == "1"
    assert notice.attrs["data-next-hand"] == "2"
    assert "Another phone saved hand 1: Team A made 250" in notice.text
    assert notice.one("a").text == "It was the same hand (discard mine)"
    assert notice.one("button").text == "Save mine as hand 2"


def test_a_poll_from_a_held_form_counts_the_changes_since_the_form_was_drawn(app):
    table, across = app.test_client(), app.test_client()
    token = new_match(table)
    save_hand(table, token, MADE_250)
    save_hand(table, token, MADE_250)

    fragment = read(across.get(f"/matches/{token}/live?since=1&form=0"))

    assert "(2 changes since you started)" in fragment.by_id("hand-notice").text
