"""Statistics of stored games, and the per-game summaries they (and the home page) are
built from: each game's summary is kept with the game's version and replayed again only
once that version moves on."""

from __future__ import annotations

import copy
import json
import threading
from collections import OrderedDict
from collections.abc import Collection, Iterable, Mapping
from typing import Any, NamedTuple

from sqlalchemy import Row, and_, or_, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.exc import DBAPIError
from sqlalchemy.orm import Session

from ..models import DiceGame, DiceTurn, GameSummary, Hand, Match
from ..rules import (
    Preset,
    Stats,
    farkle_stats,
    get_preset,
    meld,
    pinochle_stats,
    player_name,
    read_hand,
    sheet_stats,
    stats_report,
    with_rules,
)
from .dice import FarkleState, farkle_turn, state_of_game
from .matches import (
    SHOWN_HAND,
    SHOWN_HAND_NAMES,
    players_by_side,
    replay_entries,
    shown_hands,
)

MATCH, DICE = "match", "dice"
# The shape of a kept summary: move it on whenever what a summary holds changes, and every
# summary kept before is stale. 2: a player's pinochle numbers end with the bids they took
# themselves (own_bids…), which a summary of format 1 does not hold.
SUMMARY_FORMAT = 2

# What a summary holds, each kind of game: statistics, and what a home-page line shows.
Summary = dict[str, Any]
Key = tuple[str, int]


class StoredDiceGame(NamedTuple):
    """What a dice game's replay reads, as plain rows (cheaper to load than objects)."""

    kind: str
    house_rules: dict[str, Any]
    player_names: list[str]
    turns: list[Row]


def match_summary(match: Match | Row, entries: list[dict[str, Any]], played_on) -> Summary:
    """A match's summary from its hands' entries (in order) and when the last was entered."""
    preset = preset_of(match.game, match.house_rules)
    ledger = replay_entries(match, preset, entries)
    sides = players_by_side(preset, match.player_names)
    stats = pinochle_stats(
        preset,
        sides,
        ledger,
        own_melds(preset, match.player_names, entries),
        bidders(match.player_names, entries),
    )
    return {
        "stats": stats.to_json(),
        "over": ledger.winner is not None,
        "totals": list(ledger.totals),
        "winner": ledger.winner,
        "win_reason": ledger.win_reason,
        "next_dealer": ledger.next_dealer,
        "hands": len(ledger.rows),
        "played_on": None if played_on is None else played_on.isoformat(),
    }


def own_melds(
    preset: Preset, players: list[str], entries: list[dict[str, Any]]
) -> list[dict[str, int]]:
    """For each hand, the meld of each player whose cards were entered, by name (counted
    under the hand's trump, as the side's meld is)."""
    melds = []
    for hand_entries in entries:
        cards = hand_entries.get("cards") or ()
        melds.append(
            {
                player_name(players[seat]): meld(
                    read_hand(held, preset, partial=True), hand_entries["trump"], preset
                ).total
                for seat, held in enumerate(cards)
                if held
            }
        )
    return melds


def bidders(players: list[str], entries: list[dict[str, Any]]) -> list[str | None]:
    """For each hand, the name of the player who took the bid, from the seat stored with
    it (None where no seat is stored: all passed, two-handed, a nines redeal)."""
    return [
        None if hand["bidder"] is None or hand["redeal"] else players[hand["bidder"]]
        for hand in entries
    ]


_PRESETS: dict[tuple[str, str], Preset] = {}


def preset_of(game: str, house_rules: Mapping[str, Any]) -> Preset:
    """The match's preset with its house rules, built once for each set of house rules."""
    key = (game, json.dumps(house_rules, sort_keys=True))
    preset = _PRESETS.get(key)
    if preset is None:
        if len(_PRESETS) > 256:
            _PRESETS.clear()
        preset = _PRESETS[key] = with_rules(get_preset(game), house_rules)
    return preset


def dice_summary(game: DiceGame | StoredDiceGame) -> Summary:
    """A loaded dice game replayed into its summary."""
    state = state_of_game(game)
    if isinstance(state, FarkleState):
        stats = farkle_stats(state.result, [farkle_turn(turn) for turn in state.turns])
    else:
        cards = [sheet.card for sheet in state.sheets]
        stats = sheet_stats(game.kind, game.player_names, cards, state.standing)
    return {
        "stats": stats.to_json(),
        "totals": list(state.totals),
        "winners": list(state.winners),
        "over": state.over,
        "next_player": state.next_player,
        "turns": len(state.turns),
        "played_on": state.turns[-1].created_at.isoformat() if state.turns else None,
    }


def _kept(session: Session, versions: Mapping[Key, int], line: bool = True) -> dict[Key, Summary]:
    """The kept summaries of these games that are at the game's version (one query);
    without ``line``, their statistics only."""
    if not versions:
        return {}
    wanted = [
        and_(GameSummary.kind == kind, GameSummary.game_id.in_(ids))
        for kind in (MATCH, DICE)
        if (ids := [game_id for (k, game_id) in versions if k == kind])
    ]
    parts = [GameSummary.stats, *([GameSummary.line] if line else [])]
    rows = session.execute(
        select(GameSummary.kind, GameSummary.game_id, GameSummary.version, *parts).where(
            or_(*wanted), GameSummary.format == SUMMARY_FORMAT
        )
    ).all()
    return {
        (row.kind, row.game_id): {**(row.line if line else {}), "stats": row.stats}
        for row in rows
        if versions.get((row.kind, row.game_id)) == row.version
    }


_MATCH_COLUMNS = [
    Match.id,
    Match.version,
    Match.game,
    Match.house_rules,
    Match.side_names,
    Match.player_names,
    Match.first_dealer,
]
_TURN_COLUMNS = [
    DiceTurn.game_id,
    DiceTurn.player,
    DiceTurn.dice,
    DiceTurn.box,
    DiceTurn.column,
    DiceTurn.first_throw,
    DiceTurn.throws_used,
    DiceTurn.throws,
    DiceTurn.total,
    DiceTurn.farkle,
    DiceTurn.created_at,
]


def _replayed(session: Session, match_ids: list[int], dice_ids: list[int]) -> dict[Key, tuple]:
    """These games read as plain rows and replayed: (version, summary) by key (two queries
    a kind, however many games)."""
    done: dict[Key, tuple] = {}
    if match_ids:
        matches = session.execute(select(*_MATCH_COLUMNS).where(Match.id.in_(match_ids))).all()
        entries: dict[int, list] = {match.id: [] for match in matches}
        played_on = {}
        rows = session.execute(
            select(Hand.match_id, Hand.created_at, *SHOWN_HAND)
            .where(Hand.match_id.in_(match_ids))
            .order_by(Hand.match_id, Hand.position)
        ).all()
        for row, hand in zip(rows, shown_hands([row[2:] for row in rows]), strict=True):
            # Plain dicts: a row's own mapping is several times slower to read.
            entries[row[0]].append(dict(zip(SHOWN_HAND_NAMES, hand, strict=True)))
            played_on[row[0]] = row[1]
        done |= {
            (MATCH, m.id): (m.version, match_summary(m, entries[m.id], played_on.get(m.id)))
            for m in matches
        }
    if dice_ids:
        games = session.execute(
            select(
                DiceGame.id,
                DiceGame.version,
                DiceGame.kind,
                DiceGame.house_rules,
                DiceGame.player_names,
            ).where(DiceGame.id.in_(dice_ids))
        ).all()
        turns: dict[int, list] = {game.id: [] for game in games}
        for turn in session.execute(
            select(*_TURN_COLUMNS)
            .where(DiceTurn.game_id.in_(dice_ids))
            .order_by(DiceTurn.game_id, DiceTurn.position)
        ):
            turns[turn.game_id].append(turn)
        done |= {
            (DICE, g.id): (
                g.version,
                dice_summary(StoredDiceGame(g.kind, g.house_rules, g.player_names, turns[g.id])),
            )
            for g in games
        }
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
    statement = insert(GameSummary)
    excluded = statement.excluded
    statement = statement.on_conflict_do_update(
        index_elements=["kind", "game_id"],
        set_={name: excluded[name] for name in ("version", "format", "over", "line", "stats")},
    )
    # Executed for many rows at once: the statement is compiled once and kept by
    # SQLAlchemy, however many games are kept, rather than once for each count of rows.
    rows = [
        {
            "kind": kind,
            "game_id": game_id,
            "version": version,
            "format": SUMMARY_FORMAT,
            "over": summary["over"],
            "line": {name: value for name, value in summary.items() if name != "stats"},
            "stats": summary["stats"],
        }
        for (kind, game_id), (version, summary) in replayed.items()
    ]
    try:
        session.execute(statement, rows)
        session.commit()
    except DBAPIError:
        session.rollback()


def summaries_at(
    session: Session, versions: Mapping[Key, int], line: bool = True
) -> dict[Key, Summary]:
    """The summary of each game at the version given (the game's stored version): kept ones
    read, the others replayed and kept. A constant number of queries, however many games.
    Without ``line``, a kept summary is read for its statistics only."""
    found = _kept(session, versions, line)
    stale = [key for key in versions if key not in found]
    if stale:
        found |= refreshed(session, stale)
    return found


def refreshed(session: Session, keys: Iterable[Key]) -> dict[Key, Summary]:
    """These games replayed now and their summaries kept (four queries and one write)."""
    keys = list(keys)
    replayed = _replayed(
        session,
        [game_id for kind, game_id in keys if kind == MATCH],
        [game_id for kind, game_id in keys if kind == DICE],
    )
    _keep(session, replayed)
    return {key: summary for key, (_, summary) in replayed.items()}


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


def renamings(names: Mapping[tuple[str, int, str], str] | None) -> dict[Key, dict[str, str]]:
    """``names`` by game: for each game's key, its typed names (trimmed) and who they are."""
    by_game: dict[Key, dict[str, str]] = {}
    for (kind, game_id, typed), name in (names or {}).items():
        by_game.setdefault((kind, game_id), {})[typed.strip()] = name
    return by_game


def add_up(
    summaries_by_game: Mapping[Key, Summary],
    names: Mapping[tuple[str, int, str], str] | None = None,
) -> Stats:
    """The sum of the games' statistics, each game's players renamed by ``names``."""
    by_game = renamings(names)
    return sum(
        (
            Stats.from_json(summary["stats"]).renamed(by_game.get(key, {}))
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
        answer = stats_report(add_up(summaries_at(session, versions, line=False), names))
        _answers.put(question, answer)
    return copy.deepcopy(answer)


def kept_summary_of(kind: str, game_id):
    """The join condition to a game's kept summary of the current format (``game_id``: the
    game's id column, to join each game a query reads)."""
    return and_(
        GameSummary.kind == kind,
        GameSummary.game_id == game_id,
        GameSummary.format == SUMMARY_FORMAT,
    )
