"""Several phones at one table, each a browser context of its own (issue 6).

Ann starts the match and enters hands; the view link is open on a phone that only watches;
Cat holds the edit link on a third phone and types the next hand while Ann saves hers.
Each phone learns of the others' hands from its poll (every 2 s, an empty 204 while the
match is unchanged), without a reload.

The partnership arithmetic (RULES.md), the same hands in both tests:
- hand 1: Ann (Us) bids 300 in hearts, meld Us 120 / Them 60, Us take 190 of 250 trick
  points: Us 120 + 190 = 310 made, +310; Them 60 + 60 = +120. Totals 310 / 120.
- hand 2: Bob (Them) bids 350 in spades, meld Us 40 / Them 100, Them take 200: 300 < 350,
  Them set, -350; Us 40 + 50 = +90. Totals 400 / -230.
- hand 1 corrected to Us 200 tricks (Them 50): Us 320, Them 110; totals 320 / 110 after
  hand 1 and 410 / -240 after hand 2.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import Page, Response, Route, expect

from tests.e2e.playing import (
    choice,
    edit_link,
    expect_totals,
    fill_hand,
    save_hand,
    shown,
    start_match,
    tap_and_answer,
)

pytestmark = [pytest.mark.e2e, pytest.mark.postgres_too]

SEEN = 5000  # ms: a change must reach the other phones within this (the poll is every 2 s)
NewPage = Callable[..., Page]


# ------------------------------------------------------------------ playing the site


def view_link(page: Page) -> str:
    """The view-only link from the match page's share section."""
    # In the folded "Share this match" section: read, not tapped.
    href = page.locator(".share a[href^='/matches/watch/']").first.get_attribute("href")
    assert href and href.startswith("/matches/watch/"), href
    return href


def open_link(page: Page, link: str) -> None:
    page.goto(link)
    page.wait_for_load_state("load")
    expect(page.locator("#scoreboard")).to_be_visible()


def type_hand_1(page: Page) -> None:
    fill_hand(page, "Ann", 300, "hearts", {"Us": 120, "Them": 60}, {"Us": 190})


def type_hand_2(page: Page) -> None:
    fill_hand(page, "Bob", 350, "spades", {"Us": 40, "Them": 100}, {"Them": 200})


def expect_hand_2_typed(page: Page) -> None:
    """Hand 2 as typed on this phone is still in its form, every field of it."""
    expect(choice(page, "bidder", "Bob").locator("input")).to_be_checked()
    expect(choice(page, "trump", "spades").locator("input")).to_be_checked()
    expect(page.get_by_label("Bid", exact=True)).to_have_value("350")
    expect(page.get_by_label("Us meld", exact=True)).to_have_value("40")
    expect(page.get_by_label("Them meld", exact=True)).to_have_value("100")
    expect(page.get_by_label("Us tricks", exact=True)).to_have_value("50")
    expect(page.get_by_label("Them tricks", exact=True)).to_have_value("200")


def expect_ledger_row(
    page: Page, number: int, points: tuple[int, int], totals: tuple[int, int]
) -> None:
    """A hand's card in the ledger: the points it scored and the running totals."""

    def cells(row: str):
        return (
            page.locator(f"#hand-{number} table.row-sides tr")
            .filter(has=page.locator("th", has_text=re.compile(rf"^{row}$")))
            .locator("td")
        )

    expect(cells("Points")).to_have_text([shown(p) for p in points], timeout=SEEN)
    expect(cells("Total")).to_have_text([shown(t) for t in totals], timeout=SEEN)


def mark_document(page: Page) -> None:
    """Leave a mark in the page's window: a reload or a navigation would wipe it."""
    page.evaluate("() => { window.sameDocument = true; }")


def expect_not_reloaded(page: Page) -> None:
    assert page.evaluate("() => window.sameDocument === true"), f"{page.url} was reloaded"


# ------------------------------------------------------------------ watching the polls


@dataclass
class Poll:
    at: float
    since: int
    status: int


@dataclass
class Polls:
    """Every answer to a phone's live poll: when, the version it asked about, the status."""

    page: Page
    seen: list[Poll] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.page.on("response", self._record)

    def _record(self, response: Response) -> None:
        url = urlsplit(response.url)
        if url.path.endswith("/live"):
            since = int(parse_qs(url.query)["since"][0])
            self.seen.append(Poll(time.monotonic(), since, response.status))

    def wait_for(self, count: int, timeout: float = 3 * 2500) -> list[Poll]:
        """The next ``count`` answers to come in (bounded in time)."""
        start = len(self.seen)
        deadline = time.monotonic() + timeout / 1000
        while len(self.seen) < start + count:
            assert time.monotonic() < deadline, f"{len(self.seen) - start} polls of {count}"
            self.page.wait_for_timeout(100)
        return self.seen[start : start + count]

    def check(self, final_version: int, left_by_saving: tuple[int, ...] = ()) -> None:
        """While a phone's version is current its polls are 204s; one 200 brings each change.

        For every version a phone asked about: only 204s, then (if the match moved on while
        the phone held it) exactly one 200 that carried the news, and no poll after it. A
        version the phone left by saving a hand itself (its page was redrawn by the save)
        needs no 200, though one poll sent while its own save was on its way may bring it
        (the save had landed; twice a second, that poll is no rarity).
        """
        assert self.seen, "no poll at all"
        by_version: dict[int, list[int]] = {}
        for poll in self.seen:
            by_version.setdefault(poll.since, []).append(poll.status)
        for since, statuses in by_version.items():
            if since == final_version:
                assert set(statuses) == {204}, (since, statuses)
            elif since in left_by_saving:
                assert set(statuses[:-1]) <= {204} and statuses[-1] in (200, 204), statuses
            else:
                assert since < final_version, (since, statuses)
                assert statuses[-1] == 200, (since, statuses)
                assert set(statuses[:-1]) <= {204}, (since, statuses)
        versions = [poll.since for poll in self.seen]
        assert versions == sorted(versions), f"a poll asked about an older version: {versions}"
        assert versions[-1] == final_version, versions


# ----------------------------------------------------------------------------------- tests


def test_hands_and_edits_reach_the_other_phones_without_reload(new_page: NewPage) -> None:
    """Ann's hand shows on the watching phone and on Cat's, whose typed hand survives it.

    Cat's form keeps the version it was drawn at and shows what Ann saved; Cat saves hers
    as hand 2 from that notice, and Ann's correction
    of hand 1 shows on both other phones. Between changes every poll is an empty 204.
    """
    ann = new_page()
    start_match(ann)
    edit_address = urlsplit(ann.url).path
    watcher, cat = new_page(), new_page()
    open_link(watcher, view_link(ann))
    expect(watcher.locator(".match-facts")).to_contain_text("view only")
    expect(watcher.locator("form.hand-form")).to_have_count(0)
    open_link(cat, edit_address)
    watcher_polls, cat_polls = Polls(watcher), Polls(cat)
    for phone in (watcher, cat):
        mark_document(phone)

    # Nothing has changed: the polls are empty 204s.
    assert [poll.status for poll in watcher_polls.wait_for(2)] == [204, 204]
    assert [poll.status for poll in cat_polls.wait_for(1)] == [204]

    # Cat types hand 2 (her guess at what comes next) but does not save yet.
    type_hand_2(cat)
    expect(cat.locator("#version")).to_have_value("0")

    type_hand_1(ann)
    assert save_hand(ann) == 303
    expect(ann.locator("#hand-1")).to_be_visible()
    saved_at = time.monotonic()
    expect_totals(ann, 310, 120)

    expect_totals(watcher, 310, 120)
    seen_after = time.monotonic() - saved_at
    expect_ledger_row(watcher, 1, (310, 120), (310, 120))
    expect(watcher.locator("#hand-1")).to_contain_text("Ann bid 300")
    expect(watcher.locator("#hand-1 .edit-link")).to_have_count(0)
    expect_totals(cat, 310, 120)
    expect_ledger_row(cat, 1, (310, 120), (310, 120))
    # Cat's typed hand is not re-targeted: it keeps its heading and version, and a notice
    # says what Ann saved, with the choice of what Cat's hand is.
    expect(cat.locator("#hand-notice")).to_contain_text(
        "Another phone saved hand 1: Us made 300 with 310; Them +120"
    )
    expect(cat.get_by_role("heading", name="Hand 1")).to_be_visible()
    expect(cat.locator("#version")).to_have_value("0")
    expect_hand_2_typed(cat)
    print(f"hand 1 reached the watching phone {seen_after:.1f} s after it was saved")
    # Quiet again: the watcher's next poll, at the version it now shows, is an empty 204.
    assert [(poll.since, poll.status) for poll in watcher_polls.wait_for(1)] == [(1, 204)]

    # Cat's is another hand: she saves it as hand 2, from the notice.
    assert tap_and_answer(cat, cat.get_by_role("button", name="Save mine as hand 2")) == 303
    expect(cat.locator("#hand-2")).to_be_visible()
    expect(cat.locator("#hand-error")).to_have_count(0)
    expect_totals(cat, 400, -230)
    for phone in (watcher, ann):
        expect_totals(phone, 400, -230)
        expect_ledger_row(phone, 2, (90, -350), (400, -230))

    assert [(poll.since, poll.status) for poll in watcher_polls.wait_for(1)] == [(2, 204)]

    # Ann corrects hand 1 (on its own page: Ann's own phone navigates, the others do not).
    edit_link(ann, 1).click()
    expect(ann.get_by_role("heading", name="Edit hand 1")).to_be_visible()
    ann.get_by_label("Us tricks", exact=True).fill("200")
    expect(ann.get_by_label("Them tricks", exact=True)).to_have_value("50")
    ann.get_by_role("button", name="Save changes").click()
    expect_totals(ann, 410, -240)
    for phone in (watcher, cat):
        expect_totals(phone, 410, -240)
        expect_ledger_row(phone, 1, (320, 110), (320, 110))
        expect_ledger_row(phone, 2, (90, -350), (410, -240))
        expect(phone.locator("#hand-3")).to_have_count(0)
    expect(cat.locator("#version")).to_have_value("3")

    # One more quiet stretch, then the whole record of polls: 204s between the changes.
    for polls in (watcher_polls, cat_polls):
        assert [poll.status for poll in polls.wait_for(1)] == [204]
    watcher_polls.check(final_version=3)
    cat_polls.check(final_version=3, left_by_saving=(1,))
    for phone in (watcher, cat):
        expect_not_reloaded(phone)


def test_a_hand_drawn_before_another_phones_save_is_a_conflict(new_page: NewPage) -> None:
    """Cat saves hand 2's entries before her poll has brought Ann's hand 1: a conflict.

    Cat's polls are answered "unchanged" (204) by the test, as when Cat taps Save within
    the two seconds before her next poll. The conflict names Ann's hand and keeps Cat's
    entries; saving again records Cat's hand as hand 2, once.
    """
    ann = new_page()
    start_match(ann)
    cat = new_page()
    open_link(cat, urlsplit(ann.url).path)
    mark_document(cat)
    cat_polls = Polls(cat)

    def unchanged(route: Route) -> None:
        route.fulfill(status=204, headers={"Cache-Control": "no-store"})

    cat.route(re.compile(r"/live\?"), unchanged)
    type_hand_2(cat)
    type_hand_1(ann)
    assert save_hand(ann) == 303
    expect(ann.locator("#hand-1")).to_be_visible()
    expect_totals(ann, 310, 120)
    cat_polls.wait_for(1)  # a poll has come and gone, and brought nothing
    expect(cat.locator("#hand-1")).to_have_count(0)
    expect(cat.locator("#version")).to_have_value("0")

    assert save_hand(cat) == 409

    error = cat.locator("#hand-error")
    expect(error).to_contain_text(
        "another phone changed the match (hand 1 was saved: Us made 300 with 310; Them +120)"
    )
    expect(error).to_contain_text("Yours was not saved")
    expect_totals(cat, 310, 120, timeout=1000)
    expect_ledger_row(cat, 1, (310, 120), (310, 120))
    expect(cat.locator("#hand-2")).to_have_count(0)
    expect(cat.get_by_role("heading", name="Hand 2")).to_be_visible()
    expect_hand_2_typed(cat)
    expect_not_reloaded(cat)

    # Cat checks her hand against the ledger and saves again, as the message says.
    cat.unroute(re.compile(r"/live\?"), unchanged)
    drawn_at = cat.locator("#version").input_value()
    status = save_hand(cat)

    assert status == 303, (
        f"saving again answered {status}: the redrawn form carried version {drawn_at}, "
        "the match is at version 1"
    )
    expect(cat.locator("#hand-2")).to_be_visible()
    expect(cat.locator("#hand-error")).to_have_count(0)
    expect_totals(cat, 400, -230)
    expect_ledger_row(cat, 2, (90, -350), (400, -230))
    expect_totals(ann, 400, -230)
    expect(ann.locator("#hand-3")).to_have_count(0)
