"""A club night that changes between rounds (issue 25, item 6): a late arrival joins or a
player goes home, and only the rounds not yet played are drawn again. Partners stay
unrepeated whenever a round's players can still be paired that way, every player here
plays or sits out once a round, and the sitting-out turns go to those who have sat out
least."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.rules import ClubRound, RuleError, club_redraw, club_schedule


def names(count: int) -> list[str]:
    return [f"Player {number}" for number in range(1, count + 1)]


def partners(rounds) -> Counter:
    return Counter(frozenset(side) for played in rounds for t in played.tables for side in t.sides)


def everyone(played: ClubRound) -> list[str]:
    return [name for table in played.tables for side in table.sides for name in side] + list(
        played.sitting_out
    )


def can_pair_afresh(players: list[str], used: set[frozenset]) -> bool:
    """Can ``players`` (an even count) be paired with nobody partnering twice? (By search.)"""
    if not players:
        return True
    first, rest = players[0], players[1:]
    return any(
        frozenset((first, other)) not in used
        and can_pair_afresh([p for p in rest if p != other], used)
        for other in rest
    )


def test_a_late_arrival_before_round_3_joins_round_3_with_partners_unrepeated():
    # 8 players, 3 rounds: two tables a round. Ivy comes before round 3.
    played = club_schedule(names(8), 3, seed=7)[:2]

    (third,) = club_redraw([*names(8), "Ivy"], played, 3, seed=7)

    assert third.round == 3
    assert sorted(everyone(third)) == sorted([*names(8), "Ivy"])
    # Nine players: two tables, one sits out; nobody partners anyone a second time.
    assert len(third.tables) == 2 and len(third.sitting_out) == 1
    assert max(partners([*played, third]).values()) == 1


def test_a_player_who_goes_home_leaves_the_rest_every_round_at_a_table():
    # 9 players: one sits out each round. After round 2, Player 9 goes home: 8 are left,
    # who fill two tables every round from round 3 on.
    played = club_schedule(names(9), 5, seed=3)[:2]

    rest = club_redraw(names(8), played, 5, seed=3)

    assert [r.round for r in rest] == [3, 4, 5]
    for later in rest:
        assert sorted(everyone(later)) == sorted(names(8))
        assert later.sitting_out == ()
    assert max(partners([*played, *rest]).values()) == 1


def test_the_sitting_out_turn_goes_to_those_who_have_sat_out_least():
    # 10 players, 2 sit out a round; after 2 rounds four have sat out once.
    played = club_schedule(names(10), 4, seed=1)[:2]
    sat_out = {name for r in played for name in r.sitting_out}

    third = club_redraw(names(10), played, 4, seed=1)[0]

    assert len(sat_out) == 4
    assert not set(third.sitting_out) & sat_out


def test_fixed_teams_a_fifth_team_arrives_and_sits_out_after_the_others():
    teams = [names(10)[i : i + 2] for i in range(0, 8, 2)]
    played = club_schedule(names(8), 4, "fixed", teams, seed=2)[:1]
    late = ["Player 9", "Player 10"]

    rest = club_redraw(names(10), played, 4, "fixed", [*teams, late], seed=2)

    assert [r.round for r in rest] == [2, 3, 4]
    byes = Counter(tuple(r.sitting_out) for r in rest)
    # Five teams over three rounds: three different teams sit out, one each.
    assert sum(byes.values()) == 3 and max(byes.values()) == 1
    for later in rest:
        assert sorted(everyone(later)) == sorted(names(10))
    # Teams that met in round 1 do not meet again while the others are left to meet.
    first_meetings = {frozenset(map(tuple, t.sides)) for t in played[0].tables}
    assert not first_meetings & {
        frozenset(map(tuple, t.sides)) for later in rest[:1] for t in later.tables
    }


def test_a_night_with_more_rounds_played_than_it_has_is_refused():
    played = club_schedule(names(8), 3)
    with pytest.raises(RuleError, match="the night has 2 rounds and 3 are played already"):
        club_redraw(names(8), played, 2)


def test_the_redraw_checks_the_players_as_the_schedule_does():
    played = club_schedule(names(8), 3)[:1]
    with pytest.raises(RuleError, match="at least 4 players"):
        club_redraw(names(3), played, 3)
    with pytest.raises(RuleError, match="named twice"):
        club_redraw([*names(8), "player 1"], played, 3)


@settings(max_examples=80, deadline=None)
@given(
    count=st.integers(5, 10),
    data=st.data(),
    change=st.sampled_from(["arrives", "leaves"]),
    seed=st.integers(0, 10_000),
)
def test_redrawn_rounds_seat_everyone_once_and_repeat_a_partner_only_when_they_must(
    count, data, change, seed
):
    rounds = data.draw(st.integers(2, count - 1), label="rounds")
    done = data.draw(st.integers(1, rounds - 1), label="rounds played")
    played = club_schedule(names(count), rounds, seed=seed)[:done]
    now = [*names(count), "Late"] if change == "arrives" else names(count)[1:]

    rest = club_redraw(now, played, rounds, seed=seed)

    assert [r.round for r in rest] == list(range(done + 1, rounds + 1))
    used = {frozenset(side) for r in played for t in r.tables for side in t.sides}
    byes = Counter({name: 0 for name in now})
    for r in played:
        byes.update(name for name in r.sitting_out if name in byes)
    for later in rest:
        assert sorted(everyone(later)) == sorted(now)
        assert len(later.sitting_out) == len(now) % 4
        # Those who sit out had sat out no more than anyone who plays.
        seated = [name for name in now if name not in later.sitting_out]
        if later.sitting_out and seated:
            assert max(byes[n] for n in later.sitting_out) <= min(byes[n] for n in seated)
        sides = {frozenset(side) for t in later.tables for side in t.sides}
        if sides & used:
            assert not can_pair_afresh(seated, used), "a partner repeated that need not be"
        used |= sides
        byes.update(later.sitting_out)


def test_every_two_pairs_face_each_other_in_a_table():
    played = club_schedule(names(12), 4, seed=5)[:1]
    for later in club_redraw(names(12), played, 4, seed=5):
        for table in later.tables:
            assert len(table.sides) == 2
            assert all(len(side) == 2 for side in table.sides)
            assert not set(table.sides[0]) & set(table.sides[1])
        assert [t.table for t in later.tables] == list(range(1, len(later.tables) + 1))
        assert len(set(everyone(later))) == 12
