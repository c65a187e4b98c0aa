"""Every setting of the site, read from the environment once.

``create_app(config)`` starts from ``settings_from_environment()`` and lets ``config`` (a
test's, or a deployment's own) override any key. No other module reads the environment.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any

from .rules.text import choice_id

# What each environment variable sets, and its default when the variable is not set.
# None means "decided when the app is built" (see create_app and init_page_cache).
ENVIRONMENT = {
    "SECRET_KEY": ("SECRET_KEY", None),
    "DATABASE_URL": ("SQLALCHEMY_DATABASE_URI", None),
    "WRITE_RATE_LIMIT": ("WRITE_RATE_LIMIT", "300 per minute"),
    "RATELIMIT_STORAGE_URI": ("RATELIMIT_STORAGE_URI", "memory://"),
    "TRUSTED_PROXY_HOPS": ("TRUSTED_PROXY_HOPS", 0),
    "MATCH_PAGE_CACHE_BYTES": ("MATCH_PAGE_CACHE_BYTES", None),
    "WRONG_TOKEN_LIMIT": ("WRONG_TOKEN_LIMIT", "60 per minute"),
    # The .crt of the certificate authority Caddy signs this site's certificates with
    # (`make run HTTPS=1` sets it); the certificate page offers it to phones.
    "CADDY_ROOT_CERT": ("CADDY_ROOT_CERT", None),
}
# Settings held as whole numbers (the environment holds text).
WHOLE_NUMBERS = {"TRUSTED_PROXY_HOPS", "MATCH_PAGE_CACHE_BYTES"}

DEFAULTS: dict[str, Any] = {
    # Answer unchanged polls ahead of Flask (scorekeeper/quick_poll.py).
    "QUICK_POLLS": True,
    # A connection the database dropped (a restart) is found and replaced before use.
    "SQLALCHEMY_ENGINE_OPTIONS": {"pool_pre_ping": True},
    # What one request may weigh. Every form here is a few kilobytes and the JSON API's
    # largest request (the statistics of many matches) some hundreds: past 1 MB a body is
    # refused with a 413 before it is read. A form's text field holds 100 kB at most and a
    # multipart form 500 parts (Werkzeug reads no more than that into memory).
    "MAX_CONTENT_LENGTH": 1024 * 1024,
    "MAX_FORM_MEMORY_SIZE": 100_000,
    "MAX_FORM_PARTS": 500,
    # JSON nested deeper than this is refused by the API before it is read (no request
    # of the contract nests past 5 levels; Python's reader fails at about 1,000).
    "API_JSON_DEPTH": 32,
}


class ConfigError(ValueError):
    """A setting from the environment that cannot be used, named in a sentence."""


def settings_from_environment(environ: Mapping[str, str] | None = None) -> dict[str, Any]:
    """The site's settings: the defaults, then whatever the environment sets."""
    environ = os.environ if environ is None else environ
    settings = dict(DEFAULTS)
    for variable, (key, default) in ENVIRONMENT.items():
        text = environ.get(variable, "")
        if not text:
            settings[key] = default
        elif key in WHOLE_NUMBERS:
            try:
                settings[key] = choice_id(text.strip())
            except ValueError:
                raise ConfigError(f"{variable} must be a whole number, not {text!r}.") from None
        else:
            settings[key] = text
    return settings


def inherited_environment() -> dict[str, str]:
    """A copy of this process's environment, for a process started from it (`make run
    HTTPS=1` starts Caddy and gunicorn with a few variables more)."""
    return dict(os.environ)
