"""The site as an installable app: the manifest, its icons and the service worker, as
served (the browser's side is in tests/e2e/test_app_on_a_phone.py)."""

from __future__ import annotations

import gzip
import json
import re
import struct

import brotli
import pytest
from backports import zstd

from bench.seed import add_dice_game, add_match
from scorekeeper.security import CONTENT_SECURITY_POLICY

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
SHELL_LINE = re.compile(r"^self\.SHELL = (\{.*\});\n")


def png_size(body: bytes) -> tuple[int, int]:
    """A PNG's width and height, from its IHDR chunk (the first, right after the signature)."""
    assert body.startswith(PNG_SIGNATURE)
    assert body[12:16] == b"IHDR"
    return struct.unpack(">II", body[16:24])


def test_every_page_links_the_manifest_the_touch_icon_and_the_theme_colour(client):
    page = client.get("/").get_data(as_text=True)

    assert '<link rel="manifest" href="/manifest.webmanifest">' in page
    assert '<link rel="apple-touch-icon" href="/apple-touch-icon.png">' in page
    assert '<meta name="theme-color" content="#0172ad">' in page
    assert '<meta name="service-worker" content="/sw.js">' in page


def test_the_manifest_is_served_as_a_manifest_and_checked_each_visit(client):
    response = client.get("/manifest.webmanifest")

    assert response.status_code == 200
    assert response.mimetype == "application/manifest+json"
    assert response.headers["Cache-Control"] == "no-cache"
    manifest = json.loads(response.data)
    assert manifest["display"] == "standalone"
    assert manifest["start_url"] == "/"
    assert manifest["scope"] == "/"


@pytest.mark.parametrize(
    ("path", "size"),
    [
        ("/icons/icon-192.png", 192),
        ("/icons/icon-512.png", 512),
        ("/icons/icon-maskable-512.png", 512),
        ("/apple-touch-icon.png", 180),
    ],
)
def test_each_icon_is_a_png_of_its_size(client, path, size):
    response = client.get(path)

    assert response.status_code == 200
    assert response.mimetype == "image/png"
    assert png_size(response.data) == (size, size)
    assert "max-age=86400" in response.headers["Cache-Control"]


def test_the_manifest_names_only_icons_that_are_there(client):
    manifest = client.get("/manifest.webmanifest").get_json(force=True)

    for icon in manifest["icons"]:
        width, height = (int(n) for n in icon["sizes"].split("x"))
        assert png_size(client.get(icon["src"]).data) == (width, height), icon


@pytest.mark.parametrize(
    "path",
    ["/icons/app.css", "/icons/..%2Fapp.css", "/icons/nothing.png", "/icons/apple-touch-icon.png"],
)
def test_nothing_but_the_icons_is_served_from_the_icons_address(client, path):
    assert client.get(path).status_code == 404


def test_the_worker_is_served_at_the_root_as_a_script_checked_each_time(client):
    response = client.get("/sw.js")

    assert response.status_code == 200
    assert response.mimetype == "text/javascript"
    assert response.headers["Cache-Control"] == "no-cache"
    # A worker at the root looks after the whole site without a Service-Worker-Allowed.
    assert "Service-Worker-Allowed" not in response.headers


def test_the_worker_comes_brotli_compressed_and_unchanged_costs_a_304(client):
    plain = client.get("/sw.js", headers={"Accept-Encoding": "identity"})
    asked = {"Accept-Encoding": "gzip, deflate, br, zstd"}  # what Chrome sends over HTTPS
    response = client.get("/sw.js", headers=asked)

    assert response.headers["Content-Encoding"] == "br"
    assert brotli.decompress(response.data) == plain.data
    # At brotli's highest setting, once: well under the quick zstd a page gets.
    assert len(response.data) < len(zstd.compress(plain.data, 3)) * 0.85
    again = client.get("/sw.js", headers={**asked, "If-None-Match": response.headers["ETag"]})
    assert again.status_code == 304
    # A browser that takes only gzip is not sent the brotli file's tag's answer.
    gzip_only = client.get(
        "/sw.js",
        headers={"Accept-Encoding": "gzip", "If-None-Match": response.headers["ETag"]},
    )
    assert gzip_only.status_code == 200
    assert gzip.decompress(gzip_only.data) == plain.data


def test_the_worker_knows_the_very_bundles_the_pages_link(client):
    # Each page links site.css, the icon and one script: together, every bundle there is.
    linked = set()
    app = client.application
    for path in (
        "/",
        "/meld",
        f"/matches/{add_match(app, 1)}",
        f"/dice/{add_dice_game(app, 'farkle')}",
    ):
        page = client.get(path).get_data(as_text=True)
        linked |= set(re.findall(r'(?:href|src)="(/assets/[^"]+)"', page))

    worker = client.get("/sw.js").get_data(as_text=True)
    shell = json.loads(SHELL_LINE.match(worker).group(1))

    assert set(shell["assets"].values()) == linked
    assert "//" not in worker.replace("https://", "")  # served less its comment lines
    assert re.fullmatch(r"[0-9a-f]{12}", shell["version"])


def test_a_changed_bundle_is_a_new_worker_with_a_new_shell(make_site, tmp_path, monkeypatch):
    from scorekeeper import assets

    shells = []

    def worker_shell():
        folder = tmp_path / f"site-{len(shells)}"
        folder.mkdir()
        site = make_site(folder, TESTING=True, SECRET_KEY="test")
        body = site.test_client().get("/sw.js").get_data(as_text=True)
        shells.append(json.loads(SHELL_LINE.match(body).group(1)))
        return shells[-1]

    before = worker_shell()
    monkeypatch.setitem(assets.BUNDLES, "site.js", ("vendor/htmx-2.0.11.min.js",))
    after = worker_shell()

    assert after["version"] != before["version"]
    assert after["assets"]["site.js"] != before["assets"]["site.js"]
    assert after["assets"]["site.css"] == before["assets"]["site.css"]


def test_the_content_security_policy_is_as_strict_as_before():
    # Workers and the manifest fall back to default-src 'self': nothing was loosened.
    assert "default-src 'self'" in CONTENT_SECURITY_POLICY
    assert "script-src 'self'" in CONTENT_SECURITY_POLICY
    assert "unsafe" not in CONTENT_SECURITY_POLICY


def test_images_may_be_the_css_bases_data_icons_and_nothing_else_from_elsewhere():
    # Pico's select arrows, checkbox ticks and folded-section chevrons are data: SVGs.
    directives = dict(part.split(" ", 1) for part in CONTENT_SECURITY_POLICY.split("; "))
    assert directives["img-src"] == "'self' data:"
    assert "data:" not in directives["script-src"] + directives["default-src"]
