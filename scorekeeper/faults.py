"""The server's own faults answered honestly: a database that is full, read-only or not
answering is a 503 that says which, and when to try again (``Retry-After``), never
"Something went wrong". A write refused this way stored nothing: the transaction is rolled
back, and the page's offline queue (static/trust.js) keeps the entry and sends it again.
"""

from __future__ import annotations

from contextlib import suppress
from typing import NamedTuple

from flask import Flask, make_response, request
from sqlalchemy.exc import DBAPIError, DisconnectionError, OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeout
from werkzeug.exceptions import ServiceUnavailable

from . import main
from .extensions import db
from .rules import said

# What the phone is told to do after a fault: a save the page's offline queue keeps (it
# says so in this header, static/trust.js) is sent again by itself; any other is sent again
# by the player.
KEPT_HEADER = "X-Kept-On-Phone"
KEPT = said("Nothing you typed is lost; it will be sent again.")
TYPED_AGAIN = said("Nothing was saved: send it again in a minute.")


class Fault(NamedTuple):
    """One kind of fault: what it is, in the player's words, and how long to wait."""

    what: str
    retry_after: int


# Each is said within "The scores could not be saved: …" and "This page could not be read: …".
DISK_FULL = Fault(said("the server's disk is full"), 60)
READ_ONLY = Fault(said("the server's database is read-only just now"), 30)
UNAVAILABLE = Fault(said("the server's database is not answering"), 5)

# SQLite's result codes (the primary code, the low byte of the extended one).
SQLITE_FAULTS = {13: DISK_FULL, 8: READ_ONLY, 5: UNAVAILABLE, 6: UNAVAILABLE, 14: UNAVAILABLE}
# PostgreSQL's error classes and codes (SQLSTATE): 53 insufficient resources (53100 disk
# full), 25006 read-only transaction, 08 a connection lost, 57P01-3 a server going down
# or starting up.
POSTGRESQL_FAULTS = {
    "53100": DISK_FULL,
    "53": DISK_FULL,
    "25006": READ_ONLY,
    "08": UNAVAILABLE,
    "57P01": UNAVAILABLE,
    "57P02": UNAVAILABLE,
    "57P03": UNAVAILABLE,
}


def fault_of(error: Exception) -> Fault | None:
    """The fault an exception from the database stands for, or None (a bug: a 500)."""
    if isinstance(error, PoolTimeout | DisconnectionError):
        return UNAVAILABLE
    if not isinstance(error, DBAPIError):
        return None
    original = error.orig
    sqlite_code = getattr(original, "sqlite_errorcode", None)
    if sqlite_code is not None:
        return SQLITE_FAULTS.get(sqlite_code & 0xFF)
    sqlstate = getattr(original, "sqlstate", None)
    if sqlstate:
        return POSTGRESQL_FAULTS.get(sqlstate) or POSTGRESQL_FAULTS.get(sqlstate[:2])
    # No code at all: the driver could not reach the server (psycopg's OperationalError
    # for a refused or lost connection carries no SQLSTATE).
    if error.connection_invalidated or isinstance(error, OperationalError):
        return UNAVAILABLE
    return None


def sentence(fault: Fault) -> str:
    """What the phone is told: what failed, why, and what becomes of what was sent."""
    if request.method in ("GET", "HEAD", "OPTIONS"):
        return said(
            "This page could not be read: %(what)s. Try again in a moment.", what=fault.what
        )
    after = KEPT if request.headers.get(KEPT_HEADER) == "1" else TYPED_AGAIN
    # Translators: %(after)s is what becomes of what was sent, a sentence of its own.
    return said("The scores could not be saved: %(what)s. %(after)s", what=fault.what, after=after)


def answer_fault(error: Exception):
    """A database fault as a 503 with its sentence and ``Retry-After``; anything else as
    the bug it is."""
    fault = fault_of(error)
    if fault is None:
        raise error
    # A connection that is gone cannot roll back; the session is thrown away after the request.
    with suppress(DBAPIError):
        db.session.rollback()
    unavailable = ServiceUnavailable(sentence(fault), retry_after=fault.retry_after)
    response = make_response(main.http_error(unavailable))
    # Not kept by the service worker, a proxy or the browser: the next try asks again.
    response.headers["Cache-Control"] = "no-store"
    return response


def init_faults(app: Flask) -> None:
    """Answer the database's faults, on every page and in the API, in one place."""
    app.register_error_handler(DBAPIError, answer_fault)
    app.register_error_handler(PoolTimeout, answer_fault)
    app.register_error_handler(DisconnectionError, answer_fault)
