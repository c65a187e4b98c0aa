"""Each device's list of the matches and dice games opened on it (its home page)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import Row, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from ..models import DeviceDiceGame, DeviceMatch, DiceGame, Match
from ..rules import Preset, dice_game
from . import stats
from .matches import players_by_side
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


@dataclass(frozen=True)
class MatchLine:
    """A match as a home page lists it: the match's row and its kept summary (no replay)."""

    match: Row
    preset: Preset
    summary: Summary

    @property
    def players(self) -> list[str]:
        """The players' names, in seat order."""
        return self.match.player_names

    @property
    def sides(self) -> list[str]:
        """The sides' names."""
        return self.match.side_names

    @property
    def side_players(self) -> list[list[str]]:
        """Each side's players by name, in seat order."""
        return players_by_side(self.preset, self.players)

    @property
    def totals(self) -> list[int]:
        """Each side's total."""
        return self.summary["totals"]

    @property
    def winner(self) -> int | None:
        """The side that won, or None while the match is played."""
        return self.summary["winner"]

    @property
    def win_reason(self) -> str | None:
        """Why that side won."""
        return self.summary["win_reason"]

    @property
    def next_dealer(self) -> int:
        """The player who deals next."""
        return self.summary["next_dealer"]

    @property
    def over(self) -> bool:
        """Has a side won?"""
        return self.winner is not None

    @property
    def played_on(self) -> datetime:
        """When the last hand was entered (when the match began, before any hand)."""
        return _played_on(self.summary, self.match.created_at)


@dataclass(frozen=True)
class DiceLine:
    """A dice game as a home page lists it: the game's row and its kept summary."""

    game: Row
    summary: Summary

    @property
    def label(self) -> str:
        """The game's name."""
        return dice_game(self.game.kind).label

    @property
    def players(self) -> list[str]:
        """The players' names, in playing order."""
        return self.game.player_names

    @property
    def totals(self) -> list[int]:
        """Each player's total."""
        return self.summary["totals"]

    @property
    def next_player(self) -> int | None:
        """Whose turn it is (None once the game is over)."""
        return self.summary["next_player"]

    @property
    def winner_names(self) -> list[str]:
        """Who won (several on equal totals)."""
        return [self.players[player] for player in self.summary["winners"]]

    @property
    def over(self) -> bool:
        """Is the game over?"""
        return self.summary["over"]

    @property
    def played_on(self) -> datetime:
        """When the last turn was entered (when the game began, before any turn)."""
        return _played_on(self.summary, self.game.created_at)


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


def device_games(session: Session, device: str | None) -> tuple[list[MatchLine], list[DiceLine]]:
    """The matches and the dice games opened on this device, each in progress first, then
    finished, newest first; drawn from the games' kept summaries in a few queries however
    many there are."""
    if not device:
        return [], []
    matches = session.execute(
        select(*_LISTED_MATCH)
        .join(DeviceMatch, DeviceMatch.match_id == Match.id)
        .where(DeviceMatch.device == device)
        .order_by(Match.created_at.desc(), Match.id.desc())
    ).all()
    games = session.execute(
        select(*_LISTED_GAME)
        .join(DeviceDiceGame, DeviceDiceGame.game_id == DiceGame.id)
        .where(DeviceDiceGame.device == device)
        .order_by(DiceGame.created_at.desc(), DiceGame.id.desc())
    ).all()
    versions = {(stats.MATCH, row.id): row.version for row in matches}
    versions |= {(stats.DICE, row.id): row.version for row in games}
    summaries = stats.summaries_at(session, versions)
    match_lines = [
        MatchLine(row, stats.preset_of(row.game, row.house_rules), summaries[(stats.MATCH, row.id)])
        for row in matches
    ]
    game_lines = [DiceLine(row, summaries[(stats.DICE, row.id)]) for row in games]
    return (
        sorted(match_lines, key=lambda line: line.over),
        sorted(game_lines, key=lambda line: line.over),
    )


def device_matches(session: Session, device: str | None) -> list[MatchLine]:
    """The matches opened on this device: in progress first, then finished, newest first."""
    return device_games(session, device)[0]


def device_dice_games(session: Session, device: str | None) -> list[DiceLine]:
    """The dice games opened on this device: in progress first, then finished, newest first."""
    return device_games(session, device)[1]
