"""Every tap counts, whatever the network: the meld calculator on a slow phone line.

The page keeps the hand itself and shows each tap at once; the server counts the meld of
the latest hand only, and an answer for an older hand never replaces a newer one. The
expected meld comes from the rules core, for the hand that was tapped.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

import pytest
from playwright.sync_api import Page, Route, expect

from scorekeeper.rules import PRESETS, meld_all, parse_cards
from tests.e2e.playing import SMALL_PHONE, expect_stayed_on_site, start_match, tap_choice
from tests.e2e.test_meld_calculator_browser import (
    add_link,
    by_trump_totals,
    card_count,
    card_name,
    open_calculator,
    query,
    still_same_document,
)

pytestmark = pytest.mark.e2e

LATENCY_MS = 400  # ordinary mobile data, a little worse than the 300 ms that lost taps
TAP_EVERY_MS = 250
# Twelve cards in tap order (two K♥ and two Q♥, a pinochle, three aces): a full hand.
TWELVE = ["AH", "10H", "KH", "QH", "JH", "KH", "QH", "QS", "JD", "AS", "AD", "AC"]


def slow_network(page: Page, latency_ms: int = LATENCY_MS) -> None:
    """Add latency to every request of the page, through chromium's network emulation."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send(
        "Network.emulateNetworkConditions",
        {
            "offline": False,
            "latency": latency_ms,
            "downloadThroughput": -1,
            "uploadThroughput": -1,
        },
    )


def tap_quickly(page: Page, codes: Sequence[str], every_ms: int = TAP_EVERY_MS) -> None:
    """Tap grid cards one after another at a thumb's pace, waiting for no answer."""
    for code in codes:
        add_link(page, code).click()
        page.wait_for_timeout(every_ms)


def sorted_hand(codes: Sequence[str]) -> str:
    """A hand as the page writes it: suit by suit, in meld order."""
    cards = sorted(parse_cards(codes), key=lambda card: (card.suit, card.rank))
    return " ".join(card.code for card in cards)


def expect_counted(page: Page, codes: Sequence[str], game: str = "partnership") -> None:
    """The page shows this hand and the rules core's meld for it, best trump first."""
    preset = PRESETS[game]
    hand_meld = meld_all(parse_cards(codes), preset)
    best = hand_meld.best_trump[0]
    size = max(preset.hand_sizes)
    expect(page.get_by_label("Cards (tap the grid", exact=False)).to_have_value(sorted_hand(codes))
    expect(card_count(page)).to_contain_text(f"{len(codes)} of {size} cards")
    heading = page.locator("#meld-results > h2").first
    expect(heading).to_have_text(f"With {best} as trump: {hand_meld.by_trump[best].total}")
    totals = [*(result.total for result in hand_meld.by_trump.values()), hand_meld.no_trump.total]
    expect(by_trump_totals(page)).to_have_text([str(total) for total in totals])
    expect(page.locator("#meld-results")).not_to_have_attribute("aria-busy", "true")


def held_counts(page: Page) -> dict[str, int]:
    """Each card's count as the grid's take-out links say it."""
    counts = {}
    for link in page.get_by_role("link", name=re.compile(r"^Take out one ")).all():
        label = link.get_attribute("aria-label") or ""
        name, count = re.fullmatch(r"Take out one (.+) \((\d+) in hand\)", label).groups()
        counts[name] = int(count)
    return counts


def test_twelve_quick_taps_on_a_slow_line_keep_twelve_cards(
    page: Page, requested: list[str], live_server: str
) -> None:
    """400 ms of latency, a tap every 250 ms: all twelve cards are kept and counted."""
    open_calculator(page)
    slow_network(page)
    tap_quickly(page, TWELVE)
    expect_counted(page, TWELVE)
    expect(card_count(page)).to_have_text(re.compile(r"^\s*12 of 12 cards\.\s*Clear\s*$"))
    expected = {}
    for code in TWELVE:
        expected[card_name(code)] = expected.get(card_name(code), 0) + 1
    assert held_counts(page) == expected
    # A full hand: no card can be added any more.
    expect(page.get_by_role("link", name=re.compile("^Add the "))).to_have_count(0)
    assert query(page.url) == {"game": "partnership", "hand": sorted_hand(TWELVE)}
    assert still_same_document(page), "a tap reloaded the page"
    expect_stayed_on_site(requested, live_server)


def test_a_small_phone_never_scrolls_sideways_while_a_hand_is_being_counted(
    new_page: Callable[..., Page],
) -> None:
    """At 360×640, with the answer 1.5 s away, the tapped hand's line wraps on screen."""
    page = new_page(viewport=SMALL_PHONE)
    open_calculator(page, "/meld?game=partnership")
    slow_network(page, latency_ms=1500)
    tap_quickly(page, ["AH", "AH", "10H", "KH", "QH", "JH", "QS", "JD"], every_ms=50)

    expect(page.locator("#meld-results")).to_have_attribute("aria-busy", "true")
    assert page.evaluate("document.documentElement.scrollWidth") <= SMALL_PHONE["width"]


def test_each_tap_shows_at_once_before_any_answer(page: Page) -> None:
    """The tapped card's count, the box and "n of 12" change before the server answers."""
    open_calculator(page)
    slow_network(page, latency_ms=3000)
    add_link(page, "QS").click()
    # Well inside the 3 s the answer needs to come back.
    quick = {"timeout": 1000}
    expect(page.get_by_label("Cards (tap the grid", exact=False)).to_have_value("QS", **quick)
    expect(card_count(page)).to_contain_text("1 of 12 cards: a partial hand", **quick)
    remove = page.get_by_role("link", name="Take out one queen of spades (1 in hand)", exact=True)
    expect(remove).to_be_visible(**quick)
    expect(add_link(page, "QS")).to_have_accessible_name("Add the queen of spades, 1 in hand")
    # The meld below is not yet counted for this hand, and says so.
    expect(page.locator("#meld-results")).to_have_attribute("aria-busy", "true", **quick)
    expect_counted(page, ["QS"])


def test_taps_replace_the_address_so_back_leaves_in_one_press(
    page: Page, requested: list[str], live_server: str
) -> None:
    """However many taps, Back once goes to the page before the calculator."""
    page.goto("/")
    page.get_by_role("navigation").get_by_role("link", name="Meld", exact=True).click()
    expect(page.get_by_role("heading", name="What is this hand worth?")).to_be_visible()
    tap_quickly(page, ["AH", "10H", "KH", "QH", "JH"], every_ms=100)
    page.get_by_label("Trump", exact=True).select_option("hearts")
    expect(page.locator("#meld-results > h2").first).to_have_text("With hearts as trump: 150")
    page.get_by_role("link", name="Take out one jack of hearts (1 in hand)", exact=True).click()
    expect_counted(page, ["AH", "10H", "KH", "QH"])
    assert query(page.url) == {"game": "partnership", "hand": "AH 10H KH QH", "trump": "hearts"}
    page.go_back()
    page.wait_for_url(f"{live_server}/")
    expect(page.get_by_role("button", name="New match")).to_be_visible()
    expect_stayed_on_site(requested, live_server)


def test_an_answer_for_an_older_hand_never_replaces_a_newer_one(page: Page) -> None:
    """Tap K♠, then Q♠ while K♠'s count is held up: K♠'s late answer is never shown."""
    open_calculator(page, "/meld?trump=spades")
    held: list[Route] = []

    def hold_the_first(route: Route) -> None:
        if not held:
            held.append(route)  # answered later, by hand, after the second tap
        else:
            route.continue_()

    page.route(lambda url: "hand=KS" in url and "QS" not in url, hold_the_first)
    add_link(page, "KS").click()
    expect(card_count(page)).to_contain_text("1 of 12 cards")
    add_link(page, "QS").click()
    expect(card_count(page)).to_contain_text("2 of 12 cards")
    page.wait_for_timeout(100)  # the page has asked for K♠'s meld by now
    assert held, "no request for the hand of K♠ alone"
    # From here on, keep every state the page shows.
    page.evaluate(
        """() => {
          window.shown = [];
          const note = () => window.shown.push([
            document.querySelector("#hand").value,
            document.querySelector("#meld-results .card-count strong").textContent,
            (document.querySelector("#meld-results > h2") || {}).textContent,
          ]);
          new MutationObserver(note).observe(document.body, {
            subtree: true, childList: true, characterData: true, attributes: true,
          });
        }"""
    )
    held[0].continue_()
    # K♠ Q♠ with spades trump: a royal marriage, 40.
    expect_counted(page, ["KS", "QS"])
    expect(page.locator("#meld-results > h2").first).to_have_text("With spades as trump: 40")
    page.wait_for_timeout(300)  # anything still on its way would have landed by now
    shown = page.evaluate("window.shown")
    assert shown, "the page never showed the answer"
    stale = [state for state in shown if state[0] != "KS QS" or state[1] != "2 of 12 cards"]
    assert not stale, f"an older hand came back: {stale}"
    page.unroute_all(behavior="ignoreErrors")


def drawn_grid(page: Page) -> list[tuple[str, dict[str, str] | None, str]]:
    """The grid and card count as drawn: each control's label, its link's query, its text."""
    controls = page.locator(".tap-grid [aria-label], #meld-results .card-count a")
    drawn = []
    for control in controls.all():
        href = control.get_attribute("href")
        label = control.get_attribute("aria-label") or ""
        drawn.append((label, None if href is None else query(href), control.inner_text()))
    drawn.append(("card count", None, card_count(page).inner_text()))
    return drawn


@pytest.mark.parametrize(
    "codes",
    [["AS", "AS", "KH", "QH"], TWELVE],
    ids=["no third ace of spades", "a full hand"],
)
def test_a_tap_drawn_in_the_page_is_what_the_server_draws(page: Page, codes: list[str]) -> None:
    """Counts, labels, links (+ and −, disabled cards) and "n of 12": the same either way."""
    open_calculator(page, "/meld?trump=hearts")
    held: list[Route] | None = []

    def hold(route: Route) -> None:
        if held is not None:
            held.append(route)  # no answer until the grid drawn in the page is read
        else:
            route.continue_()

    page.route(lambda url: "hand=" in url, hold)
    tap_quickly(page, codes, every_ms=0)
    expect(page.get_by_label("Cards (tap the grid", exact=False)).to_have_value(sorted_hand(codes))
    expect(page.locator("#meld-results")).to_have_attribute("aria-busy", "true")
    in_page = drawn_grid(page)
    waiting, held = held, None
    for route in waiting:
        route.continue_()
    expect_counted(page, codes)
    assert drawn_grid(page) == in_page


def test_taps_made_offline_are_counted_when_the_line_is_back(page: Page) -> None:
    """No network at all: taps still show; back online, the hand is counted as tapped."""
    open_calculator(page)
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    conditions = {"latency": 0, "downloadThroughput": -1, "uploadThroughput": -1}
    cdp.send("Network.emulateNetworkConditions", {**conditions, "offline": True})
    tap_quickly(page, ["KS", "QS", "QS", "JD", "JD"])
    expect(card_count(page)).to_contain_text("5 of 12 cards")
    expect(page.locator("#meld-results")).to_have_attribute("aria-busy", "true")
    page.wait_for_timeout(1500)  # the page has tried, and failed, at least once
    cdp.send("Network.emulateNetworkConditions", {**conditions, "offline": False})
    expect_counted(page, ["KS", "QS", "QS", "JD", "JD"])


def test_quick_taps_after_typing_keep_the_typed_cards(page: Page) -> None:
    """Cards typed in any notation, then tapped at once on a slow line: none is lost."""
    open_calculator(page)
    slow_network(page)
    page.get_by_label("Cards (tap the grid", exact=False).fill("S14 S10")
    tap_quickly(page, ["KS", "QS"], every_ms=50)
    expect_counted(page, ["AS", "10S", "KS", "QS"])


def test_without_javascript_a_tap_is_a_link_that_loads_the_page(
    new_page: Callable[..., Page],
) -> None:
    """No script: each card is a plain link, and the page it loads holds the hand."""
    page = new_page(java_script_enabled=False)
    page.goto("/meld")
    for code in ("KS", "QS"):
        add_link(page, code).click()
        page.wait_for_load_state("load")
    expect(page.locator("#meld-results > h2").first).to_have_text("With spades as trump: 40")
    expect(card_count(page)).to_contain_text("2 of 12 cards")
    assert query(page.url) == {"game": "partnership", "hand": "KS QS"}


# ------------------------------------------------------------------ the score sheet


def test_count_meld_from_cards_keeps_every_quick_tap_on_a_slow_line(page: Page) -> None:
    """The hand form's card taps on a slow line: every card is kept, the preview settles."""
    start_match(page, ["Ann", "Bob", "Cat", "Dan"], teams=["Us", "Them"])
    tap_choice(page, "bidder", "Ann")
    page.get_by_label("Bid", exact=True).fill("300")
    tap_choice(page, "trump", "hearts")
    page.locator("details.meld-cards summary", has_text="Count meld from cards").click()
    field = page.get_by_label("Ann meld cards", exact=True)
    expect(field).to_be_visible()
    slow_network(page)
    cards = ["AH", "10H", "KH", "QH", "JH", "KH", "QS", "JD"]
    for code in cards:
        name = f"Add the {card_name(code)} to Ann meld cards"
        page.get_by_role("button", name=name, exact=True).click()
        page.wait_for_timeout(TAP_EVERY_MS)
    expect(field).to_have_value(" ".join(cards))
    total = meld_all(parse_cards(cards), PRESETS["partnership"]).by_trump["hearts"].total
    expect(page.locator("#preview")).to_contain_text(f"Us meld from cards: {total}.")
    expect(page.get_by_label("Us meld", exact=True)).to_have_value(str(total))
