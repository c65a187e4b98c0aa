"""What a phone downloads besides the page: one stylesheet, one script and the icon, each
under a name that carries its content's digest, cached for a year, sent compressed."""

import gzip
import re
import shutil
from pathlib import Path

import brotli
import pytest
import rcssmin

from bench.seed import add_match
from scorekeeper.assets import BUNDLES, Assets

STATIC = Path(__file__).resolve().parents[1] / "static"
ASSET_LINK = re.compile(r'(?:href|src)="(/assets/[^"]+)"')


def linked_assets(client, path="/"):
    return ASSET_LINK.findall(client.get(path).get_data(as_text=True))


def unversioned(link: str) -> str:
    return re.sub(r"\.[0-9a-f]{12}\.", ".", link)


def code_lines(script: bytes) -> bytes:
    """A script as a phone gets it: every line but the ones that are only a ``//`` comment."""
    return b"\n".join(line for line in script.split(b"\n") if not line.strip().startswith(b"//"))


def source_of(name: str) -> bytes:
    """What a bundle must hold: its files from static/, in order (scripts less their
    whole-line comments)."""
    script = name.endswith(".js")
    parts = [(STATIC / part).read_bytes().rstrip() for part in BUNDLES[name]]
    if script:
        parts = [code_lines(part) for part in parts]
        return b"\n;\n".join(parts) + b"\n"
    return rcssmin.cssmin(b"\n".join(parts) + b"\n") + b"\n"


def test_the_stylesheet_is_served_minified_with_every_rule_it_was_written_with():
    """rcssmin drops the comments and the spaces, never a selector or a declaration."""
    body = Assets(STATIC, watch=False).get("site.css").body.decode()
    written = "\n".join((STATIC / part).read_text() for part in BUNDLES["site.css"][1:])
    written = re.sub(r"/\*.*?\*/", "", written, flags=re.DOTALL)

    assert "/*" not in body
    assert len(body) - len((STATIC / BUNDLES["site.css"][0]).read_text()) < 0.9 * len(written)
    for name in sorted(set(re.findall(r"\.([a-z][a-z0-9-]+)\b", written))):
        assert f".{name}" in body, name
    kept = ("position:fixed", "transition:none", "box-shadow:inset 0 0 0 2px var(--pico-primary)")
    for declaration in kept:
        assert declaration in body


@pytest.mark.parametrize(
    ("line", "kept"),
    [
        (b"// why the next line is so", False),
        (b"    // an indented comment", False),
        (b'const link = "http://example.test"; // after code', True),
        (b"const half = total / 2; const rest = total // 2;", True),
    ],
)
def test_a_script_is_served_without_its_whole_line_comments(tmp_path, line, kept):
    static = tmp_path / "static"
    shutil.copytree(STATIC, static)
    (static / "app.js").write_bytes(b"const before = 1;\n" + line + b"\nconst after = 2;\n")

    body = Assets(static, watch=False).get("site.js").body

    assert b"const before = 1;\nconst after = 2;" in body or kept
    assert (line in body) is kept


def test_every_page_links_one_stylesheet_one_script_and_the_icon_by_versioned_name(client):
    links = linked_assets(client)

    assert [unversioned(link) for link in links] == [
        "/assets/site.css",
        "/assets/icon.svg",
        "/assets/site.js",
    ]
    assert "/static/" not in client.get("/").get_data(as_text=True)


@pytest.mark.parametrize("name", list(BUNDLES))
def test_a_versioned_asset_is_its_files_joined_and_cached_for_a_year(client, name):
    link = next(link for link in linked_assets(client) if unversioned(link) == f"/assets/{name}")

    response = client.get(link)

    assert response.status_code == 200
    assert response.data == source_of(name)
    assert response.headers["Cache-Control"] == "public, max-age=31536000, immutable"
    assert "Content-Encoding" not in response.headers


@pytest.mark.parametrize(
    ("accepted", "encoding", "decode"),
    [
        ("gzip, deflate, br, zstd", "br", brotli.decompress),
        ("gzip, deflate", "gzip", gzip.decompress),
        ("br;q=0.5, gzip", "gzip", gzip.decompress),
        ("identity", None, bytes),
    ],
)
def test_an_asset_is_sent_compressed_as_the_browser_allows(client, accepted, encoding, decode):
    css = linked_assets(client)[0]

    response = client.get(css, headers={"Accept-Encoding": accepted})

    assert response.headers.get("Content-Encoding") == encoding
    assert response.headers["Vary"] == "Accept-Encoding"
    assert decode(response.data) == source_of("site.css")
    if encoding:
        assert len(response.data) < len(source_of("site.css")) / 4


def test_an_old_versioned_name_gets_the_current_file_checked_every_time(client):
    css = linked_assets(client)[0]
    old = re.sub(r"\.[0-9a-f]{12}\.", ".0123456789ab.", css)

    response = client.get(old)

    assert response.status_code == 200
    assert response.data == source_of("site.css")
    assert response.headers["Cache-Control"] == "no-cache"


@pytest.mark.parametrize("path", ["/assets/app.css", "/assets/site.0123.html", "/assets/x"])
def test_an_unknown_asset_is_not_found(client, path):
    assert client.get(path).status_code == 404


def test_a_revalidated_asset_answers_not_modified(client):
    css = linked_assets(client)[0]
    etag = client.get(css).headers["ETag"]

    assert client.get(css, headers={"If-None-Match": etag}).status_code == 304


def test_changing_a_file_changes_the_name_and_a_debug_app_notices(tmp_path):
    static = tmp_path / "static"
    shutil.copytree(STATIC, static)
    assets = Assets(static, watch=True)
    before = assets.get("site.css")

    (static / "app.css").write_text((static / "app.css").read_text() + "\nmain { gap: 1px; }\n")

    after = assets.get("site.css")
    assert after.digest != before.digest
    assert b"main{gap:1px}" in after.body
    assert Assets(static, watch=False).get("site.css").digest == after.digest


@pytest.mark.parametrize("accepted", ["gzip", "br", "zstd"])
def test_pages_are_sent_compressed(client, accepted):
    plain = client.get("/rules")

    response = client.get("/rules", headers={"Accept-Encoding": accepted})

    assert response.headers["Content-Encoding"] == accepted
    assert "Accept-Encoding" in response.headers["Vary"]
    assert len(response.data) < len(plain.data) / 3


def test_a_browser_taking_only_gzip_still_gets_a_20_hand_match_page_in_under_60_kb(app, client):
    # Plain http on a home network: browsers offer brotli and zstd over https only.
    gzip_only = {"Accept-Encoding": "gzip, deflate"}
    token = add_match(app, 20)
    page = client.get(f"/matches/{token}", headers=gzip_only)
    links = ASSET_LINK.findall(gzip.decompress(page.data).decode())

    sizes = [len(page.data)] + [len(client.get(link, headers=gzip_only).data) for link in links]

    assert page.headers["Content-Encoding"] == "gzip"
    assert len(sizes) <= 5
    assert sum(sizes) < 60_000
