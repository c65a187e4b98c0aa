"""Shared fixtures: a site built from test settings, and a client for it."""

import pytest

from scorekeeper import create_app
from scorekeeper.extensions import db


@pytest.fixture
def app(tmp_path):
    """A site with its own instance folder and SQLite file; CSRF protection stays on."""
    app = create_app(
        {
            "TESTING": True,
            "INSTANCE_PATH": tmp_path / "instance",
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'scorekeeper.sqlite3'}",
            "SECRET_KEY": "test",
        }
    )
    with app.app_context():
        db.create_all()
    return app


@pytest.fixture
def client(app):
    """A test client for the site."""
    return app.test_client()
