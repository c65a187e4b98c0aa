"""Saved rule sets in the export: `flask export` writes them, `flask import` reads them back
losslessly (export → import → export gives the same document), a file exported before
rule sets existed still imports, and a set whose rules do not fit is refused whole."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from scorekeeper.extensions import db
from scorekeeper.models import RuleSet
from scorekeeper.services import rule_sets
from tests import test_transfer
from tests.test_transfer import export_all, import_file, store_match, without_export_time

# Every kind of knob a rule set may change: numbers, a table of numbers, a yes/no, a choice.
SMITHS = {
    "target": 2000,
    "min_bid": 300,
    "run": [150, 1000],
    "nines_redeal": True,
    "save_rule": "non-bidders",
}


# The family's site, where the rule sets were saved, and another, empty, to import into.
home = test_transfer.home
club = test_transfer.club


@pytest.fixture
def saved(home) -> dict[str, str]:
    """Two rule sets and a match started from the first: each one's token."""
    with home.app_context():
        smiths = rule_sets.save_rule_set(
            db.session, name="Smith family", game="partnership", house_rules=SMITHS
        )
        cousins = rule_sets.save_rule_set(
            db.session, name="Cousins’ table", game="double-deck", house_rules={}
        )
        match = store_match("partnership", [], ["Us", "Them"], ["Ann", "Bob", "Cat", "Dan"], SMITHS)
        return {"smiths": smiths.token, "cousins": cousins.token, "match": match}


def write(doc: dict[str, Any], path: Path) -> Path:
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def stored_rule_sets(app: Flask) -> list[tuple]:
    with app.app_context():
        return [
            (rule_set.name, rule_set.game, rule_set.house_rules, rule_set.token)
            for rule_set in db.session.scalars(db.select(RuleSet).order_by(RuleSet.id))
        ]


def test_the_document_holds_each_rule_set_as_saved(home, saved):
    doc = export_all(home)

    assert [record["name"] for record in doc["rule_sets"]] == ["Smith family", "Cousins’ table"]
    smiths = doc["rule_sets"][0]
    assert smiths["game"] == "partnership"
    assert smiths["house_rules"] == SMITHS
    assert smiths["token"] == saved["smiths"]
    assert set(smiths) == {"name", "game", "house_rules", "created_at", "token"}


def test_export_import_export_gives_the_same_document(home, club, saved, tmp_path):
    first = export_all(home)

    result = import_file(club, write(first, tmp_path / "evening.json"))

    assert result.exit_code == 0, result.output
    assert "Imported 1 match, 0 dice games and 2 rule sets." in result.output
    assert without_export_time(export_all(club)) == without_export_time(first)
    assert stored_rule_sets(club) == stored_rule_sets(home)


def test_an_imported_rule_set_starts_a_match_with_its_rules(home, club, saved, tmp_path):
    import_file(club, write(export_all(home), tmp_path / "evening.json"))
    page = club.test_client().get(f"/matches/new?rules={saved['smiths']}")
    assert 'value="2000"' in page.get_data(as_text=True)


def test_a_file_exported_before_rule_sets_still_imports(home, club, saved, tmp_path):
    old = export_all(home, "--match", saved["match"])
    del old["rule_sets"]

    result = import_file(club, write(old, tmp_path / "old.json"))

    assert result.exit_code == 0, result.output
    assert "Imported 1 match and 0 dice games." in result.output
    assert stored_rule_sets(club) == []


def test_flask_export_of_one_rule_set_holds_only_it(home, saved):
    doc = export_all(home, "--rules", saved["cousins"])

    assert [record["token"] for record in doc["rule_sets"]] == [saved["cousins"]]
    assert doc["matches"] == [] and doc["dice_games"] == []


def test_flask_export_of_a_rule_set_that_is_not_there_says_so(home, saved):
    result = home.test_cli_runner().invoke(args=["export", "--rules", "A" * 24])

    assert result.exit_code == 1
    assert f"Error: No rule set has the token {'A' * 24}." in result.output


@pytest.mark.parametrize(
    ("change", "said"),
    [
        (
            {"house_rules": {"bid_step": 0}},
            "rule set 1 (Smith family): bid_step must be at least 1",
        ),
        ({"house_rules": {"colour": "red"}}, 'rule set 1 (Smith family): "colour" is not a house'),
        ({"game": "yahtzee"}, 'rule set 1 (Smith family): "yahtzee" is not a pinochle game'),
        ({"name": " "}, "rule set 1: name must be a name of 1 to 40 characters"),
        ({"token": "short"}, "rule set 1: token must be a link token"),
        ({"colour": "red"}, 'rule set 1: "colour" is not a field of a rule set'),
    ],
)
def test_a_rule_set_that_does_not_fit_is_refused_and_nothing_is_written(
    home, club, saved, tmp_path, change, said
):
    doc = export_all(home)
    doc["rule_sets"][0].update(change)

    result = import_file(club, write(doc, tmp_path / "bad.json"))

    assert result.exit_code == 1
    assert f"Nothing was imported: {said}" in result.output
    assert stored_rule_sets(club) == []
    with club.app_context():
        assert db.session.scalar(db.select(db.func.count()).select_from(RuleSet)) == 0


def test_a_rule_set_already_here_is_refused(home, saved, tmp_path):
    result = import_file(home, write(export_all(home, "--rules", saved["smiths"]), tmp_path / "a"))

    assert result.exit_code == 1
    assert "rule set 1 (Smith family) is already in this database: its link is in use." in (
        result.output
    )


def test_a_rule_set_downloads_as_json_that_imports(home, club, saved, tmp_path):
    response = home.test_client().get(f"/rules/{saved['smiths']}/export.json")

    assert response.status_code == 200
    assert response.headers["Cache-Control"] == "no-store"
    assert "attachment" in response.headers["Content-Disposition"]
    assert "smith-family" in response.headers["Content-Disposition"]
    path = tmp_path / "smiths.json"
    path.write_bytes(response.get_data())
    assert import_file(club, path).exit_code == 0
    assert stored_rule_sets(club) == stored_rule_sets(home)[:1]
