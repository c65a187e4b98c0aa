"""A phone's poll of a match or a dice game that has not changed, answered before Flask.

Every phone at every table asks twice a second whether its match or game changed
(htmx.LIVE_POLL), and almost always it has not. That answer is an empty 204 that depends
on one number, the version, so it is given here, from one indexed query, without building
a request, a session or a response object. Anything else (a change, a bad token, a bad
``since``) goes on to the Flask view, which gives the same 204 by the slower road when it
has to.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from urllib.parse import parse_qs

from flask import Flask
from sqlalchemy import Engine
from sqlalchemy.exc import SQLAlchemyError

from .converters import TOKEN_PATTERN
from .extensions import db
from .security import SECURITY_HEADERS
from .services import dice, matches
from .services.writes import MAX_VERSION

# The same tokens the URL map's converter takes: anything else goes on to Flask's 404.
POLL_PATH = re.compile(rf"/(matches|dice)/(watch/)?({TOKEN_PATTERN})/live")
# Each area's version by a link, on a bare connection.
VERSION_ON = {"matches": matches.version_on, "dice": dice.version_on}

UNCHANGED = "204 No Content"
UNCHANGED_HEADERS = [
    ("Cache-Control", "no-store"),
    ("Vary", "Accept-Encoding"),
    *SECURITY_HEADERS.items(),
]


class QuickPolls:
    """WSGI middleware: answers an unchanged match's poll, passes everything else on."""

    def __init__(self, app: Callable, engine: Engine) -> None:
        self.app = app
        self.engine = engine

    def __call__(self, environ: dict, start_response: Callable) -> Iterable[bytes]:
        if environ.get("REQUEST_METHOD") == "GET":
            poll = POLL_PATH.fullmatch(environ.get("PATH_INFO", ""))
            if poll is not None and self._unchanged(poll, environ.get("QUERY_STRING", "")):
                start_response(UNCHANGED, list(UNCHANGED_HEADERS))
                return []
        return self.app(environ, start_response)

    def _unchanged(self, poll: re.Match, query: str) -> bool:
        """Is the match or game at exactly the version the phone says it shows?"""
        area, view, token = poll.groups()
        # The first ``since``, as Flask's request.args.get reads it.
        since = parse_qs(query).get("since", [""])[0]
        if not (since.isascii() and since.isdigit() and len(since) <= 10):
            return False
        if int(since) > MAX_VERSION:
            return False
        try:
            with self.engine.connect() as connection:
                version = VERSION_ON[area](connection, token, view=bool(view))
        except SQLAlchemyError:
            # The database is away: Flask's view meets the same trouble and answers as the
            # site answers any failure, with its own page.
            return False
        return version == int(since)


def init_quick_polls(app: Flask) -> None:
    """Answer unchanged polls ahead of the app (unless QUICK_POLLS is False)."""
    if app.config["QUICK_POLLS"]:
        with app.app_context():
            engine = db.engine
        app.wsgi_app = QuickPolls(app.wsgi_app, engine)
