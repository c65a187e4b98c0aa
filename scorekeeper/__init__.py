"""Scorekeeper: keeps score for pinochle and dice games at the kitchen table."""

import os
import secrets
from pathlib import Path

from flask import Flask

from scorekeeper import (  # noqa: F401  (models: the tables)
    api,
    database,
    dice,
    main,
    matches,
    meld,
    models,
    transfer,
)
from scorekeeper.assets import init_assets
from scorekeeper.extensions import compress, csrf
from scorekeeper.matches.quick_poll import init_quick_polls
from scorekeeper.page_cache import init_page_cache
from scorekeeper.security import init_security


def create_app(test_config: dict | None = None) -> Flask:
    """Build the site: configuration, extensions and blueprints.

    Settings come from the environment (SECRET_KEY, DATABASE_URL), then `test_config`
    overrides them. `test_config` may also hold "INSTANCE_PATH", an absolute path that
    replaces the instance folder (by default `instance/` next to the package), where the
    SQLite file and the generated secret key live.
    """
    overrides = dict(test_config or {})
    instance_path = overrides.pop("INSTANCE_PATH", None)
    app = Flask(
        __name__,
        instance_path=os.fspath(instance_path) if instance_path else None,
        template_folder="../templates",
        static_folder="../static",
    )
    os.makedirs(app.instance_path, exist_ok=True)

    default_database = f"sqlite:///{Path(app.instance_path) / 'scorekeeper.sqlite3'}"
    app.config["SQLALCHEMY_DATABASE_URI"] = os.environ.get("DATABASE_URL", default_database)
    app.config["SECRET_KEY"] = os.environ.get("SECRET_KEY")
    app.config.from_mapping(overrides)
    if not app.config["SECRET_KEY"]:
        app.config["SECRET_KEY"] = _instance_secret_key(Path(app.instance_path))

    database.init_app(app)
    csrf.init_app(app)
    init_security(app)
    init_assets(app)
    compress.init_app(app)
    init_page_cache(app)
    # The JSON API stores nothing, so there is no write for a forged request to make.
    csrf.exempt(api.bp)
    app.register_blueprint(main.bp)
    app.register_blueprint(api.bp)
    app.register_blueprint(matches.bp)
    app.register_blueprint(meld.bp)
    app.register_blueprint(matches.device_bp)
    app.register_blueprint(dice.bp)
    app.register_blueprint(transfer.bp)
    init_quick_polls(app)
    return app


def _instance_secret_key(instance_path: Path) -> str:
    """Return the secret key kept in the instance folder, generating it on first use."""
    key_file = instance_path / "secret_key"
    try:
        # O_EXCL: when two processes start together, only one writes the key.
        descriptor = os.open(key_file, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return key_file.read_text().strip()
    key = secrets.token_hex(32)
    with os.fdopen(descriptor, "w") as file:
        file.write(key + "\n")
    return key
