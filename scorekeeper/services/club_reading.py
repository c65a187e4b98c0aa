"""Club nights as their pages read them (issue 25): a night found by its link, who is here
for a round, the rounds drawn, each table's state, the standings over the locked tables,
the banner a table's match page shows and a player's night. services.club holds the
writes."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session, selectinload

from ..models import (
    ClubNight,
    ClubNightPlayer,
    ClubNightRound,
    ClubNightTable,
    Match,
    looks_like_token,
)
from ..rules import (
    ClubRound,
    ClubTable,
    PlayedRound,
    PlayedTable,
    Standings,
    club_redraw,
    club_schedule,
    club_standings,
    said,
)
from ..rules.pinochle import Ledger
from .club_tables import table_of_match
from .errors import NotFound
from .matches import match_preset, replay_entries

NOT_FOUND = said("There is no club night at this address: ask the host for the link again.")
NOT_AT_THE_NIGHT = said("That player is not at this night.")


def now() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


def find_night(session: Session, token: str, view: bool = False) -> ClubNight:
    """The night a link opens: the host's, or (``view``) everyone's; NotFound otherwise."""
    if not looks_like_token(token):
        raise NotFound(NOT_FOUND)
    column = ClubNight.view_token if view else ClubNight.host_token
    night = session.execute(
        select(ClubNight)
        .where(column == token)
        .options(
            selectinload(ClubNight.players),
            selectinload(ClubNight.played_rounds)
            .selectinload(ClubNightRound.tables)
            .selectinload(ClubNightTable.match)
            .selectinload(Match.hands),
        )
    ).scalar_one_or_none()
    if night is None:
        raise NotFound(NOT_FOUND)
    return night


def here_for(night: ClubNight, number: int) -> list[ClubNightPlayer]:
    """The players at the night for round ``number``: come by then, not gone home."""
    return [
        player
        for player in night.players
        if player.joined_round <= number
        and (player.left_after is None or player.left_after >= number)
    ]


def _teams(players: Sequence[ClubNightPlayer]) -> list[list[str]]:
    by_team: dict[int, list[str]] = {}
    for player in players:
        by_team.setdefault(player.team or 0, []).append(player.name)
    return [by_team[number] for number in sorted(by_team)]


def table_sides(match: Match) -> tuple[tuple[str, str], tuple[str, str]]:
    """A table's two partnerships, from its match's seats (partners sit across)."""
    seats = match.player_names
    return (seats[0], seats[2]), (seats[1], seats[3])


def played(night: ClubNight) -> list[ClubRound]:
    """The rounds started, as they were drawn (their tables' seats)."""
    return [
        ClubRound(
            started.number,
            tuple(ClubTable(table.table, table_sides(table.match)) for table in started.tables),
            tuple(started.sitting_out),
        )
        for started in night.played_rounds
    ]


def schedule(night: ClubNight) -> tuple[ClubRound, ...]:
    """Every round of the night: those started as they were, then those still to play,
    drawn for the players here now (again, when someone came late or went home)."""
    done = played(night)
    next_round = len(done) + 1
    if next_round > night.rounds:
        return tuple(done)
    unchanged = all(p.joined_round == 1 and p.left_after is None for p in night.players)
    teams = _teams(night.players) if night.format == "fixed" else None
    if unchanged:
        names = [player.name for player in night.players]
        drawn = club_schedule(names, night.rounds, night.format, teams, night.seed)
        return (*done, *drawn[len(done) :])
    here = here_for(night, next_round)
    teams = _teams(here) if night.format == "fixed" else None
    names = [player.name for player in here]
    return (*done, *club_redraw(names, done, night.rounds, night.format, teams, night.seed))


@dataclass(frozen=True)
class TableState:
    """A table as the host and the players see it: its match, its sides and scores, and
    where its result stands."""

    table: ClubNightTable
    sides: tuple[tuple[str, str], tuple[str, str]]
    totals: tuple[int, ...]
    hands: int
    ended: bool  # the round is over for this table: its result may be confirmed
    why_ended: str  # "won", "hands", "time" or "" (still playing)

    @property
    def status(self) -> str:
        """ "locked", "confirming" (ended, waiting for a confirmation) or "playing"."""
        if self.table.locked:
            return "locked"
        return "confirming" if self.ended else "playing"

    @property
    def result(self) -> str:
        """The result a side confirms, as its page shows it: hands played and the totals."""
        return ":".join(str(n) for n in (self.hands, *self.totals))


def round_ends_at(night: ClubNight, started: ClubNightRound) -> datetime | None:
    """When a timed round's time is up (the hand in progress is still finished)."""
    if night.round_end != "minutes":
        return None
    return started.started_at + timedelta(minutes=night.round_end_value or 0)


def table_state(
    night: ClubNight, started: ClubNightRound, table: ClubNightTable, ledger: Ledger | None = None
) -> TableState:
    """Where one table stands now (its match replayed unless ``ledger`` is given)."""
    match = table.match
    if ledger is None:
        ledger = replay_entries(match, match_preset(match), [h.entries() for h in match.hands])
    hands = len(ledger.rows)
    why = ""
    if ledger.winner is not None:
        why = "won"
    elif night.round_end == "hands" and hands >= (night.round_end_value or 0):
        why = "hands"
    elif night.round_end == "minutes" and now() >= round_ends_at(night, started):
        why = "time"
    return TableState(table, table_sides(match), ledger.totals, hands, bool(why), why)


def current_round(night: ClubNight) -> ClubNightRound | None:
    """The round started last, if any."""
    return night.played_rounds[-1] if night.played_rounds else None


def night_standings(night: ClubNight) -> Standings:
    """The standings over the locked tables (a result both sides confirmed, or the host
    locked), with the byes of every round started."""
    rounds = []
    for started in night.played_rounds:
        tables = tuple(
            PlayedTable(state.sides, (state.totals[0], state.totals[1]))
            for table in started.tables
            if table.locked and (state := table_state(night, started, table))
        )
        rounds.append(PlayedRound(started.number, tables, tuple(started.sitting_out)))
    return club_standings(rounds, night.ranking, night.tiebreaks, night.byes)


@dataclass(frozen=True)
class TableBanner:
    """What a club table's match page says of the night: which night, round and table,
    how the round ends, and where the table's result stands."""

    night: ClubNight
    round: ClubNightRound
    state: TableState

    @property
    def ends_at(self) -> datetime | None:
        """When a timed round's time is up."""
        return round_ends_at(self.night, self.round)


def banner(session: Session, match: Match | Any, ledger: Ledger) -> TableBanner | None:
    """The club night a match is a table of, as its page shows it; None for any other.

    A match read for a page (services.matches.read_match) says already whether it is a
    club table (``club_table_id``): an ordinary match's page costs no query more."""
    if getattr(match, "club_table_id", 0) is None:
        return None
    table = table_of_match(session, match.id)
    if table is None:
        return None
    return TableBanner(
        table.round.night, table.round, table_state(table.round.night, table.round, table, ledger)
    )


@dataclass(frozen=True)
class PlayerRound:
    """One round of a player's night: their table, partner, opponents and the score."""

    round: int
    table: int | None  # None: they sat out
    partner: str | None
    opponents: tuple[str, ...]
    own: int | None
    other: int | None
    status: str


def player_night(night: ClubNight, player_id: Any) -> tuple[ClubNightPlayer, list[PlayerRound]]:
    """A player's night round by round: where they sat, with whom, against whom, the score."""
    player = next((p for p in night.players if p.id == player_id), None)
    if player is None:
        raise NotFound(NOT_AT_THE_NIGHT)
    rounds = []
    for started in night.played_rounds:
        line = PlayerRound(started.number, None, None, (), None, None, "sat out")
        for table in started.tables:
            state = table_state(night, started, table)
            for side, (pair, other) in enumerate(zip(state.sides, state.sides[::-1], strict=True)):
                if player.name in pair:
                    partner = pair[1] if pair[0] == player.name else pair[0]
                    line = PlayerRound(
                        started.number,
                        table.table,
                        partner,
                        other,
                        state.totals[side],
                        state.totals[1 - side],
                        state.status,
                    )
        if line.table is not None or player.name in started.sitting_out:
            rounds.append(line)
    return player, rounds
