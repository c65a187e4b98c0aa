"""What a group played: its games and who each typed name is on its roster (what its
statistics read), its games as its page lists them (from their kept summaries), its
statistics, and each player's wins over time."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any, NamedTuple

from sqlalchemy import select
from sqlalchemy.orm import Session

from ..models import Group, GroupGame, GroupPlayer, GroupSeat
from ..rules import Stats
from . import stats
from .devices import DiceLine, MatchLine, listed_games
from .groups import GameKind

# ------------------------------------------------------------------------ reading games


def group_games(
    session: Session, group: Group
) -> tuple[list[int], list[int], dict[tuple[GameKind, int, str], str]]:
    """The group's match ids and dice game ids, and for each name typed in one of them,
    ("match" or "dice", game id, name as the game stores it), the roster player's name
    now (after renames and merges): what the group's statistics read, in one query."""
    rows = session.execute(
        select(GroupGame.match_id, GroupGame.dice_game_id, GroupSeat.name, GroupPlayer.name)
        .outerjoin(GroupSeat, GroupSeat.group_game_id == GroupGame.id)
        .outerjoin(GroupPlayer, GroupPlayer.id == GroupSeat.player_id)
        .where(GroupGame.group_id == group.id)
        .order_by(GroupGame.id, GroupSeat.id)
    ).all()
    match_ids: dict[int, None] = {}
    dice_ids: dict[int, None] = {}
    names: dict[tuple[GameKind, int, str], str] = {}
    for match_id, dice_id, typed, player in rows:
        kind: GameKind = "match" if match_id is not None else "dice"
        game_id = match_id if match_id is not None else dice_id
        (match_ids if kind == "match" else dice_ids)[game_id] = None
        if typed is not None:
            names[kind, game_id, typed] = player
    return list(match_ids), list(dice_ids), names


@dataclass(frozen=True)
class PlayedGame:
    """One of a group's games as its page lists it (from the game's kept summary)."""

    group_game_id: int
    kind: GameKind
    state: MatchLine | DiceLine

    @property
    def over(self) -> bool:
        """Is the game finished?"""
        return self.state.over

    @property
    def created_at(self) -> datetime:
        """When the game was started."""
        row = self.state.match if self.kind == "match" else self.state.game
        return row.created_at


class GroupGames(NamedTuple):
    """A group's games as its page lists them, and how many finished ones are left out."""

    games: list[PlayedGame]
    finished_left_out: int


def played_games(session: Session, group: Group, every_finished: bool = False) -> GroupGames:
    """The group's games, in progress first, then finished (the latest few, or every one),
    newest first in each; drawn from the games' kept summaries, in a few queries however
    many games the group played."""
    lists = listed_games(
        session,
        (GroupGame, GroupGame.match_id, GroupGame.group_id == group.id),
        (GroupGame, GroupGame.dice_game_id, GroupGame.group_id == group.id),
        every_finished,
    )
    link_of: dict[tuple[GameKind, int], int] = {}
    links = session.execute(
        select(GroupGame.id, GroupGame.match_id, GroupGame.dice_game_id).where(
            GroupGame.group_id == group.id
        )
    )
    for link_id, match_id, dice_game_id in links:
        if match_id is not None:
            link_of["match", match_id] = link_id
        else:
            link_of["dice", dice_game_id] = link_id
    listed = [PlayedGame(link_of["match", line.match.id], "match", line) for line in lists.matches]
    listed += [PlayedGame(link_of["dice", line.game.id], "dice", line) for line in lists.dice_games]
    listed.sort(key=lambda game: (not game.over, game.created_at, game.group_game_id), reverse=True)
    return GroupGames(listed, lists.finished_left_out)


# ---------------------------------------------------------------------- its statistics


def group_stats(session: Session, group: Group) -> dict[str, Any]:
    """The group's statistics in the API's shape (shared/API.md), each player counted
    under their roster name: from the games' kept summaries, a few queries however many
    games the group played."""
    match_ids, dice_ids, names = group_games(session, group)
    return stats.stats_for_games(session, match_ids, dice_ids, names)


class WinsOverTime(NamedTuple):
    """Each roster player's wins, counted up game by game over the group's finished games
    (in the order they were played)."""

    games: int
    wins: dict[str, list[int]]


def wins_over_time(session: Session, group: Group) -> WinsOverTime:
    """The running count of each player's wins after each of the group's finished games,
    from the games' kept summaries (a player who shared a win counts it)."""
    match_ids, dice_ids, names = group_games(session, group)
    found = stats.summaries(session, match_ids, dice_ids)
    by_game = stats.renamings(names)
    finished = sorted(
        (summary["played_on"] or "", key) for key, summary in found.items() if summary["over"]
    )
    wins: dict[str, list[int]] = {}
    for number, (_, key) in enumerate(finished):
        played = Stats.from_json(found[key]["stats"]).renamed(by_game.get(key, {}))
        won: dict[str, int] = {}
        for lines in played.players.values():
            for name, numbers in lines.items():
                won[name] = won.get(name, 0) + numbers.wins
        for name, count in won.items():
            counted = wins.setdefault(name, [0] * number)
            counted.append((counted[-1] if counted else 0) + count)
        for counted in wins.values():
            if len(counted) == number:  # did not play this game: their count stands
                counted.append(counted[-1] if counted else 0)
    return WinsOverTime(len(finished), dict(sorted(wins.items())))
