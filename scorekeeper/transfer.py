"""Players' data through the site and the command line: downloads of a match's ledger and
a dice game's score sheets (CSV) and of a match, dice game or saved rule set (JSON), and
the `flask export`, `flask import` and `flask backup` commands. The work itself is done by
services.export and services.imports.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import click
from flask import Blueprint, current_app
from werkzeug.wrappers import Response

from .extensions import db
from .models import DiceGame, Match, RuleSet
from .services import matches, rule_sets
from .services.dice import DiceState, load_game
from .services.errors import NotFound
from .services.export import (
    BackupFailed,
    backup,
    dice_games_where,
    dice_scores_csv,
    dice_scores_name,
    document,
    download_name,
    dumps,
    ledger_csv,
    matches_where,
    one_snapshot,
    rule_sets_where,
    write_replacing,
)
from .services.imports import ImportRefused, import_document, read_document
from .services.matches import MatchState

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
    return _download(ledger_csv(state), "text/csv", name)


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
    return _download(dice_scores_csv(state), "text/csv", dice_scores_name(state))


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
    "--output",
    "-o",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Write to this file instead of the standard output.",
)
def export_command(
    match_tokens: tuple[str, ...],
    dice_tokens: tuple[str, ...],
    rule_set_tokens: tuple[str, ...],
    output: Path | None,
) -> None:
    """Export matches, dice games and saved rule sets as JSON: every one, or those named."""
    session = db.session
    one_snapshot(session)
    if match_tokens or dice_tokens or rule_set_tokens:
        found = matches_where(session, Match.edit_token.in_(match_tokens)) if match_tokens else []
        games = dice_games_where(session, DiceGame.token.in_(dice_tokens)) if dice_tokens else []
        rule_sets = (
            rule_sets_where(session, RuleSet.token.in_(rule_set_tokens)) if rule_set_tokens else []
        )
        missing = set(match_tokens) - {match.edit_token for match in found}
        if missing:
            raise click.ClickException(f"No match has the edit token {sorted(missing)[0]}.")
        missing = set(dice_tokens) - {game.token for game in games}
        if missing:
            raise click.ClickException(f"No dice game has the token {sorted(missing)[0]}.")
        missing = set(rule_set_tokens) - {rule_set.token for rule_set in rule_sets}
        if missing:
            raise click.ClickException(f"No rule set has the token {sorted(missing)[0]}.")
    else:
        found, games = matches_where(session), dice_games_where(session)
        rule_sets = rule_sets_where(session)
    text = dumps(document(found, games, rule_sets))
    if output is None:
        click.echo(text, nl=False)
        return
    write_replacing(output, text.encode())
    click.echo(f"Exported {_counts(len(found), len(games), len(rule_sets))} to {output}.", err=True)


def _count(number: int, one: str, many: str) -> str:
    return f"{number} {one if number == 1 else many}"


def _counts(matches: int, games: int, rule_sets: int) -> str:
    """How many of each, as a sentence says it (rule sets only when there are some)."""
    said = [_count(matches, "match", "matches"), _count(games, "dice game", "dice games")]
    if rule_sets:
        said.append(_count(rule_sets, "rule set", "rule sets"))
    return ", ".join(said[:-1]) + " and " + said[-1]


@bp.cli.command("import")
@click.argument("file", type=click.File("rb"))
def import_command(file: io.BufferedReader) -> None:
    """Import a JSON export (a file, or - for the standard input): all of it or nothing."""
    try:
        stored, games, rule_sets = import_document(db.session, read_document(file.read()))
    except ImportRefused as refused:
        raise click.ClickException(str(refused)) from None
    click.echo(f"Imported {_counts(stored, games, rule_sets)}.")


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
