"""RULES.md's "More house rules" played through the page on a 390×844 phone: a pointless
trick under "meld is saved by a trick", a moon shot made and one missed, and a bid stepper
that follows the match's bid steps."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.playing import (
    MINUS,
    expect_totals,
    fill_hand,
    ledger_cells,
    save_hand,
    shown,
    start_match,
)

pytestmark = pytest.mark.e2e


def _row_text(page: Page, number: int) -> str:
    row = page.locator(f"#hand-{number} > details")
    if row.get_attribute("open") is None:
        row.locator("summary").click()
    return row.inner_text()


def test_a_pointless_trick_keeps_the_meld_and_the_sentence_says_why(page: Page):
    start_match(page, house_rules={"Meld is saved by": "trick"})
    took = page.get_by_label("Them took a trick with no counters", exact=True)
    # Both boxes are asked until trick points are typed; a side with points is not asked.
    fill_hand(page, "Ann", 300, "♠ spades", {"Us": 100, "Them": 80}, {"Us": 250})
    expect(page.get_by_label("Them tricks", exact=True)).to_have_value("0")
    expect(page.get_by_label("Us took a trick with no counters", exact=True)).to_be_hidden()
    expect(took).to_be_visible()
    took.check()
    expect(page.locator("#preview")).to_contain_text("their 80 meld counts")

    save_hand(page, 1)

    # Us: 100 + 250 = 350 ≥ 300, made; Them: their 80 meld, saved by a trick of no counters.
    expect_totals(page, 350, 80)
    expect(ledger_cells(page, 1, "Points")).to_have_text(["350", "80"])
    assert "Them took a trick with no counters, so their 80 meld counts" in _row_text(page, 1)


def test_a_moon_shot_made_and_one_missed(page: Page):
    start_match(page, house_rules={"Shooting the moon scores": "1500", "Game to": "5000"})
    moon = page.get_by_role("switch", name="Shoot the moon: the bidder takes every trick for 1500")

    fill_hand(page, "Ann", 300, "♥ hearts", {"Us": 100, "Them": 80}, {"Us": 250})
    moon.check()
    expect(page.locator("#preview")).to_contain_text("shot the moon and took every trick")
    save_hand(page, 1)
    expect_totals(page, 1500, 0)
    assert "Us shot the moon and took every trick: +1500" in _row_text(page, 1)

    # Bob's team declares, but Us take a trick of 10: −1500; Us score 100 + 10 = 110.
    fill_hand(page, "Bob", 300, "♣ clubs", {"Us": 100, "Them": 80}, {"Us": 10})
    moon.check()
    save_hand(page, 2)
    expect_totals(page, 1610, -1500)
    expect(ledger_cells(page, 2, "Points")).to_have_text(["110", shown(-1500)])
    assert f"Them shot the moon but did not take every trick: {MINUS}1500" in _row_text(page, 2)


def test_the_bid_stepper_and_quick_bids_follow_the_bid_steps(page: Page):
    start_match(page, game="double-deck", house_rules={"Bid steps": "50:1, 60:5, 100:10"})
    bid = page.get_by_label("Bid", exact=True)
    more = page.get_by_role("button", name="The next higher bid")
    less = page.get_by_role("button", name="The next lower bid")
    page.get_by_role("group", name="Common bids").get_by_role("button", name="60").click()
    expect(bid).to_have_value("60")
    more.click()
    expect(bid).to_have_value("65")
    bid.fill("97")
    more.click()
    expect(bid).to_have_value("100")
    more.click()
    expect(bid).to_have_value("110")
    less.click()
    less.click()
    expect(bid).to_have_value("95")

    fill_hand(page, "Ann", 61, "♠ spades", {"Us": 40, "Them": 30}, {"Us": 35})
    save_hand(page)
    expect(page.locator("#bid-error")).to_have_text("Bid 61 is not a valid bid; enter 60 or 65.")
