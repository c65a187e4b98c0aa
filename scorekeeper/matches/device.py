"""This device's matches: a random device cookie and the matches opened with it."""

from __future__ import annotations

import secrets

from flask import Blueprint, g, request
from sqlalchemy.exc import IntegrityError
from werkzeug.wrappers import Response

from ..extensions import db
from ..models import DeviceMatch, looks_like_token

COOKIE = "device"
# Two years: long enough that a family's phone keeps its list between game nights.
COOKIE_AGE = 2 * 365 * 24 * 3600

bp = Blueprint("device", __name__)


@bp.before_app_request
def read_device() -> None:
    """Know the device from its cookie, if it has one."""
    device = request.cookies.get(COOKIE, "")
    g.device = device if len(device) >= 16 and looks_like_token(device, longest=64) else None
    g.new_device = False


@bp.after_app_request
def set_device_cookie(response: Response) -> Response:
    """Give a device its cookie the first time it opens a match."""
    if g.get("new_device"):
        response.set_cookie(
            COOKIE, g.device, max_age=COOKIE_AGE, httponly=True, samesite="Lax", secure=False
        )
    return response


def this_device() -> str:
    """This device's id, giving it one (and a cookie with the response) if it has none."""
    if not g.get("device"):
        g.device = secrets.token_urlsafe(24)
        g.new_device = True
    return g.device


def remember_match(match_id: int) -> None:
    """List the match on this device's home page (giving the device a cookie if needed)."""
    device = this_device()
    listed = db.session.execute(
        db.select(DeviceMatch.match_id).where(
            DeviceMatch.device == device, DeviceMatch.match_id == match_id
        )
    ).first()
    if listed is None:
        db.session.add(DeviceMatch(device=device, match_id=match_id))
        try:
            db.session.commit()
        except IntegrityError:
            # Two tabs of one phone opened the match at once: the other listed it.
            db.session.rollback()
