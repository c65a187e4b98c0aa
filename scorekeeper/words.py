"""Small pieces of the site's words that several pages and the result card share: a side
and its verb, a message made a sentence, a label naming a side, each said in the phone's
language (rules/sentences.py)."""

from __future__ import annotations

from markupsafe import Markup, escape

from . import bidi
from .i18n import language, speak
from .rules import Said, said


def wins(side: str) -> Said:
    """The side and its verb: "Team B wins", but "Bob & Dan win" (a side named by its
    players is two people)."""
    if " & " in side:
        # Translators: a side named by its two players, "Bob & Dan win".
        return said("%(side)s win", side=side)
    return said("%(side)s wins", side=side)


def _as_sentence(text):
    """Text (a str or Markup) with a capital letter and, unless it has one, a full stop."""
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "?", "!")) else text + "."


class _AsSentence:
    """A said message as a sentence: its English capitalised (``str``), and drawn in the
    phone's language capitalised too (``__html__``, which a sentence asks of its values)."""

    __slots__ = ("words",)

    def __init__(self, words: Said) -> None:
        self.words = words

    def __str__(self) -> str:
        return _as_sentence(str.__str__(self.words))

    def __html__(self) -> Markup:
        return _as_sentence(speak(self.words))


def capitalised(text: str) -> str:
    """A message as a sentence: a capital letter, the rest (names) as written, a full stop.

    A said message stays said: its English is the sentence, and a page says it in the
    phone's language, capitalised there too."""
    if isinstance(text, Said):
        # Not a message of its own (nothing to translate): the sentence is its value.
        return Said("%(sentence)s", {"sentence": _AsSentence(text)})
    return _as_sentence(text)


def shown_names(sentence: Said) -> Markup:
    """A sentence whose text values are names (a field's label, "Us meld"), drawn with each
    name in a <bdi> of its own, in the phone's language: ``shown(name) + " meld"`` in
    English."""
    values = {
        key: bidi.shown(value) if type(value) is str else value
        for key, value in sentence.values.items()
    }
    if language() == "en":
        one = sentence.plural is None or sentence.count == 1
        return escape(sentence.message if one else sentence.plural) % values
    return speak(Said(sentence.message, values, sentence.plural, sentence.count))
