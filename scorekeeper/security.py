"""What every response carries for safety, and the limit on how fast one client may write."""

from __future__ import annotations

import os

from flask import Flask, current_app, request
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address
from werkzeug.middleware.proxy_fix import ProxyFix
from werkzeug.wrappers import Response

# Scripts and styles come only from this site's static files; nothing may frame the site.
# htmx's own indicator <style> is switched off in base.html's htmx-config, so no inline
# style is needed either.
CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self'",
        "connect-src 'self'",
        "form-action 'self'",
        "base-uri 'none'",
        "object-src 'none'",
        "frame-ancestors 'none'",
    ]
)

SECURITY_HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    # Match links hold their tokens in the path: never send them to another site.
    "Referrer-Policy": "no-referrer",
}


def _write_limit() -> str:
    return current_app.config["WRITE_RATE_LIMIT"]


def _not_a_write() -> bool:
    # Reading is free, and the JSON API stores nothing: only the site's own writes count.
    return request.method in ("GET", "HEAD", "OPTIONS") or request.blueprint == "api"


# One budget per client for all its writes together (an application limit), not one per
# page.
limiter = Limiter(
    get_remote_address,
    application_limits=[_write_limit],
    application_limits_exempt_when=_not_a_write,
)


def add_security_headers(response: Response) -> Response:
    """Give every response the site's security headers."""
    for name, value in SECURITY_HEADERS.items():
        response.headers.setdefault(name, value)
    return response


def init_security(app: Flask) -> None:
    """Cookie settings, security headers and the write limit, bound to the app."""
    app.config.setdefault("WRITE_RATE_LIMIT", os.environ.get("WRITE_RATE_LIMIT", "300 per minute"))
    # Flask's defaults hold these keys already (SameSite unset), so set them unless a
    # deployment chose otherwise.
    # In memory by default (one count per process); several processes share a count
    # through a storage such as redis://, set in RATELIMIT_STORAGE_URI.
    app.config.setdefault(
        "RATELIMIT_STORAGE_URI", os.environ.get("RATELIMIT_STORAGE_URI", "memory://")
    )
    app.config["SESSION_COOKIE_HTTPONLY"] = True
    if app.config.get("SESSION_COOKIE_SAMESITE") is None:
        app.config["SESSION_COOKIE_SAMESITE"] = "Lax"
    app.after_request(add_security_headers)
    # Behind a reverse proxy, trust its X-Forwarded-* headers (so the write limit counts
    # each phone, not the proxy) for exactly as many proxies as there are.
    hops = int(os.environ.get("TRUSTED_PROXY_HOPS", "0") or 0)
    if hops:
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=hops, x_proto=hops, x_host=hops)
    limiter.init_app(app)


@limiter.request_filter
def _reads_are_free() -> bool:
    # The same test as the limit's exemption, asked first: a page view or a phone's poll
    # then skips the limiter's bookkeeping altogether.
    return _not_a_write()
