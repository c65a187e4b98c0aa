"""Revision 0004: every dice game gets a view link of its own; games stored before it keep
every turn and their edit link, and open at their new view link."""

from __future__ import annotations

import re

from sqlalchemy import text

from scorekeeper import database
from scorekeeper.extensions import db

EDIT_TOKENS = ["abcdefghijklmnopqrstuvwx", "ABCDEFGHIJKLMNOPQRSTUVWX"]


def stored(site) -> list[tuple]:
    """Every dice game and turn as stored, in the columns revision 0003 has."""
    with site.app_context(), db.engine.connect() as connection:
        games = connection.execute(
            text("SELECT id, kind, player_names, token, version FROM dice_game ORDER BY id")
        ).all()
        turns = connection.execute(
            text("SELECT id, game_id, position, player, dice, box FROM dice_turn ORDER BY id")
        ).all()
    return [*games, *turns]


def test_an_upgrade_gives_each_dice_game_a_fresh_view_token_and_keeps_every_row(
    make_site, tmp_path
):
    site = make_site(tmp_path, empty=True, TESTING=True, SECRET_KEY="t")
    with site.app_context():
        database.upgrade("0003")
        with db.engine.begin() as connection:
            for game_id, token in enumerate(EDIT_TOKENS, start=1):
                connection.execute(
                    text(
                        "INSERT INTO dice_game (id, kind, player_names, house_rules, created_at,"
                        " token, version) VALUES (:id, 'yahtzee', '[\"Ann\", \"Bob\"]', '{}',"
                        " '2024-05-01 19:30:00', :token, 1)"
                    ),
                    {"id": game_id, "token": token},
                )
            connection.execute(
                text(
                    "INSERT INTO dice_turn (id, game_id, position, player, dice, box, farkle,"
                    " created_at) VALUES (1, 1, 1, 0, '33355', 'full_house', false,"
                    " '2024-05-01 19:31:00')"
                )
            )
    before = stored(site)

    with site.app_context():
        database.upgrade()
        with db.engine.connect() as connection:
            views = (
                connection.execute(text("SELECT view_token FROM dice_game ORDER BY id"))
                .scalars()
                .all()
            )

    assert stored(site) == before
    assert len(set(views)) == 2 and not set(views) & set(EDIT_TOKENS)
    assert all(re.fullmatch(r"[A-Za-z0-9_-]{24}", view) for view in views)
    phone = site.test_client()
    watched = phone.get(f"/dice/watch/{views[0]}")
    assert watched.status_code == 200
    assert "25" in watched.get_data(as_text=True)
    assert phone.get(f"/dice/{EDIT_TOKENS[0]}").status_code == 200

    with site.app_context():
        database.downgrade("0003")
    assert stored(site) == before
