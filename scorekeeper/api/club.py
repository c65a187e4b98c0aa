"""JSON API v1, club night (shared/API.md "Club night"): a night's schedule and its standings,
both stateless."""

from __future__ import annotations

from typing import Any

from flask import Response, jsonify

from ..rules import (
    CLUB_MAX_PLAYERS,
    ClubRound,
    PlayedRound,
    PlayedTable,
    RuleError,
    Standing,
    club_schedule,
    club_standings,
)
from .blueprint import bp, posted_json, refuse_unknown

_SCHEDULE_FIELDS = {"players", "rounds", "format", "teams", "seed"}
_STANDINGS_FIELDS = {"ranking", "tiebreaks", "byes", "rounds"}
_ROUND_FIELDS = {"round", "tables", "sitting_out"}
_TABLE_FIELDS = {"table", "sides", "scores"}
# A seed is any whole number JSON can carry; past this it is no longer a seed but a typo.
_SEED_LIMIT = 2**63


def _body(fields: set[str]) -> dict[str, Any]:
    body = posted_json()
    if not isinstance(body, dict):
        raise RuleError("the body must be a JSON object")
    refuse_unknown(body, fields)
    return body


def _whole(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RuleError(f"{what} must be a whole number")
    return value


def _names(value: Any, what: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(name, str) for name in value):
        raise RuleError(f"{what} must be a list of names")
    return value


def _side(value: Any, where: str) -> tuple[str, str]:
    names = _names(value, f"{where}: a side")
    if len(names) != 2:
        raise RuleError(f"{where}: a side is two players")
    return names[0].strip(), names[1].strip()


@bp.post("/club/schedule")
def club_schedule_drawn() -> Response:
    """A club night's rounds: who sits with whom at which table, and who sits out."""
    body = _body(_SCHEDULE_FIELDS)
    if "players" not in body or "rounds" not in body:
        raise RuleError("a schedule needs players and rounds")
    players = _names(body["players"], "players")
    if len(players) > CLUB_MAX_PLAYERS:
        raise RuleError(f"a club night seats at most {CLUB_MAX_PLAYERS} players")
    rounds = _whole(body["rounds"], "rounds")
    format = body.get("format", "rotating")
    if not isinstance(format, str):
        raise RuleError("format must be rotating or fixed")
    teams = body.get("teams")
    if teams is not None:
        if not isinstance(teams, list) or len(teams) > CLUB_MAX_PLAYERS:
            raise RuleError("teams must be a list of teams, each a list of two names")
        teams = [_names(team, f"team {number}") for number, team in enumerate(teams, 1)]
    seed = body.get("seed")
    if seed is not None and abs(_whole(seed, "seed")) > _SEED_LIMIT:
        raise RuleError(f"seed must be a whole number from {-_SEED_LIMIT} to {_SEED_LIMIT}")
    night = club_schedule(players, rounds, format, teams, seed)
    return jsonify(rounds=[_round_json(played) for played in night])


def _round_json(played: ClubRound) -> dict[str, Any]:
    return {
        "round": played.round,
        "tables": [
            {"table": table.table, "sides": [list(side) for side in table.sides]}
            for table in played.tables
        ],
        "sitting_out": list(played.sitting_out),
    }


def _played_round(data: Any, number: int) -> PlayedRound:
    """One round of a standings request, read with its position for the sentences."""
    where = f"round {number}"
    if not isinstance(data, dict):
        raise RuleError(f"{where} must be an object with tables")
    refuse_unknown(data, _ROUND_FIELDS, "a round", where=f"{where}: ")
    if "round" in data:
        number = _whole(data["round"], f"{where}: round")
        where = f"round {number}"
    tables = data.get("tables", [])
    if not isinstance(tables, list):
        raise RuleError(f"{where}: tables must be a list")
    played = []
    for table in tables:
        if not isinstance(table, dict) or set(table) - _TABLE_FIELDS:
            raise RuleError(f"{where}: a table is an object with sides and scores")
        sides = table.get("sides")
        scores = table.get("scores")
        if not isinstance(sides, list) or len(sides) != 2:
            raise RuleError(f"{where}: a table has two sides of two players")
        if not isinstance(scores, list) or len(scores) != 2:
            raise RuleError(f"{where}: a table has a score for each side")
        played.append(
            PlayedTable(
                (_side(sides[0], where), _side(sides[1], where)),
                (_whole(scores[0], f"{where}: a score"), _whole(scores[1], f"{where}: a score")),
            )
        )
    sitting_out = [
        name.strip() for name in _names(data.get("sitting_out", []), f"{where}: sitting_out")
    ]
    return PlayedRound(number, tuple(played), tuple(name.strip() for name in sitting_out))


def _standing_json(standing: Standing, key: str) -> dict[str, Any]:
    return {
        "rank": standing.rank,
        key: standing.names[0] if key == "name" else list(standing.names),
        "played": standing.played,
        "wins": standing.wins,
        "losses": standing.losses,
        "ties": standing.ties,
        "match_points": standing.match_points,
        "points": standing.points,
    }


@bp.post("/club/standings")
def club_standings_ranked() -> Response:
    """The players and partnerships ranked after the rounds sent."""
    body = _body(_STANDINGS_FIELDS)
    rounds = body.get("rounds")
    if not isinstance(rounds, list):
        raise RuleError("rounds must be a list of the rounds played")
    tiebreaks = body.get("tiebreaks", [])
    if not isinstance(tiebreaks, list) or not all(isinstance(t, str) for t in tiebreaks):
        raise RuleError("tiebreaks must be a list of tiebreak names")
    ranking, byes = body.get("ranking", "wins"), body.get("byes", "none")
    if not isinstance(ranking, str) or not isinstance(byes, str):
        raise RuleError("ranking and byes are names (see the API's club night)")
    played = [_played_round(data, number) for number, data in enumerate(rounds, start=1)]
    standings = club_standings(played, ranking, tiebreaks, byes)
    return jsonify(
        players=[_standing_json(standing, "name") for standing in standings.players],
        partnerships=[_standing_json(standing, "players") for standing in standings.partnerships],
    )
