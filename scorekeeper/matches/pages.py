"""How the score sheet's pages are drawn: the match page (kept per version), its
next-hand form, the edit page and the preview's facts. Reads through the services."""

from __future__ import annotations

import secrets
from typing import Any

from flask import g, make_response, render_template, request, url_for
from flask import session as cookie  # the phone's signed session cookie, not the database
from flask_wtf import FlaskForm
from markupsafe import Markup
from werkzeug.wrappers import Response

from .. import bidi
from ..device import current_device, this_device
from ..extensions import db
from ..htmx import is_partial, render
from ..i18n import language
from ..page_cache import (
    CSRF_HOLE,
    FORM_TOKEN_HOLE,
    NOTE_HOLE,
    VERSION_HOLE,
    fill_holes,
    pages,
)
from ..rules import (
    Preset,
    RuleError,
    Said,
    bid_outlook,
    bid_runs,
    changed_knobs,
    knob_table,
    said,
    said_joined,
    throw_in_terms,
    throw_in_verdict,
    valid_bids,
)
from ..services import club_reading, devices, match_words, matches
from ..services.matches import MatchState, hand_input, replay_entries
from .forms import HandForm, field_said


def shows_all() -> bool:
    """Does the request ask for every hand of the ledger (``?hands=all``)?"""
    return request.args.get("hands") == "all"


def quick_bids(preset: Preset) -> list[int]:
    """The bids a table calls most, one tap each: the minimum, then every fifth valid bid
    (250, 300 … 450 in partnership; 25, 30 … 45 on the small scale; with bid steps
    50:1, 60:5, 100:10, 50, 55, 60, 85, 120)."""
    return valid_bids(preset, 21)[::5]


def stepper_runs(preset: Preset) -> str:
    """The valid bids as the bid stepper (app.js) reads them: ``start:step:end`` runs,
    comma-separated, the last without an end (``250:10:`` in partnership)."""
    return ",".join(
        f"{run.start}:{run.step}:{'' if run.end is None else run.end}" for run in bid_runs(preset)
    )


def rare_names(preset: Preset) -> str:
    """The rare outcomes this preset has, as the folded section's title names them."""
    names = [said("all passed")] if preset.bidding else []
    if preset.bidding and preset.throw_in != "never":
        names.append(said("throw-in"))
    if preset.nines_redeal:
        names.append(said("nines redeal"))
    if preset.trump_needs_marriage:
        # Translators: a rare outcome of a hand: no marriage in trump, the hand is forfeit.
        names.append(said("forfeit"))
    return said_joined(names)


def hand_form(state: MatchState) -> HandForm:
    """The hand-entry form fitted to this match (filled from the request on a POST)."""
    form = HandForm()
    form.setup(state.preset, state.players, state.sides)
    if not form.is_submitted():
        # A posted form keeps what its page was drawn with: a form that came without its
        # version or token is refused, never given today's.
        form.version.data = state.match.version
        form.client_token.data = secrets.token_urlsafe(16)
    return form


def draw_page(
    state: MatchState,
    form_html: Markup | None,
    view: bool,
    action_form: FlaskForm,
    has_changes: bool,
    note: Markup | str = NOTE_HOLE,
) -> str:
    """The match page (or, for htmx, its body) as HTML, with the next hand's form drawn.

    ``note`` is what this phone is told of its last write; a kept page has a hole there.
    """
    knobs = knob_table(state.preset)
    changed = changed_knobs(state.preset)
    undo = None if view or not has_changes else match_words.undo_label(db.session, state)
    return render_template(
        "matches/_match.html" if is_partial() else "matches/page.html",
        state=state,
        form_html=form_html,
        view=view,
        undo_label=undo,
        knobs=knobs,
        changed=[row for row in knobs if row[0] in changed],
        action_form=action_form,
        note=Markup(note),
        club=club_reading.banner(db.session, state.match, state.ledger),
    )


# ---- What this phone is told after its own write (and no other phone is): "Hand 3 saved",
# with the new totals and Undo. Kept in the phone's session until its next match page.

NOTE_KINDS = {"add": "saved", "edit": "corrected", "delete": "deleted"}


def remember_note(token: str, kind: str, number: int, undone: str | None = None) -> None:
    """Tell this phone, on its next look at the match, what its write did."""
    version = matches.match_version(db.session, token).version
    note = {"token": token, "kind": kind, "number": number, "version": version}
    if undone:
        # Kept as its message and values (a cookie keeps text): said again when drawn.
        note["undone"] = [undone.message, undone.values] if isinstance(undone, Said) else undone
    cookie["note"] = note


def take_note(state: MatchState) -> Markup:
    """This phone's note for this match, drawn once (then forgotten); empty if none."""
    note = cookie.get("note")
    if not note or note.get("token") != state.match.edit_token:
        return Markup("")
    cookie.pop("note")
    undone = note.get("undone")
    if isinstance(undone, list):
        message, values = undone
        note = {**note, "undone": said(message, **values)}
    number = note["number"]
    row = None
    if note["kind"] in ("add", "edit") and 0 < number <= len(state.ledger.rows):
        row = state.ledger.rows[number - 1]
    current = note["version"] == state.match.version
    return Markup(
        render_template(
            "matches/_note.html",
            state=state,
            note=note,
            verb=NOTE_KINDS.get(note["kind"]),
            row=row,
            undo_label=match_words.undo_label(db.session, state) if current else None,
            current=current,
            action_form=csrf_hole(FlaskForm()),
        )
    )


def draw_form(state: MatchState, form: HandForm) -> Markup:
    """The next hand's form as HTML."""
    return Markup(
        render_template(
            "matches/_hand_form.html",
            state=state,
            form=form,
            action_url=url_for(".add_hand", token=state.match.edit_token),
            submit_label=said("Save hand"),
            swap_match=True,
        )
    )


def point_to_refusal(form: HandForm) -> None:
    """A refused hand: the one-line reason shown beside Save, and the thumb put on the
    first field to fix (``flags.autofocus``: focused and scrolled to, with or without
    JavaScript)."""
    groups = form.group_errors
    fields = [
        ("bidder", form.bidder, [form.bidder]),
        ("bid", form.bid, [form.bid]),
        ("all_passed", form.all_passed, [form.all_passed]),
        ("trump", form.trump, [form.trump]),
        ("meld", None, list(form.meld)),
        ("tricks", None, list(form.tricks)),
        ("cards", None, list(form.cards)),
        ("turned_nine", form.turned_nine, [form.turned_nine]),
    ]
    for name, field, entries in fields:
        wrong = [entry for entry in entries if entry.errors]
        if not wrong and name not in groups:
            continue
        target = wrong[0] if wrong else entries[0]
        target.flags.autofocus = True
        label = field.label.text if field is not None else target.label.text
        message = target.errors[0] if wrong else groups[name]
        # "Bid 255 is not a multiple of 10" names its field already; "Which suit was
        # trump?" does not, so it is said as "Trump: Which suit was trump?".
        named = message.lower().startswith(label.lower().split()[0])
        form.refusal = message if named else field_said(label, message)
        return
    for name in ("hand", "thrown_in", "no_marriage", "redeal"):
        if name in groups:
            form.refusal = groups[name]
            form.refusal_at = f"{name}-error"
            return


def refused_page(state: MatchState, form: HandForm | None, status: int) -> Response:
    """The match page redrawn for a refused write: the phone's typing and the reason."""
    if form is not None and status == 422:
        point_to_refusal(form)
    form_html = None if form is None else draw_form(state, form)
    has_changes = matches.has_changes(db.session, state.match.id)
    page = draw_page(state, form_html, False, FlaskForm(), has_changes, note="")
    response = make_response(page, status)
    response.vary.add("HX-Request")
    return response


def _empty_form(state: MatchState) -> Markup:
    """The next hand's empty form, with holes for the tokens and the match's version."""
    form = csrf_hole(hand_form(state))
    form.client_token.data = FORM_TOKEN_HOLE
    form.version.data = VERSION_HOLE
    return draw_form(state, form)


def csrf_hole(form: FlaskForm) -> FlaskForm:
    """The form drawn with a hole where this request's CSRF token goes (see page_cache)."""
    if form.meta.csrf:
        form.csrf_token.current_token = CSRF_HOLE
    return form


def kept_page(token: str, view: bool) -> Response:
    """A match page as looked at: drawn once per version of the match, then kept.

    Looking again costs one query (the version, and by the edit link whether this device
    lists the match); the page is drawn with holes for this request's tokens.
    """
    device = None if view else current_device()
    # On a connection of its own: a kept page is answered without a database session.
    with db.engine.connect() as connection:
        match = matches.match_version(connection, token, view=view, device=device)
    if not (view or match.listed):
        # Opening a match lists it on this device; a refused post writes nothing at all.
        devices.remember_match(db.session, this_device(), match.id)
    every_hand = shows_all()
    drawn: list[MatchState] = []  # the match as read to draw the page, if drawn now

    def draw() -> str:
        g.drawing_kept_page = True  # the page's own forms carry holes for their tokens
        state = matches.read_match(db.session, token, view, shows_all=every_hand)
        drawn.append(state)
        form_html = None
        if not (view or state.over):
            # The next hand's form is the same at every version but for its version field:
            # drawn once per match, with a hole for that too.
            form_html = pages().get_or_draw(
                (match.edit_token, "form", language()), lambda: _empty_form(state)
            )
            form_html = Markup(form_html.replace(VERSION_HOLE, str(state.match.version)))
        action_form = csrf_hole(FlaskForm())
        return draw_page(state, form_html, view, action_form, state.match.has_changes)

    # Each phone reads the page in its own language: a page is kept per language too.
    key = (match.edit_token, match.version, view, is_partial(), every_hand, language())
    page = pages().get_or_draw(key, draw)
    note = ""
    # The service worker's copy of the page (X-Kept-Copy) leaves the note to the phone.
    if not view and "note" in cookie and not request.headers.get("X-Kept-Copy"):
        # The phone that saved a hand is the first to look again: its page is drawn now,
        # from the match just read, which the note then needs (not a second replay).
        note = take_note(drawn[0] if drawn else matches.read_match(db.session, token))
    response = make_response(fill_holes(page.replace(NOTE_HOLE, note)))
    response.vary.add("HX-Request")
    return response


def display_page(state: MatchState, oob: bool = False) -> Response:
    """The view link's display, for a screen in the middle of the table (``oob``: the
    display alone, as a poll redraws it)."""
    context = {"state": state, "region": "matches/_display.html", "oob": oob}
    if oob:
        return make_response(render_template("matches/_display.html", **context))
    back = url_for(".watch", token=state.match.view_token)
    # Translators: between the sides' names in a title, "Us v Them".
    title = said_joined(map(bidi.plain, state.sides), said(" v "))

    return make_response(
        render_template("display.html", back_url=back, title=title, script="match.js", **context)
    )


def edit_page(
    state: MatchState, form: HandForm, index: int, status: int = 200, trim_offer=None
) -> Response:
    """The page that corrects a past hand (with ``trim_offer``, an EarlierEnd: the offer
    to remove the hands the correction leaves after the game's new end)."""
    if status == 422:
        point_to_refusal(form)
    response = render(
        "matches/edit.html",
        "matches/_edit_form.html",
        state=state,
        form=form,
        number=index + 1,
        hand=state.hands[index],
        row=state.ledger.rows[index],
        action_form=FlaskForm(),
        trim_offer=trim_offer,
    )
    response.status_code = status
    return response


def describe_preview(
    state: MatchState, entries: dict[str, Any], index: int, melds_typed: list[bool] | None = None
) -> dict[str, Any]:
    """The preview's facts: what the bidder needs, the throw-in verdict (once the bidder's
    meld is typed: ``melds_typed``, one flag a side), the outcome."""
    preset, names = state.preset, state.sides
    facts: dict[str, Any] = {"state": state, "outcome": None, "error": None, "lines": []}
    dealer = state.ledger.rows[index].dealer if index < len(state.hands) else None
    dealer = state.ledger.next_dealer if dealer is None else dealer
    try:
        hand = hand_input(preset, entries)
    except RuleError as error:
        facts["error"] = error.reason
        return facts
    if entries["cards"]:
        facts["card_melds"] = [
            (side, names[side], hand.meld[side])
            for side in range(preset.sides)
            if any(
                cards and preset.side_of(player) == side
                for player, cards in enumerate(entries["cards"])
            )
        ]
    bidder, bid = hand.bidder, hand.bid
    if hand.all_passed:
        bidder = preset.side_of(dealer)
    if preset.bidding and bidder is not None and bid is not None:
        meld = hand.meld[bidder]
        facts["lines"].append(bid_outlook(preset, bid, meld, names[bidder]))
        if melds_typed is None or melds_typed[bidder]:
            facts["throw_in"] = throw_in_verdict(preset, bid, meld)
        facts["throw_in_terms"] = throw_in_terms(preset, bid, bidder, names)
    if entries["tricks"] is None and not (entries["thrown_in"] or entries["redeal"]):
        return facts
    changed = [h.entries() for h in state.hands[:index]] + [entries]
    try:
        ledger = replay_entries(state.match, preset, changed)
    except RuleError as error:
        facts["error"] = error.reason
        return facts
    facts["outcome"] = ledger.rows[index].outcome
    facts["totals"] = ledger.totals
    facts["win_reason"] = ledger.win_reason
    return facts
