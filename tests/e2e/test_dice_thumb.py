"""Issue 21, item 3: dice turns played as a thumb plays them, at 390×844 and 360×640.

A Yahtzee turn is five dice faces and one of the best boxes, tapped where they are drawn:
at most one swipe a turn. A Farkle turn is its throws and Bank: Bank is reached without a
swipe once the throws are in. After each turn, the note saying what it did ("Ann: 20 in
Three of a kind · Bob's turn") is on screen with Undo beside it, and the next turn's dice
field has the focus; Undo's answer is on screen too. Nothing is clicked by a locator (it
would scroll for the player): every step is a Thumb tap, and its swipes are counted.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.e2e.conftest import PHONE
from tests.e2e.playing import SMALL_PHONE, expect_totals, start_dice_game
from tests.e2e.thumb import Thumb, in_view

pytestmark = pytest.mark.e2e

VIEWPORTS = [pytest.param(PHONE, id="390x844"), pytest.param(SMALL_PHONE, id="360x640")]
# Each size in each colour scheme: the turn is played the same way in the dark.
SCREENS = [
    pytest.param(PHONE, "light", id="390x844-light"),
    pytest.param(SMALL_PHONE, "dark", id="360x640-dark"),
    pytest.param(SMALL_PHONE, "light", id="360x640-light"),
    pytest.param(PHONE, "dark", id="390x844-dark"),
]

# Ann and Bob's turns: the dice, the best box offered first (as the rules score it), and
# the note the page then shows.
YAHTZEE_TURNS = [
    ("33356", "Three of a kind 20", "Ann: 20 in Three of a kind · Bob's turn"),
    ("44456", "Three of a kind 23", "Bob: 23 in Three of a kind · Ann's turn"),
    ("12345", "Large straight 40", "Ann: 40 in Large straight · Bob's turn"),
    ("66666", "Yahtzee 50", "Bob: 50 in Yahtzee · Ann's turn"),
    ("22333", "Full house 25", "Ann: 25 in Full house · Bob's turn"),
]


def settled(page: Page) -> None:
    """htmx has drawn its answer (a player taps what is drawn, not what is on its way)."""
    expect(page.locator(".htmx-request, .htmx-swapping, .htmx-settling")).to_have_count(0)


def note(page: Page) -> Locator:
    """The note above the next turn's form."""
    return page.locator("#dice-note")


def expect_note_in_view(page: Page, said: str, undo_name: str | None) -> None:
    """The note says ``said``, on screen, its Undo (for ``undo_name``'s turn) beside it."""
    expect(note(page)).to_contain_text(said)
    settled(page)
    # The answer is brought into view as htmx settles it: give it that moment, no more.
    for _ in range(10):
        if in_view(page, note(page).locator("p")):
            break
        page.wait_for_timeout(100)
    assert in_view(page, note(page).locator("p")), f"{said!r} is not on screen"
    if undo_name:
        undo = note(page).get_by_role("button", name=f"Undo {undo_name}'s last turn")
        assert in_view(page, undo), "Undo is not on screen beside the note"


def tap_dice(thumb: Thumb, page: Page, dice: str) -> None:
    """Tap the dice faces one by one; the fifth draws the best boxes under them."""
    for face in dice:
        thumb.tap(page.get_by_role("button", name=f"Add a {face}", exact=True))
    expect(page.locator("#best-boxes .best-box").first).to_be_visible()
    settled(page)


@pytest.mark.parametrize(("viewport", "scheme"), SCREENS)
def test_a_yahtzee_turn_takes_at_most_one_swipe_and_confirms_in_view(new_page, viewport, scheme):
    page = new_page(viewport=viewport, has_touch=True, color_scheme=scheme)
    start_dice_game(page, ["Ann", "Bob"])
    thumb = Thumb(page)
    counts = []
    for dice, best, said in YAHTZEE_TURNS:
        thumb.reset()
        tap_dice(thumb, page, dice)
        first = page.locator("#best-boxes .best-box").first
        expect(first).to_have_text(best)
        thumb.tap(first)
        player = said.split(":")[0]
        expect_note_in_view(page, said, player)
        expect(page.get_by_label("Dice", exact=True)).to_be_focused()
        expect(page.get_by_label("Dice", exact=True)).to_have_value("")
        assert thumb.scrolls <= 1, f"{said}: {thumb.swiped_to}"
        counts.append(thumb.count())
    expect_totals(page, 20 + 40 + 25, 23 + 50)
    # Every turn after the first starts where the last one's answer left the thumb.
    assert [scrolls for _, _, scrolls in counts[1:]] == [0] * (len(counts) - 1), counts
    assert all(taps == 6 for taps, _, _ in counts), counts

    thumb.reset()
    thumb.tap(note(page).get_by_role("button", name="Undo Ann's last turn"))
    expect_note_in_view(page, "Undone: Ann: 25 in Full house · Ann's turn", "Bob")
    expect_totals(page, 20 + 40, 23 + 50)
    assert thumb.scrolls == 0, thumb.swiped_to

    # The undone turn is played again from where Undo's answer left the thumb.
    thumb.reset()
    tap_dice(thumb, page, "22333")
    thumb.tap(page.locator("#best-boxes .best-box").first)
    expect_note_in_view(page, "Ann: 25 in Full house · Bob's turn", "Ann")
    assert thumb.scrolls == 0, thumb.swiped_to


def tap_throws(thumb: Thumb, page: Page, throws: list[str]) -> None:
    """Tap the kept dice of each throw, "Next throw" between them."""
    for number, kept in enumerate(throws):
        if number:
            thumb.tap(page.get_by_role("button", name="Next throw"))
        for face in kept:
            thumb.tap(page.get_by_role("button", name=f"Keep a {face}", exact=True))
    expect(page.locator("#dice-pinned")).to_contain_text("turn ")


@pytest.mark.parametrize(("viewport", "scheme"), SCREENS)
def test_farkle_banks_without_a_swipe_and_says_what_was_banked(new_page, viewport, scheme):
    page = new_page(viewport=viewport, has_touch=True, color_scheme=scheme)
    start_dice_game(page, ["Ann", "Bob"], game="farkle")
    thumb = Thumb(page)
    bank = page.get_by_role("button", name="Bank the turn")
    farkle = page.get_by_role("button", name="Farkle: no scoring dice, the turn scores 0")
    turns = [
        (["111"], bank, "Ann banked 1000 · Bob's turn", "Ann"),
        ([], farkle, "Bob farkled: 0 · Ann's turn", "Bob"),
        (["15", "222"], bank, "Ann banked 350 · Bob's turn", "Ann"),
    ]
    for number, (throws, button, said, player) in enumerate(turns, start=1):
        thumb.reset()
        if throws:
            tap_throws(thumb, page, throws)
        swipes_to_the_dice = thumb.scrolls
        thumb.tap(button)
        assert thumb.scrolls == swipes_to_the_dice, f"turn {number}: {thumb.swiped_to}"
        expect_note_in_view(page, said, player)
        expect(page.get_by_label("Kept dice, one throw per line")).to_be_focused()
        # The first turn may swipe down to the dice once; every later one starts at them.
        assert thumb.scrolls <= (1 if number == 1 else 0), f"turn {number}: {thumb.swiped_to}"
    expect_totals(page, 1350, 0)

    thumb.reset()
    thumb.tap(note(page).get_by_role("button", name="Undo Ann's last turn"))
    expect_note_in_view(page, "Undone: Ann banked 350 · Ann's turn", "Bob")
    expect_totals(page, 1000, 0)
    assert thumb.scrolls == 0, thumb.swiped_to


FIXED = ".downloads, details.house-rules > summary, [data-keep-awake]"


def fixed_places(page: Page) -> list[list[float]]:
    """Where the parts that never change with a turn are drawn (page coordinates)."""
    return page.evaluate(
        """(selector) => [...document.querySelectorAll(selector)].map((e) => {
             const box = e.getBoundingClientRect();
             return [box.left, box.top + scrollY, box.width, box.height];
           })""",
        FIXED,
    )


def play_yahtzee_turns(ann: Page) -> Iterator[tuple[int, int]]:
    """Three Yahtzee turns by touch; yields the totals after each."""
    thumb = Thumb(ann)
    for (dice, _, said), totals in zip(
        YAHTZEE_TURNS[:3], [(20, 0), (20, 23), (60, 23)], strict=True
    ):
        tap_dice(thumb, ann, dice)
        thumb.tap(ann.locator("#best-boxes .best-box").first)
        expect_note_in_view(ann, said, said.split(":")[0])
        yield totals


def play_farkle_turns(ann: Page) -> Iterator[tuple[int, int]]:
    """Ann banks, then Bob and Ann farkle: the score bar's notes change every turn (Bob
    ends up to play with a farkle in a row: two notes on one side)."""
    thumb = Thumb(ann)
    bank = ann.get_by_role("button", name="Bank the turn")
    farkle = ann.get_by_role("button", name="Farkle: no scoring dice, the turn scores 0")
    turns = [
        (["111"], bank, "Ann banked 1000 · Bob's turn", "Ann"),
        ([], farkle, "Bob farkled: 0 · Ann's turn", "Bob"),
        ([], farkle, "Ann farkled: 0 · Bob's turn", "Ann"),
    ]
    for throws, button, said, player in turns:
        if throws:
            tap_throws(thumb, ann, throws)
        thumb.tap(button)
        expect_note_in_view(ann, said, player)
        yield 1000, 0


BAR_TEXT = "document.querySelector('#dice-scoreboard').textContent.replace(/\\s+/g, ' ').trim()"
PLAYS = {"yahtzee": play_yahtzee_turns, "farkle": play_farkle_turns}


@pytest.mark.parametrize("viewport", VIEWPORTS)
@pytest.mark.parametrize("game", PLAYS)
def test_a_turn_arriving_on_the_view_link_moves_nothing_already_drawn(new_page, viewport, game):
    """The race chart appears after the first turn, the boxes fill in and the score bar's
    notes change ("to play", "1 farkle in a row"); the downloads, the house rules and the
    keep-awake switch stay where the watcher saw them. (The whole sheet is redrawn, so this
    compares places, not the browser's layout-shift entries.)"""
    ann = new_page(has_touch=True)
    start_dice_game(ann, ["Ann", "Bob"], game=game)
    watch_url = ann.evaluate("document.querySelector('a[href*=\"/watch/\"]').href")
    watcher = new_page(has_touch=True, viewport=viewport)
    watcher.goto(watch_url)
    before = fixed_places(watcher)
    assert len(before) == 3, before
    for number, totals in enumerate(PLAYS[game](ann), start=1):
        expect(watcher.locator(".race")).to_be_attached(timeout=8000)
        expect_totals(watcher, *totals)
        # The turn has arrived when the watcher's score bar says what Ann's says.
        said = ann.evaluate(f"() => {BAR_TEXT}")
        watcher.wait_for_function(f"(said) => {BAR_TEXT} === said", arg=said, timeout=8000)
        settled(watcher)
        assert fixed_places(watcher) == before, f"turn {number}"
