"""The URL map's ``token`` converter: a link's token is checked before any view runs."""

from __future__ import annotations

from werkzeug.routing import BaseConverter

# What models.new_token() makes (24 letters) and what an import may bring back (16 to 32):
# URL-safe letters, digits, - and _. Anything else (a NUL byte, a slash, 200 letters) is a
# 404 from the URL map, so no query ever sees it.
TOKEN_PATTERN = r"[A-Za-z0-9_-]{16,32}"


class TokenConverter(BaseConverter):
    """A match's or a game's link token in a URL path."""

    regex = TOKEN_PATTERN
