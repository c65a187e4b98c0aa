"""Service tests: a site's database and a session, no HTML and no requests."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from sqlalchemy.orm import Session

from scorekeeper.extensions import db
from scorekeeper.services import dice_turns, hands


@pytest.fixture
def session(app) -> Iterator[Session]:
    """The site's session, inside its app context."""
    with app.app_context():
        yield db.session
        db.session.remove()


@pytest.fixture
def new_match(session):
    """Start a partnership match (house rules as given) and return its edit token."""

    def start(**house_rules) -> str:
        match = hands.start_match(
            session,
            game="partnership",
            house_rules=house_rules,
            side_names=["Us", "Them"],
            player_names=["Ann", "Bob", "Cat", "Dan"],
            first_dealer=0,
        )
        return match.edit_token

    return start


@pytest.fixture
def new_dice_game(session):
    """Start a dice game of a kind and return its token."""

    def start(kind: str = "yahtzee", players=("Ann", "Bob"), **house_rules) -> str:
        return dice_turns.start_dice_game(session, kind, list(players), house_rules).token

    return start
