"""Names as the site shows them: each one isolated from the words around it, so a name
typed in another script (or holding a right-to-left override, U+202E) never reverses the
numbers, words or other names beside it, and never a control character in what is drawn.

In HTML a name is a <bdi> element of its own; where only plain text can go (a page's
title, an option, an attribute read aloud, an SVG text, the result card) it sits between
U+2068 FIRST STRONG ISOLATE and U+2069 POP DIRECTIONAL ISOLATE, which do the same. Either
way the name's own direction comes from its first strong letter, as a <bdi>'s does. In
plain text only a name that could move its neighbours (one with a right-to-left letter or
digit, or a bidi control) gets the two invisible characters: "Ann" stays "Ann" in a title
or a file, where they would only be in the way of a copy.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable

from markupsafe import Markup, escape

from .i18n import plain as said_here

FSI, PDI = "\u2068", "\u2069"
_ISOLATE_STARTS = "\u2066\u2067\u2068"  # LRI, RLI, FSI
# What no text may draw: the C0 and C1 controls (a NUL, a tab, an escape), and what XML 1.0
# does not allow in a document at all (lone surrogates, U+FFFE and U+FFFF).
_NOT_DRAWN = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff]")


def has_control_character(text: str) -> bool:
    """Does the text hold a C0 or C1 control character (a NUL, a tab, an escape)?"""
    return any(unicodedata.category(character) == "Cc" for character in text)


def drawable(text: str) -> str:
    """The text with every control character (and every character XML refuses) left out."""
    return _NOT_DRAWN.sub("", text)


def _contained(name: str) -> str:
    """The name drawable, with each U+2069 that closes no isolate the name itself opened
    left out: one that did would end the isolate around the name early."""
    name = drawable(name)
    if PDI not in name:
        return name
    kept, depth = [], 0
    for character in name:
        if character in _ISOLATE_STARTS:
            depth += 1
        elif character == PDI:
            if not depth:
                continue
            depth -= 1
        kept.append(character)
    return "".join(kept)


# The bidi classes of what reorders the text around it: right-to-left letters, Arabic
# digits, and the explicit embeddings, overrides and isolates.
_MOVES = frozenset(["R", "AL", "AN", "LRE", "RLE", "LRO", "RLO", "PDF", "LRI", "RLI", "FSI", "PDI"])


def plain(name: str) -> str:
    """A name isolated in plain text: between FSI and PDI when it needs to be."""
    name = _contained(name)
    if any(unicodedata.bidirectional(character) in _MOVES for character in name):
        return f"{FSI}{name}{PDI}"
    return name


def shown(name: str) -> Markup:
    """A name isolated in HTML: a <bdi> of its own, its text escaped."""
    return Markup(f"<bdi>{escape(_contained(name))}</bdi>")


def _finder(names: Iterable[str]) -> re.Pattern[str] | None:
    # The longest first, so "Ann & Cat" is found whole before "Ann"; never inside a word.
    spelled = sorted({name for name in names if name}, key=len, reverse=True)
    if not spelled:
        return None
    return re.compile(rf"(?<!\w)(?:{'|'.join(map(re.escape, spelled))})(?!\w)")


def name_marker(names: Iterable[str]) -> Callable[[str], Markup]:
    """``with_names`` for many sentences with the same names (every row of a ledger): the
    pattern that finds the names, and each name's <bdi>, are made once, not per sentence."""
    finder = _finder(names)
    if finder is None:
        return lambda sentence: Markup(escape(drawable(said_here(sentence))))
    shown_names: dict[str, Markup] = {}  # each name's <bdi>, drawn when first found

    def marked(sentence: str) -> Markup:
        # A sentence of the code (rules/sentences.py) in the phone's language first: the
        # names are found in the words the page shows.
        sentence = said_here(sentence)
        parts, at = [], 0
        for found in finder.finditer(sentence):
            name = found.group()
            if name not in shown_names:
                shown_names[name] = shown(name)
            parts.append(escape(drawable(sentence[at : found.start()])))
            parts.append(shown_names[name])
            at = found.end()
        parts.append(escape(drawable(sentence[at:])))
        return Markup("".join(parts))

    return marked


def with_names(sentence: str, names: Iterable[str]) -> Markup:
    """A sentence built with these names (a hand's outcome, a note, a 409's news), for a
    page: escaped, with each of the names in it isolated in a <bdi> of its own."""
    return name_marker(names)(sentence)


def plain_with_names(sentence: str, names: Iterable[str]) -> str:
    """The same sentence as plain text (a title, an attribute): each name between isolates."""
    finder = _finder(names)
    sentence = said_here(sentence)
    if finder is None:
        return drawable(sentence)
    return drawable(finder.sub(lambda found: plain(found.group()), sentence))
