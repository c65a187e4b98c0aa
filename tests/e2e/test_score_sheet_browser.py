"""The score sheet in a real browser, played like a kitchen table plays it (issue 3).

Every hand is entered through the page: tap the bidder, type the bid, tap the trump suit,
type each side's meld and one side's trick points, read the live preview, save. The
expected numbers follow RULES.md; each hand's arithmetic is spelled out next to it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.e2e.playing import (
    SMALL_PHONE,
    edit_link,
    expect_stayed_on_site,
    expect_totals,
    fill_hand,
    ledger_cells,
    open_page,
    save_hand,
    shown,
    start_match,
)

pytestmark = pytest.mark.e2e

TAP_TARGET = 44  # px, the quality bar
Screenshot = Callable[[Page, str], Path]


# ------------------------------------------------------------------ playing the site


def preview(page: Page) -> Locator:
    """The live preview under the form."""
    return page.locator("#preview")


def expect_ledger_row(
    page: Page,
    number: int,
    result: str,
    points: Sequence[int],
    totals: Sequence[int],
    tricks: Sequence[int] | None = None,
) -> None:
    """A hand's card: its result badge, the points it scored, the running totals."""
    row = page.locator(f"#hand-{number}")
    expect(row.locator(".badge")).to_have_text(re.compile(rf"^\s*{result}\s*$", re.I))
    expect(ledger_cells(page, number, "Points")).to_have_text([shown(p) for p in points])
    expect(ledger_cells(page, number, "Total")).to_have_text([shown(t) for t in totals])
    if tricks is not None:
        expect(ledger_cells(page, number, "Tricks")).to_have_text([str(t) for t in tricks])


# ------------------------------------------------------------------ partnership


def test_partnership_match_played_to_the_end(
    page: Page, requested: list[str], live_server: str, screenshot: Screenshot
) -> None:
    """Made, set, throw-in, a game won; then fixing hand 2 hands the game to the bidder."""
    start_match(page, ["Ann", "Bob", "Cat", "Dan"], teams=["Us", "Them"])
    expect_totals(page, 0, 0)
    expect(page.locator(".match-facts")).to_contain_text("Ann deals next")
    expect(page.locator(".match-facts")).to_contain_text("Game to 1500")

    # Hand 1, made. Ann (Us) bids 300 with 120 meld: needs 180 of the 250 trick points.
    # Us take 190 (Them 60 fill themselves): Us 120 + 190 = 310 >= 300, +310;
    # Them 60 + 60 = 120.
    fill_hand(page, "Ann", 300, "hearts", {"Us": 120, "Them": 60})
    expect(preview(page)).to_contain_text("Us: 180 more needed from tricks to make 300")
    # Why there is no throw-in is said under "Other outcomes", not in the bar at the foot.
    expect(page.locator("#throw-in-verdict")).to_contain_text(
        "No throw-in: bid 300 − meld 120 = 180"
    )
    expect(preview(page).get_by_role("button")).to_have_count(0)
    page.get_by_label("Us tricks", exact=True).fill("190")
    expect(page.get_by_label("Them tricks", exact=True)).to_have_value("60")
    expect(preview(page)).to_contain_text("Us made 300 with 310; Them +120")
    expect(preview(page)).to_contain_text("Totals after this hand: Us 310 · Them 120")
    save_hand(page, 1)
    expect_totals(page, 310, 120)
    expect_ledger_row(page, 1, "made", [310, 120], [310, 120], tricks=[190, 60])
    expect(page.locator("#hand-1")).to_contain_text("Ann bid 300")
    expect(page.locator(".match-facts")).to_contain_text("Bob deals next")
    screenshot(page, "partnership-1-made")

    # Hand 2, set. Bob (Them) bids 350 with 100 meld; Them take 200 (typed on their side,
    # Us 50 fill themselves): 100 + 200 = 300 < 350, so Them score -350; Us 40 + 50 = 90.
    fill_hand(page, "Bob", 350, "spades", {"Us": 40, "Them": 100}, {"Them": 200})
    expect(page.get_by_label("Us tricks", exact=True)).to_have_value("50")
    expect(preview(page)).to_contain_text("Them went set: bid 350, had 300, scores −350; Us +90")
    save_hand(page, 2)
    expect_totals(page, 400, -230)
    expect_ledger_row(page, 2, "set", [90, -350], [400, -230], tricks=[50, 200])

    # Hand 3, thrown in. Cat (Us) bids 330. With 100 meld, 330 - 100 = 230 is within the
    # 250 trick points: no throw-in offered. With 60 meld, 270 > 250: the button appears.
    # Us score -330, Them their meld, 80.
    fill_hand(page, "Cat", 330, "diamonds", {"Us": 100, "Them": 80})
    expect(preview(page)).to_contain_text("Us: 230 more needed from tricks to make 330")
    expect(page.locator("#throw-in-verdict")).to_contain_text(
        "No throw-in: bid 330 − meld 100 = 230 is not more than the 250 trick points there are"
    )
    expect(preview(page).get_by_role("button", name=re.compile("Throw in"))).to_have_count(0)
    page.get_by_label("Us meld", exact=True).fill("60")
    expect(preview(page)).to_contain_text(
        "Throw-in allowed: bid 330 − meld 60 = 270 is more than the 250 trick points there are"
    )
    throw_in = preview(page).get_by_role("button", name=re.compile("Throw in"))
    expect(throw_in).to_have_text(re.compile(r"^\s*Throw in: Us −330\b.* their meld\s*$"))
    throw_in.click()
    expect(page.locator("#hand-3")).to_be_visible()
    expect_totals(page, 70, -150)
    expect_ledger_row(page, 3, "thrown in", [-330, 80], [70, -150])
    expect(ledger_cells(page, 3, "Tricks")).to_have_text(["–", "–"])

    # Hand 4: Ann bids 500 with 380 meld, Us take 170: 550, made; Them 40 + 80 = 120.
    fill_hand(page, "Ann", 500, "clubs", {"Us": 380, "Them": 40}, {"Us": 170})
    expect(preview(page)).to_contain_text("Us made 500 with 550; Them +120")
    save_hand(page, 4)
    expect_totals(page, 620, -30)

    # Hand 5: Cat bids 600 with 450 meld, Us take 200: 650, made; Them 60 + 50 = 110.
    fill_hand(page, "Cat", 600, "hearts", {"Us": 450, "Them": 60}, {"Us": 200})
    expect(preview(page)).to_contain_text("Us made 600 with 650; Them +110")
    save_hand(page, 5)
    expect_totals(page, 1270, 80)

    # Hand 6: Dan bids 700 with 560 meld, Them take 200: 760, made; Us 300 + 50 = 350.
    # Us reach 1620, Them 840: Us alone pass 1500 and win.
    fill_hand(page, "Dan", 700, "spades", {"Us": 300, "Them": 560}, {"Them": 200})
    expect(preview(page)).to_contain_text("Game over: Us reached 1500")
    save_hand(page, 6)
    expect_totals(page, 1620, 840)
    banner = page.locator("article.banner")
    expect(banner.get_by_role("heading")).to_have_text("Us wins")
    expect(banner).to_contain_text("Us reached 1500.")
    expect(page.locator("form.hand-form")).to_have_count(0)
    screenshot(page, "partnership-2-us-won")

    # Hand 2 was misread: Them had 160 meld, so 160 + 200 = 360 made their 350 (+360,
    # not -350). Their totals rise by 710: 120, 480, 560, 680, 790, then 1550 on hand 6,
    # the hand where Us reach 1620. Both teams pass 1500 on hand 6; Them held the bid,
    # so Them win with fewer points.
    open_page(page, edit_link(page, 2))
    expect(page.get_by_role("heading", name="Edit hand 2")).to_be_visible()
    expect(page.get_by_label("Bid", exact=True)).to_have_value("350")
    expect(page.get_by_label("Them meld", exact=True)).to_have_value("100")
    expect(page.get_by_label("Them tricks", exact=True)).to_have_value("200")
    page.get_by_label("Them meld", exact=True).fill("160")
    expect(preview(page)).to_contain_text("Them made 350 with 360; Us +90")
    expect(preview(page)).to_contain_text("Totals after this hand: Us 400 · Them 480")
    open_page(page, page.get_by_role("button", name="Save changes"))
    expect_totals(page, 1620, 1550)
    expect_ledger_row(page, 2, "made", [90, 360], [400, 480])
    expect_ledger_row(page, 6, "made", [350, 760], [1620, 1550])
    banner = page.locator("article.banner")
    expect(banner.get_by_role("heading")).to_have_text("Them wins")
    expect(banner).to_contain_text("Both teams passed 1500; Them held the bid.")
    expect(page.locator(".side.winner .side-name")).to_have_text("Them")
    expect(page.locator("form.hand-form")).to_have_count(0)
    expect(page.get_by_role("button", name="Save hand", exact=True)).to_have_count(0)
    screenshot(page, "partnership-3-them-won-after-edit")

    # The home page lists the finished match with its winner; it opens from there.
    page.goto("/")
    finished = page.get_by_role("link", name="Them won: Us 1620, Them 1550")
    expect(finished.locator("xpath=..")).to_contain_text(
        "Both teams passed 1500; Them held the bid."
    )
    expect(finished.locator("xpath=..")).to_contain_text("Us: Ann and Cat · Them: Bob and Dan")
    open_page(page, finished)
    expect(page.locator("article.banner")).to_contain_text("Them wins")

    # Rematch: a new match with the same names and rules; the next player deals first.
    finished_url = page.url
    open_page(page, page.get_by_role("button", name=re.compile("Rematch")))
    expect(page.get_by_role("heading", name="Hand 1")).to_be_visible()
    assert page.url != finished_url
    expect_totals(page, 0, 0)
    expect(page.locator(".side-name")).to_have_text(["Us", "Them"])
    expect(page.locator("#bidder-group label.choice")).to_have_text(["Ann", "Bob", "Cat", "Dan"])
    expect(page.locator(".match-facts")).to_contain_text("Bob deals next")
    expect(page.get_by_text("No hands yet.")).to_be_visible()

    expect_stayed_on_site(requested, live_server)


# ------------------------------------------------------------------ three-handed


def test_three_handed_match(
    page: Page, requested: list[str], live_server: str, screenshot: Screenshot
) -> None:
    """Three players each alone: minimum bid 300, only non-bidders must take a trick."""
    start_match(page, ["Ann", "Bob", "Cat"], teams=(), game="three-handed")
    expect(page.locator(".side-name")).to_have_text(["Ann", "Bob", "Cat"])
    expect(page.get_by_label("Bid", exact=True)).to_have_attribute("min", "300")

    # Hand 1: Ann bids 300 with 150 meld and takes 170: 320, made. Bob 100 + 80 = 180.
    # Cat took no tricks, and a non-bidder must take one to keep meld: Cat scores 0.
    fill_hand(
        page,
        "Ann",
        300,
        "spades",
        {"Ann": 150, "Bob": 100, "Cat": 80},
        {"Ann": 170, "Bob": 80, "Cat": 0},
    )
    # With the tricks in, the preview says what the bidder got, not what they needed.
    expect(preview(page)).not_to_contain_text("more needed")
    expect(preview(page)).to_contain_text(
        "Ann made 300 with 320; Bob +180, Cat 0; Cat took no tricks, so their meld does not count"
    )
    save_hand(page, 1)
    expect_totals(page, 320, 180, 0)

    # Hand 2: Bob bids 350 with 120 meld and takes 110: 230 < 350, set, -350.
    # Ann 60 + 100 = 160, Cat 40 + 40 = 80.
    fill_hand(
        page,
        "Bob",
        350,
        "hearts",
        {"Ann": 60, "Bob": 120, "Cat": 40},
        {"Ann": 100, "Bob": 110, "Cat": 40},
    )
    expect(preview(page)).to_contain_text("Bob went set: bid 350, had 230, scores −350")
    save_hand(page, 2)
    expect_totals(page, 480, -170, 80)
    expect_ledger_row(page, 2, "set", [160, -350, 80], [480, -170, 80])

    # Hand 3: a bid of 290 is under the minimum: the site says so next to the bid, and
    # saves nothing.
    fill_hand(page, "Cat", 290, "diamonds", {"Ann": 20, "Bob": 40, "Cat": 200})
    bid = page.get_by_label("Bid", exact=True)
    assert bid.evaluate("(input) => input.validity.rangeUnderflow")
    page.get_by_role("button", name="Save hand", exact=True).click()
    expect(page.locator("#bid-error")).to_contain_text(
        "Bid 290 is under the minimum of 300; enter 300 or more."
    )
    expect(page.locator("#hand-3")).to_have_count(0)
    expect(page.locator(".htmx-request, .htmx-swapping, .htmx-settling")).to_have_count(0)
    # Trick points that add up to 260 are a rule error: it sits by the tricks, nothing saved.
    bid.fill("300")
    page.get_by_label("Ann tricks", exact=True).fill("30")
    page.get_by_label("Bob tricks", exact=True).fill("100")
    page.get_by_label("Cat tricks", exact=True).fill("130")
    expect(preview(page)).to_contain_text(
        "Trick points 30 + 100 + 130 = 260, but a hand has 250; correct them to add up to 250"
    )
    page.get_by_role("button", name="Save hand", exact=True).click()
    expect(page.locator("#tricks-error")).to_contain_text(
        re.compile(
            r"trick points 30 \+ 100 \+ 130 = 260, but a hand has 250; "
            r"correct them to add up to 250",
            re.I,
        )
    )
    expect(page.locator("#tricks-group")).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#hand-3")).to_have_count(0)
    expect_totals(page, 480, -170, 80)
    # The refused hand's form was just swapped in: let htmx finish wiring it before typing.
    expect(page.locator(".htmx-request, .htmx-swapping, .htmx-settling")).to_have_count(0)
    # Corrected: Cat took 120, and Bob's field is left blank for the server to fill:
    # 250 - 30 - 120 = 100. Cat 200 + 120 = 320, made; Ann 20 + 30 = 50; Bob 40 + 100 = 140.
    expect(bid).to_have_value("300")
    page.get_by_label("Bob tricks", exact=True).fill("")
    page.get_by_label("Cat tricks", exact=True).fill("120")
    expect(preview(page)).to_contain_text("Cat made 300 with 320; Ann +50, Bob +140")
    save_hand(page, 3)
    expect_totals(page, 530, -30, 400)
    expect_ledger_row(page, 3, "made", [50, 140, 320], [530, -30, 400], tricks=[30, 100, 120])

    # Hand 4: Ann bids 300 with 300 meld and takes no trick. The bidder needs no trick to
    # keep meld in three-handed: 300, made. Bob 20 + 130 = 150, Cat 40 + 120 = 160.
    fill_hand(
        page,
        "Ann",
        300,
        "clubs",
        {"Ann": 300, "Bob": 20, "Cat": 40},
        {"Ann": 0, "Bob": 130, "Cat": 120},
    )
    expect(preview(page)).to_contain_text("Ann made 300 with 300; Bob +150, Cat +160")
    save_hand(page, 4)
    expect_totals(page, 830, 120, 560)

    # Hand 5: Bob bids 320 and throws in (any time before play in three-handed):
    # Bob -320, Ann and Cat their meld, 60 and 30.
    fill_hand(page, "Bob", 320, "diamonds", {"Ann": 60, "Bob": 100, "Cat": 30})
    expect(preview(page)).to_contain_text("Bob: 220 more needed from tricks to make 320")
    # Allowed on every hand here, the throw-in waits under "Other outcomes".
    expect(preview(page).get_by_role("button", name=re.compile("Throw in"))).to_have_count(0)
    page.locator(".rare-outcomes > summary").click()
    offer = page.locator("#throw-in-verdict")
    expect(offer).to_contain_text("Throw-in allowed: the bidder may throw in any time")
    throw_in = offer.get_by_role("button", name=re.compile("Throw in"))
    expect(throw_in).to_have_text(re.compile(r"^\s*Throw in: Bob −320\b.* their meld\s*$"))
    throw_in.click()
    expect(page.locator("#hand-5")).to_be_visible()
    expect_totals(page, 890, -200, 590)
    expect_ledger_row(page, 5, "thrown in", [60, -320, 30], [890, -200, 590])
    # Ann, Bob, Cat, Ann, Bob dealt: Cat deals next.
    expect(page.locator(".match-facts")).to_contain_text("Cat deals next")
    screenshot(page, "three-handed")

    expect_stayed_on_site(requested, live_server)


# ------------------------------------------------------------------ double-deck


def test_double_deck_match(
    page: Page, requested: list[str], live_server: str, screenshot: Screenshot
) -> None:
    """Double-deck: bids from 50 in steps of 1, 50 trick points, meld minimum 20, forfeits."""
    start_match(page, ["Ann", "Bob", "Cat", "Dan"], teams=["Us", "Them"], game="double-deck")
    expect(page.locator(".match-facts")).to_contain_text("Game to 500")

    # The steppers start at the minimum and never go under it.
    bid = page.get_by_label("Bid", exact=True)
    expect(bid).to_have_attribute("placeholder", "50")
    page.get_by_role("button", name="Bid 1 more").click()
    expect(bid).to_have_value("50")
    page.get_by_role("button", name="Bid 1 more").click()
    expect(bid).to_have_value("51")
    page.get_by_role("button", name="Bid 1 less").click()
    page.get_by_role("button", name="Bid 1 less").click()
    expect(bid).to_have_value("50")

    # Hand 1: Ann (Us) bids 60 with 30 meld: needs 30 of 50. Us take 35 (Them 15 fill
    # themselves): 65, made; Them 20 + 15 = 35.
    fill_hand(page, "Ann", 60, "hearts", {"Us": 30, "Them": 20})
    expect(preview(page)).to_contain_text("Us: 30 more needed from tricks to make 60")
    page.get_by_label("Us tricks", exact=True).fill("35")
    expect(page.get_by_label("Them tricks", exact=True)).to_have_value("15")
    expect(preview(page)).to_contain_text("Us made 60 with 65; Them +35")
    save_hand(page, 1)
    expect_totals(page, 65, 35)
    expect_ledger_row(page, 1, "made", [65, 35], [65, 35], tricks=[35, 15])

    # Hand 2: Bob (Them) bids 55 and has no marriage in trump: one tap forfeits it.
    # Them -55; Us melded 12, under the minimum of 20, so Us score 0.
    fill_hand(page, "Bob", 55, "clubs", {"Us": 12, "Them": 25})
    page.locator(".rare-outcomes > summary").click()  # folded away from Save
    page.get_by_role("button", name=re.compile("^Forfeit: no marriage in trump")).click()
    expect(page.locator("#hand-2")).to_be_visible()
    expect_totals(page, 65, -20)
    expect_ledger_row(page, 2, "forfeit", [0, -55], [65, -20])
    expect(page.locator("#hand-2 .row-sentence")).to_contain_text(
        "Them forfeited 55: no marriage in trump; Us 0"
    )

    # Hand 3: Cat (Us) bids 50 with 15 meld, under the minimum of 20: forfeit whatever the
    # tricks. Us -50; Them their meld, 40.
    fill_hand(page, "Cat", 50, "spades", {"Us": 15, "Them": 40}, {"Us": 20})
    expect(page.get_by_label("Them tricks", exact=True)).to_have_value("30")
    expect(preview(page)).to_contain_text(
        "Us forfeited 50: meld 15 is under the minimum of 20; Them +40"
    )
    save_hand(page, 3)
    expect_totals(page, 15, 20)
    expect_ledger_row(page, 3, "forfeit", [-50, 40], [15, 20])
    screenshot(page, "double-deck")

    expect_stayed_on_site(requested, live_server)


# ------------------------------------------------------------------ phone quality


def sideways_scroll(page: Page, width: int = SMALL_PHONE["width"]) -> list[str]:
    """The page is wider than the screen (it scrolls sideways)."""
    scroll_width = page.evaluate("document.documentElement.scrollWidth")
    return [f"scrolls sideways: {scroll_width}px > {width}px"] if scroll_width > width else []


# What a thumb taps on each page: the navigation, buttons, links and the big radio labels
# (on the home page, links inside sentences are left alone) …
BUTTONS_AND_CHOICES = {
    "home": "nav a, main [role='button'], main button",
    "new match": "nav a, main :is(button, [role='button'], a, label.choice)",
    "match": "nav a, main :is(button, [role='button'], a, label.choice)",
}
# … and the smaller controls: checkbox labels and the summaries of folded sections.
SMALL_CONTROLS = "main :is(label:has(input[type='checkbox']), summary)"


def short_tap_targets(page: Page, targets: str) -> list[str]:
    """Visible tap targets (a selector) shorter than 44px."""
    short = []
    for target in page.locator(targets).all():
        if not target.is_visible():
            continue
        box = target.bounding_box()
        assert box is not None
        if box["height"] < TAP_TARGET:
            name = " ".join(target.inner_text().split())
            short.append(f"{name!r} is {box['height']:.0f}px tall")
    return short


UNLABELLED_INPUTS = """
() => Array.from(document.querySelectorAll("input:not([type=hidden]), select, textarea"))
  .filter((input) => input.checkVisibility())
  .filter((input) => !Array.from(input.labels || []).some(
    (label) => label.checkVisibility() && label.textContent.trim() !== ""))
  .map((input) => `input ${input.id || input.name} has no visible label`)
"""


def small_phone_pages(page: Page, screenshot: Screenshot) -> Iterator[str]:
    """Walk the home page, a new match and a match with a hand; yield each page's name."""
    page.goto("/")
    yield "home"

    open_page(page, page.get_by_role("button", name="New match"))
    expect(page.get_by_role("heading", name="New match")).to_be_visible()
    page.locator("details.house-rules > summary").click()
    expect(page.get_by_label("Min bid")).to_be_visible()
    yield "new match"

    page.get_by_label("Team 1", exact=True).fill("Us")
    page.get_by_label("Team 2", exact=True).fill("Them")
    # Every player is named (a blank name is refused): as the seats are called.
    for seat in range(1, 5):
        page.get_by_label(re.compile(rf"^Player {seat}\b")).fill(f"Player {seat}")
    open_page(page, page.get_by_role("button", name="Start the match"))
    expect(page.get_by_role("heading", name="Hand 1")).to_be_visible()
    fill_hand(page, "Player 1", 300, "hearts", {"Us": 120, "Them": 60}, {"Us": 190})
    expect(preview(page)).to_contain_text("Us made 300 with 310")
    save_hand(page, 1)
    # A preview offering a throw-in, so its button is measured too.
    fill_hand(page, "Player 2", 330, "diamonds", {"Us": 60, "Them": 60})
    expect(preview(page)).to_contain_text("bid 330 − meld 60 = 270")
    expect(preview(page).get_by_role("button", name=re.compile("Throw in"))).to_be_visible()
    screenshot(page, "phone-360-match")
    yield "match"


def test_pages_fit_a_small_phone(
    new_page: Callable[..., Page], requested: list[str], live_server: str, screenshot: Screenshot
) -> None:
    """At 360×640: no sideways scroll, every input labelled, buttons and links 44px tall."""
    page = new_page(viewport=SMALL_PHONE)
    problems = []
    for name in small_phone_pages(page, screenshot):
        found = sideways_scroll(page)
        found += page.evaluate(UNLABELLED_INPUTS)
        found += short_tap_targets(page, BUTTONS_AND_CHOICES[name])
        problems += [f"{name}: {problem}" for problem in found]
    assert not problems, "fails the phone quality bar:\n" + "\n".join(problems)
    expect_stayed_on_site(requested, live_server)


def test_small_controls_are_44px_tall_on_a_small_phone(
    new_page: Callable[..., Page], screenshot: Screenshot
) -> None:
    """At 360×640, checkboxes (with their labels) and folded sections are tapped too."""
    page = new_page(viewport=SMALL_PHONE)
    problems = []
    for name in small_phone_pages(page, screenshot):
        problems += [f"{name}: {problem}" for problem in short_tap_targets(page, SMALL_CONTROLS)]
    assert not problems, "tap targets under 44px:\n" + "\n".join(problems)


def test_match_page_works_without_javascript(
    new_page: Callable[..., Page], requested: list[str], live_server: str, screenshot: Screenshot
) -> None:
    """Plain forms: start a match, save a hand with one trick field blank, throw in."""
    page = new_page(java_script_enabled=False)
    start_match(page, ["Ann", "Bob", "Cat", "Dan"], teams=["Us", "Them"])
    # No script, no steppers; the throw-in button is a plain one.
    expect(page.locator(".steppers:visible")).to_have_count(0)
    page.locator(".rare-outcomes > summary").click()
    throw_in = page.get_by_role("button", name=re.compile("^Throw in"))
    expect(throw_in).to_have_text("Throw in: the bidder concedes the bid")

    # Ann bids 300, Us 120 meld and 190 tricks; Them's trick field stays blank and the
    # server fills it: 250 - 190 = 60. Us 310, made; Them 60 + 60 = 120.
    fill_hand(page, "Ann", 300, "hearts", {"Us": 120, "Them": 60}, {"Us": 190})
    expect(page.get_by_label("Them tricks", exact=True)).to_have_value("")
    save_hand(page, 1)
    expect_totals(page, 310, 120)
    expect_ledger_row(page, 1, "made", [310, 120], [310, 120], tricks=[190, 60])

    # Bob bids 330 with 60 meld and throws in with the plain button: Them -330, Us +60.
    fill_hand(page, "Bob", 330, "spades", {"Us": 60, "Them": 60})
    page.locator(".rare-outcomes > summary").click()
    throw_in.click()
    expect(page.locator("#hand-2")).to_be_visible()
    expect_totals(page, 370, -210)
    expect_ledger_row(page, 2, "thrown in", [60, -330], [370, -210])
    screenshot(page, "no-javascript-match")

    expect_stayed_on_site(requested, live_server)
