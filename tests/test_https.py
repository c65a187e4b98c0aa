"""Behind Caddy (issue 24): Secure cookies and HSTS on HTTPS only (HSTS for a name, never
for an address or localhost), the phone's own address for the write limit, /health as it
was, and the page that hands a phone the site's root certificate. The proxy is played by
the test client's X-Forwarded-* headers."""

from __future__ import annotations

import base64
import hashlib
import re
from pathlib import Path

import pytest
import segno
from flask import Flask
from flask.testing import FlaskClient

from tests.helpers.html import filled, form_to, read
from tests.helpers.play import open_page

TEST_ROOT = Path(__file__).parent / "data" / "test-root.crt"
SITE = "scores.example.org"
OVER_HTTPS = {
    "X-Forwarded-Proto": "https",
    "X-Forwarded-For": "192.168.1.20",
    "X-Forwarded-Host": SITE,
}
# What a browser sends with a form from the site's own page (Referrer-Policy: same-origin).
FROM_THE_FORM = {**OVER_HTTPS, "Referer": f"https://{SITE}/matches/new?game=two-handed"}


@pytest.fixture
def proxied(make_site, tmp_path) -> Flask:
    """A site behind one proxy, as `make run HTTPS=1` runs it."""
    return make_site(tmp_path, SECRET_KEY="t", TRUSTED_PROXY_HOPS=1, CADDY_ROOT_CERT=TEST_ROOT)


def set_cookies(response) -> dict[str, str]:
    """Each cookie the response sets, by name, with its attributes as sent."""
    found = {}
    for header in response.headers.getlist("Set-Cookie"):
        found[header.split("=", 1)[0]] = header
    return found


def opened_a_match(phone: FlaskClient, headers: dict[str, str]):
    """A new match's form (it puts a CSRF token in the session), then the match started
    (the device cookie): the two answers, which set every cookie a player gets."""
    form = phone.get("/matches/new?game=two-handed", headers=headers)
    typed = {"player_names-0": "Ann", "player_names-1": "Bob"}
    sent = filled(form_to(read(form), "/matches/new"), typed)
    referer = FROM_THE_FORM["Referer"] if headers else "http://localhost/matches/new"
    started = phone.post("/matches/new", data=sent, headers={**headers, "Referer": referer})
    assert started.status_code == 303, read(started).text[:500]
    return form, started


# ------------------------------------------------------------------ cookies and HSTS


def test_a_form_posted_over_https_from_the_sites_own_page_is_accepted(proxied):
    """Flask-WTF refuses an HTTPS post with no Referer: the site's pages must send one."""
    answer = proxied.test_client().get("/", headers=OVER_HTTPS)

    assert answer.headers["Referrer-Policy"] == "same-origin"


def test_over_https_the_session_and_device_cookies_are_secure(proxied):
    form, started = opened_a_match(proxied.test_client(), OVER_HTTPS)

    cookies = {**set_cookies(form), **set_cookies(started)}
    assert {"session", "device"} <= set(cookies), cookies
    for name in ("session", "device"):
        assert re.search(r";\s*Secure\b", cookies[name]), cookies[name]


def test_over_plain_http_no_cookie_is_marked_secure(proxied):
    form, started = opened_a_match(proxied.test_client(), {})

    cookies = {**set_cookies(form), **set_cookies(started)}
    assert "session" in cookies
    assert not [c for c in cookies.values() if re.search(r";\s*Secure\b", c)], cookies


def test_the_meld_calculators_game_cookie_is_secure_over_https(proxied):
    answer = proxied.test_client().get("/meld?game=partnership", headers=OVER_HTTPS)

    assert re.search(r";\s*Secure\b", set_cookies(answer)["meld_game"])


def test_a_deployment_may_ask_for_secure_cookies_always(make_site, tmp_path):
    site = make_site(tmp_path, SECRET_KEY="t", SESSION_COOKIE_SECURE=True)

    form, _ = opened_a_match(site.test_client(), {})

    assert re.search(r";\s*Secure\b", set_cookies(form)["session"])


@pytest.mark.parametrize("path", ["/", "/matches/new", "/meld", "/certificate", "/health"])
def test_an_https_answer_carries_hsts(proxied, path):
    answer = proxied.test_client().get(path, headers=OVER_HTTPS)

    assert answer.headers["Strict-Transport-Security"] == "max-age=31536000"


@pytest.mark.parametrize("path", ["/", "/matches/new", "/health"])
def test_a_plain_http_answer_carries_no_hsts(proxied, path):
    plain = {"X-Forwarded-Proto": "http", "X-Forwarded-Host": SITE}
    assert "Strict-Transport-Security" not in proxied.test_client().get(path).headers
    assert "Strict-Transport-Security" not in proxied.test_client().get(path, headers=plain).headers


@pytest.mark.parametrize(
    "host", ["localhost:8443", "127.0.0.1:8443", "192.168.1.20:8443", "[::1]:8443", "a.localhost"]
)
def test_no_hsts_for_an_address_or_localhost_even_over_https(proxied, host):
    """Browsers ignore it for an address; for localhost it would outlive this site and
    send plain `make run` on http://localhost:5000 to https."""
    headers = {**OVER_HTTPS, "X-Forwarded-Host": host}

    answer = proxied.test_client().get("/matches/new", headers=headers)

    assert "Strict-Transport-Security" not in answer.headers
    assert re.search(r";\s*Secure\b", set_cookies(answer)["session"])  # still HTTPS


def test_with_no_proxy_trusted_a_forwarded_https_is_not_believed(make_site, tmp_path):
    site = make_site(tmp_path, SECRET_KEY="t")  # TRUSTED_PROXY_HOPS: 0

    answer = site.test_client().get("/", headers=OVER_HTTPS)

    assert "Strict-Transport-Security" not in answer.headers
    assert "Secure" not in answer.headers.get("Set-Cookie", "")


def test_health_answers_as_before_over_https(proxied):
    plain = proxied.test_client().get("/health")
    secure = proxied.test_client().get("/health", headers=OVER_HTTPS)

    for answer in (plain, secure):
        assert (answer.status_code, answer.get_data(as_text=True)) == (200, "ok\n")
        assert answer.headers["Cache-Control"] == "no-store"
        assert answer.mimetype == "text/plain"


# ------------------------------------------------------------- the phone's own address


def posts_from(site: Flask, address: str | None, count: int) -> list[int]:
    """Posts (their CSRF token missing: refused, but counted) from one phone's address as
    the proxy forwards it."""
    phone = site.test_client()
    headers = {"X-Forwarded-For": address} if address else {}
    return [phone.post("/matches/new", headers=headers).status_code for _ in range(count)]


def test_behind_the_proxy_each_phone_has_its_own_write_limit(make_site, tmp_path):
    site = make_site(tmp_path, SECRET_KEY="t", TRUSTED_PROXY_HOPS=1, WRITE_RATE_LIMIT="2/minute")

    assert posts_from(site, "192.168.1.20", 3) == [400, 400, 429]
    assert posts_from(site, "192.168.1.21", 1) == [400]  # another phone, the same proxy


def test_with_no_proxy_trusted_a_forwarded_address_shares_the_limit(make_site, tmp_path):
    site = make_site(tmp_path, SECRET_KEY="t", WRITE_RATE_LIMIT="2/minute")

    assert posts_from(site, "192.168.1.20", 2) == [400, 400]
    assert posts_from(site, "192.168.1.21", 1) == [429]  # the header is not believed


# ------------------------------------------------------------------ the certificate page


def der_fingerprint(pem: bytes) -> str:
    body = b"".join(line for line in pem.splitlines() if not line.startswith(b"-----"))
    return hashlib.sha256(base64.b64decode(body)).hexdigest().upper()


def test_the_certificate_downloads_as_a_ca_certificate(proxied):
    answer = proxied.test_client().get("/certificate/scorekeeper-root.crt", headers=OVER_HTTPS)

    assert answer.status_code == 200
    assert answer.mimetype == "application/x-x509-ca-cert"
    assert answer.get_data() == TEST_ROOT.read_bytes()
    assert 'filename="scorekeeper-root.crt"' in answer.headers["Content-Disposition"]


def test_the_certificate_page_links_the_file_shows_its_qr_code_and_fingerprint(proxied):
    phone = proxied.test_client()
    page = open_page(phone, "/certificate", headers=OVER_HTTPS)

    download = page.one("a", href="/certificate/scorekeeper-root.crt")
    assert download.text == "Download the certificate"
    qr = phone.get(page.one("img").attrs["src"], headers=OVER_HTTPS)
    assert (qr.status_code, qr.mimetype) == (200, "image/svg+xml")
    shown = re.search(r"what the phone shows: ((?:[0-9A-F]{4} ?){16})", page.text)
    assert shown.group(1).replace(" ", "") == der_fingerprint(TEST_ROOT.read_bytes())


def test_the_qr_code_holds_the_download_address_the_phone_asked_by(proxied):
    answer = proxied.test_client().get(
        "/certificate/qr.svg", headers={**OVER_HTTPS, "X-Forwarded-Host": "192.168.1.5:8443"}
    )

    expected = segno.make("https://192.168.1.5:8443/certificate/scorekeeper-root.crt", error="m")
    # The same matrix as the download address's own code (segno draws it the same way).
    drawn = expected.svg_inline(scale=5, dark="#000", light="#fff")
    path = re.search(r' d="([^"]+)"', drawn).group(1)
    assert path in answer.get_data(as_text=True)


def test_the_certificate_page_says_how_on_android_and_on_an_iphone(proxied):
    page = open_page(proxied.test_client(), "/certificate")

    assert [heading.text for heading in page.all("h2")] == ["Android", "iPhone and iPad"]
    text = page.text
    assert "Install a certificate › CA certificate" in text
    assert "Profile Downloaded" in text and "Install" in text
    assert "General › About › Certificate Trust Settings" in text


def test_with_no_root_configured_the_page_says_so_plainly(make_site, tmp_path):
    phone = make_site(tmp_path, SECRET_KEY="t").test_client()

    page = open_page(phone, "/certificate")

    assert "This site is not using a certificate of its own" in page.text
    assert page.one("a", href="/certificate/scorekeeper-root.crt") is None
    assert phone.get("/certificate/scorekeeper-root.crt").status_code == 404
    assert phone.get("/certificate/qr.svg").status_code == 404


def test_a_root_not_made_yet_is_read_once_caddy_has_made_it(make_site, tmp_path):
    later = tmp_path / "root.crt"
    phone = make_site(tmp_path, SECRET_KEY="t", CADDY_ROOT_CERT=str(later)).test_client()

    assert phone.get("/certificate/scorekeeper-root.crt").status_code == 404
    later.write_bytes(TEST_ROOT.read_bytes())
    assert phone.get("/certificate/scorekeeper-root.crt").status_code == 200


def test_the_home_page_links_the_certificate_page(proxied):
    page = open_page(proxied.test_client(), "/")

    assert page.one("a", href="/certificate").text == "This site's certificate"
