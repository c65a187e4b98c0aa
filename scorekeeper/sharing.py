"""What matches and dice games share the same way: a QR code of a link, the result card,
and the view-only link that refuses every write, whatever it is sent."""

from __future__ import annotations

import io
from collections.abc import Callable

import segno
from flask import Blueprint, abort, request, url_for
from werkzeug.wrappers import Response

from .i18n import language
from .result_card import Card, card_png, card_svg
from .rules import said

WRITE_METHODS = ["POST", "PUT", "PATCH", "DELETE"]


def qr_svg(url: str) -> Response:
    """A QR code of a link, as an SVG image a phone across the table can scan."""
    svg = io.BytesIO()
    segno.make(url, error="m").save(svg, kind="svg", scale=5, dark="#000", light="#fff")
    return Response(svg.getvalue(), mimetype="image/svg+xml", headers={"Cache-Control": "private"})


def card_answer(card: Card | None, kind: str, version: int) -> Response:
    """The result card as an SVG or PNG file (``kind``); a 404 for a game not over (None).

    A finished game can still be corrected, so the card is asked for again each time and
    answered 304 while the game's version stands.
    """
    if card is None:
        abort(404, description=said("The result card comes when the game is over."))
    if kind == "svg":
        body, mimetype = card_svg(card).encode(), "image/svg+xml"
    else:
        body, mimetype = card_png(card), "image/png"
    response = Response(body, mimetype=mimetype, headers={"Cache-Control": "no-cache"})
    # The card is drawn in the phone's language: another language is another picture.
    code = language()
    response.set_etag(f"{version}-{kind}" if code == "en" else f"{version}-{kind}-{code}")
    return response.make_conditional(request)


def refuse_view_link_writes(bp: Blueprint, what: str) -> None:
    """Answer every write sent to the blueprint's view links (``/watch/<token>`` and below)
    with a 403 saying the link only shows ``what`` (said: "the match", "the game")."""

    def watch_cannot_write(token: str, rest: str = "") -> Response:
        """A view link never writes, whatever it is sent."""
        abort(
            403,
            description=said(
                "This is a view-only link: it can show %(what)s but not change it.", what=what
            ),
        )

    for rule in ("/watch/<token:token>", "/watch/<token:token>/<path:rest>"):
        bp.add_url_rule(rule, "watch_cannot_write", watch_cannot_write, methods=WRITE_METHODS)


def add_qr_routes(bp: Blueprint, tokens: Callable[[str, bool], tuple[str, str]]) -> None:
    """Give the blueprint its QR codes, as the share panel asks for them: ``qr`` (the edit
    or the view link, from the edit link) and ``watch_qr`` (the view link, from itself).
    ``tokens(token, view)`` gives the (edit, view) tokens a link opens, or raises NotFound."""

    def qr(token: str, kind: str) -> Response:
        """The QR code of the edit or view link."""
        edit, view = tokens(token, False)
        if kind == "edit":
            return qr_svg(url_for(f"{bp.name}.show", token=edit, _external=True))
        return qr_svg(url_for(f"{bp.name}.watch", token=view, _external=True))

    def watch_qr(token: str) -> Response:
        """The QR code of the view link, shown on the view-only page."""
        return qr_svg(url_for(f"{bp.name}.watch", token=tokens(token, True)[1], _external=True))

    bp.add_url_rule("/<token:token>/qr/<any(edit, view):kind>.svg", "qr", qr)
    bp.add_url_rule("/watch/<token:token>/qr.svg", "watch_qr", watch_qr)
