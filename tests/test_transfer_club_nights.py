"""Club nights in the export (issue 25): `flask export` writes each night with its players,
rounds and tables (each table by its match's edit token), `flask import` reads it back
losslessly (export → import → export gives the same document, the standings the same),
the host downloads a night with its tables' matches, and a night that does not fit is
refused whole."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from scorekeeper.extensions import db
from scorekeeper.services import club as nights
from scorekeeper.services import club_reading, groups
from tests import test_transfer
from tests.services.test_club_nights import confirm_both, start_round, win_table
from tests.test_transfer import export_all, import_file, without_export_time

home = test_transfer.home
club = test_transfer.club
EIGHT = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]


def play_a_night(group: bool = True) -> dict[str, str]:
    """A night of 3 rounds from a group: round 1 played and locked at both tables, Ivy
    arrived, round 2 started with one table won and one side's confirmation in."""
    session = db.session
    started_from = None
    if group:
        started_from = groups.create_group(session, name="Tuesday club", players=EIGHT[:4])
    night = nights.start_night(
        session,
        name="Tuesday pinochle",
        players=EIGHT,
        format="rotating",
        rounds=3,
        game="partnership",
        house_rules={"target": 250},
        seed=5,
        group=started_from,
    )
    host = night.host_token
    for table in start_round(session, host).tables:
        win_table(session, table)
        confirm_both(session, table)
    session.expire_all()
    nights.add_player(
        session, host, ["Ivy"], version=club_reading.find_night(session, host).version
    )
    second = start_round(session, host)
    win_table(session, second.tables[0], seat=1)
    session.expire_all()
    nights.confirm_result(
        session,
        second.tables[0].match.edit_token,
        0,
        result=club_reading.table_state(night, second, second.tables[0]).result,
    )
    return {"host": host, "view": night.view_token}


def standings_of(app: Flask, host: str) -> Any:
    with app.app_context():
        return club_reading.night_standings(club_reading.find_night(db.session, host))


def write(doc: dict[str, Any], path: Path) -> Path:
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


@pytest.fixture
def night(home) -> dict[str, str]:
    with home.app_context():
        return play_a_night()


def test_the_document_holds_the_night_as_played(home, night):
    doc = export_all(home)

    (record,) = doc["club_nights"]
    assert record["name"] == "Tuesday pinochle"
    assert record["host_token"] == night["host"] and record["view_token"] == night["view"]
    assert record["group"] == doc["groups"][0]["edit_token"]
    assert [p["name"] for p in record["players"]] == [*EIGHT, "Ivy"]
    assert record["players"][-1]["joined_round"] == 2
    first, second = record["played_rounds"]
    assert [t["locked"] for t in first["tables"]] == [True, True]
    assert second["tables"][0]["confirmed"] == [True, False]
    tokens = {m["edit_token"] for m in doc["matches"]}
    assert {t["match"] for r in record["played_rounds"] for t in r["tables"]} <= tokens
    assert second["sitting_out"] and len(second["sitting_out"]) == 1


def test_export_import_export_gives_the_same_night_and_standings(home, club, night, tmp_path):
    first = export_all(home)

    result = import_file(club, write(first, tmp_path / "night.json"))

    assert result.exit_code == 0, result.output
    assert "1 group and 1 club night." in result.output
    assert without_export_time(export_all(club)) == without_export_time(first)
    assert standings_of(club, night["host"]) == standings_of(home, night["host"])
    page = club.test_client().get(f"/club/{night['host']}")
    assert page.status_code == 200 and "Round 2 of 3" in page.get_data(as_text=True)


def test_the_host_downloads_the_night_with_its_tables_matches(home, club, night, tmp_path):
    response = home.test_client().get(f"/club/{night['host']}/night.json")

    assert response.status_code == 200
    assert response.headers["Cache-Control"] == "no-store"
    assert "attachment" in response.headers["Content-Disposition"]
    doc = json.loads(response.get_data())
    assert len(doc["club_nights"]) == 1 and len(doc["matches"]) == 4
    assert doc["groups"] == []  # the group stays home: the night comes without it
    result = import_file(club, write(doc, tmp_path / "night.json"))
    assert result.exit_code == 0, result.output
    assert "Imported 4 matches, 0 dice games and 1 club night." in result.output
    assert export_all(club)["club_nights"][0]["group"] is None
    assert standings_of(club, night["host"]) == standings_of(home, night["host"])
    # The view link reads the night but never downloads its host link.
    assert home.test_client().get(f"/club/{night['view']}/night.json").status_code == 404


def test_export_names_one_night_by_its_host_token(home, night):
    doc = export_all(home, "--club-night", night["host"])

    assert len(doc["club_nights"]) == 1 and len(doc["matches"]) == 4
    result = home.test_cli_runner().invoke(args=["export", "--club-night", "x" * 20])
    assert result.exit_code != 0
    assert f"No club night has the host token {'x' * 20}." in result.output


def test_the_same_file_imported_twice_is_refused_the_second_time(home, club, night, tmp_path):
    path = write(export_all(home, "--club-night", night["host"]), tmp_path / "night.json")
    assert import_file(club, path).exit_code == 0

    again = import_file(club, path)

    assert again.exit_code != 0
    assert "already in this database" in again.output


def broken(doc: dict[str, Any], change) -> dict[str, Any]:
    doc = json.loads(json.dumps(doc))
    change(doc["club_nights"][0], doc)
    return doc


def _table(night: dict[str, Any]) -> dict[str, Any]:
    return night["played_rounds"][0]["tables"][0]


@pytest.mark.parametrize(
    ("change", "sentence"),
    [
        (
            lambda n, d: n.update(format="swiss"),
            "club night 1: format must be one of rotating, fixed",
        ),
        (
            lambda n, d: n.update(ranking="luck"),
            "club night 1: ranking must be one of",
        ),
        (
            lambda n, d: n["players"].append(dict(n["players"][0])),
            "club night 1, player 10: Ann is player 1 already",
        ),
        (
            lambda n, d: n["players"][0].update(team=1),
            "club night 1, player 1: a player of a rotating night has no team (null)",
        ),
        (
            lambda n, d: _table(n).update(match="A" * 24),
            "club night 1, round 1, table 1: no match with the token " + "A" * 24,
        ),
        (
            lambda n, d: n["played_rounds"][1]["tables"].append({**_table(n), "table": 3}),
            "club night 1, round 2, table 3: its match is club night 1, round 1, table 1 too",
        ),
        (
            lambda n, d: _table(n).update(locked=False),
            "club night 1, round 1, table 1: both sides confirmed, so locked must be true",
        ),
        (
            lambda n, d: n["played_rounds"][0].update(number=2),
            "club night 1, round 1: number must be 1; list the rounds in order",
        ),
        (
            lambda n, d: n.update(rounds=1, players=n["players"][:8]),
            "club night 1: 2 rounds started in a night of 1",
        ),
        (
            lambda n, d: n.update(surprise=1),
            'club night 1: "surprise" is not a field of a club night',
        ),
    ],
)
def test_a_night_that_does_not_fit_is_refused_whole(home, club, night, tmp_path, change, sentence):
    doc = broken(export_all(home, "--club-night", night["host"]), change)

    result = import_file(club, write(doc, tmp_path / "night.json"))

    assert result.exit_code != 0
    assert "Nothing was imported" in result.output
    assert sentence in result.output
    with club.app_context():
        assert export_all(club)["matches"] == []


def test_a_file_exported_before_club_nights_still_imports(home, club, night, tmp_path):
    doc = export_all(home)
    del doc["club_nights"]

    result = import_file(club, write(doc, tmp_path / "old.json"))

    assert result.exit_code == 0, result.output
    assert export_all(club)["club_nights"] == []
