"""Statistics of stored games, and the per-game summaries they (and the home page) are
built from: each game's summary is kept with the game's version and replayed again only
once that version moves on."""

from __future__ import annotations

import copy
import threading
from collections import OrderedDict
from collections.abc import Collection, Iterable, Mapping
from typing import Any

from sqlalchemy import and_, or_, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.exc import DBAPIError
from sqlalchemy.orm import Session, selectinload

from ..models import DiceGame, GameSummary, Match
from ..rules import Stats, farkle_stats, pinochle_stats, stats_report, yahtzee_stats
from .dice import FarkleState, farkle_turn, state_of_game
from .matches import players_by_side, state_of

MATCH, DICE = "match", "dice"

# What a summary holds, each kind of game: statistics, and what a home-page line shows.
Summary = dict[str, Any]
Key = tuple[str, int]


def _played_on(rows: list) -> str | None:
    return rows[-1].created_at.isoformat() if rows else None


def match_summary(match: Match) -> Summary:
    """A loaded match replayed into its summary."""
    state = state_of(match)
    ledger = state.ledger
    stats = pinochle_stats(state.preset, players_by_side(state.preset, match.player_names), ledger)
    return {
        "stats": stats.to_json(),
        "totals": list(ledger.totals),
        "winner": ledger.winner,
        "win_reason": ledger.win_reason,
        "next_dealer": ledger.next_dealer,
        "hands": len(ledger.rows),
        "played_on": _played_on(state.hands),
    }


def dice_summary(game: DiceGame) -> Summary:
    """A loaded dice game replayed into its summary."""
    state = state_of_game(game)
    if isinstance(state, FarkleState):
        stats = farkle_stats(state.result, [farkle_turn(turn) for turn in state.turns])
    else:
        cards = [sheet.card for sheet in state.sheets]
        variant = "triple" if game.kind == "triple" else "classic"
        stats = yahtzee_stats(variant, game.player_names, cards, state.standing)
    return {
        "stats": stats.to_json(),
        "totals": list(state.totals),
        "winners": list(state.winners),
        "over": state.over,
        "next_player": state.next_player,
        "turns": len(state.turns),
        "played_on": _played_on(state.turns),
    }


def _kept(session: Session, versions: Mapping[Key, int]) -> dict[Key, Summary]:
    """The kept summaries of these games that are at the game's version (one query)."""
    if not versions:
        return {}
    wanted = [
        and_(GameSummary.kind == kind, GameSummary.game_id.in_(ids))
        for kind in (MATCH, DICE)
        if (ids := [game_id for (k, game_id) in versions if k == kind])
    ]
    rows = session.execute(
        select(
            GameSummary.kind, GameSummary.game_id, GameSummary.version, GameSummary.summary
        ).where(or_(*wanted))
    ).all()
    return {
        (row.kind, row.game_id): row.summary
        for row in rows
        if versions.get((row.kind, row.game_id)) == row.version
    }


def _replayed(session: Session, match_ids: list[int], dice_ids: list[int]) -> dict[Key, tuple]:
    """These games loaded and replayed: (version, summary) by key (two queries a kind)."""
    done: dict[Key, tuple] = {}
    if match_ids:
        matches = session.scalars(
            select(Match).where(Match.id.in_(match_ids)).options(selectinload(Match.hands))
        ).all()
        done |= {(MATCH, m.id): (m.version, match_summary(m)) for m in matches}
    if dice_ids:
        games = session.scalars(
            select(DiceGame).where(DiceGame.id.in_(dice_ids)).options(selectinload(DiceGame.turns))
        ).all()
        done |= {(DICE, g.id): (g.version, dice_summary(g)) for g in games}
    return done


def _keep(session: Session, replayed: Mapping[Key, tuple]) -> None:
    """Keep fresh summaries (one statement). Two readers may keep the same game's at once:
    the second overwrites the first rather than failing on the key. A cache that cannot be
    written is only a cache: the answer stands."""
    if not replayed:
        return
    dialect = session.get_bind().dialect.name
    insert = {"sqlite": sqlite.insert, "postgresql": postgresql.insert}.get(dialect)
    if insert is None:
        return
    statement = insert(GameSummary).values(
        [
            {"kind": kind, "game_id": game_id, "version": version, "summary": summary}
            for (kind, game_id), (version, summary) in replayed.items()
        ]
    )
    statement = statement.on_conflict_do_update(
        index_elements=["kind", "game_id"],
        set_={"version": statement.excluded.version, "summary": statement.excluded.summary},
    )
    try:
        session.execute(statement)
        session.commit()
    except DBAPIError:
        session.rollback()


def summaries_at(session: Session, versions: Mapping[Key, int]) -> dict[Key, Summary]:
    """The summary of each game at the version given (the game's stored version): kept ones
    read, the others replayed and kept. A constant number of queries, however many games."""
    found = _kept(session, versions)
    stale = [key for key in versions if key not in found]
    if stale:
        replayed = _replayed(
            session,
            [game_id for kind, game_id in stale if kind == MATCH],
            [game_id for kind, game_id in stale if kind == DICE],
        )
        _keep(session, replayed)
        found |= {key: summary for key, (_, summary) in replayed.items()}
    return found


def versions_of(
    session: Session, match_ids: Collection[int], dice_game_ids: Collection[int]
) -> dict[Key, int]:
    """Each game's stored version by key; a game that does not exist is left out."""
    versions: dict[Key, int] = {}
    for kind, model, ids in ((MATCH, Match, match_ids), (DICE, DiceGame, dice_game_ids)):
        if ids:
            rows = session.execute(
                select(model.id, model.version).where(model.id.in_(list(ids)))
            ).all()
            versions |= {(kind, row.id): row.version for row in rows}
    return versions


def summaries(
    session: Session, match_ids: Collection[int], dice_game_ids: Collection[int]
) -> dict[Key, Summary]:
    """Each game's summary by ``("match" | "dice", id)``, kept or replayed."""
    return summaries_at(session, versions_of(session, match_ids, dice_game_ids))


def _renamings(names: Mapping[tuple[str, int, str], str] | None) -> dict[Key, dict[str, str]]:
    by_game: dict[Key, dict[str, str]] = {}
    for (kind, game_id, typed), name in (names or {}).items():
        by_game.setdefault((kind, game_id), {})[typed.strip()] = name
    return by_game


def add_up(
    summaries_by_game: Mapping[Key, Summary],
    names: Mapping[tuple[str, int, str], str] | None = None,
) -> Stats:
    """The sum of the games' statistics, each game's players renamed by ``names``."""
    renamings = _renamings(names)
    return sum(
        (
            Stats.from_json(summary["stats"]).renamed(renamings.get(key, {}))
            for key, summary in summaries_by_game.items()
        ),
        Stats(),
    )


class _Answers:
    """Answers already given, by the question and the version of every game it covers:
    asked again with no game changed, the answer is read, not added up again."""

    def __init__(self, size: int = 32) -> None:
        self.size = size
        self.kept: OrderedDict[Any, dict[str, Any]] = OrderedDict()
        self.lock = threading.Lock()

    def get(self, key: Any) -> dict[str, Any] | None:
        with self.lock:
            answer = self.kept.get(key)
            if answer is not None:
                self.kept.move_to_end(key)
            return answer

    def put(self, key: Any, answer: dict[str, Any]) -> None:
        with self.lock:
            self.kept[key] = answer
            self.kept.move_to_end(key)
            while len(self.kept) > self.size:
                self.kept.popitem(last=False)


_answers = _Answers()


def _question(session: Session, versions: Mapping[Key, int], names: Mapping | None) -> Any:
    # The database's address too: two sites in one process number their games alike.
    return (
        session.get_bind().url.render_as_string(hide_password=False),
        frozenset(versions.items()),
        frozenset((names or {}).items()),
    )


def stats_for_games(
    session: Session,
    match_ids: Iterable[int],
    dice_game_ids: Iterable[int],
    names: Mapping[tuple[str, int, str], str] | None = None,
) -> dict[str, Any]:
    """The statistics of these stored games in the API's shape (shared/API.md), each
    player counted under ``names[(kind, game id, typed name)]`` where given."""
    versions = versions_of(session, set(match_ids), set(dice_game_ids))
    question = _question(session, versions, names)
    answer = _answers.get(question)
    if answer is None:
        answer = stats_report(add_up(summaries_at(session, versions), names))
        _answers.put(question, answer)
    return copy.deepcopy(answer)
