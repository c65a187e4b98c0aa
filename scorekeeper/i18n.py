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

from urllib.parse import urlsplit

from flask import Blueprint, Flask, current_app, redirect, request
from flask_babel import Babel, get_locale
from werkzeug.wrappers import Response

from .page_cache import page_csrf

# Every language the site has a catalogue for, each by its own name.
LANGUAGES = {
    "en": "English",
    "de": "Deutsch",
    "sv": "Svenska",
    "es": "Español",
    "fr": "Français",
}
# The languages a phone may get: English, and each whose catalogue is complete.
OFFERED = ("en",)
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
    """This request's language code (``de``), for a key that must differ by language."""
    return str(get_locale() or "en")


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


def init_languages(app: Flask) -> None:
    """Flask-Babel with the phone's language, the switch's route, and, for templates, the
    languages offered and this request's language."""
    Babel(app, locale_selector=choose_locale)
    app.register_blueprint(bp)

    @app.context_processor
    def languages() -> dict[str, object]:
        return {
            "LANGUAGES": LANGUAGES,
            "offered_languages": offered,
            "language": language,
            "page_csrf": page_csrf,
        }
