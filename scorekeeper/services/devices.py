"""Each device's list of the matches, dice games and groups opened on it (its home page)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any, NamedTuple

from sqlalchemy import Row, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from ..models import DeviceDiceGame, DeviceGroup, DeviceMatch, DiceGame, GameSummary, Group, Match
from ..rules import Preset
from . import stats
from .dice import GameState
from .matches import SeatedPlayers
from .stats import Summary


def _remember(session: Session, row: DeviceMatch | DeviceDiceGame, key: tuple) -> None:
    """Store a device's listing once, however many tabs open the game at the same moment."""
    if session.get(type(row), key) is not None:
        return
    session.add(row)
    try:
        session.commit()
    except IntegrityError:
        # Two tabs of one phone opened it at once: the other listed it.
        session.rollback()


def remember_match(session: Session, device: str, match_id: int) -> None:
    """List the match on this device's home page."""
    _remember(session, DeviceMatch(device=device, match_id=match_id), (device, match_id))


def remember_dice_game(session: Session, device: str, game_id: int) -> None:
    """List the dice game on this device's home page."""
    _remember(session, DeviceDiceGame(device=device, game_id=game_id), (device, game_id))


# A long history lists its latest finished games, and the rest a tap away: the home page
# costs the same with 300 finished matches as with 20.
FINISHED_SHOWN = 20


@dataclass(frozen=True)
class MatchLine(SeatedPlayers):
    """A match as a home page lists it, from its row and its kept line (no replay)."""

    match: Row
    preset: Preset
    totals: list[int]
    winner: int | None  # the side that won, or None while the match is played
    win_reason: str | None
    next_dealer: int
    played_on: datetime  # the last hand's (the match's start, before any hand)

    @classmethod
    def of(cls, row: Row, line: Summary) -> MatchLine:
        """The line of a match's row and its kept line."""
        preset = stats.preset_of(row.game, row.house_rules)
        return cls(
            row,
            preset,
            line["totals"],
            line["winner"],
            line["win_reason"],
            line["next_dealer"],
            _played_on(line, row.created_at),
        )

    @property
    def over(self) -> bool:
        """Has a side won?"""
        return self.winner is not None


@dataclass
class DiceLine(GameState):
    """A dice game as a home page lists it, from its row and its kept line (no replay)."""

    totals: list[int]
    winners: list[int]
    over: bool
    next_player: int | None  # whose turn it is (None once the game is over)
    played_on: datetime  # the last turn's (the game's start, before any turn)

    @classmethod
    def of(cls, row: Row, line: Summary) -> DiceLine:
        """The line of a dice game's row and its kept line."""
        return cls(
            row,
            line["totals"],
            line["winners"],
            line["over"],
            line["next_player"],
            _played_on(line, row.created_at),
        )


def _played_on(summary: Summary, created_at: datetime) -> datetime:
    played = summary["played_on"]
    return created_at if played is None else datetime.fromisoformat(played)


_LISTED_MATCH = [
    Match.id,
    Match.version,
    Match.edit_token,
    Match.game,
    Match.house_rules,
    Match.side_names,
    Match.player_names,
    Match.created_at,
]
_LISTED_GAME = [
    DiceGame.id,
    DiceGame.version,
    DiceGame.token,
    DiceGame.kind,
    DiceGame.player_names,
    DiceGame.created_at,
]


class HomeLists(NamedTuple):
    """A device's games as its home page lists them: the matches and the dice games, each in
    progress first, then finished, newest first; and how many finished ones are left out."""

    matches: list[MatchLine]
    dice_games: list[DiceLine]
    finished_left_out: int = 0


def _listed(session: Session, model: Any, kind: str, link: Any, key: Any, device: str) -> list:
    """A device's games of one model, newest first, light: each one's id, version, and the
    version and the ended-or-not of its kept summary (None where none is kept)."""
    return session.execute(
        select(model.id, model.version, GameSummary.version.label("kept"), GameSummary.over)
        .join(link, key == model.id)
        .outerjoin(GameSummary, stats.kept_summary_of(kind, model.id))
        .where(link.device == device)
        .order_by(model.created_at.desc(), model.id.desc())
    ).all()


def _shown(
    rows: list, fresh: dict, kind: str, every_finished: bool
) -> tuple[list[int], list[int], int]:
    """The games in progress and the finished ones shown (the latest FINISHED_SHOWN, or all),
    by id, and how many finished ones are left out."""
    playing, finished = [], []
    for row in rows:
        over = fresh[(kind, row.id)]["over"] if (kind, row.id) in fresh else row.over
        (finished if over else playing).append(row.id)
    shown = finished if every_finished else finished[:FINISHED_SHOWN]
    return playing, shown, len(finished) - len(shown)


def device_games(session: Session, device: str | None, every_finished: bool = False) -> HomeLists:
    """The games opened on this device as its home page lists them (every finished one
    with ``every_finished``), drawn from their kept summaries: the games that changed since
    are replayed, the others only read. A few queries, however many games there are."""
    if not device:
        return HomeLists([], [])
    matches = _listed(session, Match, stats.MATCH, DeviceMatch, DeviceMatch.match_id, device)
    games = _listed(session, DiceGame, stats.DICE, DeviceDiceGame, DeviceDiceGame.game_id, device)
    stale = [(stats.MATCH, row.id) for row in matches if row.kept != row.version]
    stale += [(stats.DICE, row.id) for row in games if row.kept != row.version]
    fresh = stats.refreshed(session, stale) if stale else {}
    match_playing, match_done, matches_left = _shown(matches, fresh, stats.MATCH, every_finished)
    dice_playing, dice_done, dice_left = _shown(games, fresh, stats.DICE, every_finished)
    match_rows = _rows_with_lines(session, _LISTED_MATCH, stats.MATCH, match_playing + match_done)
    dice_rows = _rows_with_lines(session, _LISTED_GAME, stats.DICE, dice_playing + dice_done)
    return HomeLists(
        [MatchLine.of(row, row.line) for row in match_rows],
        [DiceLine.of(row, row.line) for row in dice_rows],
        matches_left + dice_left,
    )


def _rows_with_lines(session: Session, columns: list, kind: str, ids: list[int]) -> list:
    """The games' rows with their kept lines, in the order of ``ids``."""
    if not ids:
        return []
    model = columns[0].class_
    rows = session.execute(
        select(*columns, GameSummary.line)
        .join(GameSummary, stats.kept_summary_of(kind, model.id))
        .where(model.id.in_(ids))
    ).all()
    by_id = {row.id: row for row in rows}
    return [by_id[game_id] for game_id in ids if game_id in by_id]


def device_matches(session: Session, device: str | None) -> list[MatchLine]:
    """The matches opened on this device: in progress first, then finished, newest first."""
    return device_games(session, device, every_finished=True).matches


def device_dice_games(session: Session, device: str | None) -> list[DiceLine]:
    """The dice games opened on this device: in progress first, then finished, newest first."""
    return device_games(session, device, every_finished=True).dice_games


def remember_group(session: Session, device: str, group_id: int) -> None:
    """List the group on this device's home page."""
    _remember(session, DeviceGroup(device=device, group_id=group_id), (device, group_id))


def device_groups(session: Session, device: str | None) -> list[Group]:
    """The groups opened on this device by their edit links, by name."""
    if not device:
        return []
    found = session.scalars(
        select(Group)
        .join(DeviceGroup, DeviceGroup.group_id == Group.id)
        .where(DeviceGroup.device == device)
        .order_by(Group.name, Group.id)
    ).all()
    return list(found)
