"""A dice game shared like a match: an edit link and a view link behind the Share button,
each with its QR code; the view link's page shows every sheet and follows the game live,
and nothing sent to it, or to any write with its token, changes the game."""

from __future__ import annotations

import re

import pytest

from scorekeeper.extensions import db
from scorekeeper.models import DeviceDiceGame, DiceGame
from scorekeeper.sharing import WRITE_METHODS, qr_svg
from tests.helpers.html import Element, form_to, game_forms, read, value_of
from tests.helpers.play import (
    bank,
    dice_url,
    farkle_turn,
    new_dice_game,
    open_page,
    score,
)
from tests.helpers.stored import dice_view_token, every_row

URL_SAFE_TOKEN = re.compile(r"[A-Za-z0-9_-]{22,}")
HTMX = {"HX-Request": "true"}


def watch_url(view: str, rest: str = "") -> str:
    return f"/dice/watch/{view}{rest}"


def qr_codes(page: Element) -> dict[str, str]:
    """The page's QR codes: {what their picture says: where it comes from}."""
    return {
        img.attrs["alt"]: img.attrs["src"]
        for img in page.all("img")
        if "QR" in img.attrs.get("alt", "")
    }


def shared_links(page: Element) -> dict[str, str]:
    """The links the Share panel hands out: {their share button's words: the link}."""
    panel = page.by_id("share")
    assert panel is not None and panel.tag == "details", "the page has no Share button"
    return {
        button.text: button.attrs["data-share-url"] for button in panel.all(class_="share-button")
    }


def two_phones_on_a_game(app, kind="yahtzee", names=("Ann", "Bob")):
    """Ann's phone holds the edit link, Cat's only the view link."""
    ann, cat = app.test_client(), app.test_client()
    token = new_dice_game(ann, kind=kind, names=names)
    return ann, cat, token, dice_view_token(app, token)


# ============================================================================== the links


def test_every_dice_game_has_its_own_view_token_apart_from_its_edit_token(app, client):
    first, second = new_dice_game(client), new_dice_game(client, kind="farkle")
    with app.app_context():
        games = db.session.scalars(db.select(DiceGame).order_by(DiceGame.id)).all()
        tokens = [(game.token, game.view_token) for game in games]

    assert [edit for edit, _ in tokens] == [first, second]
    every_token = [token for pair in tokens for token in pair]
    assert len(set(every_token)) == 4
    assert all(URL_SAFE_TOKEN.fullmatch(token) for token in every_token)


@pytest.mark.parametrize("kind", ["yahtzee", "triple", "farkle"])
def test_the_game_page_shares_both_links_each_with_its_qr_code(app, client, kind):
    token = new_dice_game(client, kind=kind)
    view = dice_view_token(app, token)

    page = open_page(client, dice_url(token))

    assert shared_links(page) == {
        "Share the edit link": dice_url(token),
        "Share the view link": watch_url(view),
    }
    assert {a.attrs["href"] for a in page.all("a", class_="share-url")} == {
        dice_url(token),
        watch_url(view),
    }
    codes = qr_codes(page)
    assert set(codes) == {"QR code of the edit link", "QR code of the view link"}
    # Each code is the picture of its own link, as a phone across the table opens it.
    for alt, link in (("edit", dice_url(token)), ("view", watch_url(view))):
        response = client.get(codes[f"QR code of the {alt} link"])
        assert response.status_code == 200
        assert response.mimetype == "image/svg+xml"
        assert response.get_data(as_text=True).startswith("<?xml")
        assert response.data == qr_svg(f"http://localhost{link}").data


def test_the_view_page_shares_only_the_view_link_and_the_same_qr_code(app, client):
    token = new_dice_game(client)
    view = dice_view_token(app, token)
    shown = qr_codes(open_page(client, dice_url(token)))["QR code of the view link"]

    page = open_page(client, watch_url(view))

    assert shared_links(page) == {"Share the view link": watch_url(view)}
    (own,) = qr_codes(page).values()
    assert own == watch_url(view, "/qr.svg")
    assert client.get(own).data == client.get(shown).data


def test_the_view_link_opens_no_qr_code_of_the_edit_link(app, client):
    token = new_dice_game(client)
    view = dice_view_token(app, token)

    assert client.get(dice_url(view, "/qr/edit.svg")).status_code == 404
    assert client.get(dice_url(view, "/qr/view.svg")).status_code == 404
    assert client.get(watch_url(token, "/qr.svg")).status_code == 404


# ========================================================================= the view page


def assert_nothing_writes(response, token: str) -> Element:
    """A view page or its poll's answer: no form, no correction link, no edit token."""
    assert response.status_code == 200
    page = read(response)
    assert game_forms(page) == []
    assert page.all("a", class_="edit-link") == []
    assert page.all("a", class_="held") == []
    assert page.all(id="turn-title") == []
    assert token not in response.get_data(as_text=True)
    return page


@pytest.mark.parametrize("over", [False, True], ids=["in-progress", "won"])
def test_the_yahtzee_view_page_shows_every_card_and_nothing_that_writes(app, over):
    ann, cat, token, view = two_phones_on_a_game(app, names=("Ann",) if over else ("Ann", "Bob"))
    score(ann, token, "33355", "full_house")
    if over:
        for box in ("ones", "twos", "threes", "fours", "fives", "sixes", "three_of_a_kind"):
            score(ann, token, "12346", box)
        for box in ("four_of_a_kind", "small_straight", "large_straight", "yahtzee", "chance"):
            score(ann, token, "12346", box)
    edit_page = open_page(ann, dice_url(token))
    assert (edit_page.by_id("winner") is not None) == over

    page = assert_nothing_writes(cat.get(watch_url(view)), token)

    assert page.by_id("total-0").text == edit_page.by_id("total-0").text
    assert page.by_id("card-0").text == edit_page.by_id("card-0").text
    assert "view only" in page.one(class_="match-facts").text
    assert "Play again" not in page.text and "Undo" not in page.text
    assert (page.by_id("winner") is not None) == over


def test_the_farkle_view_page_shows_every_turn_and_nothing_that_writes(app):
    ann, cat, token, view = two_phones_on_a_game(app, kind="farkle")
    bank(ann, token, throws=["111", "5"])

    page = assert_nothing_writes(cat.get(watch_url(view)), token)

    assert page.by_id("turn-1").one(class_="row-sentence").text.startswith("Ann banks 1050")
    assert page.by_id("total-0").text == "1050"


def test_watching_a_game_does_not_list_it_on_the_phones_home_page(app):
    _, cat, _, view = two_phones_on_a_game(app)
    before = every_row(app)

    open_page(cat, watch_url(view))

    assert every_row(app) == before
    assert len(before[DeviceDiceGame.__tablename__]) == 1  # Ann's phone, which started it


def test_a_view_token_opens_no_edit_page_nor_an_edit_token_the_view_page(app, client):
    token = new_dice_game(client)
    score(client, token, "33355", "full_house")
    view = dice_view_token(app, token)
    with app.app_context():
        (turn_id,) = [turn.id for turn in db.session.scalars(db.select(DiceGame)).one().turns]

    for address in (
        dice_url(view),
        dice_url(view, "/live?since=0"),
        dice_url(view, f"/turns/{turn_id}/edit"),
        dice_url(view, f"/turns/{turn_id}/live?version=0"),
        watch_url(token),
        watch_url(token, "/live?since=0"),
    ):
        assert client.get(address).status_code == 404, address


# ======================================================== the view link never writes


def view_link_writes(token: str, view: str, turn_id: int) -> list[str]:
    """Every write of a dice game, sent with the view link's token in place of the edit one."""
    return [
        dice_url(view, "/turns"),
        dice_url(view, "/preview"),
        dice_url(view, "/undo"),
        dice_url(view, "/again"),
        dice_url(view, f"/turns/{turn_id}/edit"),
    ]


def a_game_with_a_turn(app):
    """Ann has scored one turn; her phone's next turn form, drawn now, with its CSRF token,
    and a turn typed into it (a large straight for Bob)."""
    ann, cat, token, view = two_phones_on_a_game(app)
    score(ann, token, "33355", "full_house")
    with app.app_context():
        (turn_id,) = [turn.id for turn in db.session.scalars(db.select(DiceGame)).one().turns]
    picker = form_to(
        open_page(ann, dice_url(token)), dice_url(token, "/turns"), class_="box-picker"
    )
    fields = {
        "csrf_token": value_of(picker, "csrf_token"),
        "version": value_of(picker, "version"),
        "client_token": value_of(picker, "client_token"),
        "number": value_of(picker, "number"),
        "dice": "12345",
        "slot": "large_straight",
        "box": "large_straight",
    }
    return ann, token, view, turn_id, fields


@pytest.mark.parametrize("write", range(5), ids=["turn", "preview", "undo", "again", "edit"])
def test_a_write_sent_with_the_view_token_is_a_404_and_changes_nothing(app, write):
    # A phone with a real session, its CSRF token and a turn as the form sends it: only
    # the link itself can refuse.
    ann, token, view, turn_id, fields = a_game_with_a_turn(app)
    before = every_row(app)

    response = ann.post(view_link_writes(token, view, turn_id)[write], data=fields)

    assert response.status_code == 404
    assert every_row(app) == before


def test_the_same_turn_sent_with_the_edit_token_is_entered(app):
    """The counterpart of the test above: the posted fields are a turn the site takes."""
    ann, token, _, _, fields = a_game_with_a_turn(app)

    response = ann.post(dice_url(token, "/turns"), data=fields)

    assert response.status_code == 303
    with app.app_context():
        game = db.session.scalars(db.select(DiceGame)).one()
        assert [(turn.player, turn.box) for turn in game.turns] == [
            (0, "full_house"),
            (1, "large_straight"),
        ]


@pytest.mark.parametrize("method", WRITE_METHODS)
@pytest.mark.parametrize(
    "rest", ["", "/turns", "/undo", "/again", "/preview", "/turns/{turn}/edit"]
)
def test_anything_sent_to_the_view_link_is_refused_and_changes_nothing(app, method, rest):
    ann, token, view, turn_id, fields = a_game_with_a_turn(app)
    before = every_row(app)

    response = ann.open(
        watch_url(view, rest.format(turn=turn_id)),
        method=method,
        data={"dice": "12345", "slot": "large_straight", "version": "1", "number": "2"},
        headers={"X-CSRFToken": fields["csrf_token"]},
    )

    assert response.status_code == 403
    assert "view-only link: it can show the game" in read(response).text
    assert every_row(app) == before


# ============================================================================ live updates


def poll_of(page: Element) -> str:
    return page.by_id("live").attrs["hx-get"]


def test_the_view_page_polls_its_own_link_and_gets_204_while_nothing_changed(app):
    ann, cat, token, view = two_phones_on_a_game(app)
    score(ann, token, "33355", "full_house")

    poll = poll_of(open_page(cat, watch_url(view)))
    unchanged = cat.get(poll)

    assert poll == watch_url(view, "/live?since=1")
    assert unchanged.status_code == 204 and unchanged.data == b""
    assert unchanged.headers["Cache-Control"] == "no-store"


@pytest.mark.parametrize("kind", ["yahtzee", "farkle"])
def test_after_another_phones_turn_the_view_pages_poll_brings_the_game_with_nothing_to_write(
    app, kind
):
    ann, cat, token, view = two_phones_on_a_game(app, kind=kind)
    poll = poll_of(open_page(cat, watch_url(view)))

    if kind == "farkle":
        assert farkle_turn(ann, token, total=600).status_code == 303
    else:
        score(ann, token, "33355", "full_house")
    # A poll that says it holds a typed turn is still told nothing: it cannot have one.
    answer = cat.get(poll + "&form=0&number=1")

    assert answer.headers["Cache-Control"] == "no-store"
    fragment = assert_nothing_writes(answer, token)
    assert fragment.by_id("dice-game").attrs["hx-swap-oob"] == "true"
    assert fragment.by_id("total-0").text == ("600" if kind == "farkle" else "25")
    assert [p.attrs["hx-get"] for p in fragment.all(id="live")][-1] == watch_url(
        view, "/live?since=1"
    )
    assert fragment.all(id="turn-notice")[-1].has("hidden", "")


def test_the_view_pages_htmx_body_is_the_region_alone(app):
    _, cat, token, view = two_phones_on_a_game(app)

    response = cat.get(watch_url(view), headers=HTMX)

    fragment = assert_nothing_writes(response, token)
    assert fragment.by_id("dice-game") is not None
    assert "HX-Request" in response.headers.get("Vary", "")
