"""What the dice pages say about turns (services/dice.py reads and replays the game): a
stored turn in words, the last turn done, whose turn it is, and what another phone entered
since a page was drawn."""

from __future__ import annotations

from dataclasses import dataclass

from ..models import DiceTurn
from ..rules import dice_game, said, said_joined, said_plural
from .dice import DiceState, FarkleState
from .errors import NotFound

# Translators: between the names of the players who share a win ("Ann and Bob").
AND = said(" and ")


def describe_turn(state: DiceState, turn: DiceTurn) -> str:
    """A stored turn as the page says it: "Bob's turn 3: 3 3 3 5 6 in Full house (25)", or
    for Farkle "turn 3: Bob banks 600"."""
    if isinstance(state, FarkleState):
        played = state.result.turns[state.turns.index(turn)]
        # Translators: a Farkle turn, said within a sentence ("Another phone entered turn 3:
        # Bob banks 600"), hence no capital.
        return said("turn %(number)s: %(turn)s", number=played.number, turn=played.sentence)
    sheet = state.sheets[turn.player]
    number = sheet.turns.index(turn) + 1
    scored = sheet.card.turns[number - 1]
    game = dice_game(state.game.kind).sheet
    where = game.label_of(scored.box)
    if state.layout.columns:
        multiplier = sheet.card.columns[scored.column - 1].multiplier
        # Translators: a box of a Triple Yahtzee column, by the column's multiplier: "Chance ×3".
        where = said("%(box)s ×%(multiplier)s", box=where, multiplier=multiplier)
    dice = " ".join(str(face) for face in scored.dice)
    if scored.bonus:
        return said(
            "%(player)s's turn %(number)s: %(dice)s in %(box)s (%(points)s + %(bonus)s bonus)",
            player=sheet.name,
            number=number,
            dice=dice,
            box=where,
            points=scored.points,
            bonus=scored.bonus,
        )
    return said(
        "%(player)s's turn %(number)s: %(dice)s in %(box)s (%(points)s)",
        player=sheet.name,
        number=number,
        dice=dice,
        box=where,
        points=scored.points,
    )


def turn_done(state: DiceState, turn: DiceTurn) -> str:
    """What a stored turn did, in the words a player is told once it is in: "Ann: 20 in
    Three of a kind" (Triple: "… in Chance ×3"), or for Farkle "Ann banked 350"."""
    if isinstance(state, FarkleState):
        return state.result.turns[state.turns.index(turn)].said
    sheet = state.sheets[turn.player]
    scored = sheet.card.turns[sheet.turns.index(turn)]
    # Translators: what a player's turn did: "Ann: 20 in Three of a kind".
    return said(
        "%(player)s: %(turn)s",
        player=sheet.name,
        turn=dice_game(state.game.kind).sheet.turn_words(scored),
    )


def who_plays_now(state: DiceState) -> str:
    """Whose turn it is, or once the game is over who won: "Bob's turn", "Ann wins"."""
    if state.over:
        names = state.winner_names
        if state.how_won:
            return said("%(winner)s wins: %(how)s", winner=names[0], how=state.how_won)
        if len(names) == 1:
            return said("%(winner)s wins", winner=names[0])
        return said("%(winners)s share the win", winners=said_joined(names, AND))
    return said("%(player)s's turn", player=state.players[state.next_player])


def last_turn_said(state: DiceState) -> str | None:
    """The game's last turn and what comes next: "Ann: 20 in Three of a kind · Bob's turn"
    (None before the first turn)."""
    if not state.turns:
        return None
    return said_joined((turn_done(state, state.turns[-1]), who_plays_now(state)), " · ")


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
            return said("Another phone corrected or took back a turn")
        more = len(self.entered) - 1
        if more:
            return said_plural(
                "Another phone entered %(turn)s (and %(num)s more turn since)",
                "Another phone entered %(turn)s (and %(num)s more turns since)",
                more,
                turn=self.entered[0],
            )
        return said("Another phone entered %(turn)s", turn=self.entered[0])


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
        return said("Another phone took back this turn")
    return said(
        "Another phone changed this game (this turn is now %(turn)s)",
        turn=describe_turn(state, turn),
    )
