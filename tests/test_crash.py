"""A crash while phones are saving hands (issue 7): gunicorn is killed with SIGKILL in the
middle of the writes; after a restart every hand the site acknowledged (303) is there, and
the SQLite file passes its integrity check.

The site runs as it does in production: gunicorn with two workers on loopback, a SQLite
file in WAL mode. Four phones each keep saving hands to their own match (so no save waits
on another's version) until the kill. Every loop is bounded in count and time.
"""

from __future__ import annotations

import os
import signal
import socket
import sqlite3
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from email.message import Message
from http.client import HTTPException
from http.cookiejar import CookieJar
from pathlib import Path
from urllib.error import HTTPError, URLError
from urllib.parse import urlencode
from urllib.request import HTTPCookieProcessor, HTTPRedirectHandler, Request, build_opener

import pytest

from tests.helpers.html import filled, form_to, read
from tests.helpers.play import new_match

REPO = Path(__file__).resolve().parents[1]
PHONES = 4
MOST_SAVES = 200  # per phone: a bound, far more than fit before the kill
KILL_AFTER = 1.5  # seconds of saving before the kill
# A made bid: the first player bids 250 in hearts.
HAND = {"bidder": "0", "bid": "250", "trump": "1", "meld-0": "100", "meld-1": "60"}
HAND |= {"tricks-0": "150", "tricks-1": "100", "action": "save"}


class NoRedirects(HTTPRedirectHandler):
    """Keep a 303 as the answer: it is the site's acknowledgement of a saved hand."""

    def redirect_request(self, req, fp, code, msg, headers, newurl):
        return None


@dataclass
class Reply:
    """What the site answered, read as tests/helpers read a Flask response."""

    status_code: int
    headers: Message
    body: str

    def get_data(self, as_text: bool = False) -> str:
        return self.body


class Phone:
    """One player's browser: a cookie jar and the site's forms read from its pages."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.open = build_opener(HTTPCookieProcessor(CookieJar()), NoRedirects()).open

    def get(self, path: str, headers: dict[str, str] | None = None) -> Reply:
        request = Request(self.base + path, headers=headers or {})
        with self.open(request, timeout=10) as response:
            return Reply(response.status, response.headers, response.read().decode())

    def post(self, path: str, data: dict[str, str], headers: dict[str, str] | None = None) -> Reply:
        request = Request(
            self.base + path, data=urlencode(data).encode(), headers=headers or {}, method="POST"
        )
        try:
            with self.open(request, timeout=10) as response:
                return Reply(response.status, response.headers, response.read().decode())
        except HTTPError as answer:
            return Reply(answer.code, answer.headers, "")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start_site(env: dict[str, str], port: int) -> subprocess.Popen:
    """gunicorn with two workers, in its own process group so one signal reaches all."""
    command = [sys.executable, "-m", "gunicorn", "-w", "2", "-b", f"127.0.0.1:{port}"]
    server = subprocess.Popen(
        [*command, "--log-level", "warning", "wsgi:app"],
        cwd=REPO,
        env=env,
        start_new_session=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            Phone(f"http://127.0.0.1:{port}").get("/")
            return server
        except (URLError, ConnectionError, OSError):
            time.sleep(0.1)
    os.killpg(server.pid, signal.SIGKILL)
    pytest.fail("gunicorn did not start within 30 s")


def kill(server: subprocess.Popen) -> None:
    os.killpg(server.pid, signal.SIGKILL)
    server.wait(timeout=10)


@pytest.fixture
def env(tmp_path):
    database = tmp_path / "crash.sqlite3"
    environment = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{database}",
        "SECRET_KEY": "crash-test",
        "WRITE_RATE_LIMIT": "100000 per minute",
    }
    subprocess.run(
        [sys.executable, "-m", "flask", "--app", "wsgi", "init-db"],
        cwd=REPO,
        env=environment,
        check=True,
        capture_output=True,
    )
    return environment, database


def keep_saving(phone: Phone, token: str, acknowledged: list[str], stop: threading.Event):
    """Save hands one after another; note each form token the site answered 303 to."""
    for _ in range(MOST_SAVES):
        if stop.is_set():
            return
        try:
            page = read(phone.get(f"/matches/{token}?hands=all"))
            fields = filled(form_to(page, f"/matches/{token}/hands"), HAND)
            status = phone.post(f"/matches/{token}/hands", fields).status_code
        except (URLError, ConnectionError, OSError, HTTPException, AssertionError):
            # The site is gone (maybe in the middle of a page): whatever was not answered
            # was not acknowledged.
            return
        if status == 303:
            acknowledged.append(fields["client_token"])


def test_every_acknowledged_hand_survives_a_kill_9(env):
    environment, database = env
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server = start_site(environment, port)
    try:
        phones = [Phone(base) for _ in range(PHONES)]
        tokens = [new_match(phone, typed={"rule-target": "1000000"}) for phone in phones]
        acknowledged: list[list[str]] = [[] for _ in phones]
        stop = threading.Event()
        threads = [
            threading.Thread(target=keep_saving, args=(phone, token, saved, stop))
            for phone, token, saved in zip(phones, tokens, acknowledged, strict=True)
        ]
        for thread in threads:
            thread.start()
        time.sleep(KILL_AFTER)
        kill(server)
        stop.set()
        for thread in threads:
            thread.join(timeout=30)
        assert not any(thread.is_alive() for thread in threads)
    finally:
        if server.poll() is None:
            kill(server)

    saved = [token for tokens_of_phone in acknowledged for token in tokens_of_phone]
    assert len(saved) >= PHONES, "too few saves before the kill to test anything"
    print(f"{len(saved)} hands acknowledged before the kill")

    server = start_site(environment, port)
    try:
        for phone, token, saved_here in zip(phones, tokens, acknowledged, strict=True):
            page = read(phone.get(f"/matches/{token}?hands=all"))
            rows = len(
                [row for row in page.all("li") if row.attrs.get("id", "").startswith("hand-")]
            )
            assert rows >= len(saved_here)
    finally:
        kill(server)

    with sqlite3.connect(database) as connection:
        assert connection.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        stored = {row[0] for row in connection.execute("SELECT client_token FROM hand")}
    assert set(saved) <= stored
