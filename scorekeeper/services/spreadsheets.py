"""A match's ledger and a dice game's score sheets as CSV for a spreadsheet, and the names
the downloads are saved under.

The headings and words are said (rules/sentences.py): the shell hands the CSV writers
``say``, which writes each in the language of the phone asking (English by default); the
numbers stay plain digits, as a spreadsheet reads them."""

from __future__ import annotations

import csv
import io
import re
import unicodedata
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any

from ..rules import SUIT_NAMES, said
from .dice import DiceState, FarkleState, SheetState
from .matches import MatchState

LEDGER_COLUMNS = (
    said("Hand"),
    said("Dealer"),
    said("Bidder"),
    # Translators: a column of the ledger's spreadsheet: the bid (a number).
    said("Bid"),
    # Translators: a column of the ledger's spreadsheet: the trump suit.
    said("Trump"),
    said("Result"),
)
# A hand's result (HandOutcome.result) in words, as the ledger's badge says it.
RESULTS = {
    # Translators: a hand's result: the bidder made the bid.
    "made": said("made"),
    # Translators: a hand's result: the bidder went set (failed to make the bid).
    "set": said("set"),
    "played": said("played"),
    "redeal": said("redeal"),
    "forfeit": said("forfeit"),
    "thrown-in": said("thrown in"),
}
# A spreadsheet runs a cell starting with one of these as a formula.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def _cell(value: Any, say: Callable[[str], str]) -> Any:
    """A text cell (its words said by ``say``) that a spreadsheet shows as text: a name like
    "=1+1" is not run as a formula."""
    if not isinstance(value, str):
        return value
    value = say(value)
    return "'" + value if value.startswith(FORMULA_STARTS) else value


def _side_columns(side: str) -> list[str]:
    """A side's four columns, headed by its name."""
    return [
        said("%(name)s meld", name=side),
        said("%(name)s tricks", name=side),
        said("%(name)s points", name=side),
        said("%(name)s total", name=side),
    ]


def ledger_rows(state: MatchState) -> list[list[Any]]:
    """The ledger as a table: a header naming each side's columns, then one row per hand."""
    header: list[Any] = list(LEDGER_COLUMNS)
    for side in state.sides:
        header += _side_columns(side)
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
            "" if hand.trump is None else SUIT_NAMES[hand.trump],
            RESULTS.get(outcome.result) or outcome.result.replace("-", " "),
        ]
        for side in range(len(state.sides)):
            tricks = "" if row.hand.tricks is None else row.hand.tricks[side]
            cells += [row.hand.meld[side], tricks, outcome.points[side], row.totals[side]]
        rows.append(cells)
    return rows


def _csv(rows: list[list[Any]], say: Callable[[str], str] = str) -> bytes:
    """Rows as CSV in UTF-8 with a byte order mark, so Excel reads names rightly; each text
    cell's words said by ``say``."""
    text = io.StringIO()
    csv.writer(text).writerows([[_cell(value, say) for value in cells] for cells in rows])
    return text.getvalue().encode("utf-8-sig")


def ledger_csv(state: MatchState, say: Callable[[str], str] = str) -> bytes:
    """The ledger as CSV, its words said by ``say`` (English by default)."""
    return _csv(ledger_rows(state), say)


def yahtzee_rows(state: SheetState) -> list[list[Any]]:
    """Every card as one table, laid out like the card on paper: a row per box, then the
    subtotals, bonuses and totals; a column per player (in Triple, one per player and
    column, ×1 ×2 ×3, with the grand total under the player's first). An open box is an
    empty cell, so a spreadsheet's sums count only what was scored."""
    layout = state.layout
    triple = layout.columns
    # Translators: the first column of a dice game's spreadsheet: the score sheet's boxes.
    header: list[Any] = [said("Box")]
    for sheet in state.sheets:
        for column in sheet.card.columns:
            header.append(f"{sheet.name} ×{column.multiplier}" if triple else sheet.name)

    def row(label: str, value) -> list[Any]:
        cells: list[Any] = [label]
        for sheet in state.sheets:
            cells += [value(column) for column in sheet.card.columns]
        return cells

    def boxes(names: Sequence[str]) -> list[list[Any]]:
        return [
            row(layout.labels[box], lambda column, box=box: _blank(column.card.held(box)))
            for box in names
        ]

    rows = [header, *boxes(layout.upper)]
    rows.append(row(said("Upper subtotal"), lambda column: column.card.upper_subtotal))
    rows.append(row(said("Upper bonus"), lambda column: column.card.upper_bonus))
    rows += boxes(layout.lower)
    if layout.bonus_label:
        rows.append(row(layout.bonus_label, lambda column: column.card.yahtzee_bonus))
    if triple:
        rows.append(row(said("Column total"), lambda column: column.card.total))
        # Translators: a Triple Yahtzee column's total times its multiplier.
        rows.append(row(said("Counts as"), lambda column: column.total))
    total: list[Any] = [said("Total")]
    for sheet in state.sheets:
        total += [sheet.card.total] + [""] * (len(sheet.card.columns) - 1)
    rows.append(total)
    return rows


def _blank(points: int | None) -> int | str:
    return "" if points is None else points


def farkle_rows(state: FarkleState) -> list[list[Any]]:
    """The turns as a score sheet: a row per round, and for each player the points their
    turn counted and their running total (empty where the round's turn is still to come)."""
    players = state.players
    header: list[Any] = [said("Round")]
    for name in players:
        header += [said("%(name)s points", name=name), said("%(name)s total", name=name)]
    rounds: list[list[Any]] = []
    last_player = len(players)
    for played in state.result.turns:
        if played.player <= last_player:
            rounds.append([len(rounds) + 1] + [""] * (2 * len(players)))
        rounds[-1][1 + 2 * played.player] = played.points
        rounds[-1][2 + 2 * played.player] = played.totals[played.player]
        last_player = played.player
    return [header, *rounds]


def dice_scores_csv(state: DiceState, say: Callable[[str], str] = str) -> bytes:
    """A dice game's score sheets as CSV: every Yahtzee card, or Farkle's rounds (its words
    said by ``say``, English by default)."""
    if isinstance(state, FarkleState):
        return _csv(farkle_rows(state), say)
    return _csv(yahtzee_rows(state), say)


def dice_scores_name(state: DiceState) -> str:
    """The CSV's file name: ``scorekeeper-yahtzee-cards-2024-05-01-ann-v-bob.csv``."""
    what = "turns" if isinstance(state, FarkleState) else "cards"
    return download_name(f"{state.game.kind}-{what}", state.game.created_at, state.players, "csv")


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
