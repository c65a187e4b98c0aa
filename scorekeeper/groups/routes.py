"""Groups' views: start a group, its page by the edit link (roster, games, start a game
from the roster, add a game played already) and by the view link, and its QR codes. Each
reads its form, calls services.groups and answers."""

from __future__ import annotations

from flask import Blueprint, abort, redirect, render_template, request, url_for
from flask_wtf import FlaskForm
from markupsafe import Markup
from werkzeug.wrappers import Response

from .. import bidi
from ..bidi import shown
from ..charts import Line, Race, race_figure
from ..device import current_device, this_device
from ..extensions import db
from ..match_setup import house_rule_overrides, house_rules_form
from ..models import Group
from ..rules import DEFAULT_DICE_GAME, DICE_GAMES, PRESETS, Preset, RuleError
from ..services import devices, group_history, groups, rule_sets
from ..services.errors import Conflict
from ..sharing import add_qr_routes, refuse_view_link_writes
from ..started import new_form_token, remember_started, started_from
from .forms import (
    GameChoiceForm,
    GroupForm,
    LinkForm,
    MergeForm,
    PlayerNameForm,
    RosterStepForm,
    dice_seat_labels,
    knob_refusal,
    match_seat_labels,
    names_form,
    refusal,
    roster_forms,
    seats_form,
)

bp = Blueprint("groups", __name__, url_prefix="/groups")
refuse_view_link_writes(bp, "the group")

EXPIRED = "The form expired; reload the page and try again."


@bp.app_template_global()
def groups_on_this_device() -> list[Group]:
    """This phone's groups, for the home page and "Start from a group"."""
    return devices.device_groups(db.session, current_device())


def _checked(form: FlaskForm) -> None:
    """A write's form must carry this session's CSRF token; a field it could not read is
    refused as a service would refuse it (RuleError, beside the field)."""
    if not form.validate():
        refused = refusal(form)
        if refused is None:
            abort(400, description=EXPIRED)
        raise refused


def _page(template: str, status: int = 200, **context) -> Response:
    return Response(render_template(template, **context), status=status, mimetype="text/html")


def _refused(form: FlaskForm, error: RuleError, fallback: str, group: Group | None = None) -> None:
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
        error.reason, [player.name for player in group.players] if group else []
    )
    form[field].errors = [reason[:1].upper() + reason[1:]]
    form[field].flags.autofocus = True


# ---------------------------------------------------------------------- a new group


@bp.route("/new", methods=["GET", "POST"])
def new() -> Response:
    """The form that starts a group; the group's page opens with its edit link."""
    if request.method == "GET":
        return _page("groups/new.html", form=GroupForm(formdata=None))
    form = GroupForm()
    try:
        _checked(form)
        group = groups.create_group(db.session, form.name.data, form.player_names())
    except RuleError as error:
        _refused(form, error, "players")
        return _page("groups/new.html", 422, form=form)
    devices.remember_group(db.session, this_device(), group.id)
    return redirect(url_for(".show", token=group.edit_token), 303)


# ---------------------------------------------------------------------- the group's page


def _group_page(
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
        rename.name.label.text = Markup("New name for ") + shown(player.name)
        player_forms[player.id] = (rename, merge, step)
    add_form = forms.get("add") or PlayerNameForm(formdata=None, prefix="add")
    add_form.name.label.text = "New player"
    group_form = forms.get("group_name") or PlayerNameForm(
        formdata=None, prefix="group", name=group.name, version=group.version, drawn=group.name
    )
    group_form.name.label.text = "Group name"
    return _page(
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


@bp.get("/<token:token>")
def show(token: str) -> Response:
    """The group by its edit link: listed on this phone's home page from now on."""
    group = groups.find_group(db.session, token)
    devices.remember_group(db.session, this_device(), group.id)
    return _group_page(group)


@bp.get("/watch/<token:token>")
def watch(token: str) -> Response:
    """The group by its view link: its roster and games, with nothing to change."""
    return _group_page(groups.find_group(db.session, token, view=True), view=True)


def _stats_page(group: Group, view: bool) -> Response:
    wins = group_history.wins_over_time(db.session, group)
    race = Race([Line(name, counted) for name, counted in wins.wins.items()], "Game", "Wins")
    return _page(
        "groups/stats.html",
        group=group,
        view=view,
        report=group_history.group_stats(db.session, group),
        sheet_games=[(kind, game.label) for kind, game in DICE_GAMES.items() if game.sheet],
        wins=wins,
        wins_figure=race_figure(race, "Wins over time", "wins-title"),
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


def _back(token: str, part: str) -> Response:
    return redirect(url_for(".show", token=token, _anchor=part), 303)


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
        _checked(form)
        write(group)
    except RuleError as error:
        if player_id is not None:
            groups.roster_player(group, player_id)
        _refused(form, error, first_field, group)
        return _group_page(group, status=422, **{shown_as: form})
    except Conflict as conflict:
        # The sentence names the player as this page drew them, and as they are now.
        drawn = form["drawn"].data if "drawn" in form else None
        group = groups.find_group(db.session, token)
        names = [group.name, *(player.name for player in group.players), drawn or ""]
        sentence = bidi.with_names(conflict.sentence, names)
        if redraw is None or not redraw(group):
            return _group_page(group, status=409, note=sentence)
        form[first_field].errors = [sentence]

        form[first_field].flags.autofocus = True
        return _group_page(group, status=409, **{shown_as: form})
    return _back(token, part)


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


# ------------------------------------------------------------------- a game from the roster


def _seats_page(group: Group, template: str, status: int = 200, **context) -> Response:
    response = _page(template, status, group=group, **context)
    response.headers["Cache-Control"] = "no-store"
    return response


def _point_to_first_error(*forms) -> None:
    """Put the thumb on the first field a refused start is about (focused on load)."""
    for form in forms:
        for field in form if form is not None else ():
            # A list of boxes (the teams' names) points to its own wrong box.
            for box in getattr(field, "entries", [field]):
                if box.errors:
                    box.flags.autofocus = True
                    return


def _start_from_roster(
    token: str,
    template: str,
    labels: list[str],
    start,
    *,
    fits: range,
    dealers: bool = False,
    teams: Preset | None = None,
    rules=lambda formdata: None,
    **context,
) -> Response:
    """The seats page of a game started from the roster (GET), or the game started by it
    (POST): ``start(group, form, rules_form)`` starts it and says where it opens. A roster
    whose active players number one of ``fits`` starts seated in roster order; ``rules``
    draws the game's house-rules form (or None). A refused seat or rule is answered beside
    it, focused; the same form sent twice opens the game it started."""
    group = groups.find_group(db.session, token)
    players = groups.active_players(group)
    if request.method == "GET":
        seated = players if len(players) in fits else ()
        form = seats_form(players, labels, dealers=dealers, fresh=True, seated=seated, teams=teams)
        form.client_token.data = new_form_token()
        names = [player.name for player in seated]
        return _seats_page(group, template, form=form, rules=rules(None), seated=names, **context)
    form = seats_form(players, labels, dealers=dealers, teams=teams)
    rules_form = rules(request.form)
    if not form.validate():
        if form.csrf_token.errors:
            abort(400, description=EXPIRED)
        _point_to_first_error(form)
        return _seats_page(group, template, 422, form=form, rules=rules_form, **context)
    started = started_from(form.client_token.data)
    if started is not None:
        return redirect(started, 303)  # this form started a game already (Back, Start)
    try:
        shown = start(group, form, rules_form)
    except RuleError as error:
        if rules_form is not None and error.field in rules_form:
            rules_form[error.field].errors = [knob_refusal(rules_form[error.field], error)]
        else:
            _refused(form, error, "first_dealer" if dealers else "player_0", group)
        _point_to_first_error(form, rules_form)
        return _seats_page(group, template, 422, form=form, rules=rules_form, **context)
    remember_started(form.client_token.data, shown)
    return redirect(shown, 303)


@bp.route("/<token:token>/matches/new", methods=["GET", "POST"])
def new_match(token: str) -> Response:
    """Start a match with players from the roster, seat by seat (or new names), the teams'
    names, the game's target and house rules (or a rule set of this phone's)."""
    game = PRESETS.get(request.values.get("game", ""), PRESETS["partnership"])
    # A rule set's "Use" link fills in its game and house rules.
    chosen = rule_sets.chosen_preset(db.session, request.args.get("rules"))
    preset = chosen if chosen is not None and request.method == "GET" else game
    game = PRESETS[preset.name]
    labels = match_seat_labels(preset)

    def start(group: Group, form, rules_form) -> str:
        rules_form.validate()
        overrides = house_rule_overrides(rules_form, game)
        wrong = next((field for field in rules_form if field.errors), None)
        if wrong is not None:
            raise RuleError(wrong.errors[0], field=wrong.short_name)
        match = groups.start_match(
            db.session,
            group,
            game=preset.name,
            seats=form.picks(len(labels)),
            first_dealer=form.dealer(),
            house_rules=overrides,
            side_names=form.team_names(),
        )
        devices.remember_match(db.session, this_device(), match.id)
        return url_for("matches.show", token=match.edit_token)

    return _start_from_roster(
        token,
        "groups/new_match.html",
        labels,
        start,
        fits=range(preset.players, preset.players + 1),
        dealers=True,
        teams=preset,
        rules=lambda formdata: house_rules_form(preset, formdata),
        choice=GameChoiceForm.for_matches(preset.name),
        preset=preset,
    )


@bp.route("/<token:token>/dice/new", methods=["GET", "POST"])
def new_dice_game(token: str) -> Response:
    """Start a dice game with players from the roster, in playing order (or new names)."""
    kind = request.values.get("kind", "")
    kind = kind if kind in DICE_GAMES else DEFAULT_DICE_GAME
    labels = dice_seat_labels(kind)

    def start(group: Group, form, _rules) -> str:
        seats = form.picks(len(labels))
        game = groups.start_dice_game(db.session, group, kind=kind, seats=seats)
        devices.remember_dice_game(db.session, this_device(), game.id)
        return url_for("dice.show", token=game.token)

    dice = DICE_GAMES[kind]
    return _start_from_roster(
        token,
        "groups/new_dice.html",
        labels,
        start,
        fits=range(dice.fewest_players, dice.most_players + 1),
        choice=GameChoiceForm.for_dice(kind),
    )


# --------------------------------------------------------------- a game played already


def _pasted(group: Group) -> groups.LinkedGame | Response:
    """The game whose edit link the form carries, if it may join the group; else the
    paste page again, saying why beside the link."""
    form = LinkForm()
    try:
        _checked(form)
        return groups.game_to_add(db.session, group, form.link.data)
    except RuleError as error:
        _refused(form, error, "link", group)
        return _page("groups/add.html", 422, group=group, form=form)


@bp.route("/<token:token>/add", methods=["GET", "POST"])
def add_game(token: str) -> Response:
    """Paste a game's edit link; then say who each of its names is on the roster."""
    group = groups.find_group(db.session, token)
    if request.method == "GET":
        return _page("groups/add.html", group=group, form=LinkForm(formdata=None))
    linked = _pasted(group)
    if isinstance(linked, Response):
        return linked
    # A game played already may have a retired player in it: the whole roster is offered.
    names = names_form(
        groups.roster(group),
        linked.names,
        groups.suggested_names(group, linked.names),
        fresh=True,
    )
    names.link.data = linked.token
    return _page("groups/add_names.html", group=group, linked=linked, form=names)


@bp.post("/<token:token>/add/names")
def add_game_names(token: str) -> Response:
    """Add the game, each of its names mapped to a roster player (or someone new)."""
    group = groups.find_group(db.session, token)
    linked = _pasted(group)
    if isinstance(linked, Response):
        return linked
    everyone = groups.roster(group)
    form = names_form(everyone, linked.names, groups.suggested_names(group, linked.names))
    try:
        groups.add_game(db.session, group, linked.token, form.picks(linked.names))
    except RuleError as error:
        _refused(form, error, "name_0", group)
        return _page("groups/add_names.html", 422, group=group, linked=linked, form=form)
    return _back(token, "games")


@bp.post("/<token:token>/games/<int:group_game_id>/remove")
def remove_game(token: str, group_game_id: int) -> Response:
    """Take a game out of the group; the game itself stays."""
    group = groups.find_group(db.session, token)
    _checked(FlaskForm())
    groups.remove_game(db.session, group, group_game_id)
    return _back(token, "games")
