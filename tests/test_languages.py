"""The site in the phone's language (issue 26): the catalogues (every marked word collected,
none missing or fuzzy in an offered language, no placeholder lost in any), the language
chosen from Accept-Language or the switch remembered on the phone, English for a language
not offered yet, and a kept match page drawn per language."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages import pofile
from babel.messages.mofile import write_mo

from scorekeeper.i18n import COOKIE, LANGUAGES, OFFERED
from tests.helpers.html import form_to, read
from tests.helpers.play import match_url, open_page, start_match, submit

ROOT = Path(__file__).resolve().parent.parent
TRANSLATIONS = ROOT / "scorekeeper" / "translations"
# A placeholder as Python's % and str.format write them: %(name)s, %d, {name}.
PLACEHOLDER = re.compile(r"%\(\w+\)[sdr]|%[sd]|\{\w*\}")


def catalogue(language: str):
    with (TRANSLATIONS / language / "LC_MESSAGES" / "messages.po").open("rb") as file:
        return pofile.read_po(file, locale=language)


def template_ids() -> set[str]:
    with (TRANSLATIONS / "messages.pot").open("rb") as file:
        return {
            message.id if isinstance(message.id, str) else message.id[0]
            for message in pofile.read_po(file)
            if message.id
        }


def strings(message) -> list[str]:
    return list(message.string) if isinstance(message.string, tuple) else [message.string]


def ids(message) -> list[str]:
    return list(message.id) if isinstance(message.id, tuple) else [message.id]


# ====================================================================== the catalogues


def test_every_marked_word_is_in_the_template(tmp_path):
    """`make messages` was run after the last word was marked: extracting again gives the
    same messages as the committed template."""
    fresh = tmp_path / "messages.pot"
    subprocess.run(
        [
            str(Path(sys.executable).parent / "pybabel"),
            "-q",
            "extract",
            "-F",
            "babel.cfg",
            "--no-location",
            "-o",
            str(fresh),
            ".",
        ],
        cwd=ROOT,
        check=True,
    )
    with fresh.open("rb") as file:
        extracted = {
            m.id if isinstance(m.id, str) else m.id[0] for m in pofile.read_po(file) if m.id
        }
    assert extracted == template_ids(), "run `make messages`"


@pytest.mark.parametrize("language", [code for code in LANGUAGES if code != "en"])
def test_each_catalogue_holds_every_word_of_the_template(language):
    held = {
        message.id if isinstance(message.id, str) else message.id[0]
        for message in catalogue(language)
        if message.id
    }
    assert held == template_ids(), "run `make messages`"


def lacking(language: str) -> list[str]:
    """The messages a catalogue has not translated yet, or holds as fuzzy."""
    return [
        ids(message)[0]
        for message in catalogue(language)
        if message.id and (message.fuzzy or not all(strings(message)))
    ]


def test_an_offered_language_has_every_message_translated():
    assert {language: lacking(language) for language in OFFERED if language != "en"} == {
        language: [] for language in OFFERED if language != "en"
    }
    assert set(OFFERED) <= set(LANGUAGES) and OFFERED[0] == "en"


def test_the_completeness_check_finds_an_untranslated_message(tmp_path, monkeypatch):
    broken = catalogue("de")
    next(message for message in broken if message.id).string = ""
    (tmp_path / "de" / "LC_MESSAGES").mkdir(parents=True)
    with (tmp_path / "de" / "LC_MESSAGES" / "messages.po").open("wb") as file:
        pofile.write_po(file, broken)
    monkeypatch.setattr(sys.modules[__name__], "TRANSLATIONS", tmp_path)
    assert len(lacking("de")) == 1


@pytest.mark.parametrize("language", [code for code in LANGUAGES if code != "en"])
def test_no_translation_loses_or_renames_a_placeholder(language):
    for message in catalogue(language):
        if not message.id:
            continue
        wanted = sorted(PLACEHOLDER.findall(ids(message)[-1]))
        for string in strings(message):
            if string:
                assert sorted(PLACEHOLDER.findall(string)) == wanted, (message.id, string)


def test_the_placeholder_check_finds_a_lost_placeholder():
    assert PLACEHOLDER.findall("Hand %(number)s of {total}") == ["%(number)s", "{total}"]
    assert PLACEHOLDER.findall("Hand %(nummer)s") != PLACEHOLDER.findall("Hand %(number)s")


# ================================================================= the phone's language


@pytest.fixture
def compiled(tmp_path_factory) -> Path:
    """The catalogues compiled as `make translations` compiles them, in a folder of the test's."""
    folder = tmp_path_factory.mktemp("translations")
    for language in LANGUAGES:
        if language == "en":
            continue
        target = folder / language / "LC_MESSAGES"
        target.mkdir(parents=True)
        with (target / "messages.mo").open("wb") as file:
            write_mo(file, catalogue(language))
    return folder


@pytest.fixture
def site(make_site, tmp_path, compiled):
    """A site that offers German and French (as it will once their catalogues are whole)."""
    return make_site(
        tmp_path,
        TESTING=True,
        SECRET_KEY="test",
        LANGUAGES_OFFERED=("en", "de", "fr"),
        BABEL_TRANSLATION_DIRECTORIES=str(compiled),
    )


def nav(page) -> str:
    return page.one("header").text


def test_the_phone_gets_its_accept_language(site):
    phone = site.test_client()

    page = read(phone.get("/", headers={"Accept-Language": "de-CH, de;q=0.9, en;q=0.5"}))

    assert page.one("html").attrs["lang"] == "de"
    assert "Neue Partie" in nav(page) and "New match" not in nav(page)
    english = read(phone.get("/", headers={"Accept-Language": "en-GB"}))
    assert english.one("html").attrs["lang"] == "en" and "New match" in nav(english)


def test_a_language_not_offered_yet_reads_english(site):
    page = read(site.test_client().get("/", headers={"Accept-Language": "sv-SE, sv"}))

    assert page.one("html").attrs["lang"] == "en"
    assert "New match" in nav(page)


def test_the_switch_is_remembered_on_the_phone(site):
    phone = site.test_client()
    page = open_page(phone, "/rules")
    switch = form_to(page, "/language")

    response = submit(phone, switch, {"language": "fr"})

    assert response.status_code == 303
    assert response.headers["Location"] == "/rules"
    assert phone.get_cookie(COOKIE).value == "fr"
    again = read(phone.get("/", headers={"Accept-Language": "de"}))
    assert again.one("html").attrs["lang"] == "fr" and "Nouvelle partie" in nav(again)
    chosen = [b.attrs["value"] for b in again.all("button") if b.attrs.get("aria-current")]
    assert chosen == ["fr"]


def test_the_switch_needs_the_pages_csrf_token_and_stays_on_this_site(site):
    phone = site.test_client()
    assert phone.post("/language", data={"language": "de"}).status_code == 400
    assert phone.get_cookie(COOKIE) is None

    switch = form_to(open_page(phone, "/"), "/language")
    response = submit(phone, switch, {"language": "de", "next": "//elsewhere.example/x"})

    assert response.headers["Location"] == "/"


def test_a_kept_match_page_is_drawn_in_each_phones_language(site):
    german, english = site.test_client(), site.test_client()
    token = start_match(german)

    first = read(german.get(match_url(token), headers={"Accept-Language": "de"}))
    second = read(english.get(match_url(token), headers={"Accept-Language": "en"}))

    assert "Neue Partie" in nav(first) and "New match" in nav(second)
    # The switch on the kept page carries each phone's own CSRF token.
    response = submit(english, form_to(second, "/language"), {"language": "de"})
    assert response.status_code == 303
