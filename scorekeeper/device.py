"""Which device is asking: a random device cookie, so each phone's home page can list the
matches and games opened on it (the lists themselves are kept by services.devices)."""

from __future__ import annotations

import secrets

from flask import Flask, g, request
from werkzeug.wrappers import Response

from .models import looks_like_token
from .security import secure_cookies

COOKIE = "device"
# Two years: long enough that a family's phone keeps its list between game nights.
COOKIE_AGE = 2 * 365 * 24 * 3600


def read_device() -> None:
    """Know the device from its cookie, if it has one."""
    device = request.cookies.get(COOKIE, "")
    g.device = device if len(device) >= 16 and looks_like_token(device, longest=64) else None
    g.new_device = False


def set_device_cookie(response: Response) -> Response:
    """Give a device its cookie the first time it opens a match or a game."""
    if g.get("new_device"):
        response.set_cookie(
            COOKIE,
            g.device,
            max_age=COOKIE_AGE,
            httponly=True,
            samesite="Lax",
            secure=secure_cookies(),
        )
    return response


def current_device() -> str | None:
    """This device's id, if it has one yet."""
    return g.get("device")


def this_device() -> str:
    """This device's id, giving it one (and a cookie with the response) if it has none."""
    if not g.get("device"):
        g.device = secrets.token_urlsafe(24)
        g.new_device = True
    return g.device


def init_devices(app: Flask) -> None:
    """Read the device cookie before every request and set it after, where it is new."""
    app.before_request(read_device)
    app.after_request(set_device_cookie)
