"""Every page at a phone's size, light and dark: fits the screen, logs nothing, a thumb can
hit every control, and axe-core finds nothing serious (issue 14).

Each page is checked at 390×844 and 360×640, in the light and the dark colour scheme, once
it has loaded and htmx has settled:

- **Overflow**: the document is no wider than the viewport
  (``document.documentElement.scrollWidth <= viewport width``).
- **Console**: no console error and no Content-Security-Policy violation (a
  ``securitypolicyviolation`` listener added before the page's own scripts), nor an
  uncaught exception.
- **Tap targets**: every visible interactive element (``a[href]``, ``button``, ``input``
  other than hidden, ``select``, ``textarea``, ``summary``, ``[role=button]``) has a
  bounding box (``getBoundingClientRect``, CSS px) at least 44 wide and 44 tall. A checkbox
  or radio inside a ``<label>`` is measured by that label's box, since the whole label
  takes the tap. Visible is the browser's ``checkVisibility({visibilityProperty: true})``:
  rendered, not ``visibility: hidden``, and not folded away in a closed ``<details>``
  (whose ``<summary>`` counts). The new-game pages are audited with their house rules
  unfolded, so every rule's field is measured too.
- **axe-core** (bundled in axe-playwright-python's wheel, nothing fetched): no violation
  whose impact is serious or critical.

The games are stored through the services (tests/helpers/stored.py's way) before the
first page opens; the home page's phone opens them first, as a player's phone would, so
that they are listed there. The meld calculator's hand is tapped, card by card.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import NamedTuple

import pytest
from axe_playwright_python.sync_playwright import Axe
from flask import Flask
from playwright.sync_api import ConsoleMessage, Error, Frame, Page, expect

from scorekeeper.extensions import db
from scorekeeper.rules import FarkleTurn
from scorekeeper.services import dice, dice_turns, hands, matches
from tests.e2e.conftest import PHONE
from tests.e2e.playing import SMALL_PHONE, open_page
from tests.helpers.stored import form_token, hand, stored_dice_game, stored_match
from tests.test_https import TEST_ROOT

pytestmark = pytest.mark.e2e

SMALLEST_TAP = 44  # CSS px, each way
SERIOUS = ("serious", "critical")

# The interactive elements a thumb may have to hit (hidden inputs are not drawn).
INTERACTIVE = (
    "a[href], button, input:not([type='hidden']), select, textarea, summary, [role='button']"
)

# Every visible interactive element narrower or shorter than SMALLEST_TAP, described.
SMALL_TARGETS_JS = """
([selector, smallest]) => {
  const describe = (element) => {
    const text = (element.innerText || element.value || element.getAttribute('aria-label')
                  || element.getAttribute('name') || '').trim().replace(/\\s+/g, ' ');
    const id = element.id ? '#' + element.id : '';
    const type = element.type ? `[type=${element.type}]` : '';
    return `<${element.tagName.toLowerCase()}${id}${type}> "${text.slice(0, 40)}"`;
  };
  const small = [];
  for (const element of document.querySelectorAll(selector)) {
    // Not rendered, visibility: hidden, or folded away in a closed <details>.
    if (!element.checkVisibility({visibilityProperty: true})) continue;
    let box = element;
    if (['checkbox', 'radio'].includes(element.type) && element.closest('label')) {
      box = element.closest('label');
    }
    const rect = box.getBoundingClientRect();
    // A hair under 44 is layout rounding (rem to px), not a smaller target.
    if (rect.width < smallest - 0.01 || rect.height < smallest - 0.01) {
      small.push(`${describe(element)} ${rect.width.toFixed(1)}x${rect.height.toFixed(1)}`);
    }
  }
  return small;
}
"""

# Collects CSP violations from the first moment of each document.
WATCH_POLICY_JS = """
window.__policyViolations = [];
document.addEventListener('securitypolicyviolation', (event) => {
  window.__policyViolations.push(
    `${event.violatedDirective} blocked ${event.blockedURI.slice(0, 60)}`);
});
"""


class Games(NamedTuple):
    """The stored games the pages show: links, and the hand to edit."""

    playing: str  # a partnership match with 10 hands, still in play
    first_hand: int  # its first hand's row id
    finished: str  # a match Us won
    yahtzee: str
    triple: str
    farkle: str
    farkle_won: str
    yatzy: str
    maxi_yatzy: str
    generala: str
    generala_won: str


# A hand for each seat in turn: made by Us, made by Them, Us set, Them set. Ten of them
# leave both teams well under 1500.
ROUND = (
    hand(bidder=0),
    hand(bidder=1, bid=300, meld=[40, 120], tricks=[70, 180]),
    hand(bidder=2, bid=350, meld=[60, 40], tricks=[150, 100]),
    hand(bidder=3, bid=400, meld=[40, 100], tricks=[150, 100]),
)


def _add_hands(token: str, entries: list[dict]) -> list[int]:
    ids = []
    for played in entries:
        state = matches.load_match(db.session, token)
        added = hands.add_hand(
            db.session, token, played, version=state.match.version, form_token=form_token()
        )
        ids.append(added.id)
    return ids


def _yahtzee_turns(
    token: str, turns: list[tuple[str, str, int | None]], **facts: bool | int
) -> None:
    """Sheet turns, each (dice, box, column); ``facts`` say what each turn says besides its
    dice (served, or the throws used)."""
    for dice_text, box, column in turns:
        state = dice.load_game(db.session, token)
        dice_turns.add_sheet_turn(
            db.session,
            token,
            dice_text,
            box,
            column,
            **facts,
            version=state.game.version,
            form_token=form_token(),
            number=state.next_number,
        )


def _farkle_turns(token: str, turns: list[FarkleTurn]) -> None:
    for turn in turns:
        state = dice.load_game(db.session, token)
        dice_turns.add_farkle_turn(
            db.session,
            token,
            turn,
            version=state.game.version,
            form_token=form_token(),
            number=state.next_number,
        )


@pytest.fixture(scope="module", autouse=True)
def a_root_certificate(live_site: Flask) -> Iterator[None]:
    """The site serves a root certificate, as behind `make run HTTPS=1`, for this module."""
    live_site.config["CADDY_ROOT_CERT"] = str(TEST_ROOT)
    yield
    live_site.config["CADDY_ROOT_CERT"] = None


@pytest.fixture(scope="module")
def games(live_site: Flask) -> Games:
    """A match in play (10 hands), a match won, the dice sheets part played, and a
    Generala won at once by a served generala."""
    playing = stored_match(live_site)
    finished = stored_match(live_site)
    yahtzee = stored_dice_game(live_site, "yahtzee", ("Ann", "Bob"))
    triple = stored_dice_game(live_site, "triple", ("Ann", "Bob", "Cat"))
    farkle = stored_dice_game(live_site, "farkle", ("Ann", "Bob", "Cat"))
    farkle_won = stored_dice_game(live_site, "farkle", ("Ann", "Bob"), target=500)
    yatzy_game = stored_dice_game(live_site, "yatzy", ("Ann", "Bob"))
    maxi = stored_dice_game(live_site, "maxi-yatzy", ("Ann", "Bob", "Cat"))
    generala_game = stored_dice_game(live_site, "generala", ("Ann", "Bob"))
    generala_won = stored_dice_game(live_site, "generala", ("Ann", "Bob"))
    with live_site.app_context():
        first_hand = _add_hands(playing, [ROUND[n % 4] for n in range(10)])[0]
        _add_hands(finished, [hand(bidder=0)] * 6)  # Us: 6 × 260 = 1560
        _yahtzee_turns(yahtzee, [("33356", "threes", None), ("22456", "small_straight", None)])
        _yahtzee_turns(triple, [("33356", "threes", 1), ("55555", "yahtzee", 3)])
        _farkle_turns(
            farkle, [FarkleTurn(("111", "5")), FarkleTurn(farkle=True), FarkleTurn(total=350)]
        )
        _farkle_turns(farkle_won, [FarkleTurn(total=500), FarkleTurn(total=600)])
        _yahtzee_turns(yatzy_game, [("55662", "two_pairs", None), ("33356", "threes", None)])
        _yahtzee_turns(maxi, [("556621", "two_pairs", None)], throws=1)
        _yahtzee_turns(generala_game, [("55662", "sixes", None), ("12345", "straight", None)])
        _yahtzee_turns(generala_won, [("55662", "sixes", None)])
        _yahtzee_turns(generala_won, [("44444", "generala", None)], first_throw=True)
        assert dice.load_game(db.session, generala_won).over
        assert not matches.load_match(db.session, playing).over
        assert matches.load_match(db.session, finished).over
    return Games(
        playing,
        first_hand,
        finished,
        yahtzee,
        triple,
        farkle,
        farkle_won,
        yatzy_game,
        maxi,
        generala_game,
        generala_won,
    )


# ------------------------------------------------------------------------- the pages


def home(page: Page, games: Games) -> None:
    """Home, once this phone has opened a match in play, a match won and two dice games."""
    for path in (
        f"/matches/{games.playing}",
        f"/matches/{games.finished}",
        f"/dice/{games.yahtzee}",
        f"/dice/{games.farkle_won}",
    ):
        assert page.request.get(path).ok  # the phone's cookies: it opened them
    page.goto("/")
    expect(page.locator("ul.match-list li")).to_have_count(4)


def unfold_house_rules(page: Page) -> None:
    """Tap the folded house rules open, as a player changing one would."""
    page.locator("details.house-rules > summary").click()
    expect(page.locator("details.house-rules")).to_have_attribute("open", "")


def new_match(page: Page, games: Games) -> None:
    """New match, from the home page's button, its house rules unfolded."""
    page.goto("/")
    open_page(page, page.get_by_role("button", name="New match"))
    expect(page.get_by_role("heading", name="New match")).to_be_visible()
    unfold_house_rules(page)


def new_dice_game(page: Page, games: Games) -> None:
    """New dice game, from the home page's button, its house rules unfolded."""
    page.goto("/")
    open_page(page, page.get_by_role("button", name="New dice game"))
    expect(page.get_by_role("heading", name="New dice game")).to_be_visible()
    unfold_house_rules(page)


def match_page(page: Page, games: Games) -> None:
    """A partnership match with 10 hands, the next hand's form ready."""
    page.goto(f"/matches/{games.playing}")
    expect(page.locator("#hand-10")).to_be_attached()
    expect(page.get_by_role("button", name="Save hand", exact=True)).to_be_visible()


def chosen(page: Page, games: Games, trump: str) -> None:
    """The match page with a hand half typed: a bidder, a quick bid and a red trump chosen,
    so the chosen shades of each control are audited (a red suit on the chosen colour)."""
    match_page(page, games)
    page.locator("#bidder-group label.choice").filter(has_text="Bob").click()
    page.locator(".quick-bids button").first.click()
    page.locator("#trump-group label.choice").filter(has_text=trump).click()
    expect(page.locator("#trump-group input:checked")).to_have_count(1)


def hand_in_hearts(page: Page, games: Games) -> None:
    chosen(page, games, "hearts")


def hand_in_diamonds(page: Page, games: Games) -> None:
    chosen(page, games, "diamonds")


def edit_hand(page: Page, games: Games) -> None:
    """The edit page of that match's first hand."""
    page.goto(f"/matches/{games.playing}/hands/{games.first_hand}/edit")
    expect(page.get_by_role("button", name="Save changes")).to_be_visible()


def meld_calculator(page: Page, games: Games) -> None:
    """The meld calculator with a run in hearts and a pinochle tapped in."""
    page.goto("/meld")
    for card in ("ace", "ten", "king", "queen", "jack"):
        link = page.get_by_role("link", name=re.compile(rf"^Add the {card} of hearts, 0 in hand$"))
        link.click()
        expect(
            page.get_by_role("link", name=f"Take out one {card} of hearts (1 in hand)")
        ).to_be_visible()
    expect(page.locator("#meld-results .card-count")).to_contain_text("5 of 12 cards")


def yahtzee(page: Page, games: Games) -> None:
    """A Yahtzee sheet two turns in, with the next dice typed (every box says its score)."""
    page.goto(f"/dice/{games.yahtzee}?dice=44456")
    expect(page.locator("table.yahtzee-card").first).to_be_visible()


def triple_yahtzee(page: Page, games: Games) -> None:
    """A Triple Yahtzee sheet for three, two turns in, with the next dice typed."""
    page.goto(f"/dice/{games.triple}?dice=44456")
    expect(page.locator("table.yahtzee-card").first).to_be_visible()


def farkle(page: Page, games: Games) -> None:
    """A Farkle sheet for three, three turns in."""
    page.goto(f"/dice/{games.farkle}")
    expect(page.locator(".scoreboard")).to_be_visible()


def yatzy(page: Page, games: Games) -> None:
    """A Yatzy sheet two turns in, with the next dice typed (every box says its score)."""
    page.goto(f"/dice/{games.yatzy}?dice=44456")
    expect(page.locator("table.yahtzee-card").first).to_be_visible()


def maxi_yatzy(page: Page, games: Games) -> None:
    """A Maxi Yatzy sheet for three, Ann's two throws saved, Bob's six dice typed with the
    throws he used."""
    page.goto(f"/dice/{games.maxi_yatzy}?dice=444563&throws=2")
    expect(page.get_by_label("Throws used", exact=True)).to_have_value("2")
    expect(page.locator("#dice-scoreboard")).to_contain_text("2 throws saved")


def generala(page: Page, games: Games) -> None:
    """A Generala sheet two turns in, the next dice typed and served ticked."""
    page.goto(f"/dice/{games.generala}?dice=33355&first_throw=y")
    expect(page.get_by_label("Served: made on the first throw", exact=True)).to_be_checked()


def generala_won(page: Page, games: Games) -> None:
    """A Generala that a served generala ended at once: the winner's banner says so."""
    page.goto(f"/dice/{games.generala_won}")
    expect(page.locator("#winner")).to_contain_text("The game ended at once")


def house_rules(page: Page, games: Games) -> None:
    """The house-rules page, from the home page's link."""
    page.goto("/")
    open_page(page, page.get_by_role("link", name="House rules"))
    expect(page.get_by_role("heading", name="House rules", level=1)).to_be_visible()


def certificate(page: Page, games: Games) -> None:
    """The certificate page, from the home page's link, offering a root to install."""
    page.goto("/")
    open_page(page, page.get_by_role("link", name="This site's certificate"))
    expect(page.get_by_role("button", name="Download the certificate")).to_be_visible()
    expect(page.get_by_role("img", name=re.compile("QR code"))).to_be_visible()


def new_match_with_a_rule_set(page: Page, games: Games) -> None:
    """New match after saving its house rules as a rule set: this phone's list, the note."""
    page.goto("/matches/new")
    unfold_house_rules(page)
    page.get_by_label("Save these rules as", exact=True).fill("Smith family")
    page.get_by_role("button", name="Save these rules").click()
    expect(page.get_by_role("status")).to_contain_text("Saved as Smith family")


def rule_set(page: Page, games: Games) -> None:
    """A saved rule set's page, its share panel and every rule unfolded."""
    new_match_with_a_rule_set(page, games)
    open_page(page, page.get_by_role("link", name="Share or change Smith family", exact=True))
    page.locator("#share > summary").click()
    page.locator("#every-rule > summary").click()
    expect(page.locator("#all-target")).to_be_visible()


def match_won(page: Page, games: Games) -> None:
    """A won match: the winner, "Share the result" and the score race (issue 16)."""
    page.goto(f"/matches/{games.finished}")
    expect(page.get_by_role("button", name="Share the result")).to_be_visible()
    expect(page.locator("#race svg")).to_be_visible()


def table_display(page: Page, games: Games) -> None:
    """The match in play on the table display, opened from its share panel (issue 16)."""
    page.goto(f"/matches/{games.playing}")
    page.locator("#share > summary").click()
    open_page(page, page.get_by_role("button", name="Table display"))
    expect(page.locator("#display-total-0")).to_be_visible()


def start_a_group(page: Page) -> str:
    """A group made on its page with three players; returns its page's address."""
    page.goto("/groups/new")
    page.get_by_label("Group name", exact=True).fill("Smith family")
    page.get_by_label("Who plays", exact=True).fill("Ann\nBob\nCat")
    open_page(page, page.get_by_role("button", name="Start the group"))
    return page.url


def start_two_handed_from_the_roster(page: Page) -> None:
    """From a group's page: a two-handed match of Ann and Bob, picked from the roster."""
    open_page(page, page.get_by_role("button", name="New match with these players"))
    page.get_by_label("Game", exact=True).select_option(label="Two-handed (no bidding)")
    open_page(page, page.get_by_role("button", name="Show the seats for this game"))
    page.get_by_label("Player 1", exact=True).select_option(label="Ann")
    page.get_by_label("Player 2", exact=True).select_option(label="Bob")
    open_page(page, page.get_by_role("button", name="Start the match"))


def group(page: Page, games: Games) -> None:
    """A group's page with a match started from its roster, a player's changes and the
    share panel unfolded."""
    group_page = start_a_group(page)
    start_two_handed_from_the_roster(page)
    page.goto(group_page)
    page.locator("ul.roster details > summary").first.click()
    page.locator("#share > summary").click()
    expect(page.locator("ul.group-games > li")).to_have_count(1)


def group_new_match(page: Page, games: Games) -> None:
    """A partnership's four seats, picked from a group's roster."""
    start_a_group(page)
    open_page(page, page.get_by_role("button", name="New match with these players"))
    expect(page.get_by_label("Player 4 (team 2)", exact=True)).to_be_visible()


def group_add_names(page: Page, games: Games) -> None:
    """A match played already, pasted into a group: who each of its names is."""
    start_a_group(page)
    open_page(page, page.get_by_role("button", name="Add a game we already played"))
    page.get_by_label("The game's edit link", exact=True).fill(f"/matches/{games.playing}")
    open_page(page, page.get_by_role("button", name="Next: who played"))
    expect(page.get_by_role("heading", name="Who played?")).to_be_visible()


def group_stats(page: Page, games: Games) -> None:
    """A group's statistics page: a card per player of a match started from the roster."""
    group_page = start_a_group(page)
    start_two_handed_from_the_roster(page)
    page.goto(group_page)
    open_page(page, page.get_by_role("button", name=re.compile("^Statistics")))
    expect(page.locator("section[aria-labelledby=pinochle-title] article")).to_have_count(2)


def start_a_club_night(page: Page) -> str:
    """A club night of nine players to 250, its first round started; the host's page."""
    page.goto("/club/new")
    page.get_by_label("Night", exact=True).fill("Tuesday pinochle")
    page.get_by_label("Players", exact=True).fill("Ann\nBob\nCat\nDan\nEve\nFay\nGus\nHal\nIvy")
    page.get_by_label("Game to", exact=True).fill("250")
    open_page(page, page.get_by_role("button", name="Start the night"))
    open_page(page, page.get_by_role("button", name="Start round 1"))
    return page.url


def new_club_night(page: Page, games: Games) -> None:
    """The new club night's form, every field shown."""
    page.goto("/club/new")


def club_host(page: Page, games: Games) -> None:
    """The host's page of a night in its first round, one table's hand saved."""
    host = start_a_club_night(page)
    open_page(page, page.get_by_role("link", name="Score sheet").first)
    page.goto(host)
    expect(page.locator(".club-table")).to_have_count(2)


def club_table(page: Page, games: Games) -> None:
    """A table's score sheet whose round is over: its club panel with both confirmations."""
    start_a_club_night(page)
    open_page(page, page.get_by_role("link", name="Score sheet").first)
    sides = page.locator("#scoreboard .side-name")
    first, second = sides.nth(0).inner_text().strip(), sides.nth(1).inner_text().strip()
    page.locator("#bidder-group label.choice").filter(has_text=first.split(" & ")[0]).click()
    page.get_by_label("Bid", exact=True).fill("250")
    page.locator("#trump-group label.choice").filter(has_text="spades").click()
    page.get_by_label(f"{first} meld", exact=True).fill("100")
    page.get_by_label(f"{second} meld", exact=True).fill("40")
    page.get_by_label(f"{first} tricks", exact=True).fill("160")
    page.get_by_label(f"{second} tricks", exact=True).fill("90")
    page.get_by_role("button", name="Save hand", exact=True).click()
    expect(page.get_by_role("button", name=f"Confirm for {first}")).to_be_visible()
    page.reload()


def club_board(page: Page, games: Games) -> None:
    """The night's leaderboard, as a phone opens it."""
    start_a_club_night(page)
    page.goto(page.locator("a", has_text="the leaderboard").get_attribute("href"))
    expect(page.locator(".club-table")).to_have_count(2)


def club_cards(page: Page, games: Games) -> None:
    """The round's table cards."""
    start_a_club_night(page)
    open_page(page, page.get_by_role("button", name="Table cards to show or print"))
    expect(page.locator("article.table-card")).to_have_count(2)


PAGES: dict[str, Callable[[Page, Games], None]] = {
    "home": home,
    "new-match": new_match,
    "new-dice-game": new_dice_game,
    "match-10-hands": match_page,
    "hand-in-hearts": hand_in_hearts,
    "hand-in-diamonds": hand_in_diamonds,
    "edit-hand": edit_hand,
    "meld-calculator": meld_calculator,
    "yahtzee": yahtzee,
    "triple-yahtzee": triple_yahtzee,
    "farkle": farkle,
    "yatzy": yatzy,
    "maxi-yatzy": maxi_yatzy,
    "generala": generala,
    "generala-won": generala_won,
    "house-rules": house_rules,
    "certificate": certificate,
    "new-match-with-a-rule-set": new_match_with_a_rule_set,
    "rule-set": rule_set,
    "match-won": match_won,
    "table-display": table_display,
    "group": group,
    "group-new-match": group_new_match,
    "group-add-names": group_add_names,
    "group-stats": group_stats,
    "new-club-night": new_club_night,
    "club-host": club_host,
    "club-table": club_table,
    "club-board": club_board,
    "club-cards": club_cards,
}
VIEWPORTS = {"390x844": PHONE, "360x640": SMALL_PHONE}
SCHEMES = ("light", "dark")


class Watched(NamedTuple):
    """What a page said on its own while it was open."""

    console_errors: list[str]
    page_errors: list[str]


@pytest.fixture
def watched_page(new_page: Callable[..., Page], request: pytest.FixtureRequest) -> Iterator:
    """A phone of the test's size and scheme, its console errors and CSP violations kept."""
    viewport, scheme = request.param
    page = new_page(viewport=VIEWPORTS[viewport], color_scheme=scheme)
    page.add_init_script(WATCH_POLICY_JS)
    said = Watched([], [])

    def on_console(message: ConsoleMessage) -> None:
        if message.type == "error":
            said.console_errors.append(message.text)

    def on_navigation(frame: Frame) -> None:
        # Only the document under audit counts; the pages opened on the way there do not.
        if frame == page.main_frame:
            said.console_errors.clear()
            said.page_errors.clear()

    page.on("console", on_console)
    page.on("framenavigated", on_navigation)
    page.on("pageerror", lambda error: said.page_errors.append(str(error)))
    yield page, said, VIEWPORTS[viewport]


def settle(page: Page) -> None:
    """Wait for the page's load, and for htmx to finish anything it started."""
    page.wait_for_load_state("load")
    expect(page.locator(".htmx-request, .htmx-swapping, .htmx-settling")).to_have_count(0)


def policy_violations(page: Page) -> list[str]:
    """The CSP violations the current document reported."""
    try:
        return page.evaluate("window.__policyViolations || []")
    except Error as error:  # a document that never ran the watcher says so
        return [f"could not read the violations: {error}"]


def serious_axe_violations(page: Page) -> list[str]:
    """axe-core's serious and critical violations, each with the elements it names."""
    results = Axe().run(page)
    found = []
    for violation in results.response["violations"]:
        if violation["impact"] in SERIOUS:
            targets = ", ".join(" ".join(node["target"]) for node in violation["nodes"][:6])
            found.append(f"{violation['id']} ({violation['impact']}): {targets}")
    return found


def layout_problems(page: Page, viewport: dict) -> list[str]:
    """The page as it stands: wider than the viewport, a tap target under 44 px, or a serious
    or critical axe violation, each described (empty when it passes)."""
    problems: list[str] = []
    scroll_width = page.evaluate("document.documentElement.scrollWidth")
    if scroll_width > viewport["width"]:
        problems.append(f"overflow: the page is {scroll_width}px wide in {viewport['width']}px")
    small = page.evaluate(SMALL_TARGETS_JS, [INTERACTIVE, SMALLEST_TAP])
    problems += [f"tap target under {SMALLEST_TAP}px: {target}" for target in small]
    problems += [f"axe: {violation}" for violation in serious_axe_violations(page)]
    return problems


@pytest.mark.parametrize(
    "watched_page",
    [(viewport, scheme) for viewport in VIEWPORTS for scheme in SCHEMES],
    ids=[f"{viewport}-{scheme}" for viewport in VIEWPORTS for scheme in SCHEMES],
    indirect=True,
)
@pytest.mark.parametrize("name", list(PAGES))
def test_the_page_fits_a_phone_logs_nothing_and_passes_axe(
    watched_page: tuple[Page, Watched, dict], games: Games, name: str
) -> None:
    """No sideways scroll, no console or CSP error, 44 px targets, nothing serious to axe."""
    page, said, viewport = watched_page
    PAGES[name](page, games)
    settle(page)

    problems = layout_problems(page, viewport)
    problems += [f"CSP: {violation}" for violation in policy_violations(page)]
    problems += [f"console: {text}" for text in said.console_errors]
    problems += [f"uncaught: {text}" for text in said.page_errors]
    assert not problems, f"{name} at {viewport['width']}x{viewport['height']}:\n" + "\n".join(
        problems
    )
