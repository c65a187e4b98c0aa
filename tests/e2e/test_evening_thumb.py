"""Issue 21: a whole evening at the table as a thumb plays it, at 390×844 and 360×640, light
and dark. Every tap is a touch at a control's coordinates, made only when the control is
all on screen and not covered (tests/e2e/thumb.py); anything else is a counted swipe.

An ordinary hand takes no swipe; after each Save the note saying what was saved, its Undo
and the next hand's first control are on screen, and that control has the focus; the
winner, a throw-in and Undo's answer arrive in view; the score bar stays one line a side
and under 72px at four-digit and negative totals; typing and the preview move nothing.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import PHONE
from tests.e2e.playing import SMALL_PHONE, start_match
from tests.e2e.thumb import Thumb, in_view, layout_shifts, page_time, watch_layout_shifts

pytestmark = pytest.mark.e2e

NewPage = Callable[..., Page]
SCREENS = [
    pytest.param(PHONE, "light", id="390x844-light"),
    pytest.param(SMALL_PHONE, "dark", id="360x640-dark"),
    pytest.param(SMALL_PHONE, "light", id="360x640-light"),
    pytest.param(PHONE, "dark", id="390x844-dark"),
]
BAR_HEIGHT = 72  # CSS px, the most the score bar may take


def bar_height(page: Page) -> float:
    return page.evaluate("document.querySelector('.scorebar').getBoundingClientRect().height")


def enter_hand(thumb: Thumb, bidder: str, bid: int, trump: str, meld: tuple, tricks: int | None):
    """The taps and keys of a hand: bidder, bid (a common bid is one tap), trump, each
    side's meld and the bidding... side's tricks (the other side's are filled in)."""
    page = thumb.page
    thumb.tap(page.locator("#bidder-group label.choice").filter(has_text=bidder))
    common = page.locator(".quick-bids").get_by_role("button", name=str(bid), exact=True)
    if common.count():
        thumb.tap(common)
    else:
        thumb.type(page.get_by_label("Bid", exact=True), str(bid))
    thumb.tap(page.locator("#trump-group label.choice").filter(has_text=trump))
    thumb.type(page.get_by_label("Us meld", exact=True), str(meld[0]))
    thumb.type(page.get_by_label("Them meld", exact=True), str(meld[1]))
    if tricks is not None:
        thumb.type(page.get_by_label("Us tricks", exact=True), str(tricks))


def save(thumb: Thumb, number: int) -> None:
    """Tap Save and wait until the answer is drawn (the note of that hand)."""
    page = thumb.page
    expect(page.locator("#preview")).to_contain_text("Totals after this hand")
    thumb.tap(page.get_by_role("button", name="Save hand", exact=True))
    expect(page.locator("#note")).to_contain_text(f"Hand {number} saved.")
    expect(page.locator(".htmx-request, .htmx-swapping, .htmx-settling")).to_have_count(0)


def assert_answered_where_the_thumb_is(page: Page, number: int) -> None:
    """The note, its Undo and the next hand's first control on screen; that control focused."""
    note = page.locator("#note")
    assert in_view(page, note), "the note is off screen"
    assert in_view(page, note.get_by_role("button", name=f"Undo: save hand {number}"))
    first = page.locator("#bidder-group input").first
    expect(first).to_be_focused()
    assert in_view(page, page.locator("#bidder-group label.choice").first)
    assert bar_height(page) <= BAR_HEIGHT


@pytest.mark.parametrize(("screen", "scheme"), SCREENS)
def test_a_whole_match_takes_no_swipe_an_ordinary_hand(new_page: NewPage, screen, scheme):
    page = new_page(has_touch=True, viewport=screen, color_scheme=scheme)
    watch_layout_shifts(page)
    start_match(page)
    thumb = Thumb(page)
    # Hand 1 opens under the score bar, the whole hand on screen.
    assert in_view(page, page.get_by_role("heading", name="Hand 1"))

    # (bidder, bid, trump, meld, Us tricks): made, set, then big made hands to the win.
    ordinary = [
        ("Ann", 250, "spades", (100, 50), 150),  # Us made
        ("Bob", 300, "hearts", (40, 120), 150),  # Them set: a negative total
    ]
    number = 0
    for bidder, bid, trump, meld, tricks in ordinary:
        number += 1
        thumb.reset()
        typed_at = page_time(page)
        enter_hand(thumb, bidder, bid, trump, meld, tricks)
        expect(page.locator("#preview")).to_contain_text("Totals after this hand")
        moved = layout_shifts(page, typed_at)
        assert moved == [], f"hand {number}: typing and the preview moved the page: {moved}"
        save(thumb, number)
        assert thumb.scrolls == 0, f"hand {number}: {thumb.swiped_to}"
        assert thumb.taps == 7
        assert_answered_where_the_thumb_is(page, number)
    expect(page.locator("#hand-2 .badge")).to_have_text("set")
    expect(page.locator("#total-1")).to_contain_text("\u2212")

    # A throw-in (not an ordinary hand): the preview at the foot offers it.
    number += 1
    thumb.reset()
    enter_hand(thumb, "Cat", 330, "clubs", (60, 100), None)
    throw_in = page.locator("#preview").get_by_role("button", name="Throw in")
    expect(throw_in).to_be_visible()
    thumb.tap(throw_in)
    expect(page.locator("#note")).to_contain_text(f"Hand {number} saved.")
    expect(page.locator(f"#hand-{number} .badge")).to_have_text("thrown in")
    assert in_view(page, page.locator("#note"))

    big = ("Ann", 250, "diamonds", (200, 20), 200)  # Us +400, Them +70 a hand
    while not page.locator(".banner").count():
        number += 1
        thumb.reset()
        enter_hand(thumb, *big)
        expect(page.locator("#preview")).to_contain_text("Totals after this hand")
        thumb.tap(page.get_by_role("button", name="Save hand", exact=True))
        expect(page.locator("#note")).to_contain_text(f"Hand {number} saved.")
        expect(page.locator(".htmx-request, .htmx-swapping, .htmx-settling")).to_have_count(0)
        assert thumb.scrolls == 0, f"hand {number}: {thumb.swiped_to}"
        if not page.locator(".banner").count():
            assert_answered_where_the_thumb_is(page, number)
        assert number < 12, "the match should have been won by now"
    assert number >= 7

    # The winner arrives in view, with the note and its Undo.
    banner = page.locator(".banner")
    expect(banner.get_by_role("heading")).to_have_text("Us wins")
    assert in_view(page, banner.get_by_role("heading"))
    assert in_view(page, banner.get_by_role("button", name="Rematch: same players and rules"))
    assert in_view(page, page.locator("#note"))
    assert bar_height(page) <= BAR_HEIGHT
    assert len(page.locator("#total-0").inner_text()) == 4  # a four-digit total, one line

    # Undo's answer, and the hand's form back, in view.
    thumb.reset()
    thumb.tap(page.locator("#note").get_by_role("button", name=f"Undo: save hand {number}"))
    expect(page.locator("#note")).to_contain_text(f"Undone: save hand {number}.")
    assert in_view(page, page.locator("#note"))
    assert in_view(page, page.get_by_role("heading", name=f"Hand {number}"))
    assert thumb.scrolls == 0


@pytest.mark.parametrize("screen", [PHONE, SMALL_PHONE], ids=["390x844", "360x640"])
def test_long_names_are_cut_short_on_one_line_and_kept_whole_in_their_title(
    new_page: NewPage, screen
) -> None:
    page = new_page(has_touch=True, viewport=screen)
    long = "Bartholomew Montgomery-Fitzwilliam Jr."  # 38 characters
    start_match(
        page,
        players=(long, "Bob", "Cat", "Dan"),
        teams=("The Kitchen Table Champions of 2026", "Them"),
    )

    assert bar_height(page) <= BAR_HEIGHT
    name = page.locator(".scorebar .side-name").first
    assert name.get_attribute("title") == "The Kitchen Table Champions of 2026"
    line = page.evaluate(
        "parseFloat(getComputedStyle(document.querySelector('.side-name')).lineHeight)"
    )
    assert name.bounding_box()["height"] <= line + 1
    chip = page.locator("#bidder-group label.choice").first
    assert chip.bounding_box()["height"] <= 48, "a long name must not grow its bidder button"
    assert page.evaluate("document.documentElement.scrollWidth") <= screen["width"]


@pytest.mark.parametrize("screen", [PHONE, SMALL_PHONE], ids=["390x844", "360x640"])
def test_a_three_handed_hand_takes_no_swipe(new_page: NewPage, screen) -> None:
    page = new_page(has_touch=True, viewport=screen)
    start_match(page, players=("Ann", "Bob", "Cat"), teams=(), game="three-handed")
    thumb = Thumb(page)
    for number in (1, 2):
        thumb.reset()
        thumb.tap(page.locator("#bidder-group label.choice").filter(has_text="Bob"))
        thumb.tap(page.locator(".quick-bids button").first)
        thumb.tap(page.locator("#trump-group label.choice").filter(has_text="hearts"))
        for name, meld in (("Ann", 40), ("Bob", 200), ("Cat", 60)):
            thumb.type(page.get_by_label(f"{name} meld", exact=True), str(meld))
        thumb.type(page.get_by_label("Ann tricks", exact=True), "80")
        thumb.type(page.get_by_label("Bob tricks", exact=True), "150")
        save(thumb, number)
        assert thumb.scrolls == 0, f"hand {number}: {thumb.swiped_to}"
        assert_answered_where_the_thumb_is(page, number)


def test_another_phones_save_moves_nothing_this_phone_is_typing(new_page: NewPage) -> None:
    ann = new_page(has_touch=True)
    start_match(ann)
    bob = new_page(has_touch=True)
    watch_layout_shifts(bob)
    bob.goto(ann.url)
    thumb = Thumb(bob)
    thumb.type(bob.get_by_label("Us meld", exact=True), "30")
    meld_at = bob.get_by_label("Us meld", exact=True).bounding_box()
    save_at = bob.get_by_role("button", name="Save hand", exact=True).bounding_box()
    typed_at = page_time(bob)

    enter_hand(Thumb(ann), "Ann", 250, "spades", (100, 50), 150)
    save(Thumb(ann), 1)

    notice = bob.locator("#hand-notice")
    expect(notice).to_contain_text("Another phone saved hand 1", timeout=8000)
    assert in_view(bob, notice.get_by_role("button", name="Save mine as hand 2"))
    assert bob.get_by_label("Us meld", exact=True).bounding_box() == meld_at
    assert bob.get_by_role("button", name="Save hand", exact=True).bounding_box() == save_at
    # Nothing already drawn moved: not the hand being typed, not what is below it (only
    # the arriving notice settles inside its own sheet).
    moved = [
        shift
        for shift in layout_shifts(bob, typed_at)
        if any(within != "hand-notice" for within in shift["within"])
    ]
    assert moved == [], moved
    expect(bob.get_by_label("Us meld", exact=True)).to_have_value("30")


@pytest.mark.parametrize("screen", [PHONE, SMALL_PHONE], ids=["390x844", "360x640"])
def test_a_hand_arriving_from_another_phone_moves_nothing_on_the_followers(
    new_page: NewPage, screen
) -> None:
    """The view link, the table display and another phone's score sheet, at the top and
    scrolled down, while four hands arrive: the first one draws the ledger and the race
    chart, later ones add a row each. Only the sheet grows; nothing already drawn moves."""
    ann = new_page(has_touch=True)
    start_match(ann)
    watch_url = ann.evaluate("document.querySelector('a[href*=\"/watch/\"]').href")
    followers = {}
    for name, url in (("view", watch_url), ("display", f"{watch_url}/display"), ("phone", ann.url)):
        follower = new_page(has_touch=True, viewport=screen)
        watch_layout_shifts(follower)
        follower.goto(url)
        followers[name] = follower
    for number in range(1, 5):
        since = {name: page_time(follower) for name, follower in followers.items()}
        enter_hand(Thumb(ann), "Ann", 250, "spades", (100, 50), 150)
        save(Thumb(ann), number)
        for name, follower in followers.items():
            arrived = follower.locator(".display-last" if name == "display" else ".ledger > li")
            expect(arrived.filter(has_text=f"Hand {number}").first).to_be_attached(timeout=8000)
            follower.wait_for_timeout(300)  # the drawing settled
            assert layout_shifts(follower, since[name]) == [], (name, number)
        if number == 2:
            for follower in followers.values():
                follower.mouse.wheel(0, 500)
