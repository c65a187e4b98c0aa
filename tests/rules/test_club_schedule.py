"""A club night's schedule (API.md "Club night"), checked by a validator of the whist-tournament
properties for every player count from 4 to 40 and every night up to n - 1 rounds: every
round seats each player once, no more sit out than the count forces, no two players
partner twice, the sitting-out turns differ by at most one, and where the count allows a
whole whist tournament (4k players over 4k - 1 rounds, 4k + 1 over 4k + 1) every two
players partner exactly once and meet as opponents exactly twice. Fixed teams: a round
robin."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.rules import (
    CLUB_EVEN_UP_TO,
    CLUB_MAX_PLAYERS,
    ClubRound,
    RuleError,
    club_schedule,
    whist_rounds,
)


def names(count: int) -> list[str]:
    return [f"Player {number}" for number in range(1, count + 1)]


def meetings(night: tuple[ClubRound, ...]) -> tuple[Counter, Counter, Counter]:
    """How often each two players partnered, met as opponents, and each player sat out."""
    partners, opponents, byes = Counter(), Counter(), Counter()
    for played in night:
        for table in played.tables:
            for side in table.sides:
                partners[frozenset(side)] += 1
            for x in table.sides[0]:
                for y in table.sides[1]:
                    opponents[frozenset((x, y))] += 1
        byes.update(played.sitting_out)
    return partners, opponents, byes


def check_rounds_seat_everyone(players: list[str], night: tuple[ClubRound, ...]) -> None:
    for number, played in enumerate(night, start=1):
        assert played.round == number
        seated = [name for table in played.tables for side in table.sides for name in side]
        assert sorted(seated + list(played.sitting_out)) == sorted(players)
        assert [table.table for table in played.tables] == list(range(1, len(played.tables) + 1))
        assert all(len(side) == 2 for table in played.tables for side in table.sides)


def check_rotating(players: list[str], night: tuple[ClubRound, ...], *, even_byes=True) -> None:
    """The validator: what API.md promises of a rotating night."""
    check_rounds_seat_everyone(players, night)
    count = len(players)
    for played in night:
        assert len(played.sitting_out) == count % 4, "no more sit out than the count forces"
    partners, _, byes = meetings(night)
    if len(night) <= count - 1:
        assert max(partners.values()) == 1, "two players partnered twice"
    if even_byes:
        turns = [byes[name] for name in players]
        assert max(turns) - min(turns) <= 1, f"sitting out unevenly: {Counter(turns)}"


def check_whole_whist(players: list[str], night: tuple[ClubRound, ...]) -> None:
    partners, opponents, byes = meetings(night)
    for pair in map(frozenset, combinations(players, 2)):
        assert partners[pair] == 1, f"{sorted(pair)} partnered {partners[pair]} times"
        assert opponents[pair] == 2, f"{sorted(pair)} met {opponents[pair]} times"
    if len(players) % 4 == 1:
        assert all(byes[name] == 1 for name in players)


@pytest.mark.parametrize("count", range(4, 41))
def test_every_night_up_to_n_minus_one_rounds_keeps_the_promises(count):
    players = names(count)
    for rounds in range(1, count):
        check_rotating(players, club_schedule(players, rounds))


@pytest.mark.parametrize("count", [n for n in range(4, 41) if n % 4 in (0, 1)])
def test_a_whole_whist_tournament_where_the_count_allows_one(count):
    players = names(count)
    rounds = count - 1 if count % 4 == 0 else count
    night = club_schedule(players, rounds)
    check_rotating(players, night)
    check_whole_whist(players, night)


def test_api_example_eight_players_seven_rounds_is_a_whist_tournament():
    players = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]
    night = club_schedule(players, 7, "rotating")
    assert len(night) == 7
    assert all(len(played.tables) == 2 and not played.sitting_out for played in night)
    check_whole_whist(players, night)


@pytest.mark.parametrize("count", [n for n in range(4, CLUB_EVEN_UP_TO + 1) if n % 4 in (0, 1)])
def test_the_whist_designs_develop_into_whist_tournaments(count):
    rounds = whist_rounds(count)
    assert rounds is not None
    check_whole_whist(list(range(count)), tuple(_as_club(rounds)))


def _as_club(rounds):
    from scorekeeper.rules import ClubTable

    for number, played in enumerate(rounds, start=1):
        yield ClubRound(
            number,
            tuple(ClubTable(i, sides) for i, sides in enumerate(played.tables, start=1)),
            played.sitting_out,
        )


def test_no_whist_design_for_a_count_that_allows_none():
    assert whist_rounds(6) is None
    assert whist_rounds(7) is None


@settings(max_examples=60, deadline=None)
@given(
    count=st.integers(4, 90),
    rounds=st.integers(1, 100),
    seed=st.none() | st.integers(-(2**63), 2**63),
)
def test_any_night_seats_everyone_and_repeats_no_partner_within_n_minus_one(count, rounds, seed):
    players = names(count)
    night = club_schedule(players, rounds, seed=seed)
    assert len(night) == rounds
    check_rotating(players, night, even_byes=count <= CLUB_EVEN_UP_TO)


@settings(max_examples=30, deadline=None)
@given(count=st.integers(4, 40), rounds=st.integers(1, 45), seed=st.integers(0, 10**6))
def test_the_same_seed_draws_the_same_night(count, rounds, seed):
    players = names(count)
    assert club_schedule(players, rounds, seed=seed) == club_schedule(players, rounds, seed=seed)


def test_a_seed_shuffles_who_takes_which_place():
    players = names(12)
    drawn = {club_schedule(players, 3, seed=seed)[0] for seed in range(10)}
    assert len(drawn) > 1
    assert club_schedule(players, 3) == club_schedule(players, 3)


def test_names_are_trimmed_and_kept_as_typed():
    night = club_schedule([" Ann ", "Bob", "Cat", "Dan"], 1)
    seated = {name for table in night[0].tables for side in table.sides for name in side}
    assert seated == {"Ann", "Bob", "Cat", "Dan"}


@pytest.mark.parametrize(
    ("players", "rounds", "sentence"),
    [
        (["Ann", "Bob", "Cat"], 1, "at least 4 players"),
        (names(CLUB_MAX_PLAYERS + 1), 1, f"at most {CLUB_MAX_PLAYERS} players"),
        (["Ann", "Bob", "Cat", "ann"], 1, "ann is named twice"),
        (["Ann", "Bob", "Cat", " "], 1, "blank"),
        (["Ann", "Bob", "Cat", "D\x00n"], 1, r"D\\u0000n: Type the name in letters"),
        (names(4), 0, "rounds must be from 1 to 200"),
        (names(4), 201, "rounds must be from 1 to 200"),
    ],
)
def test_a_night_that_cannot_be_drawn_says_why(players, rounds, sentence):
    with pytest.raises(RuleError, match=sentence):
        club_schedule(players, rounds)


def test_an_unknown_format_is_refused():
    with pytest.raises(RuleError, match="format must be one of rotating, fixed"):
        club_schedule(names(4), 1, "swiss")


def test_rotating_partners_take_no_teams():
    with pytest.raises(RuleError, match="teams are for the fixed format"):
        club_schedule(names(4), 1, teams=[names(4)[:2], names(4)[2:]])


# ------------------------------------------------------------------------------- fixed


def teams_of(count: int) -> tuple[list[str], list[list[str]]]:
    players = names(2 * count)
    return players, [players[i : i + 2] for i in range(0, len(players), 2)]


@pytest.mark.parametrize("teams", range(2, 21))
def test_fixed_teams_play_a_round_robin(teams):
    players, pairs = teams_of(teams)
    rounds = teams - 1 if teams % 2 == 0 else teams
    night = club_schedule(players, rounds, "fixed", pairs)
    check_rounds_seat_everyone(players, night)
    met = Counter()
    sat_out = Counter()
    for played in night:
        assert len(played.sitting_out) == 2 * (teams % 2), "at most one team a round sits out"
        if played.sitting_out:
            sat_out[played.sitting_out] += 1
        for table in played.tables:
            assert [list(side) in pairs for side in table.sides] == [True, True]
            met[frozenset(table.sides)] += 1
    assert set(met.values()) == {1}
    assert len(met) == teams * (teams - 1) // 2, "every two teams meet"
    if teams % 2:
        assert sorted(sat_out.values()) == [1] * teams, "each team sits out once"


def test_fixed_teams_meet_again_only_after_the_round_robin():
    players, pairs = teams_of(4)
    night = club_schedule(players, 5, "fixed", pairs)
    assert night[3].tables[0].sides == night[0].tables[0].sides


@pytest.mark.parametrize(
    ("teams", "sentence"),
    [
        (None, "the fixed format needs teams"),
        ([["Player 1", "Player 2", "Player 3"], ["Player 4"]], "team 1 must be two players"),
        ([["Player 1", "Player 2"], ["Player 2", "Player 3"]], "Player 2 is on two teams"),
        ([["Player 1", "Player 2"], ["Player 3", "Zed"]], "team 2: Zed is not among"),
        ([["Player 1", "Player 2"]], "Player 3 is on no team"),
    ],
)
def test_fixed_teams_that_do_not_fit_the_players_are_refused(teams, sentence):
    with pytest.raises(RuleError, match=sentence):
        club_schedule(names(4), 3, "fixed", teams)


def test_fixed_needs_two_teams():
    with pytest.raises(RuleError, match="at least 2 teams"):
        club_schedule(["Ann", "Bob"], 1, "fixed", [["Ann", "Bob"]])
