"""A group's own views: start a group, its page by the edit link (its roster: rename,
add, merge, retire) and by the view link, its statistics and QR codes. Each reads its
form, calls services.groups and answers; starting or adding a game is games.py's."""

from __future__ import annotations

from flask import redirect, request, url_for
from flask_wtf import FlaskForm
from werkzeug.wrappers import Response

from .. import bidi
from ..charts import Line, Race, race_figure
from ..device import this_device
from ..extensions import db
from ..i18n import plain
from ..models import Group
from ..rules import DICE_GAMES, RuleError, said
from ..services import devices, group_history, groups
from ..services.errors import Conflict
from ..sharing import add_qr_routes
from . import pages
from .blueprint import bp
from .forms import (
    GroupForm,
    MergeForm,
    PlayerNameForm,
    RosterStepForm,
)

# ---------------------------------------------------------------------- a new group


@bp.route("/new", methods=["GET", "POST"])
def new() -> Response:
    """The form that starts a group; the group's page opens with its edit link."""
    if request.method == "GET":
        return pages.page("groups/new.html", form=GroupForm(formdata=None))
    form = GroupForm()
    try:
        pages.checked(form)
        group = groups.create_group(db.session, form.name.data, form.player_names())
    except RuleError as error:
        pages.refused(form, error, "players")
        return pages.page("groups/new.html", 422, form=form)
    devices.remember_group(db.session, this_device(), group.id)
    return redirect(url_for(".show", token=group.edit_token), 303)


# ---------------------------------------------------------------------- the group's page


@bp.get("/<token:token>")
def show(token: str) -> Response:
    """The group by its edit link: listed on this phone's home page from now on."""
    group = groups.find_group(db.session, token)
    devices.remember_group(db.session, this_device(), group.id)
    return pages.group_page(group)


@bp.get("/watch/<token:token>")
def watch(token: str) -> Response:
    """The group by its view link: its roster and games, with nothing to change."""
    return pages.group_page(groups.find_group(db.session, token, view=True), view=True)


# Translators: the wins chart's steps (one game played after another), on its axis.
WINS_STEP = said("Game")
# Translators: what the wins chart counts, on its axis.
WINS_VALUE = said("Wins")
WINS_TITLE = said("Wins over time")


def _stats_page(group: Group, view: bool) -> Response:
    wins = group_history.wins_over_time(db.session, group)
    race = Race([Line(name, counted) for name, counted in wins.wins.items()], WINS_STEP, WINS_VALUE)
    return pages.page(
        "groups/stats.html",
        group=group,
        view=view,
        report=group_history.group_stats(db.session, group),
        sheet_games=[
            (kind, game.label, game.sheet.has_upper_bonus())
            for kind, game in DICE_GAMES.items()
            if game.sheet
        ],
        wins=wins,
        wins_figure=race_figure(race, WINS_TITLE, "wins-title"),
    )


@bp.get("/<token:token>/stats")
def stats(token: str) -> Response:
    """The group's statistics: each player's, each partnership's, head to head, and the
    wins over time."""
    return _stats_page(groups.find_group(db.session, token), view=False)


@bp.get("/watch/<token:token>/stats")
def watch_stats(token: str) -> Response:
    """The group's statistics by its view link."""
    return _stats_page(groups.find_group(db.session, token, view=True), view=True)


def _link_tokens(token: str, view: bool) -> tuple[str, str]:
    group = groups.find_group(db.session, token, view=view)
    return group.edit_token, group.view_token


add_qr_routes(bp, _link_tokens)


# ------------------------------------------------------------------------------ the roster


def _roster_write(
    token: str,
    form: FlaskForm,
    shown_as: str,
    write,
    part: str = "roster",
    redraw=None,
    player_id: int | None = None,
) -> Response:
    """A change to the group or its roster from one of the group page's forms:
    ``write(group)`` makes it; refused, the page comes back with that form (``shown_as``)
    saying why; done, the page again at ``part``. Refused because another phone changed
    the same record first (409), ``redraw(group)`` puts the record's version now stored
    in the form, as typed, and says whether the record is still on the page. A refused
    form about a roster player (``player_id``) the page does not draw is NotFound: its
    message would have nowhere to be shown."""
    group = groups.find_group(db.session, token)
    first_field = next(name for name in form.data if name != "csrf_token")
    try:
        pages.checked(form)
        write(group)
    except RuleError as error:
        if player_id is not None:
            groups.roster_player(group, player_id)
        pages.refused(form, error, first_field, group)
        return pages.group_page(group, status=422, **{shown_as: form})
    except Conflict as conflict:
        # The sentence names the player as this page drew them, and as they are now.
        drawn = form["drawn"].data if "drawn" in form else None
        group = groups.find_group(db.session, token)
        names = [group.name, *(player.name for player in group.players), drawn or ""]
        sentence = bidi.with_names(plain(conflict.sentence), names)
        if redraw is None or not redraw(group):
            return pages.group_page(group, status=409, note=sentence)
        form[first_field].errors = [sentence]

        form[first_field].flags.autofocus = True
        return pages.group_page(group, status=409, **{shown_as: form})
    return pages.back(token, part)


def _redraw_player(form: FlaskForm, player_id: int):
    """How a player's refused form is drawn again at the player's version now stored."""

    def redraw(group: Group) -> bool:
        player = next((p for p in group.players if p.id == player_id), None)
        if player is not None:
            form.redraw(player.version, player.name)
        return player is not None

    return redraw


@bp.post("/<token:token>/name")
def rename_group(token: str) -> Response:
    """Give the group another name."""
    form = PlayerNameForm(prefix="group")
    return _roster_write(
        token,
        form,
        "group_name",
        lambda group: groups.rename_group(
            db.session, group, form.name.data, version=form.version.data, drawn=form.drawn.data
        ),
        "top",
        lambda group: form.redraw(group.version, group.name) or True,
    )


@bp.post("/<token:token>/players")
def add_player(token: str) -> Response:
    """Put someone new on the roster."""
    form = PlayerNameForm(prefix="add")
    return _roster_write(
        token, form, "add", lambda group: groups.add_player(db.session, group, form.name.data)
    )


@bp.post("/<token:token>/players/<int:player_id>/name")
def rename_player(token: str, player_id: int) -> Response:
    """Call a roster player by another name."""
    form = PlayerNameForm(prefix=f"p{player_id}")
    return _roster_write(
        token,
        form,
        f"rename_{player_id}",
        lambda group: groups.rename_player(
            db.session,
            group,
            player_id,
            form.name.data,
            version=form.version.data,
            drawn=form.drawn.data,
        ),
        redraw=_redraw_player(form, player_id),
        player_id=player_id,
    )


@bp.post("/<token:token>/players/<int:player_id>/merge")
def merge_player(token: str, player_id: int) -> Response:
    """One person under two names: the roster keeps the second name."""
    form = MergeForm(prefix=f"p{player_id}")
    return _roster_write(
        token,
        form,
        f"merge_{player_id}",
        lambda group: groups.merge_players(
            db.session,
            group,
            player_id,
            form.into.data,
            version=form.version.data,
            drawn=form.drawn.data,
        ),
        redraw=_redraw_player(form, player_id),
        player_id=player_id,
    )


@bp.post("/<token:token>/players/<int:player_id>/<any(retire, back):step>")
def retire_player(token: str, player_id: int, step: str) -> Response:
    """Retire a player, or bring one back."""
    form = RosterStepForm(prefix=f"p{player_id}")
    return _roster_write(
        token,
        form,
        f"step_{player_id}",
        lambda group: groups.set_retired(
            db.session,
            group,
            player_id,
            step == "retire",
            version=form.version.data,
            drawn=form.drawn.data,
        ),
        player_id=player_id,
    )
