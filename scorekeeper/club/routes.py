"""The club night's views: each reads its form, calls services.club and answers. The host
link runs the night; the view link (and its leaderboard) only shows it; a table's side
confirms its result from the table's match page."""

from __future__ import annotations

import csv
import io

from flask import Blueprint, abort, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from ..device import current_device
from ..extensions import db
from ..i18n import plain
from ..models import ClubNight
from ..rules import RuleError, said
from ..services import club, club_reading, groups
from ..services.errors import ServiceError
from ..services.rule_sets import game_label
from ..sharing import refuse_view_link_writes
from ..validators import first_refusal
from .forms import RANKED_BY, ArrivalForm, ConfirmForm, HostForm, MoveForm, NightForm

bp = Blueprint("club", __name__, url_prefix="/club")
# Translators: what a club night's view link shows ("it can show the club night but not
# change it").
refuse_view_link_writes(bp, said("the club night"))
EXPIRED = said("The form expired; reload the page and try again.")


def _page(template: str, status: int = 200, **context) -> Response:
    return Response(render_template(template, **context), status=status, mimetype="text/html")


def _read(form) -> None:
    """A form that did not come from this site's page (no CSRF token) is refused; a field
    it could not read is refused as a service would (RuleError, beside the field)."""
    if not form.validate():
        # A hidden field is the page's, not the player's: the form expired, or no page drew it.
        hidden = [f for f in form if f.errors and getattr(f.widget, "input_type", "") == "hidden"]
        if hidden or (form.meta.csrf and form.csrf_token.errors):
            abort(400, description=EXPIRED)
        refused = first_refusal(form)
        if refused is not None:
            raise refused


# ------------------------------------------------------------------------ a new night


@bp.route("/new", methods=["GET", "POST"])
def new() -> Response:
    """The form that starts a club night; the host's page opens with the host link.

    ``?group=<its edit link's token>`` starts it from a group: its players are offered,
    names typed join its roster, and the tables' matches go into its games."""
    if request.method == "GET":
        form = NightForm(formdata=None)
        named = request.args.get("rules")
        _offer_rule_sets(form, named)
        if named and any(choice.value == named for choice in form.game.choices):
            form.game.data = named  # "Start a club night with them", from a rule set's page
        group = None
        if request.args.get("group"):
            group = groups.find_group(db.session, request.args["group"])
            form.group.data = group.edit_token
            form.players.data = "\n".join(p.name for p in groups.active_players(group))
        return _page("club/new.html", form=form, group=group)
    form = NightForm()
    _offer_rule_sets(form, form.game.data)
    group = groups.find_group(db.session, form.group.data) if form.group.data else None
    try:
        _read(form)
        night = club.start_night(
            db.session,
            name=form.name.data,
            players=form.player_names(),
            format=form.format.data,
            teams=form.team_lists(),
            rounds=form.rounds.data,
            game=form.game.data,
            house_rules=form.house_rules(),
            round_end=form.round_end.data,
            round_end_value=form.round_end_value(),
            ranking=form.ranking.data,
            byes=form.byes.data,
            group=group,
        )
    except RuleError as error:
        field = {"round_end_value": f"round_{form.round_end.data}"}.get(error.field, error.field)
        field = field if field in form else "players"
        reason = plain(error.reason)
        form[field].errors = [reason[:1].upper() + reason[1:]]
        form[field].flags.autofocus = True
        return _page("club/new.html", 422, form=form, group=group)
    return redirect(url_for(".host", token=night.host_token), 303)


def _offer_rule_sets(form: NightForm, named: str | None) -> None:
    """The saved rule sets kept on this phone (and one a link names) join the games."""
    offered = club.night_rule_sets(db.session, current_device(), named)
    choices = []
    for rule_set in offered:
        # Translators: a saved rule set among the games: its name, then its game's.
        words = said("%(name)s (%(game)s)", name=rule_set.name, game=game_label(rule_set))
        choices.append((rule_set.token, words))
    form.offer_rule_sets(choices)


# ------------------------------------------------------------------------ the night


def _night_page(night: ClubNight, template: str, view: bool, status: int = 200, **forms):
    """The host's page, the view link's or the leaderboard (which shows no rounds to come:
    drawing them for 100 players is two thirds of a leaderboard's poll)."""
    started = club_reading.current_round(night)
    tables = (
        [club_reading.table_state(night, started, table) for table in started.tables]
        if started
        else []
    )
    return _page(
        template,
        status,
        night=night,
        view=view,
        schedule=club_reading.schedule(night) if template == "club/host.html" else (),
        started=started,
        tables=tables,
        ends_at=club_reading.round_ends_at(night, started) if started else None,
        standings=club_reading.night_standings(night),
        ranking_words=RANKED_BY[night.ranking],
        here=club_reading.here_for(night, len(night.played_rounds) + 1),
        host_form=forms.get("host_form") or HostForm(formdata=None, version=night.version),
        arrival=forms.get("arrival") or ArrivalForm(formdata=None, version=night.version),
        # A table's refused new number: (the table's id, its form), drawn beside that table.
        moving=forms.get("moving"),
        problem=forms.get("problem"),
    )


@bp.get("/<token:token>")
def host(token: str) -> Response:
    """The night by the host link: the round's tables and where each stands, the buttons
    that run the night, the standings and the rounds to come."""
    return _night_page(club_reading.find_night(db.session, token), "club/host.html", view=False)


@bp.get("/watch/<token:token>")
def watch(token: str) -> Response:
    """The night by the view link: the tables, standings and rounds, nothing to change."""
    return _night_page(
        club_reading.find_night(db.session, token, view=True), "club/host.html", True
    )


@bp.get("/watch/<token:token>/board")
def board(token: str) -> Response:
    """The big-screen leaderboard: the standings and every table's score, following."""
    return _night_page(
        club_reading.find_night(db.session, token, view=True), "club/board.html", True
    )


@bp.get("/watch/<token:token>/players/<int:player_id>")
def player(token: str, player_id: int) -> Response:
    """One player's night: each round's table, partner, opponents and score."""
    night = club_reading.find_night(db.session, token, view=True)
    who, rounds = club_reading.player_night(night, player_id)
    return _page("club/player.html", night=night, player=who, rounds=rounds)


@bp.get("/<token:token>/cards")
def cards(token: str) -> Response:
    """The current round's table cards to print: table, seats, QR code and a paper sheet."""
    night = club_reading.find_night(db.session, token)
    started = club_reading.current_round(night)
    tables = (
        [club_reading.table_state(night, started, table) for table in started.tables]
        if started
        else []
    )
    return _page("club/cards.html", night=night, started=started, tables=tables)


# The results file's headings, and each table's result (its status), as a spreadsheet reads
# them: in the phone's language.
TABLE_HEADINGS = (
    # Translators: a heading of the club night's results file (CSV): the round's number.
    said("round"),
    # Translators: a heading of the club night's results file (CSV): the table's number.
    said("table"),
    said("side 1"),
    said("side 2"),
    said("score 1"),
    said("score 2"),
    # Translators: a heading of the club night's results file (CSV): where the table's
    # result stands (locked, confirming or playing).
    said("result"),
)
TABLE_RESULTS = {
    # Translators: a table's result in the club night's results file: both sides confirmed.
    "locked": said("locked"),
    # Translators: a table's result in the club night's results file: the round is over,
    # waiting for its sides to confirm it.
    "confirming": said("confirming"),
    # Translators: a table's result in the club night's results file: still playing.
    "playing": said("playing"),
}
STANDINGS_HEADINGS = (
    # Translators: a heading of the club night's results file (CSV): a place in the standings.
    said("rank"),
    # Translators: a heading of the club night's results file (CSV).
    said("player"),
    # Translators: a heading of the club night's results file (CSV): tables played.
    said("played"),
    # Translators: a heading of the club night's results file (CSV).
    said("wins"),
    # Translators: a heading of the club night's results file (CSV).
    said("losses"),
    # Translators: a heading of the club night's results file (CSV).
    said("ties"),
    # Translators: a heading of the club night's results file (CSV).
    said("points"),
)


@bp.get("/watch/<token:token>/results.csv")
def results_csv(token: str) -> Response:
    """Every table of every round started, and each player's line of the standings."""
    night = club_reading.find_night(db.session, token, view=True)
    out = io.StringIO()
    sheet = csv.writer(out)
    sheet.writerow([plain(heading) for heading in TABLE_HEADINGS])
    results = {status: plain(words) for status, words in TABLE_RESULTS.items()}
    for started in night.played_rounds:
        for table in started.tables:
            state = club_reading.table_state(night, started, table)
            sides = [" & ".join(side) for side in state.sides]
            result = results[state.status]
            sheet.writerow([started.number, table.table, *sides, *state.totals, result])
    sheet.writerow([])
    sheet.writerow([plain(heading) for heading in STANDINGS_HEADINGS])
    for line in club_reading.night_standings(night).players:
        sheet.writerow(
            [line.rank, *line.names, line.played, line.wins, line.losses, line.ties, line.points]
        )
    filename = f"club-night-{night.view_token[:8]}.csv"
    return Response(
        out.getvalue(),
        mimetype="text/csv",
        headers={"Content-Disposition": f'attachment; filename="{filename}"'},
    )


# ------------------------------------------------------------------------ the host's writes


def _host_write(token: str, form, write, table_id: int | None = None) -> Response:
    """Read the host's form, make the write, and show the host page again: after a
    refusal, nothing changed, with the reason beside the box typed in (a late arrival's
    name, a table's new number; what was typed kept, the box focused), else at the top."""
    try:
        _read(form)
        write(form)
    except (RuleError, ServiceError) as error:
        night = club_reading.find_night(db.session, token)
        field = getattr(error, "field", None)
        started = club_reading.current_round(night)
        shown = {table.id for table in started.tables} if started else set()
        typed_here = isinstance(form, ArrivalForm) or table_id in shown
        typed_field = field in ("name", "partner", "table") and field in form
        if isinstance(error, RuleError) and typed_field and typed_here:
            form[field].errors = [error.reason]
            form[field].flags.autofocus = True
            form.version.data = night.version
            typed = {"arrival": form} if isinstance(form, ArrivalForm) else {}
            moving = (table_id, form) if isinstance(form, MoveForm) else None
            return _night_page(night, "club/host.html", False, 422, moving=moving, **typed)
        sentence = getattr(error, "sentence", None) or getattr(error, "reason", str(error))
        status = getattr(error, "status", 422)
        return _night_page(night, "club/host.html", False, status, problem=sentence)
    return redirect(url_for(".host", token=token), 303)


@bp.post("/<token:token>/rounds")
def start_round(token: str) -> Response:
    """Open the next round's tables."""
    return _host_write(
        token, HostForm(), lambda f: club.start_round(db.session, token, version=f.version.data)
    )


@bp.post("/<token:token>/rounds/restart")
def restart_round(token: str) -> Response:
    """Start the current round again: every table back to hand 1."""
    return _host_write(
        token, HostForm(), lambda f: club.restart_round(db.session, token, version=f.version.data)
    )


@bp.post("/<token:token>/tables/<int:table_id>/<any(lock, unlock):what>")
def lock(token: str, table_id: int, what: str) -> Response:
    """Lock a table's result (a paper sheet, a flat phone) or unlock it for a correction."""
    return _host_write(
        token,
        HostForm(),
        lambda f: club.set_locked(
            db.session, token, table_id, what == "lock", version=f.version.data
        ),
    )


@bp.post("/<token:token>/tables/<int:table_id>/move")
def move(token: str, table_id: int) -> Response:
    """Give a table another number."""
    return _host_write(
        token,
        MoveForm(),
        lambda f: club.move_table(
            db.session, token, table_id, f.table.data, version=f.version.data
        ),
        table_id,
    )


@bp.post("/<token:token>/players")
def arrive(token: str) -> Response:
    """A late arrival joins from the next round."""
    return _host_write(
        token,
        ArrivalForm(),
        lambda f: club.add_player(
            db.session, token, [f.name.data or "", f.partner.data or ""], version=f.version.data
        ),
    )


@bp.post("/<token:token>/players/<int:player_id>/leave")
def leave(token: str, player_id: int) -> Response:
    """A player goes home: the rounds still to play are drawn without them."""
    return _host_write(
        token,
        HostForm(),
        lambda f: club.player_leaves(db.session, token, player_id, version=f.version.data),
    )


# ------------------------------------------------------------------------ a table's side


@bp.post("/table/<token:token>/confirm")
def confirm(token: str) -> Response:
    """One side confirms its table's result from the table's match page."""
    form = ConfirmForm()
    try:
        _read(form)
        club.confirm_result(db.session, token, form.side.data, result=form.result.data)
    except (RuleError, ServiceError) as error:
        sentence = getattr(error, "sentence", None) or getattr(error, "reason", str(error))
        abort(getattr(error, "status", 422), description=sentence)
    return redirect(url_for("matches.show", token=token, _anchor="club"), 303)
