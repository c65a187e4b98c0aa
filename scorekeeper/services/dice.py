"""Dice games as the site reads them: found by a link's token and replayed through the
rules core into each player's sheet (Yahtzee, Triple Yahtzee) or the turns (Farkle)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session, selectinload

from ..models import DiceGame, DiceTurn
from ..rules import (
    DICE_GAMES,
    FarkleGame,
    FarkleRules,
    FarkleTurn,
    Scorecard,
    YahtzeeRules,
    YahtzeeStanding,
    YahtzeeTurn,
    bonus_progress,
    dice_game,
    game_result,
    turn_words,
    yahtzee,
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


@dataclass
class Sheet:
    """One player's Yahtzee sheet as the page shows it, with the turn behind each box."""

    player: int
    name: str
    card: Scorecard
    turns: list[DiceTurn]

    @property
    def progress(self) -> list[str]:
        """The upper bonus of each column in a sentence."""
        return [bonus_progress(column.card) for column in self.card.columns]

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


@dataclass
class GameState:
    """What every dice game shows: its kind, its players, its totals and who won."""

    game: DiceGame

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
class YahtzeeState(GameState):
    """A Yahtzee or Triple game: its rules, its turns, every sheet and where it stands."""

    rules: YahtzeeRules
    turns: list[DiceTurn]
    sheets: list[Sheet]
    standing: YahtzeeStanding

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


DiceState = YahtzeeState | FarkleState


def yahtzee_turn(turn: DiceTurn) -> YahtzeeTurn:
    """A stored turn as the core reads it."""
    return YahtzeeTurn(turn.dice, turn.box, turn.column)


def farkle_turn(turn: DiceTurn) -> FarkleTurn:
    """A stored turn as the core reads it."""
    return FarkleTurn(tuple(turn.throws or ()), turn.total, turn.farkle)


def replay_sheet(game: DiceGame, rules: YahtzeeRules, turns: list[YahtzeeTurn]) -> Scorecard:
    """One player's sheet from their turns (a TurnError names the turn that breaks a rule)."""
    return dice_game(game.kind).replay(turns, rules)


def state_of_game(game: DiceGame) -> DiceState:
    """Replay a game's stored turns into its state."""
    kind = dice_game(game.kind)
    rules = kind.build_rules(game.house_rules)
    turns = list(game.turns)
    if kind.variant is None:
        result = kind.replay(game.player_names, [farkle_turn(t) for t in turns], rules)
        return FarkleState(game, rules, turns, result)
    sheets = []
    for player, name in enumerate(game.player_names):
        own = [turn for turn in turns if turn.player == player]
        card = replay_sheet(game, rules, [yahtzee_turn(turn) for turn in own])
        sheets.append(Sheet(player, name, card, own))
    standing = game_result([sheet.card for sheet in sheets])
    return YahtzeeState(game, rules, turns, sheets, standing)


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


def load_game(session: Session, token: str, view: bool = False) -> DiceState:
    """A game by its link (the view link when ``view``), replayed (two queries)."""
    return state_of_game(find_game(session, token, view))


def describe_turn(state: DiceState, turn: DiceTurn) -> str:
    """A stored turn as the page says it: "Bob's turn 3: 3 3 3 5 6 in Full house (25)", or
    for Farkle "turn 3: Bob banks 600"."""
    if isinstance(state, FarkleState):
        played = state.result.turns[state.turns.index(turn)]
        return f"turn {played.number}: {played.sentence}"
    sheet = state.sheets[turn.player]
    number = sheet.turns.index(turn) + 1
    scored = sheet.card.turns[number - 1]
    where = yahtzee.BOX_LABELS[scored.box]
    if state.game.kind == "triple":
        where += f" ×{sheet.card.columns[scored.column - 1].multiplier}"
    points = f"{scored.points} + {scored.bonus} bonus" if scored.bonus else str(scored.points)
    dice = " ".join(str(face) for face in scored.dice)
    return f"{sheet.name}'s turn {number}: {dice} in {where} ({points})"


def turn_done(state: DiceState, turn: DiceTurn) -> str:
    """What a stored turn did, in the words a player is told once it is in: "Ann: 20 in
    Three of a kind" (Triple: "… in Chance ×3"), or for Farkle "Ann banked 350"."""
    if isinstance(state, FarkleState):
        return state.result.turns[state.turns.index(turn)].said
    sheet = state.sheets[turn.player]
    scored = sheet.card.turns[sheet.turns.index(turn)]
    columns = sheet.card.columns
    # A sheet of several columns (Triple) names the column's multiplier.
    multiplier = columns[scored.column - 1].multiplier if len(columns) > 1 else None
    return f"{sheet.name}: {turn_words(scored, multiplier)}"


def who_plays_now(state: DiceState) -> str:
    """Whose turn it is, or once the game is over who won: "Bob's turn", "Ann wins"."""
    if state.over:
        names = state.winner_names
        return f"{names[0]} wins" if len(names) == 1 else f"{' and '.join(names)} share the win"
    return f"{state.players[state.next_player]}'s turn"


def last_turn_said(state: DiceState) -> str | None:
    """The game's last turn and what comes next: "Ann: 20 in Three of a kind · Bob's turn"
    (None before the first turn)."""
    if not state.turns:
        return None
    return f"{turn_done(state, state.turns[-1])} · {who_plays_now(state)}"


@dataclass(frozen=True)
class TurnsSince:
    """What other phones did to a dice game after a turn's form was drawn at ``seen``."""

    seen: int
    version: int  # the version stored now, where a redrawn form may enter a turn
    entered: tuple[str, ...]  # each turn entered since, in words (describe_turn)
    next_number: int  # the number the next turn entered will have
    next_name: str | None  # whose turn it is now (None once the game is over)

    @property
    def changes(self) -> int:
        """How many writes happened since (each write moves the version by one)."""
        return self.version - self.seen

    @property
    def sentence(self) -> str:
        """The change for a player: "Another phone entered Bob's turn 3: 3 3 3 5 6 in …"."""
        if not self.entered:
            return "Another phone corrected or took back a turn"
        said = f"Another phone entered {self.entered[0]}"
        more = len(self.entered) - 1
        if more:
            said += f" (and {more} more turn{'s' if more > 1 else ''} since)"
        return said


def changed_since(state: DiceState, seen: int, number: int | None) -> TurnsSince | None:
    """What changed in the game since a turn's form was drawn at version ``seen`` for turn
    ``number`` (None when nothing did): the turns entered since, and whose turn it is now."""
    version = state.game.version
    seen = max(seen, 0)
    if seen >= version:
        return None
    entered = state.turns[number - 1 :] if number is not None and number >= 1 else []
    next_player = None if state.over else state.next_player
    return TurnsSince(
        seen,
        version,
        tuple(describe_turn(state, turn) for turn in entered),
        state.next_number,
        None if next_player is None else state.players[next_player],
    )


def turn_changed_since(state: DiceState, turn_id: int, seen: int) -> str | None:
    """What another phone did to the game while a correction of one turn was open at
    version ``seen``, in words (None when nothing did)."""
    if seen >= state.game.version:
        return None
    try:
        turn = state.turn(turn_id)
    except NotFound:
        return "Another phone took back this turn"
    return f"Another phone changed this game (this turn is now {describe_turn(state, turn)})"
