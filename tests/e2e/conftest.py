"""Browser fixtures: the real site served on 127.0.0.1, Debian's chromium, a phone-sized page.

Nothing is downloaded: playwright drives /usr/bin/chromium, started with the flags that
keep it off the network (no component updates, no sync, no background requests).
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from playwright.sync_api import Browser, BrowserContext, Page, Playwright, sync_playwright
from playwright.sync_api import Error as PlaywrightError
from werkzeug.serving import WSGIRequestHandler, make_server

from scorekeeper.extensions import db

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
PHONE = {"width": 390, "height": 844}
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


def pytest_configure(config: pytest.Config) -> None:
    """Register the e2e marker (pyproject stays as it is)."""
    config.addinivalue_line("markers", "e2e: drives the site in a real browser (chromium)")


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo):
    """Keep each phase's report on the test, so the page fixture knows a test failed."""
    report = yield
    setattr(item, f"report_{report.when}", report)
    return report


class QuietHandler(WSGIRequestHandler):
    """Log only the requests that went wrong, so a failing test's output stays readable."""

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        if str(code).isdigit() and int(code) >= 400:
            super().log_request(code, size)


@pytest.fixture(scope="session")
def live_site(tmp_path_factory: pytest.TempPathFactory, make_site) -> Flask:
    """The app live_server serves, for tests that store a game through the services first."""
    return make_site(tmp_path_factory.mktemp("live"), SECRET_KEY="e2e")


@pytest.fixture(scope="session")
def live_server(live_site: Flask) -> Iterator[str]:
    """The site, CSRF protection on, with its own instance folder and database."""
    app = live_site
    server = make_server("127.0.0.1", 0, app, threaded=True, request_handler=QuietHandler)
    thread = threading.Thread(target=server.serve_forever, name="live-server", daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    server.server_close()
    thread.join(timeout=10)
    with app.app_context():
        db.engine.dispose()


@pytest.fixture(scope="session")
def playwright() -> Iterator[Playwright]:
    """Playwright's driver, for the whole run."""
    with sync_playwright() as driver:
        yield driver


@pytest.fixture(scope="session")
def browser(playwright: Playwright) -> Iterator[Browser]:
    """Debian's chromium, headless and kept off the network."""
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    yield browser
    browser.close()


def _artifact(name: str) -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS / f"{re.sub(r'[^A-Za-z0-9_.-]+', '-', name).strip('-')}.png"


def save_screenshot(page: Page, name: str) -> Path:
    """A full-page screenshot in test-artifacts/ (git-ignored), named after the moment."""
    path = _artifact(name)
    page.screenshot(path=path, full_page=True)
    return path


@pytest.fixture
def requested() -> list[str]:
    """Every URL the test's pages asked for, to check that none left the site."""
    return []


@pytest.fixture
def new_page(
    browser: Browser, live_server: str, requested: list[str], request: pytest.FixtureRequest
) -> Iterator[Callable[..., Page]]:
    """Open a page in a fresh browser context (a phone of its own: no cookies shared).

    Keyword arguments go to ``browser.new_context`` (``viewport``,
    ``java_script_enabled`` …); the default is a 390×844 phone. Every request lands in
    ``requested``. When the test fails, each page still open is saved as a full-page
    screenshot in test-artifacts/ (the match page, as a rule).
    """
    contexts: list[BrowserContext] = []

    def open_page(**options: Any) -> Page:
        options = {"viewport": PHONE, "is_mobile": True, **options}
        context = browser.new_context(base_url=live_server, **options)
        context.on("request", lambda req: requested.append(req.url))
        contexts.append(context)
        return context.new_page()

    yield open_page
    report = getattr(request.node, "report_call", None)
    failed = report is not None and report.failed
    for number, context in enumerate(contexts, start=1):
        for page in context.pages:
            if failed:
                try:
                    save_screenshot(page, f"{request.node.name}-failed-{number}")
                except PlaywrightError as error:  # keep the test's own failure in view
                    print(f"no screenshot of {page.url}: {error}")
        context.close()


@pytest.fixture
def page(new_page: Callable[..., Page]) -> Page:
    """A phone-sized page (390×844) on the live site."""
    return new_page()


@pytest.fixture
def screenshot() -> Callable[[Page, str], Path]:
    """Save a full-page screenshot of a page in test-artifacts/ under a name."""
    return save_screenshot
