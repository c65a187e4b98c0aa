"""Steps of play that the browser tests share: a player's taps in Playwright.

The test-client steps (tests/helpers/play.py) post forms; these tap the real page, so the
site's scripts (htmx, app.js) run as on a phone.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from urllib.parse import urlsplit

from playwright.sync_api import Locator, Page, Response, expect

from tests.e2e.thumb import tap

PLAYERS = ("Ann", "Bob", "Cat", "Dan")
TEAMS = ("Us", "Them")
MINUS = "\u2212"
SMALL_PHONE = {"width": 360, "height": 640}  # a small phone's viewport


def open_page(page: Page, link: Locator) -> None:
    """Tap a link or a plain form's button and wait until the next page has loaded.

    Its scripts (htmx, app.js) run by then; a player is not faster than that.
    """
    with page.expect_navigation(wait_until="load"):
        tap(page, link)


def set_house_rules(page: Page, house_rules: dict[str, str] | None) -> None:
    """Open a new-game form's house rules and set each one by its label: a list is chosen
    from, a box typed in."""
    if not house_rules:
        return
    tap(page, page.locator("details.house-rules > summary"))
    for label, value in house_rules.items():
        field = page.get_by_label(label, exact=True)
        if field.evaluate("field => field.tagName") == "SELECT":
            field.select_option(value)
        else:
            field.fill(value)


def start_match(
    page: Page,
    players: Sequence[str] = PLAYERS,
    teams: Sequence[str] = TEAMS,
    game: str | None = None,
    house_rules: dict[str, str] | None = None,
) -> None:
    """From the home page: New match, the game, the names, house rules (by label; a list
    is chosen from, a box typed in), Start the match."""
    page.goto("/")
    open_page(page, page.get_by_role("button", name="New match"))
    expect(page.get_by_role("heading", name="New match")).to_be_visible()
    chooser = page.get_by_label("Game", exact=True)
    if game is not None and chooser.input_value() != game:
        # Choosing another game refits the form in place (htmx): wait for the refitted form.
        # (Choosing the game already shown would refit it too, with nothing to wait for.)
        chooser.select_option(game)
        expect(page.locator("input[type='hidden'][name='fitted_for']")).to_have_value(game)
        expect(page.locator("input[name^='player_names-']")).to_have_count(len(players))
    for number, team in enumerate(teams, start=1):
        page.get_by_label(f"Team {number}", exact=True).fill(team)
    for number, player in enumerate(players, start=1):
        page.get_by_label(re.compile(rf"^Player {number}\b")).fill(player)
    set_house_rules(page, house_rules)
    open_page(page, page.get_by_role("button", name="Start the match"))
    expect(page.get_by_role("heading", name="Hand 1")).to_be_visible()


def start_dice_game(
    page: Page,
    players: Sequence[str],
    game: str | None = None,
    house_rules: dict[str, str] | None = None,
) -> str:
    """From the home page: New dice game, the game, the names, house rules, Start the game.

    Returns the game page's address, which ends in the game's link token (never its row id).
    """
    page.goto("/")
    open_page(page, page.get_by_role("button", name="New dice game"))
    expect(page.get_by_role("heading", name="New dice game")).to_be_visible()
    chooser = page.get_by_label("Game", exact=True)
    if game is not None and chooser.input_value() != game:
        # Choosing another game refits the form in place (htmx): wait for the refitted form.
        # (Choosing the game already shown would refit it too, with nothing to wait for.)
        chooser.select_option(game)
        expect(page.locator("input[type='hidden'][name='fitted_for']")).to_have_value(game)
    for number, player in enumerate(players, start=1):
        page.get_by_label(re.compile(rf"^Player {number}\b")).fill(player)
    set_house_rules(page, house_rules)
    open_page(page, page.get_by_role("button", name="Start the game"))
    expect(page.locator(".scoreboard .side-name")).to_have_text(list(players))
    expect(page).to_have_url(re.compile(r"/dice/[A-Za-z0-9_-]{22,}$"))
    return page.url


def choice(page: Page, group: str, text: str) -> Locator:
    """One of the big radio buttons of a group (bidder, trump): a label the size of a thumb."""
    return page.locator(f"#{group}-group label.choice").filter(has_text=text)


def tap_choice(page: Page, group: str, text: str) -> None:
    """Tap one of the big radio buttons of a group."""
    tap(page, choice(page, group, text))


def fill_hand(
    page: Page,
    bidder: str | None,
    bid: int | None,
    trump: str,
    meld: dict[str, int],
    tricks: dict[str, int] | None = None,
) -> None:
    """Fill the hand form (new hand or edit); sides are named, blanks are left alone."""
    if bidder is not None:
        tap_choice(page, "bidder", bidder)
    if bid is not None:
        page.get_by_label("Bid", exact=True).fill(str(bid))
    tap_choice(page, "trump", trump)
    for side, points in meld.items():
        page.get_by_label(f"{side} meld", exact=True).fill(str(points))
    for side, points in (tricks or {}).items():
        page.get_by_label(f"{side} tricks", exact=True).fill(str(points))


def save_hand(page: Page, number: int | None = None, timeout: float | None = None) -> int:
    """Tap Save hand; the status the site answered the post with (303 saved, 409 conflict).

    With ``number``, also wait for that hand to appear in the ledger and for htmx to finish
    wiring the next hand's form (typed too early, a preview would never be asked for).
    """

    def posted(response: Response) -> bool:
        request = response.request
        return request.method == "POST" and urlsplit(request.url).path.endswith("/hands")

    with page.expect_response(posted, timeout=timeout) as answer:
        tap(page, page.get_by_role("button", name="Save hand", exact=True))
    if number is not None:
        expect(page.locator(f"#hand-{number}")).to_be_visible()
        expect(page.locator(".htmx-request, .htmx-swapping, .htmx-settling")).to_have_count(0)
    return answer.value.status


def tap_and_answer(page: Page, button: Locator, ending: str = "/hands") -> int:
    """Tap a button that posts a hand (or turn), and return the status of that post."""

    def posted(response: Response) -> bool:
        request = response.request
        return request.method == "POST" and urlsplit(request.url).path.endswith(ending)

    with page.expect_response(posted) as answer:
        tap(page, button)
    return answer.value.status


def shown(points: int) -> str:
    """A score as the page prints it: with a true minus sign, as on paper."""
    return str(points).replace("-", MINUS)


def expect_totals(page: Page, *totals: int, timeout: float | None = None) -> None:
    """The large totals at the top of a match or game page, one per side or player."""
    for side, total in enumerate(totals):
        expect(page.locator(f"#total-{side}")).to_have_text(shown(total), timeout=timeout)


def ledger_cells(page: Page, number: int, row: str) -> Locator:
    """One row's cells (Meld, Tricks, Points, Total) in a hand's card in the ledger."""
    line = page.locator(f"#hand-{number} table.row-sides tr").filter(
        has=page.locator("th", has_text=re.compile(rf"^{row}$"))
    )
    return line.locator("td")


def expect_stayed_on_site(requested: list[str], live_server: str) -> None:
    """No request left the site: no CDN, no web fonts, nothing but the site on 127.0.0.1
    (and inline data)."""
    assert requested, "the pages made no requests at all"
    assert live_server.startswith("http://127.0.0.1:")
    elsewhere = [url for url in requested if not url.startswith((f"{live_server}/", "data:"))]
    assert not elsewhere, f"requests that left {live_server}: {elsewhere}"


def watch_connection(page: Page) -> tuple[Locator, list[str]]:
    """The page's online/offline line (seen saying "Online") and every URL it posts to."""
    status = page.locator("#connection")
    expect(status).to_have_text("Online")
    posts: list[str] = []
    page.on("request", lambda r: posts.append(r.url) if r.method == "POST" else None)
    return status, posts


def edit_link(page: Page, number: int) -> Locator:
    """A ledger row's "Edit hand N" link, its row opened first (a tap on the row)."""
    row = page.locator(f"#hand-{number} > details")
    if row.get_attribute("open") is None:
        tap(page, row.locator("summary"))
    return row.get_by_role("link", name=f"Edit hand {number}")
