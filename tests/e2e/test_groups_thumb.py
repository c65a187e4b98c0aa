"""A group of four starts a match as a thumb plays it: from the group's page, New match
opens with the four seated in roster order, the teams' names and the game's target are
typed, and Start is tapped where it is drawn, with no swipe to find it, on a 390×844 and a
360×640 phone (tests/e2e/thumb.py: taps by touch, only what is on screen and uncovered)."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import PHONE
from tests.e2e.playing import SMALL_PHONE, open_page
from tests.e2e.test_page_audit import (
    INTERACTIVE,
    SMALL_TARGETS_JS,
    SMALLEST_TAP,
    serious_axe_violations,
)
from tests.e2e.thumb import Thumb, in_view, tap

ROSTER = ("Ann", "Bob", "Cat", "Dan")


def start_a_group_of_four(page: Page) -> str:
    """Setup, not measured: a group with Ann, Bob, Cat and Dan; its page's address."""
    page.goto("/groups/new")
    page.get_by_label("Group name", exact=True).fill("Smith family")
    page.get_by_label("Who plays", exact=True).fill("\n".join(ROSTER))
    open_page(page, page.get_by_role("button", name="Start the group"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Smith family")
    return page.url


@pytest.mark.parametrize(
    ("viewport", "most_swipes_typing"), [(PHONE, 0), (SMALL_PHONE, 1)], ids=["390x844", "360x640"]
)
def test_a_group_of_four_starts_its_match_with_start_in_view(
    new_page: Callable[..., Page], viewport: dict, most_swipes_typing: int
) -> None:
    page = new_page(has_touch=True, viewport=viewport)
    group_page = start_a_group_of_four(page)
    thumb = Thumb(page)

    thumb.tap(page.get_by_role("button", name="New match with these players"))
    page.wait_for_load_state("load")
    expect(page.get_by_role("heading", level=1)).to_have_text("New match for Smith family")

    # The four are seated in roster order, and each seat can still be changed.
    seats = [page.get_by_label(re.compile(rf"^Player {n} \(team")) for n in range(1, 5)]
    for seat, name in zip(seats, ROSTER, strict=True):
        expect(seat).to_be_enabled()
        assert seat.evaluate("(select) => select.selectedOptions[0].text") == name
    start = page.locator(".sticky-actions").get_by_role("button", name="Start the match")
    assert in_view(page, start), "Start is not on the first screen"
    assert thumb.scrolls == 0

    thumb.type(page.get_by_label("Team 1", exact=True), "Smiths")
    thumb.type(page.get_by_label("Team 2", exact=True), "Joneses")
    thumb.type(page.get_by_label("Game to", exact=True), "1000")
    typing_scrolls = thumb.scrolls
    # The seats folded away (seated already): the boxes to type are on the first screen,
    # but for the second team's on a small phone.
    assert typing_scrolls <= most_swipes_typing, thumb.swiped_to
    # Wherever typing left the page, Start is where the thumb is: no swipe to reach it.
    thumb.tap(start)
    assert thumb.scrolls == typing_scrolls, thumb.swiped_to
    page.wait_for_load_state("load")

    expect(page.get_by_role("heading", name="Hand 1")).to_be_visible()
    expect(page.locator(".scoreboard .side-name")).to_have_text(["Smiths", "Joneses"])
    expect(page.locator(".scoreboard .side-players")).to_have_text(["Ann & Cat", "Bob & Dan"])
    expect(page.locator(".match-facts")).to_contain_text("Game to 1000")
    # From the group's page: 1 tap to the form, 3 boxes typed, 1 tap on Start.
    assert thumb.taps == 5, thumb.count()

    page.goto(group_page)
    expect(page.locator("ul.group-games > li")).to_have_count(1)
    expect(page.locator("ul.group-games small.result")).to_have_text("Smiths 0, Joneses 0")


@pytest.mark.parametrize("viewport", [PHONE, SMALL_PHONE], ids=["390x844", "360x640"])
def test_a_group_of_four_starts_a_dice_game_with_start_in_view(
    new_page: Callable[..., Page], viewport: dict
) -> None:
    page = new_page(has_touch=True, viewport=viewport)
    start_a_group_of_four(page)
    thumb = Thumb(page)

    thumb.tap(page.get_by_role("button", name="New dice game"))
    page.wait_for_load_state("load")
    start = page.locator(".sticky-actions").get_by_role("button", name="Start the game")
    thumb.tap(start)
    page.wait_for_load_state("load")

    assert thumb.count() == (2, 0, 0), thumb.swiped_to
    expect(page.locator(".scoreboard .side-name")).to_have_text(list(ROSTER))


@pytest.mark.parametrize("viewport", [PHONE, SMALL_PHONE], ids=["390x844", "360x640"])
@pytest.mark.parametrize("opened", [False, True], ids=["folded", "seats-open"])
def test_the_seated_new_match_page_passes_the_page_audit(
    new_page: Callable[..., Page], viewport: dict, opened: bool
) -> None:
    page = new_page(viewport=viewport)
    start_a_group_of_four(page)
    open_page(page, page.get_by_role("button", name="New match with these players"))
    if opened:
        tap(page, page.locator("details.seats > summary"))
        tap(page, page.locator("details.house-rules > summary"))

    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    assert page.evaluate(SMALL_TARGETS_JS, [INTERACTIVE, SMALLEST_TAP]) == []
    assert serious_axe_violations(page) == []


def test_who_deals_first_is_asked_by_the_seated_names_as_seats_change(
    new_page: Callable[..., Page],
) -> None:
    page = new_page()
    group_page = start_a_group_of_four(page)
    open_page(page, page.get_by_role("button", name="New match with these players"))
    dealer = page.get_by_label("Who deals first", exact=True)
    expect(dealer.locator("option")).to_have_text(list(ROSTER))

    tap(page, page.locator("details.seats > summary"))
    page.get_by_label(re.compile(r"^Player 2 \(team")).select_option(label="Dan")
    expect(dealer.locator("option")).to_have_text(["Ann", "Dan", "Cat", "Dan"])
    page.locator("#new_3").fill("Eve")
    expect(dealer.locator("option")).to_have_text(["Ann", "Dan", "Cat", "Eve"])
    assert page.url.startswith(group_page)
