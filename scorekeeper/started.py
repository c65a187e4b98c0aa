"""A new-game form started once: Back, then Start again, opens the game it started.

Each new-match (and new-dice-game) form carries a one-time token. When it starts a game,
the phone's signed session cookie keeps the token with the game's address (the last few
only), so the same form sent again, after Back or a double tap, goes to that game rather
than starting a second copy. Another phone's form has its own token: nothing is shared.
"""

from __future__ import annotations

import secrets
import time

from flask import session as cookie  # the phone's signed session cookie, not the database

KEPT = 5  # forms remembered per phone
RECENT = 30 * 60  # seconds a start is "a moment ago", for the new-game page's notice


def new_form_token() -> str:
    """A token for a freshly drawn new-game form."""
    return secrets.token_urlsafe(16)


def started_from(form_token: str | None) -> str | None:
    """The address of the game this form started already, if it did."""
    if not form_token:
        return None
    for kept in cookie.get("started", []):
        if kept[0] == form_token:
            return kept[1]
    return None


def remember_started(form_token: str | None, address: str) -> None:
    """This form has started the game at ``address``."""
    if not form_token:
        return
    kept = [entry for entry in cookie.get("started", []) if entry[0] != form_token]
    cookie["started"] = [*kept, [form_token, address, int(time.time())]][-KEPT:]


def recently_started(prefix: str) -> str | None:
    """The address of the game (under ``prefix``) this phone started last, if that was a
    moment ago: the new-game page offers to open it, after Back."""
    for entry in reversed(cookie.get("started", [])):
        if entry[1].startswith(prefix) and len(entry) > 2 and time.time() - entry[2] < RECENT:
            return entry[1]
    return None
