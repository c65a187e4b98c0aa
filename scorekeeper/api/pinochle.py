"""JSON API v1 (shared/API.md): pinochle's meld, match scoring and statistics, and a
group's statistics, the rules core served statelessly."""

from __future__ import annotations

from typing import Any

from flask import Response, jsonify, request

from ..bidi import has_control_character
from ..extensions import db
from ..rules import (
    DEFAULT_PRESET,
    HandInput,
    MeldResult,
    Preset,
    RuleError,
    Stats,
    get_preset,
    meld,
    meld_all,
    parse_trump,
    pinochle_stats,
    player_name,
    read_hand,
    replay_match,
    stats_report,
    with_rules,
)
from ..services import group_history, groups
from .blueprint import bp, posted_json, refuse_unknown

_MELD_PARAMS = {"variant", "hand", "trump", "partial"}
_SCORE_FIELDS = {"variant", "rules", "hands"}
_STATS_MATCH_FIELDS = {*_SCORE_FIELDS, "sides"}
_HAND_FIELDS = {
    "bidder",
    "bid",
    "meld",
    "tricks",
    "thrown_in",
    "no_marriage",
    "redeal",
    "all_passed",
    "dealer",
    "turned_nine",
    "took_trick",
    "moon",
}
_FLAGS = ("thrown_in", "no_marriage", "redeal", "all_passed", "turned_nine", "moon")


def _meld_json(result: MeldResult) -> dict[str, Any]:
    return {
        "total": result.total,
        "melds": [
            {"name": m.name, "points": m.points, "cards": list(m.cards)} for m in result.melds
        ],
    }


@bp.get("/pinochle/meld")
def pinochle_meld() -> Response:
    """The meld of a hand under one trump, or under every trump with the best."""
    refuse_unknown(request.args, _MELD_PARAMS)
    variant = request.args.get("variant", DEFAULT_PRESET)
    preset = get_preset(variant)
    if "hand" not in request.args:
        raise RuleError("hand is missing: send the cards, e.g. hand=AH+10H+KH+QH+JH")
    partial = request.args.get("partial", "0")
    if partial not in ("0", "1"):
        raise RuleError("partial must be 0 or 1")
    cards = read_hand(request.args["hand"], preset, partial=partial == "1")
    trump = parse_trump(request.args.get("trump"))
    if trump is not None:
        result = meld(cards, trump, preset)
        return jsonify(variant=preset.name, trump=result.trump, **_meld_json(result))
    hand_meld = meld_all(cards, preset)
    return jsonify(
        variant=preset.name,
        cards=hand_meld.card_count,
        by_trump={suit: result.total for suit, result in hand_meld.by_trump.items()},
        best_trump=list(hand_meld.best_trump),
        no_trump=_meld_json(hand_meld.no_trump),
        nines=hand_meld.nines,
        nines_redeal=hand_meld.nines_redeal,
        marriage_in=list(hand_meld.marriage_in),
    )


def _numbers(value: Any, what: str) -> tuple[int, ...]:
    """A list of whole numbers from JSON, or a sentence saying what it should be."""
    if not isinstance(value, list) or not all(
        isinstance(v, int) and not isinstance(v, bool) for v in value
    ):
        raise RuleError(f"{what} must be a list of whole numbers, one per side")
    return tuple(value)


def _whole(value: Any, what: str) -> int | None:
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool):
        raise RuleError(f"{what} must be a whole number")
    return value


def _hand_input(data: Any) -> HandInput:
    """Read one hand of a match from JSON: known fields, right types; the core checks rules."""
    if not isinstance(data, dict):
        raise RuleError("a hand must be an object")
    refuse_unknown(data, _HAND_FIELDS, "a hand")
    for flag in _FLAGS:
        if not isinstance(data.get(flag, False), bool):
            raise RuleError(f"{flag} must be true or false")
    if data.get("redeal"):
        return HandInput(redeal=True)
    if "meld" not in data:
        raise RuleError("meld is missing: one number per side")
    tricks = data.get("tricks")
    took_trick = data.get("took_trick")
    if took_trick is not None and (
        not isinstance(took_trick, list) or not all(isinstance(took, bool) for took in took_trick)
    ):
        raise RuleError("took_trick must be a list of true or false, one per side")
    return HandInput(
        meld=_numbers(data["meld"], "meld"),
        tricks=None if tricks is None else _numbers(tricks, "tricks"),
        took_trick=None if took_trick is None else tuple(took_trick),
        bidder=_whole(data.get("bidder"), "bidder"),
        bid=_whole(data.get("bid"), "bid"),
        dealer=_whole(data.get("dealer"), "dealer"),
        **{flag: data.get(flag, False) for flag in _FLAGS if flag != "redeal"},
    )


def _match_of(body: Any, fields: set[str], listed: str) -> tuple[Preset, list[HandInput]]:
    """A match sent as JSON (its variant, house rules and hands) read into the core's input:
    its preset and its hands (a RuleError names the hand that is not a hand)."""
    if not isinstance(body, dict):
        raise RuleError(f"the body must be a JSON object with {listed}")
    refuse_unknown(body, fields)
    rules = body.get("rules", {})
    if not isinstance(rules, dict):
        raise RuleError("rules must be an object of house rules")
    preset = with_rules(get_preset(body.get("variant", DEFAULT_PRESET)), rules)
    hands = body.get("hands")
    if not isinstance(hands, list):
        raise RuleError("hands must be a list of hands")
    inputs = []
    for number, hand in enumerate(hands, start=1):
        try:
            inputs.append(_hand_input(hand))
        except RuleError as error:
            raise RuleError(f"hand {number}: {error}") from None
    return preset, inputs


@bp.post("/pinochle/score")
def pinochle_score() -> Response:
    """Score a whole match: each hand's result and points, the totals and the winner."""
    preset, inputs = _match_of(posted_json(), _SCORE_FIELDS, "variant, rules and hands")
    ledger = replay_match(preset, inputs)
    return jsonify(
        variant=preset.name,
        hands=[
            {
                "result": row.outcome.result,
                "points": list(row.outcome.points),
                "totals": list(row.totals),
                "sentence": row.outcome.sentence,
            }
            for row in ledger.rows
        ],
        totals=list(ledger.totals),
        winner=ledger.winner,
        win_reason=ledger.win_reason,
    )


CONTROL_IN_NAME = "a player's name may not hold a control character (such as a tab or a NUL)"


def _sides(preset: Preset, sides: Any) -> list[list[str]]:
    """The players' names of a match, one list per side, each name once in the match."""
    per_side = preset.players // preset.sides
    if (
        not isinstance(sides, list)
        or len(sides) != preset.sides
        or not all(isinstance(side, list) and len(side) == per_side for side in sides)
    ):
        raise RuleError(
            f"sides must be {preset.sides} lists of {per_side} player name"
            f"{'s' if per_side > 1 else ''}, one list per side"
        )
    seen: set[str] = set()
    for side in sides:
        for name in side:
            if not isinstance(name, str) or not player_name(name):
                raise RuleError("a player's name must be some text")
            if has_control_character(name):
                raise RuleError(CONTROL_IN_NAME)
            if player_name(name) in seen:
                raise RuleError(f"{player_name(name)} is named twice; a player sits in one seat")
            seen.add(player_name(name))
    return sides


def _without_bid_by(match: Any) -> tuple[Any, list[str | None]]:
    """A match of the statistics request with its hands' ``bid_by`` taken out (scoring
    knows no such field), and each hand's ``bid_by`` (None where it names nobody)."""
    if not isinstance(match, dict) or not isinstance(match.get("hands"), list):
        return match, []
    hands, bid_by = [], []
    for number, hand in enumerate(match["hands"], start=1):
        named = hand.get("bid_by") if isinstance(hand, dict) else None
        if named is not None and (not isinstance(named, str) or not player_name(named)):
            raise RuleError(f"hand {number}: bid_by must be the name of the player who bid")
        if named is not None and has_control_character(named):
            raise RuleError(f"hand {number}: bid_by: {CONTROL_IN_NAME}")
        bid_by.append(named)
        if isinstance(hand, dict) and "bid_by" in hand:
            hand = {field: value for field, value in hand.items() if field != "bid_by"}
        hands.append(hand)
    return {**match, "hands": hands}, bid_by


@bp.post("/pinochle/stats")
def pinochle_stats_of_matches() -> Response:
    """Statistics of the matches sent: each player's, each partnership's, head-to-head."""
    body = posted_json()
    if not isinstance(body, dict) or not isinstance(body.get("matches"), list):
        raise RuleError("the body must be a JSON object with matches, a list of matches")
    refuse_unknown(body, {"matches"})
    stats = Stats()
    for number, match in enumerate(body["matches"], start=1):
        try:
            match, bid_by = _without_bid_by(match)
            preset, inputs = _match_of(match, _STATS_MATCH_FIELDS, "variant, rules, sides, hands")
            sides = _sides(preset, match.get("sides"))
            ledger = replay_match(preset, inputs)
            stats += pinochle_stats(preset, sides, ledger, bid_by=bid_by)
        except RuleError as error:
            raise RuleError(f"match {number}: {error}") from None
    return jsonify(stats_report(stats, ("pinochle",)))


@bp.get("/groups/<token:token>/stats")
def group_stats(token: str) -> Response:
    """Statistics of a group's stored games (by its edit or view link's token), with the
    Yahtzee and Farkle blocks, each player under their roster name."""
    return jsonify(group_history.group_stats(db.session, groups.group_by_link(db.session, token)))
