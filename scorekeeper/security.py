"""What every response carries for safety, and the limit on how fast one client may write."""

from __future__ import annotations

import ipaddress
import math
import time
from urllib.parse import urlsplit

from flask import Flask, current_app, has_request_context, request
from flask.sessions import SecureCookieSessionInterface
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address
from limits import RateLimitItem, parse
from werkzeug.exceptions import NotFound, TooManyRequests
from werkzeug.middleware.proxy_fix import ProxyFix
from werkzeug.wrappers import Response

from .rules import said

# Scripts and styles come only from this site's static files; nothing may frame the site.
# htmx's own indicator <style> is switched off in base.html's htmx-config, so no inline
# style is needed either. Images may also be data: URLs: Pico draws its icons (a select's
# arrow, a checkbox's tick, a folded section's chevron) as inline SVG in its stylesheet. A
# data: image runs no script, so this lets in nothing but pictures.
CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
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
    # Match links hold their tokens in the path: never send them to another site. The
    # site's own pages do get the referrer: over HTTPS, Flask-WTF refuses a form posted
    # without one ("The referrer header is missing"), so no-referrer broke every save.
    "Referrer-Policy": "same-origin",
}


# Sent on HTTPS answers only: a browser then asks for this site over HTTPS alone for a
# year. Never on plain HTTP, where it would mean nothing (and `make run` without a proxy
# serves plain HTTP on purpose). No includeSubDomains: the site knows nothing of its
# name's other sites.
STRICT_TRANSPORT_SECURITY = "max-age=31536000"
# Nor for an address or localhost: browsers ignore it for an address (RFC 6797, 8.1), and
# for localhost it would hold every port, sending a later http://localhost:5000 (plain
# `make run`) to https, where nothing answers.
NOT_A_SITE_NAME = ("localhost",)


def over_https() -> bool:
    """Did this request come over HTTPS (at the proxy, when TRUSTED_PROXY_HOPS trusts it)?"""
    return has_request_context() and request.is_secure


def names_a_site(host: str) -> bool:
    """Is this Host (with its port, if any) a name HSTS can hold: not an address, not
    localhost?"""
    name = urlsplit(f"//{host}").hostname or ""
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return name not in NOT_A_SITE_NAME and not name.endswith(".localhost")
    return False


def secure_cookies() -> bool:
    """Should a cookie set now be Secure: the request came over HTTPS, or the deployment
    says always (SESSION_COOKIE_SECURE)?"""
    return bool(current_app.config.get("SESSION_COOKIE_SECURE")) or over_https()


class SessionOverHttps(SecureCookieSessionInterface):
    """Flask's signed-cookie session (which holds the CSRF token), its cookie Secure
    whenever the request came over HTTPS."""

    def get_cookie_secure(self, app: Flask) -> bool:
        return bool(app.config.get("SESSION_COOKIE_SECURE")) or over_https()


def _write_limit() -> str:
    return current_app.config["WRITE_RATE_LIMIT"]


def _not_a_write() -> bool:
    # Reading is free, and the JSON API stores nothing: only the site's own writes count.
    return request.method in ("GET", "HEAD", "OPTIONS") or request.blueprint == "api"


def _new_limiter() -> Limiter:
    """One budget per client for all its writes together (an application limit), not one
    per page. One limiter per app: Flask-Limiter keeps its switch and its counts on the
    instance, so a shared one would let one app's settings turn off another's limit."""
    limiter = Limiter(
        get_remote_address,
        application_limits=[_write_limit],
        application_limits_exempt_when=_not_a_write,
    )
    # The same test as the limit's exemption, asked first: a page view or a phone's poll
    # then skips the limiter's bookkeeping altogether.
    limiter.request_filter(_not_a_write)
    return limiter


def _limiter() -> Limiter:
    return current_app.extensions["scorekeeper_limiter"]


def add_security_headers(response: Response) -> Response:
    """Give every response the site's security headers."""
    for name, value in SECURITY_HEADERS.items():
        response.headers.setdefault(name, value)
    if over_https() and names_a_site(request.host):
        response.headers.setdefault("Strict-Transport-Security", STRICT_TRANSPORT_SECURITY)
    return response


def init_security(app: Flask) -> None:
    """Cookie settings, security headers and the write limit, bound to the app."""
    # Flask's defaults hold these keys already (SameSite unset), so set them unless a
    # deployment chose otherwise. The write limit is counted in memory by default (one
    # count per process); several processes share a count through RATELIMIT_STORAGE_URI.
    app.config["SESSION_COOKIE_HTTPONLY"] = True
    if app.config.get("SESSION_COOKIE_SAMESITE") is None:
        app.config["SESSION_COOKIE_SAMESITE"] = "Lax"
    app.session_interface = SessionOverHttps()
    app.after_request(add_security_headers)
    # Behind a reverse proxy, trust its X-Forwarded-* headers (so the write limit counts
    # each phone, not the proxy) for exactly as many proxies as there are.
    hops = int(app.config["TRUSTED_PROXY_HOPS"] or 0)
    if hops:
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=hops, x_proto=hops, x_host=hops)
    # Before CSRFProtect (bound after this): a post with a bad CSRF token is counted too.
    limiter = _new_limiter()
    limiter.init_app(app)
    app.extensions["scorekeeper_limiter"] = limiter
    app.after_request(count_wrong_link)


def _wrong_token_limit() -> RateLimitItem:
    return parse(current_app.config["WRONG_TOKEN_LIMIT"])


def _asks_for_a_link() -> bool:
    """Does this request name a match's or a game's link (well-formed or not)?"""
    if not current_app.config.get("RATELIMIT_ENABLED", True):
        return False
    view_args = request.view_args or {}
    return "token" in view_args or isinstance(request.routing_exception, NotFound)


def count_wrong_link(response: Response) -> Response:
    """Count a 404 answered for a link against the address that asked for it; past the
    limit, wrong links from there are answered 429.

    Links are 144 random bits, so guessing is hopeless; the limit still sees it, and a
    guesser gets a 429 instead of a stream of cheap 404s. Only wrong links are counted
    and refused, so a right link costs nothing more, and a family sharing an address with
    a guesser keeps its matches.
    """
    if response.status_code != 404 or not _asks_for_a_link():
        return response
    limit, address = _wrong_token_limit(), get_remote_address()
    limiter = _limiter()
    if limiter.limiter.hit(limit, "wrong-link", address):
        return response
    # Retry-After: when this address's window of the limit ends (a second at least).
    reset = limiter.limiter.get_window_stats(limit, "wrong-link", address).reset_time
    refused = TooManyRequests(
        said("Too many wrong links from here; wait a minute and try again."),
        retry_after=max(1, math.ceil(reset - time.time())),
    )
    answer = current_app.make_response(current_app.handle_http_exception(refused))
    answer.headers["Cache-Control"] = "no-store"
    return answer
