"""Saved rule sets' views: "Save these rules as…" on the new-match form, a rule set's page
by its link, keeping it on this phone, its QR code, and changing it. Each reads its form,
calls services.rule_sets and answers."""

from __future__ import annotations

from flask import Blueprint, abort, redirect, render_template, request, url_for
from flask_wtf import FlaskForm
from markupsafe import Markup
from werkzeug.wrappers import Response

from .. import bidi
from ..device import current_device, this_device
from ..extensions import db
from ..house_rules import pinochle_knob_label, pinochle_knob_lines, refuse_knob
from ..htmx import render
from ..i18n import plain
from ..match_setup import MatchForm, house_rule_overrides, house_rules_form
from ..models import RuleSet
from ..rules import PRESETS, RuleError, said, said_joined
from ..services import rule_sets
from ..services.errors import Conflict
from ..sharing import qr_svg
from ..words import capitalised
from .forms import RuleSetNameForm

bp = Blueprint("rule_sets", __name__, url_prefix="/rules")

EXPIRED = said("The form expired; reload the page and try again.")
FIX_RULES = said("Fix the house rule marked above, then save.")
# Translators: a rule set's name (a form's label).
NAME = said("Name")


@bp.app_template_global()
def kept_rule_sets() -> list[tuple[RuleSet, str]]:
    """This phone's pinochle rule sets with their games' names, for the new-match page."""
    kept = rule_sets.device_rule_sets(db.session, current_device())
    return [(rule_set, rule_sets.game_label(rule_set)) for rule_set in kept]


@bp.app_template_global()
def rule_set_name_form() -> RuleSetNameForm:
    """An empty "Save these rules as" field, for a new-match form drawn without one."""
    return RuleSetNameForm(formdata=None)


def _checked(form: FlaskForm) -> None:
    """A write's form must carry this session's CSRF token (a name it could not read is
    the service's to refuse, beside the name)."""
    if not form.validate() and form.meta.csrf and form.csrf_token.errors:
        abort(400, description=EXPIRED)


def _rule_errors(rules_form, name_form: RuleSetNameForm, error: RuleError) -> None:
    """A refused save's reason, beside the house rule it is about or else beside the name."""
    if refuse_knob(rules_form, error):
        name_form.rule_set_name.errors = [FIX_RULES]
    else:
        name_form.rule_set_name.errors = [capitalised(plain(error.reason))]


@bp.post("/save")
def save() -> Response:
    """Save the new-match form's game and house rules under the name typed; the form comes
    back as it was typed (names and all), saying what was saved."""
    preset = PRESETS.get(request.form.get("game", ""), PRESETS["partnership"])
    name_form = RuleSetNameForm()
    _checked(name_form)
    match_form = MatchForm()
    match_form.fit(preset)
    rules_form = house_rules_form(preset, request.form)
    saved = None
    if request.form.get("fitted_for") != preset.name:
        # The game changed after the form was drawn: its house rules start over.
        rules_form = house_rules_form(preset)
        name_form.rule_set_name.errors = [
            said("The form now fits %(game)s: check its house rules, then save.", game=preset.label)
        ]
    else:
        rules_form.validate()
        overrides = house_rule_overrides(rules_form, preset)
        if any(field.errors for field in rules_form):
            name_form.rule_set_name.errors = [FIX_RULES]
        else:
            try:
                saved = rule_sets.save_rule_set(
                    db.session,
                    name=name_form.rule_set_name.data,
                    game=preset.name,
                    house_rules=overrides,
                    device=this_device(),
                )
            except RuleError as error:
                _rule_errors(rules_form, name_form, error)
    if saved is not None:
        name_form = RuleSetNameForm(formdata=None)
    response = render(
        "matches/new.html",
        "matches/_new_form.html",
        form=match_form,
        rules=rules_form,
        preset=preset,
        rule_set_form=name_form,
        saved_rule_set=saved,
    )
    response.status_code = 200 if saved is not None else 422
    return response


@bp.get("/<token:token>")
def show(token: str) -> Response:
    """A rule set's page: its rules as players read them, start a match with them, keep
    them on this phone, share the link, change them."""
    rule_set = rule_sets.find_rule_set(db.session, token)
    every_rule = pinochle_knob_lines(rule_sets.preset_of(rule_set))
    return render_template(
        "rule_sets/page.html",
        rule_set=rule_set,
        label=rule_sets.game_label(rule_set),
        changed=[line for line in every_rule if line.name in rule_set.house_rules],
        every_rule=every_rule,
        kept=rule_sets.kept_on_device(db.session, current_device(), rule_set),
        # A game of four in two partnerships: a club night can play it too.
        for_a_night=rule_sets.preset_of(rule_set).players == 4
        and rule_sets.preset_of(rule_set).sides == 2,
        action_form=FlaskForm(),
    )


@bp.post("/<token:token>/keep")
def keep(token: str) -> Response:
    """List the rule set on this phone's new-match page."""
    rule_set = rule_sets.find_rule_set(db.session, token)
    _checked(FlaskForm())
    rule_sets.keep_on_device(db.session, this_device(), rule_set)
    return redirect(url_for(".show", token=token), 303)


@bp.get("/<token:token>/qr.svg")
def qr(token: str) -> Response:
    """The QR code of the rule set's link."""
    rule_set = rule_sets.find_rule_set(db.session, token)
    return qr_svg(url_for(".show", token=rule_set.token, _external=True))


@bp.route("/<token:token>/edit", methods=["GET", "POST"])
def edit(token: str) -> Response:
    """Rename the rule set or change its house rules; matches started from it keep theirs."""
    rule_set = rule_sets.find_rule_set(db.session, token)
    preset = PRESETS[rule_set.game]
    if request.method == "GET":
        name_form = RuleSetNameForm(
            formdata=None, rule_set_name=rule_set.name, version=rule_set.version
        )
        rules_form = house_rules_form(rule_sets.preset_of(rule_set))
        return _edit_page(rule_set, name_form, rules_form)
    name_form = RuleSetNameForm()
    _checked(name_form)
    rules_form = house_rules_form(preset, request.form)
    rules_form.validate()
    overrides = house_rule_overrides(rules_form, preset)
    if any(field.errors for field in rules_form):
        name_form.rule_set_name.errors = [FIX_RULES]
        return _edit_page(rule_set, name_form, rules_form, 422)
    try:
        rule_sets.edit_rule_set(
            db.session,
            token,
            name=name_form.rule_set_name.data,
            house_rules=overrides,
            version=name_form.version.data,
        )
    except RuleError as error:
        _rule_errors(rules_form, name_form, error)
        return _edit_page(rule_set, name_form, rules_form, 422)
    except Conflict as conflict:
        # As typed, at the version now stored: Save again knowingly replaces theirs.
        name_form.redraw(conflict.version)
        name_form.rule_set_name.errors = [_changed_meanwhile(conflict.change)]
        return _edit_page(rule_set, name_form, rules_form, 409)
    return redirect(url_for(".show", token=token), 303)


def _changed_meanwhile(change: list[rule_sets.Difference]) -> Markup | str:
    """What another phone's save of the set did, against what this phone typed (the two
    names isolated)."""
    if not change:
        return said("Another phone saved these same rules a moment ago: nothing more to save.")
    where = said_joined(
        [
            said(
                "%(rule)s: %(theirs)s (yours: %(yours)s)",
                rule=NAME if d.what == "name" else pinochle_knob_label(d.what),
                theirs=d.theirs,
                yours=d.yours,
            )
            for d in change
        ],
        "; ",
    )
    names = [str(side) for d in change if d.what == "name" for side in (d.theirs, d.yours)]
    sentence = said(
        "Another phone changed these rules a moment ago. Where theirs differ from yours: "
        "%(changes)s. Keep theirs, or save yours again.",
        changes=where,
    )
    return bidi.with_names(plain(sentence), names)


def _edit_page(rule_set: RuleSet, name_form, rules_form, status: int = 200) -> Response:
    name_form.rule_set_name.label.text = NAME
    name_form.rule_set_name.description = ""
    page = render_template(
        "rule_sets/edit.html",
        rule_set=rule_set,
        label=rule_sets.game_label(rule_set),
        name_form=name_form,
        rules=rules_form,
    )
    return Response(page, status=status, mimetype="text/html")
