"""What a phone's first visit transfers: the home page, a 20-hand match page, a Yahtzee
and a Farkle page and the meld calculator, in chromium.

Run with ``make bench``. Each page is opened in a new browser context (an empty cache, a
390×844 phone); every response from the navigation until the load event, and half a
second after it, is counted with the bytes of its body as they came over the wire
(compressed). The budget: at most 40,000 B, the service worker's own script included, in
at most 4 requests by the page before the worker, for each page.

The service worker (static/sw.js) installs after the load event: it keeps the page's
bundles and the page itself, taken from the browser's cache, so those requests move no
bytes; its script is counted at the size the site sends it (chromium reports no body size
for it, so it is asked for again the same way). Then the same page is opened again on the
same phone, as a later visit: one request (the page), the bundles from the worker.
"""

from __future__ import annotations

import sys
import tempfile
import threading
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from flask import Flask  # noqa: E402
from playwright.sync_api import Browser, Response, sync_playwright  # noqa: E402
from werkzeug.serving import make_server  # noqa: E402

from bench.report import Check, print_checks  # noqa: E402
from bench.seed import add_dice_game, add_match, bench_site  # noqa: E402
from scorekeeper.extensions import db  # noqa: E402
from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS, PHONE, QuietHandler  # noqa: E402

HANDS = 20
MOST_BYTES = 40_000  # a first visit transfers at most this, compressed, worker included
MOST_REQUESTS = 4  # by the page, before the worker
LATER_REQUESTS = 1  # a later visit: the page, and nothing else over the network
WORKER_READY_MS = 10_000
# The match page polls every 2 s; that poll is the page at work, not its first visit.
SETTLE_MS = 500


@dataclass(frozen=True)
class Fetched:
    """One response of a first visit: what it was, and the body bytes that came for it."""

    url: str
    status: int
    resource_type: str  # the browser's word for it: document, stylesheet, script, image …
    encoding: str  # the Content-Encoding header, "" when the body came uncompressed
    body_bytes: int  # as transferred, so compressed when it was
    by_worker: bool = False  # asked for by the service worker, not by the page

    @property
    def path(self) -> str:
        """The URL's path and query, which is all that differs on one site."""
        parts = urlsplit(self.url)
        return f"{parts.path}?{parts.query}" if parts.query else parts.path


@dataclass(frozen=True)
class Visit:
    """Every response of a first visit to ``url``, with the budget's two totals."""

    url: str
    fetched: tuple[Fetched, ...]
    later: tuple[Fetched, ...] = ()  # what the same page cost when opened again

    @property
    def later_requests(self) -> int:
        """Requests that went over the network on the later visit (not from the worker,
        nor from the browser's cache)."""
        return len(self.later)

    @property
    def requests(self) -> int:
        """How many requests the page made (the service worker's are counted apart)."""
        return sum(not response.by_worker for response in self.fetched)

    @property
    def worker_requests(self) -> int:
        """How many requests the service worker made as it installed."""
        return sum(response.by_worker for response in self.fetched)

    @property
    def body_bytes(self) -> int:
        """The body bytes of all the responses together, as transferred."""
        return sum(response.body_bytes for response in self.fetched)

    def describe(self) -> str:
        """One line per response, then the totals: to print, or to explain a failed test."""
        width = max((len(response.path) for response in self.fetched), default=0)
        lines = [
            f"  {response.path:<{width}}  {response.status}  {response.resource_type:<10}  "
            f"{response.encoding or '-':<7}  {response.body_bytes:>7,} B"
            f"{'  (service worker)' if response.by_worker else ''}"
            for response in self.fetched
        ]
        lines.append(
            f"  {self.requests} requests (and {self.worker_requests} by the service worker), "
            f"{self.body_bytes:,} B"
        )
        later = ", ".join(f"{response.path} {response.body_bytes:,} B" for response in self.later)
        lines.append(f"  later visit: {self.later_requests} over the network ({later or 'none'})")
        return "\n".join(lines)


def _sent_size(response: Response) -> int:
    """The body bytes the site sent for ``response``, asked for again in the encoding it
    came in: for the worker's script, whose size chromium does not report."""
    headers = {"Accept-Encoding": response.header_value("content-encoding") or "identity"}
    with urllib.request.urlopen(urllib.request.Request(response.url, headers=headers)) as answer:
        return len(answer.read())


def _fetched(response: Response) -> Fetched:
    by_worker = response.request.service_worker is not None
    if by_worker and response.request.resource_type == "script":
        size = _sent_size(response)  # the worker's own script
    else:
        # Negative for a body the browser's cache gave (none came over the wire).
        size = max(0, response.request.sizes()["responseBodySize"])
    return Fetched(
        url=response.url,
        status=response.status,
        resource_type=response.request.resource_type,
        encoding=response.header_value("content-encoding") or "",
        body_bytes=size,
        by_worker=by_worker,
    )


def _a_live_poll(response: Response) -> bool:
    """Is this the page asking whether its game changed (``…/live``)?"""
    return urlsplit(response.url).path.endswith("/live")


def first_visit(browser: Browser, url: str, later: bool = True) -> Visit:
    """Open ``url`` on a new phone (empty cache) and record what its first visit transferred;
    then (``later``) open it again once the worker controls the page, and record what went
    over the network."""
    context = browser.new_context(viewport=PHONE, is_mobile=True)
    try:
        responses: list[Response] = []
        # A plain function: playwright tags its handlers, and a bound builtin takes no tags.
        context.on("response", lambda response: responses.append(response))
        page = context.new_page()
        page.goto(url, wait_until="load")
        page.wait_for_timeout(SETTLE_MS)
        # Whatever comes later is the page at work, and so are its polls for live updates
        # (twice a second, one may fall inside the settling time): they follow the game,
        # they do not load the page.
        visit = [response for response in responses if not _a_live_poll(response)]
        fetched = tuple(_fetched(response) for response in visit)
        again: tuple[Fetched, ...] = ()
        if later:
            page.wait_for_function(
                "() => navigator.serviceWorker.controller !== null", timeout=WORKER_READY_MS
            )
            page.wait_for_timeout(SETTLE_MS)
            start = len(responses)
            page.goto(url, wait_until="load")
            page.wait_for_timeout(SETTLE_MS)
            # Over the network: neither from the worker nor from the browser's own cache
            # (the icon, which chromium may fetch past the worker, comes from there).
            again = tuple(
                fetched
                for fetched in (
                    _fetched(response)
                    for response in responses[start:]
                    if not response.from_service_worker
                )
                if fetched.body_bytes > 0 or fetched.status == 304
            )
    finally:
        context.close()
    return Visit(url, fetched, again)


def budget_checks(page: str, visit: Visit) -> list[Check]:
    """The first-visit budget of one page: its bytes, its requests, and a later visit's."""
    return [
        Check(
            f"{page}: bytes, worker included",
            f"{visit.body_bytes:,} B",
            f"≤ {MOST_BYTES:,} B",
            visit.body_bytes <= MOST_BYTES,
        ),
        Check(
            f"{page}: requests before the worker",
            str(visit.requests),
            f"≤ {MOST_REQUESTS}",
            visit.requests <= MOST_REQUESTS,
        ),
        Check(
            f"{page}: later visit, requests",
            str(visit.later_requests),
            f"= {LATER_REQUESTS}",
            visit.later_requests == LATER_REQUESTS,
        ),
    ]


@contextmanager
def serving(app: Flask) -> Iterator[str]:
    """Serve the site on a free loopback port in a thread; yield its address."""
    server = make_server("127.0.0.1", 0, app, threaded=True, request_handler=QuietHandler)
    thread = threading.Thread(target=server.serve_forever, name="first-visit", daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)


def run(config: dict | None = None) -> list[Check]:
    """Measure the first visit of the home page and of a match page; return the budgets.

    ``config`` goes to the site under test (bench/seed.py's ``without`` turns devices off).
    """
    checks = []
    with tempfile.TemporaryDirectory(prefix="scorekeeper-first-visit-") as folder:
        app = bench_site(Path(folder), config)
        token = add_match(app, HANDS)
        yahtzee, farkle = add_dice_game(app, "yahtzee"), add_dice_game(app, "farkle")
        with serving(app) as base, sync_playwright() as driver:
            browser = driver.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            try:
                pages = [
                    ("home page", "/"),
                    (f"match page, {HANDS} hands", f"/matches/{token}"),
                    ("Yahtzee page", f"/dice/{yahtzee}"),
                    ("Farkle page", f"/dice/{farkle}"),
                    ("meld calculator", "/meld"),
                ]
                for page, path in pages:
                    visit = first_visit(browser, base + path)
                    print(f"{page} ({path}):\n{visit.describe()}\n")
                    checks += budget_checks(page, visit)
            finally:
                browser.close()
        with app.app_context():
            db.engine.dispose()
    return checks


def main() -> None:
    """Print each page's first visit and the budgets; exit 1 if a budget is not kept."""
    checks = run()
    print_checks(checks)
    sys.exit(0 if all(check.ok for check in checks) else 1)


if __name__ == "__main__":
    main()
