"""Revision 0003: dice games get versions, and turns their form's token; turns stored at
one position (two phones entering one turn, before this revision) are kept, renumbered."""

from __future__ import annotations

from sqlalchemy import text

from scorekeeper import database
from scorekeeper.extensions import db
from scorekeeper.services import dice


def test_an_upgrade_keeps_every_dice_turn_and_numbers_them_in_stored_order(make_site, tmp_path):
    site = make_site(tmp_path, empty=True, TESTING=True, SECRET_KEY="t")
    with site.app_context():
        database.upgrade("0002")
        with db.engine.begin() as connection:
            connection.execute(
                text(
                    "INSERT INTO dice_game (id, kind, player_names, house_rules, created_at, token)"
                    " VALUES (1, 'yahtzee', '[\"Ann\", \"Bob\"]', '{}', '2024-05-01 19:30:00',"
                    " 'abcdefghijklmnopqrstuvwx')"
                )
            )
            # Turn 2 was entered twice at once: two rows at position 2.
            for turn_id, position, player, box in [
                (1, 1, 0, "chance"),
                (2, 2, 1, "ones"),
                (3, 2, 0, "twos"),
                (4, 3, 1, "threes"),
            ]:
                connection.execute(
                    text(
                        "INSERT INTO dice_turn (id, game_id, position, player, dice, box,"
                        " farkle, created_at) VALUES (:id, 1, :position, :player, '12346',"
                        " :box, false, '2024-05-01 19:31:00')"
                    ),
                    {"id": turn_id, "position": position, "player": player, "box": box},
                )
        database.upgrade()
        with db.engine.connect() as connection:
            turns = connection.execute(
                text("SELECT id, position, client_token FROM dice_turn ORDER BY id")
            ).all()
            version = connection.execute(text("SELECT version FROM dice_game")).scalar_one()
        state = dice.load_game(db.session, "abcdefghijklmnopqrstuvwx")

    assert turns == [(1, 1, None), (2, 2, None), (3, 3, None), (4, 4, None)]
    assert version == 0
    assert state.totals == (16 + 2, 1 + 3)
