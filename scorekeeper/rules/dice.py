# What the dice games share (RULES.md, "Yahtzee" to "Farkle"): the faces of a die,
# reading dice as players type them, the error that names the turn breaking a rule, and
# what a box of a score sheet is.

from __future__ import annotations

import re
from typing import Any, NamedTuple

from .errors import RuleError

__all__ = [
    "FACES",
    "Box",
    "TurnError",
    "read_faces",
]

FACES = range(1, 7)


class Box(NamedTuple):
    """One box of a score sheet: its name, its label, its section and the most it can score."""

    name: str
    label: str
    section: str  # "upper" or "lower"
    most: int  # under the rules the sheet was drawn for (the defaults unless said)


_SEPARATORS = re.compile(r"[\s,;+]+")
# Faces as typed; a set so a typed item is checked without converting it first.
_FACE_TEXTS = frozenset(str(face) for face in FACES)


class TurnError(RuleError):
    """A broken rule in one turn of a dice game; the sentence names the turn when known."""

    def __init__(self, reason: str, field: str | None = None, turn: int | None = None):
        super().__init__(reason, field)
        self.turn = turn
        if turn is not None:
            self.args = (f"turn {turn}: {reason}",)

    @classmethod
    def naming(cls, error: RuleError, turn: int) -> TurnError:
        """The same error, naming the turn of the game it happened in."""
        return cls(error.reason, error.field, turn)


def read_faces(dice: Any, fewest: int, most: int, what: str) -> tuple[int, ...]:
    """Dice faces from text (``33356``, ``3 3 3 5 6``, ``3,3,3,5,6``) or a list of numbers.

    Text with separators holds one die per item; text without holds one die per digit.
    ``what`` is the sentence to say when the count is wrong.
    """
    if isinstance(dice, str):
        items: list[Any] = [item for item in _SEPARATORS.split(dice.strip()) if item]
        if len(items) == 1:
            items = list(items[0])
    elif isinstance(dice, list | tuple):
        items = list(dice)
    else:
        raise RuleError(what, field="dice")
    faces = [_face(item) for item in items]
    if not fewest <= len(faces) <= most:
        raise RuleError(what, field="dice")
    return tuple(faces)


def _face(item: Any) -> int:
    """One die as a face, from a digit or a whole number; a bool is not a number here."""
    if isinstance(item, str) and item.strip() in _FACE_TEXTS:
        return int(item)
    if isinstance(item, int) and not isinstance(item, bool) and item in FACES:
        return item
    raise RuleError(f'"{item}" is not a die face; a die shows 1 to 6', field="dice")
