"""Revision 0006: hands get took_trick and moon (RULES.md, "More house rules"); every hand
stored before keeps its entries and reads as saying neither."""

from __future__ import annotations

from sqlalchemy import text

from scorekeeper import database
from scorekeeper.extensions import db
from scorekeeper.services import matches

OLD_MATCH = (
    "INSERT INTO match (id, game, house_rules, side_names, player_names, first_dealer,"
    " created_at, edit_token, view_token, version) VALUES (1, 'partnership', '{}',"
    ' \'["Us", "Them"]\', \'["A", "B", "C", "D"]\', 0, \'2024-05-01 19:30:00\','
    " 'abcdefghijklmnopqrstuvwx', 'zyxwvutsrqponmlkjihgfedc', 1)"
)
OLD_HAND = (
    "INSERT INTO hand (id, match_id, position, bidder, bid, all_passed, trump, meld, tricks,"
    " thrown_in, no_marriage, redeal, turned_nine, created_at, version) VALUES (1, 1, 1, 0,"
    " 250, false, 0, '[100, 40]', '[160, 90]', false, false, false, false,"
    " '2024-05-01 19:31:00', 0)"
)


def test_an_upgrade_keeps_every_hand_with_no_took_trick_and_no_moon(make_site, tmp_path):
    site = make_site(tmp_path, empty=True, TESTING=True, SECRET_KEY="t")
    with site.app_context():
        database.upgrade("0005")
        with db.engine.begin() as connection:
            for statement in (OLD_MATCH, OLD_HAND):
                connection.execute(text(statement))
        database.upgrade()
        with db.engine.connect() as connection:
            stored = connection.execute(text("SELECT took_trick, moon FROM hand")).all()
        state = matches.load_match(db.session, "abcdefghijklmnopqrstuvwx")

    assert stored == [(None, False)]
    assert [row.outcome.points for row in state.ledger.rows] == [(260, 130)]
