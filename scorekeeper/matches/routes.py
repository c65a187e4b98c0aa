"""The pinochle score sheet's views: start a match, enter and correct hands, read the
ledger. Each reads its form, calls a service and answers."""

from __future__ import annotations

import contextlib

from flask import Blueprint, abort, redirect, request, url_for
from flask_wtf import FlaskForm
from werkzeug.wrappers import Response

from ..charts import match_race, race_figure
from ..device import this_device
from ..extensions import db
from ..house_rules import refuse_knob
from ..htmx import render
from ..match_setup import MatchForm, house_rule_overrides, house_rules_form
from ..result_card import match_card
from ..rules import PRESETS, Preset, RuleError, said
from ..services import club_reading, devices, hands, match_words, matches, rule_sets
from ..services.errors import AlreadyRecorded, Conflict, GameOver, Refused
from ..sharing import card_answer, qr_svg, refuse_view_link_writes
from ..started import new_form_token, recently_started, remember_started, started_from
from ..validators import choice_id, point_to_first_error, whole_number
from ..words import capitalised
from .forms import ConflictChoice, HandForm
from .pages import (
    describe_preview,
    display_page,
    edit_page,
    hand_form,
    kept_page,
    quick_bids,
    rare_names,
    refused_page,
    remember_note,
    shows_all,
    stepper_runs,
)

bp = Blueprint("matches", __name__, url_prefix="/matches")
bp.add_app_template_global(quick_bids)
bp.add_app_template_global(stepper_runs)
bp.add_app_template_global(rare_names)
bp.add_app_template_global(race_figure)
bp.add_app_template_global(match_race)


def _new_page(form: MatchForm, rules_form, preset: Preset, status: int = 200, **extra) -> Response:
    if status == 422:
        point_to_first_error(form.in_page_order(rules_form))
    response = render(
        "matches/new.html",
        "matches/_new_form.html",
        form=form,
        rules=rules_form,
        preset=preset,
        started=recently_started("/matches/"),
        **extra,
    )
    response.status_code = status
    return response


@bp.get("/new")
def new() -> Response:
    """The form that starts a match; choosing another game refits it."""
    # A rule set's link ("Use") fills in its game and house rules.
    preset = rule_sets.chosen_preset(db.session, request.args.get("rules")) or PRESETS.get(
        request.args.get("game", ""), PRESETS["partnership"]
    )
    form = MatchForm(formdata=None, game=preset.name, client_token=new_form_token())
    form.fit(preset)
    response = _new_page(form, house_rules_form(preset), preset)
    # Back after Start asks the site again, rather than showing the filled form as it was.
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.post("/new")
def create() -> Response:
    """Start a match from the form; errors stay on the form and nothing is saved."""
    preset = PRESETS.get(request.form.get("game", ""), PRESETS["partnership"])
    form = MatchForm()
    form.fit(preset)
    started = started_from(form.client_token.data)
    if started is not None and form.validate():
        return redirect(started, 303)  # this form started a match already (Back, Start)
    if request.form.get("fitted_for") != preset.name:
        # The game changed after the form was drawn: names stay, house rules start over,
        # and the thumb is put on the game, where the page says so.
        form.game.flags.autofocus = True
        return _new_page(form, house_rules_form(preset), preset, 422, refitted=True)
    rules_form = house_rules_form(preset, request.form)
    valid = form.validate() & rules_form.validate()
    named = form.names(preset)
    overrides = house_rule_overrides(rules_form, preset)
    if not valid or named is None or any(field.errors for field in rules_form):
        return _new_page(form, rules_form, preset, 422)
    players, sides = named
    try:
        match = hands.start_match(
            db.session,
            game=preset.name,
            house_rules=overrides,
            side_names=sides,
            player_names=players,
            first_dealer=form.first_dealer.data or 0,
        )
    except RuleError as error:
        if not refuse_knob(rules_form, error):
            form.game.errors = [capitalised(error.reason)]
        return _new_page(form, rules_form, preset, 422)
    devices.remember_match(db.session, this_device(), match.id)
    shown = url_for(".show", token=match.edit_token)
    remember_started(form.client_token.data, shown)
    return redirect(shown, 303)


@bp.get("/<token:token>")
def show(token: str) -> Response:
    """The ledger: totals, whose deal, every hand, and the form for the next one."""
    return kept_page(token, view=False)


@bp.get("/watch/<token:token>")
def watch(token: str) -> Response:
    """The view-only page of a match: the same ledger, live, with nothing to change."""
    return kept_page(token, view=True)


@bp.get("/watch/<token:token>/display")
def display(token: str) -> Response:
    """The view link drawn for a tablet or a TV in the middle of the table: huge totals,
    who deals next and the last hand, live, with the screen kept on."""
    return display_page(matches.read_match(db.session, token, view=True))


@bp.get("/watch/<token:token>/card.<any(svg, png):kind>")
def card(token: str, kind: str) -> Response:
    """A won match as one picture to share (SVG or PNG): 404 until it is won. Only the
    view link has one, so a shared picture's address never carries the edit link."""
    state = matches.read_match(db.session, token, view=True)
    return card_answer(match_card(state) if state.over else None, kind, state.match.version)


# Translators: what a match's view link shows, in "it can show the match but not change it".
refuse_view_link_writes(bp, said("the match"))


def _live(token: str, view: bool) -> Response:
    """A phone's poll: an empty 204 while nothing changed, else the parts that changed."""
    match = matches.match_version(db.session, token, view=view)
    if request.args.get("since", type=whole_number) == match.version:
        # An empty body: nothing for the compressor to wrap (quick_poll.py answers the
        # same way, usually before this view is reached).
        return Response(b"", status=204, headers={"Cache-Control": "no-store"})
    state = matches.read_match(db.session, token, view, shows_all=shows_all())
    if view and request.args.get("display"):
        response = display_page(state, oob=True)
        response.headers["Cache-Control"] = "no-store"
        return response
    # A phone holding a typed hand says the version its form was drawn at (trust.js).
    seen = request.args.get("form", type=whole_number)
    if seen is None:
        seen = request.args.get("since", type=whole_number)
    change = None if view or seen is None else match_words.changed_since(db.session, state, seen)
    response = render(
        "matches/_live.html",
        "matches/_live.html",
        state=state,
        change=change,
        view=view,
        undo_label=(
            match_words.undo_label(db.session, state)
            if not view and state.match.has_changes
            else None
        ),
        was_over=request.args.get("over") == "1",
        action_form=FlaskForm(),
        club=club_reading.banner(db.session, state.match, state.ledger),
    )
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/<token:token>/live")
def live(token: str) -> Response:
    """Poll from a phone holding the edit link."""
    return _live(token, view=False)


@bp.get("/watch/<token:token>/live")
def watch_live(token: str) -> Response:
    """Poll from a phone holding the view link."""
    return _live(token, view=True)


@bp.get("/<token:token>/qr/<any(edit, view):kind>.svg")
def qr(token: str, kind: str) -> Response:
    """The QR code of this match's edit or view link."""
    match = matches.match_version(db.session, token)
    if kind == "edit":
        return qr_svg(url_for(".show", token=match.edit_token, _external=True))
    return qr_svg(url_for(".watch", token=match.view_token, _external=True))


@bp.get("/watch/<token:token>/qr.svg")
def watch_qr(token: str) -> Response:
    """The QR code of the view link, shown on the view-only page."""
    match = matches.match_version(db.session, token, view=True)
    return qr_svg(url_for(".watch", token=match.view_token, _external=True))


@bp.get("/<token:token>/hands/<int:hand_id>/live")
def edit_live(token: str, hand_id: int) -> Response:
    """An edit page's poll: 204 while nobody else changed the hand, else the notice."""
    state = matches.load_match(db.session, token)
    seen = request.args.get("version", type=whole_number)
    notice = None if seen is None else match_words.hand_changed_since(state, hand_id, seen)
    if notice is None:
        return Response(b"", status=204, headers={"Cache-Control": "no-store"})
    index = state.hand_index(hand_id) if "deleted" not in notice else None
    response = render(
        "matches/_edit_notice.html",
        "matches/_edit_notice.html",
        state=state,
        said=notice,
        hand=None if index is None else state.hands[index],
        number=None if index is None else index + 1,
    )
    response.headers["Cache-Control"] = "no-store"
    return response


def _show_rule_error(form: HandForm, error: RuleError, number: int) -> None:
    """Put a broken rule on the form: beside its field when it is about this hand, else
    naming the later hand it breaks and what to do."""
    if error.hand == number or error.hand is None:
        form.add_rule_error(RuleError(error.reason, error.field))
    else:
        form.add_rule_error(
            RuleError(
                said(
                    "With this change, hand %(number)s no longer adds up: %(reason)s. "
                    "Change this hand, or correct hand %(number)s first",
                    number=error.hand,
                    reason=error.reason,
                ),
                "hand",
            )
        )


@bp.post("/<token:token>/hands")
def add_hand(token: str) -> Response:
    """Record the next hand; a hand that breaks a rule stays on the form, unsaved."""
    state = matches.load_match(db.session, token)
    shown = url_for(".show", token=token)
    form = hand_form(state)
    entries = form.read_entries()
    # A finished match's page draws no hand form, so no field could say what is wrong with
    # it: the service answers that the match is over (GameOver) before reading the entries.
    if entries is None and not state.over:
        return refused_page(state, form, 422)
    try:
        hands.add_hand(
            db.session,
            token,
            entries or {},
            version=form.version.data,
            form_token=form.client_token.data,
        )
    except AlreadyRecorded:
        return redirect(shown, 303)
    except Refused as refused:
        form.group_errors["hand"] = refused.sentence
        return refused_page(state, form, 422)
    except RuleError as error:
        _show_rule_error(form, error, len(state.hands) + 1)
        return refused_page(state, form, 422)
    except GameOver:
        raise
    except Conflict as conflict:
        state = matches.load_match(db.session, token)
        if state.over:
            return refused_page(state, None, 409)
        form.setup(state.preset, state.players, state.sides)
        # Redrawn at today's version with a new one-time token: "Save mine" records the
        # typed hand as the next one, never silently in place of the other phone's.
        form.show_version(state.match.version)
        form.new_form_token()
        form.add_rule_error(RuleError(conflict.sentence, "hand"))
        form.conflict = ConflictChoice(
            discard=said("It was the same hand (discard mine)"),
            keep=said("Save mine as hand %(number)s", number=len(state.hands) + 1),
        )
        return refused_page(state, form, 409)
    remember_note(token, "add", len(state.hands) + 1)
    return redirect(shown, 303)


@bp.post("/<token:token>/preview")
def preview(token: str) -> Response:
    """What the hand being entered (or corrected) would score, in plain words (a fragment).

    A correction is replayed through the whole match: when the game would now end before
    its last hand, the preview says so and the edit form is offered the button that saves
    and removes the hands after the new end.
    """
    state = matches.load_match(db.session, token)
    index = len(state.hands)
    hand_id = request.args.get("hand", type=choice_id)
    if hand_id is not None:
        index = state.hand_index(hand_id)
    form = hand_form(state)
    if hand_id is not None and "action" not in request.form:
        # A preview is sent without a button: the correction keeps the hand's kind.
        form.action.data = HandForm.kind_of(state.hands[index].entries())
    form.validate()
    refused = form.first_entry_error()
    if refused is not None:
        facts = {"state": state, "outcome": None, "error": refused, "lines": []}
    else:
        typed = [entry.data is not None for entry in form.meld]
        facts = describe_preview(state, form.entries(), index, melds_typed=typed)
    if hand_id is not None:
        facts["trim_slot"] = True
        facts["trim_offer"] = None
        if facts["outcome"] is not None:
            # A rule the correction breaks later on is Save's to explain.
            with contextlib.suppress(RuleError):
                facts["trim_offer"] = hands.correction_end(state, index, form.entries())
        _offer_trim(form, facts["trim_offer"])
    return render("matches/_preview.html", "matches/_preview.html", form=form, **facts)


def _offer_trim(form: HandForm, end: hands.EarlierEnd | None) -> None:
    """Put the hands after the game's new end on the form, for "Save and remove"."""
    agreed = "" if end is None else ",".join(str(hand_id) for hand_id in end.hand_ids)
    form.remove_hands.data = agreed
    form.remove_hands.raw_data = [agreed]


@bp.route("/<token:token>/hands/<int:hand_id>/edit", methods=["GET", "POST"])
def edit_hand(token: str, hand_id: int) -> Response:
    """Correct a past hand; every total and the winner after it recompute.

    If another phone changed the same hand since this form was drawn, nothing is
    overwritten: the player sees the hand as it now stands. A correction that ends the
    game sooner is saved only with the hands after the new end removed, when the player
    taps "Save and remove hand 9"; plain Save says so and offers that button.
    """
    state = matches.load_match(db.session, token)
    index = state.hand_index(hand_id)
    form = hand_form(state)
    if request.method == "GET":
        form.fill_from(state.hands[index].entries())
        form.hand_version.data = state.hands[index].version
        return edit_page(state, form, index)
    entries = form.read_entries()
    if entries is None:
        return edit_page(state, form, index, 422)
    try:
        before, index = hands.edit_hand(
            db.session,
            token,
            hand_id,
            entries,
            hand_version=form.hand_version.data,
            remove_after_end=form.agreed_removals(),
        )
    except Refused as refused:
        form.group_errors["hand"] = refused.sentence
        return edit_page(state, form, index, 422)
    except hands.EndsEarlier as early:
        _offer_trim(form, early.end)
        return edit_page(state, form, index, 422, trim_offer=early.end)
    except RuleError as error:
        _show_rule_error(form, error, index + 1)
        return edit_page(state, form, index, 422)
    except Conflict as conflict:
        state = matches.load_match(db.session, token)
        index = state.hand_index(hand_id)
        # Redrawn at the hand's version now stored: "Save mine" replaces theirs knowingly.
        form.show_version(conflict.version, field="hand_version")
        form.add_rule_error(RuleError(conflict.sentence, "hand"))
        form.conflict = ConflictChoice(
            discard=said("Keep theirs"), keep=said("Save mine over theirs")
        )
        return edit_page(state, form, index, 409)
    # Back to the ledger, told what changed, unfolding the earlier hands if it is one.
    remember_note(token, "edit", index + 1)
    folded = index < before.first_shown
    shown = url_for(".show", token=token, hands="all" if folded else None, _anchor="note")
    return redirect(shown, 303)


def _checked_action_form() -> None:
    """A button's form (delete, undo, rematch) must carry this session's CSRF token."""
    if not FlaskForm().validate():
        abort(400, description=said("The form expired; reload the page and try again."))


@bp.post("/<token:token>/hands/<int:hand_id>/delete")
def delete_hand(token: str, hand_id: int) -> Response:
    """Delete a past hand, unless that would leave hands after the game was won."""
    state = matches.load_match(db.session, token)
    _checked_action_form()
    number = state.hand_index(hand_id) + 1 if any(h.id == hand_id for h in state.hands) else None
    hands.delete_hand(db.session, token, hand_id)
    if number is None:  # deleted already (a double tap): nothing new to tell
        return redirect(url_for(".show", token=token), 303)
    remember_note(token, "delete", number)
    return redirect(url_for(".show", token=token, _anchor="note"), 303)


@bp.post("/<token:token>/undo")
def undo(token: str) -> Response:
    """Undo the last change to the match's hands: an added, edited or deleted hand.

    The form names the version it was drawn at, so a double-tapped Undo undoes once.
    """
    state = matches.load_match(db.session, token)
    _checked_action_form()
    label = match_words.undo_label(db.session, state)
    version = request.form.get("version", type=whole_number)
    if hands.undo(db.session, token, version=version):
        remember_note(token, "undo", 0, undone=label)
    elif label:
        # A double tap, or another phone's change came first: nothing was taken back.
        remember_note(token, "not-undone", 0)
    return redirect(url_for(".show", token=token), 303)


@bp.post("/<token:token>/rematch")
def rematch(token: str) -> Response:
    """A new match with the same game, house rules and names; the next player deals first."""
    matches.match_version(db.session, token)
    _checked_action_form()
    match = hands.rematch(db.session, token)
    devices.remember_match(db.session, this_device(), match.id)
    return redirect(url_for(".show", token=match.edit_token), 303)
