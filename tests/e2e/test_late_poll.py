"""A poll's answer that arrives after this phone's own Save (or turn) was answered.

A poll asked just before Save was answered can be answered after it: by the server at the
saved version, or, on a slow table, even later than the phone's next save. Its answer is
of a page this phone has already left behind; drawn, it would call this phone's own hand
"another phone's" above the next hand being typed, or draw the game back a turn and close
what the player just opened. These tests hold one poll in the network, answer it at the
moment the race needs, and check that nothing of the page changes.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, Route, expect

from tests.e2e.playing import choice, fill_hand, save_hand, start_dice_game, start_match
from tests.e2e.thumb import tap

pytestmark = [pytest.mark.e2e, pytest.mark.postgres_too]

NewPage = Callable[..., Page]


class HeldPoll:
    """Holds the next poll of a page in the network until the test answers it."""

    def __init__(self, page: Page, pattern: str) -> None:
        self.page = page
        self.route: Route | None = None
        self.pattern = re.compile(pattern)
        page.route(self.pattern, self._hold)

    def _hold(self, route: Route) -> None:
        if self.route is None:
            self.route = route
        else:
            route.continue_()

    def wait_until_held(self) -> None:
        """A poll is asked every half second: wait for one to be held."""
        for _ in range(40):
            if self.route is not None:
                break
            self.page.wait_for_timeout(100)
        assert self.route is not None, "no poll was asked"
        # Its poller, now: its answer's last event says when the page has dealt with it.
        self.page.evaluate(
            """() => {
              window.heldPollDone = false;
              document.getElementById("live").addEventListener(
                "htmx:afterRequest", () => { window.heldPollDone = true; });
            }"""
        )

    def fetch(self):
        """Ask the server now, as the held poll would have asked."""
        assert self.route is not None
        return self.route.fetch()

    def answer(self, response) -> None:
        """Deliver an answer fetched earlier, and wait until the page has dealt with it."""
        assert self.route is not None
        assert response.status == 200, "the held poll was to bring a change"
        self.route.fulfill(response=response)
        self.page.wait_for_function("() => window.heldPollDone === true")
        self.page.unroute(self.pattern)


def test_a_poll_answered_after_save_calls_nothing_another_phones(new_page: NewPage) -> None:
    """The poll asked while hand 1 was typed is answered after hand 1 is saved, while
    hand 2 is being typed: no "is the hand you are entering the same one?", the typed
    fields and the focus stay, the preview is of what was typed."""
    ann = new_page(has_touch=True)
    start_match(ann)
    held = HeldPoll(ann, r"/live\?")
    fill_hand(ann, "Ann", 250, "spades", {"Us": 100, "Them": 50}, {"Us": 150})
    held.wait_until_held()
    assert save_hand(ann, 1) == 303
    late = held.fetch()  # answered at the saved version, with hand 1 as the change
    fill_hand(ann, "Bob", 300, "hearts", {"Us": 40})
    them = ann.get_by_label("Them meld", exact=True)
    them.focus()
    them.press_sequentially("120")
    held.answer(late)
    expect(ann.locator("#hand-notice")).to_be_hidden()
    expect(ann.get_by_text("Is the hand you are entering the same one?")).to_have_count(0)
    expect(ann.get_by_role("heading", name="Hand 2")).to_be_visible()
    expect(them).to_be_focused()
    expect(them).to_have_value("120")
    expect(ann.get_by_label("Bid", exact=True)).to_have_value("300")
    expect(choice(ann, "bidder", "Bob").locator("input")).to_be_checked()
    # Of what was typed: Bob's side bid 300 and melds 120.
    needed = "Them: 180 more needed from tricks to make 300."
    expect(ann.locator("#preview")).to_contain_text(needed)
    # Typing goes on into the preview as ever.
    ann.get_by_label("Them tricks", exact=True).fill("100")
    expect(ann.locator("#preview")).to_contain_text("Totals after this hand")


# What the page shows the moment it has dealt with an answer (before any later poll).
DICE_PAGE_NOW = """() => ({
  totals: Array.from(
    document.querySelectorAll(".scoreboard .side-total"), (t) => t.textContent.trim()),
  note: document.getElementById("dice-note")?.textContent.replace(/\\s+/g, " ").trim(),
  notice: !document.getElementById("turn-notice").hidden,
  open: document.getElementById("side-by-side").open,
  focus: document.activeElement.id || document.activeElement.tagName,
  dice: document.querySelector("#dice-game [name=dice]").value,
})"""


@pytest.mark.parametrize("typed", [False, True], ids=["view-opened", "dice-typed"])
def test_a_poll_answered_a_turn_late_draws_nothing_back(new_page: NewPage, typed: bool) -> None:
    """The poll asked before turn 1 was answered is answered by the server at turn 1 and
    reaches the phone after turn 2: the game is not drawn back to turn 1, the view just
    opened stays open with the focus on it (or on the next turn's field, with what is
    typed in it)."""
    page = new_page(has_touch=True)
    start_dice_game(page, ("Ann", "Bob", "Cat"))
    dice = page.get_by_label("Dice", exact=True)
    held = HeldPoll(page, r"/live\?")
    dice.fill("2223")
    held.wait_until_held()
    play_turn(page, "22233", "Full house", "Ann: 25 in Full house")
    late = held.fetch()  # the game at turn 1
    play_turn(page, "66666", "Yahtzee", "Bob: 50 in Yahtzee")
    summary = page.locator("#side-by-side > summary")
    tap(page, summary)
    expect(page.get_by_role("region", name="All cards side by side")).to_be_visible()
    if typed:
        dice.focus()
        dice.press_sequentially("12")
    else:
        summary.focus()  # where a keyboard player is, as Enter opens the view
    before = page.evaluate(DICE_PAGE_NOW)
    assert before["totals"] == ["25", "50", "0"]
    held.answer(late)
    assert page.evaluate(DICE_PAGE_NOW) == before
    if not typed:
        assert summary.evaluate("(el) => el === document.activeElement")


def play_turn(page: Page, dice: str, box: str, said: str) -> None:
    """Type the dice, tap the box; the server's note says the turn."""
    page.get_by_label("Dice", exact=True).fill(dice)
    name = re.compile(rf" in {box}$")
    tap(page, page.locator(".box-picker").get_by_role("button", name=name).first)
    expect(page.locator("#dice-note")).to_contain_text(said)
    expect(page.locator(".htmx-request, .htmx-swapping, .htmx-settling")).to_have_count(0)
