"""Every write rule of a pinochle match, through the services: no request, no HTML."""

from __future__ import annotations

import pytest
from sqlalchemy import func, select

from scorekeeper.models import Change, DeviceMatch, Hand, Match
from scorekeeper.rules import RuleError
from scorekeeper.services import devices, hands, matches
from scorekeeper.services.errors import AlreadyRecorded, Conflict, GameOver, NotFound, Refused
from tests.helpers.stored import MADE, form_token, hand


def version_of(session, token: str) -> int:
    session.expire_all()
    return matches.match_version(session, token).version


def hand_count(session) -> int:
    return session.scalar(select(func.count()).select_from(Hand))


def add(session, token: str, entries=MADE, token_of_form=None) -> Hand:
    """Add a hand from a form drawn at the match's current version."""
    return hands.add_hand(
        session,
        token,
        entries,
        version=version_of(session, token),
        form_token=token_of_form or form_token(),
    )


def test_a_saved_hand_is_in_the_ledger_and_moves_the_version(session, new_match):
    token = new_match()

    add(session, token)

    state = matches.load_match(session, token)
    assert [row.outcome.points for row in state.ledger.rows] == [(260, 130)]
    assert version_of(session, token) == 1


def test_a_double_tapped_save_records_one_hand(session, new_match):
    token = new_match()
    tapped = form_token()
    add(session, token, token_of_form=tapped)

    with pytest.raises(AlreadyRecorded):
        hands.add_hand(session, token, MADE, version=0, form_token=tapped)

    assert hand_count(session) == 1 and version_of(session, token) == 1


def test_a_hand_drawn_before_another_phones_save_is_a_conflict_that_says_what_it_saved(
    session, new_match
):
    token = new_match()
    add(session, token)

    with pytest.raises(Conflict) as conflict:
        hands.add_hand(session, token, MADE, version=0, form_token=form_token())

    assert "hand 1 was saved" in conflict.value.sentence
    assert hand_count(session) == 1 and version_of(session, token) == 1


@pytest.mark.parametrize("version", [None, "1", "abc", -1, 2**31, True, 1.0])
def test_a_hand_without_a_readable_version_is_refused_and_nothing_is_written(
    session, new_match, version
):
    token = new_match()

    with pytest.raises(Refused) as refused:
        hands.add_hand(session, token, MADE, version=version, form_token=form_token())

    assert "out of date" in refused.value.sentence
    assert hand_count(session) == 0 and version_of(session, token) == 0


@pytest.mark.parametrize("token_of_form", [None, "", "short", "has space in it here", "x" * 41])
def test_a_hand_whose_form_token_is_not_one_of_ours_is_refused(session, new_match, token_of_form):
    token = new_match()

    with pytest.raises(Refused):
        hands.add_hand(session, token, MADE, version=0, form_token=token_of_form)

    assert hand_count(session) == 0 and version_of(session, token) == 0


def test_a_hand_that_breaks_a_rule_names_the_hand_and_writes_nothing(session, new_match):
    token = new_match()
    add(session, token)

    with pytest.raises(RuleError) as broken:
        add(session, token, hand(bid=255))

    assert broken.value.hand == 2 and broken.value.field == "bid"
    assert hand_count(session) == 1 and version_of(session, token) == 1


def test_no_hand_is_added_once_the_game_is_won(session, new_match):
    token = new_match(target=250)
    add(session, token)

    with pytest.raises(GameOver):
        add(session, token)

    assert hand_count(session) == 1


def test_an_unknown_link_is_not_found(session):
    with pytest.raises(NotFound):
        hands.add_hand(session, "A" * 24, MADE, version=0, form_token=form_token())


def test_an_edit_replays_every_total_after_it_and_moves_both_versions(session, new_match):
    token = new_match()
    first = add(session, token)
    add(session, token)

    hands.edit_hand(session, token, first.id, hand(bid=300, tricks=[200, 50]), hand_version=0)

    state = matches.load_match(session, token)
    assert [row.totals for row in state.ledger.rows] == [(300, 90), (560, 220)]
    assert state.hands[0].version == 1 and version_of(session, token) == 3


def test_an_edit_from_a_form_drawn_before_another_phones_edit_is_a_conflict(session, new_match):
    token = new_match()
    first = add(session, token)
    hands.edit_hand(session, token, first.id, hand(bid=300, tricks=[200, 50]), hand_version=0)

    with pytest.raises(Conflict) as conflict:
        hands.edit_hand(session, token, first.id, hand(bid=260), hand_version=0)

    assert conflict.value.version == 1
    assert "bid 300" in conflict.value.sentence or "300" in conflict.value.sentence
    assert matches.load_match(session, token).hands[0].bid == 300


def test_an_edit_without_the_hands_version_is_refused(session, new_match):
    token = new_match()
    first = add(session, token)

    with pytest.raises(Refused):
        hands.edit_hand(session, token, first.id, hand(bid=300), hand_version=None)

    assert matches.load_match(session, token).hands[0].bid == 250


def test_a_hand_of_another_match_cannot_be_edited(session, new_match):
    mine, theirs = new_match(), new_match()
    their_hand = add(session, theirs)

    with pytest.raises(NotFound):
        hands.edit_hand(session, mine, their_hand.id, MADE, hand_version=0)


def test_a_delete_is_done_once_however_often_it_is_sent(session, new_match):
    token = new_match()
    first = add(session, token)

    hands.delete_hand(session, token, first.id)
    hands.delete_hand(session, token, first.id)

    assert hand_count(session) == 0 and version_of(session, token) == 2


def test_a_delete_that_would_leave_hands_after_the_win_is_a_conflict(session, new_match):
    token = new_match(target=700)
    first = add(session, token, hand(meld=[0, 0], tricks=[0, 250]))  # Us set: -250
    big = hand(bid=700, meld=[500, 0], tricks=[250, 0])  # Us make 750
    add(session, token, big)
    add(session, token, big)  # Us reach 1250: the win is here, at hand 3

    with pytest.raises(Conflict) as conflict:
        hands.delete_hand(session, token, first.id)

    assert conflict.value.sentence.startswith("Hand 1 cannot be deleted")
    assert hand_count(session) == 3


@pytest.mark.parametrize("change", ["add", "edit", "delete"])
def test_undo_takes_back_the_last_change_once(session, new_match, change):
    token = new_match()
    first = add(session, token)
    before = [h.entries() for h in matches.load_match(session, token).hands]
    if change == "add":
        before = []
    elif change == "edit":
        hands.edit_hand(session, token, first.id, hand(bid=300, tricks=[200, 50]), hand_version=0)
    else:
        hands.delete_hand(session, token, first.id)
    seen = version_of(session, token)

    assert hands.undo(session, token, version=seen) is True
    assert hands.undo(session, token, version=seen) is False  # the double tap

    assert [h.entries() for h in matches.load_match(session, token).hands] == before
    assert version_of(session, token) == seen + 1


@pytest.mark.parametrize("version", [None, "abc", float("nan"), -1])
def test_an_undo_without_a_readable_version_is_refused(session, new_match, version):
    token = new_match()
    add(session, token)

    with pytest.raises(Refused):
        hands.undo(session, token, version=version)

    assert hand_count(session) == 1
    assert session.scalar(select(func.count()).select_from(Change)) == 1


def test_a_rematch_keeps_the_names_and_rules_and_the_next_player_deals(session, new_match):
    token = new_match(target=1000)

    rematch = hands.rematch(session, token)

    assert rematch.house_rules == {"target": 1000} and rematch.first_dealer == 1
    assert rematch.player_names == ["Ann", "Bob", "Cat", "Dan"]


def test_a_match_whose_house_rule_breaks_the_rules_is_not_started(session):
    with pytest.raises(RuleError):
        hands.start_match(
            session,
            game="partnership",
            house_rules={"min_bid": -5},
            side_names=["Us", "Them"],
            player_names=["A", "B", "C", "D"],
            first_dealer=0,
        )
    assert session.scalar(select(func.count()).select_from(Match)) == 0


def test_a_device_lists_a_match_once_however_often_it_is_opened(session, new_match):
    token = new_match()
    match_id = matches.match_version(session, token).id

    devices.remember_match(session, "phone-" + "x" * 20, match_id)
    devices.remember_match(session, "phone-" + "x" * 20, match_id)

    assert session.scalar(select(func.count()).select_from(DeviceMatch)) == 1
    assert [s.match.edit_token for s in devices.device_matches(session, "phone-" + "x" * 20)] == [
        token
    ]
