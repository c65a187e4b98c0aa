"""Trust at a real table: two phones on the edit link enter the same hand, and one saves
first. The other phone's form is never quietly moved on to the next hand: it is shown what
was saved (a notice before Save, the conflict page at Save) and chooses.

Ann (Us) bids 300 in hearts, meld Us 120 / Them 60, Us take 190: Us +310, Them +120.
"""

from __future__ import annotations

from collections.abc import Callable
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.playing import (
    edit_link,
    expect_totals,
    fill_hand,
    save_hand,
    start_match,
    tap_and_answer,
)

pytestmark = [pytest.mark.e2e, pytest.mark.postgres_too]

SEEN = 5000  # ms: the other phone's poll comes every 2 s
SAVED_HAND_1 = "Another phone saved hand 1: Us made 300 with 310; Them +120"
NewPage = Callable[..., Page]


def type_hand_1(page: Page) -> None:
    fill_hand(page, "Ann", 300, "hearts", {"Us": 120, "Them": 60}, {"Us": 190})


def two_phones_typing_hand_1(new_page: NewPage) -> tuple[Page, Page]:
    """Ann and Cat both hold the edit link and both type hand 1; Ann saves it."""
    ann = new_page()
    start_match(ann)
    cat = new_page()
    cat.goto(urlsplit(ann.url).path)
    expect(cat.get_by_role("heading", name="Hand 1")).to_be_visible()
    type_hand_1(cat)
    type_hand_1(ann)
    assert save_hand(ann, 1) == 303
    return ann, cat


def test_a_typed_hand_is_not_moved_on_and_a_notice_says_what_was_saved(new_page) -> None:
    _, cat = two_phones_typing_hand_1(new_page)

    notice = cat.locator("#hand-notice")
    expect(notice).to_contain_text(SAVED_HAND_1, timeout=SEEN)
    # (The discard choice is a link drawn as a button: it opens the ledger.)
    expect(notice.get_by_role("button", name="It was the same hand (discard mine)")).to_be_visible()
    expect(notice.get_by_role("button", name="Save mine as hand 2")).to_be_visible()
    expect(cat.get_by_role("heading", name="Hand 1")).to_be_visible()
    expect(cat.locator("#version")).to_have_value("0")
    expect(cat.get_by_label("Bid", exact=True)).to_have_value("300")
    # The preview is redrawn against the ledger as it now stands (after Ann's hand 1).
    expect(cat.locator("#preview")).to_contain_text("Totals after this hand: Us 620")


@pytest.mark.parametrize(
    ("choice", "hands"),
    [("It was the same hand (discard mine)", 1), ("Save mine as hand 2", 2)],
    ids=["same-hand", "next-hand"],
)
def test_at_save_the_conflict_page_offers_the_choice(new_page, choice: str, hands: int) -> None:
    ann, cat = two_phones_typing_hand_1(new_page)
    expect(cat.locator("#hand-notice")).to_contain_text(SAVED_HAND_1, timeout=SEEN)

    assert save_hand(cat) == 409

    expect(cat.locator("#hand-error")).to_contain_text("hand 1 was saved")
    chosen = cat.locator("#conflict-choice").get_by_role("button", name=choice)
    if "discard" in choice:
        chosen.click()
        cat.wait_for_load_state("load")
    else:
        assert tap_and_answer(cat, chosen) == 303
    expect(cat.locator(f"#hand-{hands}")).to_be_visible()
    expect(cat.locator(f"#hand-{hands + 1}")).to_have_count(0)
    expect(cat.get_by_role("heading", name=f"Hand {hands + 1}")).to_be_visible()
    expect(cat.get_by_label("Bid", exact=True)).to_have_value("")
    expect_totals(cat, 310 * hands, 120 * hands)
    expect(ann.locator(f"#hand-{hands}")).to_be_visible(timeout=SEEN)
    expect(ann.locator(f"#hand-{hands + 1}")).to_have_count(0)


def test_save_mine_from_the_notice_records_it_as_the_next_hand(new_page) -> None:
    ann, cat = two_phones_typing_hand_1(new_page)
    notice = cat.locator("#hand-notice")
    expect(notice).to_contain_text(SAVED_HAND_1, timeout=SEEN)

    assert tap_and_answer(cat, notice.get_by_role("button", name="Save mine as hand 2")) == 303

    expect(cat.locator("#hand-2")).to_be_visible()
    expect_totals(cat, 620, 240)
    expect_totals(ann, 620, 240, timeout=SEEN)


def test_an_empty_form_follows_the_ledger_without_a_notice(new_page) -> None:
    ann = new_page()
    start_match(ann)
    cat = new_page()
    cat.goto(urlsplit(ann.url).path)
    type_hand_1(ann)
    assert save_hand(ann, 1) == 303

    expect(cat.get_by_role("heading", name="Hand 2")).to_be_visible(timeout=SEEN)
    expect(cat.locator("#version")).to_have_value("1")
    expect(cat.locator("#hand-notice")).to_be_hidden()


def test_an_edit_page_is_told_when_another_phone_changes_its_hand(new_page) -> None:
    """Cat corrects hand 1's bid to 310 while Ann saves it as 320: Cat is told before
    Save, and chooses to save hers over Ann's."""
    ann = new_page()
    start_match(ann)
    type_hand_1(ann)
    assert save_hand(ann, 1) == 303
    cat = new_page()
    cat.goto(urlsplit(ann.url).path)
    edit_link(cat, 1).click()
    cat.get_by_label("Bid", exact=True).fill("310")
    edit_link(ann, 1).click()
    ann.get_by_label("Bid", exact=True).fill("320")
    assert tap_and_answer(ann, ann.get_by_role("button", name="Save changes"), "/edit") == 303

    notice = cat.locator("#edit-notice")
    expect(notice).to_contain_text("Another phone changed hand 1: Us went set", timeout=SEEN)
    expect(cat.get_by_label("Bid", exact=True)).to_have_value("310")
    save_mine = notice.get_by_role("button", name="Save mine over theirs")
    assert tap_and_answer(cat, save_mine, "/edit") == 303

    expect(cat.locator("#hand-1")).to_contain_text("bid 310")
    expect_totals(cat, 310, 120)
