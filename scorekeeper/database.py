"""The database behind the site: SQLite made safe, and a schema that comes from migrations."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from alembic import command
from flask import Flask, current_app
from sqlalchemy import event, inspect

from .extensions import db, migrate

# The Alembic scripts (Flask-Migrate), beside the package: the schema's whole history.
MIGRATIONS = Path(__file__).resolve().parent.parent / "migrations"


def init_app(app: Flask) -> None:
    """Bind the database and its migrations to the app; SQLite connections get made safe."""
    db.init_app(app)
    migrate.init_app(app, db, directory=str(MIGRATIONS))
    with app.app_context():
        engine = db.engine
    if engine.dialect.name == "sqlite":
        event.listen(engine, "connect", make_sqlite_safe)


def make_sqlite_safe(dbapi_connection: Any, connection_record: Any) -> None:
    """Set up a new SQLite connection: wait for a busy file, check foreign keys, use WAL."""
    cursor = dbapi_connection.cursor()
    # First, so the two below wait (5 s at most) instead of failing while another
    # process writes: "database is locked" only after that.
    cursor.execute("PRAGMA busy_timeout = 5000")
    # Off by default in SQLite: a hand could point at a match that is not there.
    cursor.execute("PRAGMA foreign_keys = ON")
    # Write-ahead log: reading never waits for a write nor a write for reading (phones
    # poll while a hand is saved), and the file stays whole if the server is killed.
    cursor.execute("PRAGMA journal_mode = WAL")
    cursor.close()


def upgrade(revision: str = "head") -> None:
    """Bring the app's database up to a revision (the newest by default), in an app context.

    Unlike `flask db upgrade`, it leaves the app's logging as it is: `flask init-db` and
    the tests use it.
    """
    command.upgrade(_alembic_config(), revision)


def downgrade(revision: str) -> None:
    """Take the app's database back down to an older revision, in an app context."""
    command.downgrade(_alembic_config(), revision)


class UnknownSchema(Exception):
    """The database has tables, but not those of any revision: nothing is changed."""


def stamp_unversioned() -> str | None:
    """Mark a database made before the migrations (by create_all) with the revision its
    tables are at, so upgrading keeps its rows; returns that revision, or None if the
    database is new or versioned already."""
    inspector = inspect(db.engine)
    tables = set(inspector.get_table_names())
    if "alembic_version" in tables or "match" not in tables:
        return None
    link_tokens = {
        "match": "edit_token" in {column["name"] for column in inspector.get_columns("match")},
        "dice_game": "dice_game" in tables
        and "token" in {column["name"] for column in inspector.get_columns("dice_game")},
    }
    dice_columns = (
        {column["name"] for column in inspector.get_columns("dice_game")}
        if link_tokens["dice_game"]
        else set()
    )
    hand_knobs = "hand" in tables and "took_trick" in {
        column["name"] for column in inspector.get_columns("hand")
    }
    if all(link_tokens.values()):
        # create_all made the tables of the models it ran with, at 0002 to 0011.
        revision = "0002"
        if "version" in dice_columns:
            revision = "0004" if "view_token" in dice_columns else "0003"
        if "rule_set" in tables:
            revision = "0005"  # with the saved rule sets too
        if hand_knobs:
            revision = "0006"  # and hands with took_trick and moon
        if "game_summary" in tables:
            revision = "0007"  # and the kept summaries of games
        if "player_group" in tables:
            revision = "0008"  # and groups with their rosters
            roster_columns = {column["name"] for column in inspector.get_columns("group_player")}
            if "version" in roster_columns:
                revision = "0009"  # whose players and rule sets carry versions
        turn_columns = {column["name"] for column in inspector.get_columns("dice_turn")}
        if "first_throw" in turn_columns:
            revision = "0010"  # and dice turns that say a served turn and its throws
        if "club_night" in tables:
            revision = "0011"  # and club nights
    elif not any(link_tokens.values()):
        revision = "0001"
    else:
        raise UnknownSchema(
            f"The database at {db.engine.url.render_as_string(hide_password=True)} matches "
            "no revision of the schema (link tokens in some tables only); it was left as it is."
        )
    command.stamp(_alembic_config(), revision)
    return revision


def _alembic_config():
    config = current_app.extensions["migrate"].migrate.get_config()
    # Read by migrations/env.py: only the `flask db` commands set up logging from alembic.ini.
    config.attributes["configure_logger"] = False
    return config
