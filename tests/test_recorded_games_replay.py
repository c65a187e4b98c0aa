"""Games recorded before the games registry replay to what they replayed to then.

``data/recorded_games.json`` holds a backup document, exported by the site as it was
before the registry (main at a6edcb9), of 120 pinochle matches over every preset and many
house rules and 120 dice games (Yahtzee, Triple Yahtzee, Farkle; finished and not), and
each game's replay as that code worked it out. ``data/record_games.py`` made it and says
how. Here the document goes in through the site's own import, every game is loaded back
through the services, and every hand's and turn's outcome must come out the same: points,
sentences, running totals, dealers, box scores, bonuses, totals, winners. The JSON API
scores the same matches and sheets from their entries, and must agree too.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.extensions import db
from scorekeeper.rules import get_preset
from scorekeeper.services import dice, imports, matches

RECORDED = json.loads((Path(__file__).parent / "data" / "recorded_games.json").read_text())
DOCUMENT = RECORDED["document"]
OUTCOMES = RECORDED["outcomes"]


@pytest.fixture(scope="module")
def imported(make_site, tmp_path_factory):
    """A site holding every recorded game, put in by the site's import."""
    app = make_site(
        tmp_path_factory.mktemp("replay"), TESTING=True, SECRET_KEY="test", RATELIMIT_ENABLED=False
    )
    with app.app_context():
        counted = imports.import_document(db.session, imports.read_document(json.dumps(DOCUMENT)))
        assert (counted.matches, counted.dice_games) == (120, 120)
    return app


def match_outcome(state) -> dict[str, Any]:
    """A match's replay as the recording states it: every hand's row, how it stands."""
    ledger = state.ledger
    return {
        "rows": [
            {
                "number": row.number,
                "result": row.outcome.result,
                "points": list(row.outcome.points),
                "sentence": row.outcome.sentence,
                "bidder": row.outcome.bidder,
                "bid": row.outcome.bid,
                "counts": list(row.outcome.counts),
                "totals": list(row.totals),
                "dealer": row.dealer,
                "meld": list(row.hand.meld),
            }
            for row in ledger.rows
        ],
        "totals": list(ledger.totals),
        "winner": ledger.winner,
        "win_reason": ledger.win_reason,
        "next_dealer": ledger.next_dealer,
        "target": ledger.target,
    }


def sheet_outcome(state) -> dict[str, Any]:
    """A sheet game's replay as the recording states it: every sheet's turns, every
    column's boxes by name, bonuses and totals, and the standing."""
    return {
        "sheets": [
            {
                "turns": [
                    {
                        "number": turn.number,
                        "column": turn.column,
                        "box": turn.box,
                        "dice": list(turn.dice),
                        "points": turn.points,
                        "bonus": turn.bonus,
                        "joker": turn.joker,
                        "total": turn.total,
                    }
                    for turn in sheet.card.turns
                ],
                "columns": [
                    {
                        "number": column.number,
                        "multiplier": column.multiplier,
                        "bonus_multiplier": column.bonus_multiplier,
                        "boxes": {box: column.card.held(box) for box in state.layout.names},
                        "upper_bonus": column.upper_bonus,
                        "yahtzee_bonus": column.yahtzee_bonus,
                        "total": column.total,
                    }
                    for column in sheet.card.columns
                ],
                "upper_bonus": sheet.card.upper_bonus,
                "yahtzee_bonus": sheet.card.yahtzee_bonus,
                "total": sheet.card.total,
                "complete": sheet.card.complete,
            }
            for sheet in state.sheets
        ],
        "totals": list(state.standing.totals),
        "complete": state.standing.complete,
        "winners": list(state.standing.winners),
        "next_player": state.standing.next_player,
    }


def farkle_outcome(state) -> dict[str, Any]:
    """A Farkle game's replay as the recording states it: every turn, how it stands."""
    result = state.result
    return {
        "turns": [
            {
                "number": turn.number,
                "player": turn.player,
                "points": turn.points,
                "banked": turn.banked,
                "farkles_in_row": turn.farkles_in_row,
                "totals": list(turn.totals),
                "sentence": turn.sentence,
                "said": turn.said,
            }
            for turn in result.turns
        ],
        "totals": list(result.totals),
        "on_board": list(result.on_board),
        "next_player": result.next_player,
        "final_round": result.final_round,
        "final_round_by": result.final_round_by,
        "final_turns_left": list(result.final_turns_left),
        "over": result.over,
        "winners": list(result.winners),
    }


def _by_token(records, key):
    """Each recorded game's token, named in the test's id by its game and number."""
    return [
        pytest.param(record[key], id=f"{record.get('game', record.get('kind'))}-{n}")
        for n, record in enumerate(records)
    ]


def test_the_recording_covers_every_preset_and_the_three_dice_games():
    assert {match["game"] for match in DOCUMENT["matches"]} == {
        "partnership",
        "partnership-small",
        "double-deck",
        "three-handed",
        "two-handed",
    }
    kinds = [game["kind"] for game in DOCUMENT["dice_games"]]
    assert {kind: kinds.count(kind) for kind in set(kinds)} == {
        "yahtzee": 40,
        "triple": 40,
        "farkle": 40,
    }
    # Hands with cards count their meld by the preset's table; jokers and bonuses play.
    assert sum(bool(hand["cards"]) for m in DOCUMENT["matches"] for hand in m["hands"]) > 100
    jokers = [
        turn["joker"]
        for game in OUTCOMES["dice_games"].values()
        for sheet in game.get("sheets", ())
        for turn in sheet["turns"]
    ]
    assert sum(jokers) > 50


@pytest.mark.parametrize("token", _by_token(DOCUMENT["matches"], "edit_token"))
def test_a_recorded_match_replays_hand_for_hand_as_before(imported, token):
    with imported.app_context():
        state = matches.load_match(db.session, token)
        assert match_outcome(state) == OUTCOMES["matches"][token]


@pytest.mark.parametrize("token", _by_token(DOCUMENT["matches"], "edit_token"))
def test_a_page_reads_every_recorded_hand_as_the_objects_hold_it(imported, token):
    """read_match decodes the hands' JSON a column at a time (services/matches.py
    shown_hands); what it reads is what the ORM reads, value for value and type for type
    (cards with a player's None, took_trick, tricks of a redeal), and it replays the same."""
    with imported.app_context():
        read = matches.read_match(db.session, token)
        loaded = matches.load_match(db.session, token)
        as_read = [(hand.id, hand.position, hand._asdict()) for hand in read.hands]
        as_loaded = [
            (hand.id, hand.position, {"id": hand.id, "position": hand.position, **hand.entries()})
            for hand in loaded.hands
        ]
        assert as_read == as_loaded
        assert [repr(hand._asdict()) for hand in read.hands] == [
            repr({"id": hand.id, "position": hand.position, **hand.entries()})
            for hand in loaded.hands
        ]
        assert match_outcome(read) == OUTCOMES["matches"][token]


@pytest.mark.parametrize("token", _by_token(DOCUMENT["dice_games"], "token"))
def test_a_recorded_dice_game_replays_turn_for_turn_as_before(imported, token):
    with imported.app_context():
        state = dice.load_game(db.session, token)
        shape = farkle_outcome if state.game.kind == "farkle" else sheet_outcome
        assert shape(state) == OUTCOMES["dice_games"][token]


# ---------------------------------------------------------------- the JSON API agrees


def _api_hand(preset, hand: dict[str, Any], row: dict[str, Any]) -> dict[str, Any]:
    """A stored hand as the API takes it: the bidding side, each side's meld as it was
    counted (from the cards where the table gave them) and the hand's dealer."""
    if hand["redeal"]:
        return {"redeal": True}
    sent = {
        "meld": row["meld"],
        "tricks": hand["tricks"],
        "bidder": None if hand["bidder"] is None else preset.side_of(hand["bidder"]),
        "bid": hand["bid"],
        "dealer": row["dealer"],
        "took_trick": hand["took_trick"],
    }
    for flag in ("thrown_in", "no_marriage", "all_passed", "turned_nine", "moon"):
        sent[flag] = bool(hand[flag])
    return sent


@pytest.mark.parametrize("match", _by_token(DOCUMENT["matches"], "edit_token"))
def test_the_api_scores_a_recorded_match_as_before(imported, match):
    record = next(m for m in DOCUMENT["matches"] if m["edit_token"] == match)
    recorded = OUTCOMES["matches"][match]
    preset = get_preset(record["game"])
    body = {
        "variant": record["game"],
        "rules": record["house_rules"],
        "hands": [
            _api_hand(preset, hand, row)
            for hand, row in zip(record["hands"], recorded["rows"], strict=True)
        ],
    }
    answer = imported.test_client().post("/api/v1/pinochle/score", json=body)
    assert answer.status_code == 200, answer.get_json()
    scored = answer.get_json()
    # The API names the sides as the preset does, so its sentences name other sides.
    assert [(h["result"], h["points"], h["totals"]) for h in scored["hands"]] == [
        (row["result"], row["points"], row["totals"]) for row in recorded["rows"]
    ]
    assert (scored["totals"], scored["winner"]) == (recorded["totals"], recorded["winner"])


SHEETS = [
    pytest.param(game, player, id=f"{game['kind']}-{number}-player-{player}")
    for number, game in enumerate(DOCUMENT["dice_games"])
    if game["kind"] != "farkle"
    for player in range(len(game["player_names"]))
]


@pytest.mark.parametrize(("game", "player"), SHEETS)
def test_the_api_scores_a_recorded_sheet_as_before(imported, game, player):
    recorded = OUTCOMES["dice_games"][game["token"]]["sheets"][player]
    turns = [
        {"dice": turn["dice"], "box": turn["box"], "column": turn["column"]}
        for turn in game["turns"]
        if turn["player"] == player
    ]
    body = {
        "variant": "triple" if game["kind"] == "triple" else "classic",
        "rules": game["house_rules"],
        "turns": turns,
    }
    answer = imported.test_client().post("/api/v1/yahtzee/score", json=body)
    assert answer.status_code == 200, answer.get_json()
    scored = answer.get_json()
    assert [(turn["box"], turn["points"], turn["bonus"]) for turn in scored["turns"]] == [
        (turn["box"], turn["points"], turn["bonus"]) for turn in recorded["turns"]
    ]
    assert (scored["upper_bonus"], scored["yahtzee_bonus"], scored["total"]) == (
        recorded["upper_bonus"],
        recorded["yahtzee_bonus"],
        recorded["total"],
    )
    assert scored["complete"] == recorded["complete"]
