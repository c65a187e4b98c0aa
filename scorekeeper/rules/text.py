"""What a typed value may be, for every form and every import: a whole number, a choice
by its number, a list of numbers, a name, a form's one-time token; and how deeply a JSON
document may nest. One definition each, so a file never holds what a form refuses.

A number is ASCII digits only: Python's int() also takes "1_000", "٣" and "３", which no
player means, and a string of thousands of digits, which no score is."""

from __future__ import annotations

import re
import unicodedata

from .sentences import said

__all__ = [
    "choice_id",
    "choice_id_or_none",
    "is_form_token",
    "is_plain_character",
    "is_plain_text",
    "is_too_long_number",
    "name_problem",
    "nesting_depth",
    "number_list",
    "number_list_parts",
    "number_pairs",
    "shown_plainly",
    "whole_number",
]

# The most digits a typed number has: more is a stuck key (and past 18 the number would
# not fit any database's integer column, nor int()'s digit limit).
LONGEST_NUMBER = 18
WHOLE_NUMBER = re.compile(rf"-?[0-9]{{1,{LONGEST_NUMBER}}}")
CHOICE_ID = re.compile(rf"[0-9]{{1,{LONGEST_NUMBER}}}")
DIGITS = re.compile(r"-?[0-9]+")

# The longest name a player, a team, a group, a roster player or a rule set takes.
NAME_LENGTH = 40
# The longest one-time form token a form or a file may carry.
FORM_TOKEN_LENGTH = 40
# How deeply an imported document may nest lists and objects (an export nests 6 deep).
DEEPEST_NESTING = 32

NAME_CHARACTERS = said("Type the name in letters, digits and spaces only.")

# Characters that reorder the text around them (the bidi embeddings, overrides and
# isolates): in a name they would turn a ledger or a terminal right to left.
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
# A control character, a lone surrogate (no UTF-8 text holds one), a line or paragraph
# separator: none is part of a name, and PostgreSQL, UTF-8 and XML refuse some of them.
_NOT_IN_TEXT = frozenset({"Cc", "Cs", "Zl", "Zp"})
# The spaces a typed number may have around it. Not str.strip()'s own set: it also takes
# control characters (U+001C-U+001F) and Unicode spaces, which a number never holds.
SPACES = " \t\n\r\f\v"


def whole_number(text: str) -> int:
    """A typed whole number (ASCII digits, an optional minus sign), else ValueError."""
    text = text.strip(SPACES) if isinstance(text, str) else ""
    if WHOLE_NUMBER.fullmatch(text) is None:
        raise ValueError(f"{text[:20]!r} is not a whole number")
    return int(text)


def is_too_long_number(text: str) -> bool:
    """Is this ASCII digits, but more of them than any number a player types?"""
    text = text.strip(SPACES) if isinstance(text, str) else ""
    return DIGITS.fullmatch(text) is not None and WHOLE_NUMBER.fullmatch(text) is None


def choice_id(value: object) -> int:
    """A choice sent by its number (a seat, a roster player, a suit), else ValueError."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, str) and CHOICE_ID.fullmatch(value) is not None:
        return int(value)
    raise ValueError("not a choice")


def choice_id_or_none(value: object) -> int | None:
    """A choice by its number; None for a blank one or for anything not a number."""
    try:
        return choice_id(value)
    except ValueError:
        return None


def number_list(text: str, separators: str = ",; ") -> list[int]:
    """``"150, 1500"`` as ``[150, 1500]``: whole numbers split at any of ``separators``,
    else ValueError."""
    pattern = "[" + re.escape(separators) + "]"
    return [whole_number(part) for part in re.split(pattern, text) if part.strip()]


def number_pairs(text: str) -> list[tuple[int, int]]:
    """``"50:1, 60:5"`` as ``[(50, 1), (60, 5)]``, else ValueError."""
    pairs = []
    for part in number_list_parts(text):
        first, colon, second = part.partition(":")
        if not colon:
            raise ValueError("not a pair")
        pairs.append((whole_number(first), whole_number(second)))
    return pairs


def number_list_parts(text: str) -> list[str]:
    """The parts of a list typed with commas or semicolons, blanks left out."""
    return [part.strip() for part in re.split("[,;]", text) if part.strip()]


def is_plain_character(char: str) -> bool:
    """May this character be part of a name or a token (not a control, nor a bidi
    control, nor a surrogate, nor a noncharacter)?"""
    if char in BIDI_CONTROLS or unicodedata.category(char) in _NOT_IN_TEXT:
        return False
    code = ord(char)
    # The noncharacters (U+FDD0–U+FDEF, U+xFFFE and U+xFFFF), which XML refuses.
    return not (0xFDD0 <= code <= 0xFDEF or code & 0xFFFE == 0xFFFE)


def is_plain_text(text: str) -> bool:
    """Does the text hold only characters a name may (see is_plain_character)?"""
    # Most names are printable through and through: the quick check first.
    return (text.isprintable() and not BIDI_CONTROLS.intersection(text)) or all(
        map(is_plain_character, text)
    )


def name_problem(name: str) -> str | None:
    """Why a name (trimmed) cannot be stored, as a sentence; None when it can. A blank
    name is each caller's to word (what it is a name for)."""
    if len(name) > NAME_LENGTH:
        return said(
            "Keep the name to %(most)s characters or fewer (this one has %(count)s).",
            most=NAME_LENGTH,
            count=len(name),
        )
    if not is_plain_text(name):
        return NAME_CHARACTERS
    return None


def is_form_token(token: str) -> bool:
    """Is this a one-time form token a form could have drawn (short, plain text)?"""
    return 0 < len(token) <= FORM_TOKEN_LENGTH and is_plain_text(token)


def shown_plainly(text: str) -> str:
    """Text with every character a name may not hold written as ``\\u202e``, so a message
    quoting it cannot turn a page or a terminal."""
    return "".join(char if is_plain_character(char) else f"\\u{ord(char):04x}" for char in text)


# A JSON string (with its escapes) and a bracket: what nesting_depth reads.
_JSON_STRING_OR_BRACKET = re.compile(r'"(?:[^"\\]|\\.)*"?|[\[\]{}]', re.DOTALL)


def nesting_depth(text: str, deepest: int = DEEPEST_NESTING) -> int:
    """How deeply the lists and objects of a JSON text nest (brackets inside strings do not
    count), reading no further than one past ``deepest``; a text that is not JSON gives
    some number, and json.loads then says what is wrong with it."""
    depth = most = 0
    for found in _JSON_STRING_OR_BRACKET.finditer(text):
        bracket = found.group()
        if bracket in "[{":
            depth += 1
            most = max(most, depth)
            if most > deepest:
                break
        elif bracket in "]}":
            depth -= 1
    return most
