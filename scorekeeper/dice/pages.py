"""How the dice score sheets' pages are drawn: the new-game form, the game page (with the
Yahtzee card's box previews or the Farkle turn form) and the correction page."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

from flask import make_response, render_template, url_for
from flask import session as cookie  # the phone's signed session cookie, not the database
from flask_wtf import FlaskForm
from werkzeug.wrappers import Response

from .. import bidi
from ..device import this_device
from ..extensions import db
from ..htmx import render
from ..i18n import plain
from ..rules import (
    FACES,
    BoxPreview,
    RuleError,
    best_open_box,
    best_open_boxes,
    dice_game,
    said,
    said_joined,
)
from ..services import devices
from ..services.dice import (
    DiceState,
    FarkleState,
    SheetState,
    digits,
    game_version,
)
from ..services.dice_turns import STALE
from ..services.dice_words import (
    TurnsSince,
    describe_turn,
    last_turn_said,
    turn_done,
    who_plays_now,
)
from ..services.errors import NotFound
from ..started import recently_started
from ..validators import point_to_first_error
from .forms import DiceForm, FarkleTurnForm, NewGameForm, knob_rows


@dataclass(frozen=True)
class TurnConflict:
    """Another phone entered a turn first: what it entered, and this phone's two choices."""

    sentence: str
    discard: str  # drop the typed turn and show the game
    keep: str | None  # enter it anyway, for whoever's turn it now is (None: game over)
    slot: str | None = None  # Yahtzee: the box this phone tapped, to tap again

    @classmethod
    def of(cls, change: TurnsSince | None, slot: str | None = None) -> TurnConflict:
        """The choice for a turn's form drawn before ``change`` (None: not known)."""
        if change is None:
            return cls(STALE, said("Back to the game"), None, slot)
        keep = (
            said("Enter mine for %(player)s", player=change.next_name) if change.next_name else None
        )
        return cls(change.sentence, said("Same turn (discard mine)"), keep, slot)


@dataclass(frozen=True)
class TurnNote:
    """What the turn's form says above it, where the thumb is: the last turn and whose turn
    it is now ("Ann: 20 in Three of a kind · Bob's turn"), or what this phone's Undo did."""

    said: str
    lead: str | None = None  # "Undone:", "Nothing undone:"
    undo_name: str | None = None  # whose last turn Undo takes back (None: nothing to undo)


# What this phone's Undo did, kept in its session while the game stays at that version.
UNDO_NOTE = "dice_undo"
# Translators: said after "Nothing undone:", hence no capital.
NOT_UNDONE = said("the game changed before the tap arrived (a second tap, or another phone)")
# Translators: the start of the note after Undo: "Undone: Ann: 20 in Chance · Ann's turn".
UNDONE = said("Undone:")
# Translators: the start of the note after an Undo that came too late to take anything back.
NOTHING_UNDONE = said("Nothing undone:")


def remember_undo(token: str, undone: str | None) -> None:
    """Tell this phone what its Undo took back (``undone``), or that it took back nothing."""
    version = game_version(db.session, token)
    note = cookie.get(UNDO_NOTE)
    if undone is None and note and note.get("token") == token and note.get("version") == version:
        return  # a second tap of one Undo: the first one's answer stands
    # Kept as text in the cookie: in this phone's language now (the turn is gone after).
    undone = plain(undone) if undone is not None else None
    cookie[UNDO_NOTE] = {"token": token, "version": version, "undone": undone}


def undo_label(state: DiceState) -> str | None:
    """The turn Undo would take back, in words (None when there is none)."""
    return turn_done(state, state.turns[-1]) if state.turns else None


def turn_note(state: DiceState) -> TurnNote | None:
    """The note above the next turn's form (None before the first turn)."""
    undo_name = state.players[state.turns[-1].player] if state.turns else None
    note = cookie.get(UNDO_NOTE)
    if note and note.get("token") == state.game.token and note.get("version") == state.game.version:
        if note.get("undone"):
            undone = said_joined((note["undone"], who_plays_now(state)), " · ")
            return TurnNote(undone, UNDONE, undo_name)
        return TurnNote(NOT_UNDONE, NOTHING_UNDONE, undo_name)
    last = last_turn_said(state)
    return TurnNote(last, None, undo_name) if last else None


def new_page(form: NewGameForm, rules_form, kind: str, status: int = 200) -> Response:
    """The form that starts a dice game of this kind (or, for htmx, the form alone)."""
    if status == 422:
        point_to_first_error([form.kind, *form.player_names, *rules_form])
    response = render(
        "dice/new.html",
        "dice/_new_form.html",
        form=form,
        rules=rules_form,
        kind=kind,
        label=dice_game(kind).label,
        fewest=dice_game(kind).fewest_players,
        most=dice_game(kind).most_players,
        started=recently_started("/dice/"),
    )
    response.status_code = status
    return response


def _page_context(state: DiceState, view: bool = False) -> dict[str, Any]:
    """What every drawing of a game's region needs, whatever the game (``view``: drawn for
    the view link, with nothing that writes)."""
    return {
        "state": state,
        "view": view,
        "kind": state.game.kind,
        "label": state.label,
        "knobs": knob_rows(state.game.kind, state.rules),
        "action_form": FlaskForm(),
        "last_turn": state.turns[-1] if state.turns else None,
        "note": None if view else turn_note(state),
        "faces": FACES,
        # A new one-time token each time the page is drawn: one turn per form.
        "form_token": secrets.token_urlsafe(16),
    }


def game_page(state: DiceState, status: int = 200, **context: Any) -> Response:
    """The game page, listing the game on this device: totals, sheets, the next turn."""
    devices.remember_dice_game(db.session, this_device(), state.game.id)
    response = render("dice/page.html", "dice/_game.html", **_page_context(state), **context)
    response.status_code = status
    return response


def _blank_turn_context(state: DiceState) -> dict[str, Any]:
    """A game's region drawn with nothing typed: an empty turn form."""
    if isinstance(state, FarkleState):
        return {"form": FarkleTurnForm(formdata=None)}
    return {
        "dice_form": DiceForm(formdata=None).fit(state.layout),
        "dice": None,
        "previews": None,
        "notes": {},
        "slot_error": None,
        "confirm": None,
        "boxes": state.layout,
        "best": None,
        "best_boxes": (),
    }


def watch_page(state: DiceState) -> Response:
    """The view link's page: the same totals and sheets, live, with nothing that writes.
    It does not list the game on this device: the home page lists games a phone can play."""
    return render(
        "dice/page.html",
        "dice/_game.html",
        **_page_context(state, view=True),
        **_blank_turn_context(state),
        conflict=None,
    )


def live_answer(state: DiceState, change: TurnsSince | None, view: bool = False) -> Response:
    """A poll's answer when the game changed: the whole region, for a phone with nothing
    typed; for one holding a typed turn, the new score and what changed (trust.js keeps
    the typed form and shows the notice)."""
    return render(
        "dice/_live.html",
        "dice/_live.html",
        **_page_context(state, view),
        **_blank_turn_context(state),
        conflict=None,
        change=change,
    )


def display_page(state: DiceState, oob: bool = False) -> Response:
    """The view link's display, for a screen in the middle of the table (``oob``: the
    display alone, as a poll redraws it)."""
    last = describe_turn(state, state.turns[-1]) if state.turns else None
    context = {"state": state, "region": "dice/_display.html", "oob": oob, "last_turn": last}
    if oob:
        return make_response(render_template("dice/_display.html", **context))
    back = url_for(".watch", token=state.game.view_token)
    # Translators: the title of a dice game's table display: "Yahtzee: Ann, Bob".
    title = said(
        "%(game)s: %(players)s", game=state.label, players=", ".join(map(bidi.plain, state.players))
    )

    return make_response(
        render_template("display.html", back_url=back, title=title, script="dice.js", **context)
    )


def edit_notice(state: SheetState, turn_id: int, said: str) -> Response:
    """What another phone did while a turn's correction was open, in place of its poller."""
    try:
        turn = state.turn(turn_id)
    except NotFound:
        turn = None
    return render(
        "dice/_edit_notice.html",
        "dice/_edit_notice.html",
        state=state,
        turn=turn,
        said=said,
        version=state.game.version,
    )


def sheet_page(
    state: SheetState,
    dice_form: DiceForm,
    status: int = 200,
    slot_error: str | None = None,
    confirm: dict[str, Any] | None = None,
    conflict: TurnConflict | None = None,
) -> Response:
    """A sheet game's page; with dice entered, what each open box of the card would score
    (served, or with the throws used, where the game asks)."""
    previews = None
    dice = None
    best = None
    best_boxes: tuple = ()
    if dice_form.dice.data and not dice_form.errors and not state.over:
        game = dice_game(state.game.kind).sheet
        sheet = state.sheets[state.next_player]
        try:
            dice = digits(game.read_dice(dice_form.dice.data))
            previews = [
                game.preview(
                    column.card,
                    dice,
                    state.rules,
                    first_throw=dice_form.served(),
                    throws=dice_form.throws_used(),
                )
                for column in sheet.card.columns
            ]
            best = best_open_box(sheet.card.columns, previews)
            best_boxes = best_open_boxes(sheet.card.columns, previews)
        except RuleError as error:
            field = error.field if error.field in ("first_throw", "throws") else "dice"
            dice_form[field if field in dice_form else "dice"].errors = [error.reason]
            dice = None
            previews = None
    if dice_form.errors:
        status = max(status, 422)
    return game_page(
        state,
        status,
        dice_form=dice_form,
        dice=dice,
        previews=previews,
        notes=forbidden_notes(state, previews or []),
        slot_error=slot_error,
        confirm=confirm,
        boxes=state.layout,
        best=best,
        best_boxes=best_boxes,
        conflict=conflict,
    )


def forbidden_notes(state: SheetState, previews: list[tuple[BoxPreview, ...]]) -> dict:
    """Why boxes may not take these dice, each reason once: {(column or None, reason): id}.

    The joker rule gives most forbidden boxes one shared reason, so the card says it once
    and every box it forbids points to it.
    """
    triple = state.layout.columns
    notes: dict[tuple[int | None, str], str] = {}
    for column, verdicts in enumerate(previews, start=1):
        for verdict in verdicts:
            if not verdict.allowed and verdict.held is None and verdict.reason:
                key = (column if triple else None, verdict.reason)
                notes.setdefault(key, f"reason-{len(notes) + 1}")
    return notes


def farkle_page(
    state: FarkleState,
    form: FarkleTurnForm,
    status: int = 200,
    conflict: TurnConflict | None = None,
) -> Response:
    """The Farkle game page with its turn form (as typed, after a refusal or a conflict)."""
    return game_page(state, status, form=form, conflict=conflict)


def edit_page(state, sheet, turn, number, form, status=200) -> Response:
    """The page that corrects a past turn of a sheet game (its form fitted to the game)."""
    response = render(
        "dice/edit.html",
        "dice/_edit_form.html",
        state=state,
        sheet=sheet,
        turn=turn,
        number=number,
        scored=sheet.card.turns[number - 1],
        form=form,
        boxes=state.layout,
        version=state.game.version,
    )
    response.status_code = status
    return response
