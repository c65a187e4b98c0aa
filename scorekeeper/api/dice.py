"""JSON API v1 (shared/API.md): the dice games' scoring (Yahtzee, the sheet games,
Farkle), the rules core served statelessly."""

from __future__ import annotations

from typing import Any

from flask import Response, jsonify, request

from ..rules import (
    DICE_GAMES,
    RuleError,
    Scorecard,
    SheetTurn,
    TurnError,
    YahtzeeTurn,
    check_variant,
    dice_game,
    farkle_rules,
    replay_yahtzee,
    score_throw,
    yahtzee_rules,
)
from ..validators import whole_number
from .blueprint import bp, posted_json, refuse_unknown

_YAHTZEE_FIELDS = {"variant", "rules", "turns"}
_TURN_FIELDS = {"dice", "box", "column"}
# Farkle's house rules by name, with their defaults (a query gives a number knob as text).
_FARKLE_KNOBS = {knob.name: knob.default for knob in dice_game("farkle").knobs}
_FARKLE_PARAMS = {"dice", *_FARKLE_KNOBS}
_FARKLE_FIELDS = {"dice", "rules"}


def _yahtzee_turn(data: Any) -> YahtzeeTurn:
    """Read one turn from JSON: known fields only; the core checks the dice, box and column."""
    if not isinstance(data, dict):
        raise RuleError("a turn must be an object with dice and box")
    refuse_unknown(data, _TURN_FIELDS, "a turn")
    for needed in ("dice", "box"):
        if needed not in data:
            raise RuleError(f"{needed} is missing")
    return YahtzeeTurn(dice=data["dice"], box=data["box"], column=data.get("column"))


def _scorecard_json(sheet: Scorecard) -> dict[str, Any]:
    answer: dict[str, Any] = {
        "variant": sheet.variant,
        "turns": [
            {"column": turn.column, "box": turn.box, "points": turn.points, "bonus": turn.bonus}
            for turn in sheet.turns
        ],
        "upper_bonus": sheet.upper_bonus,
        "yahtzee_bonus": sheet.yahtzee_bonus,
        "total": sheet.total,
        "complete": sheet.complete,
    }
    if len(sheet.columns) > 1:  # Triple: each column as it counts
        answer["columns"] = [
            {
                "multiplier": column.multiplier,
                "upper_subtotal": column.card.upper_subtotal,
                "upper_bonus": column.upper_bonus,
                "yahtzee_bonus": column.yahtzee_bonus,
                "total": column.total,
                "complete": column.card.complete,
            }
            for column in sheet.columns
        ]
    else:
        answer["turns"] = [{k: v for k, v in t.items() if k != "column"} for t in answer["turns"]]
    return answer


def _body_with_rules(fields: set[str], listed: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """A posted JSON object of these fields only, and its house rules (``rules``, optional)."""
    body = posted_json()
    if not isinstance(body, dict):
        raise RuleError(f"the body must be a JSON object with {listed}")
    refuse_unknown(body, fields)
    overrides = body.get("rules", {})
    if not isinstance(overrides, dict):
        raise RuleError("rules must be an object of house rules")
    return body, overrides


@bp.post("/yahtzee/score")
def yahtzee_score() -> Response:
    """Score one player's Yahtzee or Triple Yahtzee sheet from its turns."""
    body, overrides = _body_with_rules(_YAHTZEE_FIELDS, "variant, rules and turns")
    variant = check_variant(body.get("variant", "classic"))
    rules = yahtzee_rules(overrides)
    turns = body.get("turns")
    if not isinstance(turns, list):
        raise RuleError("turns must be a list of turns")
    entries = []
    for number, turn in enumerate(turns, start=1):
        try:
            entries.append(_yahtzee_turn(turn))
        except RuleError as error:
            raise TurnError.naming(error, number) from None
    return jsonify(_scorecard_json(replay_yahtzee(variant, entries, rules)))


# The sheet games the API scores in their shared shape, by the name in their address.
_SHEET_APIS = {game.api: game for game in DICE_GAMES.values() if game.api}
_SHEET_FIELDS = {"rules", "turns"}


def _sheet_turn(data: Any, asks: set[str]) -> SheetTurn:
    """One turn of a sheet game from JSON: its dice and box, and what this game asks of a
    turn besides (``asks``: first_throw, throws); any other field is refused."""
    if not isinstance(data, dict):
        raise RuleError("a turn must be an object with dice and box")
    refuse_unknown(data, {"dice", "box", *asks}, "a turn of this game")
    for needed in ("dice", "box"):
        if needed not in data:
            raise RuleError(f"{needed} is missing")
    return SheetTurn(data["dice"], data["box"], data.get("first_throw", False), data.get("throws"))


@bp.post(f"/<any({', '.join(map(repr, _SHEET_APIS))}):kind>/score")
def sheet_score(kind: str) -> Response:
    """Score one player's sheet of Yatzy, Maxi Yatzy or Generala (each game of the registry
    with its own endpoint) from its turns in the order played."""
    game = _SHEET_APIS[kind]
    sheet = game.sheet
    body, overrides = _body_with_rules(_SHEET_FIELDS, "rules and turns")
    rules = game.build_rules(overrides)
    turns = body.get("turns")
    if not isinstance(turns, list):
        raise RuleError("turns must be a list of turns")
    asks = {"first_throw"} if sheet.asks_first_throw else set()
    if sheet.saves_throws is not None:
        asks.add("throws")
    entries = []
    for number, turn in enumerate(turns, start=1):
        try:
            entries.append(_sheet_turn(turn, asks))
        except RuleError as error:
            raise TurnError.naming(error, number) from None
    card = sheet.replay(entries, rules)
    answer: dict[str, Any] = {
        # Each turn's points, as API.md gives them (the box is the one sent).
        "turns": [
            {"points": turn.points, **({"served": True} if turn.served else {})}
            for turn in card.turns
        ],
        "upper_bonus": card.upper_bonus,
        "total": card.total,
        "complete": card.complete,
    }
    if card.saved_throws is not None:
        answer["saved_throws"] = card.saved_throws
    if card.won_at is not None:
        answer["won_outright"] = True
    return jsonify(answer)


def _query_knob(name: str, text: str) -> Any:
    """A house rule from the query string: a number knob read as a number when it is one
    (otherwise the text, for the core to refuse with its own sentence)."""
    if isinstance(_FARKLE_KNOBS[name], int):
        try:
            return whole_number(text)
        except ValueError:
            return text
    return text


def _farkle_answer(dice: Any, overrides: dict[str, Any]) -> Response:
    """One throw scored under the house rules sent; each combination says the rule that set
    its points when one did (``rule``), and ``house_rules`` lists them for the throw."""
    throw = score_throw(dice, farkle_rules(overrides))
    return jsonify(
        dice=list(throw.dice),
        points=throw.points,
        combinations=[
            {"name": c.name, "dice": list(c.dice), "points": c.points}
            | ({"rule": c.rule} if c.rule else {})
            for c in throw.combinations
        ],
        hot_dice=throw.hot_dice,
        house_rules=list(throw.house_rules),
    )


@bp.get("/farkle/score")
def farkle_score() -> Response:
    """Score the dice kept from one Farkle throw by their best split into combinations,
    under the house rules given as further query parameters."""
    refuse_unknown(request.args, _FARKLE_PARAMS)
    if "dice" not in request.args:
        raise RuleError("dice is missing: send the kept dice, e.g. dice=1,1,1,5")
    overrides = {
        name: _query_knob(name, text) for name, text in request.args.items() if name != "dice"
    }
    return _farkle_answer(request.args["dice"], overrides)


@bp.post("/farkle/score")
def farkle_score_posted() -> Response:
    """The same, sent as JSON: ``{"dice": [1, 1, 1, 5], "rules": {"three_ones": 300}}``."""
    body, overrides = _body_with_rules(_FARKLE_FIELDS, "dice and rules")
    if "dice" not in body:
        raise RuleError("dice is missing: send the kept dice, e.g. [1, 1, 1, 5]")
    return _farkle_answer(body["dice"], overrides)
