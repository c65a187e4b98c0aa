"""A club night of an export document, read back: the host's choices checked as a new
night's are, its players and its rounds, and each table's match found in the document or
the database (services.imports stores it with the rest, in one transaction)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from ..models import ClubNight, ClubNightPlayer, ClubNightRound, ClubNightTable, Group, Match
from ..rules import RuleError
from .club import checked_settings
from .groups import folded
from .import_fields import (
    CLUB_NIGHT_FIELDS,
    CLUB_PLAYER_FIELDS,
    CLUB_ROUND_FIELDS,
    CLUB_TABLE_FIELDS,
    ImportRefused,
    read_record,
)


def _players(records: list[Any], where: str, night: dict[str, Any]) -> list[ClubNightPlayer]:
    players = []
    seen: dict[str, int] = {}
    for index, record in enumerate(records, start=1):
        at = f"{where}, player {index}"
        fields = read_record(record, CLUB_PLAYER_FIELDS, at, "a club night's player")
        key = folded(fields["name"])
        if key in seen:
            raise ImportRefused(f"{at}: {fields['name']} is player {seen[key]} already")
        seen[key] = index
        if (fields["team"] is None) == (night["format"] == "fixed"):
            needs = "a team number" if night["format"] == "fixed" else "no team (null)"
            raise ImportRefused(f"{at}: a player of a {night['format']} night has {needs}")
        if fields["joined_round"] > night["rounds"]:
            raise ImportRefused(
                f"{at}: joined_round must be a round of the night's {night['rounds']}, "
                f"not {fields['joined_round']}"
            )
        left = fields["left_after"]
        if left is not None and left < fields["joined_round"] - 1:
            raise ImportRefused(f"{at}: left_after comes before the round they joined")
        players.append(ClubNightPlayer(**fields, folded=key))
    if len(players) < 4:
        raise ImportRefused(f"{where}: a club night has at least 4 players")
    return players


def _table(
    record: Any, where: str, names: set[str], matches: dict[str, Match], session: Session
) -> ClubNightTable:
    fields = read_record(record, CLUB_TABLE_FIELDS, where, "a club night's table")
    token = fields["match"]
    match = (
        matches.get(token)
        or session.scalars(select(Match).where(Match.edit_token == token)).first()
    )
    if match is None:
        raise ImportRefused(
            f"{where}: no match with the token {token} is in the file or the database; "
            "export the night's matches with it"
        )
    strangers = [name for name in match.player_names if folded(name) not in names]
    if len(match.player_names) != 4 or len(match.side_names) != 2 or strangers:
        raise ImportRefused(
            f"{where}: the match {token} must seat four of the night's players in two partnerships"
        )
    if len(fields["confirmed"]) != 2:
        raise ImportRefused(f"{where}: confirmed must hold two flags, one for each side")
    if all(fields["confirmed"]) and not fields["locked"]:
        raise ImportRefused(f"{where}: both sides confirmed, so locked must be true")
    return ClubNightTable(
        table=fields["table"], match=match, confirmed=fields["confirmed"], locked=fields["locked"]
    )


def _rounds(
    records: list[Any],
    where: str,
    night: dict[str, Any],
    names: set[str],
    matches: dict[str, Match],
    session: Session,
) -> list[ClubNightRound]:
    if len(records) > night["rounds"]:
        raise ImportRefused(
            f"{where}: {len(records)} rounds started in a night of {night['rounds']}"
        )
    started = []
    for number, record in enumerate(records, start=1):
        at = f"{where}, round {number}"
        fields = read_record(record, CLUB_ROUND_FIELDS, at, "a club night's round")
        if fields["number"] != number:
            raise ImportRefused(f"{at}: number must be {number}; list the rounds in order")
        if any(folded(name) not in names for name in fields["sitting_out"]):
            raise ImportRefused(f"{at}: sitting_out names someone who is not a player")
        tables = [
            _table(table, f"{at}, table {index}", names, matches, session)
            for index, table in enumerate(fields.pop("tables"), start=1)
        ]
        numbers = [table.table for table in tables]
        if len(set(numbers)) != len(numbers):
            raise ImportRefused(f"{at}: two tables have one number")
        started.append(ClubNightRound(**fields, tables=tables))
    return started


def read_club_night(
    record: Any,
    number: int,
    matches: dict[str, Match],
    groups: dict[str, Group],
    session: Session,
) -> ClubNight:
    """A club night of the document, checked (not yet stored). Its tables' matches come
    from ``matches`` (the document's, by edit token) or the database; the group it was
    started from, from ``groups`` or the database, and when neither has it the night is
    imported on its own (its games stay in the night)."""
    where = f"club night {number}"
    fields = read_record(record, CLUB_NIGHT_FIELDS, where, "a club night")
    try:
        preset = checked_settings(
            fields["game"],
            fields["house_rules"],
            fields["format"],
            fields["round_end"],
            fields["round_end_value"],
            fields["ranking"],
            fields["tiebreaks"],
            fields["byes"],
        )
    except RuleError as error:
        raise ImportRefused(f"{where}: {error.reason}") from None
    fields["game"] = preset.name
    if fields["round_end"] == "target":
        fields["round_end_value"] = None
    players = _players(fields.pop("players"), where, fields)
    names = {player.folded for player in players}
    rounds = _rounds(fields.pop("played_rounds"), where, fields, names, matches, session)
    token = fields.pop("group")
    group = None
    if token is not None:
        group = (
            groups.get(token)
            or session.scalars(select(Group).where(Group.edit_token == token)).first()
        )
    return ClubNight(**fields, group=group, players=players, played_rounds=rounds)


def nights_not_stored_yet(session: Session, nights: Sequence[ClubNight]) -> None:
    """Refuse a night whose links are in use, or a match that is a table twice (in the
    document, or in a night stored already)."""
    seen: dict[str, str] = {}
    for number, night in enumerate(nights, start=1):
        for token in (night.host_token, night.view_token):
            if token in seen:
                raise ImportRefused(f"club night {number} has the same link token as {seen[token]}")
            seen[token] = f"club night {number}"
        taken = session.scalars(
            select(ClubNight.id).where(
                ClubNight.host_token.in_([night.host_token, night.view_token])
                | ClubNight.view_token.in_([night.host_token, night.view_token])
            )
        ).first()
        if taken is not None:
            raise ImportRefused(
                f"club night {number} ({night.name}) is already in this database: "
                "its link is in use"
            )
    tabled: dict[int, str] = {}
    for number, night in enumerate(nights, start=1):
        for started in night.played_rounds:
            for table in started.tables:
                where = f"club night {number}, round {started.number}, table {table.table}"
                if id(table.match) in tabled:
                    raise ImportRefused(f"{where}: its match is {tabled[id(table.match)]} too")
                tabled[id(table.match)] = where
                if (
                    table.match.id is not None
                    and session.scalars(
                        select(ClubNightTable.id).where(ClubNightTable.match_id == table.match.id)
                    ).first()
                ):
                    raise ImportRefused(f"{where}: its match is a table of a stored night")
