"""Players' data, out and back in: a match's ledger as CSV for a spreadsheet, matches and
dice games as a JSON document that imports losslessly, and the `flask export`, `flask
import` and `flask backup` commands.

The document holds what was entered and never what is derived: importing it and replaying
the entries through the rules core gives the same ledgers, totals and winners.
"""

from __future__ import annotations

import csv
import io
import json
import os
import re
import sqlite3
import tempfile
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import click
from flask import Blueprint, abort, current_app
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import joinedload
from werkzeug.wrappers import Response

from .dice.forms import KINDS, fewest_players, most_players, rules_of
from .dice.forms import NAME_LENGTH as DICE_NAME_LENGTH
from .dice.routes import replay as replay_dice_game
from .dice.routes import replay_sheet, yahtzee_turn
from .extensions import db
from .matches.forms import NAME_LENGTH
from .matches.routes import MatchState, load_state, replay_entries
from .models import DiceGame, DiceTurn, Hand, Match
from .rules.cards import SUITS
from .rules.errors import RuleError
from .rules.pinochle import Preset, get_preset, with_rules

bp = Blueprint("transfer", __name__, cli_group=None)

FORMAT = "scorekeeper"
VERSION = 1

TURN_ENTRIES = ("position", "player", "dice", "box", "column", "throws", "total", "farkle")


# =========================================================================== the document


def _timestamp(moment: datetime) -> str:
    """A stored time (naive, in UTC) as ISO 8601 that says it is UTC."""
    return moment.replace(tzinfo=UTC).isoformat()


def match_record(match: Match) -> dict[str, Any]:
    """One match as the document holds it: its setup, its links and every hand entered."""
    return {
        "game": match.game,
        "house_rules": match.house_rules,
        "side_names": match.side_names,
        "player_names": match.player_names,
        "first_dealer": match.first_dealer,
        "created_at": _timestamp(match.created_at),
        "edit_token": match.edit_token,
        "view_token": match.view_token,
        "version": match.version,
        "hands": [hand_record(hand) for hand in match.hands],
    }


def hand_record(hand: Hand) -> dict[str, Any]:
    """One hand as the table entered it, with its place and version."""
    return {
        "position": hand.position,
        **hand.entries(),
        "version": hand.version,
        "client_token": hand.client_token,
        "created_at": _timestamp(hand.created_at),
    }


def dice_game_record(game: DiceGame) -> dict[str, Any]:
    """One dice game as the document holds it: its kind, players, rules, link and turns."""
    return {
        "kind": game.kind,
        "player_names": game.player_names,
        "house_rules": game.house_rules,
        "created_at": _timestamp(game.created_at),
        "token": game.token,
        "turns": [
            {
                **{name: getattr(turn, name) for name in TURN_ENTRIES},
                "created_at": _timestamp(turn.created_at),
            }
            for turn in game.turns
        ],
    }


def document(matches: Iterable[Match], dice_games: Iterable[DiceGame]) -> dict[str, Any]:
    """The versioned export document of these matches and dice games."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "exported_at": _timestamp(datetime.now(UTC).replace(tzinfo=None)),
        "matches": [match_record(match) for match in matches],
        "dice_games": [dice_game_record(game) for game in dice_games],
    }


def dumps(doc: dict[str, Any]) -> str:
    """The document as JSON text, readable and in UTF-8 (names stay as typed)."""
    return json.dumps(doc, ensure_ascii=False, indent=2) + "\n"


def one_snapshot() -> None:
    """Read all that follows in this transaction from one moment of the database.

    PostgreSQL needs asking (REPEATABLE READ); call it before the transaction's first query.
    """
    if db.engine.dialect.name == "postgresql":
        db.session.connection(execution_options={"isolation_level": "REPEATABLE READ"})


# Each kind is read in one statement (its children joined), so a match's hands are all from
# one moment even while phones are saving: one statement sees one snapshot.
def matches_where(*conditions: Any) -> list[Match]:
    """Matches with their hands, oldest first."""
    query = db.select(Match).where(*conditions).options(joinedload(Match.hands))
    return list(db.session.execute(query.order_by(Match.id)).unique().scalars())


def dice_games_where(*conditions: Any) -> list[DiceGame]:
    """Dice games with their turns, oldest first."""
    query = db.select(DiceGame).where(*conditions).options(joinedload(DiceGame.turns))
    return list(db.session.execute(query.order_by(DiceGame.id)).unique().scalars())


# ============================================================================ importing


class ImportRefused(ValueError):
    """Why a document cannot be imported, as a sentence; nothing was written."""

    def __init__(self, reason: str):
        super().__init__(f"Nothing was imported: {reason}.")
        self.reason = reason


class _Wrong(Exception):
    """What a field should hold; the record reader names the field and where it is."""


# The largest whole number every database here stores in an integer column.
INT_MAX = 2**31 - 1
TOKEN = re.compile(r"[A-Za-z0-9_-]{16,32}")


def _whole(low: int = 0, high: int = INT_MAX) -> Callable[[Any], int]:
    def read(value: Any) -> int:
        if isinstance(value, int) and not isinstance(value, bool) and low <= value <= high:
            return value
        raise _Wrong(f"a whole number from {low} to {high}")

    return read


def _number(value: Any) -> int:
    # The rules core says which numbers a hand or turn may hold; this only checks the type.
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    raise _Wrong("a whole number")


def _text(longest: int) -> Callable[[Any], str]:
    def read(value: Any) -> str:
        if isinstance(value, str) and len(value) <= longest:
            return value
        raise _Wrong(f"text of at most {longest} characters")

    return read


def _flag(value: Any) -> bool:
    if isinstance(value, bool):
        return value
    raise _Wrong("true or false")


def _token(value: Any) -> str:
    if isinstance(value, str) and TOKEN.fullmatch(value):
        return value
    raise _Wrong("a link token of 16 to 32 letters, digits, - and _")


def _moment(value: Any) -> datetime:
    try:
        moment = datetime.fromisoformat(value)
    except (TypeError, ValueError):
        raise _Wrong("a date and time like 2024-05-01T19:30:00+00:00") from None
    if moment.tzinfo is not None:
        moment = moment.astimezone(UTC).replace(tzinfo=None)
    return moment


def _rules(value: Any) -> dict[str, Any]:
    # Each house rule is checked by the rules core once the game is known.
    if isinstance(value, dict):
        return value
    raise _Wrong("an object of house rules")


def _names(longest: int) -> Callable[[Any], list[str]]:
    def read(value: Any) -> list[str]:
        if isinstance(value, list) and all(
            isinstance(name, str) and 0 < len(name) <= longest for name in value
        ):
            return value
        raise _Wrong(f"a list of names of 1 to {longest} characters")

    return read


def _list_of(read_item: Callable[[Any], Any], what: str) -> Callable[[Any], list[Any]]:
    def read(value: Any) -> list[Any]:
        if not isinstance(value, list):
            raise _Wrong(f"a list of {what}")
        try:
            return [read_item(item) for item in value]
        except _Wrong:
            raise _Wrong(f"a list of {what}") from None

    return read


def _optional(read: Callable[[Any], Any]) -> Callable[[Any], Any]:
    def read_optional(value: Any) -> Any:
        if value is None:
            return None
        try:
            return read(value)
        except _Wrong as wrong:
            raise _Wrong(f"{wrong}, or null") from None

    return read_optional


def _records(value: Any) -> list[Any]:
    if isinstance(value, list):
        return value
    raise _Wrong("a list")


MATCH_FIELDS: dict[str, Callable[[Any], Any]] = {
    "game": _text(40),
    "house_rules": _rules,
    "side_names": _names(NAME_LENGTH),
    "player_names": _names(NAME_LENGTH),
    "first_dealer": _whole(),
    "created_at": _moment,
    "edit_token": _token,
    "view_token": _token,
    "version": _whole(),
    "hands": _records,
}
HAND_FIELDS: dict[str, Callable[[Any], Any]] = {
    "position": _whole(),
    "bidder": _optional(_whole()),
    "bid": _optional(_whole()),
    "all_passed": _flag,
    "trump": _optional(_whole(0, len(SUITS) - 1)),
    "meld": _list_of(_number, "whole numbers"),
    "tricks": _optional(_list_of(_number, "whole numbers")),
    "thrown_in": _flag,
    "no_marriage": _flag,
    "redeal": _flag,
    "turned_nine": _flag,
    "cards": _optional(_list_of(_optional(_text(200)), "cards (text, or null for a player)")),
    "version": _whole(),
    "client_token": _optional(_text(40)),
    "created_at": _moment,
}
DICE_GAME_FIELDS: dict[str, Callable[[Any], Any]] = {
    "kind": _text(10),
    "player_names": _names(DICE_NAME_LENGTH),
    "house_rules": _rules,
    "created_at": _moment,
    "token": _token,
    "turns": _records,
}
DICE_TURN_FIELDS: dict[str, Callable[[Any], Any]] = {
    "position": _whole(),
    "player": _whole(),
    "dice": _optional(_text(10)),
    "box": _optional(_text(20)),
    "column": _optional(_whole(1, 3)),
    "throws": _optional(_list_of(_text(10), "kept dice")),
    "total": _optional(_whole(-INT_MAX, INT_MAX)),
    "farkle": _flag,
    "created_at": _moment,
}


def _shown(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 40 else text[:39] + "…"


def _read_record(
    record: Any, readers: dict[str, Callable[[Any], Any]], where: str, what: str
) -> dict[str, Any]:
    """A record's fields in their stored types, or a refusal naming the field."""
    if not isinstance(record, dict):
        raise ImportRefused(f"{where} must be an object holding {what}'s fields")
    unknown = [name for name in record if name not in readers]
    if unknown:
        raise ImportRefused(f'{where}: "{unknown[0]}" is not a field of {what}')
    missing = [name for name in readers if name not in record]
    if missing:
        raise ImportRefused(f"{where}: {missing[0]} is missing")
    values = {}
    for name, read in readers.items():
        try:
            values[name] = read(record[name])
        except _Wrong as wrong:
            shown = _shown(record[name])
            raise ImportRefused(f"{where}: {name} must be {wrong}, not {shown}") from None
    return values


def _in_order(positions: Sequence[int], where: str, what: str) -> None:
    for number in range(1, len(positions)):
        if positions[number] <= positions[number - 1]:
            raise ImportRefused(
                f"{where}, {what} {number + 1}: position {positions[number]} must come after "
                f"the position before it ({positions[number - 1]}); list {what}s in order"
            )


def _match_preset(fields: dict[str, Any], where: str) -> Preset:
    try:
        preset = with_rules(get_preset(fields["game"]), fields["house_rules"])
    except RuleError as error:
        raise ImportRefused(f"{where}: {error}") from None
    for name, count in (("side_names", preset.sides), ("player_names", preset.players)):
        if len(fields[name]) != count:
            raise ImportRefused(
                f"{where}: {preset.name} needs {count} {name.replace('_', ' ')}, "
                f"not {len(fields[name])}"
            )
    if fields["first_dealer"] >= preset.players:
        raise ImportRefused(
            f"{where}: first_dealer must be a player from 0 to {preset.players - 1}, "
            f"not {fields['first_dealer']}"
        )
    return preset


def _hand(record: Any, where: str, preset: Preset) -> Hand:
    fields = _read_record(record, HAND_FIELDS, where, "a hand")
    if fields["bidder"] is not None and fields["bidder"] >= preset.players:
        raise ImportRefused(
            f"{where}: bidder must be a player from 0 to {preset.players - 1}, "
            f"not {fields['bidder']}"
        )
    if fields["cards"] is not None and len(fields["cards"]) != preset.players:
        raise ImportRefused(
            f"{where}: cards must hold one entry per player ({preset.players}), "
            f"not {len(fields['cards'])}"
        )
    return Hand(**fields)


def read_match(record: Any, number: int) -> Match:
    """A match of the document, checked field by field and replayed (not yet stored)."""
    where = f"match {number}"
    fields = _read_record(record, MATCH_FIELDS, where, "a match")
    preset = _match_preset(fields, where)
    hands = [
        _hand(hand, f"{where}, hand {index}", preset)
        for index, hand in enumerate(fields.pop("hands"), start=1)
    ]
    _in_order([hand.position for hand in hands], where, "hand")
    seen: dict[str, int] = {}
    for index, hand in enumerate(hands, start=1):
        if hand.client_token is not None:
            if hand.client_token in seen:
                raise ImportRefused(
                    f"{where}, hand {index}: client_token repeats hand {seen[hand.client_token]}'s"
                )
            seen[hand.client_token] = index
    match = Match(**fields, hands=hands)
    try:
        replay_entries(match, preset, [hand.entries() for hand in hands])
    except RuleError as error:
        raise ImportRefused(f"{where} ({' v '.join(match.side_names)}): {error}") from None
    return match


def read_dice_game(record: Any, number: int) -> DiceGame:
    """A dice game of the document, checked field by field and replayed (not yet stored)."""
    where = f"dice game {number}"
    fields = _read_record(record, DICE_GAME_FIELDS, where, "a dice game")
    kind = fields["kind"]
    if kind not in KINDS:
        raise ImportRefused(
            f'{where}: "{kind}" is not a dice game; choose one of {", ".join(KINDS)}'
        )
    try:
        rules_of(kind, fields["house_rules"])
    except RuleError as error:
        raise ImportRefused(f"{where}: {error}") from None
    players = len(fields["player_names"])
    fewest, most = fewest_players(kind), most_players(kind)
    if not fewest <= players <= most:
        raise ImportRefused(
            f"{where}: {KINDS[kind]} needs {fewest} to {most} players, not {players}"
        )
    turns = []
    for index, turn in enumerate(fields.pop("turns"), start=1):
        turn_fields = _read_record(turn, DICE_TURN_FIELDS, f"{where}, turn {index}", "a turn")
        if turn_fields["player"] >= players:
            raise ImportRefused(
                f"{where}, turn {index}: player must be from 0 to {players - 1}, "
                f"not {turn_fields['player']}"
            )
        turns.append(DiceTurn(**turn_fields))
    _in_order([turn.position for turn in turns], where, "turn")
    game = DiceGame(**fields, turns=turns)
    label = f"{where} ({KINDS[kind]}: {', '.join(game.player_names)})"
    if kind != "farkle":
        # Each Yahtzee sheet replays on its own and numbers its own turns: name whose it is.
        rules = rules_of(kind, game.house_rules)
        for player, name in enumerate(game.player_names):
            own = [yahtzee_turn(turn) for turn in turns if turn.player == player]
            try:
                replay_sheet(game, rules, own)
            except RuleError as error:
                raise ImportRefused(f"{label}: {name}'s {error}") from None
    try:
        replay_dice_game(game)
    except RuleError as error:
        raise ImportRefused(f"{label}: {error}") from None
    return game


def _no_repeats(tokens: Iterable[tuple[str, str]]) -> None:
    """Refuse a document that gives one link to two matches (or two games)."""
    seen: dict[str, str] = {}
    for token, owner in tokens:
        if token in seen:
            raise ImportRefused(f"{owner} has the same link token as {seen[token]}")
        seen[token] = owner


def _taken(column: Any, tokens: Sequence[str]) -> set[str]:
    """Which of these tokens a stored row already holds (asked in small batches)."""
    found: set[str] = set()
    for start in range(0, len(tokens), 500):
        batch = tokens[start : start + 500]
        found.update(db.session.scalars(db.select(column).where(column.in_(batch))))
    return found


def _not_stored_yet(matches: Sequence[Match], games: Sequence[DiceGame]) -> None:
    """Refuse matches and games whose links are in use: they are here already."""
    tokens = [token for match in matches for token in (match.edit_token, match.view_token)]
    taken = _taken(Match.edit_token, tokens) | _taken(Match.view_token, tokens)
    for number, match in enumerate(matches, start=1):
        if {match.edit_token, match.view_token} & taken:
            raise ImportRefused(
                f"match {number} ({' v '.join(match.side_names)}, started "
                f"{match.created_at:%Y-%m-%d}) is already in this database: its link is in use"
            )
    taken = _taken(DiceGame.token, [game.token for game in games])
    for number, game in enumerate(games, start=1):
        if game.token in taken:
            raise ImportRefused(
                f"dice game {number} ({KINDS[game.kind]}: {', '.join(game.player_names)}, "
                f"started {game.created_at:%Y-%m-%d}) is already in this database: "
                "its link is in use"
            )


def read_document(text: str | bytes) -> dict[str, Any]:
    """Parse an export file (UTF-8, with or without a BOM), or refuse it in a sentence."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise ImportRefused("the file is not UTF-8 text") from None
    try:
        doc = json.loads(text.removeprefix("\ufeff"))
    except json.JSONDecodeError as error:
        raise ImportRefused(
            f"the file is not JSON ({error.msg} at line {error.lineno}, column {error.colno})"
        ) from None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise ImportRefused(f'the file is not a Scorekeeper export (no "format": "{FORMAT}")')
    version = doc.get("version")
    if version != VERSION:
        newer = isinstance(version, int) and not isinstance(version, bool) and version > VERSION
        reason = "a newer version than this site reads" if newer else "not a known version"
        raise ImportRefused(
            f"the export's version {_shown(version)} is {reason} (this site reads {VERSION})"
        )
    for name in ("matches", "dice_games"):
        if not isinstance(doc.get(name), list):
            raise ImportRefused(f"{name} must be a list, not {_shown(doc.get(name))}")
    return doc


def import_document(doc: dict[str, Any]) -> tuple[int, int]:
    """Store every match and dice game of a read document in one transaction, or nothing.

    Each is checked and replayed first; one whose links are already in use is refused (it
    is here already), so importing the same file twice cannot make copies.
    """
    matches = [read_match(record, number) for number, record in enumerate(doc["matches"], 1)]
    games = [read_dice_game(record, number) for number, record in enumerate(doc["dice_games"], 1)]
    _no_repeats(
        (token, f"match {number}")
        for number, match in enumerate(matches, start=1)
        for token in (match.edit_token, match.view_token)
    )
    _no_repeats((game.token, f"dice game {n}") for n, game in enumerate(games, start=1))
    _not_stored_yet(matches, games)
    db.session.add_all([*matches, *games])
    try:
        db.session.commit()
    except IntegrityError:
        # Another process stored one of these links a moment ago.
        db.session.rollback()
        raise ImportRefused(
            "a match or game with one of these links was stored meanwhile"
        ) from None
    return len(matches), len(games)


# =============================================================================== CSV


LEDGER_COLUMNS = ("Hand", "Dealer", "Bidder", "Bid", "Trump", "Result")
SIDE_COLUMNS = ("meld", "tricks", "points", "total")
# A spreadsheet runs a cell starting with one of these as a formula.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def _cell(value: Any) -> Any:
    """A text cell a spreadsheet shows as text: a name like "=1+1" is not run as a formula."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def ledger_rows(state: MatchState) -> list[list[Any]]:
    """The ledger as a table: a header naming each side's columns, then one row per hand."""
    header: list[Any] = list(LEDGER_COLUMNS)
    for side in state.sides:
        header += [f"{side} {column}" for column in SIDE_COLUMNS]
    rows = [header]
    for row, hand in zip(state.ledger.rows, state.hands, strict=True):
        outcome = row.outcome
        if hand.all_passed:
            bidder = state.players[row.dealer]
        elif hand.bidder is not None:
            bidder = state.players[hand.bidder]
        else:
            bidder = ""
        bid = outcome.bid if outcome.bid is not None else hand.bid
        cells: list[Any] = [
            row.number,
            state.players[row.dealer],
            bidder,
            "" if bid is None else bid,
            "" if hand.trump is None else SUITS[hand.trump],
            outcome.result.replace("-", " "),
        ]
        for side in range(len(state.sides)):
            tricks = "" if row.hand.tricks is None else row.hand.tricks[side]
            cells += [row.hand.meld[side], tricks, outcome.points[side], row.totals[side]]
        rows.append(cells)
    return [[_cell(value) for value in cells] for cells in rows]


def ledger_csv(state: MatchState) -> bytes:
    """The ledger as CSV in UTF-8 with a byte order mark, so Excel reads names rightly."""
    text = io.StringIO()
    csv.writer(text).writerows(ledger_rows(state))
    return text.getvalue().encode("utf-8-sig")


# ============================================================================ downloads


def _slug(words: str) -> str:
    """Words as a plain file-name part: ``Ann & Bob`` → ``ann-bob``."""
    # Accents come off their letters; anything else not a plain letter or digit is a dash.
    letters = unicodedata.normalize("NFKD", words.lower())
    plain = "".join(letter for letter in letters if not unicodedata.combining(letter))
    return re.sub(r"[^a-z0-9]+", "-", plain).strip("-")[:60].strip("-")


def download_name(kind: str, started: datetime, names: Sequence[str], extension: str) -> str:
    """A file name that says what it holds: ``scorekeeper-ledger-2024-05-01-north-v-south.csv``."""
    parts = ["scorekeeper", kind, f"{started:%Y-%m-%d}", _slug(" v ".join(names))]
    return "-".join(part for part in parts if part) + "." + extension


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


@bp.get("/matches/<token>/export.json")
def match_json(token: str) -> Response:
    """The match as a JSON document `flask import` reads back; it holds both links."""
    found = matches_where(Match.edit_token == token)
    if not found:
        abort(404)
    match = found[0]
    return _json_download(
        document([match], []), download_name("match", match.created_at, match.side_names, "json")
    )


@bp.get("/matches/<token>/ledger.csv")
def match_ledger_csv(token: str) -> Response:
    """The match's ledger for a spreadsheet, from its edit link."""
    return _csv_download(load_state(token))


@bp.get("/matches/watch/<token>/ledger.csv")
def watch_ledger_csv(token: str) -> Response:
    """The match's ledger for a spreadsheet, from its view link (it shows no link)."""
    return _csv_download(load_state(token, view=True))


@bp.get("/dice/<token>/export.json")
def dice_game_json(token: str) -> Response:
    """The dice game as a JSON document `flask import` reads back."""
    found = dice_games_where(DiceGame.token == token)
    if not found:
        abort(404)
    game = found[0]
    name = download_name(game.kind, game.created_at, game.player_names, "json")
    return _json_download(document([], [game]), name)


# ========================================================================= the commands


def _write_replacing(path: Path, data: bytes) -> None:
    """Write a file whole or not at all: a crash never leaves half an export behind."""
    path.parent.mkdir(parents=True, exist_ok=True)
    descriptor, partial = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    try:
        with os.fdopen(descriptor, "wb") as file:
            file.write(data)
        os.replace(partial, path)
    except BaseException:
        Path(partial).unlink(missing_ok=True)
        raise


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
    "--output",
    "-o",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Write to this file instead of the standard output.",
)
def export_command(
    match_tokens: tuple[str, ...], dice_tokens: tuple[str, ...], output: Path | None
) -> None:
    """Export matches and dice games as JSON: every one, or only those named."""
    one_snapshot()
    if match_tokens or dice_tokens:
        matches = matches_where(Match.edit_token.in_(match_tokens)) if match_tokens else []
        games = dice_games_where(DiceGame.token.in_(dice_tokens)) if dice_tokens else []
        missing = set(match_tokens) - {match.edit_token for match in matches}
        if missing:
            raise click.ClickException(f"No match has the edit token {sorted(missing)[0]}.")
        missing = set(dice_tokens) - {game.token for game in games}
        if missing:
            raise click.ClickException(f"No dice game has the token {sorted(missing)[0]}.")
    else:
        matches, games = matches_where(), dice_games_where()
    text = dumps(document(matches, games))
    if output is None:
        click.echo(text, nl=False)
        return
    _write_replacing(output, text.encode())
    click.echo(
        f"Exported {_count(len(matches), 'match', 'matches')} and "
        f"{_count(len(games), 'dice game', 'dice games')} to {output}.",
        err=True,
    )


def _count(number: int, one: str, many: str) -> str:
    return f"{number} {one if number == 1 else many}"


@bp.cli.command("import")
@click.argument("file", type=click.File("rb"))
def import_command(file: io.BufferedReader) -> None:
    """Import a JSON export (a file, or - for the standard input): all of it or nothing."""
    try:
        matches, games = import_document(read_document(file.read()))
    except ImportRefused as refused:
        raise click.ClickException(str(refused)) from None
    click.echo(
        f"Imported {_count(matches, 'match', 'matches')} and "
        f"{_count(games, 'dice game', 'dice games')}."
    )


def backup(output: Path | None = None) -> Path:
    """A consistent copy of the database, taken while the site runs; returns where it is.

    SQLite is copied with its online backup API, which reads one snapshot however many
    phones are saving; any other database is written as the JSON export.
    """
    sqlite = db.engine.url.get_backend_name() == "sqlite"
    if output is None:
        stamp = datetime.now(UTC).strftime("%Y-%m-%dT%H%M%SZ")
        folder = Path(current_app.instance_path) / "backups"
        output = folder / f"scorekeeper-{stamp}.{'sqlite3' if sqlite else 'json'}"
    output.parent.mkdir(parents=True, exist_ok=True)
    if not sqlite:
        one_snapshot()
        _write_replacing(output, dumps(document(matches_where(), dice_games_where())).encode())
        return output
    live = db.engine.url.database
    if live and output.resolve() == Path(live).resolve():
        raise click.ClickException("The backup would replace the database itself.")
    descriptor, partial = tempfile.mkstemp(dir=output.parent, prefix=f".{output.name}.")
    os.close(descriptor)
    try:
        # The site's own connection (its busy timeout and pragmas) reads; one step copies
        # every page under one read lock, so writes made meanwhile are either in or out.
        with db.engine.connect() as connection:
            source = connection.connection.driver_connection
            copy = sqlite3.connect(partial)
            try:
                source.backup(copy)
                (verdict,) = copy.execute("PRAGMA integrity_check").fetchone()
            finally:
                copy.close()
        if verdict != "ok":
            raise click.ClickException(f"The copy failed its integrity check: {verdict}.")
        os.replace(partial, output)
    except BaseException:
        Path(partial).unlink(missing_ok=True)
        raise
    return output


@bp.cli.command("backup")
@click.option(
    "--output",
    "-o",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Where to write the copy (default: instance/backups/, named by the time).",
)
def backup_command(output: Path | None) -> None:
    """Copy the database while the site runs: SQLite's backup API, else a JSON export."""
    click.echo(f"Backed up to {backup(output)}.")
