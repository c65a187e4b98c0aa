"""Dice games as the site reads them: found by a link's token and replayed through the
rules core into each player's sheet (the sheet games: Yahtzee to Generala) or the turns
(Farkle). The game's registry entry answers every question about its rules."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from sqlalchemy import Connection, bindparam, select
from sqlalchemy.orm import Session, selectinload

from ..models import DiceGame, DiceTurn
from ..rules import (
    DICE_GAMES,
    Box,
    FarkleGame,
    FarkleRules,
    FarkleTurn,
    Scorecard,
    SheetTurn,
    YahtzeeStanding,
    dice_game,
    said,
    said_plural,
)
from .errors import NotFound

# The games, as the site names them and shows them (the core's registry says).
KINDS = {kind: game.label for kind, game in DICE_GAMES.items()}


def rules_of(kind: str, overrides: dict[str, Any]) -> Any:
    """The game's rules from the core, with its house rules applied (RuleError if one
    does not fit)."""
    return dice_game(kind).build_rules(overrides)


def digits(faces: tuple[int, ...]) -> str:
    """Dice as they are stored: ``33356``."""
    return "".join(str(face) for face in faces)


@dataclass(frozen=True)
class SheetLayout:
    """A sheet game's card as the page draws it: its boxes by section, their labels, how
    many dice a turn has, its columns' multipliers and the row of extra bonuses (if any)."""

    boxes: tuple[Box, ...]
    dice: int
    multipliers: tuple[int, ...]
    bonus_label: str | None
    asks_first_throw: bool
    keeps_throws: bool
    upper_bonus: bool  # does the sheet play for an upper bonus?
    facts: tuple[str, ...]  # the house rules a table needs in view, in a few words each

    @property
    def names(self) -> tuple[str, ...]:
        """Every box's name, in sheet order."""
        return tuple(box.name for box in self.boxes)

    @property
    def upper(self) -> tuple[str, ...]:
        """The boxes above the upper subtotal."""
        return tuple(box.name for box in self.boxes if box.section == "upper")

    @property
    def lower(self) -> tuple[str, ...]:
        """The boxes below it."""
        return tuple(box.name for box in self.boxes if box.section == "lower")

    @property
    def labels(self) -> dict[str, str]:
        """Each box's label for players."""
        return {box.name: box.label for box in self.boxes}

    @property
    def columns(self) -> bool:
        """Has a player's sheet several columns (Triple Yahtzee)?"""
        return len(self.multipliers) > 1


def layout_of(kind: str, rules: Any) -> SheetLayout:
    """How a sheet game's card is drawn under these house rules."""
    sheet = dice_game(kind).sheet
    return SheetLayout(
        sheet.boxes(rules),
        sheet.dice,
        sheet.multipliers,
        sheet.bonus_label,
        sheet.asks_first_throw,
        sheet.keeps_throws(rules),
        sheet.has_upper_bonus(rules),
        tuple(sheet.facts(rules)),
    )


@dataclass
class Sheet:
    """One player's sheet as the page shows it, with the turn behind each box."""

    player: int
    name: str
    card: Scorecard
    turns: list[DiceTurn]
    progress: list[str | None]  # each column's upper bonus in a sentence (None: no bonus)

    def turn_in(self, column: int, box: str) -> DiceTurn | None:
        """The turn that filled a box of a column (1-based), if one did."""
        for result in self.card.turns:
            if result.column == column and result.box == box:
                return self.turns[result.number - 1]
        return None

    @property
    def boxes_left(self) -> int:
        """How many boxes of the sheet are still open."""
        return sum(len(column.card.open_boxes) for column in self.card.columns)

    @property
    def saved_throws(self) -> int | None:
        """The throws this player keeps for later turns (None in a game that keeps none)."""
        return getattr(self.card, "saved_throws", None)


@dataclass
class GameState:
    """What every dice game shows: its kind, its players, its totals and who won, and the
    templates that draw its own part of the page (``turns_template``: a part that grows
    with each turn, drawn after the house rules; None: none)."""

    game: DiceGame
    template: ClassVar[str]
    turns_template: ClassVar[str | None] = None

    def side_notes(self, player: int) -> list[str]:
        """What the score bar says under a player's total, the most pressing first."""
        return []

    @property
    def how_won(self) -> str | None:
        """How the game ended before its end, when a turn won it outright (else None)."""
        return None

    @property
    def label(self) -> str:
        """The game's name, as the page shows it."""
        return dice_game(self.game.kind).label

    @property
    def players(self) -> list[str]:
        """The players' names, in playing order."""
        return self.game.player_names

    @property
    def winner_names(self) -> list[str]:
        """Who won (several on equal totals)."""
        return [self.players[player] for player in self.winners]

    @property
    def next_number(self) -> int:
        """The number of the turn to be entered next, counting every player's turns."""
        return len(self.turns) + 1

    def turn(self, turn_id: int) -> DiceTurn:
        """A turn of this game by its id (NotFound if it is another game's)."""
        for turn in self.turns:
            if turn.id == turn_id:
                return turn
        raise NotFound()


@dataclass
class SheetState(GameState):
    """A sheet game (Yahtzee, Triple, Yatzy, Maxi Yatzy, Generala, Kniffel, Yams): its
    rules, its turns, every sheet, where it stands and how its card is drawn."""

    rules: Any
    turns: list[DiceTurn]
    sheets: list[Sheet]
    standing: YahtzeeStanding
    layout: SheetLayout

    template: ClassVar[str] = "dice/_sheet.html"

    def side_notes(self, player: int) -> list[str]:
        """A player's saved throws, in a game that keeps them (Maxi Yatzy)."""
        saved = self.sheets[player].saved_throws
        if not self.layout.keeps_throws or not saved:
            return []
        return [said_plural("%(num)s throw saved", "%(num)s throws saved", saved)]

    @property
    def won_outright(self) -> int | None:
        """The player whose turn won the game at once (Generala's served generala), if any."""
        return getattr(self.standing, "won_outright", None)

    @property
    def how_won(self) -> str | None:
        """ "a served generala won it", when a turn won the game outright."""
        if self.won_outright is None:
            return None
        return dice_game(self.game.kind).sheet.won_words

    @property
    def totals(self) -> tuple[int, ...]:
        """Each player's grand total."""
        return self.standing.totals

    @property
    def over(self) -> bool:
        """Is every box of every sheet filled?"""
        return self.standing.complete

    @property
    def winners(self) -> tuple[int, ...]:
        """The players with the highest total, once the game is over."""
        return self.standing.winners

    @property
    def next_player(self) -> int | None:
        """Whose turn it is."""
        return self.standing.next_player

    @property
    def running_totals(self) -> list[list[int]]:
        """Each player's grand total after each of their turns (the sheets' replay)."""
        return [[turn.total for turn in sheet.card.turns] for sheet in self.sheets]


@dataclass
class FarkleState(GameState):
    """A Farkle game: its rules, its turns and their replay."""

    rules: FarkleRules
    turns: list[DiceTurn]
    result: FarkleGame
    template: ClassVar[str] = "dice/_farkle.html"
    turns_template: ClassVar[str | None] = "dice/_farkle_turns.html"

    def side_notes(self, player: int) -> list[str]:
        """Farkles in a row, then "not on the board"."""
        notes = []
        row = self.result.farkles_in_row[player]
        if row:
            notes.append(said_plural("%(num)s farkle in a row", "%(num)s farkles in a row", row))
        if not self.result.on_board[player]:
            # Translators: under a Farkle player's total: they have not reached the opening
            # score yet.
            notes.append(said("not on the board"))
        return notes

    @property
    def totals(self) -> tuple[int, ...]:
        """Each player's total."""
        return self.result.totals

    @property
    def over(self) -> bool:
        """Has the final round been played?"""
        return self.result.over

    @property
    def winners(self) -> tuple[int, ...]:
        """The players with the highest total, once the game is over."""
        return self.result.winners

    @property
    def still_to_play(self) -> list[str]:
        """Who has a turn left in the final round."""
        return [self.players[player] for player in self.result.final_turns_left]

    @property
    def next_player(self) -> int | None:
        """Whose turn it is."""
        return self.result.next_player

    @property
    def running_totals(self) -> list[list[int]]:
        """Each player's total after each of their turns (the game's replay)."""
        totals: list[list[int]] = [[] for _ in self.players]
        for turn in self.result.turns:
            totals[turn.player].append(turn.totals[turn.player])
        return totals


DiceState = SheetState | FarkleState


def sheet_turn(turn: DiceTurn) -> SheetTurn:
    """A stored turn of a sheet game as the core reads it."""
    return SheetTurn(turn.dice, turn.box, turn.first_throw, turn.throws_used, turn.column)


def farkle_turn(turn: DiceTurn) -> FarkleTurn:
    """A stored turn as the core reads it."""
    return FarkleTurn(tuple(turn.throws or ()), turn.total, turn.farkle)


def replay_sheet(game: DiceGame, rules: Any, turns: list[SheetTurn]) -> Scorecard:
    """One player's sheet from their turns (a TurnError names the turn that breaks a rule)."""
    return dice_game(game.kind).sheet.replay(turns, rules)


def state_of_game(game: DiceGame) -> DiceState:
    """Replay a game's stored turns into its state."""
    kind = dice_game(game.kind)
    rules = kind.build_rules(game.house_rules)
    turns = list(game.turns)
    if kind.sheet is None:  # the seats share one running game (Farkle)
        result = kind.replay(game.player_names, [farkle_turn(t) for t in turns], rules)
        return FarkleState(game, rules, turns, result)
    sheets = []
    for player, name in enumerate(game.player_names):
        own = [turn for turn in turns if turn.player == player]
        card = replay_sheet(game, rules, [sheet_turn(turn) for turn in own])
        progress = [kind.sheet.progress(column.card, rules) for column in card.columns]
        sheets.append(Sheet(player, name, card, own, progress))
    standing = kind.sheet.standing([sheet.card for sheet in sheets], rules)
    return SheetState(game, rules, turns, sheets, standing, layout_of(game.kind, rules))


def _token_column(view: bool):
    return DiceGame.view_token if view else DiceGame.token


def find_game(session: Session, token: str, view: bool = False) -> DiceGame:
    """The game a link's token opens (the view token when ``view``), with its turns;
    NotFound for any other token."""
    game = session.execute(
        select(DiceGame).where(_token_column(view) == token).options(selectinload(DiceGame.turns))
    ).scalar_one_or_none()
    if game is None:
        raise NotFound()
    return game


def game_version(session: Session, token: str, view: bool = False) -> int:
    """Only the game's version: the one small query a phone's poll costs while nothing
    changed (NotFound for any other token)."""
    version = session.execute(
        select(DiceGame.version).where(_token_column(view) == token)
    ).scalar_one_or_none()
    if version is None:
        raise NotFound()
    return version


VERSION_BY_TOKEN = select(DiceGame.version).where(DiceGame.token == bindparam("token"))
VERSION_BY_VIEW_TOKEN = select(DiceGame.version).where(DiceGame.view_token == bindparam("token"))


def version_on(connection: Connection, token: str, view: bool) -> int | None:
    """A game's version by its link, on a bare connection (the quick poll has no session);
    None when no game has the link."""
    statement = VERSION_BY_VIEW_TOKEN if view else VERSION_BY_TOKEN
    return connection.execute(statement, {"token": token}).scalar()


def load_game(session: Session, token: str, view: bool = False) -> DiceState:
    """A game by its link (the view link when ``view``), replayed (two queries)."""
    return state_of_game(find_game(session, token, view))
