"""Issue 21, item 2: nothing moves under the finger in the meld calculator, as a thumb taps.

The cards are tapped by touch where they were when the page loaded (never looked up
again): a grid that moved would send a tap to another card or to a take-out strip, and
the hand held would not be the hand tapped. The pinned result line covers no card, held
cards stay readable in both schemes, and "Count meld from cards" in a hand is one grid
with a player switcher.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.rules import PRESETS, meld_all, parse_cards
from tests.e2e.playing import SMALL_PHONE, start_match, tap_choice
from tests.e2e.test_meld_calculator_browser import card_name
from tests.e2e.test_meld_taps_under_latency import sorted_hand
from tests.e2e.test_page_audit import (
    INTERACTIVE,
    SMALL_TARGETS_JS,
    SMALLEST_TAP,
    serious_axe_violations,
)
from tests.e2e.thumb import Thumb, in_view, layout_shifts, page_time, tap, watch_layout_shifts

pytestmark = pytest.mark.e2e

PHONES = {"390x844": {"width": 390, "height": 844}, "360x640": SMALL_PHONE}
# A page taller than the screen needs one swipe of its own to bring the grid's foot up.
SWIPES_THE_PAGE_NEEDS = {"390x844": 0, "360x640": 1}
# Twelve cards, two of them tapped twice (K♥, Q♥): a run in hearts, a pinochle, aces.
HAND = ["AH", "10H", "KH", "QH", "JH", "KH", "QH", "QS", "JD", "AS", "AD", "AC"]

# Where each card of the grid is drawn, in page coordinates (not the screen's).
CARD_SPOTS = """() => Object.fromEntries(
  Array.from(document.querySelectorAll("[data-meld-card]")).map((cell) => {
    const box = cell.querySelector(".card-button").getBoundingClientRect();
    const top = box.top + scrollY;
    return [cell.dataset.meldCard, {x: box.left + box.width / 2, y: top + box.height / 2,
                                    top, bottom: top + box.height}];
  }))"""

# The screen the thumb can tap: above the pinned line, once it shows.
OPEN_SCREEN = """() => {
  const pinned = document.getElementById("meld-pinned");
  const shown = pinned && !pinned.hidden && pinned.getBoundingClientRect().height > 0;
  return {scrollY, bottom: shown ? pinned.getBoundingClientRect().top : innerHeight};
}"""

# The contrast of an element's text with what is drawn behind it, opacity included.
CONTRAST = """(element) => {
  const rgba = (text) => {
    const [r, g, b, a = 1] = (text.match(/[\\d.]+/g) || []).map(Number);
    return [r, g, b, a];
  };
  const over = ([r, g, b, a], back) => [r * a + back[0] * (1 - a), g * a + back[1] * (1 - a),
                                       b * a + back[2] * (1 - a)];
  const luminance = (rgb) => {
    const [R, G, B] = rgb.map((v) => {
      v /= 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * R + 0.7152 * G + 0.0722 * B;
  };
  const chain = [];
  for (let node = element; node; node = node.parentElement) chain.push(node);
  const page = rgba(getComputedStyle(document.documentElement).backgroundColor);
  let back = page[3] > 0 ? page.slice(0, 3) : [255, 255, 255];
  let fade = 1;
  for (const node of chain.reverse()) {
    const style = getComputedStyle(node);
    fade *= Number(style.opacity);
    const [r, g, b, a] = rgba(style.backgroundColor);
    if (a > 0) back = over([r, g, b, a * (node === element ? fade : 1)], back);
  }
  const [r, g, b, a] = rgba(getComputedStyle(element).color);
  const fore = over([r, g, b, a * fade], back);
  const [l1, l2] = [luminance(fore), luminance(back)].sort((x, y) => y - x);
  return (l1 + 0.05) / (l2 + 0.05);
}"""


def held_hand(page: Page) -> list[str]:
    """The hand the grid holds (each card as many times as its count says), in grid order."""
    return page.evaluate(
        """() => Array.from(document.querySelectorAll("[data-meld-card]"))
             .flatMap((cell) => Array(Number(cell.dataset.held)).fill(cell.dataset.meldCard))"""
    )


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("phone", list(PHONES))
def test_twelve_cards_tapped_where_they_were_drawn_are_the_hand_held(
    new_page: Callable[..., Page], phone: str, scheme: str
) -> None:
    """Tap 12 cards at their first-drawn spots: those 12 are held, nothing moved, all readable."""
    page = new_page(viewport=PHONES[phone], has_touch=True, color_scheme=scheme)
    watch_layout_shifts(page)
    page.goto("/meld?game=partnership")
    expect(page.locator("#connection")).to_be_visible()  # the page's own lines are drawn
    spots = page.evaluate(CARD_SPOTS)
    since = page_time(page)
    thumb = Thumb(page)
    for count, code in enumerate(HAND, start=1):
        spot = spots[code]
        screen = page.evaluate(OPEN_SCREEN)
        if spot["top"] < screen["scrollY"] or spot["bottom"] > screen["scrollY"] + screen["bottom"]:
            # A swipe up that brings the grid's foot just clear of the pinned line.
            thumb.scrolls += 1
            thumb.swiped_to.append(code)
            lift = max(drawn["bottom"] for drawn in spots.values()) - screen["bottom"] + 8
            page.evaluate("(y) => window.scrollTo(0, y)", lift)
            screen = page.evaluate(OPEN_SCREEN)
        page.touchscreen.tap(spot["x"], spot["y"] - screen["scrollY"])
        thumb.taps += 1
        expect(page.locator("#meld-pinned [data-pinned-count]")).to_have_text(
            f"{count} card{'s' if count > 1 else ''}"
        )
    assert held_hand(page) == sorted_hand(HAND).split(), "a tap landed on another control"
    hand_meld = meld_all(parse_cards(HAND), PRESETS["partnership"])
    best = hand_meld.by_trump[hand_meld.best_trump[0]].total
    expect(page.locator("#meld-pinned")).to_contain_text(f"best {best}")
    expect(page.locator("#meld-results")).not_to_have_attribute("aria-busy", "true")
    assert thumb.scrolls <= SWIPES_THE_PAGE_NEEDS[phone], thumb.swiped_to

    shifts = layout_shifts(page, since)
    assert sum(shift["value"] for shift in shifts) == 0, shifts

    # No card is under the pinned line: from where the taps left the page, every card of
    # the grid is reached without another swipe.
    thumb.reset()
    for cell in page.locator("[data-meld-card] .card-button").all():
        thumb.reach(cell)
    assert thumb.scrolls == 0, thumb.swiped_to
    assert in_view(page, page.locator("#meld-pinned"))

    # Held cards (a full hand: none can be added) and their take-out strips stay readable.
    unreadable = []
    for cell in page.locator("[data-meld-card].held").all():
        code = cell.get_attribute("data-meld-card")
        for part in (".card-button", ".remove"):
            ratio = cell.locator(part).evaluate(CONTRAST)
            if ratio < 4.5:
                unreadable.append(f"{code} {part}: {ratio:.2f}:1")
    assert len(page.locator("[data-meld-card].held").all()) == len(set(HAND))
    assert not unreadable, f"{scheme}: " + ", ".join(unreadable)


def test_a_tap_on_a_held_card_strip_takes_out_one_and_nothing_moves(
    new_page: Callable[..., Page],
) -> None:
    """The take-out strip is drawn from the start: using it moves no card either."""
    page = new_page(has_touch=True)
    watch_layout_shifts(page)
    page.goto("/meld?game=partnership")
    expect(page.locator("#connection")).to_be_visible()
    spots = page.evaluate(CARD_SPOTS)
    strip = page.locator('[data-meld-card="KS"] > :nth-child(2)')
    strip_box = strip.bounding_box()
    since = page_time(page)
    for _ in range(2):
        page.touchscreen.tap(spots["KS"]["x"], spots["KS"]["y"])
    expect(page.get_by_role("link", name="Take out one king of spades (2 in hand)")).to_be_visible()
    page.touchscreen.tap(strip_box["x"] + strip_box["width"] / 2, strip_box["y"] + 22)
    expect(page.get_by_role("link", name="Take out one king of spades (1 in hand)")).to_be_visible()
    expect(page.locator("#meld-results")).not_to_have_attribute("aria-busy", "true")
    assert held_hand(page) == ["KS"]
    assert page.evaluate(CARD_SPOTS) == spots
    assert sum(shift["value"] for shift in layout_shifts(page, since)) == 0


# ------------------------------------------------------------------ in a hand of a match

ANN = ["AH", "10H", "KH", "QH", "JH", "KH"]
CAT = ["QS", "JD"]


def test_count_meld_from_cards_one_player_at_a_time(new_page: Callable[..., Page]) -> None:
    """One grid and the four names over it: Ann's and Cat's cards go to their own boxes, and
    Us's meld is their sum, at a page height a phone can hold."""
    page = new_page(has_touch=True)
    start_match(page, ["Ann", "Bob", "Cat", "Dan"], teams=["Us", "Them"])
    tap_choice(page, "bidder", "Ann")
    page.get_by_label("Bid", exact=True).fill("300")
    tap_choice(page, "trump", "hearts")
    closed = page.evaluate("document.documentElement.scrollHeight")
    thumb = Thumb(page)
    thumb.tap(page.locator("details.meld-cards > summary"))
    switcher = page.get_by_role("group", name="Whose cards")
    expect(switcher.get_by_role("button")).to_have_text([re.compile(rf"^{n}") for n in "ABCD"])
    expect(page.locator("details.meld-cards .card-faces")).to_have_count(1)
    expect(page.locator("details.meld-cards [data-card]")).to_have_count(24)
    height = page.evaluate("document.documentElement.scrollHeight")
    # Four grids stacked made a 3,267 px page; one grid, a switcher and one box add 415 px.
    assert height - closed < 450, f"opening adds {height - closed} px ({closed} to {height})"

    for player, codes in (("Ann", ANN), ("Cat", CAT)):
        button = switcher.get_by_role("button", name=re.compile(rf"^{player}\b"))
        thumb.tap(button)
        expect(button).to_have_attribute("aria-pressed", "true")
        field = page.get_by_label(f"{player} meld cards", exact=True)
        expect(field).to_be_visible()
        for other in ("Ann", "Bob", "Cat", "Dan"):
            if other != player:
                expect(page.get_by_label(f"{other} meld cards", exact=True)).to_be_hidden()
        for code in codes:
            name = f"Add the {card_name(code)} to {player} meld cards"
            thumb.tap(page.get_by_role("button", name=name, exact=True))
        expect(field).to_have_value(" ".join(codes))
        expect(button).to_have_text(f"{player} {len(codes)}")
    # Each player's cards stayed in their own box.
    expect(page.get_by_label("Ann meld cards", exact=True)).to_have_value(" ".join(ANN))
    expect(page.get_by_label("Bob meld cards", exact=True)).to_have_value("")
    # Hearts trump: Ann run 150 + extra K♥ 40, Cat a pinochle 40: Us 230.
    expect(page.locator("#preview")).to_contain_text("Us meld from cards: 230.")
    expect(page.get_by_label("Us meld", exact=True)).to_have_value("230")
    expect(page.get_by_label("Them meld", exact=True)).to_have_value("")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_count_meld_from_cards_meets_the_phone_bar_at_360(
    new_page: Callable[..., Page], scheme: str
) -> None:
    """The switcher and grid at 360×640: no sideways scroll, 44 px targets, nothing for axe."""
    page = new_page(viewport=SMALL_PHONE, has_touch=True, color_scheme=scheme)
    start_match(page, ["Annabelle", "Bartholomew", "Cat", "Dorothea"], teams=["Us", "Them"])
    tap(page, page.locator("details.meld-cards > summary"))
    thumb = Thumb(page)
    thumb.tap(page.get_by_role("group", name="Whose cards").get_by_role("button").nth(2))
    thumb.tap(page.get_by_role("button", name="Add the queen of spades to Cat meld cards"))
    expect(page.get_by_label("Cat meld cards", exact=True)).to_have_value("QS")
    problems = []
    width = page.evaluate("document.documentElement.scrollWidth")
    if width > SMALL_PHONE["width"]:
        problems.append(f"the page is {width}px wide")
    problems += page.evaluate(SMALL_TARGETS_JS, [INTERACTIVE, SMALLEST_TAP])
    problems += serious_axe_violations(page)
    assert not problems, "\n".join(problems)


def test_count_meld_from_cards_without_script_is_every_box_typed(
    new_page: Callable[..., Page],
) -> None:
    """No script: no switcher and no grid; each player's box is typed in, all of them shown."""
    page = new_page(java_script_enabled=False)
    start_match(page, ["Ann", "Bob", "Cat", "Dan"], teams=["Us", "Them"])
    tap(page, page.locator("details.meld-cards > summary"))
    for player in ("Ann", "Bob", "Cat", "Dan"):
        expect(page.get_by_label(f"{player} meld cards", exact=True)).to_be_visible()
    expect(page.get_by_role("group", name="Whose cards")).to_have_count(0)
    expect(page.locator("details.meld-cards [data-card]")).to_have_count(0)
