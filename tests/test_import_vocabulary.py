"""`flask import` reads a document with the forms' own vocabulary: a name a form refuses
(a control character, a bidi override) is refused in a file too, as is a NUL in a hand's
form token, a time past the calendar's end, or a file nested too deep to read; each with a
sentence, and nothing of the file stored."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from scorekeeper.extensions import db
from scorekeeper.models import Group, Match, RuleSet
from scorekeeper.services import group_games, groups, rule_sets
from tests import test_transfer
from tests.helpers.play import new_match, save_hand
from tests.test_matches import played
from tests.test_transfer import export_all, import_file

home = test_transfer.home
club = test_transfer.club


@pytest.fixture
def exported(home: Flask) -> dict[str, Any]:
    """A family's site as one document: a match of one hand (kept by its form token) in a
    group of two, and a saved rule set."""
    phone = home.test_client()
    token = new_match(phone)
    save_hand(phone, token, played(bidder=0, bid=300, meld=(140, 60), tricks=(170, 80)))
    with home.app_context():
        family = groups.create_group(db.session, "Smith family", ["Ann", "Bob"])
        linked = group_games.game_to_add(db.session, family, token)
        group_games.add_game(
            db.session, family, token, group_games.suggested_names(family, linked.names)
        )
        rule_sets.save_rule_set(db.session, name="Smiths", game="partnership", house_rules={})
    doc = export_all(home)
    assert doc["matches"][0]["hands"][0]["client_token"]
    return doc


def stored(app: Flask) -> tuple[int, int, int]:
    """How many matches, groups and rule sets the site holds."""
    with app.app_context():
        return tuple(
            db.session.scalar(db.select(db.func.count()).select_from(model))
            for model in (Match, Group, RuleSet)
        )


def refused(app: Flask, text: str, tmp_path: Path) -> str:
    """Import ``text``; it must be refused whole, its sentence returned."""
    path = tmp_path / "spoiled.json"
    path.write_text(text, encoding="utf-8")
    result = import_file(app, path)
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    assert stored(app) == (0, 0, 0)
    (line,) = [line for line in result.output.splitlines() if line.startswith("Error:")]
    return line


def test_the_document_as_exported_imports(club, exported, tmp_path):
    path = tmp_path / "evening.json"
    path.write_text(json.dumps(exported), encoding="utf-8")

    assert import_file(club, path).exit_code == 0
    assert stored(club) == (1, 1, 1)


BAD_NAMES = [
    pytest.param("Smith\x00family", id="nul"),
    pytest.param("Smith\x01family", id="control"),
    pytest.param("Smith\u202efamily", id="right-to-left-override"),
    pytest.param("Smith\u2066family", id="left-to-right-isolate"),
    pytest.param("Smith\ud800", id="lone-surrogate"),
]


def spoil_name(doc: dict[str, Any], where: str, name: str) -> tuple[str, str]:
    """Give the record at ``where`` the bad ``name``: the sentence's start, and the field."""
    if where == "group":
        doc["groups"][0]["name"] = name
        return "group 1: name", "name"
    if where == "roster player":
        doc["groups"][0]["players"][0]["name"] = name
        return "group 1, player 1: name", "name"
    if where == "seat":
        names = doc["groups"][0]["games"][0]["names"]
        first = next(iter(names))
        names[name] = names.pop(first)
        return "group 1, game 1: names", "names"
    if where == "match player":
        doc["matches"][0]["player_names"][0] = name
        return "match 1: player_names", "player_names"
    doc["rule_sets"][0]["name"] = name
    return "rule set 1: name", "name"


@pytest.mark.parametrize("name", BAD_NAMES)
@pytest.mark.parametrize("where", ["group", "roster player", "seat", "match player", "rule set"])
def test_a_name_a_form_refuses_is_refused_in_a_file(club, exported, tmp_path, where, name):
    said, _field = spoil_name(exported, where, name)
    # A lone surrogate cannot be written as UTF-8 text: the file holds it escaped.
    text = json.dumps(exported)

    sentence = refused(club, text, tmp_path)

    assert sentence.startswith("Error: Nothing was imported: " + said)
    assert "letters, digits and spaces" in sentence
    # The sentence shows the name escaped: the terminal is not turned right to left.
    assert "\u202e" not in sentence and "\u2066" not in sentence and "\x00" not in sentence


@pytest.mark.parametrize("token", ["form\x00one", "form\x1bone", "x" * 41])
def test_a_hand_whose_form_token_a_form_would_refuse_is_refused(club, exported, tmp_path, token):
    exported["matches"][0]["hands"][0]["client_token"] = token

    sentence = refused(club, json.dumps(exported), tmp_path)

    assert sentence.startswith("Error: Nothing was imported: match 1, hand 1: client_token must")


@pytest.mark.parametrize(
    "moment", ["9999-12-31T23:59:59-12:00", "0001-01-01T00:00:00+14:00"], ids=["end", "start"]
)
@pytest.mark.parametrize("where", ["match", "group", "rule set"])
def test_a_time_past_the_calendars_end_is_refused(club, exported, tmp_path, where, moment):
    record = {
        "match": exported["matches"][0],
        "group": exported["groups"][0],
        "rule set": exported["rule_sets"][0],
    }[where]
    record["created_at"] = moment

    sentence = refused(club, json.dumps(exported), tmp_path)

    assert f"{where} 1: created_at must be a date and time" in sentence


@pytest.mark.parametrize("depth", [33, 3_000, 100_000])
def test_a_file_nested_too_deep_is_refused_before_it_is_read(club, exported, tmp_path, depth):
    exported["matches"][0]["house_rules"] = {"target": "DEEP"}
    text = json.dumps(exported).replace('"DEEP"', "[" * depth + "]" * depth)

    sentence = refused(club, text, tmp_path)

    assert "nested" in sentence
    assert "32" in sentence


def test_a_file_nested_as_deep_as_allowed_is_read_and_judged_by_its_fields(
    club, exported, tmp_path
):
    # An export itself is 6 deep; a house rule of 25 lists inside it is still read, and
    # then refused by the rules for what it is.
    exported["matches"][0]["house_rules"] = {"target": "DEEP"}
    text = json.dumps(exported).replace('"DEEP"', "[" * 25 + "]" * 25)

    sentence = refused(club, text, tmp_path)

    assert "match 1: target must be a whole number" in sentence


def test_brackets_inside_text_do_not_count_as_nesting(club, exported, tmp_path):
    exported["groups"][0]["players"][0]["name"] = "Ann " + "[" * 36
    exported["groups"][0]["players"][1]["name"] = 'Bob \\" ' + "{" * 33
    path = tmp_path / "brackets.json"
    path.write_text(json.dumps(exported), encoding="utf-8")

    result = import_file(club, path)

    assert result.exit_code == 0, result.output
    assert stored(club) == (1, 1, 1)
