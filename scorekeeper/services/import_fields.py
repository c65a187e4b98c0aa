"""How an export document's records are read: each field checked and turned into its
stored type, or refused with a sentence naming the record and the field (services.imports
builds and stores what these read)."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from typing import Any

from ..models import new_token
from ..rules import SUITS
from ..rules.text import FORM_TOKEN_LENGTH, NAME_LENGTH, is_form_token, name_problem, shown_plainly

# What a name must be, as a refusal says it (the forms' own rule, rules/text.py).
A_NAME = f"a name of 1 to {NAME_LENGTH} characters, in letters, digits and spaces only"


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
        if moment.tzinfo is not None:
            # A time at the calendar's very end (or start) has no UTC time in range.
            moment = moment.astimezone(UTC).replace(tzinfo=None)
    except (TypeError, ValueError, OverflowError):
        raise _Wrong("a date and time like 2024-05-01T19:30:00+00:00") from None
    return moment


def _rules(value: Any) -> dict[str, Any]:
    # Each house rule is checked by the rules core once the game is known.
    if isinstance(value, dict):
        return value
    raise _Wrong("an object of house rules")


def is_name(value: Any) -> bool:
    """Is this a name a form would take (rules/text.py's name rule, not blank)?"""
    return isinstance(value, str) and bool(value.strip()) and name_problem(value) is None


def _name(value: Any) -> str:
    if is_name(value):
        return value
    raise _Wrong(A_NAME)


def _names(value: Any) -> list[str]:
    if isinstance(value, list) and all(map(is_name, value)):
        return value
    raise _Wrong(f"a list of names, each {A_NAME.removeprefix('a name ')}")


def _form_token(value: Any) -> str:
    if isinstance(value, str) and is_form_token(value):
        return value
    raise _Wrong(f"a form's token of 1 to {FORM_TOKEN_LENGTH} letters, digits and signs")


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
    "side_names": _names,
    "player_names": _names,
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
    "took_trick": _optional(_list_of(_flag, "true or false, one per side")),
    "moon": _flag,
    "version": _whole(),
    "client_token": _optional(_form_token),
    "created_at": _moment,
}
# Fields a hand gained after documents were first written: such a document has them off.
HAND_ADDED: dict[str, Callable[[], Any]] = {"took_trick": lambda: None, "moon": lambda: False}
DICE_GAME_FIELDS: dict[str, Callable[[Any], Any]] = {
    "kind": _text(10),
    "player_names": _names,
    "house_rules": _rules,
    "created_at": _moment,
    "token": _token,
    "view_token": _token,
    "turns": _records,
}
# Fields a document may lack, made afresh when it does: files exported before dice games
# had a view link hold no view token.
DICE_GAME_ADDED = {"view_token": new_token}
DICE_TURN_FIELDS: dict[str, Callable[[Any], Any]] = {
    "position": _whole(),
    "player": _whole(),
    "dice": _optional(_text(10)),
    "box": _optional(_text(20)),
    "column": _optional(_whole(1, 3)),
    "throws": _optional(_list_of(_text(10), "kept dice")),
    "total": _optional(_whole(-INT_MAX, INT_MAX)),
    "farkle": _flag,
    "first_throw": _flag,
    "throws_used": _optional(_whole(1, 99)),
    "created_at": _moment,
}
# Fields a turn gained after documents were first written (Generala's served turn, Maxi
# Yatzy's throws): such a document's turns have them off.
DICE_TURN_ADDED: dict[str, Callable[[], Any]] = {
    "first_throw": lambda: False,
    "throws_used": lambda: None,
}
RULE_SET_FIELDS: dict[str, Callable[[Any], Any]] = {
    "name": _name,
    "game": _text(40),
    "house_rules": _rules,
    "created_at": _moment,
    "token": _token,
}

# A club night: the host's choices (checked together by services.club.checked_settings),
# its players, and each round started with its tables (each a match by its edit token).
CLUB_NIGHT_FIELDS: dict[str, Callable[[Any], Any]] = {
    "name": _name,
    "game": _text(40),
    "house_rules": _rules,
    "format": _text(10),
    "rounds": _whole(1, 99),
    "round_end": _text(10),
    "round_end_value": _optional(_whole(1, 999)),
    "ranking": _text(15),
    "tiebreaks": _list_of(_text(20), "tiebreaks"),
    "byes": _text(20),
    "seed": _whole(),
    "group": _optional(_token),
    "created_at": _moment,
    "host_token": _token,
    "view_token": _token,
    "version": _whole(),
    "players": _records,
    "played_rounds": _records,
}
CLUB_PLAYER_FIELDS: dict[str, Callable[[Any], Any]] = {
    "name": _name,
    "team": _optional(_whole(1, 99)),
    "joined_round": _whole(1, 99),
    "left_after": _optional(_whole(0, 99)),
}
CLUB_ROUND_FIELDS: dict[str, Callable[[Any], Any]] = {
    "number": _whole(1, 99),
    "started_at": _moment,
    "sitting_out": _names,
    "tables": _records,
}
CLUB_TABLE_FIELDS: dict[str, Callable[[Any], Any]] = {
    "table": _whole(1, 999),
    "match": _token,
    "confirmed": _list_of(_flag, "true or false, one per side"),
    "locked": _flag,
}


def _seat_places(value: Any) -> dict[str, int]:
    if isinstance(value, dict) and all(
        is_name(name) and isinstance(place, int) and not isinstance(place, bool) and place >= 0
        for name, place in value.items()
    ):
        return value
    raise _Wrong(
        "an object from each name of the game (in letters, digits and spaces only) to a "
        "player's place in players"
    )


GROUP_FIELDS: dict[str, Callable[[Any], Any]] = {
    "name": _name,
    "created_at": _moment,
    "edit_token": _token,
    "view_token": _token,
    "version": _whole(),
    "players": _records,
    "games": _records,
}
GROUP_PLAYER_FIELDS: dict[str, Callable[[Any], Any]] = {
    "name": _name,
    "retired": _flag,
    "created_at": _moment,
}
# A group's game: a match's edit token or a dice game's token (the other null).
GROUP_GAME_FIELDS: dict[str, Callable[[Any], Any]] = {
    "match": _optional(_token),
    "dice_game": _optional(_token),
    "added_at": _moment,
    "names": _seat_places,
}


def shown(value: Any) -> str:
    """A value as a refusal quotes it: JSON, cut at 40 characters, with no character that
    could turn the terminal (a bidi control) or hide (a control) left as it is."""
    text = shown_plainly(json.dumps(value, ensure_ascii=False))
    return text if len(text) <= 40 else text[:39] + "…"


def read_record(
    record: Any,
    readers: dict[str, Callable[[Any], Any]],
    where: str,
    what: str,
    added: dict[str, Callable[[], Any]] | None = None,
) -> dict[str, Any]:
    """A record's fields in their stored types, or a refusal naming the field. A field
    of ``added`` that the record lacks is made by its function (a field added later)."""
    if not isinstance(record, dict):
        raise ImportRefused(f"{where} must be an object holding {what}'s fields")
    unknown = [name for name in record if name not in readers]
    if unknown:
        raise ImportRefused(f'{where}: "{unknown[0]}" is not a field of {what}')
    record = {**{name: make() for name, make in (added or {}).items()}, **record}
    missing = [name for name in readers if name not in record]
    if missing:
        raise ImportRefused(f"{where}: {missing[0]} is missing")
    values = {}
    for name, read in readers.items():
        try:
            values[name] = read(record[name])
        except _Wrong as wrong:
            said = shown(record[name])
            raise ImportRefused(f"{where}: {name} must be {wrong}, not {said}") from None
    return values


def in_order(positions: Sequence[int], where: str, what: str) -> None:
    for number in range(1, len(positions)):
        if positions[number] <= positions[number - 1]:
            raise ImportRefused(
                f"{where}, {what} {number + 1}: position {positions[number]} must come after "
                f"the position before it ({positions[number - 1]}); list {what}s in order"
            )
