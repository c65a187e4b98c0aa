"""Issue 23, offline: a Generala or Maxi Yatzy turn typed with no network is kept on the
phone with what it says besides its dice, and lands as it was typed once the network is
back. Served ticked with no network cannot ask the server to draw the box picker again, so
the kept turn carries the tick itself (first_throw=y), as Maxi Yatzy's carries its throws
used (throws=N), beside the dice and the box. And a served turn being typed when another
phone enters a turn, kept as the next player's, keeps its tick.

This branch has no service worker: the phones go offline after the page has loaded.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.playing import expect_totals, start_dice_game, tap_and_answer, watch_connection
from tests.e2e.thumb import tap

pytestmark = pytest.mark.e2e

SEEN = 5000
TURNS_POSTED = re.compile(r"/dice/[^/]+/turns$")
NewPage = Callable[..., Page]


def later_box(page: Page, box: str):
    """A box offered with no network, to score the typed dice in once back online."""
    label = f"Score these dice in {box} when back online"
    return page.locator("#later-boxes").get_by_role("button", name=label, exact=True)


def turns_posted(posts: list[str]) -> int:
    return len([url for url in posts if TURNS_POSTED.search(urlsplit(url).path)])


def test_a_served_generala_kept_offline_lands_served_and_ends_the_game(new_page: NewPage):
    ann = new_page()
    start_dice_game(ann, ["Ann", "Bob"], game="generala")
    status, posts = watch_connection(ann)
    served = ann.get_by_label("Served: made on the first throw", exact=True)

    ann.context.set_offline(True)
    expect(status).to_contain_text("Offline")
    ann.get_by_label("Dice", exact=True).fill("44444")
    expect(later_box(ann, "Generala")).to_be_visible()
    # Ticked once the dice are in: the server cannot be asked, the kept turn says it.
    tap(ann, served)
    tap(ann, later_box(ann, "Generala"))
    expect(status).to_contain_text("waiting to send: 1 (Ann's turn)")
    expect(ann.locator("#turn-title")).to_have_text("Bob's turn")
    # Bob's turn starts as the server would draw it: not served.
    expect(served).not_to_be_checked()
    expect(ann.get_by_label("Dice", exact=True)).to_have_value("")
    assert turns_posted(posts) == 0

    ann.context.set_offline(False)

    winner = ann.locator("#winner")
    expect(winner).to_contain_text(
        "The game ended at once: a served generala won it.", timeout=SEEN
    )
    expect(winner.get_by_role("heading")).to_have_text("Ann wins")
    expect(status).to_have_text("Online")
    expect_totals(ann, 50, 0)
    turns = ann.locator("#player-0 .turn-list li")
    expect(turns).to_have_count(1)
    expect(turns.first).to_contain_text("Turn 1: 4 4 4 4 4 in Generala: 50 (served)")
    assert turns_posted(posts) == 1
    ann.reload()
    expect(ann.locator("#winner")).to_contain_text("a served generala won it")
    expect(ann.locator("#player-0 .turn-list li")).to_have_count(1)


def test_a_generala_kept_offline_unticked_lands_not_served(new_page: NewPage):
    """Served ticked then unticked before the box: the kept turn is not served, and the
    game goes on."""
    ann = new_page()
    start_dice_game(ann, ["Ann", "Bob"], game="generala")
    status, _ = watch_connection(ann)
    served = ann.get_by_label("Served: made on the first throw", exact=True)

    ann.context.set_offline(True)
    tap(ann, served)
    ann.get_by_label("Dice", exact=True).fill("44444")
    tap(ann, served)
    tap(ann, later_box(ann, "Generala"))
    expect(status).to_contain_text("waiting to send: 1 (Ann's turn)")

    ann.context.set_offline(False)

    expect_totals(ann, 50, 0, timeout=SEEN)
    expect(ann.locator("#winner")).to_have_count(0)
    expect(ann.locator("#turn-title")).to_have_text("Bob's turn")
    expect(ann.locator("#player-0 .turn-list li").first).not_to_contain_text("served")


def test_a_maxi_yatzy_turn_kept_offline_keeps_its_throws_used(new_page: NewPage):
    ann = new_page()
    start_dice_game(ann, ["Ann", "Bob"], game="maxi-yatzy")
    status, posts = watch_connection(ann)
    throws = ann.get_by_label("Throws used", exact=True)

    ann.context.set_offline(True)
    throws.fill("1")
    ann.get_by_label("Dice", exact=True).fill("556621")
    tap(ann, later_box(ann, "Two pairs"))
    expect(status).to_contain_text("waiting to send: 1 (Ann's turn)")
    expect(throws).to_have_value("")  # Bob's throws are his own

    ann.context.set_offline(False)

    expect_totals(ann, 22, 0, timeout=SEEN)
    expect(ann.locator("#dice-scoreboard .side").nth(0)).to_contain_text("2 throws saved")
    expect(ann.locator("#dice-scoreboard .side").nth(1)).not_to_contain_text("saved")
    assert turns_posted(posts) == 1


def test_a_served_turn_kept_as_the_next_players_after_another_phones_turn_stays_served(
    new_page: NewPage,
):
    ann = new_page()
    start_dice_game(ann, ["Ann", "Bob", "Cat"], game="generala")
    cat = new_page()
    cat.goto(urlsplit(ann.url).path)
    served = cat.get_by_label("Served: made on the first throw", exact=True)
    tap(cat, served)
    expect(cat.locator(".htmx-request, .htmx-swapping, .htmx-settling")).to_have_count(0)
    cat.get_by_label("Dice", exact=True).fill("44444")
    expect(cat.locator("#best-boxes .best-box").first).to_be_visible()

    ann.get_by_label("Dice", exact=True).fill("12345")
    straight = ann.locator(".box-picker").get_by_role("button", name="Score 20 in Straight")
    assert tap_and_answer(ann, straight, "/turns") == 303

    keep = cat.locator("#turn-notice").get_by_role("button", name="Keep mine as Bob's turn")
    expect(keep).to_be_visible(timeout=SEEN)
    tap(cat, keep)
    expect(cat.locator("#turn-title")).to_have_text("Bob's turn")
    expect(cat.get_by_label("Dice", exact=True)).to_have_value("44444")
    expect(served).to_be_checked()
    assert tap_and_answer(cat, cat.locator("#best-boxes .best-box").first, "/turns") == 303
    expect(cat.locator("#winner")).to_contain_text("a served generala won it")
    expect(cat.locator("#winner").get_by_role("heading")).to_have_text("Bob wins")
