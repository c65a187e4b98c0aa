"""The dice score sheets' views: start a Yahtzee, Triple Yahtzee or Farkle game, enter and
correct turns, and read the cards. Each reads its form, calls a service and answers."""

from __future__ import annotations

from flask import abort, redirect, request, url_for
from flask_wtf import FlaskForm
from werkzeug.wrappers import Response

from ..charts import dice_race, race_figure
from ..device import this_device
from ..extensions import db
from ..house_rules import knob_words, refuse_knob
from ..htmx import render
from ..rules import (
    DICE_GAMES,
    FarkleTurn,
    RuleError,
    TurnError,
    dice_game,
    said,
    score_throw,
)
from ..services import devices, dice_turns
from ..services.dice import (
    FarkleState,
    SheetState,
    load_game,
)
from ..services.errors import AlreadyRecorded, Conflict, GameOver, Refused, ZeroToConfirm
from ..services.writes import OUT_OF_DATE
from ..sharing import refuse_view_link_writes
from ..started import new_form_token, remember_started, started_from
from ..validators import whole_number
from .blueprint import bp
from .forms import (
    DiceForm,
    EditTurnForm,
    FarkleTurnForm,
    NewGameForm,
    TurnForm,
    first_dice_game,
    house_rule_overrides,
    house_rules_form,
)
from .pages import (
    TurnConflict,
    edit_page,
    farkle_page,
    new_page,
    remember_undo,
    sheet_page,
    undo_label,
)

bp.add_app_template_global(race_figure)
bp.add_app_template_global(dice_race)

EXPIRED = said("The form expired; reload the page and try again.")
# Where a turn's answer lands: the note saying what it did, above the next turn's form.
NOTE = "dice-note"
TAP_A_BOX = said("Tap the box to score these dice in")


def _not_a_field(name: str, game: str) -> str:
    """A turn's field that no page of this game draws, refused as the API refuses it."""
    return said('"%(field)s" is not a field of a turn of %(game)s', field=name, game=game)


def _broken_later(player: str, error: TurnError) -> str:
    """A correction that breaks a rule in a turn of the player's card (the turn's number
    when the rules core names it)."""
    if error.turn is None:
        return said("With this change, %(player)s's %(reason)s", player=player, reason=error.reason)
    return said(
        "With this change, %(player)s's turn %(number)s: %(reason)s",
        player=player,
        number=error.turn,
        reason=error.reason,
    )


# ---------------------------------------------------------------------- a new game


@bp.get("/new")
def new() -> Response:
    """The form that starts a dice game; choosing another game refits it."""
    kind = request.args.get("kind", "")
    if kind not in DICE_GAMES:
        kind = first_dice_game()
    form = NewGameForm(formdata=None, kind=kind, client_token=new_form_token())
    form.fit(kind)
    response = new_page(form, house_rules_form(kind), kind)
    # Back after Start asks the site again, rather than showing the filled form as it was.
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.post("/new")
def create() -> Response:
    """Start a game from the form; errors stay next to their fields and nothing is saved."""
    kind = request.form.get("kind", "")
    form = NewGameForm()
    valid = form.validate()
    started = started_from(form.client_token.data)
    if started is not None and valid:
        return redirect(started, 303)  # this form started a game already (Back, Start)
    if kind not in DICE_GAMES:
        kind = first_dice_game()
    form.fit(kind)
    if request.form.get("fitted_for") != kind:
        # The game changed after the form was drawn: names stay, house rules start over.
        label = dice_game(kind).label
        form.kind.errors = [
            said(
                "The form now fits %(game)s: check the names and house rules, then start.",
                game=label,
            )
        ]
        return new_page(form, house_rules_form(kind), kind, 422)
    rules_form = house_rules_form(kind, request.form)
    valid &= rules_form.validate()
    names = form.names(kind)
    overrides = house_rule_overrides(rules_form, kind)
    if not valid or names is None:
        return new_page(form, rules_form, kind, 422)
    try:
        game = dice_turns.start_dice_game(db.session, kind, names, overrides)
    except RuleError as error:
        if not refuse_knob(rules_form, error):
            form.kind.errors = [knob_words(error.reason, rules_form)]
        return new_page(form, rules_form, kind, 422)
    devices.remember_dice_game(db.session, this_device(), game.id)
    shown = url_for(".show", token=game.token)
    remember_started(form.client_token.data, shown)
    return redirect(shown, 303)


# ------------------------------------------------------------------------ the game page


@bp.get("/<token:token>")
def show(token: str) -> Response:
    """The game: totals, whose turn, the next turn's form and every card or turn so far."""
    state = load_game(db.session, token)
    if isinstance(state, FarkleState):
        # A turn typed on this phone comes back filled in (trust.js: "keep mine as the
        # next player's turn" after another phone entered one).
        return farkle_page(state, FarkleTurnForm(formdata=request.args or None))
    dice_form = DiceForm(request.args).fit(state.layout)
    dice_form.validate()
    return sheet_page(state, dice_form)


# Translators: what a dice game's view link shows ("it can show the game but not change it").
refuse_view_link_writes(bp, said("the game"))


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
        return _add_sheet_turn(state)
    except AlreadyRecorded:
        return redirect(url_for(".show", token=token, _anchor=NOTE), 303)


def _add_sheet_turn(state: SheetState) -> Response:
    form = TurnForm()
    dice_form = DiceForm(data=form.dice_data()).fit(state.layout)
    valid = form.validate()
    if form.out_of_date():
        return sheet_page(state, dice_form, 422, slot_error=OUT_OF_DATE)
    for name in ("first_throw", "throws"):
        if form[name].raw_data and name not in dice_form:
            # No page of this game draws the field: refused, as the API refuses it.
            sentence = _not_a_field(name, state.label)
            return sheet_page(state, dice_form, 422, slot_error=sentence)
        if form[name].errors and name in dice_form:
            # Said beside the field typed wrong, not as a box left untapped.
            dice_form[name].errors = list(form[name].errors)
            return sheet_page(state, dice_form, 422)
    if not valid or not form.slot.data:
        return sheet_page(state, dice_form, 422, slot_error=TAP_A_BOX)
    box, column = form.box_and_column()
    try:
        dice_turns.add_sheet_turn(
            db.session,
            state.game.token,
            form.dice.data,
            box,
            column,
            first_throw=dice_form.served(),
            throws=dice_form.throws_used(),
            version=form.version.data,
            form_token=form.client_token.data,
            number=form.number.data,
            ask_before_zero=True,
            zero_said=form.confirm.data,
        )
    except ZeroToConfirm as zero:
        # Nothing is saved until the player says yes to the zero.
        confirm = {
            "slot": zero.slot,
            "box": state.layout.labels.get(box, box),
            "column": column if state.layout.columns else None,
            "bonus": zero.scored.bonus,
        }
        return sheet_page(state, dice_form, confirm=confirm)
    except TurnError as error:
        if error.field in ("dice", "first_throw", "throws") and error.field in dice_form:
            dice_form[error.field].errors = [error.reason]
            return sheet_page(state, dice_form, 422)
        return sheet_page(state, dice_form, 422, slot_error=error.reason)
    except Refused as refused:
        return sheet_page(state, dice_form, 422, slot_error=refused.sentence)
    except GameOver:
        raise
    except Conflict as conflict:
        # Redrawn as the game now stands, the typed dice kept: the same turn (discard
        # mine), or mine entered for whoever's turn it now is, with a new one-time token.
        state = load_game(db.session, state.game.token)
        choice = TurnConflict.of(conflict.change, form.slot.data)
        return sheet_page(state, dice_form, 409, conflict=choice)
    return redirect(url_for(".show", token=state.game.token, _anchor=NOTE), 303)


def _add_farkle_turn(state: FarkleState) -> Response:
    form = FarkleTurnForm()
    valid = form.validate()
    if form.out_of_date():
        form.turn_error = OUT_OF_DATE
        return farkle_page(state, form, 422)
    if not valid:
        return farkle_page(state, form, 422)
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
        return farkle_page(state, form, 422)
    except Refused as refused:
        form.turn_error = refused.sentence
        return farkle_page(state, form, 422)
    except GameOver:
        raise
    except Conflict as conflict:
        # The typed throws stay; the form is redrawn at today's version and next turn.
        state = load_game(db.session, state.game.token)
        return farkle_page(state, form, 409, conflict=TurnConflict.of(conflict.change))
    return redirect(url_for(".show", token=state.game.token, _anchor=NOTE), 303)


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
            throws.append((kept, score_throw(kept, state.rules), None))
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
        form=form,
        throws=throws,
        outcome=outcome,
        error=error,
    )


# ---------------------------------------------------------------- correcting a turn


@bp.route("/<token:token>/turns/<int:turn_id>/edit", methods=["GET", "POST"])
def edit_turn(token: str, turn_id: int) -> Response:
    """Correct a past Yahtzee turn's dice or box; the player's whole card is replayed."""
    state = load_game(db.session, token)
    if not isinstance(state, SheetState):
        abort(404)
    turn = state.turn(turn_id)
    sheet = state.sheets[turn.player]
    number = sheet.turns.index(turn) + 1
    if request.method == "GET":
        data = {
            "dice": turn.dice,
            "box": turn.box,
            "column": str(turn.column or 1),
            "first_throw": turn.first_throw,
            "throws": turn.throws_used,
        }
        form = EditTurnForm(data=data)
        form.fit(state.layout)
        return edit_page(state, sheet, turn, number, form)
    form = EditTurnForm()
    sent = [name for name in ("first_throw", "throws") if form[name].raw_data]
    form.fit(state.layout)
    valid = form.validate()
    if form.out_of_date():
        form.turn_error = OUT_OF_DATE
        return edit_page(state, sheet, turn, number, form, 422)
    for name in sent:
        if name not in form:
            # No correction page of this game draws the field: refused, as a turn's is.
            form.turn_error = _not_a_field(name, state.label)
            return edit_page(state, sheet, turn, number, form, 422)
    if not valid:
        return edit_page(state, sheet, turn, number, form, 422)
    column = form.chosen_column() if state.layout.columns else None
    try:
        dice_turns.edit_sheet_turn(
            db.session,
            token,
            turn_id,
            form.dice.data,
            form.box.data,
            column,
            first_throw=form.served(),
            throws=form.throws_used(),
            version=form.version.data,
        )
    except TurnError as error:
        if error.turn == number and error.field in form and error.field != "csrf_token":
            form[error.field].errors = [error.reason]
        else:
            form.turn_error = _broken_later(sheet.name, error)
        return edit_page(state, sheet, turn, number, form, 422)
    except Conflict as conflict:
        # Redrawn at the version now stored, showing the turn as it now is: "Save mine
        # over theirs" then replaces the other phone's change knowingly.
        state = load_game(db.session, token)
        turn = state.turn(turn_id)
        sheet = state.sheets[turn.player]
        form.turn_error = conflict.sentence
        form.conflict = TurnConflict(
            conflict.sentence, said("Keep theirs"), said("Save mine over theirs")
        )
        return edit_page(state, sheet, turn, sheet.turns.index(turn) + 1, form, 409)
    except Refused as refused:
        state = load_game(db.session, token)
        form.turn_error = refused.sentence
        return edit_page(state, sheet, turn, number, form, refused.status)
    return redirect(url_for(".show", token=token), 303)


# ------------------------------------------------------------------ undo, play again


def _checked_action_form() -> None:
    """A button's form (undo, play again) must carry this session's CSRF token."""
    if not FlaskForm().validate():
        abort(400, description=EXPIRED)


@bp.post("/<token:token>/undo")
def undo(token: str) -> Response:
    """Take back the last turn entered; a double-tapped Undo takes back one turn."""
    state = load_game(db.session, token)
    _checked_action_form()
    label = undo_label(state)
    version = request.form.get("version", type=whole_number)
    if dice_turns.undo_turn(db.session, token, version=version):
        remember_undo(token, label)
    elif label:
        # A double tap, or another phone's change came first: nothing was taken back.
        remember_undo(token, None)
    return redirect(url_for(".show", token=token, _anchor=NOTE), 303)


@bp.post("/<token:token>/again")
def again(token: str) -> Response:
    """A new game of the same kind, with the same players and house rules."""
    load_game(db.session, token)
    _checked_action_form()
    game = dice_turns.play_again(db.session, token)
    devices.remember_dice_game(db.session, this_device(), game.id)
    return redirect(url_for(".show", token=game.token), 303)
