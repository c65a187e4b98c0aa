"""What another phone changed since a form was drawn (services.match_words.changed_since):
the notice a phone holding a typed hand is shown, and the conflict at Save."""

from __future__ import annotations

import pytest

from scorekeeper.services import hands, match_words, matches
from scorekeeper.services.errors import Conflict
from tests.helpers.stored import MADE, form_token, hand


def add(session, token: str, entries=MADE, version=None) -> None:
    if version is None:
        session.expire_all()
        version = matches.match_version(session, token).version
    hands.add_hand(session, token, entries, version=version, form_token=form_token())


def since(session, token: str, seen: int):
    session.expire_all()
    return match_words.changed_since(session, matches.load_match(session, token), seen)


def test_nothing_changed_since_the_version_the_match_is_at(session, new_match):
    token = new_match()
    add(session, token)

    assert since(session, token, 1) is None


def test_a_hand_saved_by_another_phone_is_named_with_its_ledger_sentence(session, new_match):
    token = new_match()
    add(session, token)

    change = since(session, token, 0)

    state = matches.load_match(session, token)
    outcome = state.ledger.rows[0].outcome.sentence
    assert (change.version, change.changes, change.next_number) == (1, 1, 2)
    assert change.sentence == f"Another phone saved hand 1: {outcome}"


def test_several_changes_since_are_counted_and_the_last_is_named(session, new_match):
    token = new_match()
    add(session, token)
    add(session, token, hand(bidder=1, bid=300, meld=[20, 120], tricks=[40, 210]))

    change = since(session, token, 0)

    outcome = matches.load_match(session, token).ledger.rows[1].outcome.sentence
    assert change.sentence == f"Another phone saved hand 2: {outcome} (2 changes since you started)"
    assert change.next_number == 3


def test_an_edited_hand_is_named_as_changed(session, new_match):
    token = new_match()
    add(session, token)
    state = matches.load_match(session, token)
    hands.edit_hand(session, token, state.hands[0].id, hand(bid=260), hand_version=0)

    assert since(session, token, 1).sentence.startswith("Another phone changed hand 1: ")


def test_a_deleted_hand_is_said_to_be_deleted(session, new_match):
    token = new_match()
    add(session, token)
    add(session, token)
    state = matches.load_match(session, token)
    hands.delete_hand(session, token, state.hands[1].id)

    assert since(session, token, 2).sentence == "Another phone deleted a hand"


def test_a_conflict_at_save_carries_what_changed_and_the_version_to_save_at(session, new_match):
    token = new_match()
    add(session, token)

    with pytest.raises(Conflict) as raised:
        add(session, token, hand(bid=300), version=0)

    assert raised.value.version == 1
    assert raised.value.change.next_number == 2
    assert raised.value.change.sentence.startswith("Another phone saved hand 1: ")
