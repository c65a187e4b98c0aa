"""A Yahtzee game followed on a second phone through its view link (issue 15).

Ann starts the game and shares its view link from the Share button (copied: this phone
has no share sheet); Cat opens it on a phone of her own. Each of Ann's turns reaches Cat's
page within a few seconds from its poll, without a reload, and Cat's page has no way to
enter, correct or undo a turn: no form, no field, no correction link, and a post made
with her link is refused.

The arithmetic: Ann scores 3 3 3 5 5 in Full house (25); Bob 1 2 3 4 5 in Large straight
(40).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.playing import expect_totals, start_dice_game, tap_and_answer

pytestmark = pytest.mark.e2e

SEEN = 5000  # ms: a turn must reach the watching phone within this (the poll is every 2 s)
NewPage = Callable[..., Page]


def copy_view_link(page: Page) -> str:
    """Open Share and tap "Copy the view link"; the address copied."""
    share = page.locator("#share")
    share.locator("summary").click()
    expect(share.get_by_role("img", name="QR code of the view link")).to_be_visible()
    expect(share.get_by_role("img", name="QR code of the edit link")).to_be_visible()
    share.get_by_role("button", name="Copy the view link").click()
    expect(share.locator(".share-said")).to_have_text("Link copied: paste it into a message.")
    return page.evaluate("navigator.clipboard.readText()")


def score(page: Page, dice: str, box: str) -> None:
    """Type five dice and tap the box that scores them; the turn is entered (303)."""
    page.get_by_label("Dice", exact=True).fill(dice)
    button = page.locator(".box-picker").get_by_role("button", name=box, exact=True)
    assert tap_and_answer(page, button, "/turns") == 303


def expect_nothing_to_write(page: Page, edit_token: str) -> None:
    """No form but the language switch, no field of the game, no correction link, and no
    link holding the edit token (the phone's own "Keep the screen on" switch is all the
    page asks)."""
    expect(page.locator("form:not([action='/language'])")).to_have_count(0)
    game = page.locator("#dice-game")
    fields = "input:not([data-keep-awake] input), textarea, select, button[type=submit]"
    expect(game.locator(fields)).to_have_count(0)
    expect(game.locator("[data-keep-awake] input")).to_have_count(1)
    expect(page.locator("a.edit-link, a.held")).to_have_count(0)
    expect(page.get_by_role("button", name=re.compile("Undo|Play again|Score"))).to_have_count(0)
    assert edit_token not in page.content()


def test_a_yahtzee_game_is_followed_live_through_its_view_link_which_cannot_write(
    new_page: NewPage, live_server: str
) -> None:
    ann = new_page(permissions=["clipboard-read", "clipboard-write"])
    ann.add_init_script("delete Navigator.prototype.share")
    edit_token = urlsplit(start_dice_game(ann, ["Ann", "Bob"])).path.rsplit("/", 1)[-1]
    link = copy_view_link(ann)
    assert re.fullmatch(rf"{re.escape(live_server)}/dice/watch/[A-Za-z0-9_-]{{22,}}", link)

    cat = new_page()
    cat.goto(link)
    cat.wait_for_load_state("load")
    expect(cat.locator(".scoreboard .side-name")).to_have_text(["Ann", "Bob"])
    expect(cat.locator(".match-facts")).to_contain_text("view only")
    expect_nothing_to_write(cat, edit_token)
    # Cat's Share button hands out her own link only, with its QR code.
    cat.locator("#share summary").click()
    view = urlsplit(link).path
    expect(cat.locator("#share .share-url")).to_have_text([view])
    expect(
        cat.locator("#share").get_by_role("img", name="QR code of the view link")
    ).to_be_visible()
    cat.evaluate("() => { window.sameDocument = true; }")

    score(ann, "33355", "Score 25 in Full house")

    expect_totals(cat, 25, 0, timeout=SEEN)
    expect(cat.locator("#card-0 tr[data-box='full_house'] td")).to_have_text("25")
    score(ann, "12345", "Score 40 in Large straight")
    expect_totals(cat, 25, 40, timeout=SEEN)
    expect(cat.locator("#player-1 .turn-list li")).to_have_text(
        ["Turn 1: 1 2 3 4 5 in Large straight: 40"]
    )
    assert cat.evaluate("() => window.sameDocument === true"), "the view page was reloaded"
    expect(cat.locator("#share")).to_have_attribute("open", "")
    expect_nothing_to_write(cat, edit_token)

    # A post made with the view link is refused, even one sent as a form would send it with
    # this phone's own CSRF token (from a page that has a form: the new-game page).
    other_tab = cat.context.new_page()
    other_tab.goto("/dice/new")
    csrf = other_tab.locator("input[name=csrf_token]").first.get_attribute("value")
    other_tab.close()
    turn = {"dice": "66666", "slot": "yahtzee", "version": "2", "number": "3", "csrf_token": csrf}
    assert cat.request.post(f"{link}/turns", form=turn).status == 403
    assert cat.request.post(link.replace("/watch/", "/") + "/turns", form=turn).status == 404
    assert (
        cat.request.post(
            f"{live_server}{view}/undo", form={"version": "2", "csrf_token": csrf}
        ).status
        == 403
    )
    ann.reload()
    expect_totals(ann, 25, 40)
    expect(ann.locator("#turn-title")).to_have_text("Ann's turn")
