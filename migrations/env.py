"""Alembic's environment: run the revisions on the app's database (Flask-Migrate)."""

import logging
from logging.config import fileConfig

from alembic import context
from flask import current_app

config = context.config
# `flask db ...` logs what it runs; the app's own upgrades (scorekeeper.database) don't
# touch the logging of the process they run in.
if config.attributes.get("configure_logger", True):
    fileConfig(config.config_file_name, disable_existing_loggers=False)
logger = logging.getLogger("alembic.env")

migrate = current_app.extensions["migrate"]
target_metadata = migrate.db.metadata


def skip_empty_revision(context, revision, directives) -> None:
    """`flask db migrate` with nothing to change writes no empty revision."""
    if getattr(config.cmd_opts, "autogenerate", False) and directives[0].upgrade_ops.is_empty():
        directives[:] = []
        logger.info("No changes in schema detected.")


def run_migrations_offline() -> None:
    """Print the SQL of the revisions (`flask db upgrade --sql`) instead of running it."""
    url = migrate.db.engine.url.render_as_string(hide_password=False)
    context.configure(url=url, target_metadata=target_metadata, literal_binds=True)
    with context.begin_transaction():
        context.run_migrations()


def run_migrations_online() -> None:
    """Run the revisions on a connection of the app's engine."""
    options = {"process_revision_directives": skip_empty_revision, **migrate.configure_args}
    with migrate.db.engine.connect() as connection:
        sqlite = connection.dialect.name == "sqlite"
        if sqlite:
            # Batch mode changes a SQLite table by copying it and dropping the old one;
            # with foreign keys on, dropping `match` would take its hands with it (or fail).
            # The pragma only works outside a transaction, hence the commit.
            connection.exec_driver_sql("PRAGMA foreign_keys = OFF")
            connection.commit()
        try:
            context.configure(connection=connection, target_metadata=target_metadata, **options)
            with context.begin_transaction():
                context.run_migrations()
            if sqlite:
                broken = connection.exec_driver_sql("PRAGMA foreign_key_check").all()
                if broken:
                    raise RuntimeError(f"rows point at rows that are not there: {broken}")
        finally:
            if sqlite:
                # The connection goes back to the pool: as safe as every other one.
                connection.rollback()
                connection.exec_driver_sql("PRAGMA foreign_keys = ON")
                connection.commit()


if context.is_offline_mode():
    run_migrations_offline()
else:
    run_migrations_online()
