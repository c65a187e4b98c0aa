"""Offline that tells the truth, on a phone (touch, 390x844), tapped as a thumb taps.

A hand saved with no signal is in the ledger at once as waiting (its bid, bidder, meld and
tricks as typed; no verdict, no total), the form moves on to the next hand and the next
dealer, and both survive a reload with no network (the page from the service worker's
copy, the waiting hands from the phone's outbox). Back online the kept hands land once
each, in order, and the phone's own queue is never "another phone"; a real other phone's
save in between still brings the conflict choice.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import PHONE
from tests.e2e.playing import (
    SMALL_PHONE,
    choice,
    expect_totals,
    fill_hand,
    save_hand,
    start_match,
)
from tests.e2e.test_app_on_a_phone import wait_for_worker, wait_until
from tests.e2e.test_page_audit import serious_axe_violations
from tests.e2e.thumb import Thumb, in_view, tap

pytestmark = [pytest.mark.e2e, pytest.mark.postgres_too]

SEEN = 5000
HANDS_POSTED = re.compile(r"/matches/[^/]+/hands$")
NewPage = Callable[..., Page]
# (bidder, bid, trump, meld by side, tricks by side)
HAND_1 = ("Ann", 300, "hearts", {"Us": 120, "Them": 60}, {"Us": 190})  # Us +310, Them +120
HAND_2 = ("Bob", 350, "spades", {"Us": 40, "Them": 100}, {"Them": 200})  # Us +90, Them −350
HAND_3 = ("Cat", 250, "diamonds", {"Us": 100, "Them": 50}, {"Us": 200})  # Us +300, Them +100


def a_phone(new_page: NewPage, **options) -> Page:
    """A phone with a match started, its page kept by the service worker."""
    page = new_page(has_touch=True, **({"viewport": PHONE} | options))
    start_match(page)
    wait_for_worker(page)
    wait_until(
        page, "async () => (await caches.match(location.href, { ignoreVary: true })) !== undefined"
    )
    return page


def thumb_hand(thumb: Thumb, hand: tuple) -> None:
    """Enter a hand by touch and tap Save hand, as a player at the table would."""
    page = thumb.page
    bidder, bid, trump, meld, tricks = hand
    thumb.tap(choice(page, "bidder", bidder))
    thumb.type(page.get_by_label("Bid", exact=True), str(bid))
    thumb.tap(choice(page, "trump", trump))
    for side, points in meld.items():
        thumb.type(page.get_by_label(f"{side} meld", exact=True), str(points))
    for side, points in tricks.items():
        thumb.type(page.get_by_label(f"{side} tricks", exact=True), str(points))
    thumb.tap(page.get_by_role("button", name="Save hand", exact=True))


def expect_waiting(page: Page, number: int, words: list[str]) -> None:
    """Hand ``number`` is in the ledger as waiting, with what was typed and no verdict."""
    row = page.locator(f"#waiting-hand-{number}")
    for word in ["waiting to send", *words, "counted when back online"]:
        expect(row).to_contain_text(word)
    expect(row).not_to_contain_text(re.compile(r"\b(made|set)\b", re.IGNORECASE))


def expect_after_hand_1(page: Page) -> None:
    """Hand 1 waits in the ledger; the form is for hand 2, Bob's deal; totals say so."""
    expect_waiting(page, 1, ["Ann bid 300", "♥", "meld 120", "tricks 190", "meld 60"])
    expect(page.locator("#no-hands")).to_be_hidden()
    expect(page.locator("ol.ledger > li[id^='hand-']")).to_have_count(0)
    expect(page.get_by_role("heading", name="Hand 2", exact=True)).to_be_visible()
    expect(page.locator("#next-dealer")).to_have_text("Bob deals next")
    expect(page.locator("#version")).to_have_value("1")
    expect(page.locator("#scoreboard")).to_contain_text("counted when back online")
    expect_totals(page, 0, 0)


def expect_answered_where_the_thumb_is(page: Page, thumb: Thumb) -> None:
    """The hand took 7 taps and no swipe; what waits is said on screen, and the next hand's
    first control is focused and in view."""
    assert (thumb.taps, thumb.scrolls) == (7, 0), thumb.swiped_to
    # Said in the score bar (and in the connection line above it, when the hand fits under it).
    assert in_view(page, page.locator("#waiting-totals"))
    if page.viewport_size["height"] >= 844:
        assert in_view(page, page.locator("#connection"))
    first = choice(page, "bidder", "Ann")
    assert in_view(page, first)
    expect(page.locator("#bidder-0")).to_be_focused()


def hand_posts(posts: list[str]) -> list[str]:
    return [url for url in posts if HANDS_POSTED.search(urlsplit(url).path)]


@pytest.mark.parametrize("viewport", [PHONE, SMALL_PHONE], ids=["390x844", "360x640"])
def test_hands_saved_offline_show_as_waiting_survive_a_reload_and_land_as_two(
    new_page: NewPage, viewport
) -> None:
    ann = a_phone(new_page, viewport=viewport)
    status = ann.locator("#connection")
    posts: list[str] = []
    ann.on("request", lambda r: posts.append(r.url) if r.method == "POST" else None)
    expect(ann.locator("#next-dealer")).to_have_text("Ann deals next")
    thumb = Thumb(ann)

    ann.context.set_offline(True)
    thumb_hand(thumb, HAND_1)

    expect(status).to_contain_text("waiting to send: 1 (Hand 1)")
    expect_after_hand_1(ann)
    expect_answered_where_the_thumb_is(ann, thumb)

    ann.reload()  # no network: the worker's copy of the page, the phone's outbox

    assert ann.evaluate("navigator.onLine") is False
    expect(status).to_contain_text("waiting to send: 1 (Hand 1)")
    expect_after_hand_1(ann)

    thumb = Thumb(ann)
    thumb_hand(thumb, HAND_2)

    expect(status).to_contain_text("waiting to send: 2 (Hands 1–2)")
    expect_answered_where_the_thumb_is(ann, thumb)
    expect_waiting(ann, 2, ["Bob bid 350", "♠", "meld 40", "meld 100", "tricks 200"])
    expect(ann.locator("#waiting-hands > li")).to_have_count(2)
    # Newest first, as the ledger is.
    expect(ann.locator("#waiting-hands .row-number")).to_have_text(["2", "1"])
    expect(ann.get_by_role("heading", name="Hand 3", exact=True)).to_be_visible()
    expect(ann.locator("#next-dealer")).to_have_text("Cat deals next")
    assert hand_posts(posts) == []

    ann.context.set_offline(False)

    expect(status).to_have_text("Online", timeout=SEEN)
    expect(ann.locator("#hand-1 .row-bid")).to_contain_text("Ann bid 300", timeout=SEEN)
    expect(ann.locator("#hand-2 .row-bid")).to_contain_text("Bob bid 350", timeout=SEEN)
    expect(ann.locator("#hand-3")).to_have_count(0)
    expect_totals(ann, 400, -230)
    expect(ann.locator("#waiting-hands")).to_have_count(0)
    expect(ann.locator("#scoreboard")).not_to_contain_text("counted when back online")
    expect(ann.locator("#conflict-choice")).to_have_count(0)
    expect(ann.locator("body")).not_to_contain_text("another phone", ignore_case=True)
    expect(ann.get_by_role("heading", name="Hand 3", exact=True)).to_be_visible()
    expect(ann.locator("#next-dealer")).to_have_text("Cat deals next")
    assert len(hand_posts(posts)) == 2  # each kept hand sent once

    ann.reload()
    expect(ann.locator("ol.ledger > li")).to_have_count(2)
    expect_totals(ann, 400, -230)


def test_another_phones_save_meanwhile_still_brings_the_conflict_choice(
    new_page: NewPage,
) -> None:
    ann = a_phone(new_page)
    cat = new_page(has_touch=True)
    cat.goto(urlsplit(ann.url).path)
    posts: list[str] = []
    ann.on("request", lambda r: posts.append(r.url) if r.method == "POST" else None)

    ann.context.set_offline(True)
    thumb_hand(Thumb(ann), HAND_2)
    expect(ann.locator("#connection")).to_contain_text("waiting to send: 1 (Hand 1)")
    ann.reload()  # the phone's own queue, drawn again from the outbox
    expect_waiting(ann, 1, ["Bob bid 350"])
    thumb_hand(Thumb(ann), HAND_3)
    expect(ann.locator("#connection")).to_contain_text("waiting to send: 2 (Hands 1–2)")

    fill_hand(cat, *HAND_1)
    assert save_hand(cat, 1) == 303  # a real other phone saves hand 1 first

    ann.context.set_offline(False)

    # Ann's first kept hand meets Cat's: the choice, with her hand as typed.
    expect(ann.locator("#hand-error")).to_contain_text("hand 1 was saved", timeout=SEEN)
    expect(ann.locator("#conflict-choice")).to_be_visible()
    expect(ann.get_by_label("Bid", exact=True)).to_have_value("350")
    expect(ann.locator("#hand-1 .row-bid")).to_contain_text("Ann bid 300")
    # Her second waits for her choice, to land after whatever she saves.
    expect(ann.locator("#waiting-hands > li")).to_have_count(1)
    expect_waiting(ann, 3, ["Cat bid 250"])
    assert len(hand_posts(posts)) == 1

    thumb = Thumb(ann)
    thumb.tap(ann.locator("#conflict-choice").get_by_role("button", name="Save mine as hand 2"))

    expect(ann.locator("#hand-2 .row-bid")).to_contain_text("Bob bid 350")
    expect(ann.locator("#hand-3 .row-bid")).to_contain_text("Cat bid 250", timeout=SEEN)
    expect(ann.locator("#hand-4")).to_have_count(0)
    expect_totals(ann, 700, -130)
    expect(ann.locator("#conflict-choice")).to_have_count(0)
    expect(ann.locator("#hand-notice")).to_be_hidden()
    expect(ann.locator("#connection")).to_have_text("Online")
    expect(ann.get_by_role("heading", name="Hand 4", exact=True)).to_be_visible()
    assert len(hand_posts(posts)) == 3  # hand 2 sent twice (kept, then chosen), hand 3 once


def test_a_nines_redeal_kept_offline_keeps_the_dealer_as_the_server_says(
    new_page: NewPage,
) -> None:
    ann = new_page(has_touch=True, viewport={"width": 390, "height": 844})
    start_match(ann, game="partnership-small")
    expect(ann.locator("#scoreboard")).to_have_attribute("data-deal-stays", "redeal")
    thumb = Thumb(ann)

    ann.context.set_offline(True)
    thumb.tap(ann.locator("details.rare-outcomes > summary"))
    thumb.tap(ann.get_by_role("button", name=re.compile(r"^Nines redeal")))

    expect(ann.locator("#connection")).to_contain_text("waiting to send: 1 (Hand 1)")
    expect_waiting(ann, 1, ["Nines redeal"])
    expect(ann.get_by_role("heading", name="Hand 2", exact=True)).to_be_visible()
    expect(ann.locator("#next-dealer")).to_have_text("Ann deals next")  # the same dealer

    thumb_hand(thumb, ("Ann", 20, "hearts", {"Us": 12, "Them": 6}, {"Us": 19}))

    expect_waiting(ann, 2, ["Ann bid 20", "meld 12", "tricks 19"])
    expect(ann.locator("#next-dealer")).to_have_text("Bob deals next")

    ann.context.set_offline(False)

    expect(ann.locator("#hand-2 .row-bid")).to_contain_text("Ann bid 20", timeout=SEEN)
    expect(ann.locator("#hand-1 .row-bid")).to_contain_text("Nines redeal")
    expect(ann.locator("#waiting-hands")).to_have_count(0)
    expect(ann.locator("#next-dealer")).to_have_text("Bob deals next")  # the server agrees
    expect(ann.get_by_role("heading", name="Hand 3", exact=True)).to_be_visible()
    expect(ann.locator("body")).not_to_contain_text("another phone", ignore_case=True)


@pytest.mark.parametrize(
    ("viewport", "scheme"), [(PHONE, "light"), (SMALL_PHONE, "dark")], ids=["390-light", "360-dark"]
)
def test_waiting_hands_read_well_and_fit_the_phone(
    new_page: NewPage, viewport: dict, scheme: str
) -> None:
    ann = a_phone(new_page, viewport=viewport, color_scheme=scheme)
    ann.context.set_offline(True)
    for number, hand in enumerate((HAND_1, HAND_2), start=1):
        fill_hand(ann, *hand)
        tap(ann, ann.get_by_role("button", name="Save hand", exact=True))
        expect(ann.locator("#connection")).to_contain_text(f"waiting to send: {number}")
    ann.reload()
    expect(ann.locator("#waiting-hands > li")).to_have_count(2)

    assert ann.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    assert serious_axe_violations(ann) == []
    # The score bar's note is one line, and the bar stays clear of the next hand's heading.
    note = ann.locator("#waiting-totals").bounding_box()
    assert note is not None and note["height"] < 25, note
