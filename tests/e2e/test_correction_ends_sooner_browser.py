"""The issue's correction, on a 390×844 phone: hand 2 of a match Us won on hand 9 is
corrected so that Us reach 1500 on hand 8. The preview says so before Save and what to do;
"Save and remove hand 9" does it in one step, and one Undo puts it all back (issue 14)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.playing import edit_link, expect_totals, fill_hand, open_page, save_hand, start_match

pytestmark = pytest.mark.e2e

WARNING = (
    "With this change the game ends after hand 8 (Us reached 1500), so hand 9 would come "
    "after the end. Save and remove hand 9, or change this hand."
)


def test_a_correction_that_ends_the_game_sooner_is_warned_and_done_in_one_step(
    page: Page, screenshot
):
    assert page.viewport_size == {"width": 390, "height": 844}
    start_match(page)
    # Each hand: Bob bids 250, Them meld 100 and take 80: 180, set (−250); Us take 170.
    # Us +170 a hand: 1360 after 8 hands, 1530 on hand 9, where Us win.
    for number in range(1, 10):
        fill_hand(page, "Bob", 250, "spades", {"Us": 0, "Them": 100}, {"Us": 170})
        save_hand(page, number if number < 9 else None)
    expect_totals(page, 1530, -2250)
    expect(page.locator("article.banner")).to_contain_text("Us reached 1500.")

    # Hand 2 was misread: Us had 140 meld, so Us take 310 there and reach 1500 on hand 8.
    open_page(page, edit_link(page, 2))
    page.get_by_label("Us meld", exact=True).fill("140")
    preview = page.locator("#preview")
    expect(preview).to_contain_text(WARNING)
    remove = page.locator("#trim-offer").get_by_role("button", name="Save and remove hand 9")
    expect(remove).to_be_visible()
    screenshot(page, "correction-ends-sooner-warned")

    # Enter in a field saves nothing in its place: the removal is never the form's first
    # submit button.
    first = page.locator("form.hand-form button[type=submit]").first
    expect(first).not_to_have_text("Save and remove hand 9")

    open_page(page, remove)

    expect(page.locator("#hand-8")).to_be_visible()
    expect(page.locator("#hand-9")).to_have_count(0)
    expect_totals(page, 1500, -2000)
    expect(page.locator("article.banner")).to_contain_text("Us reached 1500.")

    # One change: one Undo puts hand 2 back as it was, and hand 9 with it.
    undo = page.locator("#note").get_by_role("button")
    expect(undo).to_have_text("Undo: edit hand 2 and bring back the hands it removed")
    open_page(page, undo)
    expect(page.locator("#hand-9")).to_be_visible()
    expect_totals(page, 1530, -2250)


def test_without_javascript_enter_is_a_plain_save_refused_with_the_same_button(new_page):
    page = new_page(java_script_enabled=False)
    start_match(page)
    for _ in range(9):
        fill_hand(page, "Bob", 250, "spades", {"Us": 0, "Them": 100}, {"Us": 170, "Them": 80})
        open_page(page, page.get_by_role("button", name="Save hand", exact=True))
    open_page(page, edit_link(page, 2))
    page.get_by_label("Us meld", exact=True).fill("140")

    # Enter in the field is a plain Save: refused, saying what to do, with the button.
    page.get_by_label("Us meld", exact=True).press("Enter")
    page.wait_for_load_state("load")

    expect(page.locator("#trim-error")).to_have_text(WARNING)
    expect(page.get_by_role("heading", name="Edit hand 2")).to_be_visible()
    open_page(page, page.get_by_role("button", name="Save and remove hand 9"))
    expect(page.locator("#hand-9")).to_have_count(0)
    expect_totals(page, 1500, -2000)
