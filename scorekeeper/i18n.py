"""The site in the phone's language (issue 26): Flask-Babel's gettext catalogues in
``scorekeeper/translations/`` (built by ``make``: `pybabel compile`), the language read
from the phone's own choice (a cookie the switch at the foot of every page sets) or its
``Accept-Language``, English when neither names a language the site offers.

A language is offered once its catalogue is complete (tests/test_languages.py fails on a
message missing or fuzzy in an offered language): until then its catalogue is built and
checked, and a phone asking for it reads English. The stored data has no language in it:
each phone sees a shared match in its own.
"""

from __future__ import annotations

from collections.abc import Callable
from contextvars import ContextVar
from datetime import date
from functools import cache
from urllib.parse import urlsplit

from babel import Locale
from babel.dates import format_date, format_skeleton
from babel.numbers import format_decimal, get_group_symbol
from babel.support import NullTranslations
from flask import Blueprint, Flask, current_app, has_request_context, redirect, request
from flask_babel import Babel, get_locale, get_translations
from markupsafe import Markup, escape
from werkzeug.wrappers import Response

from .page_cache import page_csrf
from .rules.sentences import Said, speak_with

# Every language the site has a catalogue for, each by its own name.
LANGUAGES = {
    "en": "English",
    "de": "Deutsch",
    "sv": "Svenska",
    "es": "Español",
    "fr": "Français",
}
# The languages a phone may get: English, and each whose catalogue is complete (all).
OFFERED = tuple(LANGUAGES)
COOKIE = "language"
COOKIE_SECONDS = 2 * 365 * 24 * 3600  # the phone keeps its choice two years

bp = Blueprint("language", __name__)


def offered() -> tuple[str, ...]:
    """The languages this site gives phones (``LANGUAGES_OFFERED`` overrides, for tests)."""
    return tuple(current_app.config.get("LANGUAGES_OFFERED") or OFFERED)


def choose_locale() -> str:
    """The phone's language: the one it chose here, else the best of its Accept-Language
    that the site offers, else English."""
    languages = offered()
    chosen = request.cookies.get(COOKIE)
    if chosen in languages:
        return chosen
    return request.accept_languages.best_match(languages) or "en"


def language() -> str:
    """This request's language code (``de``), for a key that must differ by language;
    English outside a request."""
    return str(get_locale() or "en") if has_request_context() else "en"


MINUS = "\u2212"  # a true minus sign, in every language: "−350"


def _plain(value: int) -> str:
    return f"{MINUS}{-value}" if value < 0 else str(value)


@cache
def number_writer(code: str) -> Callable[[int], str]:
    """How the language ``code`` writes a whole number in a score, as Babel writes it for
    that locale: its group separator ("1.500" in German and Spanish, "1 500" in French and
    Swedish), from as many digits as the locale starts grouping, with a true minus sign.

    English keeps the digits as score sheets write them ("1500"). Worked out once per
    language, then a format and a replace per number: Babel's own format_decimal takes
    about 10 µs a number, and a ledger draws some 240 (tests/test_languages.py checks this
    writer against format_decimal).
    """
    if code == "en":
        return _plain
    locale = Locale.parse(code)
    group = get_group_symbol(locale=locale)
    grouped_from = 1_000 if format_decimal(1_000, locale=locale) != "1000" else 10_000

    def write(value: int) -> str:
        size = -value if value < 0 else value
        digits = f"{size:,}".replace(",", group) if size >= grouped_from else str(size)
        return f"{MINUS}{digits}" if value < 0 else digits

    return write


def number(value: int) -> str:
    """A whole number as this request's language writes it in a score: ``−1.500``."""
    return writes_numbers()(value)


def writes_numbers() -> Callable[[int], str]:
    """How this request's language writes a score (asked once per request: the language
    is read from the phone's request, which costs more than writing a number)."""
    words = _WORDS.get()
    return words.number if words is not None else number_writer(language())


def day(moment: date) -> str:
    """A day as this request's language writes it short: "4 Dec 2026" (as the site always
    wrote it in English), "4. Dez. 2026", "4 déc. 2026" (Babel's yMMMd for the locale)."""
    code = language()
    if code == "en":
        return format_date(moment, "d MMM y", locale="en")
    return format_skeleton("yMMMd", moment, locale=code)


def _same_site(address: str | None) -> str:
    """Where to go back to: a path on this site, never another site's address."""
    parts = urlsplit(address or "")
    if parts.scheme or parts.netloc or not parts.path.startswith("/"):
        return "/"
    return parts.path + (f"?{parts.query}" if parts.query else "")


@bp.post("/language")
def switch() -> Response:
    """The switch at the foot of every page: the phone remembers its language, and goes
    back to the page it was on (CSRF-protected like every write)."""
    chosen = request.form.get("language", "")
    answer = redirect(_same_site(request.form.get("next")), 303)
    if chosen in offered():
        answer.set_cookie(
            COOKIE, chosen, max_age=COOKIE_SECONDS, samesite="Lax", secure=request.is_secure
        )
    return answer


class Words:
    """One language's words as the templates say them: each message looked up in the
    catalogue once per process, then kept (Flask-Babel's gettext, called from a template,
    took 19 µs a word: some 70 words on a match page cost 11 % of the 200-hand page's
    budget; this takes under 1 µs; bench/pages.py, tests/test_languages.py)."""

    def __init__(self, translations, code: str) -> None:
        self.translations = translations
        self.code = code  # the language's code (de)
        self.number = number_writer(code)  # how it writes a score
        self.plain: dict[str, Markup] = {}  # a message said with no values, done
        self.kept: dict[str, Markup] = {}  # a message to fill in with values
        self.script: dict | None = None  # the scripts' words (script_words.py), once asked

    def say(self, message: str, values: dict) -> Markup:
        """``message`` in this language, its values filled in and escaped (Jinja's
        newstyle gettext: always %-formatted, so ``%%`` is a percent sign)."""
        if not values:
            said = self.plain.get(message)
            if said is None:
                said = self.plain[message] = Markup(self.translations.ugettext(message)) % {}
            return said
        kept = self.kept.get(message)
        if kept is None:
            kept = self.kept[message] = Markup(self.translations.ugettext(message))
        return kept % values

    def say_said(self, sentence: Said) -> Markup:
        """A sentence of the code (rules/sentences.py) in this language: its numbers written the
        language's way, the sentences among its values said the same way, the rest escaped."""
        if sentence.parts is not None:
            return Markup(sentence.message).join(map(self.value, sentence.parts))
        values = {name: self.value(value) for name, value in sentence.values.items()}
        if sentence.plural is None:
            return self.say(sentence.message, values)
        return (
            Markup(self.translations.ungettext(sentence.message, sentence.plural, sentence.count))
            % values
        )

    def value(self, value: object) -> object:
        """One value of a sentence as this language writes it."""
        if isinstance(value, Said):
            return self.say_said(value)
        if type(value) is int:
            return self.number(value)
        return value

    def say_plural(self, singular: str, plural: str, count: int, values: dict) -> Markup:
        """The form of the message for ``count`` in this language, filled in (``num`` is
        the count unless given)."""
        values.setdefault("num", count)
        return Markup(self.translations.ungettext(singular, plural, count)) % values


# The words of the language of the request being answered (set before it, cleared after).
_WORDS: ContextVar[Words | None] = ContextVar("scorekeeper_words", default=None)


def words_now() -> Words:
    """This request's words; in a request that has none yet, Flask-Babel's (slow, always
    right); outside a request (a command, a test), English."""
    words = _WORDS.get()
    if words is not None:
        return words
    if has_request_context():
        return Words(get_translations(), language())
    return Words(NullTranslations(), "en")


def say(message: str, /, **values) -> Markup:
    """A template's ``_()`` and ``gettext()``, and a ``{% trans %}`` block's."""
    return words_now().say(message, values)


def say_plural(singular: str, plural: str, count: int, /, **values) -> Markup:
    """A template's ``ngettext()``, and a ``{% trans %}`` block with ``{% pluralize %}``
    (``num`` is ``count`` unless the template gives it)."""
    return words_now().say_plural(singular, plural, count, values)


def speak(sentence: Said) -> Markup:
    """A sentence of the code drawn into a page (its ``__html__``): in the request's
    language; as it was made (its English) in English, in the JSON API and outside a
    request."""
    words = _WORDS.get()
    if words is None or words.code == "en":
        if _holds_markup(sentence):
            return _english_markup(sentence)
        return escape(str.__str__(sentence))
    return words.say_said(sentence)


def _holds_markup(sentence: Said) -> bool:
    """Is a value of the sentence (or of a sentence within it) markup, a name's <bdi>?"""
    values = sentence.parts if sentence.parts is not None else sentence.values.values()
    return any(
        isinstance(value, Markup) or (isinstance(value, Said) and _holds_markup(value))
        for value in values
    )


def _english_markup(sentence: Said) -> Markup:
    """A sentence's English as HTML, its markup values kept as markup (its English str
    holds their tags as text) and the rest escaped."""
    if sentence.parts is not None:
        return Markup(escape(sentence.message)).join(map(_english_value, sentence.parts))
    form = sentence.message if sentence.plural is None or sentence.count == 1 else sentence.plural
    values = {name: _english_value(value) for name, value in sentence.values.items()}
    return Markup(escape(form).replace("%%", "%")) if not values else escape(form) % values


def _english_value(value: object) -> object:
    return speak(value) if isinstance(value, Said) else value


def plain(text: str) -> str:
    """Text for somewhere that is not HTML (a flashed note, a header, a file): a sentence
    of the code in the request's language, unescaped; any other text as it is."""
    if not isinstance(text, Said):
        return text
    words = _WORDS.get()
    if words is None or words.code == "en":
        return str.__str__(text)
    return words.say_said(text).unescape()


# The JSON API speaks English whatever the phone's language (a stable contract, API.md).
ENGLISH_BLUEPRINTS = frozenset({"api"})


def _start_words(app: Flask) -> None:
    """Before each request: its language's words, kept per site and language."""
    kept = app.extensions.setdefault("scorekeeper_words", {})
    code = "en" if request.blueprint in ENGLISH_BLUEPRINTS else language()
    words = kept.get(code)
    if words is None:
        catalogue = NullTranslations() if code == "en" else get_translations()
        words = kept[code] = Words(catalogue, code)
    _WORDS.set(words)


def init_languages(app: Flask) -> None:
    """Flask-Babel with the phone's language, the switch's route, and, for templates, the
    languages offered and this request's language."""
    Babel(app, locale_selector=choose_locale)
    app.register_blueprint(bp)
    speak_with(speak)
    # The templates' gettext, ngettext and _ are the quick ones above, newstyle as
    # Flask-Babel installs them ({% trans %} blocks call them with their values).
    app.jinja_env.globals.update(_=say, gettext=say, ngettext=say_plural)
    app.before_request(lambda: _start_words(app))
    app.teardown_request(lambda _error: _WORDS.set(None))

    @app.context_processor
    def languages() -> dict[str, object]:
        return {
            "LANGUAGES": LANGUAGES,
            "offered_languages": offered,
            "language": language,
            "page_csrf": page_csrf,
        }
