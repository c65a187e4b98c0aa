"""What a match's pages say about its changes: the last change and its Undo, and what
another phone saved, changed or deleted since a form was drawn (services/matches.py reads
the match; this says its news in words)."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.orm import Session

from ..models import Change
from ..rules import said, said_plural
from .errors import NotFound
from .matches import MatchState


def _last_change(session: Session, state: MatchState) -> tuple[str, int | None, str | None]:
    """The last change to the match's hands: what it did (saved, changed, restored or
    deleted), the hand's number and its outcome sentence (no number or sentence when the
    hand is gone)."""
    change = session.scalars(
        select(Change).where(Change.match_id == state.match.id).order_by(Change.id.desc())
    ).first()
    if change is None:
        return "changed", None, None
    verb = {"add": "saved", "edit": "changed", "trim": "changed"}.get(change.kind, "restored")
    for row, hand in zip(state.ledger.rows, state.hands, strict=True):
        if hand.position == change.position:
            return verb, row.number, row.outcome.sentence
    return "deleted", None, None


def undo_label(session: Session, state: MatchState) -> str | None:
    """What Undo would take back, for its button: "delete hand 3" (None: nothing)."""
    kind = getattr(state.match, "last_change_kind", None)
    position = getattr(state.match, "last_change_position", None)
    if kind is None:  # not read with the match (load_match), or no change at all
        change = session.scalars(
            select(Change).where(Change.match_id == state.match.id).order_by(Change.id.desc())
        ).first()
        if change is None:
            return None
        kind, position = change.kind, change.position
    # A hand's number is its place among the hands; a deleted one's, the place it had.
    number = 1 + sum(1 for hand in state.hands if hand.position < position)
    # Each is said after "Undo: " (the button) and "Undone: " (the note).
    if kind == "trim":  # an edit that removed the hands after the game's new end
        return said("edit hand %(number)s and bring back the hands it removed", number=number)
    if kind == "add":
        return said("save hand %(number)s", number=number)
    if kind == "edit":
        return said("edit hand %(number)s", number=number)
    if kind == "delete":
        return said("delete hand %(number)s", number=number)
    return said("change hand %(number)s", number=number)


def latest_change(session: Session, state: MatchState) -> str:
    """The last change to the match, in words, for a phone whose form is out of date."""
    verb, number, sentence = _last_change(session, state)
    if number is None:
        if verb == "deleted":
            return said("a hand was deleted")
        return said("the hands were changed")
    if verb == "saved":
        return said("hand %(number)s was saved: %(outcome)s", number=number, outcome=sentence)
    if verb == "changed":
        return said("hand %(number)s was changed: %(outcome)s", number=number, outcome=sentence)
    return said("hand %(number)s was restored: %(outcome)s", number=number, outcome=sentence)


@dataclass(frozen=True)
class ChangedSince:
    """What other phones did to a match after a form was drawn at version ``seen``."""

    seen: int
    version: int  # the version stored now, where a redrawn form may save
    verb: str  # what the last change did: saved, changed, restored or deleted
    number: int | None  # the hand it was about, if that hand is still in the ledger
    outcome: str | None  # that hand's outcome sentence, as the ledger says it
    next_number: int  # the number the next hand saved will have

    @property
    def changes(self) -> int:
        """How many writes happened since (each write moves the version by one)."""
        return self.version - self.seen

    @property
    def sentence(self) -> str:
        """The change for a player: "Another phone saved hand 2: Ann bid 300 … made it"."""
        done = _another_phone(self.verb, self.number, self.outcome)
        if self.changes > 1:
            return said_plural(
                "%(change)s (%(num)s change since you started)",
                "%(change)s (%(num)s changes since you started)",
                self.changes,
                change=done,
            )
        return done


def _another_phone(verb: str, number: int | None, outcome: str | None) -> str:
    """What another phone did to the hands, in a sentence (its verb one of _last_change's)."""
    if number is None:
        if verb == "saved":
            return said("Another phone saved a hand")
        if verb == "changed":
            return said("Another phone changed a hand")
        if verb == "restored":
            return said("Another phone restored a hand")
        return said("Another phone deleted a hand")
    if verb == "saved":
        return said(
            "Another phone saved hand %(number)s: %(outcome)s", number=number, outcome=outcome
        )
    if verb == "changed":
        return said(
            "Another phone changed hand %(number)s: %(outcome)s", number=number, outcome=outcome
        )
    return said(
        "Another phone restored hand %(number)s: %(outcome)s", number=number, outcome=outcome
    )


def changed_since(session: Session, state: MatchState, seen: int) -> ChangedSince | None:
    """What changed in the match since a form was drawn at version ``seen`` (None when
    nothing did): the conflict a phone is shown before Save, and at Save."""
    version = state.match.version
    seen = max(seen, 0)
    if seen >= version:
        return None
    verb, number, outcome = _last_change(session, state)
    return ChangedSince(seen, version, verb, number, outcome, len(state.hands) + 1)


def hand_changed_since(state: MatchState, hand_id: int, hand_version: int) -> str | None:
    """What another phone did to one hand since an edit form was drawn at ``hand_version``,
    in a sentence (None when nothing did): the notice an edit page shows before Save."""
    try:
        index = state.hand_index(hand_id)
    except NotFound:
        return said("Another phone deleted this hand")
    if state.hands[index].version == hand_version:
        return None
    row = state.ledger.rows[index]
    return said(
        "Another phone changed hand %(number)s: %(outcome)s",
        number=row.number,
        outcome=row.outcome.sentence,
    )
