"""Steps of play that several browser tests share."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect


def start_match(page: Page) -> None:
    """From the new-match form: teams Us and Them, Ann, Bob, Cat and Dan; Ann deals."""
    page.goto("/matches/new")
    page.get_by_label("Team 1", exact=True).fill("Us")
    page.get_by_label("Team 2", exact=True).fill("Them")
    for number, name in enumerate(["Ann", "Bob", "Cat", "Dan"], start=1):
        page.get_by_label(re.compile(rf"^Player {number}\b")).fill(name)
    page.get_by_role("button", name="Start the match").click()
    page.wait_for_load_state("load")
    expect(page.get_by_role("heading", name="Hand 1")).to_be_visible()
