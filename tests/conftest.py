"""Shared fixtures: sites built from test settings, each with a database of its own.

Every database is built by the migrations, as `make run` builds the real one. On SQLite
(the default) a site's database is a copy of one file upgraded once per session. With
TEST_DATABASE_URL set (`make test` sets it for its PostgreSQL run), that database is
upgraded once and each site gets a PostgreSQL database copied from it.
"""

from __future__ import annotations

import itertools
import os
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from flask import Flask
from hypothesis import settings
from jinja2 import BytecodeCache
from jinja2.bccache import Bucket
from sqlalchemy import NullPool, create_engine, make_url

from scorekeeper import create_app, database
from scorekeeper.extensions import db
from tests.helpers.play import Play

TEST_DATABASE_URL = os.environ.get("TEST_DATABASE_URL")

# On CI the generated examples are the same every run, so a submission's result does not
# depend on the draw; locally each run explores new ones.
settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "postgres_too: a browser test the PostgreSQL pass runs as well (several phones, "
        "live followers, offline saves, a club night: where two writers meet the database)",
    )


def runs_on_postgres(item: pytest.Item) -> bool:
    """Does the PostgreSQL pass run this test? Only a test whose site has a database of
    its own (the rules core, the assets and SQLite's own settings ran once, on SQLite), and
    of the browser tests only those marked ``postgres_too``: the rest drive the same
    services and queries through a page that the page tests run on PostgreSQL already."""
    if "make_site" not in getattr(item, "fixturenames", ()):
        return False
    browser = item.path.parent.name == "e2e"
    return not browser or item.get_closest_marker("postgres_too") is not None


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """On the PostgreSQL pass, leave out what runs the same on any database."""
    if not TEST_DATABASE_URL:
        return
    left_out = [item for item in items if not runs_on_postgres(item)]
    if left_out:
        config.hook.pytest_deselected(items=left_out)
        items[:] = [item for item in items if runs_on_postgres(item)]


def upgrade_to_newest(url: str, folder: Path) -> None:
    """Build the newest schema in a database from the migrations, then let go of it."""
    app = create_app({"INSTANCE_PATH": folder, "SQLALCHEMY_DATABASE_URI": url, "SECRET_KEY": "-"})
    with app.app_context():
        database.upgrade()
        # Closing the last connection folds SQLite's write-ahead log into the file.
        db.engine.dispose()


class SQLiteDatabases:
    """A site's SQLite file: a copy of one upgraded once, or a file not yet made."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.newest_file: Path | None = None

    def new(self, folder: Path, empty: bool = False) -> str:
        """The URL of a database of its own for a site in ``folder``."""
        path = folder / "scorekeeper.sqlite3"
        if not empty:
            if self.newest_file is None:
                self.newest_file = self.folder / "newest.sqlite3"
                upgrade_to_newest(f"sqlite:///{self.newest_file}", self.folder)
            shutil.copyfile(self.newest_file, path)
        return f"sqlite:///{path}"

    def drop(self, url: str) -> None:
        """Nothing to do: the file goes with the test's temporary folder."""

    def close(self) -> None:
        """Nothing to do."""


class PostgreSQLDatabases:
    """A site's PostgreSQL database: a copy of TEST_DATABASE_URL's, upgraded once, or empty."""

    def __init__(self, url: str, folder: Path) -> None:
        self.url = make_url(url)
        self.folder = folder
        self.upgraded = False
        self.numbers = itertools.count(1)
        # CREATE and DROP DATABASE run outside transactions, on the server's own database.
        self.server = create_engine(
            self.url.set(database="postgres"), isolation_level="AUTOCOMMIT", poolclass=NullPool
        )

    def new(self, folder: Path, empty: bool = False) -> str:
        """The URL of a database of its own for a site (``folder`` is not needed here)."""
        if not (empty or self.upgraded):
            upgrade_to_newest(self.url.render_as_string(hide_password=False), self.folder)
            self.upgraded = True
        name = f"{self.url.database}_{os.getpid()}_{next(self.numbers)}"
        # FILE_COPY: copying a small database file by file is the quickest way here.
        template = "template0" if empty else self.url.database
        self._run(f'CREATE DATABASE "{name}" TEMPLATE "{template}" STRATEGY FILE_COPY')
        return self.url.set(database=name).render_as_string(hide_password=False)

    def drop(self, url: str) -> None:
        """Drop a site's database, closing whatever connections it still has."""
        self._run(f'DROP DATABASE IF EXISTS "{make_url(url).database}" WITH (FORCE)')

    def close(self) -> None:
        self.server.dispose()

    def _run(self, statement: str) -> None:
        with self.server.connect() as connection:
            connection.exec_driver_sql(statement)


class CompiledTemplates(BytecodeCache):
    """Jinja's compiled templates, kept in memory for every site of the session.

    Each site has a Jinja environment of its own, which would parse and compile every
    template again: half the time of a test that draws a few pages. The compiled code is
    keyed by the template's name and a checksum of its source, so no state is shared.
    """

    def __init__(self) -> None:
        self.code: dict[str, bytes] = {}

    def load_bytecode(self, bucket: Bucket) -> None:
        if bucket.key in self.code:
            bucket.bytecode_from_string(self.code[bucket.key])

    def dump_bytecode(self, bucket: Bucket) -> None:
        self.code[bucket.key] = bucket.bytecode_to_string()


class Sites:
    """Every site the tests build, so each one's database is dropped when it is done."""

    def __init__(self, databases: SQLiteDatabases | PostgreSQLDatabases) -> None:
        self.databases = databases
        self.open: list[Flask] = []
        self.templates = CompiledTemplates()

    def make(self, folder: Path, *, empty: bool = False, **config) -> Flask:
        """A site with its instance folder in ``folder`` and a database of its own, at the
        newest revision (or ``empty``, with no tables at all); ``config`` as create_app's."""
        url = self.databases.new(folder, empty=empty)
        app = create_app(
            {"INSTANCE_PATH": folder / "instance", "SQLALCHEMY_DATABASE_URI": url, **config}
        )
        app.jinja_env.bytecode_cache = self.templates
        self.open.append(app)
        return app

    def close(self, first: int = 0) -> None:
        """Let go of the sites built since the ``first``-th, and drop their databases."""
        while len(self.open) > first:
            app = self.open.pop()
            with app.app_context():
                db.engine.dispose()
            self.databases.drop(app.config["SQLALCHEMY_DATABASE_URI"])


@pytest.fixture(scope="session")
def sites(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Sites]:
    """The session's sites and where their databases come from."""
    folder = tmp_path_factory.mktemp("databases")
    if TEST_DATABASE_URL:
        databases = PostgreSQLDatabases(TEST_DATABASE_URL, folder)
    else:
        databases = SQLiteDatabases(folder)
    built = Sites(databases)
    yield built
    built.close()
    databases.close()


@pytest.fixture(autouse=True)
def _close_the_sites_of_each_test(sites: Sites) -> Iterator[None]:
    """A site built by a test (or its function fixtures) is closed after it.

    pytest sets up module and session fixtures before any function fixture, so their
    sites come before this mark and last until the session ends.
    """
    first = len(sites.open)
    yield
    sites.close(first)


@pytest.fixture(scope="session")
def make_site(sites: Sites) -> Callable[..., Flask]:
    """Build a site: ``make_site(folder, **config)``, see Sites.make. Any fixture scope."""
    return sites.make


@pytest.fixture
def app(make_site, tmp_path):
    """A site with its own instance folder and database; CSRF protection stays on."""
    return make_site(tmp_path, TESTING=True, SECRET_KEY="test")


@pytest.fixture
def client(app):
    """A test client for the site."""
    return app.test_client()


@pytest.fixture
def quick_and_slow(make_site, tmp_path):
    """Two sites on one database: one answers unchanged polls early, one only in Flask."""
    quick = make_site(tmp_path, TESTING=True, SECRET_KEY="test")
    with quick.app_context():
        url = db.engine.url.render_as_string(hide_password=False)
    slow = create_app(
        {
            "INSTANCE_PATH": tmp_path / "slow",
            "SQLALCHEMY_DATABASE_URI": url,
            "TESTING": True,
            "SECRET_KEY": "test",
            "QUICK_POLLS": False,
        }
    )
    yield quick, slow
    with slow.app_context():
        db.engine.dispose()


@pytest.fixture
def site(make_site, tmp_path):
    """A site with CSRF protection off, so tests can also post forms no page drew."""
    return make_site(tmp_path, TESTING=True, SECRET_KEY="test", WTF_CSRF_ENABLED=False)


@pytest.fixture
def phone(site):
    """The phone on the kitchen table: a test client of that site, keeping its cookies."""
    return site.test_client()


@pytest.fixture
def play(client) -> Play:
    """The steps of play (tests/helpers/play.py) bound to the test's client."""
    return Play(client)
