"""Issue 23: Yatzy, Maxi Yatzy and Generala played as a thumb plays them, at 390×844 and
360×640.

A turn is the dice tapped on the die buttons and one box tapped (a best box, or the box
on the card): the note above the next form then says what the turn did ("Ann: 22 in Two
pairs · Bob's turn"), on screen with Undo beside it, and the score bar says the totals.
Generala's "Served" is one tap on the turn; a served generala ends the game at once, and
the winner's banner says so. Maxi Yatzy's six dice and its throws used: a turn of one
throw saves two, and Ann's line on the score bar says so. Every step is a Thumb tap (a
locator's click would scroll for the player), and the swipes are counted: none a turn
once the first turn has brought the thumb to the dice.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import PHONE
from tests.e2e.playing import SMALL_PHONE, expect_totals, start_dice_game
from tests.e2e.test_dice_thumb import expect_note_in_view, note, settled
from tests.e2e.thumb import Thumb

pytestmark = pytest.mark.e2e

VIEWPORTS = [pytest.param(PHONE, id="390x844"), pytest.param(SMALL_PHONE, id="360x640")]
# Every swipe a turn needed, by test and screen: the report the brief asks for.
SWIPES: dict[str, list[int]] = {}


def tap_dice(thumb: Thumb, page: Page, dice: str) -> None:
    """Tap the faces one by one; the last die draws the best boxes under them."""
    for face in dice:
        thumb.tap(page.get_by_role("button", name=f"Add a {face}", exact=True))
    expect(page.locator("#best-boxes .best-box").first).to_be_visible()
    settled(page)


def best_box(page: Page, label: str):
    """The best-box button for a box (its label, then its points)."""
    return page.locator("#best-boxes .best-box").filter(has_text=label)


def card_box(page: Page, name: str):
    """A box of the turn's card, by its button's name ("Score 22 in Two pairs")."""
    return page.locator(".box-picker").get_by_role("button", name=name, exact=True)


def score_bar(page: Page, player: int):
    """A player's box on the score bar (name, total and its notes)."""
    return page.locator("#dice-scoreboard .side").nth(player)


def play(thumb: Thumb, page: Page, dice: str, box) -> None:
    """One turn: the dice tapped, then the box (a best box or the card's)."""
    tap_dice(thumb, page, dice)
    thumb.tap(box(page))


def report(name: str, viewport: dict, swipes: list[int]) -> None:
    """Keep the swipes per turn for this screen; printed with -s."""
    SWIPES[f"{name} {viewport['width']}x{viewport['height']}"] = swipes
    print(f"swipes per turn, {name} at {viewport['width']}x{viewport['height']}: {swipes}")


def expect_first_turn_only_may_swipe(swipes: list[int], where: list[list[str]]) -> None:
    """At most one swipe, on the first turn (to the dice); none once the thumb is there."""
    assert swipes[0] <= 1, where
    assert swipes[1:] == [0] * (len(swipes) - 1), where


# Ann and Bob's Yatzy turns: the dice, the box tapped, the note then shown.
YATZY_TURNS = [
    ("55662", lambda p: best_box(p, "Two pairs"), "Ann: 22 in Two pairs · Bob's turn"),
    ("33356", lambda p: card_box(p, "Score 9 in Three of a kind"), "Bob: 9 in Three of a kind"),
    ("66666", lambda p: best_box(p, "Yatzy"), "Ann: 50 in Yatzy · Bob's turn"),
    ("23456", lambda p: best_box(p, "Large straight"), "Bob: 20 in Large straight"),
]


@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_yatzy_turns_are_tapped_and_said_and_undone_in_view(new_page, viewport):
    page = new_page(viewport=viewport, has_touch=True)
    start_dice_game(page, ["Ann", "Bob"], game="yatzy")
    thumb = Thumb(page)
    swipes, where = [], []
    for dice, box, said in YATZY_TURNS:
        thumb.reset()
        play(thumb, page, dice, box)
        expect_note_in_view(page, said, said.split(":")[0])
        expect(page.get_by_label("Dice", exact=True)).to_have_value("")
        swipes.append(thumb.scrolls)
        where.append(thumb.swiped_to)
    report("yatzy", viewport, swipes)
    expect_totals(page, 22 + 50, 9 + 20)
    # Bob's three of a kind is tapped on the card, below the best boxes: a swipe there is
    # the card's, not the dice's; every other turn starts where the last answer left it.
    assert swipes[0] <= 1 and swipes[2:] == [0, 0], where

    thumb.reset()
    thumb.tap(note(page).get_by_role("button", name="Undo Bob's last turn"))
    expect_note_in_view(page, "Undone: Bob: 20 in Large straight · Bob's turn", "Ann")
    expect_totals(page, 22 + 50, 9)
    assert thumb.scrolls == 0, thumb.swiped_to


@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_maxi_yatzy_takes_six_dice_and_one_throw_saves_two(new_page, viewport):
    page = new_page(viewport=viewport, has_touch=True)
    start_dice_game(page, ["Ann", "Bob"], game="maxi-yatzy")
    thumb = Thumb(page)
    swipes, where = [], []

    # Ann: six dice, made with one throw of her three.
    tap_dice(thumb, page, "556621")
    expect(page.locator("#dice-pinned")).to_contain_text("5 5 6 6 2 1")
    thumb.type(page.get_by_label("Throws used", exact=True), "1")
    thumb.press("Tab")  # the field's change asks the server again
    settled(page)
    expect(page.locator(".box-picker input[name=throws]")).to_have_value("1")
    thumb.tap(best_box(page, "Two pairs"))
    expect_note_in_view(page, "Ann: 22 in Two pairs · Bob's turn", "Ann")
    expect(score_bar(page, 0)).to_contain_text("2 throws saved")
    expect(score_bar(page, 1)).not_to_contain_text("saved")
    swipes.append(thumb.scrolls)
    where.append(thumb.swiped_to)

    # Bob: three throws used (the field left as it is), his six dice a villa.
    thumb.reset()
    play(thumb, page, "444333", lambda p: best_box(p, "Villa"))
    expect_note_in_view(page, "Bob: 21 in Villa · Ann's turn", "Bob")
    swipes.append(thumb.scrolls)
    where.append(thumb.swiped_to)
    report("maxi-yatzy", viewport, swipes)
    expect_totals(page, 22, 21)
    expect(score_bar(page, 0)).to_contain_text("2 throws saved")
    expect_first_turn_only_may_swipe(swipes, where)

    thumb.reset()
    thumb.tap(note(page).get_by_role("button", name="Undo Bob's last turn"))
    expect_note_in_view(page, "Undone: Bob: 21 in Villa · Bob's turn", "Ann")
    expect_totals(page, 22, 0)
    assert thumb.scrolls == 0, thumb.swiped_to


@pytest.mark.parametrize("viewport", VIEWPORTS)
def test_a_served_generala_tapped_ends_the_game_at_once(new_page, viewport):
    page = new_page(viewport=viewport, has_touch=True)
    start_dice_game(page, ["Ann", "Bob"], game="generala")
    thumb = Thumb(page)
    swipes, where = [], []

    play(thumb, page, "55662", lambda p: best_box(p, "Sixes"))
    expect_note_in_view(page, "Ann: 12 in Sixes · Bob's turn", "Ann")
    swipes.append(thumb.scrolls)
    where.append(thumb.swiped_to)

    # Bob: a straight, not served.
    thumb.reset()
    play(thumb, page, "12345", lambda p: best_box(p, "Straight"))
    expect_note_in_view(page, "Bob: 20 in Straight · Ann's turn", "Bob")
    swipes.append(thumb.scrolls)
    where.append(thumb.swiped_to)
    expect_totals(page, 12, 20)

    thumb.reset()
    thumb.tap(note(page).get_by_role("button", name="Undo Bob's last turn"))
    expect_note_in_view(page, "Undone: Bob: 20 in Straight · Bob's turn", "Ann")
    expect_totals(page, 12, 0)
    assert thumb.scrolls == 0, thumb.swiped_to

    # Bob again: served (one tap), and five of a kind in the generala box.
    thumb.reset()
    served = page.get_by_label("Served: made on the first throw", exact=True)
    thumb.tap(served)
    settled(page)
    expect(served).to_be_checked()
    play(thumb, page, "44444", lambda p: best_box(p, "Generala"))
    swipes.append(thumb.scrolls)
    where.append(thumb.swiped_to)
    report("generala", viewport, swipes)
    winner = page.locator("#winner")
    expect(winner.get_by_role("heading")).to_have_text("Bob wins")
    expect(winner).to_contain_text("The game ended at once: a served generala won it.")
    expect_totals(page, 12, 50)
    expect_first_turn_only_may_swipe(swipes, where)
