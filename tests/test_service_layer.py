"""The shell around the services: links checked by the URL map, settings read once, the
arrows of imports, and the defects the service layer issue found, each through the site."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from sqlalchemy import event, func, select

from scorekeeper import create_app
from scorekeeper.config import ConfigError, settings_from_environment
from scorekeeper.extensions import db
from scorekeeper.models import DiceTurn, Hand
from tests.helpers.stored import stored_dice_game, stored_match

PACKAGE = Path(__file__).resolve().parent.parent / "scorekeeper"
VIEW_MODULES = ["matches/routes.py", "matches/pages.py", "dice/routes.py", "transfer.py"]


# ---------------------------------------------------------------- links and the URL map


MALFORMED = ["abc%00def", "short", "x" * 33, "has%20space%20in%20it%20ok", "%E2%99%A0" * 6]
TOKEN_ROUTES = [
    "/matches/{t}",
    "/matches/watch/{t}",
    "/matches/{t}/live?since=0",
    "/matches/watch/{t}/live?since=0",
    "/matches/{t}/export.json",
    "/matches/{t}/ledger.csv",
    "/matches/watch/{t}/ledger.csv",
    "/matches/{t}/qr/edit.svg",
    "/dice/{t}",
    "/dice/{t}/export.json",
    "/rules/{t}",
    "/rules/{t}/edit",
    "/rules/{t}/qr.svg",
    "/rules/{t}/export.json",
]


@pytest.mark.parametrize("route", TOKEN_ROUTES)
@pytest.mark.parametrize("token", MALFORMED)
def test_a_malformed_link_is_a_404_from_the_url_map_before_any_query(app, route, token):
    queries = []
    with app.app_context():
        event.listen(db.engine, "before_cursor_execute", lambda *args: queries.append(args[2]))
    response = app.test_client().get(route.format(t=token))

    assert response.status_code == 404
    assert queries == []


def test_every_route_with_a_link_reads_it_through_the_token_converter(app):
    for rule in app.url_map.iter_rules():
        if "token" in rule.arguments:
            assert "<token:token>" in rule.rule, rule.rule


def test_too_many_wrong_links_from_one_address_are_refused_with_a_429(make_site, tmp_path):
    site = make_site(tmp_path, SECRET_KEY="t", WRONG_TOKEN_LIMIT="5 per minute")
    token = stored_match(site)
    phone = site.test_client()

    answers = [phone.get(f"/matches/{'A' * 24}").status_code for _ in range(5)]
    answers += [phone.get(f"/matches/watch/{'B' * 24}/live?since=0").status_code]
    answers += [phone.get("/dice/abc%00def/export.json").status_code]

    assert answers == [404] * 5 + [429, 429]
    # A right link is never refused: a family sharing the address keeps its match.
    assert phone.get(f"/matches/{token}").status_code == 200
    elsewhere = {"REMOTE_ADDR": "127.0.0.2"}
    assert phone.get(f"/matches/{'A' * 24}", environ_base=elsewhere).status_code == 404


def test_a_post_with_a_bad_csrf_token_counts_against_the_write_limit(make_site, tmp_path):
    site = make_site(tmp_path, SECRET_KEY="t", WRITE_RATE_LIMIT="3 per minute")
    token = stored_match(site)
    phone = site.test_client()

    answers = [phone.post(f"/matches/{token}/undo", data={"csrf_token": "forged"}).status_code]
    answers += [phone.post(f"/matches/{token}/undo").status_code for _ in range(3)]

    assert answers == [400, 400, 400, 429]


# ---------------------------------------------------------------------------- settings


def test_settings_come_from_the_environment_once(monkeypatch):
    environ = {
        "DATABASE_URL": "sqlite:///elsewhere.sqlite3",
        "WRITE_RATE_LIMIT": "5 per second",
        "TRUSTED_PROXY_HOPS": "2",
        "MATCH_PAGE_CACHE_BYTES": "0",
    }
    settings = settings_from_environment(environ)

    assert settings["SQLALCHEMY_DATABASE_URI"] == "sqlite:///elsewhere.sqlite3"
    assert settings["WRITE_RATE_LIMIT"] == "5 per second"
    assert settings["TRUSTED_PROXY_HOPS"] == 2 and settings["MATCH_PAGE_CACHE_BYTES"] == 0
    assert settings["SQLALCHEMY_ENGINE_OPTIONS"] == {"pool_pre_ping": True}


def test_a_setting_that_must_be_a_number_says_so():
    with pytest.raises(ConfigError, match="TRUSTED_PROXY_HOPS must be a whole number"):
        settings_from_environment({"TRUSTED_PROXY_HOPS": "one"})


def test_a_tests_own_settings_win_over_the_environment(monkeypatch, tmp_path):
    monkeypatch.setenv("WRITE_RATE_LIMIT", "1 per day")
    app = create_app({"INSTANCE_PATH": tmp_path, "SECRET_KEY": "t", "WRITE_RATE_LIMIT": "9/s"})
    assert app.config["WRITE_RATE_LIMIT"] == "9/s"


def test_only_config_reads_the_environment():
    readers = [
        path.relative_to(PACKAGE).as_posix()
        for path in PACKAGE.rglob("*.py")
        if re.search(r"\bos\.environ\b|\bgetenv\(", path.read_text())
    ]
    assert readers == ["config.py"]


# ---------------------------------------------------------------- the arrows of imports


def imported_modules(path: Path) -> set[str]:
    """The scorekeeper modules a file imports, as dotted names."""
    tree = ast.parse(path.read_text())
    package = ["scorekeeper", *path.relative_to(PACKAGE).parent.parts]
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            module = ".".join([*base, *(node.module.split(".") if node.module else [])])
            found.add(module)
            found.update(f"{module}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return {name for name in found if name.startswith("scorekeeper")}


def test_nothing_but_the_app_factory_imports_a_view_module():
    for path in PACKAGE.rglob("*.py"):
        if path.name == "__init__.py" and path.parent == PACKAGE:
            continue
        views = {
            m
            for m in imported_modules(path)
            if re.fullmatch(r"scorekeeper\.(matches|dice)\.(routes|pages)", m)
        }
        own_area = f"scorekeeper.{path.parent.name}."
        assert {m for m in views if not m.startswith(own_area)} == set(), path


def test_the_services_import_no_view_form_request_or_template():
    for path in (PACKAGE / "services").glob("*.py"):
        text = path.read_text()
        assert "flask" not in text and "wtforms" not in text, path
        shells = {m for m in imported_modules(path) if m.split(".")[1] in {"matches", "dice"}}
        assert shells == set(), path


@pytest.mark.parametrize("module", VIEW_MODULES)
def test_no_view_module_queries_or_writes_rows(module):
    text = (PACKAGE / module).read_text()
    assert re.search(r"\b(select|update|insert|delete)\(", text) is None, module
    assert re.search(r"session\.(add|delete|commit|execute|scalars?|get|flush)\b", text) is None


# --------------------------------------------------------------------- typed numbers


@pytest.mark.parametrize("typed", ["1_000", "１", "٣", "1e3", "0x10", " 25 0 "])
def test_a_number_field_takes_only_what_a_keypad_types(client, app, typed):
    token = stored_match(app)
    page = client.get(f"/matches/{token}")
    csrf = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page.text).group(1)
    data = {"csrf_token": csrf, "bid": typed, "bidder": "0", "trump": "0", "meld-0": "0"}
    data |= {"meld-1": "0", "tricks-0": "250", "version": "0", "client_token": "x" * 20}

    response = client.post(f"/matches/{token}/hands", data=data)

    assert response.status_code == 422
    assert 'id="bid-error"' in response.text
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(Hand)) == 0


def test_the_preview_of_an_absurd_bid_says_what_is_wrong_with_the_bid(client, app):
    token = stored_match(app)
    page = client.get(f"/matches/{token}")
    csrf = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page.text).group(1)

    response = client.post(
        f"/matches/{token}/preview",
        data={"csrf_token": csrf, "bid": "1" + "0" * 30, "bidder": "0", "trump": "0"},
    )

    assert response.status_code == 200
    assert "Bid: Enter a number from 0 to 100000." in response.text
    assert "needs" not in response.text


@pytest.mark.parametrize("number", ["junk", "١", "2.0"])
def test_a_dice_turn_with_a_junk_turn_number_is_refused(client, app, number):
    token = stored_dice_game(app)
    page = client.get(f"/dice/{token}?dice=33333")
    fields = dict(
        re.findall(r'name="(csrf_token|version|client_token)"[^>]*value="([^"]+)"', page.text)
    )
    data = fields | {"dice": "33333", "slot": "yahtzee", "number": number}

    response = client.post(f"/dice/{token}/turns", data=data)

    assert response.status_code == 422
    assert "out of date" in response.text
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(DiceTurn)) == 0
