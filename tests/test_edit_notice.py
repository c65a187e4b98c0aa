"""An edit page is told, before Save, when another phone changes the same hand: its poll
answers 204 until then, and then the notice, with "Keep theirs" or "Save mine over theirs"."""

from __future__ import annotations

from scorekeeper.extensions import db
from scorekeeper.services import hands, match_words, matches
from tests.helpers.html import read
from tests.helpers.stored import MADE, form_token, hand, stored_match


def a_match_with_one_hand(app) -> tuple[str, int]:
    token = stored_match(app)
    with app.app_context():
        return token, hands.add_hand(db.session, token, MADE, version=0, form_token=form_token()).id


def test_the_edit_page_polls_for_changes_to_its_hand_at_the_version_it_was_drawn(client, app):
    token, hand_id = a_match_with_one_hand(app)

    page = read(client.get(f"/matches/{token}/hands/{hand_id}/edit"))

    poller = page.by_id("edit-notice")
    assert poller.attrs["hx-get"] == f"/matches/{token}/hands/{hand_id}/live?version=0"
    assert poller.attrs["hx-trigger"] == "every 2s"


def test_the_poll_is_empty_until_another_phone_changes_the_hand(client, app):
    token, hand_id = a_match_with_one_hand(app)
    poll = f"/matches/{token}/hands/{hand_id}/live?version=0"
    assert client.get(poll).status_code == 204

    with app.app_context():
        hands.edit_hand(db.session, token, hand_id, hand(bid=300, tricks=[200, 50]), hand_version=0)
    answer = client.get(poll)

    assert answer.status_code == 200
    notice = read(answer).by_id("edit-notice")
    assert notice.text.startswith("Another phone changed hand 1:")
    assert "Us made 300 with 300" in notice.text
    assert notice.attrs["data-hand-version"] == "1"
    assert notice.one("button", **{"data-save-over-theirs": ""}) is not None
    assert notice.one("a").text == "Keep theirs"
    assert "hx-get" not in notice.attrs  # the notice takes the poller's place: polling stops


def test_a_hand_another_phone_deleted_says_so(client, app):
    token, hand_id = a_match_with_one_hand(app)
    with app.app_context():
        hands.delete_hand(db.session, token, hand_id)

    answer = client.get(f"/matches/{token}/hands/{hand_id}/live?version=0")

    assert answer.status_code == 200
    assert read(answer).by_id("edit-notice").text.startswith("Another phone deleted this hand")


def test_hand_changed_since_names_nothing_when_the_hand_is_as_drawn(app):
    token, hand_id = a_match_with_one_hand(app)
    with app.app_context():
        state = matches.load_match(db.session, token)
        assert match_words.hand_changed_since(state, hand_id, 0) is None
        assert match_words.hand_changed_since(state, hand_id, 7).startswith("Another phone changed")
