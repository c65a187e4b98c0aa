"""The site's static files as a phone should fetch them: few, small, and cached for good.

The stylesheets are served as one file and a page's scripts as another (each page gets
the scripts it uses: ``BUNDLES``), so a first visit costs three requests besides the page.
Each file's name carries a digest of its content (``site.3f9c2a1b7d4e.css``): it is
cached for a year and never revalidated, and a new version of the site changes the name.
Each is compressed once, when first asked for.
"""

from __future__ import annotations

import hashlib
import mimetypes
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from pathlib import Path, PurePosixPath

import brotli
import rcssmin
import rjsmin
import zopfli.gzip
from flask import Blueprint, Flask, abort, current_app, request, url_for
from werkzeug.wrappers import Response

from . import css_trim

# What base.html links, and the files in static/ each is made of, in order. Every page
# links site.css and one script: site.js, or a bigger one where the page needs more (a
# template says which with ``{% set script = "match.js" %}``), so a page never downloads
# another page's code, nor another game's.
_CORE_JS = ("vendor/htmx-2.0.11.min.js", "app.js", "install.js")
# At the table, whatever the game: the keep-awake switch and the result to share.
_TABLE_JS = ("wake_lock.js", "share_result.js")
BUNDLES = {
    "site.css": ("vendor/pico-2.1.1.min.css", "app.css", "sheet.css"),
    # Every other page: the forms' helpers and the worker's registration.
    "site.js": _CORE_JS,
    # A match, its hand's edit page and its table display: the hand form's helpers, and
    # live updates with the table's trust (trust.js, with the match's part).
    "match.js": (*_CORE_JS, "hand_form.js", "trust.js", "trust_match.js", *_TABLE_JS),
    # A dice game, a turn's edit page and its table display: the die taps, and the trust
    # with the dice game's part.
    "dice.js": (*_CORE_JS, "dice_form.js", "trust.js", "trust_dice.js", *_TABLE_JS),
    # The meld calculator's taps.
    "meld.js": (*_CORE_JS, "meld.js"),
    "icon.svg": ("icon.svg",),
}
SCRIPTS = tuple(name for name in BUNDLES if name.endswith(".js"))

# A versioned name never changes its content, so a browser may keep it for a year.
FOREVER = "public, max-age=31536000, immutable"
# An old name (a page drawn before an upgrade) gets today's file, checked every time.
CHECK_EACH_TIME = "no-cache"

bp = Blueprint("assets", __name__)


@dataclass(frozen=True)
class Asset:
    """One file as served: its content, the digest in its name, and its compressed forms."""

    name: str
    body: bytes
    sources: tuple[Path, ...] = field(repr=False)
    mtimes: tuple[float, ...] = field(repr=False)

    @cached_property
    def digest(self) -> str:
        """The first 12 hex digits of the content's sha256."""
        return hashlib.sha256(self.body).hexdigest()[:12]

    @property
    def filename(self) -> str:
        """The versioned name: ``site.3f9c2a1b7d4e.css``."""
        name = PurePosixPath(self.name)
        return f"{name.stem}.{self.digest}{name.suffix}"

    @property
    def mimetype(self) -> str:
        """The content type, by the name's suffix."""
        return mimetypes.guess_type(self.name)[0] or "application/octet-stream"

    @property
    def encoded(self) -> dict[str, bytes]:
        """The body in each encoding a browser may ask for, at the smallest setting."""
        return _compressed(self.body)

    def is_stale(self) -> bool:
        """Has one of its files changed since it was built?"""
        return tuple(path.stat().st_mtime for path in self.sources) != self.mtimes


@lru_cache(maxsize=16)
def _compressed(body: bytes) -> dict[str, bytes]:
    # Once per content and process, however many apps (tests build hundreds) serve it.
    return {
        "br": brotli.compress(body, quality=11),
        # Zopfli writes gzip a browser reads as any other, 3–4 % smaller than level 9, at
        # a fifth of a second a bundle: paid once, on the first ask.
        "gzip": zopfli.gzip.compress(body),
    }


def _vocabulary_files(static_folder: Path) -> list[Path]:
    """The files the site's words are read from: its templates, its scripts, its Python."""
    root = static_folder.parent
    files = [
        *sorted((root / "templates").rglob("*.html")),
        *sorted(static_folder.rglob("*.js")),
        *sorted((root / "scorekeeper").rglob("*.py")),
    ]
    return [path for path in files if path.is_file()]


def site_vocabulary(static_folder: Path) -> css_trim.Vocabulary:
    """Every word and tag the site writes: its templates, its scripts and its Python."""
    return css_trim.vocabulary(_vocabulary_files(static_folder))


@lru_cache(maxsize=4)
def _trimmed(vendored: str, own: str, files: tuple[tuple[str, float], ...]) -> str:
    # Once per content and process (tests build hundreds of apps): reading the site's
    # words takes a second. ``files`` (path, mtime) is the key: a changed file reads again.
    words = css_trim.vocabulary(Path(path) for path, _ in files)
    return css_trim.trim(vendored, own, words)


def trimmed_vendored_css(static_folder: Path, vendored: str, own: str) -> str:
    """``vendored`` (minified) less the rules the site cannot use (css_trim.py); ``own``:
    the site's own stylesheets, minified, whose custom properties it keeps."""
    files = tuple((str(path), path.stat().st_mtime) for path in _vocabulary_files(static_folder))
    return _trimmed(vendored, own, files)


def build(static_folder: Path, name: str) -> Asset:
    """Join one bundle's files into a single asset (scripts end with ';' between them).

    Scripts are minified (rjsmin: comments and spaces; names are kept). For the
    stylesheet, the vendored file (the first) loses the rules the site cannot use
    (css_trim.py); then the whole is minified (rcssmin)."""
    sources = tuple(static_folder / part for part in BUNDLES[name])
    script = name.endswith(".js")
    separator = b"\n;\n" if script else b"\n"
    parts = [path.read_bytes().rstrip() for path in sources]
    if script:
        parts = [minified_script(part, path) for part, path in zip(parts, sources, strict=True)]
    elif name.endswith(".css"):
        own = rcssmin.cssmin(b"\n".join(parts[1:]).decode())
        vendored = rcssmin.cssmin(parts[0].decode())
        parts[0] = trimmed_vendored_css(static_folder, vendored, own).encode()
    body = separator.join(parts) + b"\n"
    if not script:
        # Comments and indentation are for the reader of static/: a third of the bytes.
        body = rcssmin.cssmin(body) + b"\n"
    return Asset(name, body, sources, tuple(path.stat().st_mtime for path in sources))


def minified_script(script: bytes, path: Path | None = None) -> bytes:
    """A script as a phone gets it: a vendored (already minified) one as it is, one of the
    site's own less its comments and spaces."""
    if path is not None and path.parent.name == "vendor":
        return script
    return rjsmin.jsmin(script.decode()).encode()


class Assets:
    """Every bundle of one app; rebuilt when a file changes while the app runs in debug."""

    def __init__(self, static_folder: Path, watch: bool) -> None:
        self.static_folder = static_folder
        self.watch = watch
        self.by_name = {name: build(static_folder, name) for name in BUNDLES}

    def get(self, name: str) -> Asset:
        """The bundle called ``name`` (``site.css``), rebuilt first if stale and watched."""
        asset = self.by_name[name]
        if self.watch and asset.is_stale():
            asset = self.by_name[name] = build(self.static_folder, name)
        return asset

    def url(self, name: str) -> str:
        """The versioned URL of a bundle, for templates: ``asset_url("site.css")``."""
        return url_for("assets.serve", filename=self.get(name).filename)


def _assets() -> Assets:
    return current_app.extensions["scorekeeper_assets"]


@bp.get("/assets/<filename>")
def serve(filename: str) -> Response:
    """A bundle by its versioned name, compressed as the browser allows."""
    stem, _, rest = filename.partition(".")
    digest, _, suffix = rest.partition(".")
    name = f"{stem}.{suffix}"
    if name not in BUNDLES:
        abort(404)
    asset = _assets().get(name)
    response = compressed_response(asset.body, asset.mimetype)
    response.headers["Cache-Control"] = FOREVER if digest == asset.digest else CHECK_EACH_TIME
    encoding = response.headers.get("Content-Encoding", "identity")
    response.set_etag(f"{asset.digest}-{encoding}")
    return response.make_conditional(request)


def compressed_response(body: bytes, mimetype: str) -> Response:
    """A file that changes only with a new version of the site (a bundle, the service
    worker), in the smallest encoding the browser takes: compressed once, at the highest
    setting, not per request as Flask-Compress does a page (whose zstd at its quick level
    made the worker's script 30 % bigger than brotli at 11)."""
    encoded = _compressed(body)
    encoding = request.accept_encodings.best_match(list(encoded))
    response = Response(encoded[encoding] if encoding else body, mimetype=mimetype)
    if encoding:
        response.headers["Content-Encoding"] = encoding
    response.headers["Vary"] = "Accept-Encoding"
    return response


def init_assets(app: Flask) -> None:
    """Build the bundles and give templates ``asset_url(name)``."""
    assets = Assets(Path(app.static_folder), watch=app.debug)
    app.extensions["scorekeeper_assets"] = assets
    app.jinja_env.globals["asset_url"] = assets.url
    app.register_blueprint(bp)
