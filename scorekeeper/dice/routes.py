"""The dice score sheets: start a Yahtzee, Triple Yahtzee or Farkle game, enter and correct
turns, and read the cards; every score comes from replaying the turns through the core."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flask import Blueprint, abort, g, redirect, request, url_for
from flask_wtf import FlaskForm
from sqlalchemy.orm import selectinload
from werkzeug.wrappers import Response

from ..extensions import db
from ..htmx import render
from ..matches.device import this_device
from ..models import DeviceDiceGame, DiceGame, DiceTurn, looks_like_token
from ..rules import yahtzee
from ..rules.errors import RuleError
from ..rules.farkle import FarkleGame, FarkleRules, FarkleTurn, replay_farkle, score_throw
from ..rules.yahtzee import (
    BoxPreview,
    Scorecard,
    TurnError,
    YahtzeeRules,
    YahtzeeStanding,
    YahtzeeTurn,
    bonus_progress,
    game_result,
    open_boxes_preview,
    parse_dice,
    replay_game,
)
from .forms import (
    KINDS,
    DiceForm,
    EditTurnForm,
    FarkleTurnForm,
    NewGameForm,
    TurnForm,
    fewest_players,
    house_rule_overrides,
    house_rules_form,
    knob_rows,
    most_players,
    rules_of,
)

bp = Blueprint("dice", __name__, url_prefix="/dice")

# The core's name for each Yahtzee game.
VARIANTS = {"yahtzee": "classic", "triple": "triple"}
EXPIRED = "The form expired; reload the page and try again."
STALE = "That turn is already on the sheet (tapped twice, or entered on another phone)."


# ---------------------------------------------------------------------- this device


def remember_dice_game(game_id: int) -> None:
    """List the game on this device's home page (giving the device a cookie if needed).

    The cookie itself is read and written by the matches' device hooks, for every page.
    """
    device = this_device()
    if db.session.get(DeviceDiceGame, (device, game_id)) is None:
        db.session.add(DeviceDiceGame(device=device, game_id=game_id))
        db.session.commit()


# ------------------------------------------------------------------ a game replayed


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
        return KINDS[self.game.kind]

    @property
    def players(self) -> list[str]:
        return self.game.player_names

    @property
    def winner_names(self) -> list[str]:
        return [self.players[player] for player in self.winners]


@dataclass
class YahtzeeState(GameState):
    """A Yahtzee or Triple game: its rules, its turns, every sheet and where it stands."""

    rules: YahtzeeRules
    turns: list[DiceTurn]
    sheets: list[Sheet]
    standing: YahtzeeStanding

    @property
    def totals(self) -> tuple[int, ...]:
        return self.standing.totals

    @property
    def over(self) -> bool:
        return self.standing.complete

    @property
    def winners(self) -> tuple[int, ...]:
        return self.standing.winners

    @property
    def next_player(self) -> int | None:
        return self.standing.next_player


@dataclass
class FarkleState(GameState):
    """A Farkle game: its rules, its turns and their replay."""

    rules: FarkleRules
    turns: list[DiceTurn]
    result: FarkleGame

    @property
    def totals(self) -> tuple[int, ...]:
        return self.result.totals

    @property
    def over(self) -> bool:
        return self.result.over

    @property
    def winners(self) -> tuple[int, ...]:
        return self.result.winners

    @property
    def still_to_play(self) -> list[str]:
        """Who has a turn left in the final round."""
        return [self.players[player] for player in self.result.final_turns_left]

    @property
    def next_player(self) -> int | None:
        return self.result.next_player


State = YahtzeeState | FarkleState


def yahtzee_turn(turn: DiceTurn) -> YahtzeeTurn:
    """A stored turn as the core reads it."""
    return YahtzeeTurn(turn.dice, turn.box, turn.column)


def farkle_turn(turn: DiceTurn) -> FarkleTurn:
    """A stored turn as the core reads it."""
    return FarkleTurn(tuple(turn.throws or ()), turn.total, turn.farkle)


def replay_sheet(game: DiceGame, rules: YahtzeeRules, turns: list[YahtzeeTurn]) -> Scorecard:
    """One player's sheet from their turns (a TurnError names the turn that breaks a rule)."""
    return replay_game(VARIANTS[game.kind], turns, rules)


def replay(game: DiceGame) -> State:
    """Replay a game's stored turns into its state."""
    rules = rules_of(game.kind, game.house_rules)
    turns = list(game.turns)
    if game.kind == "farkle":
        result = replay_farkle(game.player_names, [farkle_turn(t) for t in turns], rules)
        return FarkleState(game, rules, turns, result)
    sheets = []
    for player, name in enumerate(game.player_names):
        own = [turn for turn in turns if turn.player == player]
        card = replay_sheet(game, rules, [yahtzee_turn(turn) for turn in own])
        sheets.append(Sheet(player, name, card, own))
    standing = game_result([sheet.card for sheet in sheets])
    return YahtzeeState(game, rules, turns, sheets, standing)


def find_game(token: str) -> DiceGame:
    """The game a link's token opens; 404 (saying nothing more) for any other token."""
    if not looks_like_token(token):
        abort(404)
    game = db.session.execute(
        db.select(DiceGame).where(DiceGame.token == token).options(selectinload(DiceGame.turns))
    ).scalar_one_or_none()
    if game is None:
        abort(404)
    return game


def load_state(token: str) -> State:
    """Load a game by its link in two queries and replay it."""
    return replay(find_game(token))


def device_dice_games() -> list[State]:
    """The dice games opened on this device: in progress first, then finished, newest first."""
    device = g.get("device")
    if not device:
        return []
    games = db.session.scalars(
        db.select(DiceGame)
        .join(DeviceDiceGame, DeviceDiceGame.game_id == DiceGame.id)
        .where(DeviceDiceGame.device == device)
        .options(selectinload(DiceGame.turns))
        .order_by(DiceGame.created_at.desc(), DiceGame.id.desc())
    ).all()
    return sorted((replay(game) for game in games), key=lambda state: state.over)


def _next_position(state: State) -> int:
    return state.turns[-1].position + 1 if state.turns else 1


def _turn_or_404(state: State, turn_id: int) -> DiceTurn:
    for turn in state.turns:
        if turn.id == turn_id:
            return turn
    abort(404)


# ---------------------------------------------------------------------- a new game


def _new_page(form: NewGameForm, rules_form, kind: str, status: int = 200) -> Response:
    response = render(
        "dice/new.html",
        "dice/_new_form.html",
        form=form,
        rules=rules_form,
        kind=kind,
        label=KINDS[kind],
        fewest=fewest_players(kind),
        most=most_players(kind),
    )
    response.status_code = status
    return response


@bp.get("/new")
def new() -> Response:
    """The form that starts a dice game; choosing another game refits it."""
    kind = request.args.get("kind", "yahtzee")
    if kind not in KINDS:
        kind = "yahtzee"
    form = NewGameForm(formdata=None, kind=kind)
    form.fit(kind)
    return _new_page(form, house_rules_form(kind), kind)


@bp.post("/new")
def create() -> Response:
    """Start a game from the form; errors stay next to their fields and nothing is saved."""
    kind = request.form.get("kind", "")
    form = NewGameForm()
    valid = form.validate()
    if kind not in KINDS:
        kind = "yahtzee"
    form.fit(kind)
    if request.form.get("fitted_for") != kind:
        # The game changed after the form was drawn: names stay, house rules start over.
        form.kind.errors = [
            f"The form now fits {KINDS[kind]}: check the names and house rules, then start."
        ]
        return _new_page(form, house_rules_form(kind), kind, 422)
    rules_form = house_rules_form(kind, request.form)
    valid &= rules_form.validate()
    names = form.names(kind)
    overrides = house_rule_overrides(rules_form, kind)
    if valid:
        try:
            rules_of(kind, overrides)
        except RuleError as error:
            rules_form[error.field].errors = [error.reason]
            valid = False
    if not valid or names is None:
        return _new_page(form, rules_form, kind, 422)
    game = DiceGame(kind=kind, player_names=names, house_rules=overrides)
    db.session.add(game)
    db.session.commit()
    remember_dice_game(game.id)
    return redirect(url_for(".show", token=game.token), 303)


# ------------------------------------------------------------------------ the game page


def _page(state: State, status: int = 200, **context: Any) -> Response:
    remember_dice_game(state.game.id)
    response = render(
        "dice/page.html",
        "dice/_game.html",
        state=state,
        kind=state.game.kind,
        label=KINDS[state.game.kind],
        knobs=knob_rows(state.game.kind, state.rules),
        action_form=FlaskForm(),
        last_turn=state.turns[-1] if state.turns else None,
        faces=yahtzee.FACES,
        **context,
    )
    response.status_code = status
    return response


def _yahtzee_page(
    state: YahtzeeState,
    dice_form: DiceForm,
    status: int = 200,
    slot_error: str | None = None,
    confirm: dict[str, Any] | None = None,
) -> Response:
    """The Yahtzee page; with dice entered, what each open box of the card would score."""
    previews = None
    dice = None
    if dice_form.dice.data and not dice_form.dice.errors and not state.over:
        sheet = state.sheets[state.next_player]
        try:
            dice = digits(parse_dice(dice_form.dice.data))
            previews = [
                open_boxes_preview(column.card, dice, state.rules) for column in sheet.card.columns
            ]
        except RuleError as error:
            dice_form.dice.errors = [error.reason]
            dice = None
    if dice_form.dice.errors:
        status = max(status, 422)
    return _page(
        state,
        status,
        dice_form=dice_form,
        dice=dice,
        previews=previews,
        notes=forbidden_notes(state, previews or []),
        slot_error=slot_error,
        confirm=confirm,
        boxes=yahtzee,
    )


def forbidden_notes(state: YahtzeeState, previews: list[tuple[BoxPreview, ...]]) -> dict:
    """Why boxes may not take these dice, each reason once: {(column or None, reason): id}.

    The joker rule gives most forbidden boxes one shared reason, so the card says it once
    and every box it forbids points to it.
    """
    triple = state.game.kind == "triple"
    notes: dict[tuple[int | None, str], str] = {}
    for column, verdicts in enumerate(previews, start=1):
        for verdict in verdicts:
            if not verdict.allowed and verdict.held is None and verdict.reason:
                key = (column if triple else None, verdict.reason)
                notes.setdefault(key, f"reason-{len(notes) + 1}")
    return notes


def _farkle_page(state: FarkleState, form: FarkleTurnForm, status: int = 200) -> Response:
    return _page(state, status, form=form)


@bp.get("/<token>")
def show(token: str) -> Response:
    """The game: totals, whose turn, the next turn's form and every card or turn so far."""
    state = load_state(token)
    if isinstance(state, FarkleState):
        return _farkle_page(state, FarkleTurnForm(formdata=None))
    dice_form = DiceForm(request.args)
    dice_form.validate()
    return _yahtzee_page(state, dice_form)


@bp.post("/<token>/turns")
def add_turn(token: str) -> Response:
    """Record the next turn; a turn that breaks a rule stays on the form, unsaved."""
    state = load_state(token)
    if state.over:
        abort(409, description="This game is over; start another to play on.")
    # The form says which turn it enters, so a double tap or a second phone cannot enter
    # the same turn twice (the second would land on the next player).
    number = request.form.get("number", type=int)
    if number is not None and number != len(state.turns) + 1:
        abort(409, description=STALE)
    if isinstance(state, FarkleState):
        return _add_farkle_turn(state)
    return _add_yahtzee_turn(state)


def _add_yahtzee_turn(state: YahtzeeState) -> Response:
    form = TurnForm()
    dice_form = DiceForm(data={"dice": form.dice.data})
    if not form.validate() or not form.slot.data:
        return _yahtzee_page(state, dice_form, 422, slot_error="tap the box to score these dice in")
    box, column = form.box_and_column()
    player = state.next_player
    sheet = state.sheets[player]
    turns = [yahtzee_turn(turn) for turn in sheet.turns]
    try:
        card = replay_sheet(
            state.game, state.rules, [*turns, YahtzeeTurn(form.dice.data, box, column)]
        )
    except TurnError as error:
        if error.field == "dice":
            dice_form.dice.errors = [error.reason]
            return _yahtzee_page(state, dice_form, 422)
        return _yahtzee_page(state, dice_form, 422, slot_error=error.reason)
    scored = card.turns[-1]
    if scored.points == 0 and form.confirm.data != form.slot.data:
        # Nothing is saved until the player says yes to the zero.
        confirm = {
            "slot": form.slot.data,
            "box": yahtzee.BOX_LABELS[box],
            "column": column if state.game.kind == "triple" else None,
            "bonus": scored.bonus,
        }
        return _yahtzee_page(state, dice_form, confirm=confirm)
    db.session.add(
        DiceTurn(
            game_id=state.game.id,
            position=_next_position(state),
            player=player,
            dice=digits(scored.dice),
            box=box,
            column=scored.column if state.game.kind == "triple" else None,
        )
    )
    db.session.commit()
    return redirect(url_for(".show", token=state.game.token), 303)


def _add_farkle_turn(state: FarkleState) -> Response:
    form = FarkleTurnForm()
    if not form.validate():
        return _farkle_page(state, form, 422)
    if form.action.data == "farkle":
        turn = FarkleTurn(farkle=True)
    else:
        turn = FarkleTurn(tuple(form.kept_dice()), form.total.data)
    turns = [farkle_turn(stored) for stored in state.turns]
    try:
        result = replay_farkle(state.players, [*turns, turn], state.rules)
    except TurnError as error:
        _farkle_error(form, error)
        return _farkle_page(state, form, 422)
    played = result.turns[-1]
    db.session.add(
        DiceTurn(
            game_id=state.game.id,
            position=_next_position(state),
            player=played.player,
            throws=[digits(throw.dice) for throw in played.throws] if turn.throws else None,
            total=turn.total,
            farkle=turn.farkle,
        )
    )
    db.session.commit()
    return redirect(url_for(".show", token=state.game.token), 303)


def _farkle_error(form: FarkleTurnForm, error: RuleError) -> None:
    """Show a broken rule next to the field it is about (the turn as a whole: at the top)."""
    if error.field in ("throws", "total"):
        form[error.field].errors = [*form[error.field].errors, error.reason]
    else:
        form.turn_error = error.reason


@bp.post("/<token>/preview")
def preview(token: str) -> Response:
    """What the Farkle turn being entered would score, throw by throw (a fragment)."""
    state = load_state(token)
    if not isinstance(state, FarkleState):
        abort(404)
    form = FarkleTurnForm()
    form.validate()
    throws = []
    for kept in form.kept_dice():
        try:
            throws.append((kept, score_throw(kept), None))
        except RuleError as error:
            throws.append((kept, None, error.reason))
    outcome = error = None
    entered = bool(throws) or form.total.data is not None
    if entered and not state.over and all(problem is None for _, _, problem in throws):
        turn = FarkleTurn(tuple(form.kept_dice()), form.total.data)
        turns = [*(farkle_turn(stored) for stored in state.turns), turn]
        try:
            outcome = replay_farkle(state.players, turns, state.rules).turns[-1]
        except TurnError as broken:
            error = broken.reason
    return render(
        "dice/_farkle_preview.html",
        "dice/_farkle_preview.html",
        state=state,
        throws=throws,
        outcome=outcome,
        error=error,
    )


# ---------------------------------------------------------------- correcting a turn


@bp.route("/<token>/turns/<int:turn_id>/edit", methods=["GET", "POST"])
def edit_turn(token: str, turn_id: int) -> Response:
    """Correct a past Yahtzee turn's dice or box; the player's whole card is replayed."""
    state = load_state(token)
    if not isinstance(state, YahtzeeState):
        abort(404)
    turn = _turn_or_404(state, turn_id)
    sheet = state.sheets[turn.player]
    number = sheet.turns.index(turn) + 1
    if request.method == "GET":
        data = {"dice": turn.dice, "box": turn.box, "column": str(turn.column or 1)}
        return _edit_page(state, sheet, turn, number, EditTurnForm(data=data))
    form = EditTurnForm()
    if not form.validate():
        return _edit_page(state, sheet, turn, number, form, 422)
    column = form.chosen_column() if state.game.kind == "triple" else None
    changed = YahtzeeTurn(form.dice.data, form.box.data, column)
    turns = [yahtzee_turn(t) for t in sheet.turns]
    turns[number - 1] = changed
    try:
        card = replay_sheet(state.game, state.rules, turns)
    except TurnError as error:
        if error.turn == number and error.field in ("dice", "box", "column"):
            form[error.field].errors = [error.reason]
        else:
            form.turn_error = f"with this change, {sheet.name}'s {error}"
        return _edit_page(state, sheet, turn, number, form, 422)
    turn.dice = digits(card.turns[number - 1].dice)
    turn.box = changed.box
    turn.column = column
    db.session.commit()
    return redirect(url_for(".show", token=token), 303)


def _edit_page(state, sheet, turn, number, form, status=200) -> Response:
    if state.game.kind != "triple":
        del form.column
    response = render(
        "dice/edit.html",
        "dice/_edit_form.html",
        state=state,
        kind=state.game.kind,
        sheet=sheet,
        turn=turn,
        number=number,
        scored=sheet.card.turns[number - 1],
        form=form,
        boxes=yahtzee,
    )
    response.status_code = status
    return response


# ------------------------------------------------------------------ undo, play again


@bp.post("/<token>/undo")
def undo(token: str) -> Response:
    """Take back the last turn entered."""
    game = find_game(token)
    if not FlaskForm().validate():
        abort(400, description=EXPIRED)
    last = db.session.scalars(
        db.select(DiceTurn)
        .where(DiceTurn.game_id == game.id)
        .order_by(DiceTurn.position.desc())
        .limit(1)
    ).first()
    if last is not None:
        db.session.delete(last)
        db.session.commit()
    return redirect(url_for(".show", token=game.token), 303)


@bp.post("/<token>/again")
def again(token: str) -> Response:
    """A new game of the same kind, with the same players and house rules."""
    old = find_game(token)
    if not FlaskForm().validate():
        abort(400, description=EXPIRED)
    game = DiceGame(
        kind=old.kind, player_names=list(old.player_names), house_rules=dict(old.house_rules)
    )
    db.session.add(game)
    db.session.commit()
    remember_dice_game(game.id)
    return redirect(url_for(".show", token=game.token), 303)
