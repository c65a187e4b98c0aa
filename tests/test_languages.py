"""The site in the phone's language (issue 26): the catalogues (every marked word collected,
none missing or fuzzy in an offered language, no placeholder lost in any), the language
chosen from Accept-Language or the switch remembered on the phone, English for a language
not offered yet, and a kept match page drawn per language."""

from __future__ import annotations

import json
import pickle
import re
import subprocess
import sys
from pathlib import Path

import jinja2
import pytest
from babel.messages import pofile
from babel.messages.mofile import write_mo
from babel.numbers import format_decimal
from flask_babel import get_translations
from hypothesis import given
from hypothesis import strategies as st
from markupsafe import Markup

from scorekeeper.i18n import COOKIE, LANGUAGES, MINUS, OFFERED, number_writer, plain
from scorekeeper.rules import DICE_GAMES, Said, said, said_joined, said_plural
from tests.helpers.html import form_to, read
from tests.helpers.play import match_url, new_match, open_page, save_hand, start_match, submit

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
    before = lacking("de")
    broken = catalogue("de")
    blanked = next(
        message for message in broken if message.id and not message.fuzzy and all(strings(message))
    )
    blanked.string = ""
    (tmp_path / "de" / "LC_MESSAGES").mkdir(parents=True)
    with (tmp_path / "de" / "LC_MESSAGES" / "messages.po").open("wb") as file:
        pofile.write_po(file, broken)
    monkeypatch.setattr(sys.modules[__name__], "TRANSLATIONS", tmp_path)
    assert sorted(lacking("de")) == sorted([*before, ids(blanked)[0]])


@pytest.mark.parametrize("language", [code for code in LANGUAGES if code != "en"])
def test_no_translation_loses_or_renames_a_placeholder(language):
    """Each form keeps the English's placeholders: a plural's forms the plural's, but its
    first form (the one for one, as pybabel compile checks it) may keep the singular's
    instead ("…at least one player" has no %(num)s)."""
    for message in catalogue(language):
        if not message.id:
            continue
        english = [sorted(PLACEHOLDER.findall(form)) for form in ids(message)]
        for index, string in enumerate(strings(message)):
            if not string:
                continue
            allowed = english if index == 0 else english[-1:]
            assert sorted(PLACEHOLDER.findall(string)) in allowed, (message.id, string)


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


def offering(make_site, folder: Path, compiled: Path, languages: tuple[str, ...]):
    """A site that offers ``languages``, read from the test's compiled catalogues."""
    return make_site(
        folder,
        TESTING=True,
        SECRET_KEY="test",
        LANGUAGES_OFFERED=languages,
        BABEL_TRANSLATION_DIRECTORIES=str(compiled),
    )


@pytest.fixture
def site(make_site, tmp_path, compiled):
    """A site that offers German and French (as it will once their catalogues are whole)."""
    return offering(make_site, tmp_path, compiled, ("en", "de", "fr"))


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


# ========================================================================== numbers


@pytest.mark.parametrize("language", sorted(set(LANGUAGES) - {"en"}))
@given(value=st.integers(min_value=-(10**9), max_value=10**9))
def test_a_score_is_written_as_babel_writes_the_languages_numbers(language, value):
    """i18n.number_writer is worked out once per language; each number it writes is
    Babel's format_decimal for the locale, with a true minus sign."""
    babel = format_decimal(abs(value), locale=language)

    assert number_writer(language)(value) == (MINUS + babel if value < 0 else babel)


@pytest.mark.parametrize(
    ("language", "written"),
    [("en", "1500"), ("de", "1.500"), ("es", "1.500"), ("fr", "1\u202f500"), ("sv", "1\xa0500")],
)
def test_the_figures_of_the_issue(language, written):
    assert number_writer(language)(1500) == written
    assert number_writer(language)(-1500) == MINUS + written


def test_a_german_phone_reads_the_totals_with_german_digit_groups(site):
    """The same match: 1.100 on the German phone, 1100 on the English one; the stored
    data has no language in it."""
    phone = site.test_client()
    token = new_match(phone)
    save_hand(
        phone,
        token,
        {
            "bidder": "0",
            "bid": "300",
            "trump": "0",
            "meld-0": "900",
            "meld-1": "0",
            "tricks-0": "200",
        },
    )

    german = read(phone.get(match_url(token), headers={"Accept-Language": "de"}))
    english = read(phone.get(match_url(token), headers={"Accept-Language": "en"}))

    german_totals = [cell.text for cell in german.all("span", class_="row-total")]
    english_totals = [cell.text for cell in english.all("span", class_="row-total")]
    assert any(text.endswith("1.100") for text in german_totals), german_totals
    assert any(text.endswith("1100") for text in english_totals), english_totals


# ====================================================================== games first


@pytest.fixture
def everywhere(make_site, tmp_path, compiled):
    """A site that offers every language it has a catalogue for."""
    return offering(make_site, tmp_path, compiled, tuple(LANGUAGES))


@pytest.mark.parametrize(
    ("language", "first"),
    [
        ("en", ["yahtzee"]),
        ("de", ["kniffel"]),
        ("sv", ["yatzy", "maxi-yatzy"]),
        ("es", ["generala"]),
        ("fr", ["yams"]),
    ],
)
def test_each_language_offers_its_own_dice_games_first(everywhere, language, first):
    """The new dice game's form lists the language's own games first and starts with the
    first of them; every game is still offered, each once."""
    page = read(everywhere.test_client().get("/dice/new", headers={"Accept-Language": language}))
    select = page.by_id("kind")
    offered = [option.attrs["value"] for option in select.all("option")]
    chosen = [
        option.attrs["value"] for option in select.all("option") if "selected" in option.attrs
    ]

    assert offered[: len(first)] == first
    assert sorted(offered) == sorted(DICE_GAMES)
    assert chosen == first[:1]
    # The form is fitted to that game: the house rules shown are its own.
    assert page.one("input", name="fitted_for").attrs["value"] == first[0]


def test_a_groups_dice_game_choice_follows_the_language_too(everywhere):
    phone = everywhere.test_client()
    form = form_to(open_page(phone, "/groups/new"), "/groups/new")
    group = submit(phone, form, {"name": "Familie", "players": "Ann\nBob"})
    token = group.headers["Location"].rsplit("/", 1)[1]

    page = read(phone.get(f"/groups/{token}/dice/new", headers={"Accept-Language": "de"}))

    kinds = [option.attrs["value"] for option in page.by_id("kind").all("option")]
    assert kinds[0] == "kniffel"


# ============================================================ the templates' own gettext


def babels_newstyle(site) -> jinja2.Environment:
    """A Jinja environment whose gettext is Flask-Babel's, installed as Flask-Babel
    installs it (newstyle): what i18n.say must answer like."""
    environment = jinja2.Environment(autoescape=True, extensions=["jinja2.ext.i18n"])
    environment.install_gettext_callables(
        gettext=lambda s: get_translations().ugettext(s),
        ngettext=lambda s, p, n: get_translations().ungettext(s, p, n),
        newstyle=True,
    )
    return environment


VALUES = {"player": Markup("<bdi>Ann</bdi>"), "number": 3, "name": "<Bob & co>", "num": 2}


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_the_templates_gettext_says_what_flask_babels_says(everywhere, language):
    """i18n.say keeps each message it has looked up; what it says, filled in and escaped,
    is what Flask-Babel's newstyle gettext says, for every message of the catalogue."""
    with (TRANSLATIONS / "messages.pot").open("rb") as file:
        messages = [message for message in pofile.read_po(file) if message.id]
    ours = everywhere.jinja_env
    theirs = babels_newstyle(everywhere)
    source = "{{ _(message, **values) }}|{{ _(message, **values) }}"
    plural = "{{ ngettext(one, many, count, **values) }}"
    with everywhere.test_request_context("/", headers={"Accept-Language": language}):
        everywhere.preprocess_request()
        for message in messages:
            if isinstance(message.id, tuple):
                for count in (1, 2, 5):
                    context = {"one": message.id[0], "many": message.id[1], "count": count}
                    names = set(re.findall(r"%\((\w+)\)s", " ".join(message.id))) - {"num"}
                    context["values"] = {n: VALUES.get(n, "<x>") for n in names}
                    said = ours.from_string(plural).render(**context)
                    assert said == theirs.from_string(plural).render(**context), message.id
                continue
            names = set(re.findall(r"%\((\w+)\)s", message.id))
            context = {"message": message.id, "values": {n: VALUES.get(n, "<x>") for n in names}}
            said = ours.from_string(source).render(**context)
            assert said == theirs.from_string(source).render(**context), message.id


def test_each_request_says_its_own_language(everywhere):
    """The words kept for one language never answer another phone's request."""
    phone = everywhere.test_client()
    for language, word in [("de", "Neue Partie"), ("en", "New match"), ("de", "Neue Partie")]:
        page = read(phone.get("/", headers={"Accept-Language": language}))
        assert word in nav(page), language


def test_outside_a_request_the_templates_gettext_still_answers(everywhere):
    with everywhere.app_context():
        template = everywhere.jinja_env.from_string("{{ _('New match') }} {{ _('a %%') }}")
        assert template.render() == "New match a %"


# ============================================================ the code's own sentences


def drawn(site, value, language: str) -> str:
    """``value`` printed by a template for a phone asking for ``language``."""
    with site.test_request_context("/", headers={"Accept-Language": language}):
        site.preprocess_request()
        return site.jinja_env.from_string("{{ value }}").render(value=value)


def test_a_sentence_of_the_code_is_english_text_that_keeps_its_message():
    sentence = said("Hand %(number)s", number=1500)
    assert sentence == "Hand 1500" and isinstance(sentence, str)
    assert (sentence.message, sentence.values) == ("Hand %(number)s", {"number": 1500})
    assert said_plural("%(num)s hand", "%(num)s hands", 1) == "1 hand"
    assert said_plural("%(num)s hand", "%(num)s hands", 2) == "2 hands"
    assert said("100%% sure") == "100% sure"
    assert json.dumps({"said": sentence}) == '{"said": "Hand 1500"}'
    assert pickle.loads(pickle.dumps(sentence)) == "Hand 1500"


def test_a_page_says_the_codes_sentence_in_the_phones_language(everywhere):
    sentence = said("Hand %(number)s", number=1500)
    assert drawn(everywhere, sentence, "de") == "Spiel 1.500"
    assert drawn(everywhere, sentence, "en") == "Hand 1500"
    assert drawn(everywhere, said("New match"), "fr") == "Nouvelle partie"


def test_a_sentence_within_a_sentence_is_said_in_the_same_language(everywhere):
    sentence = said("Hand %(number)s", number=said("New match"))
    assert drawn(everywhere, sentence, "sv") == "Giv Nytt parti"


def test_a_list_of_sentences_is_said_item_by_item(everywhere):
    items = said_joined([said("New match"), "<Ann>", said("Hand %(number)s", number=2)], " · ")
    assert items == "New match · <Ann> · Hand 2"
    assert drawn(everywhere, items, "es") == "Nueva partida · &lt;Ann&gt; · Mano 2"
    assert drawn(everywhere, items, "en") == "New match · &lt;Ann&gt; · Hand 2"


def test_typed_text_in_a_sentence_is_kept_as_typed_and_escaped(everywhere):
    sentence = said("Hand %(number)s", number="<b>Ann's</b>")
    assert drawn(everywhere, sentence, "de") == "Spiel &lt;b&gt;Ann&#39;s&lt;/b&gt;"
    assert drawn(everywhere, sentence, "en") == "Hand &lt;b&gt;Ann&#39;s&lt;/b&gt;"


def test_a_plural_sentence_takes_the_languages_form(everywhere):
    for count, german in [(1, "3 von 1 Spiel"), (5, "3 von 5 Spielen")]:
        sentence = said_plural(
            "%(hands)s of %(num)s hands", "%(hands)s of %(num)s hands", count, hands=3
        )
        assert drawn(everywhere, sentence, "de") == german


def test_a_sentence_said_outside_html_is_plain_text(everywhere):
    sentence = said("Hand %(number)s", number="<Ann>")
    with everywhere.test_request_context("/", headers={"Accept-Language": "de"}):
        everywhere.preprocess_request()
        assert plain(sentence) == "Spiel <Ann>"
        assert plain("typed") == "typed"
    with everywhere.test_request_context("/", headers={"Accept-Language": "en"}):
        everywhere.preprocess_request()
        assert plain(sentence) == "Hand <Ann>" and type(plain(sentence)) is str


def test_the_json_api_speaks_english_to_every_phone(everywhere):
    sentence = said("Hand %(number)s", number=3)
    with everywhere.test_request_context("/api/v1/farkle/score", headers={"Accept-Language": "de"}):
        everywhere.preprocess_request()
        assert plain(sentence) == "Hand 3"
        assert Markup(sentence.__html__()) == "Hand 3"
    assert isinstance(sentence, Said)


# ============================================================ the scripts' words

SCRIPTS = ROOT / "static"
# A script's say("…"), sayNodes("…", …) or sayPlural("…", "…", …), its messages as written.
SAYING = re.compile(
    r'\bsay(?:Nodes)?\(\s*"((?:[^"\\]|\\.)*)"|\bsayPlural\(\s*"((?:[^"\\]|\\.)*)",\s*"((?:[^"\\]|\\.)*)"'
)
# A script's say(a ? "…" : "…"): both messages.
SAYING_EITHER = re.compile(
    r'\bsay(?:Nodes)?\(\s*[\w.!&| ]+\?\s*"((?:[^"\\]|\\.)*)"\s*:\s*"((?:[^"\\]|\\.)*)"'
)


def script_messages() -> set[str | tuple[str, str]]:
    found: set[str | tuple[str, str]] = set()
    for path in SCRIPTS.glob("*.js"):
        source = path.read_text()
        for one, singular, plural in SAYING.findall(source):
            found.add(one or (singular, plural))
        for first, second in SAYING_EITHER.findall(source):
            found.update((first, second))
    return found


def test_every_message_a_script_says_is_listed_for_translation():
    from scorekeeper.script_words import SAID

    said = script_messages()
    assert len(said) > 40
    assert said <= set(SAID), "list it in scorekeeper/script_words.py"
    assert set(SAID) <= said, "a listed message no script says any more"


def test_no_script_writes_english_words_past_say():
    """Text a script puts on the page goes through say(): no English literal is written
    into textContent, an aria-label or a button."""
    written = re.compile(r'(?:textContent\s*[+]?=|"aria-label",|aria-label":)\s*(`[^`]*`|"[^"]*")')
    for path in SCRIPTS.glob("*.js"):
        for literal in written.findall(path.read_text()):
            words = re.sub(r"\$\{[^}]*\}", "", literal)
            assert not re.search(r"[A-Za-z]{2}", words), (path.name, literal)


def test_a_page_in_another_language_carries_the_scripts_words(everywhere):
    phone = everywhere.test_client()
    german = phone.get("/meld", headers={"Accept-Language": "de"}).get_data(as_text=True)
    block = re.search(r'<script type="application/json" id="script-words">(.*?)</script>', german)
    words = json.loads(block.group(1))
    assert words["Hand %(number)s"] == "Spiel %(number)s"
    assert len(words["%(num)s card"]) == 2
    english = phone.get("/meld", headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert 'id="script-words"' not in english


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_name_in_a_refused_hands_sentence_is_drawn_as_a_name(everywhere, language):
    """ "Not saved. Team A meld: …" holds the side's name as its <bdi>, in English as in
    every language (English once showed the tag as text: &lt;bdi&gt;)."""
    phone = everywhere.test_client()
    token = new_match(phone)
    typed = {"bidder": "0", "bid": "300", "trump": "0", "meld-0": "x", "meld-1": "20"}
    form = form_to(open_page(phone, match_url(token)), match_url(token, "/hands"))
    answer = submit(phone, form, typed, headers={"Accept-Language": language})
    line = read(answer).by_id("save-error")
    assert line.one("bdi").text == "Team A"
    assert "&lt;bdi" not in answer.get_data(as_text=True)


def test_the_worker_says_no_connection_in_the_phones_language(everywhere):
    """The service worker has no page to read a language from: it carries its one
    sentence in the language of the phone that fetched it."""
    from scorekeeper.pwa import OFFLINE

    phone = everywhere.test_client()
    for language in LANGUAGES:
        answer = phone.get("/sw.js", headers={"Accept-Language": language})
        worker = answer.get_data(as_text=True)
        said = json.loads(re.search(r"^self\.OFFLINE = (.*);$", worker, re.M).group(1))
        expected = OFFLINE if language == "en" else catalogue(language)[OFFLINE.message].string
        assert said == expected and expected, language
        assert {"Accept-Language", "Cookie"} <= set(answer.vary), language
