"""Issue 14, item 9: the dice sheets and the meld calculator held in one thumb, at 390×844
and 360×640. While dice or cards are tapped, a pinned one-line result stays on screen with
what the rules core says they score; every button and link is at least 44×44 CSS px; no
page scrolls sideways; every Yahtzee card can be shown side by side (keyboard and no
script too); suits read in both colour schemes; no text under 14px.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

import pytest
from playwright.sync_api import Locator, Page, expect

from scorekeeper.rules import (
    PRESETS,
    SUIT_SYMBOLS,
    SUITS,
    FarkleTurn,
    farkle_rules,
    meld_all,
    open_boxes_preview,
    parse_card,
    replay_farkle,
    replay_yahtzee,
)
from tests.e2e.conftest import PHONE
from tests.e2e.playing import SMALL_PHONE, open_page, start_dice_game
from tests.e2e.thumb import tap

pytestmark = pytest.mark.e2e

TAP_TARGET = 44  # CSS px, both ways
SMALLEST_TEXT = 14  # CSS px
VIEWPORTS = [pytest.param(PHONE, id="390x844"), pytest.param(SMALL_PHONE, id="360x640")]
NAMES = ("Annabelle", "Bartholomew", "Cat")
FULL_HAND = ["AH", "10H", "KH", "QH", "JH", "KH", "QH", "QS", "JD", "QS", "JD", "AS"]


# ------------------------------------------------------------------ measuring the page


def fully_in_view(page: Page, selector: str) -> bool:
    """Is the whole element inside the viewport (the screen the player sees)? Measured in
    one step, as the page may swap the element for the server's answer at any moment."""
    return page.evaluate(
        """(selector) => {
          const box = document.querySelector(selector).getBoundingClientRect();
          return box.height > 0 && box.top >= 0 && box.left >= 0
            && box.bottom <= innerHeight + 0.5 && box.right <= innerWidth + 0.5;
        }""",
        selector,
    )


def bring_to_bottom(page: Page, selector: str) -> None:
    """Scroll so the element sits at the foot of the screen: the taps in view, and the
    result line's own place below the fold (the case a pinned line is for)."""
    page.evaluate(
        """(selector) => {
          const element = document.querySelector(selector);
          element.scrollIntoView({ block: "end" });
          window.scrollBy(0, element.getBoundingClientRect().bottom - innerHeight + 2);
        }""",
        selector,
    )


SMALL_TARGETS = """() => {
  const found = [];
  const targets = document.querySelectorAll(
    'a[href], button, [role=button], summary, label:has(> input[type=checkbox])');
  for (const element of targets) {
    const box = element.getBoundingClientRect();
    if (!box.width || !box.height || getComputedStyle(element).visibility === 'hidden') continue;
    if (box.width < 44 - 0.01 || box.height < 44 - 0.01) {
      const name = (element.getAttribute('aria-label') || element.textContent)
        .trim().replace(/\\s+/g, ' ').slice(0, 40);
      const size = `${box.width.toFixed(1)}×${box.height.toFixed(1)}`;
      found.push(`${element.tagName.toLowerCase()} "${name}" is ${size}`);
    }
  }
  return found;
}"""

SMALL_TEXT = """(smallest) => {
  const found = new Set();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode;
    const element = node.parentElement;
    if (!node.textContent.trim() || !element.getClientRects().length) continue;
    const size = parseFloat(getComputedStyle(element).fontSize);
    const text = node.textContent.trim().slice(0, 30);
    if (size < smallest) found.add(`"${text}" is ${size.toFixed(1)}px`);
  }
  return [...found];
}"""


def phone_problems(page: Page, moment: str) -> list[str]:
    """What breaks the phone bar now: small targets, small text, sideways scrolling."""
    width = page.viewport_size["width"]
    problems = [f"{moment}: {found}" for found in page.evaluate(SMALL_TARGETS)]
    problems += [f"{moment}: text {found}" for found in page.evaluate(SMALL_TEXT, SMALLEST_TEXT)]
    scroll_width = page.evaluate("document.documentElement.scrollWidth")
    if scroll_width > width:
        problems.append(f"{moment}: the page scrolls sideways ({scroll_width}px > {width}px)")
    return problems


def chosen(kind: str) -> str | None:
    """The game to pick on the new-game form: Yahtzee is already picked (picking it again
    would refit the form while the names are typed)."""
    return None if kind == "yahtzee" else kind


def open_every_fold(page: Page) -> None:
    folded = page.locator("details:not([open]) > summary")
    while folded.count():
        tap(page, folded.first)


# ------------------------------------------------------------------ what the rules say


def best_open_box(kind: str, dice: str) -> str:
    """A fresh card's open box worth most for these dice, named as the pinned line names it."""
    sheet = replay_yahtzee("classic" if kind == "yahtzee" else "triple", [])
    options = [
        (verdict.points * column.multiplier, column.multiplier, verdict.label)
        for column in sheet.columns
        for verdict in open_boxes_preview(column.card, dice)
        if verdict.allowed
    ]
    worth, multiplier, label = max(options, key=lambda option: (option[0], option[1]))
    return f"{label} {worth}" if kind == "yahtzee" else f"{label} ×{multiplier} {worth}"


def farkle_result(names: Sequence[str], throws: Sequence[str]) -> str:
    """What the first turn of a Farkle game banks and counts, as the pinned line says it."""
    result = replay_farkle(tuple(names), [FarkleTurn(tuple(throws))], farkle_rules({})).turns[-1]
    said = f"turn {result.banked}"
    return said if result.points == result.banked else f"{said}, counts {result.points}"


def best_meld(codes: Sequence[str]) -> str:
    """The best meld of a hand and its trump(s), as the pinned line says it."""
    counted = meld_all([parse_card(code) for code in codes], PRESETS["partnership"])
    total = counted.by_trump[counted.best_trump[0]].total
    symbols = " ".join(SUIT_SYMBOLS[SUITS.index(suit)] for suit in counted.best_trump)
    trump = f" {counted.best_trump[0]}" if len(counted.best_trump) == 1 else ""
    return f"best {total} in {symbols}{trump}"


def pinned_text(locator: Locator) -> str:
    return " ".join(locator.inner_text().split())


# ------------------------------------------------------------------ the pinned line


@pytest.mark.parametrize("viewport", VIEWPORTS)
@pytest.mark.parametrize("kind", ["yahtzee", "triple"])
def test_yahtzee_dice_and_best_box_stay_in_view_while_tapping(
    new_page: Callable[..., Page], viewport: dict, kind: str
) -> None:
    page = new_page(viewport=viewport)
    start_dice_game(page, NAMES, game=chosen(kind))
    pinned = page.locator("#dice-pinned")
    expect(pinned).to_be_hidden()
    dice = "33355"
    for count, face in enumerate(dice, start=1):
        button = page.get_by_role("button", name=f"Add a {face}", exact=True)
        bring_to_bottom(page, ".die-taps")
        tap(page, button)
        shown = " ".join(dice[:count])
        if count < len(dice):
            left = len(dice) - count
            expect(pinned).to_have_text(re.compile(rf"^\s*{shown}\s*· {left} more dic?e\s*$"))
            assert fully_in_view(page, "#dice-pinned"), f"after {count} dice the line is off screen"
    expect(pinned).to_have_text(
        re.compile(rf"^\s*{shown}\s*· best {re.escape(best_open_box(kind, dice))}\s*$")
    )
    assert pinned_text(pinned) == f"{shown} · best {best_open_box(kind, dice)}"
    assert fully_in_view(page, "#dice-pinned"), "the best box is off screen after the last die"
    assert fully_in_view(page, "[data-die='5']")


def test_the_die_buttons_never_blink_out_when_the_answer_is_drawn(
    new_page: Callable[..., Page],
) -> None:
    """Each frame painted after the server's answer is swapped in still shows the die
    buttons: hidden for a frame, they would move the page under the thumb."""
    page = new_page(viewport=PHONE)
    start_dice_game(page, NAMES)
    page.evaluate(
        """() => {
          window.painted = [];
          document.addEventListener("htmx:afterSwap", () => requestAnimationFrame(() =>
            window.painted.push(document.querySelector(".die-taps").hidden)));
        }"""
    )
    for face in "33355":
        tap(page, page.get_by_role("button", name=f"Add a {face}", exact=True))
    expect(page.locator("#dice-pinned")).to_contain_text("best")
    page.wait_for_function("window.painted.length > 0")
    assert page.evaluate("window.painted") == [False] * page.evaluate("window.painted.length")


@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_farkle_dice_and_turn_total_stay_in_view_while_tapping(
    new_page: Callable[..., Page], viewport: dict
) -> None:
    page = new_page(viewport=viewport)
    names = ("Ann", "Bob")
    start_dice_game(page, names, game="farkle")
    pinned = page.locator("#dice-pinned")
    throws = ["155", "222"]
    for number, throw in enumerate(throws):
        if number:
            bring_to_bottom(page, ".die-taps")
            tap(page, page.get_by_role("button", name="Next throw"))
        for face in throw:
            bring_to_bottom(page, ".die-taps")
            tap(page, page.get_by_role("button", name=f"Keep a {face}", exact=True))
    expected = f"1 5 5 · 2 2 2 · {farkle_result(names, throws)}"
    expect(pinned).to_have_text(
        re.compile(rf"^\s*1 5 5 · 2 2 2\s*· {re.escape(farkle_result(names, throws))}\s*$")
    )
    assert pinned_text(pinned) == expected
    assert fully_in_view(page, "#dice-pinned"), "the turn total is off screen after the last die"
    assert fully_in_view(page, "[data-die='2']")


@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_meld_count_and_best_trump_stay_in_view_while_tapping(
    new_page: Callable[..., Page], viewport: dict
) -> None:
    page = new_page(viewport=viewport)
    page.goto("/meld?game=partnership")
    pinned = page.locator("#meld-pinned")
    expect(pinned).to_be_hidden()
    for count, code in enumerate(FULL_HAND, start=1):
        card = page.locator(f'[data-meld-card="{code}"] a.card-button')
        bring_to_bottom(page, ".tap-grid")
        tap(page, card)
        # The count at once, the meld from the server's answer.
        expect(pinned.locator("[data-pinned-count]")).to_have_text(
            f"{count} card{'s' if count > 1 else ''}"
        )
        assert fully_in_view(page, "#meld-pinned"), f"after {count} cards the line is off screen"
    best = best_meld(FULL_HAND)
    expect(pinned).to_have_text(re.compile(rf"^\s*12 cards\s*· {re.escape(best)}\s*$"))
    assert pinned_text(pinned) == f"12 cards · {best}"
    assert fully_in_view(page, "#meld-pinned")
    assert fully_in_view(page, '[data-meld-card="AS"] .card-button')


# ------------------------------------------------------------------ 44px, 14px, no sideways


def play_yahtzee_turn(page: Page, dice: str, box: str) -> None:
    page.get_by_label("Dice", exact=True).fill(dice)
    name = re.compile(rf" in {box}( ×\d)?$")
    tap(page, page.locator(".box-picker").get_by_role("button", name=name).first)
    expect(page.get_by_label("Dice", exact=True)).to_have_value("")
    # The server's answer is in (the note says the turn), not only the tap's own answer:
    # a region swapped in after this would close a view opened meanwhile.
    expect(page.locator("#dice-note")).to_contain_text(f" in {box}")


@pytest.mark.parametrize("viewport", VIEWPORTS)
@pytest.mark.parametrize("kind", ["yahtzee", "triple"])
def test_yahtzee_pages_meet_the_phone_bar(
    new_page: Callable[..., Page], viewport: dict, kind: str
) -> None:
    page = new_page(viewport=viewport)
    page.goto("/dice/new")
    open_every_fold(page)
    problems = phone_problems(page, "new game")
    start_dice_game(page, NAMES, game=chosen(kind))
    problems += phone_problems(page, "fresh game")
    play_yahtzee_turn(page, "22233", "Full house")
    play_yahtzee_turn(page, "66666", "Yahtzee")
    page.get_by_label("Dice", exact=True).fill("66666")
    expect(page.locator("#dice-pinned [data-pinned-score]")).to_contain_text("best")
    open_every_fold(page)
    problems += phone_problems(page, "dice entered, every card open")
    open_page(page, page.get_by_role("link", name=re.compile(r"^Correct Annabelle's turn 1$")))
    open_every_fold(page)
    problems += phone_problems(page, "correcting a turn")
    assert not problems, "fails the phone bar:\n" + "\n".join(problems)


@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_farkle_page_meets_the_phone_bar(new_page: Callable[..., Page], viewport: dict) -> None:
    page = new_page(viewport=viewport)
    start_dice_game(page, ("Ann", "Bob"), game="farkle")
    page.get_by_label("Kept dice, one throw per line").fill("1 1 1\n5")
    tap(page, page.get_by_role("button", name="Bank the turn"))
    expect(page.locator("ol.farkle-turns > li")).to_have_count(1)
    tap(page, page.get_by_role("button", name="Keep a 1", exact=True))
    expect(page.locator("#farkle-preview")).not_to_be_empty()
    open_every_fold(page)
    problems = phone_problems(page, "a turn played, dice typed")
    assert not problems, "fails the phone bar:\n" + "\n".join(problems)


@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_meld_calculator_meets_the_phone_bar(new_page: Callable[..., Page], viewport: dict) -> None:
    page = new_page(viewport=viewport)
    problems = []
    for moment, hand in (
        ("empty", ""),
        ("full hand", " ".join(FULL_HAND)),
        ("13 cards", " ".join([*FULL_HAND, "KS"])),
    ):
        page.goto(f"/meld?game=partnership&hand={hand}")
        problems += phone_problems(page, moment)
    assert not problems, "fails the phone bar:\n" + "\n".join(problems)


def test_thirteen_typed_cards_are_not_called_a_partial_hand(page: Page) -> None:
    page.goto("/meld?game=partnership")
    page.get_by_label(re.compile(r"^Cards")).fill(" ".join([*FULL_HAND, "KS"]))
    expect(page.locator("#hand-error")).to_contain_text("at most 12 cards, not 13")
    count = page.locator("#meld-results .card-count")
    expect(count).to_contain_text("13 cards read: not counted until the cards are fixed.")
    expect(count).not_to_contain_text("partial")
    expect(page.locator("#meld-pinned")).to_contain_text("not counted")


# ------------------------------------------------------------------ all cards side by side


@pytest.mark.parametrize("viewport", VIEWPORTS)
@pytest.mark.parametrize("kind", ["yahtzee", "triple"])
def test_all_cards_side_by_side_by_keyboard(
    new_page: Callable[..., Page], viewport: dict, kind: str
) -> None:
    page = new_page(viewport=viewport)
    names = ("Annabelle", "Bartholomew", "Cat", "Dorothea")
    start_dice_game(page, names, game=chosen(kind))
    play_yahtzee_turn(page, "22233", "Full house")
    play_yahtzee_turn(page, "66666", "Yahtzee")
    summary = page.locator("#side-by-side > summary")
    expect(summary).to_have_text("All cards side by side")
    summary.focus()
    page.keyboard.press("Enter")
    region = page.get_by_role("region", name="All cards side by side")
    expect(region).to_be_visible()
    totals = region.locator("td[data-total-of]")
    board = [" ".join(t.split()) for t in page.locator(".scoreboard .side-total").all_inner_texts()]
    expect(totals).to_have_text(board)
    assert [cell.get_attribute("data-total-of") for cell in totals.all()] == list(names)
    # A table wider than the phone scrolls in its own region, which the keyboard reaches.
    page.keyboard.press("Tab")
    assert region.evaluate("(el) => el === document.activeElement")
    width = viewport["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    if kind == "triple":
        assert region.evaluate("(el) => el.scrollWidth > el.clientWidth")
        page.keyboard.press("ArrowRight")
        page.wait_for_function("(el) => el.scrollLeft > 0", arg=region.element_handle())
    # Another turn redraws the game; the view asked for stays open.
    play_yahtzee_turn(page, "12345", "Large straight")
    expect(region).to_be_visible()


def test_all_cards_side_by_side_without_script(new_page: Callable[..., Page]) -> None:
    page = new_page(viewport=SMALL_PHONE, java_script_enabled=False)
    start_dice_game(page, NAMES)
    tap(page, page.locator("#side-by-side > summary"))
    region = page.get_by_role("region", name="All cards side by side")
    expect(region).to_be_visible()
    expect(region.locator("td[data-total-of]")).to_have_text(["0", "0", "0"])
    assert page.evaluate("document.documentElement.scrollWidth") <= SMALL_PHONE["width"]


# ------------------------------------------------------------------ suits in both schemes

CONTRAST = """(element) => {
  const rgba = (text) => (text.match(/[\\d.]+/g) || []).map(Number);
  const luminance = ([r, g, b]) => {
    const [R, G, B] = [r, g, b].map((v) => {
      v /= 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * R + 0.7152 * G + 0.0722 * B;
  };
  // The background behind the symbol: the nearest one drawn, blended down to the page's.
  const layers = [];
  for (let node = element; node; node = node.parentElement) {
    const [r, g, b, a = 1] = rgba(getComputedStyle(node).backgroundColor);
    if (a > 0) layers.push([r, g, b, a]);
    if (a >= 1) break;
  }
  let back = [255, 255, 255];
  for (const [r, g, b, a] of layers.reverse()) {
    back = [r * a + back[0] * (1 - a), g * a + back[1] * (1 - a), b * a + back[2] * (1 - a)];
  }
  const style = getComputedStyle(element);
  const fore = rgba(style.color).slice(0, 3);
  const [l1, l2] = [luminance(fore), luminance(back)].sort((x, y) => y - x);
  const text = getComputedStyle(document.body).color;
  return { ratio: (l1 + 0.05) / (l2 + 0.05), color: style.color, text };
}"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_suits_in_the_calculator_read_in_both_schemes(
    new_page: Callable[..., Page], scheme: str
) -> None:
    page = new_page(color_scheme=scheme)
    page.goto("/meld?game=partnership&hand=" + " ".join(FULL_HAND[:6] + ["KS", "QC"]))
    problems = []
    symbols = page.locator(
        "a.card-button, span.card-button:not(.disabled), table.by-trump .suit, #meld-pinned .suit"
    )
    assert symbols.count() > 24
    for symbol in symbols.all():
        measured = symbol.evaluate(CONTRAST)
        name = symbol.get_attribute("aria-label") or symbol.inner_text()
        suit = next(n for n in range(4) if f"suit-{n}" in (symbol.get_attribute("class") or ""))
        if measured["ratio"] < 4.5:
            problems.append(f"{name}: contrast {measured['ratio']:.2f}:1")
        if suit in (0, 3) and measured["color"] != measured["text"]:
            problems.append(f"{name}: {measured['color']}, not the text colour {measured['text']}")
        red, green, blue = map(float, re.findall(r"[\d.]+", measured["color"])[:3])
        if suit in (1, 2) and not (red > green + 60 and red > blue + 60):
            problems.append(f"{name}: {measured['color']} is not red")
    assert not problems, f"{scheme}:\n" + "\n".join(problems)
