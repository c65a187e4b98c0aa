"""Starting a game as a thumb does (issue 21, item 6): the names typed are the ones "Who
deals first" offers, Start is under the thumb wherever the form is scrolled (the sticky
action bar), and a refusal opens on the field to fix, focused, its message on screen.

Measured at 390×844 and 360×640 by touch (tests/e2e/thumb.py): the thumb types each name
where the page shows it, and Start must be tapped with no swipe at all.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import PHONE
from tests.e2e.playing import PLAYERS, SMALL_PHONE
from tests.e2e.thumb import Thumb, in_view

pytestmark = pytest.mark.e2e

SIZES = {"390x844": PHONE, "360x640": SMALL_PHONE}


def phone(new_page: Callable[..., Page], size: str, address: str) -> tuple[Page, Thumb]:
    """A touch phone of that size on the page, and the thumb that plays it."""
    page = new_page(has_touch=True, viewport=SIZES[size])
    page.goto(address)
    page.wait_for_load_state("load")
    return page, Thumb(page)


def type_names(page: Page, thumb: Thumb, names: tuple[str, ...]) -> None:
    """Type each player's name into its box, seat by seat, as the thumb finds them."""
    for seat, name in enumerate(names):
        thumb.type(page.locator(f"#player_names-{seat}"), name)


def tap_start(page: Page, thumb: Thumb, label: str) -> None:
    """Tap Start where it is now: it must be on screen and uncovered (no swipe)."""
    thumb.reset()
    with page.expect_navigation():
        thumb.tap(page.get_by_role("button", name=label))
    page.wait_for_load_state("load")
    assert thumb.scrolls == 0, thumb.swiped_to


@pytest.mark.parametrize("size", SIZES)
def test_who_deals_first_offers_the_names_typed_and_start_needs_no_swipe(new_page, size):
    page, thumb = phone(new_page, size, "/matches/new")
    dealers = page.locator("#first_dealer option")
    expect(dealers).to_have_text(["Player 1", "Player 2", "Player 3", "Player 4"])

    type_names(page, thumb, PLAYERS)

    expect(dealers).to_have_text(list(PLAYERS))
    page.locator("#player_names-2").fill("")  # a name taken out: the seat's own name again
    expect(dealers.nth(2)).to_have_text("Player 3")
    thumb.type(page.locator("#player_names-2"), PLAYERS[2])
    page.locator("#first_dealer").select_option(label="Cat")
    tap_start(page, thumb, "Start the match")
    expect(page.get_by_role("heading", name="Hand 1")).to_be_visible()
    expect(page.get_by_text("Cat deals")).to_be_visible()


@pytest.mark.parametrize("size", SIZES)
def test_game_to_0_is_refused_on_the_field_focused_and_in_view(new_page, size):
    page, thumb = phone(new_page, size, "/matches/new")
    type_names(page, thumb, PLAYERS)
    thumb.type(page.get_by_label("Game to", exact=True), "0")

    tap_start(page, thumb, "Start the match")

    field = page.get_by_label("Game to", exact=True)
    message = page.locator("#rule-target-error")
    expect(message).to_have_text('"Game to" must be at least 1.')
    expect(field).to_be_focused()
    assert in_view(page, field) and in_view(page, message)
    # The names typed came back, and the dealer choice still says them (drawn by the server).
    expect(page.locator("#first_dealer option")).to_have_text(list(PLAYERS))
    assert page.url.endswith("/matches/new")


@pytest.mark.parametrize("size", SIZES)
def test_a_blank_or_repeated_name_is_refused_beside_its_field(new_page, size):
    page, thumb = phone(new_page, size, "/matches/new")
    type_names(page, thumb, ("Ann", "Bob", "Ann"))  # Player 4 left blank

    tap_start(page, thumb, "Start the match")

    repeated = page.locator("#player_names-2")
    expect(repeated).to_be_focused()
    said = page.locator("#player_names-2-error")
    expect(said).to_have_text(
        "Two players are called Ann: add an initial so the ledger can tell them apart."
    )
    assert in_view(page, repeated) and in_view(page, said)
    expect(page.locator("#player_names-3-error")).to_have_text(
        "Enter a name: each player at the table needs one."
    )


@pytest.mark.parametrize("size", SIZES)
def test_a_dice_games_refused_rule_is_focused_in_view_and_start_needs_no_swipe(new_page, size):
    page, thumb = phone(new_page, size, "/dice/new")
    page.get_by_label("Game", exact=True).select_option("farkle")
    expect(page.locator("input[name='fitted_for']")).to_have_value("farkle")
    type_names(page, thumb, ("Ann", "Bob"))
    thumb.tap(page.locator("details.house-rules > summary"))
    thumb.type(page.get_by_label("Game to", exact=True), "0")

    tap_start(page, thumb, "Start the game")

    field = page.get_by_label("Game to", exact=True)
    message = page.locator("#rule-target-error")
    expect(message).to_have_text('"Game to" must be a whole number, at least 1.')
    expect(field).to_be_focused()
    assert in_view(page, field) and in_view(page, message)

    field.fill("")
    thumb.type(field, "5000")
    tap_start(page, thumb, "Start the game")
    expect(page.locator(".scoreboard .side-name")).to_have_text(["Ann", "Bob"])


# The form's own address for each kind of game, a game to switch to, and its name boxes.
SWITCHES = {
    "match": ("/matches/new", "three-handed", 3),
    "dice": ("/dice/new", "farkle", 8),
}


@pytest.mark.parametrize("form", SWITCHES)
def test_names_typed_before_and_during_a_game_switch_stay(new_page, form):
    """Switching the game refits the form (htmx swaps it in place). The names already typed
    stay in their boxes, and so does a name typed while the refit was still on its way (a
    slow phone): the swap must not put blank boxes back over them."""
    address, other, seats = SWITCHES[form]
    page, thumb = phone(new_page, "390x844", address)
    type_names(page, thumb, ("Ann",))
    held: list = []
    page.route(f"**{address}?*", lambda route: held.append(route))

    page.get_by_label("Game", exact=True).select_option(other)
    page.wait_for_timeout(100)
    assert len(held) == 1, "the refit was asked for"
    thumb.type(page.locator("#player_names-1"), "Bob")  # typed while the refit is held
    held[0].continue_()

    expect(page.locator("input[name='fitted_for']")).to_have_value(other)
    expect(page.locator("input[name^='player_names-']")).to_have_count(seats)
    expect(page.locator("#player_names-0")).to_have_value("Ann")
    expect(page.locator("#player_names-1")).to_have_value("Bob")
    if form == "match":  # "Who deals first" says the names kept, not "Player 1"
        expect(page.locator("#first_dealer option")).to_have_text(["Ann", "Bob", "Player 3"])
