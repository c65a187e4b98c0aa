"""A save the server cannot store just now (503, its disk full) is kept on the phone, said
in the server's own sentence beside what waits, and sent again when the server's
Retry-After says, with no reload and no tap: it lands once. Tapped as a thumb taps.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from urllib.parse import urlsplit

import pytest
from flask import Flask
from playwright.sync_api import Page, Route, expect

from scorekeeper import faults
from scorekeeper.extensions import db
from scorekeeper.models import Hand, Match
from tests.e2e.playing import expect_totals
from tests.e2e.test_offline_truth import HAND_1, a_phone, expect_waiting, thumb_hand
from tests.e2e.thumb import Thumb

pytestmark = pytest.mark.e2e

SEEN = 5000
HANDS_POSTED = re.compile(r"/matches/[^/]+/hands$")
NewPage = Callable[..., Page]
# What the site says for a full disk to the page's own script (scorekeeper/faults.py).
DISK_FULL = f"The scores could not be saved: {faults.DISK_FULL.what}. {faults.KEPT}"


# Notes, in the page, the moment (performance.now(), ms) each hand is posted, by fetch or
# by htmx's XMLHttpRequest alike.
SENDS_NOTED = """() => {
  window.handsSent = [];
  const hands = /\\/matches\\/[^/]+\\/hands$/;
  const note = (method, url) => {
    const path = new URL(String(url), location.href).pathname;
    if (String(method).toUpperCase() === "POST" && hands.test(path)) {
      window.handsSent.push(performance.now());
    }
  };
  const fetched = window.fetch;
  window.fetch = function (input, init) {
    note((init && init.method) || (input && input.method) || "GET", (input && input.url) || input);
    return fetched.apply(this, arguments);
  };
  const open = XMLHttpRequest.prototype.open;
  XMLHttpRequest.prototype.open = function (method, url) {
    note(method, url);
    return open.apply(this, arguments);
  };
}"""


def error_page(sentence: str) -> str:
    """The site's error page as errors/error.html draws it: a heading and its sentence."""
    return f"<!doctype html><main><h1>Service Unavailable</h1><p>{sentence}</p></main>"


def stored_hands(site: Flask, token: str) -> int:
    with site.app_context():
        match = db.session.scalar(db.select(Match).where(Match.edit_token == token))
        count = db.select(db.func.count()).select_from(Hand).where(Hand.match_id == match.id)
        return db.session.scalar(count)


def test_a_hand_answered_503_waits_with_the_sentence_then_lands_once(
    new_page: NewPage, live_site: Flask
) -> None:
    ann = a_phone(new_page)
    token = urlsplit(ann.url).path.rsplit("/", 1)[1]
    status = ann.locator("#connection")
    # When the page sends each hand, by the page's own clock: a "request" event reaches
    # this thread only when it next calls the browser, late on a busy machine.
    ann.evaluate(SENDS_NOTED)

    def disk_full(route: Route) -> None:
        # The page says the save is one its queue keeps: the server's sentence can promise so.
        assert route.request.headers.get("x-kept-on-phone") == "1"
        route.fulfill(
            status=503,
            headers={"Retry-After": "1", "Cache-Control": "no-store"},
            content_type="text/html; charset=utf-8",
            body=error_page(DISK_FULL),
        )

    # The first save meets a full disk; the page's own second try is held on its way to
    # the server until what waits has been read (on a busy machine the reading can take
    # longer than the second the server asked for), then goes on to the server.
    retried: list[Route] = []
    ann.route(HANDS_POSTED, lambda route: retried.append(route), times=1)
    ann.route(HANDS_POSTED, disk_full, times=1)
    thumb_hand(Thumb(ann), HAND_1)

    expect(status).to_contain_text("waiting to send: 1 (Hand 1)")
    expect(status).to_contain_text(DISK_FULL)
    expect_waiting(ann, 1, ["Ann bid 300", "♥", "meld 120", "tricks 190", "meld 60"])
    expect(ann.get_by_role("heading", name="Hand 2", exact=True)).to_be_visible()
    assert stored_hands(live_site, token) == 0

    # Sent again by itself once the second of Retry-After is over: no reload, no tap.
    ann.wait_for_timeout(100)
    deadline = time.monotonic() + SEEN / 1000
    while not retried and time.monotonic() < deadline:
        ann.wait_for_timeout(100)
    assert retried, "the page sent the hand again by itself"
    retried[0].continue_()
    expect(ann.locator("#hand-1 .row-bid")).to_contain_text("Ann bid 300", timeout=SEEN)
    expect(ann.locator("#waiting-hands")).to_have_count(0)
    expect(status).to_have_text("Online")
    expect_totals(ann, 310, 120)
    sent = ann.evaluate("window.handsSent")
    assert len(sent) == 2
    assert sent[1] - sent[0] >= 900  # ms: not before the server said
    assert stored_hands(live_site, token) == 1
    ann.reload()
    expect(ann.locator("ol.ledger > li")).to_have_count(1)
