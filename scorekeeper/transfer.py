"""Players' data through the site and the command line: downloads of a match's ledger and
a dice game's score sheets (CSV) and of a match, dice game, saved rule set, group or club
night (JSON), and the `flask export`, `flask import` and `flask backup` commands. The work
itself is done by services.export and services.imports.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import click
from flask import Blueprint, current_app
from werkzeug.wrappers import Response

from .extensions import db
from .i18n import plain
from .models import ClubNight, DiceGame, Group, Match, RuleSet
from .services import club_reading, groups, matches, rule_sets
from .services.dice import DiceState, load_game
from .services.errors import NotFound
from .services.export import (
    BackupFailed,
    backup,
    club_nights_where,
    dice_games_where,
    document,
    dumps,
    group_with_games,
    groups_where,
    matches_where,
    night_matches,
    one_snapshot,
    rule_sets_where,
    write_replacing,
)
from .services.imports import ImportRefused, import_document, read_document
from .services.matches import MatchState
from .services.spreadsheets import dice_scores_csv, dice_scores_name, download_name, ledger_csv

bp = Blueprint("transfer", __name__, cli_group=None)


# ============================================================================ downloads


def _download(body: bytes, mimetype: str, filename: str) -> Response:
    response = Response(body, mimetype=mimetype)
    response.headers.set("Content-Disposition", "attachment", filename=filename)
    # The JSON holds the match's links: no cache along the way may keep a copy.
    response.headers["Cache-Control"] = "no-store"
    return response


def _json_download(doc: dict[str, Any], filename: str) -> Response:
    return _download(dumps(doc).encode(), "application/json", filename)


def _csv_download(state: MatchState) -> Response:
    name = download_name("ledger", state.match.created_at, state.sides, "csv")
    # The CSV's headings and words in the phone's language; its numbers plain digits.
    return _download(ledger_csv(state, plain), "text/csv", name)


@bp.get("/matches/<token:token>/export.json")
def match_json(token: str) -> Response:
    """The match as a JSON document `flask import` reads back; it holds both links."""
    found = matches_where(db.session, Match.edit_token == token)
    if not found:
        raise NotFound()
    match = found[0]
    return _json_download(
        document([match], []), download_name("match", match.created_at, match.side_names, "json")
    )


@bp.get("/matches/<token:token>/ledger.csv")
def match_ledger_csv(token: str) -> Response:
    """The match's ledger for a spreadsheet, from its edit link."""
    return _csv_download(matches.load_match(db.session, token))


@bp.get("/matches/watch/<token:token>/ledger.csv")
def watch_ledger_csv(token: str) -> Response:
    """The match's ledger for a spreadsheet, from its view link (it shows no link)."""
    return _csv_download(matches.load_match(db.session, token, view=True))


def _dice_csv_download(state: DiceState) -> Response:
    return _download(dice_scores_csv(state, plain), "text/csv", dice_scores_name(state))


@bp.get("/dice/<token:token>/scores.csv")
def dice_scores(token: str) -> Response:
    """Every player's score sheet for a spreadsheet, from the game's edit link."""
    return _dice_csv_download(load_game(db.session, token))


@bp.get("/dice/watch/<token:token>/scores.csv")
def watch_dice_scores(token: str) -> Response:
    """Every player's score sheet for a spreadsheet, from the view link (it shows no link)."""
    return _dice_csv_download(load_game(db.session, token, view=True))


@bp.get("/dice/<token:token>/export.json")
def dice_game_json(token: str) -> Response:
    """The dice game as a JSON document `flask import` reads back."""
    found = dice_games_where(db.session, DiceGame.token == token)
    if not found:
        raise NotFound()
    game = found[0]
    name = download_name(game.kind, game.created_at, game.player_names, "json")
    return _json_download(document([], [game]), name)


@bp.get("/rules/<token:token>/export.json")
def rule_set_json(token: str) -> Response:
    """The saved rule set as a JSON document `flask import` reads back."""
    rule_set = rule_sets.find_rule_set(db.session, token)
    name = download_name("rules", rule_set.created_at, [rule_set.name], "json")
    return _json_download(document([], [], [rule_set]), name)


@bp.get("/groups/<token:token>/export.json")
def group_json(token: str) -> Response:
    """The group, its roster and every game of it as a JSON document `flask import` reads
    back; it holds the group's and the games' links."""
    group = groups.find_group(db.session, token)
    found, games = group_with_games(db.session, group)
    name = download_name("group", group.created_at, [group.name], "json")
    return _json_download(
        document(found, games, [], groups_where(db.session, Group.id == group.id)), name
    )


@bp.get("/club/<token:token>/night.json")
def club_night_json(token: str) -> Response:
    """The club night (the host's link only: it holds the host's link) and every table's
    match, as a JSON document `flask import` reads back."""
    night = club_reading.find_night(db.session, token)
    kept = club_nights_where(db.session, ClubNight.id == night.id)
    name = download_name("club-night", night.created_at, [night.name], "json")
    return _json_download(document(night_matches(db.session, night), [], club_nights=kept), name)


# ========================================================================= the commands


@bp.cli.command("export")
@click.option(
    "--match",
    "match_tokens",
    multiple=True,
    metavar="TOKEN",
    help="Only this match, by its edit token (may be given more than once).",
)
@click.option(
    "--dice",
    "dice_tokens",
    multiple=True,
    metavar="TOKEN",
    help="Only this dice game, by its token (may be given more than once).",
)
@click.option(
    "--rules",
    "rule_set_tokens",
    multiple=True,
    metavar="TOKEN",
    help="Only this saved rule set, by its token (may be given more than once).",
)
@click.option(
    "--group",
    "group_tokens",
    multiple=True,
    metavar="TOKEN",
    help="Only this group and its games, by its edit token (may be given more than once).",
)
@click.option(
    "--club-night",
    "night_tokens",
    multiple=True,
    metavar="TOKEN",
    help="Only this club night and its tables' matches, by its host token (may be given "
    "more than once).",
)
@click.option(
    "--output",
    "-o",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Write to this file instead of the standard output.",
)
def export_command(
    match_tokens: tuple[str, ...],
    dice_tokens: tuple[str, ...],
    rule_set_tokens: tuple[str, ...],
    group_tokens: tuple[str, ...],
    night_tokens: tuple[str, ...],
    output: Path | None,
) -> None:
    """Export matches, dice games, saved rule sets, groups and club nights as JSON: every
    one, or those named (a group or a night with its games)."""
    session = db.session
    one_snapshot(session)
    if match_tokens or dice_tokens or rule_set_tokens or group_tokens or night_tokens:
        found = _named(matches_where, Match.edit_token, match_tokens, "match", "edit token")
        games = _named(dice_games_where, DiceGame.token, dice_tokens, "dice game", "token")
        rule_sets = _named(rule_sets_where, RuleSet.token, rule_set_tokens, "rule set", "token")
        kept_groups = _named(groups_where, Group.edit_token, group_tokens, "group", "edit token")
        nights = _named(
            club_nights_where, ClubNight.host_token, night_tokens, "club night", "host token"
        )
        # A group's games and a night's tables go with it, each once.
        for group in kept_groups:
            group_matches, group_games = group_with_games(session, group)
            found += [match for match in group_matches if match not in found]
            games += [game for game in group_games if game not in games]
        for night in nights:
            found += [match for match in night_matches(session, night) if match not in found]
    else:
        found, games = matches_where(session), dice_games_where(session)
        rule_sets = rule_sets_where(session)
        kept_groups = groups_where(session)
        nights = club_nights_where(session)
    text = dumps(document(found, games, rule_sets, kept_groups, nights))
    if output is None:
        click.echo(text, nl=False)
        return
    write_replacing(output, text.encode())
    counts = _counts(len(found), len(games), len(rule_sets), len(kept_groups), len(nights))
    click.echo(f"Exported {counts} to {output}.", err=True)


def _named(where: Any, column: Any, tokens: tuple[str, ...], what: str, key: str) -> list[Any]:
    """The rows (read by ``where``) whose ``column`` holds one of these tokens; a token
    that names none stops the command with a sentence."""
    if not tokens:
        return []
    found = where(db.session, column.in_(tokens))
    missing = set(tokens) - {getattr(row, column.key) for row in found}
    if missing:
        raise click.ClickException(f"No {what} has the {key} {sorted(missing)[0]}.")
    return found


def _count(number: int, one: str, many: str) -> str:
    return f"{number} {one if number == 1 else many}"


def _counts(matches: int, games: int, rule_sets: int, kept_groups: int = 0, nights: int = 0) -> str:
    """How many of each, as a sentence says it (rule sets, groups and club nights only when
    there are some)."""
    said = [_count(matches, "match", "matches"), _count(games, "dice game", "dice games")]
    if rule_sets:
        said.append(_count(rule_sets, "rule set", "rule sets"))
    if kept_groups:
        said.append(_count(kept_groups, "group", "groups"))
    if nights:
        said.append(_count(nights, "club night", "club nights"))
    return ", ".join(said[:-1]) + " and " + said[-1]


@bp.cli.command("import")
@click.argument("file", type=click.File("rb"))
def import_command(file: io.BufferedReader) -> None:
    """Import a JSON export (a file, or - for the standard input): all of it or nothing."""
    try:
        imported = import_document(db.session, read_document(file.read()))
    except ImportRefused as refused:
        raise click.ClickException(str(refused)) from None
    click.echo(f"Imported {_counts(*imported)}.")


@bp.cli.command("backup")
@click.option(
    "--output",
    "-o",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Where to write the copy (default: instance/backups/, named by the time).",
)
def backup_command(output: Path | None) -> None:
    """Copy the database while the site runs: SQLite's backup API, else a JSON export."""
    try:
        where = backup(db.session, Path(current_app.instance_path), output)
    except BackupFailed as failed:
        raise click.ClickException(str(failed)) from None
    click.echo(f"Backed up to {where}.")
