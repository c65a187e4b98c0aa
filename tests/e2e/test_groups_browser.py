"""A group at a phone's size, in a real browser: a group made, two players put on its
roster, a match started by picking them, and the group's page listing that match."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.e2e.playing import open_page


def fits_the_phone(page: Page) -> None:
    """Nothing runs off the side of a 390-pixel screen, and every button is thumb-sized."""
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    for button in page.locator("button:visible, a[role=button]:visible").all():
        box = button.bounding_box()
        assert box is not None and box["height"] >= 44, button.inner_text()


def test_a_match_started_from_the_roster_shows_on_the_group_page(page: Page) -> None:
    page.goto("/groups/new")
    page.get_by_label("Group name", exact=True).fill("Smith family")
    open_page(page, page.get_by_role("button", name="Start the group"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Smith family")
    group_page = page.url

    for name in ("Ann", "Bob"):
        page.get_by_label("New player", exact=True).fill(name)
        open_page(page, page.get_by_role("button", name="Add to the roster"))
    expect(page.locator("ul.roster > li > strong")).to_have_text(["Ann", "Bob"])
    fits_the_phone(page)

    open_page(page, page.get_by_role("button", name="New match with these players"))
    page.get_by_label("Game", exact=True).select_option(label="Two-handed (no bidding)")
    open_page(page, page.get_by_role("button", name="Show the seats for this game"))
    # Two players fit two-handed: they are seated in roster order, a tap from changing.
    page.locator("details.seats > summary").click()
    page.get_by_label("Player 1", exact=True).select_option(label="Bob")
    page.get_by_label("Player 2", exact=True).select_option(label="Ann")
    fits_the_phone(page)
    open_page(page, page.get_by_role("button", name="Start the match"))
    expect(page).to_have_url(re.compile(r"/matches/[A-Za-z0-9_-]+$"))
    expect(page.get_by_role("heading", name="Hand 1")).to_be_visible()
    match_page = page.url

    page.goto(group_page)
    games = page.locator("ul.group-games > li")
    expect(games).to_have_count(1)
    expect(games.first).to_contain_text("Two-handed (no bidding): Bob, Ann")
    expect(games.first).to_contain_text("In progress")
    open_page(page, games.first.get_by_role("link"))
    assert page.url == match_page
