"""Following a dice game: its view-only page, the table display, the result card, the QR
codes of its links, and the polls that keep every phone's page live. Each route reads the
request, calls a service and answers; they join the dice blueprint beside those of routes.py."""

from __future__ import annotations

from flask import abort, request, url_for
from werkzeug.wrappers import Response

from ..extensions import db
from ..result_card import dice_card
from ..services.dice import (
    SheetState,
    find_game,
    game_version,
    load_game,
)
from ..services.dice_words import changed_since, turn_changed_since
from ..sharing import card_answer, qr_svg
from ..validators import whole_number
from .blueprint import bp
from .pages import display_page, edit_notice, live_answer, watch_page


@bp.get("/watch/<token:token>")
def watch(token: str) -> Response:
    """The view-only page of a game: the same totals and sheets, live, with nothing to change."""
    return watch_page(load_game(db.session, token, view=True))


@bp.get("/watch/<token:token>/display")
def display(token: str) -> Response:
    """The view link drawn for a tablet or a TV in the middle of the table: huge totals,
    whose turn it is and the last turn, live, with the screen kept on."""
    return display_page(load_game(db.session, token, view=True))


@bp.get("/watch/<token:token>/card.<any(svg, png):kind>")
def card(token: str, kind: str) -> Response:
    """A finished game as one picture to share (SVG or PNG): 404 until it is over. Only
    the view link has one, so a shared picture's address never carries the edit link."""
    state = load_game(db.session, token, view=True)
    return card_answer(dice_card(state) if state.over else None, kind, state.game.version)


@bp.get("/<token:token>/qr/<any(edit, view):kind>.svg")
def qr(token: str, kind: str) -> Response:
    """The QR code of this game's edit or view link."""
    game = find_game(db.session, token)
    if kind == "edit":
        return qr_svg(url_for(".show", token=game.token, _external=True))
    return qr_svg(url_for(".watch", token=game.view_token, _external=True))


@bp.get("/watch/<token:token>/qr.svg")
def watch_qr(token: str) -> Response:
    """The QR code of the view link, shown on the view-only page."""
    game = find_game(db.session, token, view=True)
    return qr_svg(url_for(".watch", token=game.view_token, _external=True))


# ------------------------------------------------------------------- live updates


def _unchanged() -> Response:
    return Response(b"", status=204, headers={"Cache-Control": "no-store"})


@bp.get("/<token:token>/live")
def live(token: str) -> Response:
    """A phone's poll: an empty 204 while nothing changed, else the game as it now stands
    and, for a phone holding a typed turn (``form``: the version its form was drawn at,
    ``number``: the turn it was for), what other phones entered meanwhile."""
    return _live(token, view=False)


@bp.get("/watch/<token:token>/live")
def watch_live(token: str) -> Response:
    """Poll from a phone holding the view link: 204 while nothing changed, else the game."""
    return _live(token, view=True)


def _live(token: str, view: bool) -> Response:
    if request.args.get("since", type=whole_number) == game_version(db.session, token, view):
        return _unchanged()
    state = load_game(db.session, token, view)
    if view and request.args.get("display"):
        response = display_page(state, oob=True)
        response.headers["Cache-Control"] = "no-store"
        return response
    seen = request.args.get("form", type=whole_number)
    number = request.args.get("number", type=whole_number)
    # The view page holds no typed turn: it always follows the game.
    change = None if view or seen is None else changed_since(state, seen, number)
    response = live_answer(state, change, view)
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/<token:token>/turns/<int:turn_id>/live")
def edit_live(token: str, turn_id: int) -> Response:
    """A correction page's poll: 204 while nobody else changed the game, else the notice."""
    seen = request.args.get("version", type=whole_number)
    if seen is None or seen == game_version(db.session, token):
        return _unchanged()
    state = load_game(db.session, token)
    if not isinstance(state, SheetState):
        abort(404)
    said = turn_changed_since(state, turn_id, seen)
    if said is None:
        return _unchanged()
    response = edit_notice(state, turn_id, said)
    response.headers["Cache-Control"] = "no-store"
    return response
