"""Club nights: many tables over several rounds, by a host link, a view link, and each
table's own match link (issue 25).

A night stores what the host chose, who came (and when they came or went), the rounds
started and each round's tables; every table is an ordinary match, played on its own link
like any other. The rounds still to play and the standings are derived: the schedule from
rules/club.py (drawn again, for the rounds not yet played, when someone comes late or goes
home), the standings from the locked tables' totals.

A table's result is locked when both sides have confirmed it on a phone (or the host locks
it); a locked match takes no more writes until the host unlocks it. A change to a table's
hands takes back any confirmation given before it. Every write on a night first moves the
night's version (one at a time, as a group's writes are), and a write from a page drawn
at an older version is refused with a Conflict.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from ..models import (
    ClubNight,
    ClubNightPlayer,
    ClubNightRound,
    ClubNightTable,
    Group,
    GroupGame,
    GroupPlayer,
    GroupSeat,
    Match,
    RuleSet,
    looks_like_token,
)
from ..rules import (
    CLUB_BYES,
    CLUB_FORMATS,
    CLUB_RANKINGS,
    CLUB_TIEBREAKS,
    PRESETS,
    Preset,
    RuleError,
    club_schedule,
    get_preset,
    said,
    with_rules,
)
from ..rules.text import name_problem
from .club_reading import (
    NOT_AT_THE_NIGHT,
    TableState,
    current_round,
    find_night,
    now,
    schedule,
    table_state,
)
from .club_tables import table_of_match
from .errors import Conflict, NotFound, ServiceError
from .groups import folded, mark_retired, player_named
from .hands import clear_hands, start_match
from .matches import load_match
from .rule_sets import device_rule_sets
from .writes import bump_version, checked_version, claim_version, refusal_writes_nothing

ROUND_ENDS = ("target", "hands", "minutes")
# A round of a few hands is a round; past these it is a night of its own.
MOST_HANDS = 100
MOST_MINUTES = 300
SEED_RANGE = 1_000_000


# ---------------------------------------------------------------------------- starting


def start_night(
    session: Session,
    *,
    name: Any,
    players: Sequence[str],
    format: str,
    rounds: int,
    game: str,
    house_rules: dict[str, Any] | None = None,
    teams: Sequence[Sequence[str]] | None = None,
    round_end: str = "target",
    round_end_value: int | None = None,
    ranking: str = "wins",
    tiebreaks: Sequence[str] = ("points",),
    byes: str = "winners_average",
    seed: int | None = None,
    group: Group | None = None,
) -> ClubNight:
    """Store a new club night (RuleError, naming the field, if it cannot be played).

    ``game`` is a game's name, or a saved rule set's token: its game with its house rules
    (``house_rules`` typed for the night go over them). Started from a ``group``, its
    players are the group's: a name typed that is not on the roster joins it, and every
    table's match goes into the group's games."""
    if game not in PRESETS:
        rule_set = night_rule_set(session, game)
        if rule_set is None:
            raise RuleError(said("Pick one of the games or rule sets shown."), "game")
        game, house_rules = rule_set.game, {**rule_set.house_rules, **(house_rules or {})}
    title = name.strip() if isinstance(name, str) else ""
    if not title:
        raise RuleError(said("Type a name for the night, such as Tuesday pinochle."), "name")
    problem = name_problem(title)
    if problem:
        raise RuleError(problem, "name")
    preset = checked_settings(
        game, house_rules, format, round_end, round_end_value, ranking, tiebreaks, byes
    )
    seed = random.randrange(SEED_RANGE) if seed is None else seed
    try:
        # Drawn once now, so a night that cannot be drawn is refused before it is stored.
        club_schedule(players, rounds, format, teams if format == "fixed" else None, seed)
    except RuleError as error:
        field = "teams" if "team" in error.reason else "players"
        raise RuleError(error.reason, field) from None
    names = [player.strip() for player in players]
    team_of = _team_numbers(names, teams) if format == "fixed" else {}
    night = ClubNight(
        name=title,
        game=preset.name,
        house_rules=dict(house_rules or {}),
        format=format,
        rounds=rounds,
        round_end=round_end,
        round_end_value=round_end_value if round_end != "target" else None,
        ranking=ranking,
        tiebreaks=list(tiebreaks),
        byes=byes,
        seed=seed,
        players=[
            ClubNightPlayer(name=player, folded=folded(player), team=team_of.get(folded(player)))
            for player in names
        ],
    )
    if group is not None:
        bump_version(session, Group, group.id)
        night.group_id = group.id
        for player in names:
            _on_roster(group, player)
    session.add(night)
    session.commit()
    return night


def night_rule_set(session: Session, token: Any) -> RuleSet | None:
    """The saved rule set of this token if a night can play it (a pinochle game of four
    players in two partnerships), else None."""
    if not (isinstance(token, str) and looks_like_token(token)):
        return None
    rule_set = session.scalars(select(RuleSet).where(RuleSet.token == token)).first()
    if rule_set is None or rule_set.game not in PRESETS:
        return None
    preset = PRESETS[rule_set.game]
    return rule_set if preset.players == 4 and preset.sides == 2 else None


def night_rule_sets(session: Session, device: str | None, also: Any = None) -> list[RuleSet]:
    """The saved rule sets a new night offers: those kept on this phone, and the one a
    link (or the posted form) names, each that a night can play."""
    found = [
        night_rule_set(session, rule_set.token) for rule_set in device_rule_sets(session, device)
    ]
    named = night_rule_set(session, also)
    if named is not None and all(named.id != rule_set.id for rule_set in found if rule_set):
        found.append(named)
    return [rule_set for rule_set in found if rule_set is not None]


def _on_roster(group: Group, name: str) -> GroupPlayer:
    """The group's roster player of this name; someone new joins the roster (a retired
    player comes back)."""
    player = player_named(group, name)
    if player is None:
        player = GroupPlayer(name=name, folded=folded(name))
        group.players.append(player)
    mark_retired(player, False)
    return player


def _into_group(session: Session, night: ClubNight, match: Match, names: Sequence[str]) -> None:
    """A table's match among its night's group's games, each name its roster player's."""
    group = session.get(Group, night.group_id)
    if group is None:
        return
    played = GroupGame(match=match)
    group.games.append(played)
    for name in names:
        played.seats.append(GroupSeat(name=name, player=_on_roster(group, name)))
    bump_version(session, Group, group.id)


def checked_settings(
    game: str,
    house_rules: dict[str, Any] | None,
    format: str,
    round_end: str,
    round_end_value: int | None,
    ranking: str,
    tiebreaks: Sequence[str],
    byes: str,
) -> Preset:
    """The game every table of a night plays, once each of the host's choices is checked
    (RuleError naming the field otherwise): a new night's, or an imported one's."""
    preset = with_rules(get_preset(game), house_rules or {})
    if preset.players != 4 or preset.sides != 2:
        raise RuleError(said("A club night plays a game of four players in two teams."), "game")
    # The choices are the values a form or a file sends (data), not words.
    if format not in CLUB_FORMATS:
        raise RuleError(
            said("format must be one of %(choices)s", choices=", ".join(CLUB_FORMATS)), "format"
        )
    _check_round_end(round_end, round_end_value)
    if ranking not in CLUB_RANKINGS:
        raise RuleError(
            said("ranking must be one of %(choices)s", choices=", ".join(CLUB_RANKINGS)), "ranking"
        )
    if any(tiebreak not in CLUB_TIEBREAKS for tiebreak in tiebreaks):
        raise RuleError(
            said("a tiebreak must be one of %(choices)s", choices=", ".join(CLUB_TIEBREAKS)),
            "tiebreaks",
        )
    if byes not in CLUB_BYES:
        raise RuleError(
            said("byes must be one of %(choices)s", choices=", ".join(CLUB_BYES)), "byes"
        )
    return preset


def _check_round_end(round_end: str, value: int | None) -> None:
    if round_end not in ROUND_ENDS:
        raise RuleError(
            said("a round ends at one of %(choices)s", choices=", ".join(ROUND_ENDS)), "round_end"
        )
    if round_end == "hands" and not (isinstance(value, int) and 1 <= value <= MOST_HANDS):
        raise RuleError(
            said(
                "A round of hands plays from %(fewest)s to %(most)s hands.",
                fewest=1,
                most=MOST_HANDS,
            ),
            "round_end_value",
        )
    if round_end == "minutes" and not (isinstance(value, int) and 5 <= value <= MOST_MINUTES):
        raise RuleError(
            said(
                "A timed round lasts from %(fewest)s to %(most)s minutes.",
                fewest=5,
                most=MOST_MINUTES,
            ),
            "round_end_value",
        )


def _team_numbers(names: list[str], teams: Sequence[Sequence[str]] | None) -> dict[str, int]:
    return {folded(name): number for number, team in enumerate(teams or (), 1) for name in team}


# ----------------------------------------------------------------------------- writes


def _night_for_write(session: Session, token: str, version: Any) -> ClubNight:
    night = find_night(session, token)
    seen = checked_version(version)
    if not claim_version(session, ClubNight, night.id, seen):
        session.rollback()
        raise Conflict(
            said(
                "The host page changed on another phone after this one drew it: look again "
                "and try once more."
            ),
            version=night.version,
        )
    session.expire(night, ["version"])
    return night


@refusal_writes_nothing
def start_round(session: Session, token: str, *, version: Any) -> ClubNightRound:
    """Open the next round: one ordinary match a table, partners as the schedule draws them.

    Refused while a table of the round before has not locked its result."""
    night = _night_for_write(session, token, version)
    started = current_round(night)
    if started is not None:
        waiting = [t.table for t in started.tables if not t.locked]
        if waiting:
            raise ServiceError(
                said(
                    "Round %(round)s is still open: table %(table)s has not confirmed its "
                    "result. Lock it from here, or ask both sides to confirm it.",
                    round=started.number,
                    table=waiting[0],
                )
            )
    number = len(night.played_rounds) + 1
    if number > night.rounds:
        raise ServiceError(said("All %(rounds)s rounds are played.", rounds=night.rounds))
    drawn = schedule(night)[number - 1]
    new = ClubNightRound(number=number, sitting_out=list(drawn.sitting_out))
    night.played_rounds.append(new)
    for table in drawn.tables:
        (a, b), (c, d) = table.sides
        match = start_match(
            session,
            game=night.game,
            house_rules=night.house_rules,
            side_names=[f"{a} & {b}", f"{c} & {d}"],
            player_names=[a, c, b, d],
            first_dealer=0,
            commit=False,
        )
        new.tables.append(ClubNightTable(table=table.table, match=match))
        if night.group_id is not None:
            _into_group(session, night, match, [a, c, b, d])
    session.commit()
    return new


CONFIRM_TRIES = 3  # reads of a table whose version another phone moved meanwhile


@refusal_writes_nothing
def confirm_result(session: Session, match_token: str, side: Any, *, result: Any) -> TableState:
    """One side confirms its table's result on a phone (the table's link); once both
    have, the result is locked. Refused before the round has ended for the table, and
    when the result the page showed (``TableState.result``) is no longer the table's
    (Conflict): the other side's confirmation in between is no reason to refuse."""
    if side not in (0, 1):
        raise RuleError(said("Confirm for one of the table's two sides."), "side")
    for _ in range(CONFIRM_TRIES):
        state = load_match(session, match_token)
        table = table_of_match(session, state.match.id)
        if table is None:
            raise NotFound(said("This match is not a club night's table."))
        night = table.round.night
        now = table_state(night, table.round, table, state.ledger)
        if table.locked:
            return now
        if not now.ended:
            raise ServiceError(said("Confirm the result when the round has ended for this table."))
        if result != now.result:
            raise Conflict(
                said(
                    "The score changed on another phone after this one drew it: check it and "
                    "confirm again."
                ),
                version=state.match.version,
            )
        # The match's version read above is claimed, so the other side confirming at the
        # same moment is not lost: the loser of the race reads again and adds its own.
        if claim_version(session, Match, state.match.id, state.match.version):
            confirmed = list(table.confirmed)
            confirmed[side] = True
            table.confirmed = confirmed
            table.locked = all(confirmed)
            bump_version(session, ClubNight, night.id)  # the host's page and the board
            session.commit()
            return now
        session.rollback()
    raise Conflict(said("Another phone is confirming this table: try again."), version=None)


def _table_for_host(night: ClubNight, table_id: Any) -> tuple[ClubNightRound, ClubNightTable]:
    for started in night.played_rounds:
        for table in started.tables:
            if table.id == table_id:
                return started, table
    raise NotFound(said("That table is not one of this night's."))


@refusal_writes_nothing
def set_locked(
    session: Session, token: str, table_id: Any, locked: bool, *, version: Any
) -> ClubNightTable:
    """The host locks a table's result (a paper sheet, a phone gone flat) or unlocks it
    for a correction (which then needs both sides' confirmations again)."""
    night = _night_for_write(session, token, version)
    _, table = _table_for_host(night, table_id)
    table.locked = locked
    table.confirmed = [locked, locked]
    bump_version(session, Match, table.match_id)
    session.commit()
    return table


@refusal_writes_nothing
def move_table(
    session: Session, token: str, table_id: Any, number: Any, *, version: Any
) -> ClubNightTable:
    """The host gives a table of the current round another table number (its card and
    phones keep working: the match and its link are the same)."""
    night = _night_for_write(session, token, version)
    started, table = _table_for_host(night, table_id)
    if not isinstance(number, int) or not 1 <= number <= 999:
        raise RuleError(
            said("A table number is from %(lowest)s to %(highest)s.", lowest=1, highest=999),
            "table",
        )
    if any(other.table == number for other in started.tables if other is not table):
        raise RuleError(said("Table %(table)s is taken in this round.", table=number), "table")
    table.table = number
    bump_version(session, Match, table.match_id)
    session.commit()
    return table


@refusal_writes_nothing
def restart_round(session: Session, token: str, *, version: Any) -> ClubNightRound:
    """The host starts the current round again: every table of it goes back to hand 1
    (its match, link and table card stay the same). Refused once a table of it has locked
    its result."""
    night = _night_for_write(session, token, version)
    started = current_round(night)
    if started is None:
        raise ServiceError(said("No round has started yet."))
    locked = [t.table for t in started.tables if t.locked]
    if locked:
        raise ServiceError(
            said(
                "Table %(table)s has locked its result: unlock it first to restart the round.",
                table=locked[0],
            )
        )
    for table in started.tables:
        clear_hands(session, table.match)
        table.confirmed = [False, False]
    started.started_at = now()
    session.commit()
    return started


@refusal_writes_nothing
def add_player(
    session: Session, token: str, names: Sequence[str], *, version: Any
) -> list[ClubNightPlayer]:
    """A late arrival (or, in the fixed format, a late team of two) joins from the next
    round; the rounds not yet played are drawn again."""
    night = _night_for_write(session, token, version)
    joining = len(night.played_rounds) + 1
    if joining > night.rounds:
        raise ServiceError(said("Every round is played: nobody can join now."))
    wanted = 2 if night.format == "fixed" else 1
    # The name typed, then (fixed teams) the partner's: each refusal names its own box.
    fields = ("name", "partner")[:wanted]
    typed = [name.strip() if isinstance(name, str) else "" for name in (*names, "", "")][:wanted]
    if not typed[0]:
        raise RuleError(said("Type a name."), "name")
    if wanted == 2 and not typed[1]:
        raise RuleError(
            said("Type %(name)s's partner: a late team is two players.", name=typed[0]),
            "partner",
        )
    taken = {player.folded for player in night.players}
    team = max((p.team or 0 for p in night.players), default=0) + 1 if wanted == 2 else None
    added = []
    for name, field in zip(typed, fields, strict=True):
        problem = name_problem(name)
        if problem:
            raise RuleError(problem, field)
        if folded(name) in taken:
            raise RuleError(said("%(name)s is at the night already.", name=name), field)
        taken.add(folded(name))
        added.append(
            ClubNightPlayer(name=name, folded=folded(name), team=team, joined_round=joining)
        )
    night.players.extend(added)
    _check_drawable(night)
    group = session.get(Group, night.group_id) if night.group_id is not None else None
    if group is not None:
        bump_version(session, Group, group.id)
        for player in added:
            _on_roster(group, player.name)
    session.commit()
    return added


@refusal_writes_nothing
def player_leaves(session: Session, token: str, player_id: Any, *, version: Any) -> None:
    """A player goes home after the rounds started (their team with them, fixed): the
    rounds not yet played are drawn again without them."""
    night = _night_for_write(session, token, version)
    leaving = [p for p in night.players if p.id == player_id and p.left_after is None]
    if not leaving:
        raise NotFound(NOT_AT_THE_NIGHT)
    if night.format == "fixed":
        leaving = [p for p in night.players if p.team == leaving[0].team and p.left_after is None]
    for player in leaving:
        player.left_after = len(night.played_rounds)
    _check_drawable(night)
    session.commit()


def _check_drawable(night: ClubNight) -> None:
    """The rounds still to play can be drawn for who is here now (RuleError if not)."""
    try:
        schedule(night)
    except RuleError as error:
        raise RuleError(error.reason, "name") from None
