"""A club night's standings (API.md "Club night"), worked by hand: each ranking (wins, match
points, points), each tiebreak (points, average, wins, head to head) and each bye rule
(none, the round winners' average rounded half up), shared ranks, partnerships."""

from __future__ import annotations

import pytest

from scorekeeper.rules import PlayedRound, PlayedTable, RuleError, club_standings


def table(side_a: str, side_b: str, score_a: int, score_b: int) -> PlayedTable:
    """``table("Ann Cat", "Bob Dan", 520, 310)``."""
    a, b = side_a.split(), side_b.split()
    return PlayedTable(((a[0], a[1]), (b[0], b[1])), (score_a, score_b))


def rows(standings) -> list[tuple]:
    return [(s.rank, " ".join(s.names), s.played, s.wins, s.points) for s in standings]


def test_the_api_example():
    night = [PlayedRound(1, (table("Ann Cat", "Bob Dan", 520, 310),), ("Eve",))]
    standings = club_standings(night, "wins", ["points", "head_to_head"], "winners_average")
    assert rows(standings.players) == [
        (1, "Ann", 1, 1, 520),
        (1, "Cat", 1, 1, 520),
        (3, "Eve", 0, 0, 520),  # the round's one winning side's score, no table played
        (4, "Bob", 1, 0, 310),
        (4, "Dan", 1, 0, 310),
    ]
    ann = standings.players[0]
    assert (ann.losses, ann.ties, ann.match_points) == (0, 0, 2)
    assert rows(standings.partnerships) == [(1, "Ann Cat", 1, 1, 520), (2, "Bob Dan", 1, 0, 310)]


# Two rounds: a tie, then Ann and Cat win.  Ann 1 win 1 tie, Bob 1 tie 1 loss…
TIE_THEN_WIN = [
    PlayedRound(1, (table("Ann Bob", "Cat Dan", 300, 300),)),
    PlayedRound(2, (table("Ann Cat", "Bob Dan", 400, 200),)),
]


def test_match_points_are_two_a_win_one_a_tie():
    standings = club_standings(TIE_THEN_WIN, "match_points")
    assert [(s.rank, s.names[0], s.match_points, s.ties) for s in standings.players] == [
        (1, "Ann", 3, 1),
        (1, "Cat", 3, 1),
        (3, "Bob", 1, 1),
        (3, "Dan", 1, 1),
    ]


def test_ranking_by_points_counts_every_table_s_score():
    standings = club_standings(TIE_THEN_WIN, "points")
    assert [(s.rank, s.names[0], s.points) for s in standings.players] == [
        (1, "Ann", 700),
        (1, "Cat", 700),
        (3, "Bob", 500),
        (3, "Dan", 500),
    ]


# Ann and Bob win once each: Ann over two tables (600 points), Bob over one (400).
UNEVEN_TABLES = [
    PlayedRound(1, (table("Ann Cat", "Dan Eve", 500, 100),), ("Bob",)),
    PlayedRound(2, (table("Bob Dan", "Ann Eve", 400, 100),), ("Cat",)),
]


def test_points_tiebreak_puts_the_bigger_total_first():
    standings = club_standings(UNEVEN_TABLES, "wins", ["points"])
    # One win each: Ann 600 over two tables, Cat 500 over one, Dan 500 over two, Bob 400.
    assert rows(standings.players)[:4] == [
        (1, "Ann", 2, 1, 600),
        (2, "Cat", 1, 1, 500),
        (2, "Dan", 2, 1, 500),
        (4, "Bob", 1, 1, 400),
    ]


def test_average_tiebreak_puts_the_bigger_total_a_table_first():
    standings = club_standings(UNEVEN_TABLES, "wins", ["average"])
    # Cat 500 a table, Bob 400, Ann 300, Dan 250.
    assert [s.names[0] for s in standings.players][:4] == ["Cat", "Bob", "Ann", "Dan"]
    assert [s.rank for s in standings.players][:4] == [1, 2, 3, 4]


def test_wins_as_a_tiebreak_after_points():
    night = [
        PlayedRound(1, (table("Ann Bob", "Cat Dan", 250, 250),)),
        PlayedRound(2, (table("Ann Cat", "Bob Dan", 100, 400),)),
    ]
    # Points: Bob and Dan 650, Ann and Cat 350; with wins: the same order, Bob and Dan tied.
    standings = club_standings(night, "points", ["wins"])
    assert [(s.rank, s.names[0]) for s in standings.players] == [
        (1, "Bob"),
        (1, "Dan"),
        (3, "Ann"),
        (3, "Cat"),
    ]


# Ann beat Bob when they sat on opposite sides; both have one win and 600 points.
HEAD_TO_HEAD = [
    PlayedRound(1, (table("Ann Cat", "Bob Dan", 300, 200),)),
    PlayedRound(2, (table("Bob Cat", "Ann Dan", 400, 300),)),
]


def test_head_to_head_decides_between_exactly_two():
    standings = club_standings(HEAD_TO_HEAD, "wins", ["points"])
    # Cat 2 wins (700); Ann and Bob 1 win, 600 each; Dan 0 wins.
    assert [(s.rank, s.names[0]) for s in standings.players] == [
        (1, "Cat"),
        (2, "Ann"),
        (2, "Bob"),
        (4, "Dan"),
    ]
    standings = club_standings(HEAD_TO_HEAD, "wins", ["points", "head_to_head"])
    # Ann beat Bob in round 1; Bob beat Ann in round 2: as many wins, no decision.
    assert [(s.rank, s.names[0]) for s in standings.players][1:3] == [(2, "Ann"), (2, "Bob")]


def test_head_to_head_with_one_more_win_over_the_other():
    night = [
        PlayedRound(1, (table("Ann Cat", "Bob Dan", 300, 200),)),
        PlayedRound(2, (table("Bob Cat", "Dan Eve", 300, 200),)),
    ]
    # Cat 2 wins; Ann and Bob 1 each (Ann beat Bob in round 1, Bob never beat Ann).
    assert [(s.rank, s.names[0]) for s in club_standings(night, "wins").players][:3] == [
        (1, "Cat"),
        (2, "Ann"),
        (2, "Bob"),
    ]
    ranked = club_standings(night, "wins", ["head_to_head"])
    assert [(s.rank, s.names[0]) for s in ranked.players][:3] == [
        (1, "Cat"),
        (2, "Ann"),
        (3, "Bob"),
    ]


def test_three_still_equal_share_a_rank_and_the_next_is_skipped():
    night = [
        PlayedRound(
            1,
            (table("Ann Bob", "Cat Dan", 200, 100), table("Eve Fay", "Gus Hal", 200, 100)),
        ),
    ]
    standings = club_standings(night, "wins", ["points", "head_to_head"])
    assert [s.rank for s in standings.players] == [1, 1, 1, 1, 5, 5, 5, 5]
    assert [s.names[0] for s in standings.players][:4] == ["Ann", "Bob", "Eve", "Fay"]


def test_byes_winners_average_rounds_half_up_and_ties_are_no_winners():
    night = [
        PlayedRound(
            1,
            (
                table("Ann Bob", "Cat Dan", 301, 100),
                table("Eve Fay", "Gus Hal", 0, 300),
                table("Ian Jo", "Kay Lee", 250, 250),
            ),
            ("Max",),
        )
    ]
    standings = club_standings(night, "points", byes="winners_average")
    max_line = next(s for s in standings.players if s.names == ("Max",))
    assert max_line.points == 301  # (301 + 300) / 2 = 300.5, rounded half up
    assert (max_line.played, max_line.wins, max_line.losses, max_line.ties) == (0, 0, 0, 0)


def test_byes_none_adds_nothing():
    night = [PlayedRound(1, (table("Ann Cat", "Bob Dan", 520, 310),), ("Eve",))]
    eve = next(s for s in club_standings(night).players if s.names == ("Eve",))
    assert (eve.points, eve.played, eve.rank) == (0, 0, 3)  # with Bob and Dan: no wins


def test_a_round_of_ties_credits_a_sitter_nothing():
    night = [PlayedRound(1, (table("Ann Cat", "Bob Dan", 250, 250),), ("Eve",))]
    eve = next(
        s for s in club_standings(night, byes="winners_average").players if s.names == ("Eve",)
    )
    assert eve.points == 0


def test_partnerships_count_only_the_tables_they_shared():
    night = [
        PlayedRound(1, (table("Ann Cat", "Bob Dan", 520, 310),)),
        PlayedRound(2, (table("Ann Bob", "Cat Dan", 100, 200),)),
        PlayedRound(3, (table("Cat Ann", "Dan Bob", 400, 450),)),
    ]
    pairs = {s.names: s for s in club_standings(night).partnerships}
    ann_cat = pairs["Ann", "Cat"]
    assert (ann_cat.played, ann_cat.wins, ann_cat.losses, ann_cat.points) == (2, 1, 1, 920)
    assert pairs["Ann", "Bob"].played == 1
    assert sorted(pairs) == [("Ann", "Bob"), ("Ann", "Cat"), ("Bob", "Dan"), ("Cat", "Dan")]


@pytest.mark.parametrize(
    ("night", "sentence"),
    [
        (
            [PlayedRound(2, (PlayedTable((("Ann", "Bob", "Cat"), ("Dan", "Eve")), (1, 2)),))],
            "round 2: a table has two sides of two players",
        ),
        (
            [PlayedRound(3, (table("Ann Bob", "Cat Ann", 1, 2),))],
            "round 3: Ann is in the round twice",
        ),
        (
            [PlayedRound(1, (table("Ann Bob", "Cat Dan", 1, 2),), ("Bob",))],
            "round 1: Bob is in the round twice",
        ),
        (
            [PlayedRound(4, (table("Ann Bob", "Cat Dan", 100_001, 2),))],
            "round 4: a score must be from -100000 to 100000",
        ),
        (
            [PlayedRound(4, (table("Ann Bob", "Cat Dan", 0, -100_001),))],
            "round 4: a score must be from -100000 to 100000",
        ),
    ],
)
def test_a_night_that_cannot_be_ranked_names_the_round(night, sentence):
    with pytest.raises(RuleError, match=sentence):
        club_standings(night)


@pytest.mark.parametrize(
    ("settings", "sentence"),
    [
        ({"ranking": "elo"}, "ranking must be one of wins, match_points, points"),
        ({"tiebreaks": ["coin"]}, "a tiebreak must be one of points, average, wins"),
        ({"byes": "average"}, "byes must be one of none, winners_average"),
    ],
)
def test_unknown_settings_are_refused(settings, sentence):
    with pytest.raises(RuleError, match=sentence):
        club_standings([], **settings)


def test_scores_at_the_limits_are_taken():
    night = [PlayedRound(1, (table("Ann Bob", "Cat Dan", 100_000, -100_000),))]
    assert club_standings(night).players[0].points == 100_000


def test_a_negative_winners_average_rounds_half_up_too():
    night = [
        PlayedRound(
            1,
            (table("Ann Bob", "Cat Dan", -50, -100), table("Eve Fay", "Gus Hal", -51, -200)),
            ("Max",),
        )
    ]
    standings = club_standings(night, byes="winners_average")
    assert next(s for s in standings.players if s.names == ("Max",)).points == -50  # -50.5
