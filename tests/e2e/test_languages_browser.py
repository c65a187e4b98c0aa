"""Issue 26, done when: a phone in each language the site speaks (German, Swedish,
Spanish, French and English), at 390×844, plays a pinochle hand and a Kniffel, a Yatzy and
a Generala turn, and reads its own language on every page it visits.

The phone's Accept-Language is the language (one browser context per language, its
``locale``); the last test taps the footer's switch, whose cookie then speaks for it.
Every control is found by CSS (ids, ``name``, ``data-*``, the form's structure), never by
an English name, and tapped with Thumb: only what is on screen and not covered.

What the pages must say is read at run time from the compiled catalogues (Flask-Babel's
gettext, forced to the language), never written here: the next hand's heading ("Hand 2"
in the language), the turn's heading, Undo's words, the score bar's "to play". Only the
templates' words are asserted on: the sentences Python makes are still being translated.
Totals of 1000 or more are written with the language's digit groups
(``scorekeeper.i18n.number_writer``). Each page is audited as tests/e2e/test_page_audit.py
audits it (``layout_problems``): no sideways scroll (German words are long), every
visible control at least 44×44 CSS px, nothing serious or critical to axe-core.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from flask import Flask
from flask_babel import force_locale, gettext
from playwright.sync_api import Browser, BrowserContext, Locator, Page, expect

from scorekeeper.i18n import COOKIE, LANGUAGES, number_writer
from tests.e2e.conftest import PHONE, save_screenshot
from tests.e2e.playing import open_page, tap_and_answer
from tests.e2e.test_page_audit import layout_problems, settle
from tests.e2e.thumb import Thumb

pytestmark = pytest.mark.e2e

SPOKEN = tuple(LANGUAGES)  # en, de, sv, es, fr: every language with a catalogue
TEAMS = ("Us", "Them")
PLAYERS = ("Ann", "Bob", "Cat", "Dan")

# One hand that takes Us past 1000: Ann bids 300 in spades, Us meld 900 and take 200 of
# the 250 trick points; Them meld nothing and take the other 50.
HAND = {"bidder": 0, "bid": "300", "trump": 0, "meld": ("900", "0"), "tricks": ("200", None)}
US, THEM = 900 + 200, 50

# Each dice game's first turn: Ann's dice, the box she taps, what it scores.
DICE_TURNS = {
    "kniffel": ("66666", "yahtzee", 50),
    "yatzy": ("55662", "two_pairs", 22),
    "generala": ("12345", "straight", 20),
}


@pytest.fixture(scope="module", autouse=True)
def every_language_offered(live_site: Flask) -> Iterator[None]:
    """The live site offers every language it has a catalogue for, for this module (as
    tests/test_languages.py's ``everywhere``; i18n.offered() reads it on each request)."""
    before = live_site.config.get("LANGUAGES_OFFERED")
    live_site.config["LANGUAGES_OFFERED"] = SPOKEN
    yield
    live_site.config["LANGUAGES_OFFERED"] = before


@pytest.fixture(scope="module", params=SPOKEN)
def language(request: pytest.FixtureRequest) -> str:
    """The language the phone speaks."""
    return request.param


@pytest.fixture(scope="module")
def phone(browser: Browser, live_server: str, language: str) -> Iterator[BrowserContext]:
    """A phone (390×844, touch) whose Accept-Language is the language; one per language."""
    context = browser.new_context(
        base_url=live_server, viewport=PHONE, is_mobile=True, has_touch=True, locale=language
    )
    yield context
    context.close()


@pytest.fixture
def page(phone: BrowserContext, request: pytest.FixtureRequest) -> Iterator[Page]:
    """A page on the language's phone, kept in test-artifacts/ when the test fails."""
    page = phone.new_page()
    yield page
    report = getattr(request.node, "report_call", None)
    if report is not None and report.failed:
        save_screenshot(page, f"{request.node.name}-failed")
    page.close()


def catalogue_says(site: Flask, code: str, message: str, **values: object) -> str:
    """``message`` as the site's compiled catalogue for ``code`` says it, filled in."""
    with site.test_request_context(), force_locale(code):
        return gettext(message, **values)


def translated(site: Flask, code: str, message: str, **values: object) -> str:
    """The words a page in ``code`` shows for ``message``: in any language but English,
    words an English page does not show (else the test would prove nothing)."""
    words = catalogue_says(site, code, message, **values)
    if code != "en":
        assert words != catalogue_says(site, "en", message, **values), (code, message)
    return words


def audit(page: Page, where: str, language: str) -> list[str]:
    """test_page_audit's checks on the page as it stands, once htmx has settled: what
    they find, each said with the page and the language. The test plays on and fails at
    its end, so one page's finding does not hide what the next page shows."""
    settle(page)
    found = [f"{where} in {language}: {problem}" for problem in layout_problems(page, PHONE)]
    for finding in found:
        print(finding)  # shown with any later failure of the test, too
    return found


def expect_no_findings(found: list[str]) -> None:
    """Every page the test audited passed."""
    assert not found, "the page audit found:\n" + "\n".join(found)


def expect_language(page: Page, language: str) -> None:
    """The page says it is in the language, and the footer's switch marks it chosen."""
    expect(page.locator("html")).to_have_attribute("lang", language)
    chosen = page.locator("footer.languages button[name='language'][aria-current='true']")
    expect(chosen).to_have_attribute("value", language)


def home_action(page: Page, path: str) -> Locator:
    """One of the home page's big buttons, by where it goes."""
    return page.locator(f".home-actions a[role='button'][href$='{path}']")


def unfold_house_rules(thumb: Thumb, page: Page) -> None:
    """Tap the new-game form's house rules open, so every rule's field is audited too."""
    thumb.tap(page.locator("details.house-rules > summary"))
    expect(page.locator("details.house-rules")).to_have_attribute("open", "")


def start_button(page: Page) -> Locator:
    """The new-game form's Start, in its sticky action bar."""
    return page.locator(".sticky-actions button[type='submit']")


# ======================================================================== pinochle


def test_a_pinochle_hand_is_played_and_read_in_the_phones_language(
    page: Page, language: str, live_site: Flask
) -> None:
    thumb = Thumb(page)
    page.goto("/")
    expect_language(page, language)
    found = audit(page, "home", language)

    open_page(page, home_action(page, "/matches/new"))
    expect_language(page, language)
    expect(page.locator("h1")).to_have_text(translated(live_site, language, "New match"))
    unfold_house_rules(thumb, page)
    found += audit(page, "new match (house rules unfolded)", language)
    for number, team in enumerate(TEAMS):
        thumb.type(page.locator(f"#side_names-{number}"), team)
    for number, player in enumerate(PLAYERS):
        thumb.type(page.locator(f"#player_names-{number}"), player)
    open_page(page, start_button(page))

    expect_language(page, language)
    heading = page.locator("#next-hand")
    expect(heading).to_have_text(translated(live_site, language, "Hand %(number)s", number=1))
    thumb.tap(page.locator("#bidder-group label.choice").nth(HAND["bidder"]))
    thumb.type(page.locator("#bid"), HAND["bid"])
    thumb.tap(page.locator(f"#trump-group label.choice:has(input[value='{HAND['trump']}'])"))
    for side, points in enumerate(HAND["meld"]):
        thumb.type(page.locator(f"#meld-{side}"), points)
    for side, points in enumerate(HAND["tricks"]):
        if points is not None:
            thumb.type(page.locator(f"#tricks-{side}"), points)
    settle(page)
    save = page.locator("form.hand-form .actions button.save")
    assert tap_and_answer(page, save) == 303

    writes = number_writer(language)
    expect(page.locator("#hand-1")).to_be_visible()
    expect(page.locator("#total-0")).to_have_text(writes(US))
    expect(page.locator("#total-1")).to_have_text(writes(THEM))
    expect(heading).to_have_text(translated(live_site, language, "Hand %(number)s", number=2))
    expect(page.locator("#ledger-title")).to_have_text(translated(live_site, language, "Ledger"))
    # The ledger's running total too, in the language's digit groups ("1.100", "1 100").
    running = page.locator("#hand-1 .row-total").first
    expect(running).to_have_text(re.compile(f"{re.escape(writes(US))}$"))
    if language != "en":  # the hand reaches a total the language writes with a group
        assert writes(US) != str(US), writes(US)
    expect_language(page, language)
    found += audit(page, "match page after hand 1", language)
    expect_no_findings(found)


# ============================================================================ dice


def start_dice_game(thumb: Thumb, page: Page, language: str, site: Flask, kind: str) -> list[str]:
    """From the home page: New dice game, the game chosen, house rules unfolded, Ann and
    Bob, Start; what the new game's page audit found."""
    page.goto("/")
    open_page(page, home_action(page, "/dice/new"))
    expect_language(page, language)
    expect(page.locator("h1")).to_have_text(translated(site, language, "New dice game"))
    chooser = page.locator("select#kind")
    if chooser.input_value() != kind:
        # Choosing another game refits the form in place (htmx): wait for the refitted form.
        chooser.select_option(kind)
        expect(page.locator("input[type='hidden'][name='fitted_for']")).to_have_value(kind)
    unfold_house_rules(thumb, page)
    found = audit(page, f"new dice game ({kind}, house rules unfolded)", language)
    for number, player in enumerate(PLAYERS[:2]):
        thumb.type(page.locator(f"#player_names-{number}"), player)
    open_page(page, start_button(page))
    expect(page).to_have_url(re.compile(r"/dice/[A-Za-z0-9_-]{22,}$"))
    expect(page.locator(".scoreboard .side-name")).to_have_text(list(PLAYERS[:2]))
    return found


@pytest.mark.parametrize("kind", list(DICE_TURNS))
def test_a_dice_turn_is_tapped_and_read_in_the_phones_language(
    page: Page, language: str, live_site: Flask, kind: str
) -> None:
    thumb = Thumb(page)
    found = start_dice_game(thumb, page, language, live_site, kind)
    ann, bob = PLAYERS[:2]
    turn = page.locator("#turn-title")
    expect(turn).to_have_text(translated(live_site, language, "%(player)s's turn", player=ann))
    dice, box, points = DICE_TURNS[kind]

    for face in dice:
        thumb.tap(page.locator(f".die-taps button[data-die='{face}']"))
    best = page.locator(f"#best-boxes button.best-box[name='slot'][value='{box}']")
    expect(best).to_contain_text(str(points))
    settle(page)
    thumb.tap(best)

    note = page.locator("#dice-note")
    undo = translated(live_site, language, "Undo %(player)s's last turn", player=ann)
    expect(note.locator("form.undo button")).to_have_text(undo)
    expect(note).to_contain_text(str(points))
    expect(turn).to_have_text(translated(live_site, language, "%(player)s's turn", player=bob))
    bar = page.locator("#dice-scoreboard .side")
    expect(page.locator("#total-0")).to_have_text(str(points))
    expect(page.locator("#total-1")).to_have_text("0")
    to_play = translated(live_site, language, "to play")
    expect(bar.nth(1).locator(".side-note").first).to_have_text(to_play)
    expect(bar.nth(0)).not_to_contain_text(to_play)
    expect(page.locator("#cards-title")).to_have_text(translated(live_site, language, "Every card"))
    expect_language(page, language)
    found += audit(page, f"{kind} page after Ann's turn", language)
    expect_no_findings(found)


# ======================================================================= the switch


def test_the_footer_switch_sets_the_language_the_phone_keeps(
    page: Page, phone: BrowserContext, language: str
) -> None:
    """Another language tapped in the footer, then this one: the cookie keeps the choice."""
    other = "de" if language == "en" else "en"
    page.goto("/")
    for code in (other, language):
        open_page(page, page.locator(f"footer.languages button[name='language'][value='{code}']"))
        expect_language(page, code)
        assert {c["name"]: c["value"] for c in phone.cookies()}[COOKIE] == code
    page.goto("/dice/new")
    expect_language(page, language)
