"""Hands saved with no network are kept on the phone and sent, once and in order, when it
returns; another phone's hand meanwhile brings the kept one back as a conflict.

A reload is tried both ways: online with the hands' posts failing as on a dead network (a
route that aborts them), and with no network at all, the page then coming from the service
worker's kept copy.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Locator, Page, Route, expect

from tests.e2e.playing import expect_totals, fill_hand, save_hand, start_match, watch_connection
from tests.e2e.test_app_on_a_phone import wait_for_worker, wait_until

pytestmark = [pytest.mark.e2e, pytest.mark.postgres_too]

SEEN = 5000
HANDS_POSTED = re.compile(r"/matches/[^/]+/hands$")
NewPage = Callable[..., Page]


def hand_1(page: Page) -> None:  # Us +310, Them +120
    fill_hand(page, "Ann", 300, "hearts", {"Us": 120, "Them": 60}, {"Us": 190})


def hand_2(page: Page) -> None:  # Us +90, Them -350
    fill_hand(page, "Bob", 350, "spades", {"Us": 40, "Them": 100}, {"Them": 200})


def hand_3(page: Page) -> None:  # Us +300, Them +100
    fill_hand(page, "Cat", 250, "diamonds", {"Us": 100, "Them": 50}, {"Us": 200})


def save_offline(page: Page) -> None:
    page.get_by_role("button", name="Save hand", exact=True).click()


def expect_three_hands_landed(page: Page, status: Locator) -> None:
    """Back online: hands 1 to 3 are in the ledger, in order, and nothing more."""
    expect(status).to_have_text("Online", timeout=SEEN)
    for number, bid in enumerate(("Ann bid 300", "Bob bid 350", "Cat bid 250"), start=1):
        expect(page.locator(f"#hand-{number} .row-bid")).to_contain_text(bid, timeout=SEEN)
    expect(page.locator("#hand-4")).to_have_count(0)
    expect_totals(page, 700, -130)


def test_hands_saved_offline_wait_then_land_once_and_in_order(new_page: NewPage) -> None:
    ann = new_page()
    start_match(ann)
    status, posts = watch_connection(ann)

    ann.context.set_offline(True)
    expect(status).to_contain_text("Offline")
    for number, typed in enumerate((hand_1, hand_2, hand_3), start=1):
        expect(ann.get_by_role("heading", name=f"Hand {number}")).to_be_visible()
        typed(ann)
        save_offline(ann)
        expect(status).to_contain_text(f"waiting to send: {number}")
    expect(status).to_contain_text("waiting to send: 3 (Hands 1–3)")
    expect(ann.get_by_role("heading", name="Hand 4")).to_be_visible()
    expect(ann.get_by_label("Bid", exact=True)).to_have_value("")
    assert [url for url in posts if HANDS_POSTED.search(urlsplit(url).path)] == []

    # A reload keeps them: the posts on load fail (dead network), and they stay kept.
    def dead(route: Route) -> None:
        route.abort("internetdisconnected")

    ann.route(HANDS_POSTED, dead)
    ann.context.set_offline(False)
    ann.reload()
    expect(status).to_contain_text("waiting to send: 3 (Hands 1–3)")
    expect(ann.locator("#hand-1")).to_have_count(0)
    ann.context.set_offline(True)
    expect(status).to_contain_text("Offline")
    expect(status).to_contain_text("waiting to send: 3")

    # Back online: all three land, once each, in the order they were saved.
    ann.unroute(HANDS_POSTED, dead)
    ann.context.set_offline(False)
    expect_three_hands_landed(ann, status)
    ann.reload()
    expect(ann.locator("ol.ledger > li")).to_have_count(3)
    expect(status).to_have_text("Online")


def test_hands_kept_offline_survive_a_reload_with_no_network_then_land_once_in_order(
    new_page: NewPage,
) -> None:
    ann = new_page()
    start_match(ann)
    wait_for_worker(ann)
    wait_until(
        ann, "async () => (await caches.match(location.href, { ignoreVary: true })) !== undefined"
    )
    status = ann.locator("#connection")
    posts: list[str] = []
    ann.on("request", lambda r: posts.append(r.url) if r.method == "POST" else None)

    ann.context.set_offline(True)
    for number, typed in enumerate((hand_1, hand_2, hand_3), start=1):
        expect(ann.get_by_role("heading", name=f"Hand {number}")).to_be_visible()
        typed(ann)
        save_offline(ann)
        expect(status).to_contain_text(f"waiting to send: {number}")

    ann.reload()  # still offline: the service worker's copy, and the phone's outbox

    assert ann.evaluate("navigator.onLine") is False
    expect(status).to_contain_text("Offline")
    expect(status).to_contain_text("waiting to send: 3 (Hands 1–3)")
    expect(ann.locator("#hand-1")).to_have_count(0)
    assert [url for url in posts if HANDS_POSTED.search(urlsplit(url).path)] == []

    ann.context.set_offline(False)

    expect_three_hands_landed(ann, status)
    assert len([url for url in posts if HANDS_POSTED.search(urlsplit(url).path)]) == 3
    ann.reload()
    expect(ann.locator("ol.ledger > li")).to_have_count(3)
    expect(status).to_have_text("Online")


def test_a_hand_kept_offline_comes_back_as_a_conflict_after_another_phones_save(
    new_page: NewPage,
) -> None:
    ann = new_page()
    start_match(ann)
    cat = new_page()
    cat.goto(urlsplit(ann.url).path)

    ann.context.set_offline(True)
    hand_2(ann)
    save_offline(ann)
    expect(ann.locator("#connection")).to_contain_text("waiting to send: 1 (Hand 1)")
    hand_1(cat)
    assert save_hand(cat, 1) == 303

    ann.context.set_offline(False)

    expect(ann.locator("#hand-error")).to_contain_text("hand 1 was saved", timeout=SEEN)
    expect(ann.locator("#conflict-choice")).to_be_visible()
    expect(ann.get_by_label("Bid", exact=True)).to_have_value("350")
    expect(ann.locator("#hand-1 .row-bid")).to_contain_text("Ann bid 300")
    expect(ann.locator("#hand-2")).to_have_count(0)
    expect(ann.locator("#connection")).to_have_text("Online")

    ann.locator("#conflict-choice").get_by_role("button", name="Save mine as hand 2").click()
    expect(ann.locator("#hand-2 .row-bid")).to_contain_text("Bob bid 350")
    expect_totals(ann, 400, -230)


def test_a_send_that_fails_as_the_network_comes_back_goes_again_by_itself(
    new_page: NewPage,
) -> None:
    """The phone is online again but the first send fails on the way (chromium's network
    changed, a connection reset): the kept hand goes again a moment later, with no tap."""
    ann = new_page()
    start_match(ann)
    status, _ = watch_connection(ann)
    ann.context.set_offline(True)
    expect(status).to_contain_text("Offline")
    hand_1(ann)
    save_offline(ann)
    expect(status).to_contain_text("waiting to send: 1")
    failed: list[str] = []

    def first_send_fails(route: Route) -> None:
        if failed:
            route.continue_()
        else:
            failed.append(route.request.url)
            route.abort("connectionreset")

    ann.route(HANDS_POSTED, first_send_fails)
    ann.context.set_offline(False)

    expect(ann.locator("#hand-1 .row-bid")).to_contain_text("Ann bid 300", timeout=SEEN)
    expect(status).to_have_text("Online", timeout=SEEN)
    expect(ann.locator("#hand-2")).to_have_count(0)
    assert len(failed) == 1
