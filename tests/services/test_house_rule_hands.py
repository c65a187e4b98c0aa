"""Hands that use RULES.md's "More house rules" through the services: took_trick and moon
are stored as entered, replayed by the core, undone and exported like every other entry."""

from __future__ import annotations

import pytest

from scorekeeper.models import Hand
from scorekeeper.rules import RuleError
from scorekeeper.services import export, hands, imports, matches
from tests.helpers.stored import form_token, hand


def add(session, token: str, entries) -> Hand:
    version = matches.match_version(session, token).version
    return hands.add_hand(session, token, entries, version=version, form_token=form_token())


def test_a_pointless_trick_is_stored_and_keeps_the_meld(session, new_match):
    token = new_match(save_with="trick")
    saved = add(
        session, token, hand(meld=[100, 80], tricks=[250, 0], bid=300, took_trick=[True, True])
    )

    assert (saved.took_trick, saved.moon) == ([True, True], False)
    row = matches.load_match(session, token).ledger.rows[0]
    assert row.outcome.points == (350, 80)
    assert "Them took a trick with no counters, so their 80 meld counts" in row.outcome.sentence


def test_a_moon_is_stored_and_scored(session, new_match):
    token = new_match(moon=1500, target=5000)
    add(session, token, hand(meld=[100, 80], tricks=[250, 0], bid=300, moon=True))

    assert matches.load_match(session, token).ledger.rows[0].outcome.points == (1500, 0)


def test_a_moon_in_a_match_without_it_is_refused_and_nothing_is_stored(session, new_match):
    token = new_match()
    with pytest.raises(RuleError, match="hand 1: the moon is off in this match"):
        add(session, token, hand(moon=True))
    assert matches.load_match(session, token).hands == []


def test_undoing_a_correction_brings_back_took_trick_and_moon(session, new_match):
    token = new_match(save_with="trick", moon=1500, target=5000)
    first = hand(meld=[100, 80], tricks=[250, 0], bid=300, took_trick=[True, True])
    saved = add(session, token, first)
    hands.edit_hand(
        session, token, saved.id, {**first, "took_trick": None, "moon": True}, hand_version=0
    )
    assert matches.load_match(session, token).ledger.rows[0].outcome.points == (1500, 0)

    hands.undo(session, token, version=matches.match_version(session, token).version)

    restored = matches.load_match(session, token).hands[0]
    assert (restored.took_trick, restored.moon) == ([True, True], False)


def test_export_and_import_carry_took_trick_and_moon(session, new_match):
    token = new_match(save_with="trick", moon=1500, target=5000)
    add(session, token, hand(meld=[100, 80], tricks=[250, 0], bid=300, took_trick=[True, True]))
    add(session, token, hand(meld=[100, 80], tricks=[240, 10], bid=300, moon=True))
    match = matches.load_match(session, token).match
    record = export.match_record(match)

    assert [(h["took_trick"], h["moon"]) for h in record["hands"]] == [
        ([True, True], False),
        (None, True),
    ]
    copy = imports.read_match({**record, "edit_token": "c" * 24, "view_token": "d" * 24}, 1)
    assert [(h.took_trick, h.moon) for h in copy.hands] == [([True, True], False), (None, True)]


def test_a_document_from_before_these_fields_imports_with_them_off(session, new_match):
    token = new_match()
    add(session, token, hand())
    record = export.match_record(matches.load_match(session, token).match)
    for stored in record["hands"]:
        del stored["took_trick"], stored["moon"]

    copy = imports.read_match({**record, "edit_token": "e" * 24, "view_token": "f" * 24}, 1)

    assert [(h.took_trick, h.moon) for h in copy.hands] == [(None, False)]


def test_an_imported_took_trick_needs_one_entry_per_side(session, new_match):
    token = new_match(save_with="trick")
    add(session, token, hand(took_trick=[False, False]))
    record = export.match_record(matches.load_match(session, token).match)
    record["hands"][0]["took_trick"] = [True]

    with pytest.raises(imports.ImportRefused, match="took_trick must hold one entry per side"):
        imports.read_match({**record, "edit_token": "g" * 24, "view_token": "h" * 24}, 1)
