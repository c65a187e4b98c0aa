"""How the group pages are drawn and how their refusals are said, shared by the group's
own views (routes.py) and those that start or add a game from it (games.py)."""

from __future__ import annotations

from flask import abort, redirect, render_template, request, url_for
from flask_wtf import FlaskForm
from werkzeug.wrappers import Response

from .. import bidi
from ..device import current_device
from ..extensions import db
from ..i18n import plain
from ..models import Group
from ..rules import RuleError, said
from ..services import devices, group_history, groups
from .blueprint import bp
from .forms import (
    GROUP_NAME,
    PlayerNameForm,
    refusal,
    roster_forms,
    with_names_shown,
)

EXPIRED = said("The form expired; reload the page and try again.")
NEW_PLAYER = said("New player")


@bp.app_template_global()
def groups_on_this_device() -> list[Group]:
    """This phone's groups, for the home page and "Start from a group"."""
    return devices.device_groups(db.session, current_device())


def checked(form: FlaskForm) -> None:
    """A write's form must carry this session's CSRF token; a field it could not read is
    refused as a service would refuse it (RuleError, beside the field)."""
    if not form.validate():
        refused = refusal(form)
        if refused is None:
            abort(400, description=EXPIRED)
        raise refused


def page(template: str, status: int = 200, **context) -> Response:
    return Response(render_template(template, **context), status=status, mimetype="text/html")


def refused(form: FlaskForm, error: RuleError, fallback: str, group: Group | None = None) -> None:
    """A refused write's sentence, beside the field it is about (else beside ``fallback``),
    the names of the ``group``'s roster in it isolated (the service wrote nothing)."""
    field = error.field if error.field in form else fallback
    # A seat's (or a name's) error is about the name typed for it, when one was typed.
    typed = "new_" + field.rpartition("_")[2]
    if (
        field.startswith(("player_", "name_"))
        and typed in form
        and (form[typed].data or "").strip()
    ):
        field = typed
    reason = bidi.with_names(
        plain(error.reason), [player.name for player in group.players] if group else []
    )
    form[field].errors = [reason[:1].upper() + reason[1:]]
    form[field].flags.autofocus = True


def group_page(
    group: Group, view: bool = False, status: int = 200, note: str | None = None, **forms
) -> Response:
    """The group's page: its roster (with a form for each player by the edit link), its
    games newest first, and the ways to start or add one. ``forms`` replaces the blank
    form of a refused write, which comes back with its error; ``note`` says, above it all,
    why a write about a player no longer shown was refused."""
    everyone = groups.roster(group)
    player_forms = {}
    for player in everyone:
        rename, merge, step = roster_forms(player, everyone)
        rename = forms.get(f"rename_{player.id}") or rename
        merge = forms.get(f"merge_{player.id}") or merge
        merge.offer(player, everyone)
        rename.name.label.text = with_names_shown(said("New name for %(name)s", name=player.name))
        player_forms[player.id] = (rename, merge, step)
    add_form = forms.get("add") or PlayerNameForm(formdata=None, prefix="add")
    add_form.name.label.text = NEW_PLAYER
    group_form = forms.get("group_name") or PlayerNameForm(
        formdata=None, prefix="group", name=group.name, version=group.version, drawn=group.name
    )
    group_form.name.label.text = GROUP_NAME
    return page(
        "groups/page.html",
        status,
        group=group,
        view=view,
        roster=everyone,
        listed=group_history.played_games(
            db.session, group, every_finished=request.args.get("finished") == "all"
        ),
        player_forms=player_forms,
        add_form=add_form,
        group_form=group_form,
        action_form=FlaskForm(),
        refused=status != 200,
        note=note,
    )


def back(token: str, part: str) -> Response:
    return redirect(url_for(".show", token=token, _anchor=part), 303)


def seats_page(group: Group, template: str, status: int = 200, **context) -> Response:
    response = page(template, status, group=group, **context)
    response.headers["Cache-Control"] = "no-store"
    return response


def point_to_first_error(*forms) -> None:
    """Put the thumb on the first field a refused start is about (focused on load)."""
    for form in forms:
        for field in form if form is not None else ():
            # A list of boxes (the teams' names) points to its own wrong box.
            for box in getattr(field, "entries", [field]):
                if box.errors:
                    box.flags.autofocus = True
                    return
