"""The pinochle score sheet: start a match, enter and correct hands, read the ledger."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flask import Blueprint, abort, g, redirect, request, url_for
from flask_wtf import FlaskForm
from sqlalchemy.orm import selectinload
from werkzeug.wrappers import Response
from wtforms import SelectChoice

from ..extensions import db
from ..htmx import render
from ..models import Change, DeviceMatch, Hand, Match
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
from .forms import HandForm, MatchForm, hand_input, house_rule_overrides, house_rules_form

bp = Blueprint("matches", __name__, url_prefix="/matches")


@dataclass
class MatchState:
    """A match as the page shows it: its rules, its hands and their replay."""

    match: Match
    preset: Preset
    hands: list[Hand]
    ledger: Ledger

    @property
    def players(self) -> list[str]:
        return self.match.player_names

    @property
    def sides(self) -> list[str]:
        return self.match.side_names

    @property
    def over(self) -> bool:
        return self.ledger.winner is not None


def match_preset(match: Match) -> Preset:
    """The match's preset with its house rules applied."""
    return with_rules(get_preset(match.game), match.house_rules)


def replay_entries(match: Match, preset: Preset, entries: list[dict[str, Any]]) -> Ledger:
    """Replay a list of hand entries for a match (RuleError if any hand breaks a rule)."""
    inputs = []
    for number, hand_entries in enumerate(entries, start=1):
        try:
            inputs.append(hand_input(preset, hand_entries))
        except RuleError as error:
            raise error.in_hand(number) from None
    return replay(preset, inputs, match.side_names, match.first_dealer)


def load_state(match_id: int) -> MatchState:
    """Load a match with its hands in two queries and replay it."""
    match = db.get_or_404(Match, match_id, options=[selectinload(Match.hands)])
    preset = match_preset(match)
    hands = list(match.hands)
    ledger = replay_entries(match, preset, [hand.entries() for hand in hands])
    return MatchState(match, preset, hands, ledger)


def hand_form(state: MatchState) -> HandForm:
    """The hand-entry form fitted to this match (filled from the request on a POST)."""
    form = HandForm()
    form.setup(state.preset, state.players, state.sides)
    return form


def _page(state: MatchState, form: HandForm | None, status: int = 200) -> Response:
    last_change = db.session.execute(
        db.select(Change.id).where(Change.match_id == state.match.id).limit(1)
    ).first()
    remember_match(state.match.id)
    knobs = knob_table(state.preset)
    changed = changed_knobs(state.preset)
    response = render(
        "matches/page.html",
        "matches/_match.html",
        state=state,
        form=form,
        can_undo=last_change is not None,
        knobs=knobs,
        changed=[row for row in knobs if row[0] in changed],
        action_form=FlaskForm(),
    )
    response.status_code = status
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
    return redirect(url_for(".show", match_id=match.id), 303)


@bp.get("/<int:match_id>")
def show(match_id: int) -> Response:
    """The ledger: totals, whose deal, every hand, and the form for the next one."""
    state = load_state(match_id)
    return _page(state, None if state.over else hand_form(state))


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
        return None
    entries = form.entries()
    if entries["trump"] is None and not entries["redeal"]:
        form.trump.errors = [*form.trump.errors, "Which suit was trump?"]
        return None
    return entries


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


@bp.post("/<int:match_id>/hands")
def add_hand(match_id: int) -> Response:
    """Record the next hand; a hand that breaks a rule stays on the form, unsaved."""
    state = load_state(match_id)
    if state.over:
        abort(409, description="This match is over; start a rematch to play on.")
    form = hand_form(state)
    entries = _entries(form)
    number = len(state.hands) + 1
    if entries is None:
        return _page(state, form, 422)
    if _check(state, form, [h.entries() for h in state.hands] + [entries], number) is None:
        return _page(state, form, 422)
    position = (state.hands[-1].position + 1) if state.hands else 1
    hand = Hand(match_id=match_id, position=position, **entries)
    db.session.add(hand)
    db.session.flush()
    _record(state.match, "add", hand, position)
    db.session.commit()
    return redirect(url_for(".show", match_id=match_id), 303)


@bp.post("/<int:match_id>/preview")
def preview(match_id: int) -> Response:
    """What the hand being entered (or corrected) would score, in plain words (a fragment)."""
    state = load_state(match_id)
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
    for index, hand in enumerate(state.hands):
        if hand.id == hand_id:
            return index, hand
    abort(404)


@bp.route("/<int:match_id>/hands/<int:hand_id>/edit", methods=["GET", "POST"])
def edit_hand(match_id: int, hand_id: int) -> Response:
    """Correct a past hand; every total and the winner after it recompute."""
    state = load_state(match_id)
    index, hand = _hand_or_404(state, hand_id)
    if request.method == "GET":
        form = hand_form(state)
        form.fill_from(hand.entries())
        return _edit_page(state, form, index, hand)
    form = hand_form(state)
    entries = _entries(form)
    all_entries = [h.entries() for h in state.hands]
    if entries is not None:
        all_entries[index] = entries
    if entries is None or _check(state, form, all_entries, index + 1) is None:
        return _edit_page(state, form, index, hand, 422)
    before = hand.entries()
    for name, value in entries.items():
        setattr(hand, name, value)
    _record(state.match, "edit", hand, hand.position, before)
    db.session.commit()
    return redirect(url_for(".show", match_id=match_id), 303)


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


@bp.post("/<int:match_id>/hands/<int:hand_id>/delete")
def delete_hand(match_id: int, hand_id: int) -> Response:
    """Delete a past hand, unless that would leave hands after the game was won."""
    state = load_state(match_id)
    index, hand = _hand_or_404(state, hand_id)
    if not FlaskForm().validate():
        abort(400, description="The form expired; reload the page and try again.")
    remaining = [h.entries() for i, h in enumerate(state.hands) if i != index]
    try:
        replay_entries(state.match, state.preset, remaining)
    except RuleError as error:
        abort(409, description=f"Hand {index + 1} cannot be deleted: without it, {error}.")
    _record(state.match, "delete", hand, hand.position, hand.entries())
    db.session.delete(hand)
    db.session.commit()
    return redirect(url_for(".show", match_id=match_id), 303)


@bp.post("/<int:match_id>/undo")
def undo(match_id: int) -> Response:
    """Undo the last change to the match's hands: an added, edited or deleted hand."""
    match = db.get_or_404(Match, match_id)
    if not FlaskForm().validate():
        abort(400, description="The form expired; reload the page and try again.")
    change = db.session.execute(
        db.select(Change).where(Change.match_id == match_id).order_by(Change.id.desc()).limit(1)
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
            restored = Hand(match_id=match.id, position=change.position, **change.before)
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
    return redirect(url_for(".show", match_id=match_id), 303)


@bp.post("/<int:match_id>/rematch")
def rematch(match_id: int) -> Response:
    """A new match with the same game, house rules and names; the next player deals first."""
    old = db.get_or_404(Match, match_id)
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
    return redirect(url_for(".show", match_id=match.id), 303)


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
