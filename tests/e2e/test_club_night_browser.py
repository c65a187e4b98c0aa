"""A whole club night at phone size (issue 25): 8 players, 3 rounds, 2 tables a round, four
phones a table (each a browser context of its own) entering hands on the table's link,
both sides confirming, a leaderboard on another screen following live, and a late
arrival joining before round 3.

Every table plays to 250 (a house rule of the night), so one made hand ends a table's
round: the bidder's side (seat 1's, the first name of its side) bids 250 in spades with
100 meld and takes 160 of the 250 trick points, 260 against the other side's 40 + 90.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.playing import open_page
from tests.e2e.thumb import tap

pytestmark = [pytest.mark.e2e, pytest.mark.postgres_too]

PLAYERS = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]
SEEN = 6000  # ms: a phone's poll (every 0.5 s) or the leaderboard's (every 2 s) shows it
NewPage = Callable[..., Page]


def start_the_night(host: Page) -> None:
    host.goto("/")
    open_page(host, host.get_by_role("button", name="New club night"))
    host.get_by_label("Night", exact=True).fill("Tuesday pinochle")
    host.get_by_label("Players", exact=True).fill("\n".join(PLAYERS))
    host.get_by_label("Rounds", exact=True).fill("3")
    host.get_by_label("Game to", exact=True).fill("250")
    open_page(host, host.get_by_role("button", name="Start the night"))
    expect(host.get_by_role("heading", name="Tuesday pinochle")).to_be_visible()


def table_links(host: Page) -> list[str]:
    """The score sheet of each table of the round, from the host's page."""
    links = host.locator(".club-table a", has_text="Score sheet")
    return [links.nth(i).get_attribute("href") for i in range(links.count())]


def sides_of(phone: Page) -> list[str]:
    """The table's two partnerships, as the scoreboard names them (Ann & Bob …)."""
    names = phone.locator("#scoreboard .side-name")
    return [names.nth(i).inner_text().strip() for i in range(2)]


def win_the_table(phone: Page) -> list[str]:
    """Enter the one hand that ends the table's round; the sides, winners first."""
    sides = sides_of(phone)
    bidder = sides[0].split(" & ")[0]
    tap(phone, phone.locator("#bidder-group label.choice").filter(has_text=bidder))
    phone.get_by_label("Bid", exact=True).fill("250")
    tap(phone, phone.locator("#trump-group label.choice").filter(has_text="spades"))
    phone.get_by_label(f"{sides[0]} meld", exact=True).fill("100")
    phone.get_by_label(f"{sides[1]} meld", exact=True).fill("40")
    phone.get_by_label(f"{sides[0]} tricks", exact=True).fill("160")
    phone.get_by_label(f"{sides[1]} tricks", exact=True).fill("90")
    with phone.expect_response(lambda r: r.request.method == "POST" and "/hands" in r.url):
        tap(phone, phone.get_by_role("button", name="Save hand", exact=True))
    return sides


def confirm(phone: Page, side: str) -> None:
    button = phone.get_by_role("button", name=f"Confirm for {side}")
    expect(button).to_be_visible(timeout=SEEN)
    with phone.expect_navigation(wait_until="load"):
        tap(phone, button)


def test_a_whole_club_night_on_phones(new_page: NewPage) -> None:
    host = new_page()
    start_the_night(host)
    board = new_page(viewport={"width": 1280, "height": 720}, is_mobile=False)
    board.goto(host.locator("a", has_text="the leaderboard").get_attribute("href"))
    expect(board.locator(".club-standings, .muted").first).to_be_visible()
    phones = [[new_page() for _ in range(4)] for _ in range(2)]
    winners: list[str] = []

    for number in (1, 2, 3):
        if number == 3:
            # Ivy arrives before round 3: nine players, two tables, one sits out.
            host.get_by_label("Late arrival", exact=True).fill("Ivy")
            open_page(host, host.get_by_role("button", name="Join from round 3"))
            expect(host.locator(".club-players")).to_contain_text("Ivy (from round 3)")
        open_page(host, host.get_by_role("button", name=f"Start round {number}"))
        expect(host.get_by_role("heading", name=f"Round {number} of 3")).to_be_visible()
        links = table_links(host)
        assert len(links) == 2
        if number == 3:
            expect(host.get_by_text(re.compile(r"Sitting out: \w+\."))).to_be_visible()

        for link, table in zip(links, phones, strict=True):
            for phone in table:
                phone.goto(link)
                expect(phone.locator("#club")).to_contain_text(f"round {number} of 3")
            sides = win_the_table(table[0])
            winners += sides[0].split(" & ")
            # The other three phones see the hand and the round's end with their poll.
            for phone in table[1:]:
                expect(phone.locator("#total-0")).to_have_text("260", timeout=SEEN)
            # One phone of each side confirms; then every phone of the table says locked.
            # The other side's button stays where it was as the first confirmation arrives.
            other = table[2].get_by_role("button", name=f"Confirm for {sides[1]}")
            expect(other).to_be_visible(timeout=SEEN)
            before = other.bounding_box()
            confirm(table[1], sides[0])
            expect(table[2].locator("#club")).to_contain_text(
                f"{sides[0]}: confirmed", timeout=SEEN
            )
            assert other.bounding_box() == before
            confirm(table[2], sides[1])
            for phone in table:
                expect(phone.locator("#club")).to_contain_text("Result locked", timeout=SEEN)

        # The leaderboard follows: both tables locked, their winners with a win each.
        expect(board.locator(".club-table.status-locked")).to_have_count(2, timeout=SEEN)
        first = board.locator(".club-standings tbody tr").first
        expect(first.locator("td").nth(1)).to_have_text(
            str(max(winners.count(name) for name in set(winners))), timeout=SEEN
        )
        host.reload()

    expect(host.get_by_text("All 3 rounds are played.")).to_be_visible()
    rows = board.locator(".club-standings tbody tr")
    expect(rows).to_have_count(9, timeout=SEEN)


def test_a_timed_rounds_table_shows_the_minutes_left_in_the_phones_own_time(new_page):
    """A round of 50 minutes: the table's phone (a German phone, its clock on Berlin time)
    says when time is up in its own time, and the minutes left."""
    host = new_page()
    host.goto("/")
    open_page(host, host.get_by_role("button", name="New club night"))
    host.get_by_label("Night", exact=True).fill("Timed")
    host.get_by_label("Players", exact=True).fill("\n".join(PLAYERS[:4]))
    host.get_by_label("Rounds", exact=True).fill("1")
    host.get_by_label("After a time (the hand in progress is finished)").check()
    host.get_by_label("Minutes a round", exact=True).fill("50")
    open_page(host, host.get_by_role("button", name="Start the night"))
    open_page(host, host.get_by_role("button", name="Start round 1"))
    expect(host.locator(".time-left")).to_have_text(re.compile(r"^ \((50|49) min left\)$"))

    phone = new_page(timezone_id="Europe/Berlin", locale="de-DE")
    phone.goto(table_links(host)[0])
    panel = phone.locator("#club")
    expect(panel.locator(".time-left")).to_have_text(re.compile(r"^ \((50|49) min left\)$"))
    shown = panel.locator("time").inner_text()
    drawn = panel.locator("time").get_attribute("datetime")
    utc_hour = int(drawn[11:13])
    # Berlin is an hour or two ahead of UTC: the phone's own clock, not the server's.
    assert int(shown[:2]) in ((utc_hour + 1) % 24, (utc_hour + 2) % 24), (shown, drawn)
