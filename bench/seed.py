"""Games for the benchmarks: a partnership match of any length, played legally, and dice games.

The game is raised to 100000 points (a house rule any table may set), so a 200-hand
match is still in progress and its page carries the form for the next hand.
"""

from __future__ import annotations

import random
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from flask import Flask  # noqa: E402

from scorekeeper import create_app, database  # noqa: E402
from scorekeeper.extensions import db  # noqa: E402
from scorekeeper.models import Hand, Match  # noqa: E402
from scorekeeper.services import dice_turns  # noqa: E402

# A phone that has opened the match before: its device cookie lists it already.
DEVICE = "bench-device-0123456789abcdef"

# The site's performance devices that a run can leave out (``python -m bench --without``),
# each with the settings that turn it off.
DEVICES = {
    "page-cache": {"MATCH_PAGE_CACHE_BYTES": 0},
    "quick-poll": {"QUICK_POLLS": False},
}


def without(devices: list[str]) -> dict:
    """The site settings that turn the named devices off."""
    config: dict = {}
    for device in devices:
        config.update(DEVICES[device])
    return config


def bench_site(folder: Path | None = None, config: dict | None = None) -> Flask:
    """A site on a fresh SQLite file in ``folder`` (a new temporary folder by default).

    ``config`` adds settings, such as those of ``without``.
    """
    folder = folder or Path(tempfile.mkdtemp(prefix="scorekeeper-bench-"))
    app = create_app(
        {
            "INSTANCE_PATH": folder,
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder / 'bench.sqlite3'}",
            "SECRET_KEY": "bench",
            **(config or {}),
        }
    )
    with app.app_context():
        database.upgrade()
    return app


def add_match(app: Flask, hands: int, seed: int = 0) -> str:
    """Store a match of ``hands`` random made and set hands; return its edit token."""
    rng = random.Random(seed)
    with app.app_context():
        match = Match(
            game="partnership",
            house_rules={"target": 100000},
            side_names=["Us", "Them"],
            player_names=["Ann", "Bob", "Cat", "Dan"],
        )
        for position in range(hands):
            taken = rng.randrange(0, 251, 10)
            match.hands.append(
                Hand(
                    position=position,
                    bidder=position % 4,
                    bid=250 + 10 * rng.randrange(10),
                    trump=rng.randrange(4),
                    meld=[10 * rng.randrange(20), 10 * rng.randrange(20)],
                    tricks=[taken, 250 - taken],
                )
            )
        db.session.add(match)
        db.session.commit()
        return match.edit_token


def add_dice_game(app: Flask, kind: str) -> str:
    """Start a dice game of ``kind`` (``"yahtzee"``, ``"farkle"``) for two; return its token."""
    with app.app_context():
        return dice_turns.start_dice_game(db.session, kind, ["Ann", "Bob"], {}).token
