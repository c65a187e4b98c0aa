"""Statistics of stored games through the services: each game's summary kept with its
version, replayed again only when the game changed, and a constant number of queries."""

from __future__ import annotations

import pytest
from sqlalchemy import event, select, update

from scorekeeper.extensions import db
from scorekeeper.models import DiceGame, DiceTurn, GameSummary, Hand, Match
from scorekeeper.rules import FarkleTurn
from scorekeeper.services import dice_turns, hands, matches
from scorekeeper.services import stats as service
from tests.helpers.queries import count_queries
from tests.helpers.stored import MADE, form_token, hand

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]


def add(session, token, entries=MADE):
    session.expire_all()
    version = matches.match_version(session, token).version
    return hands.add_hand(session, token, entries, version=version, form_token=form_token())


def match_id(session, token) -> int:
    return matches.find_match(session, token).id


def pinochle_of(report, name):
    return next(p["pinochle"] for p in report["players"] if p["name"] == name)


def test_a_stored_match_counts_every_field(session, new_match):
    token = new_match()
    add(session, token)  # Ann (Us: Ann and Cat) bids 250 and makes it, meld 100 to 40
    add(session, token, hand(bidder=1, bid=300, meld=[20, 60], tricks=[120, 130]))  # Bob set

    report = service.stats_for_games(session, [match_id(session, token)], [])

    assert [p["name"] for p in report["players"]] == PLAYERS
    assert pinochle_of(report, "Ann") == {
        "matches": 1,
        "wins": 0,
        "hands": 2,
        "bids": 1,
        "made": 1,
        "set": 0,
        "thrown_in": 0,
        "forfeit": 0,
        "average_bid": 250,
        "average_meld": 60,  # (100 + 20) / 2
        "best_meld": 100,
        # The hand stores Ann's seat as the bidder: the bid is hers, not only her side's.
        "own_bids": 1,
        "own_made": 1,
        "own_set": 0,
        "own_thrown_in": 0,
        "own_forfeit": 0,
        "own_average_bid": 250,
    }
    assert pinochle_of(report, "Bob") == {
        "matches": 1,
        "wins": 0,
        "hands": 2,
        "bids": 1,
        "made": 0,
        "set": 1,
        "thrown_in": 0,
        "forfeit": 0,
        "average_bid": 300,
        "average_meld": 50,  # (40 + 60) / 2
        "best_meld": 60,
        "own_bids": 1,
        "own_made": 0,
        "own_set": 1,
        "own_thrown_in": 0,
        "own_forfeit": 0,
        "own_average_bid": 300,
    }
    # Cat's side made Ann's bid: none of it is Cat's own.
    assert pinochle_of(report, "Cat")["bids"] == 1
    assert pinochle_of(report, "Cat")["own_bids"] == 0
    assert report["partnerships"] == [
        {"players": ["Ann", "Cat"], "matches": 1, "wins": 0},
        {"players": ["Bob", "Dan"], "matches": 1, "wins": 0},
    ]
    assert report["players"][0]["yahtzee"]["games"] == 0


def test_a_players_cards_give_their_own_meld(session, new_match):
    token = new_match()
    # Trump hearts: Ann's king and queen of hearts meld 40, Cat's four aces 100; the side's
    # meld is the sum of its players' cards, 140.
    cards = ["KH QH", None, "AS AH AD AC", None]
    add(session, token, hand(trump=1, cards=cards, meld=[0, 60], tricks=[160, 90]))

    report = service.stats_for_games(session, [match_id(session, token)], [])

    assert pinochle_of(report, "Ann")["average_meld"] == 40
    assert pinochle_of(report, "Cat")["average_meld"] == 100
    assert pinochle_of(report, "Bob")["average_meld"] == 60
    assert pinochle_of(report, "Ann")["made"] == 1


def test_dice_games_count_in_their_own_blocks(session, new_dice_game):
    token = new_dice_game("farkle", ("Ann", "Bob"), target=1000)
    turns = [FarkleTurn(total=600), FarkleTurn(farkle=True), FarkleTurn(total=500)]
    turns.append(FarkleTurn(total=700))
    for number, turn in enumerate(turns):
        dice_turns.add_farkle_turn(
            session, token, turn, version=number, form_token=form_token(), number=number + 1
        )
    game_id = session.scalar(select(DiceGame.id).where(DiceGame.token == token))

    report = service.stats_for_games(session, [], [game_id])

    assert [(p["name"], p["farkle"]) for p in report["players"]] == [
        (
            "Ann",
            {"games": 1, "wins": 1, "average": 1100, "best": 1100, "best_turn": 600, "farkles": 0},
        ),
        (
            "Bob",
            {"games": 1, "wins": 0, "average": 700, "best": 700, "best_turn": 700, "farkles": 1},
        ),
    ]
    assert report["players"][0]["pinochle"]["matches"] == 0


def test_names_map_each_games_typed_names_to_the_player_they_count_under(session, new_match):
    first, second = new_match(), new_match()
    add(session, first)
    add(session, second)
    ids = [match_id(session, first), match_id(session, second)]

    report = service.stats_for_games(
        session,
        ids,
        [],
        names={("match", ids[1], "Ann"): "Annie", ("match", ids[0], "Ann"): "Annie"},
    )

    assert [p["name"] for p in report["players"]] == ["Annie", "Bob", "Cat", "Dan"]
    assert pinochle_of(report, "Annie")["matches"] == 2
    only_one = service.stats_for_games(session, ids, [], names={("match", ids[1], "Ann"): "Annie"})
    assert pinochle_of(only_one, "Annie")["matches"] == pinochle_of(only_one, "Ann")["matches"] == 1


def test_a_summary_is_kept_with_the_games_version_and_read_back(session, new_match, monkeypatch):
    token = new_match()
    add(session, token)
    game_id = match_id(session, token)

    first = service.summaries(session, [game_id], [])
    kept = session.execute(select(GameSummary)).scalar_one()
    assert (kept.kind, kept.game_id, kept.version) == ("match", game_id, 1)

    def no_replay(match):
        raise AssertionError("a kept summary at the game's version is not replayed")

    monkeypatch.setattr(service, "match_summary", no_replay)
    assert service.summaries(session, [game_id], []) == first


def test_a_summary_kept_in_an_older_format_is_made_again(session, new_match):
    token = new_match()
    add(session, token)
    game_id = match_id(session, token)
    first = service.summaries(session, [game_id], [])
    session.execute(update(GameSummary).values(format=service.SUMMARY_FORMAT - 1, stats={}))
    session.commit()

    assert service.summaries(session, [game_id], []) == first
    session.expire_all()
    assert session.execute(select(GameSummary.format)).scalar_one() == service.SUMMARY_FORMAT


def test_an_edited_hand_is_counted_at_once(session, new_match):
    token = new_match()
    added = add(session, token)
    ids = [match_id(session, token)]
    before = service.stats_for_games(session, ids, [])
    assert pinochle_of(before, "Ann")["made"] == 1

    hands.edit_hand(
        session, token, added.id, hand(bid=300, tricks=[160, 90]), hand_version=added.version
    )
    session.commit()
    after = service.stats_for_games(session, ids, [])

    assert (pinochle_of(after, "Ann")["made"], pinochle_of(after, "Ann")["set"]) == (0, 1)
    assert pinochle_of(after, "Ann")["average_bid"] == 300
    session.expire_all()
    assert session.execute(select(GameSummary.version)).scalar_one() == 2


def test_the_same_question_with_no_game_changed_is_not_added_up_again(
    session, new_match, monkeypatch
):
    token = new_match()
    add(session, token)
    ids = [match_id(session, token)]
    first = service.stats_for_games(session, ids, [])

    def no_adding(*args, **kwargs):
        raise AssertionError("the answer was kept")

    monkeypatch.setattr(service, "add_up", no_adding)
    assert service.stats_for_games(session, ids, []) == first
    with pytest.raises(AssertionError, match="the answer was kept"):
        service.stats_for_games(session, ids, [], names={("match", ids[0], "Ann"): "Annie"})


# ------------------------------------------------------------------ many games


def seeded(session, count: int) -> tuple[list[int], list[int]]:
    """``count`` matches of three hands and ``count`` Farkle games of four turns."""
    match_ids, dice_ids = [], []
    for _ in range(count):
        match = Match(
            game="partnership", side_names=["Us", "Them"], player_names=PLAYERS, version=3
        )
        match.hands = [Hand(position=n, **MADE) for n in (1, 2, 3)]
        game = DiceGame(kind="farkle", player_names=["Ann", "Bob"], version=4)
        game.turns = [DiceTurn(position=n, player=n % 2, total=600) for n in range(4)]
        session.add_all([match, game])
        session.flush()
        match_ids.append(match.id)
        dice_ids.append(game.id)
    session.commit()
    return match_ids, dice_ids


def test_the_number_of_queries_does_not_grow_with_the_number_of_games(app, session):
    few, many = seeded(session, 3), seeded(session, 30)

    def ask(games):
        return lambda: service.stats_for_games(session, *games)

    (answer, cold_few), (_, cold_many) = count_queries(app, ask(few)), count_queries(app, ask(many))
    assert pinochle_of(answer, "Ann")["matches"] == 3
    assert cold_few == cold_many
    # Kept summaries, a new question (a name mapped): no replay, fewer queries.
    renamed = {("match", few[0][0], "Ann"): "Annie"}
    _, kept_few = count_queries(app, lambda: service.stats_for_games(session, *few, renamed))
    renamed = {("match", many[0][0], "Ann"): "Annie"}
    _, kept_many = count_queries(app, lambda: service.stats_for_games(session, *many, renamed))
    assert kept_few == kept_many < cold_few
    # Asked again: only the versions are read.
    _, again = count_queries(app, ask(many))
    assert again == 2


def test_two_readers_keeping_the_same_summary_at_once_do_not_fail(app, session, new_match):
    token = new_match()
    add(session, token)
    ids = [match_id(session, token)]
    other_reader_done = []

    def other_reader_first(conn, cursor, statement, parameters, context, executemany):
        # Just before this reader keeps its summary, another keeps the same one.
        if statement.startswith("INSERT INTO game_summary") and not other_reader_done:
            other_reader_done.append(True)
            with app.app_context():
                other = db.session
                assert service.summaries(other, ids, []) != {}
                other.remove()

    engine = db.engine
    event.listen(engine, "before_cursor_execute", other_reader_first)
    try:
        report = service.stats_for_games(session, ids, [])
    finally:
        event.remove(engine, "before_cursor_execute", other_reader_first)

    assert other_reader_done
    assert pinochle_of(report, "Ann")["made"] == 1
    assert session.execute(select(GameSummary.version)).scalar_one() == 1
