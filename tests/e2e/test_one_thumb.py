"""One thumb at the table, at 390x844 (and 360x640): the common path of a hand fits the
screen, every Save is answered where the thumb is, Enter never picks a rare outcome, Back
after Start does not start the match twice, and Share offers the links."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Locator, Page, expect

from scorekeeper.rules import PRESETS
from tests.e2e.playing import (
    SMALL_PHONE,
    edit_link,
    expect_totals,
    fill_hand,
    open_page,
    save_hand,
    start_match,
)
from tests.e2e.thumb import tap

pytestmark = pytest.mark.e2e

NewPage = Callable[..., Page]


def in_viewport(page: Page, element: Locator) -> bool:
    """Is the whole element on screen, below the score bar when it is not the bar itself?"""
    box = element.bounding_box()
    assert box is not None, element
    height = page.viewport_size["height"]
    return box["y"] >= 0 and box["y"] + box["height"] <= height


def test_the_common_path_of_a_hand_fits_one_screen(page: Page) -> None:
    start_match(page)

    # The match opens at its first hand, right under the score bar.
    heading = page.get_by_role("heading", name="Hand 1").bounding_box()
    bar = page.locator(".scorebar").bounding_box()
    assert 0 <= heading["y"] - (bar["y"] + bar["height"]) < 16
    for part in ("#bidder-group", "#bid", "#trump-group", "#meld-group", "#tricks-group"):
        assert in_viewport(page, page.locator(part)), part
    save = page.get_by_role("button", name="Save hand", exact=True)
    assert in_viewport(page, save)
    assert in_viewport(page, page.locator(".scorebar"))
    expect(page.locator(".scorebar .side-players")).to_have_text(["Ann & Cat", "Bob & Dan"])


def test_the_score_bar_stays_on_screen_while_the_ledger_is_read(page: Page) -> None:
    start_match(page)
    for number in range(1, 4):
        fill_hand(page, "Ann", 250, "spades", {"Us": 100, "Them": 50}, {"Us": 150})
        assert save_hand(page, number) == 303

    page.locator("#ledger-section").scroll_into_view_if_needed()
    page.mouse.wheel(0, 2000)

    assert page.evaluate("window.scrollY") > 300
    assert in_viewport(page, page.locator(".scorebar"))
    expect_totals(page, 750, 450)


def test_a_good_save_shows_the_totals_and_what_was_saved_with_undo(page: Page) -> None:
    start_match(page)
    fill_hand(page, "Ann", 300, "hearts", {"Us": 140, "Them": 60}, {"Us": 170})

    assert save_hand(page, 1) == 303

    note = page.locator("#note")
    # Under a loaded machine the redirected page can take longer than expect's 5 s.
    expect(note).to_contain_text("Hand 1 saved. Us made 300 with 310; Them +140.", timeout=15_000)
    assert in_viewport(page, note)
    assert in_viewport(page, page.locator("#total-0"))
    expect_totals(page, 310, 140)
    undo = note.get_by_role("button", name="Undo: save hand 1")
    assert in_viewport(page, undo)

    tap(page, undo)

    expect(page.locator("#note")).to_contain_text("Undone: save hand 1.")
    expect_totals(page, 0, 0)
    expect(page.locator("ol.ledger > li")).to_have_count(0)


@pytest.mark.parametrize("viewport", [None, SMALL_PHONE], ids=["390x844", "360x640"])
def test_a_refused_save_puts_the_thumb_on_the_field_and_says_why_beside_save(
    new_page: NewPage, viewport
) -> None:
    page = new_page(**({"viewport": viewport} if viewport else {}))
    start_match(page)
    fill_hand(page, "Ann", 255, "spades", {"Us": 140, "Them": 60}, {"Us": 170})
    # The preview warns first; the warning stays after the refused Save.
    expect(page.locator("#preview")).to_contain_text("255")

    assert save_hand(page) == 422

    bid = page.get_by_label("Bid", exact=True)
    expect(bid).to_be_focused()
    message = page.locator("#bid-error")
    expect(message).to_contain_text("255 is not a multiple of 10")
    assert in_viewport(page, bid) and in_viewport(page, message)
    expect(page.locator("#save-error")).to_have_text(
        "Not saved. Bid 255 is not a multiple of 10; enter 250 or 260."
    )
    expect(page.locator("#preview")).to_contain_text("255")


def test_save_shows_it_is_busy_on_a_slow_line(page: Page) -> None:
    start_match(page)
    fill_hand(page, "Ann", 300, "hearts", {"Us": 140, "Them": 60}, {"Us": 170})
    page.route(
        re.compile(r".*/hands$"),
        lambda route: (page.wait_for_timeout(800), route.continue_()),
    )
    save = page.get_by_role("button", name="Save hand", exact=True)

    tap(page, save)

    expect(save).to_have_attribute("aria-busy", "true")
    expect(page.locator("#note")).to_contain_text("Hand 1 saved", timeout=5000)


@pytest.mark.parametrize("field", ["Us meld", "Them meld", "Bid"])
def test_enter_never_records_a_throw_in(page: Page, field: str) -> None:
    start_match(page)
    # Bid 330 with 60 meld: a throw-in is allowed, and the preview offers it.
    fill_hand(page, "Ann", 330, "spades", {"Us": 60, "Them": 100})
    throw_in = page.locator("#preview").get_by_role("button", name=re.compile("Throw in"))
    expect(throw_in).to_be_visible()

    page.get_by_label(field, exact=True).press("Enter")

    # Enter pressed Save: no tricks yet, so it is refused, never thrown in.
    expect(page.locator("#save-error")).to_contain_text("Not saved")
    expect(page.locator("ol.ledger > li")).to_have_count(0)


def test_a_common_bid_is_one_tap(page: Page) -> None:
    start_match(page)
    tap(page, page.locator(".quick-bids").get_by_role("button", name="350"))
    expect(page.get_by_label("Bid", exact=True)).to_have_value("350")
    tap(page, page.get_by_role("button", name="Bid 10 more"))
    expect(page.get_by_label("Bid", exact=True)).to_have_value("360")


def test_back_after_start_does_not_start_the_match_twice(page: Page) -> None:
    start_match(page)
    match_url = page.url

    page.go_back()
    page.wait_for_load_state("load")

    player_1 = page.get_by_label(re.compile(r"^Player 1\b"))
    if player_1.input_value() == "Ann":
        # The browser showed the page as it was left (kept in memory): the same form's
        # Start opens the match it started.
        open_page(page, page.get_by_role("button", name="Start the match"))
        assert page.url == match_url
    else:
        # Asked again: a fresh form, and a word about the match just started.
        notice = page.get_by_role("status").filter(has_text="You started a match a moment ago")
        expect(notice).to_be_visible()
        expect(player_1).to_have_value("")
        open_page(page, notice.get_by_role("link", name="Open it"))
        assert page.url == match_url
    page.goto("/")
    expect(page.locator(".match-list li")).to_have_count(1)


def test_share_copies_the_link_where_the_phone_has_no_share_sheet(new_page: NewPage) -> None:
    page = new_page(permissions=["clipboard-read", "clipboard-write"])
    page.add_init_script("delete Navigator.prototype.share")
    start_match(page)

    share = page.locator("#share")
    tap(page, share.locator("summary"))
    copy = share.get_by_role("button", name=re.compile("the view link$"))
    tap(page, copy)

    expect(share.locator(".share-said")).to_have_text("Link copied: paste it into a message.")
    copied = page.evaluate("navigator.clipboard.readText()")
    assert re.fullmatch(r"http://127\.0\.0\.1:\d+/matches/watch/[A-Za-z0-9_-]+", copied)
    expect(share.get_by_role("img", name="QR code of the view link")).to_be_visible()


def test_rare_outcomes_are_folded_away_from_save(new_page: NewPage) -> None:
    page = new_page()
    start_match(page, game="double-deck", players=("Ann", "Bob", "Cat", "Dan"))
    forfeit = page.get_by_role("button", name=re.compile("^Forfeit"))
    expect(forfeit).to_be_hidden()

    tap(page, page.locator(".rare-outcomes > summary"))

    expect(forfeit).to_be_visible()
    expect(forfeit).to_have_text("Forfeit: no marriage in trump, the bidder loses the bid")


def test_three_handed_fills_the_third_players_tricks_from_the_other_two(page: Page) -> None:
    start_match(page, players=("Ann", "Bob", "Cat"), teams=(), game="three-handed")
    total = PRESETS["three-handed"].trick_total

    page.get_by_label("Ann tricks", exact=True).fill("100")
    expect(page.get_by_label("Cat tricks", exact=True)).to_have_value("")
    page.get_by_label("Bob tricks", exact=True).fill("40")

    expect(page.get_by_label("Cat tricks", exact=True)).to_have_value(str(total - 140))
    page.get_by_label("Bob tricks", exact=True).fill("50")  # a correction moves it on
    expect(page.get_by_label("Cat tricks", exact=True)).to_have_value(str(total - 150))


def test_delete_asks_first_then_says_what_it_deleted_with_undo(page: Page) -> None:
    start_match(page)
    for number in (1, 2):
        fill_hand(page, "Ann", 250, "spades", {"Us": 100, "Them": 50}, {"Us": 150})
        assert save_hand(page, number) == 303
    open_page(page, edit_link(page, 1))
    expect(page.get_by_role("heading", name="Edit hand 1")).to_be_visible()
    yes = page.get_by_role("button", name="Yes, delete hand 1")
    expect(yes).to_be_hidden()

    tap(page, page.locator("details.delete-hand > summary"))
    expect(page.locator("details.delete-hand")).to_contain_text("every total after it")
    open_page(page, yes)

    note = page.locator("#note")
    expect(note).to_contain_text("Hand 1 deleted.")
    assert in_viewport(page, note)
    expect(page.locator("ol.ledger > li")).to_have_count(1)
    tap(page, note.get_by_role("button", name="Undo: delete hand 1"))
    expect(page.locator("#note")).to_contain_text("Undone: delete hand 1.")
    expect(page.locator("ol.ledger > li")).to_have_count(2)
    expect_totals(page, 500, 300)
