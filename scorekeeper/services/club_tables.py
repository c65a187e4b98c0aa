"""A club night's table as its match's writes see it: a locked result refuses every
write to the match, a round of N hands refuses hand N + 1, and any change takes back the
confirmations given before it (services/club.py runs the night itself)."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from ..models import ClubNight, ClubNightTable, Match
from ..rules import said
from .errors import ServiceError
from .writes import bump_version


class Locked(ServiceError):
    """A club table's result is locked (both sides confirmed it): the match takes no write
    until the host unlocks it."""

    status = 409


def table_of_match(session: Session, match_id: int) -> ClubNightTable | None:
    """The club table a match is played at, if it is one."""
    return session.execute(
        select(ClubNightTable).where(ClubNightTable.match_id == match_id)
    ).scalar_one_or_none()


def check_table_open(session: Session, match: Match, adding: bool) -> None:
    """Before a write to a match's hands: refused (Locked) when it is a club table whose
    result is locked, or (``adding``) whose round of N hands is played out. Any
    confirmation given before the change is taken back: the result it confirmed is gone."""
    table = table_of_match(session, match.id)
    if table is None:
        return
    if table.locked:
        raise Locked(
            said(
                "Table %(table)s's result is locked: both sides confirmed it. Ask the host to "
                "unlock it for a correction.",
                table=table.table,
            )
        )
    night = table.round.night
    if adding and night.round_end == "hands" and len(match.hands) >= (night.round_end_value or 0):
        raise Locked(
            said(
                "This round ended after %(hands)s hands: confirm the result below instead of "
                "adding a hand.",
                hands=night.round_end_value,
            )
        )
    if any(table.confirmed):
        table.confirmed = [False, False]
        bump_version(session, ClubNight, night.id)
