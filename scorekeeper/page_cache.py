"""Drawn match pages, kept in memory so that looking again costs one small query.

A match page is a function of the match's version: every change to its hands moves the
version on, in the same transaction. So a page drawn at version 7 is right for as long
as the match stays at 7, in any process, and is never wrong afterwards, only unused.

Two things on a page belong to one request, not to the match: the CSRF token (it is
tied to the phone's session) and the hand form's one-time token. A page is drawn with a
placeholder for each ("holes"), and every answer fills them in.
"""

from __future__ import annotations

import secrets
import sys
import threading
from collections.abc import Callable, Hashable

from cachetools import LRUCache
from flask import Flask, current_app, g
from flask_wtf.csrf import generate_csrf

# Random per process, so no name or typed text can ever contain one by chance or design.
CSRF_HOLE = f"csrf-hole-{secrets.token_hex(12)}"
FORM_TOKEN_HOLE = f"form-token-hole-{secrets.token_hex(12)}"
# Where a phone is told what its own last write did (matches/pages.py: take_note).
NOTE_HOLE = f"note-hole-{secrets.token_hex(12)}"
# Filled when a page is drawn, in the hand form kept for all of a match's versions.
VERSION_HOLE = f"version-hole-{secrets.token_hex(12)}"

# Per process: about 500 pages of a 20-hand match.
DEFAULT_BYTES = 16 * 1024 * 1024


class PageCache:
    """Pages by key, least recently used dropped first, bounded by their total length."""

    def __init__(self, max_bytes: int) -> None:
        self.max_bytes = max_bytes
        # Sized by the memory each page takes (a page with a ♠ in it is two bytes a letter).
        self._pages: LRUCache = LRUCache(maxsize=max(max_bytes, 1), getsizeof=sys.getsizeof)
        # cachetools is not thread-safe; threaded servers share one cache per process.
        self._lock = threading.Lock()

    def get_or_draw(self, key: Hashable, draw: Callable[[], str]) -> str:
        """The page kept under ``key``, or ``draw()``'s page, kept for next time."""
        with self._lock:
            page = self._pages.get(key)
        if page is None:
            page = draw()
            if sys.getsizeof(page) <= self.max_bytes:
                with self._lock:
                    self._pages[key] = page
        return page

    def clear(self) -> None:
        """Forget every kept page."""
        with self._lock:
            self._pages.clear()

    def __len__(self) -> int:
        """How many pages are kept."""
        return len(self._pages)


def fill_holes(page: str) -> str:
    """The page for this request: this session's CSRF token and a new one-time token."""
    return page.replace(CSRF_HOLE, generate_csrf()).replace(
        FORM_TOKEN_HOLE, secrets.token_urlsafe(16)
    )


def page_csrf() -> str:
    """The CSRF token for a form that every page draws (the language switch): a hole while
    a page is drawn to be kept (each answer fills in its own), else this session's."""
    return CSRF_HOLE if g.get("drawing_kept_page") else generate_csrf()


def pages() -> PageCache:
    """This app's page cache."""
    return current_app.extensions["scorekeeper_pages"]


def init_page_cache(app: Flask) -> None:
    """Give the app its cache, sized by MATCH_PAGE_CACHE_BYTES (0 keeps no pages).

    In debug mode nothing is kept by default: an edited template shows at once.
    """
    if app.config.get("MATCH_PAGE_CACHE_BYTES") is None:
        app.config["MATCH_PAGE_CACHE_BYTES"] = 0 if app.debug else DEFAULT_BYTES
    app.extensions["scorekeeper_pages"] = PageCache(int(app.config["MATCH_PAGE_CACHE_BYTES"]))
