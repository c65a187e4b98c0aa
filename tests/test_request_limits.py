"""What a request may weigh: a body over the site's limit is a short 413, JSON nested past
the API's depth a clear 400, wrong links past their limit a 429 that says when to come
back, and a long address or header is answered by the site, never by gunicorn's own page.
"""

from __future__ import annotations

import http.client
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from scorekeeper.security import SECURITY_HEADERS
from tests.helpers.api import assert_error
from tests.helpers.html import read
from tests.helpers.play import start_match
from tests.helpers.stored import every_row, stored_match
from tests.test_serve import free_port, listening_addresses

ROOT = Path(__file__).resolve().parents[1]
FIFTY_MB = 50 * 1024 * 1024
# JSON the API posts: each one's path to a list of hands, turns or matches.
JSON_POSTS = {
    "/api/v1/pinochle/score": "hands",
    "/api/v1/pinochle/stats": "matches",
    "/api/v1/yahtzee/score": "turns",
    "/api/v1/farkle/score": "dice",
}


def nested(depth: int) -> str:
    """A JSON list inside a list … ``depth`` levels deep."""
    return "[" * depth + "]" * depth


# ------------------------------------------------------------------------ the body's size


def test_a_50_mb_form_is_refused_with_a_short_413_and_changes_nothing(site):
    phone = site.test_client()
    before = every_row(site)

    answer = phone.post("/matches/new", data={"player_names-0": "A" * FIFTY_MB})

    assert answer.status_code == 413
    assert len(answer.data) < 20_000  # the page, not the body sent back
    assert "too much" in read(answer).one("main").text
    assert every_row(site) == before


def test_a_50_mb_body_to_a_match_is_413_before_the_hand_is_read(site):
    token = stored_match(site)
    before = every_row(site)

    answer = site.test_client().post(
        f"/matches/{token}/hands",
        data=b"bid=" + b"9" * FIFTY_MB,
        content_type="application/x-www-form-urlencoded",
    )

    assert answer.status_code == 413
    assert len(answer.data) < 20_000
    assert every_row(site) == before


def test_a_50_mb_body_to_the_api_is_a_json_413(client):
    answer = client.post(
        "/api/v1/pinochle/score",
        data=b"[" + b" " * FIFTY_MB + b"]",
        content_type="application/json",
    )

    assert answer.status_code == 413
    assert answer.is_json and set(answer.get_json()) == {"error"}
    assert "too much" in answer.get_json()["error"]
    assert len(answer.data) < 1_000


def test_a_form_of_thousands_of_parts_is_refused(site):
    # Each part a field: Werkzeug's parser stops counting at the site's limit.
    parts = {f"f{number}": "1" for number in range(600)}

    answer = site.test_client().post("/matches/new", data=parts, content_type="multipart/form-data")

    assert answer.status_code == 413
    assert len(answer.data) < 20_000


def test_an_ordinary_new_match_still_goes_through(client):
    assert start_match(client, "partnership").status_code == 303


def test_the_limits_are_settings(make_site, tmp_path):
    site = make_site(tmp_path, SECRET_KEY="t")

    assert site.config["MAX_CONTENT_LENGTH"] == 1024 * 1024
    assert site.config["MAX_FORM_MEMORY_SIZE"] <= site.config["MAX_CONTENT_LENGTH"]
    assert 0 < site.config["MAX_FORM_PARTS"] <= 1000
    assert site.config["API_JSON_DEPTH"] == 32


# ----------------------------------------------------------------------- nested JSON


@pytest.mark.parametrize("url", JSON_POSTS)
def test_json_nested_3000_levels_deep_is_a_clear_400(client, url):
    field = JSON_POSTS[url]

    answer = client.post(
        url, data=f'{{"{field}": {nested(3000)}}}', content_type="application/json"
    )

    assert_error(answer, "nested deeper than 32 levels")


@pytest.mark.parametrize("url", JSON_POSTS)
def test_json_nested_one_level_too_deep_is_refused_before_it_is_scored(client, url):
    field = JSON_POSTS[url]

    answer = client.post(url, data=f'{{"{field}": {nested(32)}}}', content_type="application/json")

    assert_error(answer, "nested deeper than 32 levels")


def test_brackets_inside_a_string_are_text_not_nesting(client):
    answer = client.post(
        "/api/v1/pinochle/score",
        json={"variant": "[" * 100 + "{" * 100, "hands": []},
    )

    assert_error(answer, "is not a pinochle game")  # read as a name, not as nesting


def test_a_match_nested_as_deep_as_the_contract_goes_is_scored(client):
    hand = {"bidder": 0, "bid": 250, "meld": [100, 40], "tricks": [160, 90]}

    answer = client.post("/api/v1/pinochle/score", json={"rules": {}, "hands": [hand]})

    assert answer.status_code == 200
    assert answer.get_json()["totals"] == [260, 130]


# ------------------------------------------------------------------ the wrong-link limit


def test_the_api_answers_wrong_links_past_the_limit_429_with_retry_after(make_site, tmp_path):
    site = make_site(tmp_path, SECRET_KEY="t", WRONG_TOKEN_LIMIT="3 per minute")
    phone = site.test_client()
    wrong = "/api/v1/groups/" + "A" * 24 + "/stats"

    answers = [phone.get(wrong) for _ in range(4)]

    assert [answer.status_code for answer in answers] == [404, 404, 404, 429]
    refused = answers[-1]
    assert refused.is_json and "Too many wrong links" in refused.get_json()["error"]
    assert 1 <= int(refused.headers["Retry-After"]) <= 60
    assert refused.headers["Cache-Control"] == "no-store"


def test_the_pages_answer_wrong_links_past_the_limit_429_with_retry_after(make_site, tmp_path):
    site = make_site(tmp_path, SECRET_KEY="t", WRONG_TOKEN_LIMIT="2 per minute")
    phone = site.test_client()

    answers = [phone.get("/matches/" + "B" * 24) for _ in range(3)]

    assert [answer.status_code for answer in answers] == [404, 404, 429]
    assert 1 <= int(answers[-1].headers["Retry-After"]) <= 60


# --------------------------------------------------------------- gunicorn, as `make run`


@pytest.fixture(scope="module")
def gunicorn(tmp_path_factory) -> Iterator[int]:
    """The site served as `make run` serves it (gunicorn), on 127.0.0.1 only: its port."""
    folder = tmp_path_factory.mktemp("served")
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{folder / 'scorekeeper.sqlite3'}",
        "SECRET_KEY": "limits-test",
    }
    init = [sys.executable, "-m", "flask", "--app", "wsgi", "init-db"]
    subprocess.run(init, cwd=ROOT, env=env, check=True, capture_output=True)
    port = free_port()
    command = [sys.executable, "-m", "scorekeeper.serve", "--host", "127.0.0.1"]
    output = (folder / "output.txt").open("w")
    server = subprocess.Popen(
        [*command, "--port", str(port), "--threads", "2"],
        cwd=ROOT,
        env=env,
        stdout=output,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 30
        while not listening_addresses(port):
            assert server.poll() is None, (folder / "output.txt").read_text()
            assert time.monotonic() < deadline
            time.sleep(0.1)
        yield port
    finally:
        os.killpg(server.pid, 15)
        server.wait(timeout=30)
        output.close()


def served(port: int, path: str, headers: dict[str, str] | None = None):
    """GET ``path`` from the served site: (status, headers, body)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        connection.request("GET", path, headers=headers or {})
        answer = connection.getresponse()
        return answer.status, dict(answer.getheaders()), answer.read()
    finally:
        connection.close()


def assert_the_sites_own(headers: dict[str, str], body: bytes) -> None:
    for name, value in SECURITY_HEADERS.items():
        assert headers.get(name) == value, (name, headers)
    assert b"Scorekeeper" in body


def test_a_long_address_is_answered_by_the_site_not_by_gunicorn(gunicorn):
    # 6,000 characters: over gunicorn's default request line (4,094), as a long query is.
    status, headers, body = served(gunicorn, "/matches/" + "C" * 24 + "?q=" + "x" * 6_000)

    assert status == 404
    assert_the_sites_own(headers, body)


def test_a_long_header_is_answered_by_the_site_not_by_gunicorn(gunicorn):
    # A phone with many cookies of other sites on this address: a 12 kB Cookie header.
    cookie = "; ".join(f"c{number}={'v' * 100}" for number in range(120))

    status, headers, body = served(gunicorn, "/", {"Cookie": cookie})

    assert status == 200
    assert_the_sites_own(headers, body)


def test_the_served_site_still_answers_an_ordinary_page(gunicorn):
    status, headers, body = served(gunicorn, "/")

    assert status == 200
    assert_the_sites_own(headers, body)


def test_a_site_with_the_limit_off_leaves_another_sites_limit_on(make_site, tmp_path):
    """Each site has its own limiter: one made with the limit off (as some tests and a
    deployment may) turns nothing off in a site made before or after it."""
    for name in ("before", "off", "after"):
        (tmp_path / name).mkdir()
    before = make_site(tmp_path / "before", SECRET_KEY="t", WRONG_TOKEN_LIMIT="3 per minute")
    make_site(tmp_path / "off", SECRET_KEY="t", RATELIMIT_ENABLED=False)
    after = make_site(tmp_path / "after", SECRET_KEY="t", WRONG_TOKEN_LIMIT="3 per minute")
    wrong = "/api/v1/groups/" + "A" * 24 + "/stats"

    for site in (before, after):
        phone = site.test_client()
        answers = [phone.get(wrong).status_code for _ in range(4)]
        assert answers == [404, 404, 404, 429], site
