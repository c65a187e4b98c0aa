"""A club night as the services run it (issue 25): rounds opened as ordinary matches,
results confirmed by both sides and locked, the host's locks, moves and restarts, late
arrivals and players going home, and the standings over the locked tables."""

from __future__ import annotations

from datetime import timedelta

import pytest

from scorekeeper.models import ClubNight
from scorekeeper.rules import RuleError
from scorekeeper.services import club, club_reading, hands
from scorekeeper.services.club_tables import Locked
from scorekeeper.services.errors import Conflict, NotFound, ServiceError
from tests.helpers.stored import form_token, hand

EIGHT = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]
# One made hand wins a partnership match to 250: seat 0's side scores 260.
QUICK = {"target": 250}


def night(session, **changes) -> ClubNight:
    settings = {
        "name": "Tuesday pinochle",
        "players": EIGHT,
        "format": "rotating",
        "rounds": 3,
        "game": "partnership",
        "house_rules": QUICK,
        "seed": 11,
        **changes,
    }
    return club.start_night(session, **settings)


def reread(session, token: str) -> ClubNight:
    session.expire_all()
    return club_reading.find_night(session, token)


def start_round(session, token: str):
    return club.start_round(session, token, version=reread(session, token).version)


def win_table(session, table, seat: int = 0) -> None:
    """The table's match won in one hand by the side of ``seat`` (0 or 1)."""
    hands.add_hand(
        session,
        table.match.edit_token,
        hand(
            bidder=seat,
            meld=[100, 40] if seat == 0 else [40, 100],
            tricks=[160, 90][:: 1 - 2 * seat],
        ),
        version=table.match.version,
        form_token=form_token(),
    )


def shown(table) -> str:
    """The result a page of the table shows now (what its confirm buttons carry)."""
    return club_reading.table_state(table.round.night, table.round, table).result


def confirm_both(session, table) -> None:
    for side in (0, 1):
        session.expire_all()
        club.confirm_result(session, table.match.edit_token, side, result=shown(table))


def test_a_round_opens_an_ordinary_match_at_each_table_with_partners_across(session):
    host = night(session).host_token

    first = start_round(session, host)

    assert first.number == 1
    assert [t.table for t in first.tables] == [1, 2]
    drawn = club_reading.schedule(reread(session, host))[0]
    for table, planned in zip(first.tables, drawn.tables, strict=True):
        (a, b), (c, d) = planned.sides
        assert table.match.player_names == [a, c, b, d]
        assert table.match.side_names == [f"{a} & {b}", f"{c} & {d}"]
        assert club_reading.table_sides(table.match) == planned.sides


def test_the_next_round_waits_until_every_table_has_locked_its_result(session):
    host = night(session).host_token
    first = start_round(session, host)

    with pytest.raises(ServiceError, match="Round 1 is still open: table 1 has not confirmed"):
        start_round(session, host)

    for table in first.tables:
        win_table(session, table)
        confirm_both(session, table)
    assert start_round(session, host).number == 2


def test_both_sides_confirm_and_the_result_locks_and_refuses_every_write(session):
    host = night(session).host_token
    table = start_round(session, host).tables[0]
    token = table.match.edit_token

    with pytest.raises(ServiceError, match="when the round has ended"):
        club.confirm_result(session, token, 0, result=shown(table))
    win_table(session, table)
    session.expire_all()
    club.confirm_result(session, token, 0, result=shown(table))
    session.expire_all()
    assert table.confirmed == [True, False] and not table.locked
    club.confirm_result(session, token, 1, result=shown(table))
    session.expire_all()
    assert table.locked

    with pytest.raises(Locked, match="Table 1's result is locked: both sides confirmed it"):
        hands.undo(session, token, version=table.match.version)
    with pytest.raises(Locked):
        hands.delete_hand(session, token, table.match.hands[0].id)


def test_a_correction_after_one_side_confirmed_takes_the_confirmation_back(session):
    host = night(session, house_rules={}).host_token
    table = start_round(session, host).tables[0]
    night_now = reread(session, host)
    night_now.round_end = "hands"  # a round of one hand
    night_now.round_end_value = 1
    session.commit()
    win_table(session, table)
    session.expire_all()
    club.confirm_result(session, table.match.edit_token, 0, result=shown(table))
    session.expire_all()
    assert table.confirmed == [True, False]

    hands.edit_hand(
        session,
        table.match.edit_token,
        table.match.hands[0].id,
        hand(bid=300),
        hand_version=table.match.hands[0].version,
    )

    session.expire_all()
    assert table.confirmed == [False, False]


def test_a_round_of_n_hands_refuses_hand_n_plus_1(session):
    host = night(session, house_rules={}, round_end="hands", round_end_value=1).host_token
    table = start_round(session, host).tables[0]
    win_table(session, table)  # not won at 1500: the round ends on its hand count

    session.expire_all()
    with pytest.raises(Locked, match="This round ended after 1 hands"):
        win_table(session, table)
    state = club_reading.table_state(reread(session, host), table.round, table)
    assert state.ended and state.why_ended == "hands" and state.status == "confirming"


def test_a_timed_round_may_be_confirmed_once_its_time_is_up(session):
    host = night(session, house_rules={}, round_end="minutes", round_end_value=50).host_token
    started = start_round(session, host)
    table = started.tables[0]
    assert not club_reading.table_state(reread(session, host), started, table).ended

    started.started_at -= timedelta(minutes=51)
    session.commit()

    state = club_reading.table_state(reread(session, host), started, table)
    assert state.ended and state.why_ended == "time"


def test_a_confirmation_from_a_page_drawn_before_the_score_changed_is_refused(session):
    host = night(session, house_rules={}, round_end="hands", round_end_value=1).host_token
    table = start_round(session, host).tables[0]
    win_table(session, table)
    session.expire_all()
    drawn = shown(table)
    hands.edit_hand(  # another phone corrects the meld: 120, not 100
        session,
        table.match.edit_token,
        table.match.hands[0].id,
        hand(bidder=0, meld=[120, 40], tricks=[160, 90]),
        hand_version=table.match.hands[0].version,
    )
    session.expire_all()

    with pytest.raises(Conflict, match="The score changed on another phone"):
        club.confirm_result(session, table.match.edit_token, 0, result=drawn)
    session.expire_all()
    assert table.confirmed == [False, False]


def test_the_other_sides_confirmation_in_between_is_no_conflict(session):
    """Both sides' phones drew the ended round; one confirms, then the other from the page
    it drew before that: both count and the result locks (a CI run once refused it)."""
    host = night(session).host_token
    table = start_round(session, host).tables[0]
    win_table(session, table)
    session.expire_all()
    drawn = shown(table)

    club.confirm_result(session, table.match.edit_token, 0, result=drawn)
    club.confirm_result(session, table.match.edit_token, 1, result=drawn)

    session.expire_all()
    assert table.confirmed == [True, True] and table.locked


def test_the_host_locks_and_unlocks_a_table(session):
    created = night(session)
    table = start_round(session, created.host_token).tables[1]

    club.set_locked(
        session,
        created.host_token,
        table.id,
        True,
        version=reread(session, created.host_token).version,
    )
    session.expire_all()
    assert table.locked
    club.set_locked(
        session,
        created.host_token,
        table.id,
        False,
        version=reread(session, created.host_token).version,
    )
    session.expire_all()
    assert not table.locked and table.confirmed == [False, False]
    # The view link is no host link.
    with pytest.raises(NotFound):
        club.set_locked(session, created.view_token, table.id, True, version=0)


def test_a_host_page_drawn_before_another_change_is_refused(session):
    host = night(session).host_token
    stale = reread(session, host).version
    start_round(session, host)

    with pytest.raises(Conflict, match="changed on another phone"):
        club.start_round(session, host, version=stale)


def test_standings_count_the_locked_tables_with_byes(session):
    host = night(session, players=[*EIGHT, "Ivy"], rounds=2).host_token
    first = start_round(session, host)
    winners = set()
    for table in first.tables:
        win_table(session, table, seat=0)
        winners |= set(club_reading.table_sides(table.match)[0])
        confirm_both(session, table)

    standings = club_reading.night_standings(reread(session, host))

    by_name = {s.names[0]: s for s in standings.players}
    for name in winners:
        assert by_name[name].wins == 1 and by_name[name].points == 260
    (sat_out,) = first.sitting_out
    # The bye: the round winners' average (260), as points, not a win.
    assert by_name[sat_out].played == 0 and by_name[sat_out].points == 260
    assert standings.players[0].wins == 1


def test_a_late_arrival_joins_the_next_round_and_partners_stay_unrepeated(session):
    host = night(session).host_token
    for _ in range(2):
        for table in start_round(session, host).tables:
            win_table(session, table)
            confirm_both(session, table)

    club.add_player(session, host, ["Ivy"], version=reread(session, host).version)
    third = start_round(session, host)

    seated = {
        name for t in third.tables for side in club_reading.table_sides(t.match) for name in side
    }
    assert "Ivy" in seated | set(third.sitting_out)
    assert len(seated) == 8 and len(third.sitting_out) == 1
    pairs = [
        frozenset(side)
        for r in club_reading.played(reread(session, host))
        for t in r.tables
        for side in t.sides
    ]
    assert len(pairs) == len(set(pairs))


def test_a_player_going_home_leaves_the_rounds_still_to_play(session):
    host = night(session, players=[*EIGHT, "Ivy"], rounds=3).host_token
    for table in start_round(session, host).tables:
        win_table(session, table)
        confirm_both(session, table)
    ivy = next(p for p in reread(session, host).players if p.name == "Ivy")

    club.player_leaves(session, host, ivy.id, version=reread(session, host).version)

    later = club_reading.schedule(reread(session, host))[1:]
    for upcoming in later:
        everyone = [n for t in upcoming.tables for s in t.sides for n in s] + list(
            upcoming.sitting_out
        )
        assert sorted(everyone) == sorted(EIGHT)


def test_restarting_a_round_takes_every_table_back_to_hand_1(session):
    host = night(session, house_rules={}).host_token
    started = start_round(session, host)
    win_table(session, started.tables[0])
    token = started.tables[0].match.edit_token

    club.restart_round(session, host, version=reread(session, host).version)

    session.expire_all()
    assert started.tables[0].match.hands == []
    assert started.tables[0].match.edit_token == token  # the card and the phones stay


def test_moving_a_table_keeps_its_match_and_refuses_a_taken_number(session):
    host = night(session).host_token
    first, second = start_round(session, host).tables

    with pytest.raises(RuleError, match="Table 2 is taken in this round"):
        club.move_table(session, host, first.id, 2, version=reread(session, host).version)
    club.move_table(session, host, first.id, 7, version=reread(session, host).version)

    session.expire_all()
    assert first.table == 7


@pytest.mark.parametrize(
    ("changes", "field", "sentence"),
    [
        ({"name": "  "}, "name", "Type a name for the night"),
        ({"players": EIGHT[:3]}, "players", "at least 4 players"),
        ({"players": [*EIGHT, "ann"]}, "players", "named twice"),
        ({"game": "three-handed"}, "game", "four players in two teams"),
        ({"round_end": "hands", "round_end_value": 0}, "round_end_value", "from 1 to 100 hands"),
        ({"round_end": "minutes", "round_end_value": 2}, "round_end_value", "5 to 300 minutes"),
        ({"format": "fixed", "teams": [EIGHT[:2], EIGHT[2:4]]}, "teams", "on no team"),
    ],
)
def test_a_night_that_cannot_be_played_is_refused_naming_the_field(
    session, changes, field, sentence
):
    with pytest.raises(RuleError, match=sentence) as refused:
        night(session, **changes)
    assert refused.value.field == field
    assert session.query(ClubNight).count() == 0


def test_fixed_teams_stay_together_every_round(session):
    teams = [EIGHT[i : i + 2] for i in range(0, 8, 2)]
    host = night(session, format="fixed", teams=teams).host_token

    first = start_round(session, host)

    for table in first.tables:
        for side in club_reading.table_sides(table.match):
            assert list(side) in teams


def test_a_night_from_a_group_puts_new_names_on_its_roster_and_its_tables_in_its_games(session):
    from scorekeeper.services import group_history, groups

    group = groups.create_group(session, "Tuesday club", EIGHT[:6])
    host = night(session, group=group).host_token  # Gus and Hal are new to the roster

    session.expire_all()
    assert sorted(p.name for p in group.players) == sorted(EIGHT)
    first = start_round(session, host)
    club.add_player(session, host, ["Ivy"], version=reread(session, host).version)

    session.expire_all()
    assert "Ivy" in {p.name for p in group.players}
    match_ids, dice_ids, names = group_history.group_games(session, group)
    assert sorted(match_ids) == sorted(t.match_id for t in first.tables) and dice_ids == []
    assert sorted(name for _, _, name in names) == sorted(EIGHT)
    assert all(names[key] == key[2] for key in names)  # each name is its roster player
