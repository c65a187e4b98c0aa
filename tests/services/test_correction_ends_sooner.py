"""A correction that ends the game sooner: refused with the hands after the new end named,
or saved together with their removal as one change (one version, one Undo)."""

from __future__ import annotations

import pytest
from sqlalchemy import func, select, update

from scorekeeper.models import Change, Hand
from scorekeeper.services import hands, match_words, matches
from scorekeeper.services.errors import Conflict
from tests.helpers.stored import form_token, hand

# Them bid 250 and go set; Us take 170: Us +170 a hand, so Us reach 1530 on hand 9.
US_170 = hand(bidder=1, meld=[0, 100], tricks=[170, 80])
# The same hand with 140 more meld for Us: 310, and the game ends a hand sooner.
US_310 = hand(bidder=1, meld=[140, 100], tricks=[170, 80])


def version_of(session, token: str) -> int:
    session.expire_all()
    return matches.match_version(session, token).version


def play(session, token: str, entries, times: int) -> list[int]:
    """Save the same hand ``times`` times; the hands' ids."""
    ids = []
    for _ in range(times):
        saved = hands.add_hand(
            session, token, entries, version=version_of(session, token), form_token=form_token()
        )
        ids.append(saved.id)
    return ids


def stored(session, token: str) -> list[dict]:
    session.expire_all()
    return [h.entries() for h in matches.load_match(session, token).hands]


@pytest.fixture
def finished_at_9(session, new_match):
    """A partnership match Us won on hand 9 (1530); its token and its hands' ids."""
    token = new_match()
    ids = play(session, token, US_170, 9)
    assert matches.load_match(session, token).ledger.win_reason == "Us reached 1500"
    return token, ids


def test_a_correction_that_ends_the_game_sooner_names_the_hands_after_the_end(
    session, finished_at_9
):
    token, ids = finished_at_9
    before = stored(session, token)

    with pytest.raises(hands.EndsEarlier) as refused:
        hands.edit_hand(session, token, ids[1], US_310, hand_version=0)

    end = refused.value.end
    assert (end.last, end.numbers, end.hand_ids) == (8, (9,), (ids[8],))
    assert end.sentence == (
        "With this change the game ends after hand 8 (Us reached 1500), so hand 9 would "
        "come after the end. Save and remove hand 9, or change this hand"
    )
    assert stored(session, token) == before and version_of(session, token) == 9


def test_several_hands_after_the_new_end_are_named_as_a_range(session, new_match):
    token = new_match()
    ids = play(session, token, US_170, 9)

    big = hand(bidder=1, meld=[600, 100], tricks=[170, 80])  # Us +770: 1500 on hand 6
    with pytest.raises(hands.EndsEarlier) as refused:
        hands.edit_hand(session, token, ids[0], big, hand_version=0)

    assert refused.value.end.numbers == (7, 8, 9)
    assert "so hands 7\u20139 would all come after the end" in refused.value.end.sentence
    assert "Save and remove hands 7\u20139, or change this hand" in refused.value.end.sentence


def test_saving_and_removing_the_hands_after_the_end_is_one_change(session, finished_at_9):
    token, ids = finished_at_9

    hands.edit_hand(session, token, ids[1], US_310, hand_version=0, remove_after_end=[ids[8]])

    state = matches.load_match(session, token)
    assert [h.id for h in state.hands] == ids[:8]
    assert state.hands[1].bid == 250 and state.hands[1].meld == [140, 100]
    assert state.ledger.win_reason == "Us reached 1500" and len(state.ledger.rows) == 8
    assert version_of(session, token) == 10  # moved once
    kinds = session.scalars(select(Change.kind).order_by(Change.id.desc()).limit(1)).all()
    assert kinds == ["trim"]


def test_one_undo_puts_back_the_corrected_hand_and_every_removed_hand(session, new_match):
    token = new_match()
    ids = play(session, token, US_170, 9)
    before = stored(session, token)
    big = hand(bidder=1, meld=[600, 100], tricks=[170, 80])
    hands.edit_hand(session, token, ids[0], big, hand_version=0, remove_after_end=ids[6:])
    assert len(stored(session, token)) == 6
    seen = version_of(session, token)

    assert hands.undo(session, token, version=seen) is True

    assert stored(session, token) == before
    assert version_of(session, token) == seen + 1
    state = matches.load_match(session, token)
    assert [h.position for h in state.hands] == list(range(1, 10))
    assert state.ledger.win_reason == "Us reached 1500" and len(state.ledger.rows) == 9


def test_an_undo_after_the_trim_takes_back_the_change_before_it_too(session, finished_at_9):
    token, ids = finished_at_9
    hands.edit_hand(session, token, ids[1], US_310, hand_version=0, remove_after_end=[ids[8]])
    hands.undo(session, token, version=version_of(session, token))

    # The change before the trim was hand 9's add: it refers to the restored hand 9.
    assert hands.undo(session, token, version=version_of(session, token)) is True

    assert len(stored(session, token)) == 8


def test_removing_other_hands_than_those_after_the_end_is_refused(session, finished_at_9):
    token, ids = finished_at_9
    before = stored(session, token)

    with pytest.raises(hands.EndsEarlier):
        hands.edit_hand(session, token, ids[1], US_310, hand_version=0, remove_after_end=[ids[7]])

    assert stored(session, token) == before and version_of(session, token) == 9


def test_a_correction_that_ends_no_sooner_removes_nothing_whatever_the_form_says(
    session, finished_at_9
):
    token, ids = finished_at_9
    slightly_more = hand(bidder=1, meld=[20, 100], tricks=[170, 80])  # Us 1550 on hand 9

    hands.edit_hand(
        session, token, ids[1], slightly_more, hand_version=0, remove_after_end=[ids[8]]
    )

    assert len(stored(session, token)) == 9
    assert session.scalar(select(Change.kind).order_by(Change.id.desc()).limit(1)) == "edit"


def test_a_trim_from_a_form_drawn_before_another_phones_edit_is_a_conflict(session, finished_at_9):
    token, ids = finished_at_9
    slightly_more = hand(bidder=1, meld=[20, 100], tricks=[170, 80])
    hands.edit_hand(session, token, ids[1], slightly_more, hand_version=0)  # another phone
    before, seen = stored(session, token), version_of(session, token)

    with pytest.raises(Conflict) as conflict:
        hands.edit_hand(session, token, ids[1], US_310, hand_version=0, remove_after_end=[ids[8]])

    assert conflict.value.version == 1
    assert stored(session, token) == before and version_of(session, token) == seen


def test_a_trim_whose_removed_hand_another_phone_changed_meanwhile_saves_nothing(
    session, finished_at_9, monkeypatch
):
    token, ids = finished_at_9
    before = stored(session, token)
    load = matches.load_match

    def load_then_other_phone_edits_hand_9(session_, token_, *args, **kwargs):
        # Read as the other phone's edit of hand 9 lands, before this one writes.
        state = load(session_, token_, *args, **kwargs)
        other_phone = update(Hand).where(Hand.id == ids[8]).values(version=Hand.version + 1)
        session_.execute(other_phone.execution_options(synchronize_session=False))
        return state

    monkeypatch.setattr(hands, "load_match", load_then_other_phone_edits_hand_9)

    with pytest.raises(Conflict) as conflict:
        hands.edit_hand(session, token, ids[1], US_310, hand_version=0, remove_after_end=[ids[8]])

    assert "hand 9" in conflict.value.sentence and "nothing was saved" in conflict.value.sentence
    monkeypatch.undo()
    assert stored(session, token) == before and version_of(session, token) == 9
    assert session.scalar(select(func.count()).select_from(Hand)) == 9


def test_other_phones_are_told_the_trim_as_a_change_to_the_corrected_hand(session, finished_at_9):
    token, ids = finished_at_9
    hands.edit_hand(session, token, ids[1], US_310, hand_version=0, remove_after_end=[ids[8]])

    state = matches.load_match(session, token)

    assert match_words.latest_change(session, state).startswith("hand 2 was changed: Them went set")
    assert match_words.changed_since(session, state, 9).verb == "changed"
