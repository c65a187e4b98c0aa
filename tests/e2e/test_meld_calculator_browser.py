"""The meld calculator in a real browser, and its meld carried into a match (issue 4).

Hands are built the way a player builds them: tap the cards of the grid one by one (or
type them), pick the trump, read the meld. The expected numbers follow RULES.md
(partnership: run 150, royal marriage 40, common marriage 20, pinochle 40 / 300, aces
around 100; `run_extras` is `flush`, so each extra trump king or queen marries a run card).
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable, Sequence
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import Locator, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.e2e.playing import (
    SMALL_PHONE,
    edit_link,
    expect_stayed_on_site,
    expect_totals,
    ledger_cells,
    open_page,
    shown,
    start_match,
    tap_choice,
)

pytestmark = pytest.mark.e2e

Screenshot = Callable[[Page, str], Path]

RANK_NAMES = {"A": "ace", "10": "ten", "K": "king", "Q": "queen", "J": "jack", "9": "nine"}
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
ADD_LABEL = re.compile(
    r"^Add the (ace|ten|king|queen|jack|nine) of (spades|hearts|diamonds|clubs), \d in hand$"
)


def card_name(code: str) -> str:
    """A card in plain notation in words, as the page says it: ``QS`` is ``queen of spades``."""
    return f"{RANK_NAMES[code[:-1]]} of {SUIT_NAMES[code[-1]]}"


def card_symbol(code: str) -> str:
    """A card in plain notation as the page shows it: ``10H`` is ``10♥``."""
    return code[:-1] + SUIT_SYMBOLS[code[-1]]


# ------------------------------------------------------------------ the calculator


def open_calculator(page: Page, path: str = "/meld") -> None:
    """Open the calculator and mark the document, to tell later whether it was reloaded."""
    page.goto(path)
    expect(page.get_by_role("heading", name="What is this hand worth?")).to_be_visible()
    page.evaluate("window.sameDocument = true")


def still_same_document(page: Page) -> bool:
    """The page changed in place (htmx): the document opened by open_calculator is still up."""
    return page.evaluate("window.sameDocument === true")


def add_link(page: Page, code: str) -> Locator:
    """The grid's link that adds one more of a card, whatever the count in hand."""
    name = re.escape(card_name(code))
    return page.get_by_role("link", name=re.compile(rf"^Add the {name}, \d+ in hand$"))


def held(page: Page, code: str) -> int:
    """How many of a card the grid says are in hand (its count badge)."""
    remove = page.get_by_role("link", name=re.compile(rf"^Take out one {card_name(code)} \("))
    if remove.count() == 0:
        return 0
    return int(remove.locator(".count").inner_text())


def tap(page: Page, *codes: str) -> None:
    """Tap cards of the grid, one at a time, each time waiting for its count to go up."""
    for code in codes:
        count = held(page, code)
        link = add_link(page, code)
        expect(link).to_have_accessible_name(f"Add the {card_name(code)}, {count} in hand")
        link.click()
        remove = f"Take out one {card_name(code)} ({count + 1} in hand)"
        expect(page.get_by_role("link", name=remove, exact=True)).to_be_visible()


def choose_trump(page: Page, suit: str) -> None:
    """Pick the trump in the select; the meld follows in place (and the URL with it)."""
    page.get_by_label("Trump", exact=True).select_option(suit)
    expect(page.locator("#meld-results > h2").first).to_have_text(
        re.compile(rf"^With {suit} as trump: \d+$")
    )


def card_count(page: Page) -> Locator:
    """The "N of 12 cards" line under the grid."""
    return page.locator("#meld-results .card-count")


def by_trump_totals(page: Page) -> Locator:
    """The meld under each trump: spades, hearts, diamonds, clubs, then no trump."""
    return page.locator("table.by-trump tbody tr td:nth-of-type(1)")


def best_rows(page: Page) -> Locator:
    """The rows of the by-trump table marked best."""
    return page.locator("table.by-trump tbody tr.best")


def shown_melds(page: Page) -> Locator:
    """Each meld by name, with its points and its cards, under the trump shown."""
    return page.locator("#meld-results > h2:first-of-type + ul.melds > li")


def expect_meld(
    page: Page, trump: str, total: int, melds: Sequence[str], by_trump: Sequence[int]
) -> None:
    """The trump's total, its named melds, the by-trump table and its best marker(s)."""
    expect(page.locator("#meld-results > h2").first).to_have_text(f"With {trump} as trump: {total}")
    expect(shown_melds(page)).to_have_text(list(melds))
    expect(by_trump_totals(page)).to_have_text([str(points) for points in by_trump])
    best = max(by_trump[:4])
    suits = [s for s, points in zip(SUIT_NAMES.values(), by_trump, strict=False) if points == best]
    expect(best_rows(page).locator("th")).to_have_text([re.compile(rf"{s}$") for s in suits])
    expect(best_rows(page).locator("td:last-child")).to_have_text(["best"] * len(suits))


def query(url: str) -> dict[str, str]:
    """A URL's query string as a plain dict (one value a name)."""
    return {name: values[0] for name, values in parse_qs(urlsplit(url).query).items()}


def expect_query(page: Page, expected: dict[str, str]) -> None:
    """The page's URL (replaced after a tap) holds this query, and nothing else."""
    # On a timeout, the assertion below says what the URL holds instead.
    with contextlib.suppress(PlaywrightTimeout):
        page.wait_for_url(lambda url: query(url) == expected, timeout=5000)
    assert query(page.url) == expected


# The RULES.md examples: the cards tapped, the trump, the total, the melds named under that
# trump (cards in the page's order), and the meld under ♠ ♥ ♦ ♣ and with no trump.
RULES_EXAMPLES = {
    # Hearts run 150 + the extra K♥ marries the run's Q♥ (flush) 40 = 190. Under any other
    # trump the two K♥ and the one Q♥ are one common marriage, 20.
    "run with an extra king": (
        ["AH", "10H", "KH", "QH", "JH", "KH"],
        "hearts",
        190,
        ["Run 150: A♥ 10♥ K♥ Q♥ J♥", "Royal marriage 40: K♥ Q♥"],
        [20, 190, 20, 20, 20],
    ),
    # 150 + extra K 40 + extra Q 40 = 230; elsewhere two common marriages, 40.
    "run with an extra king and queen": (
        ["AH", "10H", "KH", "QH", "JH", "KH", "QH"],
        "hearts",
        230,
        ["Run 150: A♥ 10♥ K♥ Q♥ J♥", "Royal marriage 40: K♥ Q♥", "Royal marriage 40: K♥ Q♥"],
        [40, 230, 40, 40, 40],
    ),
    # Two Q♠ and two J♦: double pinochle, 300 under any trump (all four are best).
    "double pinochle": (
        ["QS", "JD", "QS", "JD"],
        "hearts",
        300,
        ["Double pinochle 300: Q♠ J♦ Q♠ J♦"],
        [300, 300, 300, 300, 300],
    ),
    # Aces around 100 + pinochle 40 = 140 under any trump (the Q♠ has no king to marry).
    "aces around with a pinochle": (
        ["AS", "AH", "AD", "AC", "QS", "JD"],
        "spades",
        140,
        ["Pinochle 40: Q♠ J♦", "Aces around 100: A♠ A♥ A♦ A♣"],
        [140, 140, 140, 140, 140],
    ),
}


@pytest.mark.parametrize("example", list(RULES_EXAMPLES))
def test_the_rules_examples_tapped_out(
    page: Page, requested: list[str], live_server: str, screenshot: Screenshot, example: str
) -> None:
    """Pick the trump, tap the cards: the total, the named melds and the best trump."""
    cards, trump, total, melds, by_trump = RULES_EXAMPLES[example]
    open_calculator(page)
    expect(card_count(page)).to_have_text("0 of 12 cards.")
    choose_trump(page, trump)
    expect(page.locator("#meld-results > h2").first).to_have_text(f"With {trump} as trump: 0")
    tap(page, *cards)
    expect(card_count(page)).to_contain_text(f"{len(cards)} of 12 cards: a partial hand")
    expect_meld(page, trump, total, melds, by_trump)
    expect(page.get_by_label("Trump", exact=True)).to_have_value(trump)
    assert still_same_document(page), "a tap reloaded the page"
    screenshot(page, f"meld-{example}")
    expect_stayed_on_site(requested, live_server)


def test_the_url_holds_the_hand_and_a_reload_shows_the_same(
    page: Page, requested: list[str], live_server: str
) -> None:
    """Taps put the hand and trump in the URL; reloading it (or sharing it) shows the same."""
    open_calculator(page)
    choose_trump(page, "hearts")
    tap(page, "AH", "10H", "KH", "QH", "JH", "KH")
    # The hand is kept suit by suit in meld order (A 10 K Q J 9), whatever the tap order.
    hand = "AH 10H KH KH QH JH"
    expect_query(page, {"game": "partnership", "hand": hand, "trump": "hearts"})
    expect(page.get_by_label("Cards (tap the grid", exact=False)).to_have_value(hand)
    run = ["Run 150: A♥ 10♥ K♥ Q♥ J♥", "Royal marriage 40: K♥ Q♥"]
    expect_meld(page, "hearts", 190, run, [20, 190, 20, 20, 20])

    url = page.url
    page.reload()
    assert page.url == url
    assert not still_same_document(page)
    expect(card_count(page)).to_contain_text("6 of 12 cards: a partial hand")
    expect_meld(page, "hearts", 190, run, [20, 190, 20, 20, 20])
    expect(page.get_by_label("Trump", exact=True)).to_have_value("hearts")
    expect(page.get_by_role("link", name="Take out one king of hearts (2 in hand)")).to_be_visible()

    # The same URL on another phone (a fresh browser) shows the same hand.
    other = page.context.browser.new_context(
        base_url=live_server, viewport={"width": 390, "height": 844}, is_mobile=True
    )
    try:
        other.on("request", lambda req: requested.append(req.url))
        shared = other.new_page()
        shared.goto(url)
        expect_meld(shared, "hearts", 190, run, [20, 190, 20, 20, 20])
    finally:
        other.close()
    expect_stayed_on_site(requested, live_server)


def test_taking_out_a_card_and_the_deck_maximum(
    page: Page, requested: list[str], live_server: str
) -> None:
    """Taking out one card removes one copy; a card the deck has no more of cannot be added."""
    open_calculator(page, "/meld?trump=hearts")
    tap(page, "AH", "10H", "KH", "QH", "JH", "KH")
    expect_meld(
        page,
        "hearts",
        190,
        ["Run 150: A♥ 10♥ K♥ Q♥ J♥", "Royal marriage 40: K♥ Q♥"],
        [20, 190, 20, 20, 20],
    )

    # Take out one K♥: the run alone, 150; one K♥ is left.
    page.get_by_role("link", name="Take out one king of hearts (2 in hand)", exact=True).click()
    expect(page.get_by_role("link", name="Take out one king of hearts (1 in hand)")).to_be_visible()
    expect(card_count(page)).to_contain_text("5 of 12 cards: a partial hand")
    expect_meld(page, "hearts", 150, ["Run 150: A♥ 10♥ K♥ Q♥ J♥"], [20, 150, 20, 20, 20])
    expect_query(page, {"game": "partnership", "hand": "AH 10H KH QH JH", "trump": "hearts"})

    # A single deck holds two of each card: after two A♠ there is no link to add a third.
    tap(page, "AS", "AS")
    expect(add_link(page, "AS")).to_have_count(0)
    full = page.locator('[aria-label="ace of spades, 2 in hand; no more can be added"]')
    expect(full).to_be_visible()
    expect(full).to_have_text("A♠")
    # … and taking one out makes it addable again.
    page.get_by_role("link", name="Take out one ace of spades (2 in hand)", exact=True).click()
    expect(add_link(page, "AS")).to_have_accessible_name("Add the ace of spades, 1 in hand")
    expect(card_count(page)).to_contain_text("6 of 12 cards")
    assert still_same_document(page), "a tap reloaded the page"
    expect_stayed_on_site(requested, live_server)


def test_a_full_hand_takes_no_more_cards(page: Page) -> None:
    """At 12 of 12 cards no card can be added, and the hand is not called partial."""
    open_calculator(page)
    box = page.get_by_label("Cards (tap the grid", exact=False)
    box.fill("AS AS 10S 10S KS KS QS QS JS JS 9S 9S")
    expect(card_count(page)).to_have_text(re.compile(r"^\s*12 of 12 cards\.\s*Clear\s*$"))
    expect(page.get_by_role("link", name=re.compile("^Add the "))).to_have_count(0)
    # Double run 1500 + two dix 20 = 1520 with spades.
    expect(page.locator("#meld-results > h2").first).to_have_text("With spades as trump: 1520")
    expect(best_rows(page).locator("th")).to_have_text([re.compile("spades$")])


def test_typing_a_hand_updates_the_grid_and_meld_in_place(
    page: Page, requested: list[str], live_server: str
) -> None:
    """The text box takes any notation; the grid and the meld follow without a reload."""
    open_calculator(page)
    box = page.get_by_label("Cards (tap the grid", exact=False)
    box.fill("S14 S10 S13 S12 S11")
    expect(card_count(page)).to_contain_text("5 of 12 cards: a partial hand")
    for code in ("AS", "10S", "KS", "QS", "JS"):
        remove = f"Take out one {card_name(code)} (1 in hand)"
        expect(page.get_by_role("link", name=remove, exact=True)).to_be_visible()
    # No trump chosen: the best trump (spades, the run) is shown and marked.
    # Under any other trump K♠ Q♠ are a common marriage, 20.
    expect_meld(page, "spades", 150, ["Run 150: A♠ 10♠ K♠ Q♠ J♠"], [150, 20, 20, 20, 20])
    expect(box).to_have_value("S14 S10 S13 S12 S11")  # what was typed stays as typed
    expect_query(page, {"game": "partnership", "hand": "S14 S10 S13 S12 S11"})
    assert still_same_document(page), "typing reloaded the page"

    # The grid and the box stay in sync: a tap rewrites the box in plain notation.
    tap(page, "KS")
    expect(box).to_have_value("AS 10S KS KS QS JS")
    expect_meld(
        page,
        "spades",
        190,
        ["Run 150: A♠ 10♠ K♠ Q♠ J♠", "Royal marriage 40: K♠ Q♠"],
        [190, 20, 20, 20, 20],
    )
    # Other notations read the same: suit symbols, T for ten, commas.
    box.fill("A♥, T♥, k♥, q♥, j♥")
    expect(card_count(page)).to_contain_text("5 of 12 cards")
    expect_meld(page, "hearts", 150, ["Run 150: A♥ 10♥ K♥ Q♥ J♥"], [20, 150, 20, 20, 20])
    assert still_same_document(page), "typing reloaded the page"
    expect_stayed_on_site(requested, live_server)


def test_a_bad_card_shows_its_error_in_place(
    page: Page, requested: list[str], live_server: str
) -> None:
    """A token that is not a card: the error shows by the box, without a reload."""
    open_calculator(page)
    box = page.get_by_label("Cards (tap the grid", exact=False)
    box.fill("AS ZZ")
    expect(page.locator("#hand-error")).to_have_text(
        '"ZZ" is not a card; write a rank then a suit, as in AS or 10H.'
    )
    expect(box).to_have_attribute("aria-invalid", "true")
    expect(page.locator("table.by-trump")).to_have_count(0)
    assert still_same_document(page), "typing reloaded the page"

    # Fixed: the error goes away and the meld is back.
    box.fill("AS KS QS")
    expect(page.locator("#hand-error")).to_have_count(0)
    expect(card_count(page)).to_contain_text("3 of 12 cards")
    expect_stayed_on_site(requested, live_server)


def test_too_many_copies_typed_shows_the_error_in_place(page: Page) -> None:
    """Three A♠ typed for a single deck: the error is shown where the cards are typed."""
    open_calculator(page)
    page.get_by_label("Cards (tap the grid", exact=False).fill("AS AS AS")
    expect(page.locator("#hand-error")).to_contain_text("Three A♠ but the deck has two")


def test_double_deck_grid_and_the_game_is_remembered(
    page: Page, new_page: Callable[..., Page], requested: list[str], live_server: str
) -> None:
    """Double-deck: 20 cards (five a suit), no nines; the next visit opens on it."""
    open_calculator(page)
    game = page.get_by_label("Game", exact=True)
    expect(game).to_have_value("partnership")
    adds = page.get_by_role("link", name=ADD_LABEL)
    expect(adds).to_have_count(24)
    game.select_option("double-deck")
    expect(adds).to_have_count(20)
    expect(page.get_by_role("link", name=re.compile(r"^Add the nine of "))).to_have_count(0)
    expect(card_count(page)).to_have_text("0 of 20 cards.")
    expect(page.locator(".tap-grid .grid-row")).to_have_count(4)
    expect(page.locator(".tap-grid .grid-row").first.locator(".grid-card")).to_have_count(5)
    # Double-deck scores one tenth: a run is 15.
    tap(page, "AS", "10S", "KS", "QS", "JS")
    expect(page.locator("#meld-results > h2").first).to_have_text("With spades as trump: 15")
    assert query(page.url).get("game") == "double-deck"

    # Visiting /meld again (the nav link) opens on double-deck, the hand cleared.
    page.goto("/")
    page.get_by_role("navigation").get_by_role("link", name="Meld", exact=True).click()
    expect(page.get_by_role("heading", name="What is this hand worth?")).to_be_visible()
    expect(page.get_by_label("Game", exact=True)).to_have_value("double-deck")
    expect(page.get_by_role("link", name=ADD_LABEL)).to_have_count(20)
    expect(card_count(page)).to_have_text("0 of 20 cards.")

    # Another phone (a fresh browser) still starts on partnership.
    other = new_page()
    open_calculator(other)
    expect(other.get_by_label("Game", exact=True)).to_have_value("partnership")
    expect(other.get_by_role("link", name=ADD_LABEL)).to_have_count(24)
    expect_stayed_on_site(requested, live_server)


def test_card_buttons_are_labelled_for_screen_readers(page: Page) -> None:
    """Each grid card is named by card and count; the count badge's link too."""
    open_calculator(page)
    adds = page.get_by_role("link", name=ADD_LABEL)
    expect(adds).to_have_count(24)
    expect(page.get_by_role("link", name="Add the queen of spades, 0 in hand")).to_have_text("Q♠")
    tap(page, "QS")
    queen = page.get_by_role("link", name="Add the queen of spades, 1 in hand", exact=True)
    expect(queen).to_be_visible()
    expect(queen).to_have_text("Q♠")
    remove = page.get_by_role("link", name="Take out one queen of spades (1 in hand)", exact=True)
    expect(remove).to_be_visible()
    # Every card of the deck has exactly one add link, each a distinct name.
    names = [link.get_attribute("aria-label") for link in adds.all()]
    expected = {
        f"Add the {card_name(rank + suit)}, {1 if rank + suit == 'QS' else 0} in hand"
        for suit in SUIT_NAMES
        for rank in RANK_NAMES
    }
    assert set(names) == expected
    assert len(names) == len(set(names))


def test_the_calculator_fits_a_small_phone(
    new_page: Callable[..., Page], requested: list[str], live_server: str, screenshot: Screenshot
) -> None:
    """At 360×640 the calculator never scrolls sideways, empty or with a full hand."""
    page = new_page(viewport=SMALL_PHONE)
    problems = []
    hand = "AH 10H KH QH JH KH QH QS JD QS JD AS"
    for path in ("/meld", f"/meld?hand={hand}&trump=hearts", "/meld?game=double-deck"):
        open_calculator(page, path)
        width = page.evaluate("document.documentElement.scrollWidth")
        if width > SMALL_PHONE["width"]:
            problems.append(f"{path} scrolls sideways: {width}px > {SMALL_PHONE['width']}px")
    screenshot(page, "meld-phone-360")
    # The tapped page too (a swapped fragment, not a fresh load).
    open_calculator(page, "/meld?game=partnership")
    tap(page, "AH", "AH", "10H", "KH", "QH", "JH", "QS", "JD")
    width = page.evaluate("document.documentElement.scrollWidth")
    if width > SMALL_PHONE["width"]:
        problems.append(f"after taps, scrolls sideways: {width}px > {SMALL_PHONE['width']}px")
    screenshot(page, "meld-phone-360-tapped")
    assert not problems, "\n".join(problems)
    expect_stayed_on_site(requested, live_server)


# ------------------------------------------------------------------ into the ledger


def card_player(page: Page, player: str) -> Locator:
    """The switcher's button that makes the one grid add to this player's cards."""
    switcher = page.get_by_role("group", name="Whose cards")
    return switcher.get_by_role("button", name=re.compile(rf"^{re.escape(player)}\b"))


def choose_card_player(page: Page, player: str) -> None:
    """Tap a player's name over the grid (unless chosen already): their box shows, alone."""
    button = card_player(page, player)
    if button.get_attribute("aria-pressed") != "true":
        button.click()
    expect(button).to_have_attribute("aria-pressed", "true")
    expect(page.get_by_label(f"{player} meld cards", exact=True)).to_be_visible()


def tap_player_cards(page: Page, player: str, codes: Sequence[str]) -> None:
    """In "Count meld from cards", choose the player, tap their cards (the field shows them)."""
    choose_card_player(page, player)
    field = page.get_by_label(f"{player} meld cards", exact=True)
    for code in codes:
        before = field.input_value().split()
        name = f"Add the {card_name(code)} to {player} meld cards"
        page.get_by_role("button", name=name, exact=True).click()
        expect(field).to_have_value(" ".join([*before, code]))


def expect_meld_cards(page: Page, number: int, lines: Sequence[str]) -> None:
    """Open a ledger row and read each player's meld cards."""
    row = page.locator(f"#hand-{number} > details")
    if row.get_attribute("open") is None:
        row.locator("summary").click()
    expect(row.locator("ul.row-cards li")).to_have_text(list(lines))


ANN = ["AH", "10H", "KH", "QH", "JH", "KH"]
CAT = ["QS", "JD"]


def test_a_teams_meld_counted_from_cards_goes_into_the_ledger(
    page: Page, requested: list[str], live_server: str, screenshot: Screenshot
) -> None:
    """Tap Ann's and Cat's cards (team Us): the side's meld is their sum, kept with the hand;
    changing the trump in an edit recounts the cards and everything after."""
    start_match(page, ["Ann", "Bob", "Cat", "Dan"], teams=["Us", "Them"])
    tap_choice(page, "bidder", "Ann")
    page.get_by_label("Bid", exact=True).fill("300")
    tap_choice(page, "trump", "hearts")

    details = page.locator("details.meld-cards")
    details.locator("summary", has_text="Count meld from cards").click()
    expect(page.get_by_label("Ann meld cards", exact=True)).to_be_visible()
    # Hearts trump: Ann has run 150 + extra K♥ 40 = 190; Cat a pinochle, 40. Us: 230.
    tap_player_cards(page, "Ann", ANN)
    tap_player_cards(page, "Cat", CAT)
    preview = page.locator("#preview")
    expect(preview).to_contain_text("Us meld from cards: 230.")
    expect(preview).not_to_contain_text("Them meld from cards")
    expect(page.get_by_label("Us meld", exact=True)).to_have_value("230")
    expect(page.get_by_label("Them meld", exact=True)).to_have_value("")
    expect(preview).to_contain_text("Us: 70 more needed from tricks to make 300")

    # Us take 190 (Them 60 fill themselves): 230 + 190 = 420, made; Them 0 + 60 = 60.
    page.get_by_label("Us tricks", exact=True).fill("190")
    expect(page.get_by_label("Them tricks", exact=True)).to_have_value("60")
    expect(preview).to_contain_text("Us made 300 with 420; Them +60")
    page.get_by_role("button", name="Save hand", exact=True).click()
    expect(page.locator("#hand-1")).to_be_visible()
    expect_totals(page, 420, 60)
    expect(ledger_cells(page, 1, "Meld")).to_have_text(["230", "0"])
    expect(ledger_cells(page, 1, "Points")).to_have_text(["420", "60"])
    expect_meld_cards(
        page,
        1,
        [
            "Ann: " + " ".join(card_symbol(code) for code in ANN),
            "Cat: " + " ".join(card_symbol(code) for code in CAT),
        ],
    )
    # The next hand's form starts empty: no cards carried over.
    expect(page.get_by_label("Ann meld cards", exact=True)).to_have_value("")
    screenshot(page, "meld-cards-in-ledger")

    # Edit hand 1: spades instead of hearts. Ann's cards are then only a common marriage
    # (K♥ Q♥) 20, Cat's still a pinochle 40: Us 60. 60 + 190 = 250 < 300: set, -300.
    open_page(page, edit_link(page, 1))
    expect(page.get_by_role("heading", name="Edit hand 1")).to_be_visible()
    expect(page.locator("details.meld-cards")).to_have_attribute("open", "")
    expect(page.get_by_label("Ann meld cards", exact=True)).to_have_value(" ".join(ANN))
    expect(page.get_by_label("Cat meld cards", exact=True)).to_have_value(" ".join(CAT))
    tap_choice(page, "trump", "spades")
    expect(page.locator("#preview")).to_contain_text("Us meld from cards: 60.")
    expect(page.get_by_label("Us meld", exact=True)).to_have_value("60")
    expect(page.locator("#preview")).to_contain_text("Us went set: bid 300, had 250, scores −300")
    open_page(page, page.get_by_role("button", name="Save changes"))
    expect_totals(page, -300, 60)
    expect(ledger_cells(page, 1, "Meld")).to_have_text(["60", "0"])
    expect(ledger_cells(page, 1, "Points")).to_have_text([shown(-300), "60"])
    expect(ledger_cells(page, 1, "Total")).to_have_text([shown(-300), "60"])
    expect(page.locator("#hand-1 .badge")).to_have_text(re.compile(r"^\s*set\s*$", re.I))
    expect_meld_cards(
        page,
        1,
        [
            "Ann: " + " ".join(card_symbol(code) for code in ANN),
            "Cat: " + " ".join(card_symbol(code) for code in CAT),
        ],
    )
    screenshot(page, "meld-cards-after-edit")
    expect_stayed_on_site(requested, live_server)
