"""Browser fixtures: the real site served on 127.0.0.1, Debian's chromium, a phone-sized page.

Nothing is downloaded: playwright drives /usr/bin/chromium, started with the flags that
keep it off the network (no component updates, no sync, no background requests).
"""

from __future__ import annotations

import re
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, Playwright, sync_playwright
from werkzeug.serving import WSGIRequestHandler, make_server

from scorekeeper import create_app
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


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every test under tests/e2e is an e2e test."""
    here = Path(__file__).parent
    for item in items:
        if here in Path(item.fspath).parents:
            item.add_marker(pytest.mark.e2e)


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
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The site, CSRF protection on, with its own instance folder and SQLite file."""
    root = tmp_path_factory.mktemp("live")
    app = create_app(
        {
            "INSTANCE_PATH": root / "instance",
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{root / 'scorekeeper.sqlite3'}",
            "SECRET_KEY": "e2e",
        }
    )
    with app.app_context():
        db.create_all()
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
def page(browser: Browser, live_server: str, request: pytest.FixtureRequest) -> Iterator[Page]:
    """A phone-sized page (390×844) on the live site; every URL it asks for is kept.

    ``page.requested`` lists the URLs the page asked for, so a test can check that none
    left the site. When the test fails, a full-page screenshot of the match page it was on
    is saved.
    """
    context = browser.new_context(base_url=live_server, viewport=PHONE, is_mobile=True)
    page = context.new_page()
    requested: list[str] = []
    page.on("request", lambda req: requested.append(req.url))
    page.requested = requested  # type: ignore[attr-defined]
    yield page
    report = getattr(request.node, "report_call", None)
    if report is not None and report.failed and not page.is_closed():
        try:
            save_screenshot(page, f"{request.node.name}-failed")
        except Exception as error:  # a screenshot must not hide the test's own failure
            print(f"no failure screenshot: {error}")
    context.close()
