"""The site as an app on a phone's home screen: its manifest, its icons, its service worker.

These answer at stable addresses (the manifest and the worker must: a browser finds them
again by URL), so none of them is digest-named like the bundles in assets.py. The worker
is static/sw.js with one line put in front of it: the digest names of today's bundles,
which it keeps for offline use. A new version of the site changes that line, so the
browser installs the new worker, which keeps the new bundles and drops the old ones.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from flask import Blueprint, abort, current_app, jsonify, request, url_for
from werkzeug.wrappers import Response

from .assets import BUNDLES, compressed_response, minified_script
from .i18n import plain
from .rules import said

bp = Blueprint("pwa", __name__)

NAME = "Scorekeeper"
# What a phone's language is read from (i18n.choose_locale): its choice, else its own.
LANGUAGE_FROM = ("Cookie", "Accept-Language")
# What the worker answers for a page never opened on this phone when there is no network.
OFFLINE = said(
    "No connection, and this page was not opened on this phone before. "
    "Try again when there is a signal."
)
DESCRIPTION = said("Keeps score for pinochle, Yahtzee and Farkle at the kitchen table.")
# The icon's own blue (static/icon.svg): the phone's status bar and splash screen.
THEME_COLOR = "#0172ad"
BACKGROUND_COLOR = "#ffffff"
# The PNGs scripts/make_icons.py draws from icon.svg: (file, size, purpose).
ICONS = (
    ("icon-192.png", 192, "any"),
    ("icon-512.png", 512, "any"),
    ("icon-maskable-512.png", 512, "maskable"),
)
APPLE_TOUCH_ICON = "apple-touch-icon.png"
# Stable names: a changed icon reaches phones within a day.
ICON_CACHE_SECONDS = 24 * 60 * 60
# The worker and the manifest are asked for again on every visit, and checked each time.
CHECK_EACH_TIME = "no-cache"


def _png(filename: str) -> Response:
    """One of the icons in static/icons/, cached for a day and revalidated by its etag."""
    body = (Path(current_app.static_folder) / "icons" / filename).read_bytes()
    response = Response(body, mimetype="image/png")
    response.cache_control.public = True
    response.cache_control.max_age = ICON_CACHE_SECONDS
    response.add_etag()
    return response.make_conditional(request)


@bp.app_context_processor
def _app_words() -> dict[str, str]:
    # base.html's theme-color meta, the same colour as the manifest's.
    return {"THEME_COLOR": THEME_COLOR}


@bp.get("/manifest.webmanifest")
def manifest() -> Response:
    """The web app manifest: what a phone needs to put the site on its home screen."""
    home = url_for("main.home")
    response = jsonify(
        name=NAME,
        short_name=NAME,
        # The phone shows it as it offers to install the site: in the phone's language.
        description=plain(DESCRIPTION),
        start_url=home,
        scope=home,
        display="standalone",
        theme_color=THEME_COLOR,
        background_color=BACKGROUND_COLOR,
        icons=[
            {
                "src": url_for("pwa.icon", filename=filename),
                "sizes": f"{size}x{size}",
                "type": "image/png",
                "purpose": purpose,
            }
            for filename, size, purpose in ICONS
        ],
    )
    response.mimetype = "application/manifest+json"
    response.headers["Cache-Control"] = CHECK_EACH_TIME
    response.vary.update(LANGUAGE_FROM)
    return response


@bp.get("/icons/<filename>")
def icon(filename: str) -> Response:
    """One of the manifest's PNG icons; any other name is a 404."""
    if filename not in {name for name, _, _ in ICONS}:
        abort(404)
    return _png(filename)


@bp.get("/apple-touch-icon.png")
def apple_touch_icon() -> Response:
    """The 180-pixel icon iOS puts on the home screen (asked for at this address too)."""
    return _png(APPLE_TOUCH_ICON)


def shell() -> dict[str, object]:
    """What the worker keeps for offline use: each bundle's name and today's URL, and a
    version that changes with any of them."""
    assets = current_app.extensions["scorekeeper_assets"]
    urls = {name: assets.url(name) for name in BUNDLES}
    version = hashlib.sha256(json.dumps(urls, sort_keys=True).encode()).hexdigest()[:12]
    return {"version": version, "assets": urls}


@bp.get("/sw.js")
def service_worker() -> Response:
    """The service worker, at the root so that it looks after every page of the site."""
    # Minified as the bundles are: its comments were half of its bytes.
    source = minified_script((Path(current_app.static_folder) / "sw.js").read_bytes())
    # The worker has no page to read a language from: it is given the one sentence it may
    # have to say in the language of the phone that fetches it (a switch of language makes
    # the next check of the worker a new worker).
    words = json.dumps(plain(OFFLINE), ensure_ascii=False)
    head = f"self.SHELL = {json.dumps(shell(), sort_keys=True)};\nself.OFFLINE = {words};"
    body = f"{head}\n{source.decode()}"
    response = compressed_response(body.encode(), "text/javascript")
    response.headers["Cache-Control"] = CHECK_EACH_TIME
    response.vary.update(LANGUAGE_FROM)
    encoding = response.headers.get("Content-Encoding", "identity")
    response.set_etag(f"{hashlib.sha256(body.encode()).hexdigest()[:16]}-{encoding}")
    return response.make_conditional(request)
