"""A group's statistics at a phone's size, in a real browser: a group of four made, two
matches started from its roster and played (one hand each: a double run is 1500 meld, so
the side that melds it wins at once), then the statistics page with its cards and the
wins over time drawn, fitting the screen."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.words import wins
from tests.e2e.playing import fill_hand, open_page, save_hand

pytestmark = pytest.mark.e2e

SEATS = ("Ann", "Bob", "Cat", "Dan")  # seats 1 and 3 are team 1, 2 and 4 team 2


def play_a_match_from_the_roster(page: Page, group_page: str, bidder: str, winners: str):
    """Start a partnership match from the roster; ``bidder`` bids 250 and their team
    (``winners``, as the score sheet names it) melds a double run and takes every trick."""
    page.goto(group_page)
    open_page(page, page.get_by_role("button", name="New match with these players"))
    # A roster of four is seated in roster order already (the seats fold to one line).
    expect(page.locator("details.seats > summary")).to_have_text(
        "Seats, in order: " + ", ".join(SEATS) + ". Change"
    )
    open_page(page, page.get_by_role("button", name="Start the match"))
    expect(page.get_by_role("heading", name="Hand 1")).to_be_visible()
    fill_hand(page, bidder, 250, "hearts", {winners: 1500}, {winners: 250})
    assert save_hand(page) == 303
    # A side named by its players is two people: "Ann & Cat win".
    expect(page.get_by_role("heading", name=wins(winners))).to_be_visible()


def test_two_matches_from_the_roster_make_the_groups_statistics_and_wins_chart(page: Page):
    page.goto("/groups/new")
    page.get_by_label("Group name", exact=True).fill("Smith family")
    page.get_by_label("Who plays", exact=True).fill("\n".join(SEATS))
    open_page(page, page.get_by_role("button", name="Start the group"))
    group_page = page.url

    play_a_match_from_the_roster(page, group_page, "Ann", "Ann & Cat")
    play_a_match_from_the_roster(page, group_page, "Bob", "Bob & Dan")

    page.goto(group_page)
    expect(page.locator("ul.group-games > li")).to_have_count(2)
    open_page(page, page.get_by_role("button", name=re.compile("^Statistics")))

    pinochle = page.locator("section[aria-labelledby=pinochle-title] article")
    expect(pinochle.locator("h3")).to_have_text(list(SEATS))
    ann = pinochle.first
    expect(ann).to_contain_text("2, won 1 (50%)")
    expect(ann).to_contain_text("1: made 1, set 0")
    expect(ann).to_contain_text("average 750, best 1500")
    expect(page.get_by_text("Ann & Cat: 2 matches, won 1 (50%)")).to_be_visible()

    chart = page.locator("section[aria-labelledby=wins-title] svg[role=img]")
    chart.scroll_into_view_if_needed()
    expect(chart).to_be_visible()
    box = chart.bounding_box()
    assert box is not None and box["width"] <= 390 and box["height"] > 100
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.get_by_text("The numbers").click()
    cells = page.locator("section[aria-labelledby=wins-title] tbody tr").last.locator("td")
    expect(cells).to_have_text(["1", "1", "1", "1"])
