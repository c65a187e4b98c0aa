"""Small pieces of the site's English that several pages and the result card share."""

from __future__ import annotations


def wins(side: str) -> str:
    """The side and its verb: "Team B wins", but "Bob & Dan win" (a side named by its
    players is two people)."""
    return f"{side} win" if " & " in side else f"{side} wins"


def capitalised(text: str) -> str:
    """A message as a sentence: a capital letter, the rest (names) as written, a full stop."""
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "?", "!")) else f"{text}."
