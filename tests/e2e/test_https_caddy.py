"""The site over real HTTPS, as `make run HTTPS=1` serves it: gunicorn behind Caddy with
Caddy's own certificate authority, on loopback (issue 24).

Chromium is not told to ignore certificate errors: it trusts Caddy's root because the root
is in its NSS store (certutil, in a HOME of the test's own, the way a phone trusts it once
it is installed from the certificate page). Over that HTTPS the site is what it is on
localhost: a service worker controls the page, the app is installable (chromium's own
check, CDP ``Page.getInstallabilityErrors``), the screen's wake lock is granted, and a hand
saved with no signal lands once when the signal is back. Plain http is sent on to https.

The site runs on the suite's database: SQLite, or PostgreSQL under scripts/with-postgres.sh.
"""

from __future__ import annotations

import os
import subprocess
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from playwright.sync_api import BrowserContext, Page, Playwright, expect

from scorekeeper.extensions import db
from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS, PHONE
from tests.e2e.playing import expect_totals, start_match, watch_connection
from tests.e2e.test_app_on_a_phone import wait_for_worker, wait_until
from tests.e2e.test_offline_truth import HAND_2, thumb_hand
from tests.e2e.thumb import Thumb
from tests.test_deploy import Served, ports, serve_https, stop

pytestmark = pytest.mark.e2e

CERTUTIL = "/usr/bin/certutil"
SEEN = 10_000
HAND_1 = ("Ann", 300, "hearts", {"Us": 120, "Them": 60}, {"Us": 190})  # Us +310, Them +120


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory, make_site) -> Iterator[Served]:
    """`make run HTTPS=1 HOST=127.0.0.1` on free ports, on a database of the suite's own
    (its tables made by the migrations, as init-db makes them)."""
    folder = tmp_path_factory.mktemp("https-caddy")
    app: Flask = make_site(folder)
    environment = {
        **os.environ,
        "DATABASE_URL": app.config["SQLALCHEMY_DATABASE_URI"],
        "SECRET_KEY": "e2e-https",
    }
    with app.app_context():
        db.engine.dispose()  # the served site has the database to itself
    served = serve_https(folder, environment, ports())
    yield served
    stop(served)


@pytest.fixture(scope="module")
def trusting_home(tmp_path_factory: pytest.TempPathFactory, site: Served) -> Path:
    """A HOME whose NSS store (~/.pki/nssdb) trusts Caddy's root to name web sites."""
    home = tmp_path_factory.mktemp("home")
    store = home / ".pki" / "nssdb"
    store.mkdir(parents=True)
    run = {"check": True, "capture_output": True}
    subprocess.run([CERTUTIL, "-d", f"sql:{store}", "-N", "--empty-password"], **run)
    trust = [CERTUTIL, "-d", f"sql:{store}", "-A", "-t", "C,,", "-n", "Scorekeeper test root"]
    subprocess.run([*trust, "-i", str(site.proxy.root_cert)], **run)
    return home


@pytest.fixture
def phone(
    playwright: Playwright, trusting_home: Path, site: Served, tmp_path: Path
) -> Iterator[Page]:
    """A phone (390×844, touch) opening the site at its https address: Debian's chromium
    with that HOME and no flag about certificates at all, on a profile of its own (an
    incognito context, as browser.new_context makes, is never installable)."""
    assert not [arg for arg in CHROMIUM_ARGS if "certificate" in arg]
    context: BrowserContext = playwright.chromium.launch_persistent_context(
        tmp_path / "profile",
        executable_path=CHROMIUM,
        args=CHROMIUM_ARGS,
        env={**os.environ, "HOME": str(trusting_home)},
        base_url=site.proxy.url.rstrip("/"),
        viewport=PHONE,
        is_mobile=True,
        has_touch=True,
    )
    page = context.pages[0] if context.pages else context.new_page()
    yield page
    context.close()


def test_the_page_loads_over_https_with_a_certificate_chromium_trusts(
    phone: Page, site: Served
) -> None:
    answer = phone.goto("/")

    assert answer is not None and answer.ok
    assert phone.url == site.proxy.url
    details = answer.security_details()
    assert details["protocol"].startswith("TLS 1.")
    assert details["issuer"].startswith("Caddy Local Authority")
    assert phone.evaluate("window.isSecureContext") is True
    # No HSTS for an address (tests/test_https.py): browsers would ignore it.
    assert answer.header_value("strict-transport-security") is None


def test_a_service_worker_controls_the_page_and_the_app_is_installable(phone: Page) -> None:
    phone.goto("/")
    wait_for_worker(phone)

    assert phone.evaluate("navigator.serviceWorker.controller.scriptURL").endswith("/sw.js")
    cdp = phone.context.new_cdp_session(phone)
    phone.reload()  # chromium checks installability against the loaded page
    wait_for_worker(phone)
    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    assert errors == []


def test_the_screen_wake_lock_is_granted(phone: Page) -> None:
    start_match(phone)

    asked = phone.evaluate(
        """navigator.wakeLock.request("screen").then(
            (lock) => lock.release().then(() => "held"), (error) => `refused: ${error}`)"""
    )

    assert asked == "held"
    expect(phone.locator("[data-keep-awake]")).to_have_attribute("data-keep-awake-state", "held")


def test_a_hand_saved_offline_lands_exactly_once_back_online(phone: Page) -> None:
    start_match(phone)
    wait_for_worker(phone)
    wait_until(
        phone, "async () => (await caches.match(location.href, { ignoreVary: true })) !== undefined"
    )
    status, posts = watch_connection(phone)
    thumb = Thumb(phone)

    phone.context.set_offline(True)
    expect(status).to_contain_text("Offline")
    thumb_hand(thumb, HAND_1)
    expect(status).to_contain_text("waiting to send: 1", timeout=SEEN)
    phone.context.set_offline(False)

    expect(status).to_have_text("Online", timeout=SEEN)
    expect(phone.locator("#hand-1 .row-bid")).to_contain_text("Ann bid 300", timeout=SEEN)
    expect(phone.locator("#hand-2")).to_have_count(0)
    expect_totals(phone, 310, 120)
    phone.reload()  # what the server kept, not what the page drew
    expect(phone.locator("#hand-1 .row-bid")).to_contain_text("Ann bid 300")
    expect(phone.locator("#hand-2")).to_have_count(0)
    expect_totals(phone, 310, 120)
    hands_posted = [url for url in posts if url.endswith("/hands")]
    assert len(hands_posted) == 1, posts
    assert hands_posted[0].startswith("https://")
    # The form moved on as the phone kept the hand: the next is hand 2, ready to type.
    thumb_hand(thumb, HAND_2)
    expect(phone.locator("#hand-2 .row-bid")).to_contain_text("Bob bid 350", timeout=SEEN)


def test_plain_http_is_sent_on_to_https(site: Served) -> None:
    class Stay(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args, **kwargs):
            return None

    opener = urllib.request.build_opener(Stay)
    plain = f"http://127.0.0.1:{site.proxy.http_port}/matches/new"
    with pytest.raises(urllib.error.HTTPError) as answer:
        opener.open(plain, timeout=5)

    refused = answer.value
    refused.close()
    assert refused.code == 308
    assert refused.headers["Location"] == f"{site.proxy.url}matches/new"


def test_a_phone_following_the_http_address_ends_on_https(phone: Page, site: Served) -> None:
    answer = phone.goto(f"http://127.0.0.1:{site.proxy.http_port}/")

    assert answer is not None and answer.ok
    assert phone.url == site.proxy.url
