"""Every change to a dice game: starting one, entering, correcting and undoing turns, and
playing again. Each checks the rules through a replay and moves the game's version in the
same transaction, so two phones (or a double tap) can never enter one turn twice."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from ..models import DiceGame, DiceTurn
from ..rules import (
    FarkleTurn,
    FarkleTurnResult,
    RuleError,
    SheetTurn,
    TurnError,
    TurnResult,
    dice_game,
    replay_farkle,
    said,
)
from .dice import (
    DiceState,
    FarkleState,
    SheetState,
    digits,
    farkle_turn,
    find_game,
    load_game,
    replay_sheet,
    sheet_turn,
)
from .dice_words import changed_since, describe_turn
from .errors import AlreadyRecorded, Conflict, GameOver, NotFound, ZeroToConfirm
from .writes import checked_form_token, checked_version, claim_version, is_form_token

STALE = said("That turn is already on the sheet (tapped twice, or entered on another phone).")
SAVED = said("That turn is saved already.")


def start_dice_game(
    session: Session,
    kind: str,
    player_names: Sequence[str],
    house_rules: dict[str, Any],
    commit: bool = True,
) -> DiceGame:
    """Store a new game (RuleError if the kind, a house rule or the players do not fit).

    ``commit=False`` leaves the game in the caller's transaction (flushed, with its id),
    for a caller whose write spans the game and more (a group's game): one commit."""
    game_kind = dice_game(kind)
    game_kind.build_rules(house_rules)
    fewest, most = game_kind.fewest_players, game_kind.most_players
    if not fewest <= len(player_names) <= most:
        raise RuleError(
            said(
                "%(game)s needs %(fewest)s to %(most)s players",
                game=game_kind.label,
                fewest=fewest,
                most=most,
            ),
            "player_names",
        )
    game = DiceGame(kind=kind, player_names=list(player_names), house_rules=dict(house_rules))
    session.add(game)
    if commit:
        session.commit()
    else:
        session.flush()
    return game


def play_again(session: Session, token: str) -> DiceGame:
    """A new game of the same kind, with the same players and house rules."""
    old = find_game(session, token)
    return start_dice_game(session, old.kind, old.player_names, old.house_rules)


def score_sheet_turn(state: SheetState, turn: SheetTurn) -> TurnResult:
    """What the next player's turn would score in its box (TurnError if it may not, or if a
    turn already won the game outright)."""
    game = dice_game(state.game.kind).sheet
    try:
        game.check_turn([sheet.card for sheet in state.sheets], state.rules)
    except RuleError as error:
        raise TurnError(error.reason, error.field) from None
    sheet = state.sheets[state.next_player]
    turns = [sheet_turn(turn) for turn in sheet.turns]
    card = replay_sheet(state.game, state.rules, [*turns, turn])
    return card.turns[-1]


def score_farkle_turn(state: FarkleState, turn: FarkleTurn) -> FarkleTurnResult:
    """What the next player's turn scores, and where it leaves the game (TurnError if a
    throw breaks a rule)."""
    turns = [farkle_turn(stored) for stored in state.turns]
    return replay_farkle(state.players, [*turns, turn], state.rules).turns[-1]


def _already_recorded(session: Session, game_id: int, form_token: str) -> bool:
    found = session.execute(
        select(DiceTurn.id).where(DiceTurn.game_id == game_id, DiceTurn.client_token == form_token)
    ).first()
    return found is not None


def ready_for_turn(
    session: Session, state: DiceState, *, version: Any, form_token: Any, number: int | None
) -> str:
    """Check that a new turn's form is this site's, not yet recorded, and drawn for the
    turn now due; returns its one-time token. Raises Refused, AlreadyRecorded, GameOver
    or Conflict."""
    # A double tap of the turn that ended the game is answered as the first tap was.
    if is_form_token(form_token) and _already_recorded(session, state.game.id, form_token):
        raise AlreadyRecorded(SAVED)
    if state.over:
        raise GameOver(said("This game is over; start another to play on."))
    form_token = checked_form_token(form_token)
    checked_version(version)
    # The form says which turn it enters: a second phone's form names one already taken.
    if number is not None and number != state.next_number:
        raise _stale(state, version, number)
    return form_token


def _stale(state: DiceState, seen: int, number: int | None) -> Conflict:
    """A turn's form drawn before another phone's change: nothing was written; the conflict
    says what changed since, and the version a redrawn form may enter the turn at."""
    return Conflict(STALE, version=state.game.version, change=changed_since(state, seen, number))


def _store_turn(
    session: Session,
    state: DiceState,
    version: int,
    form_token: str,
    number: int | None,
    **entries: Any,
) -> DiceTurn:
    """Claim the game's next version and store the turn, or say why it cannot be."""
    if not claim_version(session, DiceGame, state.game.id, version):
        session.rollback()
        if _already_recorded(session, state.game.id, form_token):
            raise AlreadyRecorded(SAVED)
        session.expire_all()
        raise _stale(load_game(session, state.game.token), version, number)
    position = state.turns[-1].position + 1 if state.turns else 1
    turn = DiceTurn(game_id=state.game.id, position=position, client_token=form_token, **entries)
    session.add(turn)
    try:
        session.commit()
    except IntegrityError:
        # The same form stored this turn a moment ago, through another process.
        session.rollback()
        raise AlreadyRecorded(SAVED) from None
    return turn


def add_sheet_turn(
    session: Session,
    token: str,
    dice: Any,
    box: str,
    column: int | None = None,
    *,
    first_throw: bool = False,
    throws: int | None = None,
    version: Any,
    form_token: Any,
    number: int | None = None,
    ask_before_zero: bool = False,
    zero_said: str | None = None,
) -> DiceTurn:
    """Score the next player's dice in a box of a sheet game: one call checks the form, the
    rules and the version, and stores the turn. With ``ask_before_zero`` (a player's tap) a
    turn scoring 0 is stored only once the player said yes to it (``zero_said`` names the
    slot they confirmed), else ZeroToConfirm carries what it would score. Raises NotFound,
    Refused, AlreadyRecorded, GameOver, Conflict, or TurnError for a turn the rules do not
    allow."""
    state = load_game(session, token)
    if not isinstance(state, SheetState):
        raise NotFound()
    form_token = ready_for_turn(
        session, state, version=version, form_token=form_token, number=number
    )
    turn = SheetTurn(dice, box, first_throw, throws, column)
    scored = score_sheet_turn(state, turn)
    slot = f"{column}:{box}" if state.layout.columns else box
    if ask_before_zero and scored.points == 0 and zero_said != slot:
        raise ZeroToConfirm(scored, slot)
    return _store_turn(
        session,
        state,
        version,
        form_token,
        number,
        player=state.next_player,
        dice=digits(scored.dice),
        box=box,
        column=scored.column if state.layout.columns else None,
        first_throw=first_throw,
        throws_used=throws,
    )


def add_farkle_turn(
    session: Session,
    token: str,
    turn: FarkleTurn,
    *,
    version: Any,
    form_token: Any,
    number: int | None = None,
) -> DiceTurn:
    """Record the next player's Farkle turn (kept dice, a total, or a farkle)."""
    state = load_game(session, token)
    if not isinstance(state, FarkleState):
        raise NotFound()
    form_token = ready_for_turn(
        session, state, version=version, form_token=form_token, number=number
    )
    played = score_farkle_turn(state, turn)
    return _store_turn(
        session,
        state,
        version,
        form_token,
        number,
        player=played.player,
        throws=[digits(throw.dice) for throw in played.throws] if turn.throws else None,
        total=turn.total,
        farkle=turn.farkle,
    )


def edit_sheet_turn(
    session: Session,
    token: str,
    turn_id: int,
    dice: Any,
    box: str,
    column: int | None,
    *,
    first_throw: bool | None = None,
    throws: int | None = None,
    version: Any,
) -> None:
    """Correct a past turn's dice, box or column (and a served turn or its throws, where
    the game has them; ``first_throw`` None keeps what was stored); the player's card is
    replayed.

    A TurnError names the turn it is about (this one, or a later one it breaks); another
    phone's change since the form was drawn is a Conflict.
    """
    state = load_game(session, token)
    if not isinstance(state, SheetState):
        raise NotFound()
    turn = state.turn(turn_id)
    seen = checked_version(version)
    sheet = state.sheets[turn.player]
    number = sheet.turns.index(turn) + 1
    if first_throw is None:
        first_throw, throws = turn.first_throw, turn.throws_used
    turns = [sheet_turn(t) for t in sheet.turns]
    turns[number - 1] = SheetTurn(dice, box, first_throw, throws, column)
    card = replay_sheet(state.game, state.rules, turns)
    if not claim_version(session, DiceGame, state.game.id, seen):
        session.rollback()
        session.expire_all()
        now = load_game(session, token)
        raise Conflict(
            said(
                "Another phone changed this game while you were correcting the turn (now "
                "%(turn)s). Yours was not saved",
                turn=describe_turn(now, now.turn(turn_id)),
            ),
            version=now.game.version,
            change=changed_since(now, seen, None),
        )
    turn.dice = digits(card.turns[number - 1].dice)
    turn.box = box
    turn.column = column
    turn.first_throw = first_throw
    turn.throws_used = throws
    session.commit()


def undo_turn(session: Session, token: str, *, version: Any) -> bool:
    """Take back the last turn entered. The form names the version it was drawn at, so a
    double-tapped Undo takes back one turn (the second undoes nothing: False)."""
    game = find_game(session, token)
    seen = checked_version(version)
    if not claim_version(session, DiceGame, game.id, seen):
        session.rollback()
        return False
    last = session.scalars(
        select(DiceTurn)
        .where(DiceTurn.game_id == game.id)
        .order_by(DiceTurn.position.desc())
        .limit(1)
    ).first()
    if last is not None:
        session.delete(last)
    session.commit()
    return last is not None
