"""A group's games: start a match or a dice game from its roster (the seats, the house
rules) and add a game played already by its link, or take one out. Each reads its form,
calls services.groups and answers."""

from __future__ import annotations

from flask import abort, redirect, request, url_for
from flask_wtf import FlaskForm
from werkzeug.wrappers import Response

from ..device import this_device
from ..dice.forms import first_dice_game
from ..extensions import db
from ..match_setup import house_rule_overrides, house_rules_form
from ..models import Group
from ..rules import DICE_GAMES, PRESETS, Preset, RuleError
from ..services import devices, group_games, groups, rule_sets
from ..started import new_form_token, remember_started, started_from
from . import pages
from .blueprint import bp
from .forms import (
    GameChoiceForm,
    LinkForm,
    dice_seat_labels,
    knob_refusal,
    match_seat_labels,
    names_form,
    seats_form,
)

# ------------------------------------------------------------------- a game from the roster


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
        return pages.seats_page(
            group, template, form=form, rules=rules(None), seated=names, **context
        )
    form = seats_form(players, labels, dealers=dealers, teams=teams)
    rules_form = rules(request.form)
    if not form.validate():
        if form.csrf_token.errors:
            abort(400, description=pages.EXPIRED)
        pages.point_to_first_error(form)
        return pages.seats_page(group, template, 422, form=form, rules=rules_form, **context)
    started = started_from(form.client_token.data)
    if started is not None:
        return redirect(started, 303)  # this form started a game already (Back, Start)
    try:
        shown = start(group, form, rules_form)
    except RuleError as error:
        if rules_form is not None and error.field in rules_form:
            rules_form[error.field].errors = [knob_refusal(rules_form[error.field], error)]
        else:
            pages.refused(form, error, "first_dealer" if dealers else "player_0", group)
        pages.point_to_first_error(form, rules_form)
        return pages.seats_page(group, template, 422, form=form, rules=rules_form, **context)
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
        match = group_games.start_match(
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
    kind = kind if kind in DICE_GAMES else first_dice_game()
    labels = dice_seat_labels(kind)

    def start(group: Group, form, _rules) -> str:
        seats = form.picks(len(labels))
        game = group_games.start_dice_game(db.session, group, kind=kind, seats=seats)
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


def _pasted(group: Group) -> group_games.LinkedGame | Response:
    """The game whose edit link the form carries, if it may join the group; else the
    paste page again, saying why beside the link."""
    form = LinkForm()
    try:
        pages.checked(form)
        return group_games.game_to_add(db.session, group, form.link.data)
    except RuleError as error:
        pages.refused(form, error, "link", group)
        return pages.page("groups/add.html", 422, group=group, form=form)


@bp.route("/<token:token>/add", methods=["GET", "POST"])
def add_game(token: str) -> Response:
    """Paste a game's edit link; then say who each of its names is on the roster."""
    group = groups.find_group(db.session, token)
    if request.method == "GET":
        return pages.page("groups/add.html", group=group, form=LinkForm(formdata=None))
    linked = _pasted(group)
    if isinstance(linked, Response):
        return linked
    # A game played already may have a retired player in it: the whole roster is offered.
    names = names_form(
        groups.roster(group),
        linked.names,
        group_games.suggested_names(group, linked.names),
        fresh=True,
    )
    names.link.data = linked.token
    return pages.page("groups/add_names.html", group=group, linked=linked, form=names)


@bp.post("/<token:token>/add/names")
def add_game_names(token: str) -> Response:
    """Add the game, each of its names mapped to a roster player (or someone new)."""
    group = groups.find_group(db.session, token)
    linked = _pasted(group)
    if isinstance(linked, Response):
        return linked
    everyone = groups.roster(group)
    form = names_form(everyone, linked.names, group_games.suggested_names(group, linked.names))
    try:
        group_games.add_game(db.session, group, linked.token, form.picks(linked.names))
    except RuleError as error:
        pages.refused(form, error, "name_0", group)
        return pages.page("groups/add_names.html", 422, group=group, linked=linked, form=form)
    return pages.back(token, "games")


@bp.post("/<token:token>/games/<int:group_game_id>/remove")
def remove_game(token: str, group_game_id: int) -> Response:
    """Take a game out of the group; the game itself stays."""
    group = groups.find_group(db.session, token)
    pages.checked(FlaskForm())
    group_games.remove_game(db.session, group, group_game_id)
    return pages.back(token, "games")
