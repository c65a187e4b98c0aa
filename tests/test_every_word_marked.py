"""Every word a page shows goes through the catalogue (issue 26): pages drawn in a made-up
language whose every message is its English between ⟦ and ⟧ must show no English word
outside those brackets (player names here are Greek, so they hold no Latin letter).

A word that stays English in another language's page is a word nobody marked: the
templates', Python's (rules/sentences.py's ``said``) or the scripts' (script_words.py).
"""

from __future__ import annotations

import html
import re
from collections import deque
from pathlib import Path

import pytest
from babel.messages import pofile
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo

from tests.helpers.html import form_to
from tests.helpers.play import (
    farkle_turn,
    new_dice_game,
    new_match,
    open_page,
    post_hand,
    save_hand,
    start_match,
    submit,
    tap_box,
    token_of,
)

ROOT = Path(__file__).resolve().parent.parent
OPEN, CLOSE = "⟦", "⟧"
# The players, their group and their night: no Latin letter in any.
PLAYERS = ("Άννα", "Βύρων", "Γιάννα", "Δήμος")
# What pages show that is no message: the site's name, the languages' own names in the
# switch, and the dice games' proper names (the same in every language).
NOT_WORDS = {
    "Scorekeeper",
    "English",
    "Deutsch",
    "Svenska",
    "Español",
    "Français",
    "Yahtzee",
    "Farkle",
    "Yatzy",
    "Maxi",
    "Generala",
    "Kniffel",
    "Yams",
}


def pseudo_catalogue(folder: Path) -> Path:
    """The template's messages as a made-up language ("de", for its Babel data): each
    message is its English between brackets, its placeholders kept."""
    with (ROOT / "scorekeeper" / "translations" / "messages.pot").open("rb") as file:
        template = pofile.read_po(file)
    catalogue = Catalog(locale="de")
    for message in template:
        if not message.id:
            continue
        if isinstance(message.id, tuple):
            catalogue.add(message.id, tuple(f"{OPEN}{form}{CLOSE}" for form in message.id))
        else:
            catalogue.add(message.id, f"{OPEN}{message.id}{CLOSE}")
    target = folder / "de" / "LC_MESSAGES"
    target.mkdir(parents=True)
    with (target / "messages.mo").open("wb") as file:
        write_mo(file, catalogue)
    return folder


TAG = re.compile(r"<script\b.*?</script>|<style\b.*?</style>|<!--.*?-->|<[^>]+>", re.S)
SHOWN_ATTRIBUTES = re.compile(r'\b(?:aria-label|alt|title|placeholder|data-copy)="([^"]*)"')
BRACKETED = re.compile(f"{OPEN}[^{OPEN}{CLOSE}]*{CLOSE}")
WORD = re.compile(r"[A-Za-z][A-Za-z'’-]+")
# A link or a token printed for the player to copy: an address, not words.
ADDRESS = re.compile(r"(?:https?://\S+|/[\w/?=&.-]*|\b[\w-]{24}\b)")


def english_left(page: str) -> list[str]:
    """The Latin words of a page's text and shown attributes outside the brackets."""
    text = html.unescape(" ".join(SHOWN_ATTRIBUTES.findall(page)) + " " + TAG.sub(" ", page))
    text = ADDRESS.sub(" ", text)
    while BRACKETED.search(text):
        text = BRACKETED.sub(" ", text)
    return [word for word in WORD.findall(text) if word not in NOT_WORDS]


def pseudo_site(make_site, folder: Path):
    """A site whose German is the made-up language (CSRF off: the crawl posts forms)."""
    return make_site(
        folder,
        TESTING=True,
        SECRET_KEY="test",
        WTF_CSRF_ENABLED=False,
        LANGUAGES_OFFERED=("en", "de"),
        BABEL_TRANSLATION_DIRECTORIES=str(pseudo_catalogue(folder / "pseudo")),
    )


@pytest.fixture
def pseudo(make_site, tmp_path):
    return pseudo_site(make_site, tmp_path)


GERMAN = {"Accept-Language": "de"}
HANDS = [
    # made, set, and all passed with the dealer stuck
    {"bidder": "0", "bid": "300", "trump": "0", "meld-0": "120", "meld-1": "40", "tricks-0": "150"},
    {"bidder": "1", "bid": "450", "trump": "2", "meld-0": "20", "meld-1": "90", "tricks-0": "200"},
]
GAMES = ("yahtzee", "triple", "farkle", "yatzy", "maxi-yatzy", "generala", "kniffel", "yams")


def seeds(phone) -> tuple[list[str], dict[str, str]]:
    """Pages in the states a table sees: a match with hands made and set, each dice game
    with a turn played, a group, a club night, the meld calculator with a hand; and the
    answers to refused writes (a hand, a turn, a new match, a new group), drawn in the
    made-up language."""
    urls = ["/", "/meld", "/meld?hand=AH+10H+KH+QH+JH+KH+QS&trump=H", "/matches/new", "/dice/new"]
    answers: dict[str, str] = {}

    def shown(response) -> str:
        return text(response, phone)

    names = {f"player_names-{seat}": name for seat, name in enumerate(PLAYERS)}
    names.update({"side_names-0": "Ομάδα Α", "side_names-1": "Ομάδα Β"})
    match = new_match(phone, typed=names)
    for typed in HANDS:
        save_hand(phone, match, typed)
    urls.append(f"/matches/{match}")
    refused = {"bidder": "0", "bid": "255", "meld-0": "x", "tricks-0": "999"}
    answers["refused hand"] = shown(post_hand(phone, match, refused, headers=GERMAN))
    answers["refused match"] = shown(
        start_match(phone, typed={**names, "player_names-0": ""}, headers=GERMAN)
    )
    for kind in GAMES:
        urls.append(f"/dice/new?kind={kind}")
        game = new_dice_game(phone, kind, names=PLAYERS[:2])
        urls.append(f"/dice/{game}")
        if kind == "farkle":
            answers[kind] = shown(farkle_turn(phone, game, throws=("1 5",), headers=GERMAN))
            answers["refused farkle"] = shown(
                farkle_turn(phone, game, throws=("2",), headers=GERMAN)
            )
        elif kind != "triple":
            answers[kind] = shown(
                tap_box(
                    phone, game, "66666" + "6" * (kind == "maxi-yatzy"), "chance", headers=GERMAN
                )
            )
            answers[f"refused {kind}"] = shown(
                tap_box(phone, game, "6666", "chance", headers=GERMAN)
            )
    group_form = form_to(open_page(phone, "/groups/new"), "/groups/new")
    group = submit(phone, group_form, {"name": "Οικογένεια", "players": "\n".join(PLAYERS)})
    urls += ["/groups/new", f"/groups/{token_of(group)}"]
    refused_group = submit(phone, group_form, {"name": "", "players": "Άννα"}, headers=GERMAN)
    answers["refused group"] = shown(refused_group)
    club_form = form_to(open_page(phone, "/club/new"), "/club/new")
    eight = "\n".join(PLAYERS * 2)
    night = submit(phone, club_form, {"name": "Τρίτη", "players": eight, "target": "250"})
    urls += ["/club/new", night.headers.get("Location", "/club/new")]
    return urls, answers


def text(response, phone=None) -> str:
    """A write's answer as the phone shows it: the page a saved write leads to."""
    assert response.status_code < 500
    if 300 <= response.status_code < 400 and phone is not None:
        return text(phone.get(response.headers["Location"], headers=GERMAN))
    return response.get_data(as_text=True)


def crawl(phone, start: list[str], most: int = 300, language: str = "de") -> dict[str, str]:
    pages: dict[str, str] = {}
    queue = deque(start)
    while queue and len(pages) < most:
        url = queue.popleft()
        if url in pages:
            continue
        response = phone.get(url, headers={"Accept-Language": language})
        assert response.status_code < 500, (language, url)
        pages[url] = response.get_data(as_text=True) if response.mimetype == "text/html" else ""
        for link in re.findall(r'href="(/[^"#]*)', pages[url]):
            link = link.replace("&amp;", "&")
            if (
                not link.startswith(("/assets", "/static", "/sw.js", "/meld?"))
                and link not in pages
            ):
                queue.append(link)
    return pages


def test_no_page_shows_a_word_that_is_not_marked(pseudo):
    phone = pseudo.test_client()
    urls, answers = seeds(phone)
    pages = {**crawl(phone, urls), **answers}
    assert len(pages) > 60
    left = {url: sorted(set(english_left(html))) for url, html in pages.items()}
    left = {url: words for url, words in left.items() if words}
    assert not left, "\n".join(f"{url}: {' '.join(words[:40])}" for url, words in left.items())


def test_the_check_finds_an_unmarked_word():
    assert english_left("<p>⟦Hand ⟦New match⟧⟧ Άννα</p>") == []
    assert english_left('<p aria-label="Take out">⟦Bid⟧ Made 300</p>') == ["Take", "out", "Made"]


@pytest.mark.parametrize("language", ["de", "sv", "es", "fr"])
def test_every_page_is_drawn_whole_in_each_language(make_site, tmp_path, language):
    """The real catalogues: every page answers, in the phone's language, with each
    placeholder filled in and no markup shown as text."""
    site = make_site(tmp_path, TESTING=True, SECRET_KEY="test", WTF_CSRF_ENABLED=False)
    phone = site.test_client()
    urls, _answers = seeds(phone)
    pages = crawl(phone, urls, language=language)
    assert len(pages) > 60
    for url, page in pages.items():
        if page:
            assert f'<html lang="{language}">' in page, url
            text = TAG.sub(" ", page)
            assert "%(" not in text and "&lt;" not in text, (url, language)
