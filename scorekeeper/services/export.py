"""Players' data, out: matches, dice games, saved rule sets, groups and club nights as a JSON
document that imports losslessly, and a consistent backup of the database (the CSV for a
spreadsheet is services/spreadsheets.py).

The document holds what was entered and never what is derived: importing it and replaying
the entries through the rules core gives the same ledgers, totals and winners.
"""

from __future__ import annotations

import json
import os
import sqlite3
import tempfile
from collections.abc import Iterable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session, joinedload, selectinload

from ..models import (
    ClubNight,
    ClubNightRound,
    ClubNightTable,
    DiceGame,
    Group,
    GroupGame,
    Hand,
    Match,
    RuleSet,
)

FORMAT = "scorekeeper"
VERSION = 1

TURN_ENTRIES = (
    "position",
    "player",
    "dice",
    "box",
    "column",
    "first_throw",
    "throws_used",
    "throws",
    "total",
    "farkle",
)


class BackupFailed(Exception):
    """The backup could not be taken (said in a sentence); nothing was left behind."""


# =========================================================================== the document


def _timestamp(moment: datetime) -> str:
    """A stored time (naive, in UTC) as ISO 8601 that says it is UTC."""
    return moment.replace(tzinfo=UTC).isoformat()


def match_record(match: Match) -> dict[str, Any]:
    """One match as the document holds it: its setup, its links and every hand entered."""
    return {
        "game": match.game,
        "house_rules": match.house_rules,
        "side_names": match.side_names,
        "player_names": match.player_names,
        "first_dealer": match.first_dealer,
        "created_at": _timestamp(match.created_at),
        "edit_token": match.edit_token,
        "view_token": match.view_token,
        "version": match.version,
        "hands": [hand_record(hand) for hand in match.hands],
    }


def hand_record(hand: Hand) -> dict[str, Any]:
    """One hand as the table entered it, with its place and version."""
    return {
        "position": hand.position,
        **hand.entries(),
        "version": hand.version,
        "client_token": hand.client_token,
        "created_at": _timestamp(hand.created_at),
    }


def dice_game_record(game: DiceGame) -> dict[str, Any]:
    """One dice game as the document holds it: its kind, players, rules, link and turns."""
    return {
        "kind": game.kind,
        "player_names": game.player_names,
        "house_rules": game.house_rules,
        "created_at": _timestamp(game.created_at),
        "token": game.token,
        "view_token": game.view_token,
        "turns": [
            {
                **{name: getattr(turn, name) for name in TURN_ENTRIES},
                "created_at": _timestamp(turn.created_at),
            }
            for turn in game.turns
        ],
    }


def rule_set_record(rule_set: RuleSet) -> dict[str, Any]:
    """One saved rule set as the document holds it: its name, game, house rules and link."""
    return {
        "name": rule_set.name,
        "game": rule_set.game,
        "house_rules": rule_set.house_rules,
        "created_at": _timestamp(rule_set.created_at),
        "token": rule_set.token,
    }


def group_record(group: Group) -> dict[str, Any]:
    """One group as the document holds it: its name, links, roster, and each of its games
    by the game's edit token, with the roster player (by place in ``players``) that each
    name typed in the game stands for."""
    place = {player.id: number for number, player in enumerate(group.players)}
    return {
        "name": group.name,
        "created_at": _timestamp(group.created_at),
        "edit_token": group.edit_token,
        "view_token": group.view_token,
        "version": group.version,
        "players": [
            {
                "name": player.name,
                "retired": player.retired,
                "created_at": _timestamp(player.created_at),
            }
            for player in group.players
        ],
        "games": [
            {
                "match": played.match.edit_token if played.match_id is not None else None,
                "dice_game": played.dice_game.token if played.dice_game_id is not None else None,
                "added_at": _timestamp(played.added_at),
                "names": {seat.name: place[seat.player_id] for seat in played.seats},
            }
            for played in group.games
        ],
    }


def club_night_record(night: ClubNight) -> dict[str, Any]:
    """One club night as the document holds it: the host's choices, its players (with the
    round each joined and the last each played), and every round started, each table by
    its match's edit token with both sides' confirmations. The rounds to come and the
    standings are derived from these, as on the site."""
    return {
        "name": night.name,
        "game": night.game,
        "house_rules": night.house_rules,
        "format": night.format,
        "rounds": night.rounds,
        "round_end": night.round_end,
        "round_end_value": night.round_end_value,
        "ranking": night.ranking,
        "tiebreaks": night.tiebreaks,
        "byes": night.byes,
        "seed": night.seed,
        # The group it was started from, by the group's edit token.
        "group": night.group.edit_token if night.group is not None else None,
        "created_at": _timestamp(night.created_at),
        "host_token": night.host_token,
        "view_token": night.view_token,
        "version": night.version,
        "players": [
            {
                "name": player.name,
                "team": player.team,
                "joined_round": player.joined_round,
                "left_after": player.left_after,
            }
            for player in night.players
        ],
        "played_rounds": [
            {
                "number": started.number,
                "started_at": _timestamp(started.started_at),
                "sitting_out": started.sitting_out,
                "tables": [
                    {
                        "table": table.table,
                        "match": table.match.edit_token,
                        "confirmed": table.confirmed,
                        "locked": table.locked,
                    }
                    for table in started.tables
                ],
            }
            for started in night.played_rounds
        ],
    }


def document(
    matches: Iterable[Match],
    dice_games: Iterable[DiceGame],
    rule_sets: Iterable[RuleSet] = (),
    groups: Iterable[Group] = (),
    club_nights: Iterable[ClubNight] = (),
) -> dict[str, Any]:
    """The versioned export document of these matches, dice games, rule sets, groups and
    club nights (a group's or a night's games belong in the same document, or in the
    database it is imported to)."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "exported_at": _timestamp(datetime.now(UTC).replace(tzinfo=None)),
        "matches": [match_record(match) for match in matches],
        "dice_games": [dice_game_record(game) for game in dice_games],
        # Files exported before rule sets were saved have no such list; they import as none.
        "rule_sets": [rule_set_record(rule_set) for rule_set in rule_sets],
        # Nor do files exported before groups.
        "groups": [group_record(group) for group in groups],
        # Nor do files exported before club nights.
        "club_nights": [club_night_record(night) for night in club_nights],
    }


def dumps(doc: dict[str, Any]) -> str:
    """The document as JSON text, readable and in UTF-8 (names stay as typed)."""
    return json.dumps(doc, ensure_ascii=False, indent=2) + "\n"


def one_snapshot(session: Session) -> None:
    """Read all that follows in this transaction from one moment of the database.

    PostgreSQL needs asking (REPEATABLE READ); call it before the transaction's first query.
    """
    if session.get_bind().dialect.name == "postgresql":
        session.connection(execution_options={"isolation_level": "REPEATABLE READ"})


# Each kind is read in one statement (its children joined), so a match's hands are all from
# one moment even while phones are saving: one statement sees one snapshot.
def matches_where(session: Session, *conditions: Any) -> list[Match]:
    """Matches with their hands, oldest first."""
    query = select(Match).where(*conditions).options(joinedload(Match.hands))
    return list(session.execute(query.order_by(Match.id)).unique().scalars())


def dice_games_where(session: Session, *conditions: Any) -> list[DiceGame]:
    """Dice games with their turns, oldest first."""
    query = select(DiceGame).where(*conditions).options(joinedload(DiceGame.turns))
    return list(session.execute(query.order_by(DiceGame.id)).unique().scalars())


def rule_sets_where(session: Session, *conditions: Any) -> list[RuleSet]:
    """Saved rule sets, oldest first."""
    return list(session.scalars(select(RuleSet).where(*conditions).order_by(RuleSet.id)))


def groups_where(session: Session, *conditions: Any) -> list[Group]:
    """Groups with their rosters and games (and each game's tokens), oldest first."""
    query = (
        select(Group)
        .where(*conditions)
        .options(
            selectinload(Group.players),
            selectinload(Group.games).selectinload(GroupGame.seats),
            selectinload(Group.games).joinedload(GroupGame.match).load_only(Match.edit_token),
            selectinload(Group.games).joinedload(GroupGame.dice_game).load_only(DiceGame.token),
        )
    )
    return list(session.scalars(query.order_by(Group.id)))


def club_nights_where(session: Session, *conditions: Any) -> list[ClubNight]:
    """Club nights with their players, rounds and tables (each table's match token and
    the group's), oldest first."""
    query = (
        select(ClubNight)
        .where(*conditions)
        .options(
            selectinload(ClubNight.players),
            joinedload(ClubNight.group).load_only(Group.edit_token),
            selectinload(ClubNight.played_rounds)
            .selectinload(ClubNightRound.tables)
            .joinedload(ClubNightTable.match)
            .load_only(Match.edit_token),
        )
    )
    return list(session.scalars(query.order_by(ClubNight.id)))


def night_matches(session: Session, night: ClubNight) -> list[Match]:
    """The matches of a night's tables, for a document that holds the night."""
    ids = [table.match_id for started in night.played_rounds for table in started.tables]
    return matches_where(session, Match.id.in_(ids)) if ids else []


def group_with_games(session: Session, group: Group) -> tuple[list[Match], list[DiceGame]]:
    """The matches and dice games of a group, for a document that holds the group."""
    match_ids = [played.match_id for played in group.games if played.match_id is not None]
    dice_ids = [played.dice_game_id for played in group.games if played.dice_game_id is not None]
    found = matches_where(session, Match.id.in_(match_ids)) if match_ids else []
    games = dice_games_where(session, DiceGame.id.in_(dice_ids)) if dice_ids else []
    return found, games


# ============================================================================= backups


def write_replacing(path: Path, data: bytes) -> None:
    """Write a file whole or not at all: a crash never leaves half an export behind."""
    path.parent.mkdir(parents=True, exist_ok=True)
    descriptor, partial = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    try:
        with os.fdopen(descriptor, "wb") as file:
            file.write(data)
        os.replace(partial, path)
    except BaseException:
        Path(partial).unlink(missing_ok=True)
        raise


def backup(session: Session, instance_path: Path, output: Path | None = None) -> Path:
    """A consistent copy of the database, taken while the site runs; returns where it is.

    SQLite is copied with its online backup API, which reads one snapshot however many
    phones are saving; any other database is written as the JSON export.
    """
    engine = session.get_bind()
    sqlite = engine.url.get_backend_name() == "sqlite"
    if output is None:
        stamp = datetime.now(UTC).strftime("%Y-%m-%dT%H%M%SZ")
        folder = Path(instance_path) / "backups"
        output = folder / f"scorekeeper-{stamp}.{'sqlite3' if sqlite else 'json'}"
    output.parent.mkdir(parents=True, exist_ok=True)
    if not sqlite:
        one_snapshot(session)
        everything = document(
            matches_where(session),
            dice_games_where(session),
            rule_sets_where(session),
            groups_where(session),
            club_nights_where(session),
        )
        write_replacing(output, dumps(everything).encode())
        return output
    live = engine.url.database
    if live and output.resolve() == Path(live).resolve():
        raise BackupFailed("The backup would replace the database itself.")
    descriptor, partial = tempfile.mkstemp(dir=output.parent, prefix=f".{output.name}.")
    os.close(descriptor)
    try:
        # The site's own connection (its busy timeout and pragmas) reads; one step copies
        # every page under one read lock, so writes made meanwhile are either in or out.
        with engine.connect() as connection:
            source = connection.connection.driver_connection
            copy = sqlite3.connect(partial)
            try:
                source.backup(copy)
                (verdict,) = copy.execute("PRAGMA integrity_check").fetchone()
            finally:
                copy.close()
        if verdict != "ok":
            raise BackupFailed(f"The copy failed its integrity check: {verdict}.")
        os.replace(partial, output)
    except BaseException:
        Path(partial).unlink(missing_ok=True)
        raise
    return output
