"""The database under the site: SQLite set up for safety on every connection, and
`flask init-db` building or upgrading the schema from the migrations (issue 7)."""

from __future__ import annotations

import sqlite3
import threading
import time

import pytest
from sqlalchemy import event, func, inspect, make_url, text
from sqlalchemy.exc import IntegrityError

from scorekeeper import create_app, database
from scorekeeper.extensions import db
from scorekeeper.models import Hand, Match

NEWEST = "0011"


@pytest.fixture
def sqlite_site(tmp_path):
    """A site on a SQLite file whatever TEST_DATABASE_URL says: these are SQLite's settings."""
    app = create_app(
        {
            "TESTING": True,
            "INSTANCE_PATH": tmp_path / "instance",
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'scorekeeper.sqlite3'}",
            "SECRET_KEY": "test",
        }
    )
    with app.app_context():
        database.upgrade()
    yield app
    with app.app_context():
        db.engine.dispose()


def pragma(app, name: str):
    """The value of a SQLite pragma on a new connection of the site's engine."""
    with app.app_context(), db.engine.connect() as connection:
        return connection.exec_driver_sql(f"PRAGMA {name}").scalar()


# --------------------------------------------------------------------- SQLite's settings


def test_a_sqlite_connection_writes_ahead_to_a_log(sqlite_site):
    assert pragma(sqlite_site, "journal_mode") == "wal"


def test_a_sqlite_connection_checks_foreign_keys(sqlite_site):
    assert pragma(sqlite_site, "foreign_keys") == 1


def test_a_sqlite_connection_waits_five_seconds_for_a_busy_file(sqlite_site):
    assert pragma(sqlite_site, "busy_timeout") == 5000


def test_every_new_sqlite_connection_is_set_up_not_only_the_first(sqlite_site):
    with sqlite_site.app_context():
        db.engine.dispose()
        with db.engine.connect() as first, db.engine.connect() as second:
            for connection in (first, second):
                settings = [
                    connection.exec_driver_sql(f"PRAGMA {name}").scalar()
                    for name in ("journal_mode", "foreign_keys", "busy_timeout")
                ]
                assert settings == ["wal", 1, 5000]


def test_a_hand_of_a_match_that_is_not_there_is_refused(sqlite_site):
    with sqlite_site.app_context():
        db.session.add(Hand(match_id=404, position=1, meld=[0, 0]))
        with pytest.raises(IntegrityError, match="FOREIGN KEY constraint failed"):
            db.session.commit()


def test_a_write_waits_for_another_writer_instead_of_failing(sqlite_site, tmp_path):
    other = sqlite3.connect(
        tmp_path / "scorekeeper.sqlite3", isolation_level=None, check_same_thread=False
    )
    other.execute("BEGIN IMMEDIATE")  # holds the write lock until the commit below
    releaser = threading.Timer(0.5, other.commit)
    releaser.start()
    started = time.monotonic()
    try:
        with sqlite_site.app_context():
            db.session.add(Match(game="partnership", side_names=["A", "B"], player_names=[]))
            db.session.commit()
    finally:
        releaser.join()
        other.close()

    assert time.monotonic() - started >= 0.4


def test_a_sqlite_file_stays_in_write_ahead_mode_for_other_programs(sqlite_site, tmp_path):
    with sqlite_site.app_context(), db.engine.connect():
        pass

    # WAL is a property of the file: the sqlite3 shell or a backup sees it too.
    with sqlite3.connect(tmp_path / "scorekeeper.sqlite3") as other:
        assert other.execute("PRAGMA journal_mode").fetchone() == ("wal",)


def test_only_sqlite_engines_get_the_sqlite_settings(tmp_path):
    app = create_app(
        {
            "INSTANCE_PATH": tmp_path,
            "SECRET_KEY": "test",
            "SQLALCHEMY_DATABASE_URI": "postgresql+psycopg://nobody@127.0.0.1:1/nothing",
        }
    )
    with app.app_context():  # no connection is made: engines connect when first used
        assert not event.contains(db.engine, "connect", database.make_sqlite_safe)


# ------------------------------------------------------------------------ flask init-db


def revision_of(app) -> str | None:
    with app.app_context(), db.engine.connect() as connection:
        if not inspect(connection).has_table("alembic_version"):
            return None
        return connection.execute(text("SELECT version_num FROM alembic_version")).scalar()


def test_init_db_builds_a_new_database_at_the_newest_revision_and_says_where(make_site, tmp_path):
    site = make_site(tmp_path, empty=True, TESTING=True, SECRET_KEY="test")

    result = site.test_cli_runner().invoke(args=["init-db"])

    assert result.exit_code == 0, result.output
    url = make_url(site.config["SQLALCHEMY_DATABASE_URI"]).render_as_string(hide_password=True)
    assert result.output == f"Database ready: {url}\n"
    assert revision_of(site) == NEWEST
    with site.app_context():
        assert set(inspect(db.engine).get_table_names()) == {
            "alembic_version",
            *db.metadata.tables,
        }


def test_init_db_again_changes_nothing(make_site, tmp_path):
    site = make_site(tmp_path, TESTING=True, SECRET_KEY="test")
    with site.app_context():
        db.session.add(Match(game="partnership", side_names=["Us", "Them"], player_names=[]))
        db.session.commit()

    for _ in range(2):
        result = site.test_cli_runner().invoke(args=["init-db"])
        assert result.exit_code == 0, result.output

    assert revision_of(site) == NEWEST
    with site.app_context():
        assert db.session.scalar(db.select(func.count()).select_from(Match)) == 1


def test_init_db_adopts_a_database_made_before_the_migrations_keeping_its_matches(
    make_site, tmp_path
):
    site = make_site(tmp_path, empty=True, TESTING=True, SECRET_KEY="test")
    with site.app_context():
        db.create_all()  # what `flask init-db` did before the migrations
        match = Match(game="partnership", side_names=["Us", "Them"], player_names=["A", "B"])
        match.hands.append(Hand(position=1, meld=[20, 30], tricks=[100, 150]))
        db.session.add(match)
        db.session.commit()
        edit_token = match.edit_token

    result = site.test_cli_runner().invoke(args=["init-db"])

    assert result.exit_code == 0, result.output
    assert revision_of(site) == NEWEST
    with site.app_context():
        kept = db.session.execute(db.select(Match)).scalar_one()
        assert (kept.edit_token, [hand.tricks for hand in kept.hands]) == (edit_token, [[100, 150]])


def test_init_db_upgrades_a_database_made_before_link_tokens_and_migrations(make_site, tmp_path):
    site = make_site(tmp_path, empty=True, TESTING=True, SECRET_KEY="test")
    with site.app_context():
        database.upgrade("0001")
        with db.engine.begin() as connection:
            connection.execute(text("DROP TABLE alembic_version"))  # create_all kept none
            connection.execute(
                text(
                    "INSERT INTO match (game, house_rules, side_names, player_names,"
                    " first_dealer, created_at) VALUES ('partnership', '{}', '[\"Us\", \"Them\"]',"
                    ' \'["A", "B", "C", "D"]\', 0, \'2024-05-01 19:30:00.000000\')'
                )
            )

    result = site.test_cli_runner().invoke(args=["init-db"])

    assert result.exit_code == 0, result.output
    assert revision_of(site) == NEWEST
    with site.app_context():
        match = db.session.execute(db.select(Match)).scalar_one()
        assert match.side_names == ["Us", "Them"]
        assert len(match.edit_token) == 24


def test_init_db_leaves_a_database_it_cannot_place_as_it_is(make_site, tmp_path):
    site = make_site(tmp_path, empty=True, TESTING=True, SECRET_KEY="test")
    with site.app_context():
        database.upgrade("0001")
        with db.engine.begin() as connection:
            connection.execute(text("DROP TABLE alembic_version"))
            # Link tokens on matches but not on dice games: no revision looks like this.
            connection.execute(text("ALTER TABLE match ADD COLUMN edit_token VARCHAR(32)"))

    result = site.test_cli_runner().invoke(args=["init-db"])

    assert result.exit_code == 1
    assert "matches no revision of the schema" in result.output
    assert revision_of(site) is None
