"""The pinochle score sheet: start a match, enter and correct hands, read the ledger."""

from __future__ import annotations

import io
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any, NamedTuple

import segno
from flask import (
    Blueprint,
    abort,
    g,
    has_request_context,
    make_response,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_wtf import FlaskForm
from markupsafe import Markup
from sqlalchemy import Exists, Row
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import selectinload
from werkzeug.wrappers import Response
from wtforms import SelectChoice

from ..extensions import db
from ..htmx import is_partial, render
from ..models import Change, DeviceMatch, Hand, Match, looks_like_token
from ..page_cache import CSRF_HOLE, FORM_TOKEN_HOLE, VERSION_HOLE, fill_holes, pages
from ..rules.errors import RuleError
from ..rules.pinochle import (
    PRESETS,
    Ledger,
    Preset,
    bid_outlook,
    changed_knobs,
    get_preset,
    knob_table,
    replay,
    throw_in_terms,
    throw_in_verdict,
    with_rules,
)
from .device import remember_match
from .forms import (
    MAX_VERSION,
    HandForm,
    MatchForm,
    hand_input,
    house_rule_overrides,
    house_rules_form,
)

bp = Blueprint("matches", __name__, url_prefix="/matches")

# A long match's page shows its latest hands, and the earlier ones a tap away
# (?hands=all): a phone need not fetch, nor the server draw, 200 hands to add one more.
LATEST_HANDS = 30


@dataclass
class MatchState:
    """A match as the page shows it: its rules, its hands and their replay."""

    match: Match | Row  # an object to change (load_state), or a row (read_state)
    preset: Preset
    # Hand objects to change (load_state), or the same columns as rows (read_state).
    hands: Sequence[Hand | Row]
    ledger: Ledger
    # Does the ledger show every hand, or only the latest LATEST_HANDS?
    shows_all: bool = False

    @property
    def first_shown(self) -> int:
        """The index of the first hand the ledger shows."""
        return 0 if self.shows_all else max(len(self.hands) - LATEST_HANDS, 0)

    @cached_property
    def players(self) -> list[str]:
        """The players' names, in seat order."""
        return self.match.player_names

    @cached_property
    def sides(self) -> list[str]:
        """The sides' names: teams, or players playing alone."""
        return self.match.side_names

    @property
    def over(self) -> bool:
        """Has a side won?"""
        return self.ledger.winner is not None


def match_preset(match: Match) -> Preset:
    """The match's preset with its house rules applied."""
    return with_rules(get_preset(match.game), match.house_rules)


def replay_entries(match: Match, preset: Preset, entries: Sequence[Mapping[str, Any]]) -> Ledger:
    """Replay a list of hand entries for a match (RuleError if any hand breaks a rule)."""
    inputs = []
    for number, hand_entries in enumerate(entries, start=1):
        try:
            inputs.append(hand_input(preset, hand_entries))
        except RuleError as error:
            raise error.in_hand(number) from None
    return replay(preset, inputs, match.side_names, match.first_dealer)


def find_match(token: str, view: bool = False) -> Match:
    """The match a link's token opens (the view token when ``view``); 404 for any other."""
    if not looks_like_token(token):
        abort(404)
    column = Match.view_token if view else Match.edit_token
    match = db.session.execute(
        db.select(Match).where(column == token).options(selectinload(Match.hands))
    ).scalar_one_or_none()
    if match is None:
        # The same answer whether or not some match exists: a token is all or nothing.
        abort(404)
    return match


def load_state(token: str, view: bool = False) -> MatchState:
    """Load a match by its link in two queries and replay it; the ledger shows every
    hand when the request asks for all of them (``?hands=all``)."""
    match = find_match(token, view)
    preset = match_preset(match)
    hands = list(match.hands)
    ledger = replay_entries(match, preset, [hand.entries() for hand in hands])
    return MatchState(match, preset, hands, ledger, shows_all=_shows_all())


def changes_exist(match_id) -> Exists:
    """Is there a change Undo could take back? ``match_id`` is an id, or Match.id to ask
    it of each match a query reads."""
    return db.select(Change.id).where(Change.match_id == match_id).exists()


# What a page shows of a match and of each hand: what was entered, the links' tokens,
# the version, and whether Undo has a change to take back.
SHOWN_MATCH = [
    Match.id,
    Match.version,
    Match.edit_token,
    Match.view_token,
    Match.game,
    Match.house_rules,
    Match.side_names,
    Match.player_names,
    Match.first_dealer,
    changes_exist(Match.id).label("has_changes"),
]
SHOWN_HAND = [Hand.id, Hand.position, *(getattr(Hand, name) for name in Hand.ENTERED)]


def read_state(token: str, view: bool = False) -> MatchState:
    """Like load_state, for drawing a page: the match and its hands come as plain rows,
    not as objects to change, which is half the cost on a long match."""
    if not looks_like_token(token):
        abort(404)
    column = Match.view_token if view else Match.edit_token
    match = db.session.execute(db.select(*SHOWN_MATCH).where(column == token)).first()
    if match is None:
        abort(404)
    hands = db.session.execute(
        db.select(*SHOWN_HAND).where(Hand.match_id == match.id).order_by(Hand.position)
    ).all()
    preset = match_preset(match)
    # Plain dicts: a row's own mapping is several times slower to read, hand by hand.
    names = [column.key for column in SHOWN_HAND]
    ledger = replay_entries(match, preset, [dict(zip(names, hand, strict=True)) for hand in hands])
    return MatchState(match, preset, hands, ledger, shows_all=_shows_all())


def _shows_all() -> bool:
    # Exports and commands replay matches outside any request.
    return has_request_context() and request.args.get("hands") == "all"


def hand_form(state: MatchState) -> HandForm:
    """The hand-entry form fitted to this match (filled from the request on a POST)."""
    form = HandForm()
    form.setup(state.preset, state.players, state.sides)
    if form.version.data is None:
        form.version.data = state.match.version
    if not form.client_token.data:
        form.client_token.data = secrets.token_urlsafe(16)
    return form


def _has_changes(match: Match) -> bool:
    """Is there a change to the match's hands that Undo could take back?"""
    return db.session.scalar(db.select(changes_exist(match.id)))


def _draw_page(
    state: MatchState,
    form_html: Markup | None,
    view: bool,
    action_form: FlaskForm,
    can_undo: bool,
) -> str:
    """The match page (or, for htmx, its body) as HTML, with the next hand's form drawn."""
    knobs = knob_table(state.preset)
    changed = changed_knobs(state.preset)
    return render_template(
        "matches/_match.html" if is_partial() else "matches/page.html",
        state=state,
        form_html=form_html,
        view=view,
        can_undo=can_undo and not view,
        knobs=knobs,
        changed=[row for row in knobs if row[0] in changed],
        action_form=action_form,
    )


def _draw_form(state: MatchState, form: HandForm) -> Markup:
    """The next hand's form as HTML."""
    return Markup(
        render_template(
            "matches/_hand_form.html",
            state=state,
            form=form,
            action_url=url_for(".add_hand", token=state.match.edit_token),
            submit_label="Save hand",
            swap_match=True,
        )
    )


def _page(state: MatchState, form: HandForm | None, status: int) -> Response:
    """The match page redrawn for a refused write: the phone's typing and the reason."""
    form_html = None if form is None else _draw_form(state, form)
    page = _draw_page(state, form_html, False, FlaskForm(), _has_changes(state.match))
    response = make_response(page, status)
    response.vary.add("HX-Request")
    return response


def _empty_form(state: MatchState) -> Markup:
    """The next hand's empty form, with holes for the tokens and the match's version."""
    form = _csrf_hole(hand_form(state))
    form.client_token.data = FORM_TOKEN_HOLE
    form.version.data = VERSION_HOLE
    return _draw_form(state, form)


def _csrf_hole(form: FlaskForm) -> FlaskForm:
    """The form drawn with a hole where this request's CSRF token goes (see page_cache)."""
    if form.meta.csrf:
        form.csrf_token.current_token = CSRF_HOLE
    return form


def _cached_page(token: str, view: bool) -> Response:
    """A match page as looked at: drawn once per version of the match, then kept.

    Looking again costs one query (the version, and by the edit link whether this device
    lists the match); the page is drawn with holes for this request's tokens.
    """
    if view:
        match = _current_version(Match.view_token, token)
    else:
        match = _current_version(Match.edit_token, token, device=g.get("device"))
        if not match.listed:
            # Opening a match lists it on this device; a refused post writes nothing at all.
            remember_match(match.id)

    def draw() -> str:
        state = read_state(token, view)
        form_html = None
        if not (view or state.over):
            # The next hand's form is the same at every version but for its version field:
            # drawn once per match, with a hole for that too.
            form_html = pages().get_or_draw((match.edit_token, "form"), lambda: _empty_form(state))
            form_html = Markup(form_html.replace(VERSION_HOLE, str(state.match.version)))
        action_form = _csrf_hole(FlaskForm())
        return _draw_page(state, form_html, view, action_form, state.match.has_changes)

    key = (match.edit_token, match.version, view, is_partial(), _shows_all())
    response = make_response(fill_holes(pages().get_or_draw(key, draw)))
    response.vary.add("HX-Request")
    return response


@bp.get("/new")
def new() -> Response:
    """The form that starts a match; choosing another game refits it."""
    game = request.args.get("game", "partnership")
    preset = PRESETS.get(game, PRESETS["partnership"])
    form = MatchForm(formdata=None, game=preset.name)
    rules_form = house_rules_form(preset)
    _fit_names(form, preset)
    return render(
        "matches/new.html", "matches/_new_form.html", form=form, rules=rules_form, preset=preset
    )


def _fit_names(form: MatchForm, preset: Preset) -> None:
    """One name field per team (partnerships) and one per player, with default names."""
    form.side_names.fit(preset.sides if preset.teams else 0)
    form.player_names.fit(preset.players)
    for side, entry in enumerate(form.side_names):
        entry.label.text = f"Team {side + 1}"
        entry.render_kw = {"placeholder": preset.side_names[side]}
    for player, entry in enumerate(form.player_names):
        entry.label.text = f"Player {player + 1}"
        if preset.teams:
            entry.label.text += f" (team {preset.side_of(player) + 1})"
        entry.render_kw = {"placeholder": f"Player {player + 1}"}
    form.first_dealer.choices = [SelectChoice(p, f"Player {p + 1}") for p in range(preset.players)]


@bp.post("/new")
def create() -> Response:
    """Start a match from the form; errors stay on the form and nothing is saved."""
    game = request.form.get("game", "")
    preset = PRESETS.get(game)
    if preset is None:
        preset = PRESETS["partnership"]
    form = MatchForm()
    _fit_names(form, preset)
    if request.form.get("fitted_for") != preset.name:
        # The game changed after the form was drawn: names stay, house rules start over.
        response = render(
            "matches/new.html",
            "matches/_new_form.html",
            form=form,
            rules=house_rules_form(preset),
            preset=preset,
            refitted=True,
        )
        response.status_code = 422
        return response
    rules_form = house_rules_form(preset, request.form)
    valid = form.validate() & rules_form.validate()
    overrides = house_rule_overrides(rules_form, preset)
    if valid and not any(field.errors for field in rules_form):
        try:
            with_rules(preset, overrides)
        except RuleError as error:
            if error.field in rules_form:
                rules_form[error.field].errors = [error.reason]
            valid = False
    else:
        valid = False
    if not valid:
        response = render(
            "matches/new.html",
            "matches/_new_form.html",
            form=form,
            rules=rules_form,
            preset=preset,
        )
        response.status_code = 422
        return response
    players = [entry.data or f"Player {p + 1}" for p, entry in enumerate(form.player_names.entries)]
    if preset.teams:
        sides = [entry.data or preset.side_names[s] for s, entry in enumerate(form.side_names)]
    else:
        sides = players
    match = Match(
        game=preset.name,
        house_rules=overrides,
        side_names=sides,
        player_names=players,
        first_dealer=form.first_dealer.data or 0,
    )
    db.session.add(match)
    db.session.commit()
    remember_match(match.id)
    return redirect(url_for(".show", token=match.edit_token), 303)


@bp.get("/<token>")
def show(token: str) -> Response:
    """The ledger: totals, whose deal, every hand, and the form for the next one."""
    return _cached_page(token, view=False)


@bp.get("/watch/<token>")
def watch(token: str) -> Response:
    """The view-only page of a match: the same ledger, live, with nothing to change."""
    return _cached_page(token, view=True)


@bp.route("/watch/<token>", methods=["POST", "PUT", "PATCH", "DELETE"])
@bp.route("/watch/<token>/<path:rest>", methods=["POST", "PUT", "PATCH", "DELETE"])
def watch_cannot_write(token: str, rest: str = "") -> Response:
    """A view link never writes, whatever it is sent."""
    abort(403, description="This is a view-only link: it can show the match but not change it.")


def _live(match: MatchVersion, view: bool) -> Response:
    """A phone's poll: an empty 204 while nothing changed, else the parts that changed."""
    since = request.args.get("since", type=int)
    if since == match.version:
        # An empty body: nothing for the compressor to wrap (quick_poll.py answers the
        # same way, usually before this view is reached).
        return Response(b"", status=204, headers={"Cache-Control": "no-store"})
    state = read_state(match.view_token if view else match.edit_token, view)
    response = render(
        "matches/_live.html",
        "matches/_live.html",
        state=state,
        view=view,
        can_undo=not view and state.match.has_changes,
        was_over=request.args.get("over") == "1",
        action_form=FlaskForm(),
    )
    response.headers["Cache-Control"] = "no-store"
    return response


class MatchVersion(NamedTuple):
    """The little a poll or a kept page needs to know about a match."""

    id: int
    version: int
    edit_token: str
    view_token: str
    # Is the match on this device's list already? (Asked only for a page by its edit link.)
    listed: bool = False


def _current_version(column, token: str, device: str | None = None) -> MatchVersion:
    """Only the match's id, tokens and version: the one small query a poll costs.

    With ``device``, the same query says whether that device lists the match already.
    """
    if not looks_like_token(token):
        abort(404)
    columns = [Match.id, Match.version, Match.edit_token, Match.view_token]
    if device:
        listed = db.select(DeviceMatch.match_id).where(
            DeviceMatch.device == device, DeviceMatch.match_id == Match.id
        )
        columns.append(listed.exists().label("listed"))
    found = db.session.execute(db.select(*columns).where(column == token)).first()
    if found is None:
        abort(404)
    return MatchVersion(*found)


@bp.get("/<token>/live")
def live(token: str) -> Response:
    """Poll from a phone holding the edit link."""
    return _live(_current_version(Match.edit_token, token), view=False)


@bp.get("/watch/<token>/live")
def watch_live(token: str) -> Response:
    """Poll from a phone holding the view link."""
    return _live(_current_version(Match.view_token, token), view=True)


def _qr_svg(url: str) -> Response:
    """A QR code of a link, as an SVG image a phone across the table can scan."""
    svg = io.BytesIO()
    segno.make(url, error="m").save(svg, kind="svg", scale=5, dark="#000", light="#fff")
    return Response(svg.getvalue(), mimetype="image/svg+xml", headers={"Cache-Control": "private"})


@bp.get("/<token>/qr/<kind>.svg")
def qr(token: str, kind: str) -> Response:
    """The QR code of this match's edit or view link."""
    match = _current_version(Match.edit_token, token)
    if kind == "edit":
        return _qr_svg(url_for(".show", token=match.edit_token, _external=True))
    if kind == "view":
        return _qr_svg(url_for(".watch", token=match.view_token, _external=True))
    abort(404)


@bp.get("/watch/<token>/qr.svg")
def watch_qr(token: str) -> Response:
    """The QR code of the view link, shown on the view-only page."""
    match = _current_version(Match.view_token, token)
    return _qr_svg(url_for(".watch", token=match.view_token, _external=True))


def _check(
    state: MatchState, form: HandForm, entries: list[dict[str, Any]], number: int
) -> Ledger | None:
    """Replay the match with a new or changed hand; put any broken rule on the form."""
    try:
        return replay_entries(state.match, state.preset, entries)
    except RuleError as error:
        if error.hand == number:
            form.add_rule_error(RuleError(error.reason, error.field))
        else:
            form.add_rule_error(RuleError(f"with this change, {error}", "hand"))
        return None


def _entries(form: HandForm) -> dict[str, Any] | None:
    if not form.validate():
        form.out_of_date()
        return None
    entries = form.entries()
    if entries["trump"] is None and not entries["redeal"]:
        form.trump.errors = [*form.trump.errors, "Which suit was trump?"]
        return None
    return entries


def _claim_version(match: Match, expected: int | None) -> bool:
    """Move the match to its next version if it is still at ``expected`` (compare and set).

    Two phones writing at once both read version N; only the first UPDATE finds it.
    """
    if expected is None:
        return False
    result = db.session.execute(
        db.update(Match)
        .where(Match.id == match.id, Match.version == expected)
        .values(version=Match.version + 1)
        .execution_options(synchronize_session=False)
    )
    return result.rowcount == 1


def _bump_version(match: Match) -> None:
    db.session.execute(
        db.update(Match)
        .where(Match.id == match.id)
        .values(version=Match.version + 1)
        .execution_options(synchronize_session=False)
    )


def _already_recorded(match: Match, client_token: str | None) -> bool:
    """Was a hand with this form's one-time token saved already (a double tap)?"""
    if not client_token:
        return False
    found = db.session.execute(
        db.select(Hand.id).where(Hand.match_id == match.id, Hand.client_token == client_token)
    ).first()
    return found is not None


def _latest_change(state: MatchState) -> str:
    """The last change to the match, in words, for a phone whose form is out of date."""
    change = (
        db.session.execute(
            db.select(Change).where(Change.match_id == state.match.id).order_by(Change.id.desc())
        )
        .scalars()
        .first()
    )
    if change is None:
        return "the hands were changed"
    for row, hand in zip(state.ledger.rows, state.hands, strict=True):
        if hand.position == change.position:
            verb = {"add": "saved", "edit": "changed"}.get(change.kind, "restored")
            return f"hand {row.number} was {verb}: {row.outcome.sentence}"
    return "a hand was deleted"


def _record(match: Match, kind: str, hand: Hand | None, position: int, before=None) -> None:
    db.session.add(
        Change(
            match_id=match.id,
            kind=kind,
            hand_id=hand.id if hand else None,
            position=position,
            before=before,
        )
    )


@bp.post("/<token>/hands")
def add_hand(token: str) -> Response:
    """Record the next hand; a hand that breaks a rule stays on the form, unsaved.

    Saved once however often Save is tapped (the form's one-time token), and never on top
    of a hand another phone saved meanwhile (the match's version).
    """
    state = load_state(token)
    shown = url_for(".show", token=token)
    form = hand_form(state)
    client_token = form.client_token.data or None
    if client_token and not looks_like_token(client_token, longest=40):
        client_token = None  # not one the site made: it never reaches the database
    if _already_recorded(state.match, client_token):
        return redirect(shown, 303)
    if state.over:
        abort(409, description="This match is over; start a rematch to play on.")
    entries = _entries(form)
    number = len(state.hands) + 1
    if entries is None:
        return _page(state, form, 422)
    if _check(state, form, [h.entries() for h in state.hands] + [entries], number) is None:
        return _page(state, form, 422)
    if not _claim_version(state.match, form.version.data):
        db.session.rollback()
        if _already_recorded(state.match, client_token):
            return redirect(shown, 303)
        return _conflict(token, form)
    position = (state.hands[-1].position + 1) if state.hands else 1
    hand = Hand(match_id=state.match.id, position=position, client_token=client_token, **entries)
    db.session.add(hand)
    try:
        db.session.flush()
        _record(state.match, "add", hand, position)
        db.session.commit()
    except IntegrityError:
        # The same form saved this hand a moment ago: nothing more to record.
        db.session.rollback()
    return redirect(shown, 303)


def _conflict(token: str, form: HandForm) -> Response:
    """Another phone changed the match after this form was drawn: show what, save nothing."""
    db.session.expire_all()
    state = load_state(token)
    what = _latest_change(state)
    form.setup(state.preset, state.players, state.sides)
    form.show_version(state.match.version)
    form.add_rule_error(
        RuleError(
            f"while you were entering this hand, another phone changed the match ({what}). "
            "Yours was not saved: check it against the ledger and save again",
            "hand",
        )
    )
    if state.over:
        return _page(state, None, 409)
    return _page(state, form, 409)


@bp.post("/<token>/preview")
def preview(token: str) -> Response:
    """What the hand being entered (or corrected) would score, in plain words (a fragment)."""
    state = load_state(token)
    index = len(state.hands)
    hand_id = request.args.get("hand", type=int)
    if hand_id is not None:
        index, _ = _hand_or_404(state, hand_id)
    form = hand_form(state)
    form.validate()
    return render(
        "matches/_preview.html",
        "matches/_preview.html",
        **describe_preview(state, form.entries(), index),
    )


def describe_preview(state: MatchState, entries: dict[str, Any], index: int) -> dict[str, Any]:
    """The preview's facts: what the bidder needs, the throw-in verdict, the outcome."""
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


def _hand_or_404(state: MatchState, hand_id: int) -> tuple[int, Hand]:
    """A hand of this match by its id, or 404 (another match's hand is not this one's)."""
    for index, hand in enumerate(state.hands):
        if hand.id == hand_id:
            return index, hand
    abort(404)


@bp.route("/<token>/hands/<int:hand_id>/edit", methods=["GET", "POST"])
def edit_hand(token: str, hand_id: int) -> Response:
    """Correct a past hand; every total and the winner after it recompute.

    If another phone changed the same hand since this form was drawn, nothing is
    overwritten: the player sees the hand as it now stands.
    """
    state = load_state(token)
    index, hand = _hand_or_404(state, hand_id)
    form = hand_form(state)
    if request.method == "GET":
        form.fill_from(hand.entries())
        form.hand_version.data = hand.version
        return _edit_page(state, form, index, hand)
    entries = _entries(form)
    all_entries = [h.entries() for h in state.hands]
    if entries is not None:
        all_entries[index] = entries
    if entries is None or _check(state, form, all_entries, index + 1) is None:
        return _edit_page(state, form, index, hand, 422)
    before = hand.entries()
    # A form without the hand's version (not drawn by this site) checks against the latest.
    seen = hand.version if form.hand_version.data is None else form.hand_version.data
    updated = db.session.execute(
        db.update(Hand)
        .where(Hand.id == hand.id, Hand.version == seen)
        .values(version=Hand.version + 1, **entries)
        .execution_options(synchronize_session=False)
    )
    if updated.rowcount != 1:
        db.session.rollback()
        db.session.expire_all()
        state = load_state(token)
        index, hand = _hand_or_404(state, hand_id)
        form.show_version(hand.version, field="hand_version")
        form.add_rule_error(
            RuleError(
                f"another phone changed hand {index + 1} while you were editing it; it now "
                f"reads: {state.ledger.rows[index].outcome.sentence}. Your change was not "
                "saved: save again to replace theirs",
                "hand",
            )
        )
        return _edit_page(state, form, index, hand, 409)
    _bump_version(state.match)
    _record(state.match, "edit", hand, hand.position, before)
    db.session.commit()
    # Back to the ledger at the corrected hand, unfolding the earlier hands if it is one.
    folded = index < state.first_shown
    shown = url_for(
        ".show", token=token, hands="all" if folded else None, _anchor=f"hand-{index + 1}"
    )
    return redirect(shown, 303)


def _edit_page(state, form, index, hand, status=200) -> Response:
    response = render(
        "matches/edit.html",
        "matches/_edit_form.html",
        state=state,
        form=form,
        number=index + 1,
        hand=hand,
        row=state.ledger.rows[index],
        action_form=FlaskForm(),
    )
    response.status_code = status
    return response


@bp.post("/<token>/hands/<int:hand_id>/delete")
def delete_hand(token: str, hand_id: int) -> Response:
    """Delete a past hand, unless that would leave hands after the game was won."""
    state = load_state(token)
    if not FlaskForm().validate():
        abort(400, description="The form expired; reload the page and try again.")
    if hand_id > MAX_VERSION:
        abort(404)
    if all(hand.id != hand_id for hand in state.hands) and db.session.get(Hand, hand_id) is None:
        # Deleted already (a double tap, or another phone): nothing left to do.
        return redirect(url_for(".show", token=token), 303)
    index, hand = _hand_or_404(state, hand_id)
    remaining = [h.entries() for i, h in enumerate(state.hands) if i != index]
    try:
        replay_entries(state.match, state.preset, remaining)
    except RuleError as error:
        abort(409, description=f"Hand {index + 1} cannot be deleted: without it, {error}.")
    _record(state.match, "delete", hand, hand.position, hand.entries())
    _bump_version(state.match)
    db.session.delete(hand)
    db.session.commit()
    return redirect(url_for(".show", token=token), 303)


@bp.post("/<token>/undo")
def undo(token: str) -> Response:
    """Undo the last change to the match's hands: an added, edited or deleted hand.

    The form names the version it was drawn at, so a double-tapped Undo undoes once.
    """
    match = find_match(token)
    if not FlaskForm().validate():
        abort(400, description="The form expired; reload the page and try again.")
    seen = request.form.get("version", type=int)
    if seen is not None and not 0 <= seen <= MAX_VERSION:
        return redirect(url_for(".show", token=token), 303)
    if not _claim_version(match, match.version if seen is None else seen):
        db.session.rollback()
        return redirect(url_for(".show", token=token), 303)
    change = db.session.execute(
        db.select(Change).where(Change.match_id == match.id).order_by(Change.id.desc()).limit(1)
    ).scalar_one_or_none()
    if change is not None:
        hand = db.session.get(Hand, change.hand_id) if change.hand_id else None
        if hand is not None and hand.match_id != match.id:
            hand = None
        if change.kind == "add" and hand is not None:
            db.session.delete(hand)
        elif change.kind == "edit" and hand is not None:
            for name, value in change.before.items():
                setattr(hand, name, value)
        elif change.kind == "delete":
            restored = Hand(
                match_id=match.id,
                position=change.position,
                **{name: change.before[name] for name in Hand.ENTERED if name in change.before},
            )
            db.session.add(restored)
            db.session.flush()
            # Older changes to the deleted hand now refer to its restored copy.
            db.session.execute(
                db.update(Change)
                .where(Change.match_id == match.id, Change.hand_id == change.hand_id)
                .values(hand_id=restored.id)
            )
        db.session.delete(change)
    db.session.commit()
    return redirect(url_for(".show", token=token), 303)


@bp.post("/<token>/rematch")
def rematch(token: str) -> Response:
    """A new match with the same game, house rules and names; the next player deals first."""
    old = find_match(token)
    if not FlaskForm().validate():
        abort(400, description="The form expired; reload the page and try again.")
    preset = match_preset(old)
    match = Match(
        game=old.game,
        house_rules=dict(old.house_rules),
        side_names=list(old.side_names),
        player_names=list(old.player_names),
        first_dealer=(old.first_dealer + 1) % preset.players,
    )
    db.session.add(match)
    db.session.commit()
    remember_match(match.id)
    return redirect(url_for(".show", token=match.edit_token), 303)


def device_matches() -> list[MatchState]:
    """The matches opened on this device: in progress first, then finished, newest first."""
    device = g.get("device")
    if not device:
        return []
    matches = (
        db.session.execute(
            db.select(Match)
            .join(DeviceMatch, DeviceMatch.match_id == Match.id)
            .where(DeviceMatch.device == device)
            .options(selectinload(Match.hands))
            .order_by(Match.created_at.desc(), Match.id.desc())
        )
        .scalars()
        .all()
    )
    states = []
    for match in matches:
        preset = match_preset(match)
        hands = list(match.hands)
        ledger = replay_entries(match, preset, [hand.entries() for hand in hands])
        states.append(MatchState(match, preset, hands, ledger))
    return sorted(states, key=lambda state: state.over)
