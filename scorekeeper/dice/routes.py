"""The dice score sheets' views: start a Yahtzee, Triple Yahtzee or Farkle game, enter and
correct turns, and read the cards. Each reads its form, calls a service and answers."""

from __future__ import annotations

import secrets
from typing import Any

from flask import Blueprint, abort, redirect, request, url_for
from flask_wtf import FlaskForm
from werkzeug.wrappers import Response

from ..device import this_device
from ..extensions import db
from ..htmx import render
from ..rules import (
    DICE_GAMES,
    BoxPreview,
    FarkleTurn,
    RuleError,
    TurnError,
    dice_game,
    open_boxes_preview,
    parse_dice,
    score_throw,
    yahtzee,
)
from ..services import devices, dice_turns
from ..services.dice import DiceState, FarkleState, YahtzeeState, digits, load_game
from ..services.errors import AlreadyRecorded, Conflict, Refused
from ..services.writes import OUT_OF_DATE
from ..validators import whole_number
from .forms import (
    DiceForm,
    EditTurnForm,
    FarkleTurnForm,
    NewGameForm,
    TurnForm,
    house_rule_overrides,
    house_rules_form,
    knob_rows,
)

bp = Blueprint("dice", __name__, url_prefix="/dice")

EXPIRED = "The form expired; reload the page and try again."


# ---------------------------------------------------------------------- a new game


def _new_page(form: NewGameForm, rules_form, kind: str, status: int = 200) -> Response:
    response = render(
        "dice/new.html",
        "dice/_new_form.html",
        form=form,
        rules=rules_form,
        kind=kind,
        label=dice_game(kind).label,
        fewest=dice_game(kind).fewest_players,
        most=dice_game(kind).most_players,
    )
    response.status_code = status
    return response


@bp.get("/new")
def new() -> Response:
    """The form that starts a dice game; choosing another game refits it."""
    kind = request.args.get("kind", "yahtzee")
    if kind not in DICE_GAMES:
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
    if kind not in DICE_GAMES:
        kind = "yahtzee"
    form.fit(kind)
    if request.form.get("fitted_for") != kind:
        # The game changed after the form was drawn: names stay, house rules start over.
        label = dice_game(kind).label
        form.kind.errors = [
            f"The form now fits {label}: check the names and house rules, then start."
        ]
        return _new_page(form, house_rules_form(kind), kind, 422)
    rules_form = house_rules_form(kind, request.form)
    valid &= rules_form.validate()
    names = form.names(kind)
    overrides = house_rule_overrides(rules_form, kind)
    if not valid or names is None:
        return _new_page(form, rules_form, kind, 422)
    try:
        game = dice_turns.start_dice_game(db.session, kind, names, overrides)
    except RuleError as error:
        if error.field in rules_form:
            rules_form[error.field].errors = [error.reason]
        else:
            form.kind.errors = [error.reason]
        return _new_page(form, rules_form, kind, 422)
    devices.remember_dice_game(db.session, this_device(), game.id)
    return redirect(url_for(".show", token=game.token), 303)


# ------------------------------------------------------------------------ the game page


def _page(state: DiceState, status: int = 200, **context: Any) -> Response:
    devices.remember_dice_game(db.session, this_device(), state.game.id)
    response = render(
        "dice/page.html",
        "dice/_game.html",
        state=state,
        kind=state.game.kind,
        label=state.label,
        knobs=knob_rows(state.game.kind, state.rules),
        action_form=FlaskForm(),
        last_turn=state.turns[-1] if state.turns else None,
        faces=yahtzee.FACES,
        # A new one-time token each time the page is drawn: one turn per form.
        form_token=secrets.token_urlsafe(16),
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


@bp.get("/<token:token>")
def show(token: str) -> Response:
    """The game: totals, whose turn, the next turn's form and every card or turn so far."""
    state = load_game(db.session, token)
    if isinstance(state, FarkleState):
        return _farkle_page(state, FarkleTurnForm(formdata=None))
    dice_form = DiceForm(request.args)
    dice_form.validate()
    return _yahtzee_page(state, dice_form)


@bp.post("/<token:token>/turns")
def add_turn(token: str) -> Response:
    """Record the next turn; a turn that breaks a rule stays on the form, unsaved.

    Entered once however often it is tapped (the form's one-time token), and never on top
    of a turn another phone entered meanwhile (the game's version and the turn's number).
    """
    state = load_game(db.session, token)
    try:
        if isinstance(state, FarkleState):
            return _add_farkle_turn(state)
        return _add_yahtzee_turn(state)
    except AlreadyRecorded:
        return redirect(url_for(".show", token=token), 303)


def _add_yahtzee_turn(state: YahtzeeState) -> Response:
    form = TurnForm()
    dice_form = DiceForm(data={"dice": form.dice.data})
    valid = form.validate()
    if form.out_of_date():
        return _yahtzee_page(state, dice_form, 422, slot_error=OUT_OF_DATE)
    if not valid or not form.slot.data:
        return _yahtzee_page(state, dice_form, 422, slot_error="tap the box to score these dice in")
    box, column = form.box_and_column()
    try:
        dice_turns.ready_for_turn(
            db.session,
            state,
            version=form.version.data,
            form_token=form.client_token.data,
            number=form.number.data,
        )
        scored = dice_turns.score_yahtzee_turn(state, form.dice.data, box, column)
        if scored.points == 0 and form.confirm.data != form.slot.data:
            # Nothing is saved until the player says yes to the zero.
            confirm = {
                "slot": form.slot.data,
                "box": yahtzee.BOX_LABELS[box],
                "column": column if state.game.kind == "triple" else None,
                "bonus": scored.bonus,
            }
            return _yahtzee_page(state, dice_form, confirm=confirm)
        dice_turns.add_yahtzee_turn(
            db.session,
            state.game.token,
            form.dice.data,
            box,
            column,
            version=form.version.data,
            form_token=form.client_token.data,
            number=form.number.data,
        )
    except TurnError as error:
        if error.field == "dice":
            dice_form.dice.errors = [error.reason]
            return _yahtzee_page(state, dice_form, 422)
        return _yahtzee_page(state, dice_form, 422, slot_error=error.reason)
    except Refused as refused:
        return _yahtzee_page(state, dice_form, 422, slot_error=refused.sentence)
    return redirect(url_for(".show", token=state.game.token), 303)


def _add_farkle_turn(state: FarkleState) -> Response:
    form = FarkleTurnForm()
    valid = form.validate()
    if form.out_of_date():
        form.turn_error = OUT_OF_DATE
        return _farkle_page(state, form, 422)
    if not valid:
        return _farkle_page(state, form, 422)
    if form.action.data == "farkle":
        turn = FarkleTurn(farkle=True)
    else:
        turn = FarkleTurn(tuple(form.kept_dice()), form.total.data)
    try:
        dice_turns.add_farkle_turn(
            db.session,
            state.game.token,
            turn,
            version=form.version.data,
            form_token=form.client_token.data,
            number=form.number.data,
        )
    except TurnError as error:
        _farkle_error(form, error)
        return _farkle_page(state, form, 422)
    except Refused as refused:
        form.turn_error = refused.sentence
        return _farkle_page(state, form, 422)
    return redirect(url_for(".show", token=state.game.token), 303)


def _farkle_error(form: FarkleTurnForm, error: RuleError) -> None:
    """Show a broken rule next to the field it is about (the turn as a whole: at the top)."""
    if error.field in ("throws", "total"):
        form[error.field].errors = [*form[error.field].errors, error.reason]
    else:
        form.turn_error = error.reason


@bp.post("/<token:token>/preview")
def preview(token: str) -> Response:
    """What the Farkle turn being entered would score, throw by throw (a fragment)."""
    state = load_game(db.session, token)
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
        try:
            outcome = dice_turns.score_farkle_turn(state, turn)
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


@bp.route("/<token:token>/turns/<int:turn_id>/edit", methods=["GET", "POST"])
def edit_turn(token: str, turn_id: int) -> Response:
    """Correct a past Yahtzee turn's dice or box; the player's whole card is replayed."""
    state = load_game(db.session, token)
    if not isinstance(state, YahtzeeState):
        abort(404)
    turn = state.turn(turn_id)
    sheet = state.sheets[turn.player]
    number = sheet.turns.index(turn) + 1
    if request.method == "GET":
        data = {"dice": turn.dice, "box": turn.box, "column": str(turn.column or 1)}
        return _edit_page(state, sheet, turn, number, EditTurnForm(data=data))
    form = EditTurnForm()
    valid = form.validate()
    if form.out_of_date():
        form.turn_error = OUT_OF_DATE
        return _edit_page(state, sheet, turn, number, form, 422)
    if not valid:
        return _edit_page(state, sheet, turn, number, form, 422)
    column = form.chosen_column() if state.game.kind == "triple" else None
    try:
        dice_turns.edit_yahtzee_turn(
            db.session,
            token,
            turn_id,
            form.dice.data,
            form.box.data,
            column,
            version=form.version.data,
        )
    except TurnError as error:
        if error.turn == number and error.field in ("dice", "box", "column"):
            form[error.field].errors = [error.reason]
        else:
            form.turn_error = f"with this change, {sheet.name}'s {error}"
        return _edit_page(state, sheet, turn, number, form, 422)
    except (Refused, Conflict) as refused:
        state = load_game(db.session, token)
        form.turn_error = refused.sentence
        return _edit_page(state, sheet, turn, number, form, refused.status)
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
        version=state.game.version,
    )
    response.status_code = status
    return response


# ------------------------------------------------------------------ undo, play again


def _checked_action_form() -> None:
    """A button's form (undo, play again) must carry this session's CSRF token."""
    if not FlaskForm().validate():
        abort(400, description=EXPIRED)


@bp.post("/<token:token>/undo")
def undo(token: str) -> Response:
    """Take back the last turn entered; a double-tapped Undo takes back one turn."""
    load_game(db.session, token)
    _checked_action_form()
    version = request.form.get("version", type=whole_number)
    dice_turns.undo_turn(db.session, token, version=version)
    return redirect(url_for(".show", token=token), 303)


@bp.post("/<token:token>/again")
def again(token: str) -> Response:
    """A new game of the same kind, with the same players and house rules."""
    load_game(db.session, token)
    _checked_action_form()
    game = dice_turns.play_again(db.session, token)
    devices.remember_dice_game(db.session, this_device(), game.id)
    return redirect(url_for(".show", token=game.token), 303)
