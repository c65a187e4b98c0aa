"""A Farkle table that doubles four of a kind and counts three 1s at 300 (RULES.md, "More
house rules"), on a phone: the rules are chosen when the game starts, listed on the game,
and the preview and the turn say where they decided the score."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.playing import expect_totals
from tests.e2e.playing import start_dice_game as start_game
from tests.e2e.test_dice_browser import bank, expect_ledger, farkle_preview, keep, kept_dice

pytestmark = pytest.mark.e2e


def test_farkle_with_doubling_and_three_1s_at_300(
    page: Page, screenshot: Callable[[Page, str], Path]
) -> None:
    start_game(
        page,
        ["Ann", "Bob"],
        game="farkle",
        house_rules={"Four, five or six of a kind": "doubling", "Three 1s": "300"},
    )
    rules = page.locator("#dice-game details.house-rules")
    expect(rules.locator("summary")).to_have_text("House rules (2 changed)")
    rules.locator("summary").click()
    expect(rules).to_contain_text("Four, five or six of a kind: doubling (changed)")
    expect(rules).to_contain_text("Three 1s: 300 (changed)")

    # Ann keeps three 1s: 300 at this table, not 1000.
    keep(page, "111")
    expect(farkle_preview(page)).to_contain_text("Throw 1: 1 1 1 = three 1s at 300: 300")
    expect(farkle_preview(page)).to_contain_text("Ann needs 500 to get on the board")
    # Three 5s: 500; all six dice have scored, so six roll again.
    page.get_by_role("button", name="Next throw").click()
    keep(page, "555")
    expect(farkle_preview(page)).to_contain_text("Throw 2: 5 5 5 = three of a kind 500: 500")
    # Four 2s: three 2s (200) doubled once for the fourth die, 400 (not the fixed 1000).
    page.get_by_role("button", name="Next throw").click()
    keep(page, "2222")
    expect(kept_dice(page)).to_have_value("111\n555\n2222")
    expect(farkle_preview(page)).to_contain_text("Throw 3: 2 2 2 2 = four 2s, doubled 400: 400")
    # 300 + 500 + 400 = 1200, at least the 500 to get on the board.
    expect(farkle_preview(page)).to_contain_text(
        "Ann banks 1200 (three 1s at 300; four 2s, doubled)."
    )
    screenshot(page, "farkle-house-rules-preview")

    bank(page, 1)
    expect_ledger(
        page,
        1,
        "+1200",
        "Ann banks 1200 (three 1s at 300; four 2s, doubled).",
        "Ann 1200 · Bob 0",
    )
    expect(page.locator("#turn-1 .throws li")).to_have_text(
        [
            "1 1 1: three 1s at 300",
            "5 5 5: three of a kind 500",
            "2 2 2 2: four 2s, doubled 400",
        ]
    )
    expect_totals(page, 1200, 0)
