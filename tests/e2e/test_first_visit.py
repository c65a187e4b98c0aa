"""A phone's first visit stays small: under 60 KB compressed, in at most 5 requests.

The home page and a match page with a few hands, each opened on a new phone (an empty
cache); bench/first_visit.py does the measuring, so the test and ``make bench`` count
the same bytes. The service worker's requests after the load event (keeping the bundles
and the page for offline use) count in the bytes but not in the page's 5 requests.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page

from bench.first_visit import MOST_BYTES, MOST_REQUESTS, Visit, first_visit
from tests.e2e.playing import TEAMS, fill_hand, save_hand, start_match

pytestmark = pytest.mark.e2e

# Partnership hands: bidder, bid, trump, meld (Us, Them), one side's tricks.
HANDS = [
    ("Ann", 300, "hearts", (120, 60), {"Us": 190}),
    ("Bob", 350, "spades", (40, 100), {"Them": 200}),
    ("Cat", 250, "diamonds", (80, 80), {"Us": 130}),
]
# The browser's names for HTML, CSS and JavaScript responses.
TEXT_RESOURCES = {"document", "stylesheet", "script"}


def play_a_few_hands(page: Page) -> str:
    """Start a partnership match from the site, save the hands above; the match's URL."""
    start_match(page)
    for number, (bidder, bid, trump, meld, tricks) in enumerate(HANDS, start=1):
        fill_hand(page, bidder, bid, trump, dict(zip(TEAMS, meld, strict=True)), tricks)
        save_hand(page, number)
    return page.url


def expect_within_budget(visit: Visit) -> None:
    """At most 5 requests, under 60 KB of bodies, and HTML, CSS and JS all compressed."""
    listing = f"first visit of {visit.url}:\n{visit.describe()}"
    assert visit.requests <= MOST_REQUESTS, listing
    assert visit.body_bytes < MOST_BYTES, listing
    uncompressed = [
        response.path
        for response in visit.fetched
        if response.resource_type in TEXT_RESOURCES and not response.encoding
    ]
    assert not uncompressed, f"sent uncompressed: {uncompressed}\n{listing}"


def test_first_visit_of_the_home_page_is_small(browser: Browser, live_server: str) -> None:
    """A new phone opening the home page."""
    expect_within_budget(first_visit(browser, f"{live_server}/"))


def test_first_visit_of_a_match_page_is_small(
    browser: Browser, live_server: str, page: Page
) -> None:
    """A new phone opening the link of a match three hands in."""
    match_url = play_a_few_hands(page)
    assert re.search(r"/matches/[^/]+$", match_url), match_url
    expect_within_budget(first_visit(browser, match_url))
