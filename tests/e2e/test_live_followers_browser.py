"""A save on one phone reaches the phones that follow the match or dice game, and a follower
that lost its connection catches up by itself when it is back (issue 24).

Ann enters a hand (Us +310, Them +120) or a Yahtzee turn (3 3 3 5 5 in Full house, 25) on
her phone; the view link and the table display are open in browser contexts of their own.
What the followers asked and were answered is logged in the order the browser reports it,
with Ann's save among it: the first poll a follower sends after the save was answered
brings the entry. How soon that is, in seconds, is bench/live.py's measure, not this test's.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import Page, Request, Response, expect

from tests.e2e.playing import expect_totals, start_dice_game, start_match
from tests.e2e.test_offline_truth import HAND_1, thumb_hand
from tests.e2e.thumb import Thumb

pytestmark = [pytest.mark.e2e, pytest.mark.postgres_too]

NewPage = Callable[..., Page]


class Log:
    """Ann's saves and each follower's polls (asked, answered, failed), in arrival order."""

    def __init__(self) -> None:
        self.events: list[tuple] = []

    def saves_of(self, page: Page, posts: str) -> None:
        def saved(response: Response) -> None:
            request = response.request
            if request.method == "POST" and urlsplit(request.url).path.endswith(posts):
                self.events.append(("saved", response.status))

        page.on("response", saved)

    def polls_of(self, page: Page, name: str) -> None:
        def since(request: Request) -> int | None:
            url = urlsplit(request.url)
            return int(parse_qs(url.query)["since"][0]) if url.path.endswith("/live") else None

        def asked(request: Request) -> None:
            if (version := since(request)) is not None:
                self.events.append(("asked", name, version))

        def answered(response: Response) -> None:
            if (version := since(response.request)) is not None:
                self.events.append(("answered", name, version, response.status))

        def failed(request: Request) -> None:
            if (version := since(request)) is not None:
                self.events.append(("failed", name, version))

        page.on("request", asked)
        page.on("response", answered)
        page.on("requestfailed", failed)

    def mark(self, what: str) -> int:
        """Note a moment of the test in the log; its place."""
        self.events.append((what,))
        return len(self.events) - 1

    def wait_for(self, page: Page, wanted: Callable[[tuple], bool], after: int = 0) -> int:
        """The place of the first event after ``after`` that is ``wanted`` (bounded wait)."""
        for _ in range(100):
            for place in range(after, len(self.events)):
                if wanted(self.events[place]):
                    return place
            page.wait_for_timeout(100)
        raise AssertionError(f"not in the log after {after}: {self.events[after:]}")

    def after(self, place: int, name: str) -> list[tuple]:
        """What the follower ``name`` asked and was answered after ``place``."""
        return [event for event in self.events[place + 1 :] if event[1:2] == (name,)]


def a_yahtzee_turn(ann: Page) -> None:
    """Tap 3 3 3 5 5 on the dice pad, then the best box they score in: Full house, 25."""
    thumb = Thumb(ann)
    for face in "33355":
        thumb.tap(ann.get_by_role("button", name=f"Add a {face}", exact=True))
    best = ann.locator("#best-boxes .best-box").first
    expect(best).to_have_text("Full house 25")
    expect(ann.locator(".htmx-request, .htmx-swapping, .htmx-settling")).to_have_count(0)
    thumb.tap(best)


@dataclass(frozen=True)
class Game:
    """How Ann starts the game and enters its first hand or turn, and what it scores."""

    start: Callable[[Page], object]
    play: Callable[[Page], None]
    posts: str  # where the entry is posted
    area: str  # the view link's folder
    totals: tuple[int, int]


GAMES = {
    "pinochle": Game(
        start_match, lambda ann: thumb_hand(Thumb(ann), HAND_1), "/hands", "matches", (310, 120)
    ),
    "yahtzee": Game(
        lambda ann: start_dice_game(ann, ["Ann", "Bob"]), a_yahtzee_turn, "/turns", "dice", (25, 0)
    ),
}


def followers(new_page: NewPage, log: Log, game: Game) -> tuple[Page, dict[str, Page]]:
    """Ann's phone with a game started, and the pages following it: another phone with the
    edit link, the view link and the table display, each a browser context of its own."""
    ann = new_page(has_touch=True)
    game.start(ann)
    log.saves_of(ann, game.posts)
    view = ann.locator(f".share a[href^='/{game.area}/watch/']").first.get_attribute("href")
    pages = {}
    for name, link in (
        ("another phone", urlsplit(ann.url).path),
        ("view link", view),
        ("display", f"{view}/display"),
    ):
        pages[name] = new_page()
        pages[name].goto(link)
        log.polls_of(pages[name], name)
        pages[name].evaluate("() => { window.sameDocument = true; }")
    return ann, pages


def expect_the_entry(game: Game, pages: dict[str, Page]) -> None:
    """Every follower shows the totals after Ann's entry, on the page it opened."""
    for name in ("another phone", "view link"):
        expect_totals(pages[name], *game.totals)
    for side, total in enumerate(game.totals):
        expect(pages["display"].locator(f"#display-total-{side}")).to_have_text(str(total))
    for page in pages.values():
        assert page.evaluate("() => window.sameDocument === true"), f"{page.url} was reloaded"


def first_poll_brings_the_entry(log: Log, place: int, name: str) -> None:
    """The follower's first poll sent after ``place`` asked at version 0 and got the entry;
    its next ones ask at version 1 and are empty."""
    seen = log.after(place, name)
    asked = [event for event in seen if event[0] == "asked"]
    assert asked[0] == ("asked", name, 0), seen
    answers = [event for event in seen[seen.index(asked[0]) :] if event[0] == "answered"]
    assert answers[0] == ("answered", name, 0, 200), seen
    assert all(event == ("answered", name, 1, 204) for event in answers[1:]), seen


def wait_for_each(log: Log, ann: Page, event: tuple, after: int = 0) -> None:
    """Until every follower has logged ``event`` (its name in second place) after ``after``."""
    for name in FOLLOWERS:
        log.wait_for(ann, lambda seen, name=name: seen == (event[0], name, *event[1:]), after)


FOLLOWERS = ("another phone", "view link", "display")


@pytest.mark.parametrize("kind", GAMES)
def test_an_entry_reaches_every_follower_with_its_next_poll(new_page: NewPage, kind: str) -> None:
    game = GAMES[kind]
    log = Log()
    ann, pages = followers(new_page, log, game)
    wait_for_each(log, ann, ("answered", 0, 204))

    playing = log.mark("playing")
    game.play(ann)
    saved = log.wait_for(ann, lambda event: event[0] == "saved")
    assert log.events[saved] == ("saved", 303)
    expect_totals(ann, *game.totals)
    expect_the_entry(game, pages)
    # Before the entry every answer was empty. While Ann's save was on its way back to her
    # phone (committed, not yet answered), a follower's poll may already bring it; every
    # other follower's first poll after the save's answer brought it.
    before = [event for event in log.events[:playing] if event[0] == "answered"]
    assert before and all(event[2:] == (0, 204) for event in before), before
    wait_for_each(log, ann, ("answered", 1, 204), saved)
    for name in FOLLOWERS:
        # Empty answers, the one that brings the entry, then empty ones at the new version.
        seen = log.after(playing, name)
        answers = [event[2:] for event in seen if event[0] == "answered"]
        brought = answers.index((0, 200))
        assert set(answers[:brought]) <= {(0, 204)}, seen
        assert set(answers[brought + 1 :]) <= {(1, 204)}, seen
        # No poll asked once the save was answered went without it.
        later = log.after(saved, name)
        for place, event in enumerate(later):
            if event == ("asked", name, 0):
                answer = next(e for e in later[place:] if e[0] == "answered")
                assert answer == ("answered", name, 0, 200), later


def test_a_follower_that_lost_its_connection_catches_up_when_back(new_page: NewPage) -> None:
    game = GAMES["pinochle"]
    log = Log()
    ann, pages = followers(new_page, log, game)
    for page in pages.values():
        page.context.set_offline(True)
    cut = log.mark("offline")
    wait_for_each(log, ann, ("failed", 0), cut)

    game.play(ann)
    saved = log.wait_for(ann, lambda event: event[0] == "saved", cut)
    assert log.events[saved] == ("saved", 303)
    # Still cut off: the followers keep asking, in vain, and show no hand.
    wait_for_each(log, ann, ("failed", 0), saved)
    for name in ("another phone", "view link"):
        expect(pages[name].locator("#hand-1")).to_have_count(0)
    expect(pages["display"].locator("#display-total-0")).to_have_text("0")

    # Marked first: back online, a follower asks at once (its "online" trigger).
    back = log.mark("online")
    for page in pages.values():
        page.context.set_offline(False)
    expect_the_entry(game, pages)
    expect(pages["view link"].locator("#hand-1")).to_contain_text("Ann bid 300")
    wait_for_each(log, ann, ("answered", 1, 204), back)
    for name in FOLLOWERS:
        first_poll_brings_the_entry(log, back, name)
