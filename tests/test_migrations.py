"""The migrations: they build exactly the schema of models.py, and a database made at the
first revision, with matches and dice games in it, keeps every row through an upgrade
(issue 7). Run on SQLite, and on PostgreSQL when TEST_DATABASE_URL is set."""

from __future__ import annotations

import re

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import inspect, text

from scorekeeper import database
from scorekeeper.extensions import db

FIRST, NEWEST = "0001", "0011"
MINUS = "\u2212"

# A match and a dice game as revision 0001 stored them, in that revision's own columns.
MATCHES = [
    {
        "id": 1,
        "game": "partnership",
        "house_rules": '{"target": 2000}',
        "side_names": '["Us", "Them"]',
        "player_names": '["Ann", "Bob", "Cat", "Dan"]',
        "first_dealer": 3,
        "created_at": "2024-05-01 19:30:00.000000",
    },
    {
        "id": 2,
        "game": "partnership",
        "house_rules": "{}",
        "side_names": '["Reds", "Blues"]',
        "player_names": '["Eve", "Fay", "Gus", "Hal"]',
        "first_dealer": 0,
        "created_at": "2024-05-02 20:00:00.000000",
    },
]
HAND = {
    "bidder": None,
    "bid": None,
    "all_passed": False,
    "trump": None,
    "tricks": None,
    "thrown_in": False,
    "no_marriage": False,
    "redeal": False,
    "turned_nine": False,
    "cards": None,
    "created_at": "2024-05-01 19:45:00.000000",
}
HANDS = [
    # Ann (Us) bids 250 in spades, meld 100 / 50, tricks 200 / 50: Us 300, Them 100.
    {**HAND, "id": 1, "match_id": 1, "position": 1, "bidder": 0, "bid": 250, "trump": 0}
    | {"meld": "[100, 50]", "tricks": "[200, 50]"},
    # Bob (Them) bids 300 in diamonds, meld 20 / 120, tricks 40 / 210: Us 60, Them 330.
    {**HAND, "id": 2, "match_id": 1, "position": 3, "bidder": 1, "bid": 300, "trump": 2}
    | {"meld": "[20, 120]", "tricks": "[40, 210]"},
    {**HAND, "id": 3, "match_id": 2, "position": 1, "all_passed": True, "redeal": True}
    | {"meld": "[0, 0]"},
]
CHANGES = [
    {
        "id": 1,
        "match_id": 1,
        "kind": "edit",
        "hand_id": 2,
        "position": 3,
        "before": '{"bid": 350}',
        "created_at": "2024-05-01 19:50:00.000000",
    }
]
DEVICE_MATCHES = [
    {"device": "phone-of-ann-0123456789", "match_id": 1, "opened_at": "2024-05-01 19:31:00.000000"},
]
DICE_GAMES = [
    {
        "id": 1,
        "kind": "yahtzee",
        "player_names": '["Ann", "Bob"]',
        "house_rules": "{}",
        "created_at": "2024-05-03 18:00:00.000000",
    }
]
TURN = {"column": None, "throws": None, "total": None, "farkle": False}
DICE_TURNS = [
    {**TURN, "id": 1, "game_id": 1, "position": 1, "player": 0, "dice": "33356", "box": "threes"}
    | {"created_at": "2024-05-03 18:01:00.000000"},
    {**TURN, "id": 2, "game_id": 1, "position": 2, "player": 1, "dice": "66635", "box": "chance"}
    | {"created_at": "2024-05-03 18:02:00.000000"},
]
DEVICE_DICE_GAMES = [
    {"device": "phone-of-ann-0123456789", "game_id": 1, "opened_at": "2024-05-03 18:00:01.000000"},
]
ROWS = {
    "match": MATCHES,
    "hand": HANDS,
    "change": CHANGES,
    "device_match": DEVICE_MATCHES,
    "dice_game": DICE_GAMES,
    "dice_turn": DICE_TURNS,
    "device_dice_game": DEVICE_DICE_GAMES,
}


def schema_differences(app) -> list:
    """What autogenerate would still change to make the database match models.py."""
    with app.app_context(), db.engine.connect() as connection:
        context = MigrationContext.configure(connection, opts={"compare_type": True})
        return compare_metadata(context, db.metadata)


def insert_first_revision_rows(app) -> None:
    """Fill a database at revision 0001 with plain SQL, as that revision's site stored rows."""
    with app.app_context(), db.engine.begin() as connection:
        for table, rows in ROWS.items():
            names = list(rows[0])
            quoted = ", ".join(f'"{name}"' for name in names)
            values = ", ".join(f":{name}" for name in names)
            connection.execute(text(f'INSERT INTO "{table}" ({quoted}) VALUES ({values})'), rows)
        if connection.dialect.name == "postgresql":
            # Rows given their ids leave the id sequences behind: move them past those rows.
            for table in ("match", "hand", "change", "dice_game", "dice_turn"):
                connection.execute(
                    text(f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), :last)"),
                    {"last": max(row["id"] for row in ROWS[table])},
                )


def every_row(app, columns_of_first_revision: bool = True) -> dict[str, list[tuple]]:
    """Every row of every table, in the first revision's columns (or all), in key order."""
    rows = {}
    with app.app_context(), db.engine.connect() as connection:
        for table, first_rows in ROWS.items():
            names = list(first_rows[0]) if columns_of_first_revision else None
            selected = ", ".join(f'"{name}"' for name in names) if names else "*"
            keys = ", ".join(
                f'"{column}"'
                for column in inspect(connection).get_pk_constraint(table)["constrained_columns"]
            )
            rows[table] = connection.execute(
                text(f'SELECT {selected} FROM "{table}" ORDER BY {keys}')
            ).all()
    return rows


def link_columns(app) -> dict[str, list[tuple]]:
    """The columns revision 0002 added, row by row."""
    with app.app_context(), db.engine.connect() as connection:
        return {
            "match": connection.execute(
                text("SELECT edit_token, view_token, version FROM match ORDER BY id")
            ).all(),
            "hand": connection.execute(
                text("SELECT version, client_token FROM hand ORDER BY id")
            ).all(),
            "dice_game": connection.execute(text("SELECT token FROM dice_game ORDER BY id")).all(),
        }


def revision_of(app) -> str:
    with app.app_context(), db.engine.connect() as connection:
        return connection.execute(text("SELECT version_num FROM alembic_version")).scalar_one()


@pytest.fixture
def old_site(make_site, tmp_path):
    """A site whose database was made at revision 0001 and holds a match and a dice game."""
    site = make_site(tmp_path, empty=True, TESTING=True, SECRET_KEY="t", WTF_CSRF_ENABLED=False)
    with site.app_context():
        database.upgrade(FIRST)
    insert_first_revision_rows(site)
    return site


# --------------------------------------------------------------------- the schema itself


def test_the_migrations_build_exactly_the_schema_of_the_models(make_site, tmp_path):
    site = make_site(tmp_path, empty=True)
    with site.app_context():
        database.upgrade()

    assert revision_of(site) == NEWEST
    assert schema_differences(site) == []


def test_the_sites_the_tests_use_are_at_the_newest_revision(app):
    assert revision_of(app) == NEWEST
    assert schema_differences(app) == []


def test_a_new_database_goes_down_to_nothing_and_up_again(make_site, tmp_path):
    site = make_site(tmp_path, empty=True)
    with site.app_context():
        database.upgrade()
        database.downgrade("base")
        assert inspect(db.engine).get_table_names() == ["alembic_version"]
        database.upgrade()

    assert schema_differences(site) == []


# ------------------------------------------------------------ upgrading a database in use


def test_an_upgrade_from_the_first_revision_keeps_every_row_and_value(old_site):
    before = every_row(old_site)

    with old_site.app_context():
        database.upgrade()

    assert revision_of(old_site) == NEWEST
    assert every_row(old_site) == before
    assert sum(len(rows) for rows in before.values()) == sum(len(r) for r in ROWS.values())
    assert schema_differences(old_site) == []


def test_an_upgrade_gives_each_match_and_game_its_own_unguessable_tokens(old_site):
    with old_site.app_context():
        database.upgrade()

    added = link_columns(old_site)
    tokens = [token for edit, view, _ in added["match"] for token in (edit, view)]
    tokens += [token for (token,) in added["dice_game"]]
    assert len(tokens) == 5 and len(set(tokens)) == 5
    assert all(re.fullmatch(r"[A-Za-z0-9_-]{24}", token) for token in tokens)
    assert [version for _, _, version in added["match"]] == [0, 0]
    assert added["hand"] == [(0, None)] * 3


def test_after_an_upgrade_the_site_serves_the_old_match_and_game(old_site):
    with old_site.app_context():
        database.upgrade()
    [(edit_token, view_token, _), _] = link_columns(old_site)["match"]
    [(game_token,)] = link_columns(old_site)["dice_game"]
    phone = old_site.test_client()

    match_page = phone.get(f"/matches/{edit_token}")
    view_page = phone.get(f"/matches/watch/{view_token}")
    game_page = phone.get(f"/dice/{game_token}")

    assert match_page.status_code == 200
    assert view_page.status_code == 200
    assert game_page.status_code == 200
    for page in (match_page, view_page):
        text_of_page = page.get_data(as_text=True)
        assert "Ann" in text_of_page and "Them" in text_of_page
        # The ledger's totals after both hands: Us 300 + 60, Them 100 + 330.
        assert "360" in text_of_page and "430" in text_of_page
    assert "Bob" in game_page.get_data(as_text=True)


def test_after_an_upgrade_the_old_match_takes_a_new_hand(old_site):
    with old_site.app_context():
        database.upgrade()
    [(edit_token, _, _), _] = link_columns(old_site)["match"]
    phone = old_site.test_client()
    hand = {"bidder": "2", "bid": "250", "trump": "1", "meld-0": "60", "meld-1": "0"}
    hand |= {"tricks-0": "200", "tricks-1": "50", "version": "0", "client_token": "x" * 20}

    saved = phone.post(f"/matches/{edit_token}/hands", data=hand)

    assert saved.status_code == 303
    with old_site.app_context(), db.engine.connect() as connection:
        assert connection.execute(text("SELECT count(*) FROM hand")).scalar() == 4
        assert connection.execute(text("SELECT version FROM match WHERE id = 1")).scalar() == 1


def test_a_downgrade_to_the_first_revision_and_an_upgrade_again_keep_every_row(old_site):
    before = every_row(old_site)
    with old_site.app_context():
        database.upgrade()
        first_tokens = link_columns(old_site)
        database.downgrade(FIRST)

    assert revision_of(old_site) == FIRST
    assert every_row(old_site) == before
    with old_site.app_context():
        assert "edit_token" not in {c["name"] for c in inspect(db.engine).get_columns("match")}
        database.upgrade()

    assert every_row(old_site) == before
    assert schema_differences(old_site) == []
    # Tokens made afresh: the links of before the downgrade do not come back.
    assert link_columns(old_site)["match"] != first_tokens["match"]
