"""Games stored through the services, for tests that need one to exist before they begin,
and what a service is given to store a hand: its entries and a form's one-time token."""

from __future__ import annotations

import secrets
from collections.abc import Sequence

from flask import Flask

from scorekeeper.extensions import db
from scorekeeper.models import DiceGame, DiceTurn, Hand, Match
from scorekeeper.services import dice, dice_turns, hands

PLAYERS = ("Ann", "Bob", "Cat", "Dan")


def stored_match(app: Flask, **house_rules) -> str:
    """A new partnership match (Us: Ann and Cat, Them: Bob and Dan); its edit token."""
    with app.app_context():
        match = hands.start_match(
            db.session,
            game="partnership",
            house_rules=house_rules,
            side_names=["Us", "Them"],
            player_names=list(PLAYERS),
            first_dealer=0,
        )
        return match.edit_token


def stored_dice_game(
    app: Flask, kind: str = "yahtzee", players: Sequence[str] = ("Ann", "Bob"), **house_rules
) -> str:
    """A new dice game; its token."""
    with app.app_context():
        return dice_turns.start_dice_game(db.session, kind, list(players), house_rules).token


def dice_view_token(app: Flask, token: str) -> str:
    """The view link's token of the dice game whose edit link's token is ``token``."""
    with app.app_context():
        return dice.find_game(db.session, token).view_token


def every_row(app: Flask) -> dict[str, list[str]]:
    """Every row of every table, so a test can tell whether a request wrote anything."""
    with app.app_context():
        return {
            table.name: sorted(repr(tuple(row)) for row in db.session.execute(table.select()))
            for table in db.metadata.sorted_tables
        }


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


def stored_history(count: int, target: int = 1500) -> list[tuple[Match, DiceGame]]:
    """``count`` partnership matches of three made hands and Farkle games of two turns,
    stored directly in the app context's session (flushed, not committed): with a target
    of 250 each match is over after its first hand."""
    played = []
    for _ in range(count):
        match = Match(
            game="partnership",
            house_rules={"target": target},
            side_names=["Us", "Them"],
            player_names=list(PLAYERS),
            version=3,
        )
        match.hands = [Hand(position=n, **MADE) for n in range(1, 2 if target < 260 else 4)]
        game = DiceGame(kind="farkle", player_names=["Ann", "Bob"], version=2)
        game.turns = [DiceTurn(position=n, player=n, total=600) for n in range(2)]
        db.session.add_all([match, game])
        played.append((match, game))
    db.session.flush()
    return played
