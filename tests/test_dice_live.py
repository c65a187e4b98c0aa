"""A dice page follows the game live: its poll is an empty 204 until another phone writes,
then the game as it now stands and, for a phone typing a turn, what was entered meanwhile
with the choice of what this phone's turn is. A correction page is told the same way."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

from scorekeeper.extensions import db
from scorekeeper.htmx import LIVE_POLL
from scorekeeper.services import dice
from tests.helpers.html import form_to, read, value_of
from tests.helpers.play import (
    bank,
    dice_url,
    new_dice_game,
    open_page,
    score,
    submit,
    undo_turn,
)


def poll_of(page) -> str:
    """The address the page's poller asks, as drawn."""
    poller = page.by_id("live")
    assert poller.attrs["hx-trigger"] == LIVE_POLL
    assert poller.attrs["hx-swap"] == "none"
    return poller.attrs["hx-get"]


def turn_ids(app, token: str) -> list[int]:
    with app.app_context():
        return [turn.id for turn in dice.load_game(db.session, token).turns]


def test_the_game_page_polls_at_the_version_it_shows(client):
    token = new_dice_game(client, names=("Ann", "Bob"))
    assert poll_of(open_page(client, dice_url(token))) == dice_url(token, "/live?since=0")

    score(client, token, "33355", "full_house")

    assert poll_of(open_page(client, dice_url(token))) == dice_url(token, "/live?since=1")


def test_the_poll_is_empty_until_another_phone_enters_a_turn(app):
    ann, cat = app.test_client(), app.test_client()
    token = new_dice_game(ann, names=("Ann", "Bob", "Cat"))
    poll = poll_of(open_page(cat, dice_url(token)))
    unchanged = cat.get(poll)
    assert unchanged.status_code == 204 and unchanged.data == b""
    assert unchanged.headers["Cache-Control"] == "no-store"

    score(ann, token, "33355", "full_house")
    answer = cat.get(poll)

    assert answer.status_code == 200
    assert answer.headers["Cache-Control"] == "no-store"
    fragment = read(answer)
    region = fragment.by_id("dice-game")
    assert region.attrs["hx-swap-oob"] == "true"
    # The region follows the game: Bob's turn now, at the new version, polling from there.
    assert fragment.by_id("turn-title").text == "Bob's turn"
    picker = form_to(region, dice_url(token, "/turns"), class_="box-picker")
    assert value_of(picker, "version") == "1" and value_of(picker, "number") == "2"
    assert fragment.by_id("total-0").text == "25"
    assert [p.attrs["hx-get"] for p in fragment.all(id="live")][-1] == dice_url(
        token, "/live?since=1"
    )
    # Asked without a typed turn, there is nothing to tell.
    assert fragment.all(id="turn-notice")[-1].has("hidden", "")


def test_a_phone_typing_a_turn_is_told_what_was_entered_and_whose_turn_it_is(app):
    ann, cat = app.test_client(), app.test_client()
    token = new_dice_game(ann, names=("Ann", "Bob", "Cat"))
    open_page(cat, dice_url(token))  # Cat has Ann's turn (1) on screen at version 0
    score(ann, token, "33355", "full_house")
    score(ann, token, "11112", "ones")

    answer = cat.get(dice_url(token, "/live?since=0&form=0&number=1"))

    notice = read(answer).all(id="turn-notice")[-1]
    assert notice.attrs["hx-swap-oob"] == "true" and notice.attrs["role"] == "alert"
    assert not notice.has("hidden", "")
    assert notice.text.startswith(
        "Another phone entered Ann's turn 1: 3 3 3 5 5 in Full house (25) (and 1 more turn "
        "since). Is the turn you are entering the same one?"
    )
    assert notice.one("a").text == "Same turn (discard mine)"
    assert notice.one("a").attrs["href"] == dice_url(token)
    assert notice.one("button").text == "Keep mine as Cat's turn"
    assert notice.one("button").has("data-keep-turn", "")
    # The score is redrawn on its own too, for a page whose typed form stays as it was.
    scores = read(answer).all(id="dice-scoreboard")
    assert scores[-1].attrs["hx-swap-oob"] == "true"


def test_an_undo_is_told_too(app):
    ann, cat = app.test_client(), app.test_client()
    token = new_dice_game(ann, kind="farkle", names=("Ann", "Bob"))
    bank(ann, token, total=600)
    open_page(cat, dice_url(token))  # Bob's turn (2), version 1
    undo_turn(ann, token)

    notice = read(cat.get(dice_url(token, "/live?since=1&form=1&number=2"))).all(id="turn-notice")[
        -1
    ]

    assert notice.text.startswith("Another phone corrected or took back a turn.")
    assert notice.one("button").text == "Keep mine as Ann's turn"


def test_a_finished_game_offers_only_to_discard(app):
    ann, cat = app.test_client(), app.test_client()
    token = new_dice_game(ann, kind="farkle", names=("Ann", "Bob"), rules={"target": "500"})
    bank(ann, token, total=600)
    bank(ann, token, total=500)  # Bob's last turn: Ann wins

    notice = read(cat.get(dice_url(token, "/live?since=1&form=1&number=2"))).all(id="turn-notice")[
        -1
    ]

    assert "Bob" in notice.text and notice.one("button") is None
    assert notice.one("a").text == "Same turn (discard mine)"


def test_a_poll_for_a_game_that_is_not_there_is_a_404(client):
    assert client.get(dice_url("A" * 22, "/live?since=0")).status_code == 404


def test_a_farkle_page_can_be_drawn_again_with_the_typed_turn_kept(client):
    token = new_dice_game(client, kind="farkle", names=("Ann", "Bob"))
    page = open_page(client, dice_url(token) + "?throws=1+5%0D%0A2+2+2&total=")

    form = form_to(page, dice_url(token, "/turns"), class_="farkle-turn")
    assert form.one("textarea", name="throws").raw_text().split() == ["1", "5", "2", "2", "2"]
    assert form.by_id("turn-error") is None  # drawn, not judged


def test_a_correction_page_polls_and_is_told_when_another_phone_changes_the_game(app):
    ann, cat = app.test_client(), app.test_client()
    token = new_dice_game(ann, names=("Ann", "Bob"))
    score(ann, token, "33355", "full_house")
    (turn_id,) = turn_ids(app, token)
    edit = open_page(cat, dice_url(token, f"/turns/{turn_id}/edit"))
    poller = edit.by_id("edit-notice")
    assert poller.attrs["hx-trigger"] == "every 2s" and poller.attrs["hx-swap"] == "outerHTML"
    poll = poller.attrs["hx-get"]
    assert parse_qs(urlsplit(poll).query) == {"version": ["1"]}
    assert cat.get(poll).status_code == 204

    ann_edit = dice_url(token, f"/turns/{turn_id}/edit")
    form = form_to(open_page(ann, ann_edit), ann_edit)
    assert submit(ann, form, {"dice": "22233"}).status_code == 303
    answer = cat.get(poll)

    assert answer.status_code == 200
    notice = read(answer).by_id("edit-notice")
    assert notice.text.startswith(
        "Another phone changed this game (this turn is now Ann's turn 1: 2 2 2 3 3 in Full "
        "house (25)). Your correction is not saved yet."
    )
    assert notice.attrs["data-version"] == "2"
    assert notice.one("a").text == "Keep theirs"
    assert notice.one("button").has("data-save-over-theirs", "")
    assert "hx-get" not in notice.attrs  # the notice takes the poller's place


def test_a_correction_page_is_told_when_its_turn_is_taken_back(app):
    ann, cat = app.test_client(), app.test_client()
    token = new_dice_game(ann, names=("Ann", "Bob"))
    score(ann, token, "33355", "full_house")
    (turn_id,) = turn_ids(app, token)
    open_page(cat, dice_url(token, f"/turns/{turn_id}/edit"))
    undo_turn(ann, token)

    notice = read(cat.get(dice_url(token, f"/turns/{turn_id}/live?version=1"))).by_id("edit-notice")

    assert notice.text.startswith("Another phone took back this turn.")
    assert notice.one("a").text == "Back to the game" and notice.one("button") is None
