"""A sentence the site says, in English, that remembers how it was made so the shell can
say it in the phone's language (issue 26).

``said("%(side)s made %(bid)s", side="Us", bid=300)`` is the English ``Us made 300``: a
``str`` like any other (the JSON API, the logs, the tests and the database read English),
that also keeps its message and values. Drawn into a page (``__html__``, which Jinja and
WTForms ask of every value they print), it is looked up in the request's catalogue, its
numbers written the language's way and the sentences among its values said the same way.

The core stays pure: it never asks for a language. The shell (``scorekeeper.i18n``) hands
this module its translator once, with ``speak_with``; until then, and outside a request,
a sentence is drawn in English. `make messages` collects ``said`` and ``said_plural``
messages like gettext's.
"""

from __future__ import annotations

from collections.abc import Callable

__all__ = [
    "Said",
    "english",
    "said",
    "said_joined",
    "said_plural",
    "speak_with",
]


class Said(str):
    """English text with its message, values and (for a plural) the two English forms."""

    __slots__ = ("message", "plural", "count", "values", "parts")

    message: str
    plural: str | None
    count: int | None
    values: dict[str, object]
    parts: tuple[object, ...] | None  # a list's items (said_joined), else None

    def __new__(
        cls, message: str, values: dict[str, object], plural: str | None = None, count=None
    ) -> Said:
        form = message if plural is None or count == 1 else plural
        self = super().__new__(cls, form % values if values or "%" in form else form)
        self.message, self.plural, self.count, self.values = message, plural, count, values
        self.parts = None
        return self

    def __html__(self) -> str:
        """This sentence in the language of the request being answered, as HTML."""
        return _speaker(self)

    def __reduce__(self):
        # Kept or sent elsewhere (a pickle), a sentence is its English.
        return (str, (str(self),))


def said(message: str, /, **values: object) -> Said:
    """A sentence with named placeholders: ``said("Hand %(number)s", number=3)``.

    A value may be a number (written the language's way), another ``Said`` (said in the
    same language) or text the player typed (kept as typed, escaped)."""
    return Said(message, values)


def said_plural(singular: str, plural: str, count: int, /, **values: object) -> Said:
    """A sentence whose words follow a number: ``said_plural("%(num)s hand", "%(num)s
    hands", n)`` (``num`` is ``count`` unless given)."""
    values.setdefault("num", count)
    return Said(singular, values, plural, count)


# HTML's special characters as markupsafe (Jinja's escaping) writes them.
_HTML = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", "'": "&#39;", '"': "&#34;"})


def said_joined(parts, separator: str = ", ") -> Said:
    """Items in a row, each said in the page's language: ``Team B +120, Team C +80``.
    ``message`` is the separator (a comma and a space read the same in every language the
    site speaks)."""
    parts = tuple(parts)
    self = str.__new__(Said, separator.join(parts))
    self.message, self.plural, self.count, self.values = separator, None, None, {}
    self.parts = parts
    return self


def english(sentence: Said) -> str:
    """A sentence drawn as it was made: its English, escaped for HTML."""
    return str.__str__(sentence).translate(_HTML)


_speaker: Callable[[Said], str] = english


def speak_with(speaker: Callable[[Said], str]) -> None:
    """The shell's translator, used by every sentence from now on."""
    global _speaker
    _speaker = speaker
