"""Plain helpers of the service tests: a hand's entries and a form's one-time token."""

from __future__ import annotations

import secrets


def form_token() -> str:
    """A one-time token as the site's forms carry."""
    return secrets.token_urlsafe(16)


# A made hand of partnership pinochle: player 0 (team 0) bids 250 in spades and makes it.
MADE = {
    "bidder": 0,
    "bid": 250,
    "all_passed": False,
    "trump": 0,
    "meld": [100, 40],
    "tricks": [160, 90],
    "thrown_in": False,
    "no_marriage": False,
    "redeal": False,
    "turned_nine": False,
    "cards": None,
}


def hand(**changes) -> dict:
    """A hand's entries: the made hand above with some changed."""
    return {**MADE, **changes}
