"""Scorekeeper: keeps score for pinochle and dice games at the kitchen table."""

import os
import secrets
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from flask import Flask, redirect, request
from werkzeug.exceptions import HTTPException
from werkzeug.wrappers import Response

from . import api, certificate, database, faults, main, meld, models, pwa, transfer  # noqa: F401  (models: the tables)
from .assets import init_assets
from .club.routes import bp as club_bp
from .config import settings_from_environment
from .converters import TokenConverter
from .device import init_devices
from .dice import routes as _dice_routes  # noqa: F401  (its routes join dice_bp)
from .dice import watching as _dice_watching  # noqa: F401  (its routes join dice_bp)
from .dice.blueprint import bp as dice_bp
from .extensions import compress, csrf
from .groups import games as _group_games  # noqa: F401  (its routes join groups_bp)
from .groups import routes as _group_routes  # noqa: F401  (its routes join groups_bp)
from .groups.blueprint import bp as groups_bp
from .i18n import init_languages
from .matches.routes import bp as matches_bp
from .page_cache import init_page_cache
from .quick_poll import init_quick_polls
from .rule_sets.routes import bp as rule_sets_bp
from .script_words import script_words
from .security import init_security
from .services.errors import AlreadyRecorded, ServiceError
from .template_space import Dedent


def create_app(config: Mapping[str, Any] | None = None) -> Flask:
    """Build the site: configuration, extensions, blueprints and the error mapping.

    Settings come from the environment (scorekeeper/config.py), then ``config`` overrides
    any of them. ``config`` may also hold "INSTANCE_PATH", an absolute path that replaces
    the instance folder (by default `instance/` next to the package), where the SQLite
    file and the generated secret key live.
    """
    overrides = dict(config or {})
    instance_path = overrides.pop("INSTANCE_PATH", None)
    app = Flask(
        __name__,
        instance_path=os.fspath(instance_path) if instance_path else None,
        template_folder="../templates",
        static_folder="../static",
    )
    os.makedirs(app.instance_path, exist_ok=True)
    app.config.from_mapping(settings_from_environment())
    app.config.from_mapping(overrides)
    if not app.config["SQLALCHEMY_DATABASE_URI"]:
        path = Path(app.instance_path) / "scorekeeper.sqlite3"
        app.config["SQLALCHEMY_DATABASE_URI"] = f"sqlite:///{path}"
    if not app.config["SECRET_KEY"]:
        app.config["SECRET_KEY"] = _instance_secret_key(Path(app.instance_path))
    app.url_map.converters["token"] = TokenConverter
    app.jinja_env.add_extension(Dedent)
    init_languages(app)
    app.jinja_env.globals["script_words"] = script_words

    database.init_app(app)
    # The limiter before CSRF protection: a refused post still counts against its client.
    init_security(app)
    csrf.init_app(app)
    init_assets(app)
    compress.init_app(app)
    init_page_cache(app)
    init_devices(app)
    # The JSON API stores nothing, so there is no write for a forged request to make.
    csrf.exempt(api.bp)
    for blueprint in (main.bp, api.bp, matches_bp, meld.bp, dice_bp, transfer.bp, pwa.bp):
        app.register_blueprint(blueprint)
    app.register_blueprint(rule_sets_bp)
    app.register_blueprint(groups_bp)
    app.register_blueprint(certificate.bp)
    app.register_blueprint(club_bp)
    app.register_error_handler(ServiceError, answer_service_error)
    faults.init_faults(app)
    init_quick_polls(app)
    return app


def answer_service_error(error: ServiceError) -> Response:
    """A service's refusal as the site answers it: a form saved already goes on to its page
    (after a post, the page it came from), anything else is an error page with the reason."""
    if isinstance(error, AlreadyRecorded):
        return redirect(request.path.rsplit("/", 1)[0], 303)
    http_error = HTTPException(description=error.sentence)
    http_error.code = error.status
    return main.http_error(http_error)


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
