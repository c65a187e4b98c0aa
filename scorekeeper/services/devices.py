"""Each device's list of the matches, dice games and groups opened on it (its home page)."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, selectinload

from ..models import DeviceDiceGame, DeviceGroup, DeviceMatch, DiceGame, Group, Match
from .dice import DiceState, state_of_game
from .matches import MatchState, state_of


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


def device_matches(session: Session, device: str | None) -> list[MatchState]:
    """The matches opened on this device: in progress first, then finished, newest first."""
    if not device:
        return []
    matches = session.scalars(
        select(Match)
        .join(DeviceMatch, DeviceMatch.match_id == Match.id)
        .where(DeviceMatch.device == device)
        .options(selectinload(Match.hands))
        .order_by(Match.created_at.desc(), Match.id.desc())
    ).all()
    return sorted((state_of(match) for match in matches), key=lambda state: state.over)


def device_dice_games(session: Session, device: str | None) -> list[DiceState]:
    """The dice games opened on this device: in progress first, then finished, newest first."""
    if not device:
        return []
    games = session.scalars(
        select(DiceGame)
        .join(DeviceDiceGame, DeviceDiceGame.game_id == DiceGame.id)
        .where(DeviceDiceGame.device == device)
        .options(selectinload(DiceGame.turns))
        .order_by(DiceGame.created_at.desc(), DiceGame.id.desc())
    ).all()
    return sorted((state_of_game(game) for game in games), key=lambda state: state.over)


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
