"""A group's statistics, hand-worked: two matches to 250 of one hand each, one of them typed
with another spelling of Ann. Every field of the contract (shared/API.md, "Statistics")
by the group's edit and view links, the page that shows them, and the wins over time."""

from __future__ import annotations

import pytest

from scorekeeper.extensions import db
from scorekeeper.rules import DICE_GAMES
from scorekeeper.services import group_games, group_history, groups, hands
from tests.helpers.html import read
from tests.helpers.stored import form_token, hand

SHEET_GAMES = [kind for kind, game in DICE_GAMES.items() if game.sheet is not None]
PINOCHLE_ZERO = {*SHEET_GAMES, "farkle"}


def stored_match(session, players: list[str], entries: dict) -> str:
    """A partnership match to 250 (seats 0 and 2 one side) and its one hand: its token."""
    match = hands.start_match(
        session,
        game="partnership",
        house_rules={"target": 250},
        side_names=["Us", "Them"],
        player_names=players,
        first_dealer=0,
    )
    hands.add_hand(session, match.edit_token, entries, version=0, form_token=form_token())
    return match.edit_token


@pytest.fixture
def family(site) -> tuple[str, str]:
    """The group, its edit and view tokens: Ann & Cat won the first match (Ann bid 250 and
    made it: meld 100 to 40); Bob & Dan the second (Bob bid 250: meld 100 to their 40), in
    which Ann was typed "Annie"."""
    with site.app_context():
        session = db.session
        group = groups.create_group(session, "Family", ["Ann", "Bob", "Cat", "Dan"])
        ids = {player.name: player.id for player in group.players}
        first = stored_match(session, ["Ann", "Bob", "Cat", "Dan"], hand())
        second = stored_match(
            session,
            ["Annie", "Bob", "Cat", "Dan"],
            hand(bidder=1, meld=[40, 100], tricks=[90, 160]),
        )
        for token in (first, second):
            group_games.add_game(
                session, group, token, [ids["Ann"], ids["Bob"], ids["Cat"], ids["Dan"]]
            )
        return group.edit_token, group.view_token


def pinochle(wins: int, bids: int, best_meld: int = 100, own: int = 0) -> dict:
    """A player of the family's two matches: both played, 2 hands, the side's meld 100 in
    one and 40 in the other; ``bids`` bids of 250, each made."""
    return {
        "matches": 2,
        "wins": wins,
        "hands": 2,
        "bids": bids,
        "made": bids,
        "set": 0,
        "thrown_in": 0,
        "forfeit": 0,
        "average_bid": 250 if bids else None,
        "average_meld": 70,
        "best_meld": best_meld,
        # Each match's bid was the bidder's own (the seat stored with the hand).
        "own_bids": own,
        "own_made": own,
        "own_set": 0,
        "own_thrown_in": 0,
        "own_forfeit": 0,
        "own_average_bid": 250 if own else None,
    }


NO_YAHTZEE = {
    "games": 0,
    "wins": 0,
    "average": None,
    "best": None,
    "yahtzees": 0,
    "upper_bonuses": 0,
    "upper_bonus_rate": None,
}
NO_FARKLE = {
    "games": 0,
    "wins": 0,
    "average": None,
    "best": None,
    "best_turn": None,
    "farkles": 0,
}


def player(name: str, numbers: dict) -> dict:
    return {
        "name": name,
        "pinochle": numbers,
        # A block for every game played on a sheet, in the order the site offers them.
        **dict.fromkeys(SHEET_GAMES, NO_YAHTZEE),
        "farkle": NO_FARKLE,
    }


EXPECTED = {
    "players": [
        player("Ann", pinochle(wins=1, bids=1, own=1)),
        player("Bob", pinochle(wins=1, bids=1, own=1)),
        player("Cat", pinochle(wins=1, bids=1)),
        player("Dan", pinochle(wins=1, bids=1)),
    ],
    "partnerships": [
        {"players": ["Ann", "Cat"], "matches": 2, "wins": 1},
        {"players": ["Bob", "Dan"], "matches": 2, "wins": 1},
    ],
    "head_to_head": [
        {"players": ["Ann", "Bob"], "matches": 2, "wins": [1, 1]},
        {"players": ["Ann", "Dan"], "matches": 2, "wins": [1, 1]},
        {"players": ["Bob", "Cat"], "matches": 2, "wins": [1, 1]},
        {"players": ["Cat", "Dan"], "matches": 2, "wins": [1, 1]},
    ],
}


def test_a_groups_statistics_by_either_link_count_each_person_under_their_roster_name(site, family):
    edit, view = family
    client = site.test_client()

    by_edit = client.get(f"/api/v1/groups/{edit}/stats")
    by_view = client.get(f"/api/v1/groups/{view}/stats")

    assert by_edit.status_code == by_view.status_code == 200
    assert by_edit.json == by_view.json == EXPECTED


def test_a_rename_on_the_roster_renames_the_player_in_the_statistics(site, family):
    edit, _ = family
    client = site.test_client()
    client.get(f"/api/v1/groups/{edit}/stats")  # answered once, and kept
    with site.app_context():
        group = groups.find_group(db.session, edit)
        ann = next(p for p in group.players if p.name == "Ann")
        groups.rename_player(db.session, group, ann.id, "Annabel")

    answer = client.get(f"/api/v1/groups/{edit}/stats").json

    assert [p["name"] for p in answer["players"]] == ["Annabel", "Bob", "Cat", "Dan"]
    assert answer["players"][0]["pinochle"] == pinochle(wins=1, bids=1, own=1)
    assert {"players": ["Annabel", "Cat"], "matches": 2, "wins": 1} in answer["partnerships"]


def test_an_unknown_group_is_a_404_with_a_sentence(site):
    answer = site.test_client().get("/api/v1/groups/NoSuchGroupAtAll123/stats")

    assert answer.status_code == 404
    assert "no group" in answer.json["error"]


def test_the_wins_over_time_count_each_finished_game_in_the_order_played(site, family):
    edit, _ = family
    with site.app_context():
        wins = group_history.wins_over_time(db.session, groups.find_group(db.session, edit))

    assert wins.games == 2
    assert wins.wins == {"Ann": [1, 1], "Bob": [0, 1], "Cat": [1, 1], "Dan": [0, 1]}


@pytest.mark.parametrize("link", ["edit", "view"])
def test_the_statistics_page_shows_a_card_per_player_and_the_pairs(site, family, link):
    edit, view = family
    url = f"/groups/{edit}/stats" if link == "edit" else f"/groups/watch/{view}/stats"

    page = read(site.test_client().get(url))

    pinochle_cards = page.one("section", aria_labelledby="pinochle-title").all("article")
    assert [card.one("h3").text for card in pinochle_cards] == ["Ann", "Bob", "Cat", "Dan"]
    ann = pinochle_cards[0].text
    assert "2, won 1 (50%)" in ann and "1: made 1, set 0" in ann and "average 70, best 100" in ann
    lines = [li.text for li in page.all("li")]
    assert "Ann & Cat: 2 matches, won 1 (50%)" in lines
    assert "Ann v Bob: 2 matches against each other; Ann won 1, Bob won 1" in lines
    chart = page.one("section", aria_labelledby="wins-title")
    assert chart.one("svg", role="img") is not None
    rows = [[cell.text for cell in row.all("td")] for row in chart.one("tbody").all("tr")]
    assert rows == [["1", "0", "1", "0"], ["1", "1", "1", "1"]]


def test_a_group_with_no_games_says_the_numbers_come_as_it_plays(site):
    with site.app_context():
        token = groups.create_group(db.session, "New", ["Ann"]).edit_token

    page = read(site.test_client().get(f"/groups/{token}/stats"))

    assert "No games yet" in page.one("main").text


def test_the_statistics_page_shows_a_players_own_bids_beside_their_sides(site, family):
    edit, _ = family

    page = read(site.test_client().get(f"/groups/{edit}/stats"))

    cards = page.one("section", aria_labelledby="pinochle-title").all("article")
    by_player = {
        card.one("h3").text: dict(
            zip([dt.text for dt in card.all("dt")], [dd.text for dd in card.all("dd")], strict=True)
        )
        for card in cards
    }
    # Ann bid 250 herself in the first match; Cat's side made that bid, but Cat bid nothing.
    assert by_player["Ann"]["Bids Ann took"] == "1: made 1, set 0; average 250"
    assert by_player["Ann"]["Bids Ann's side took"] == "1: made 1, set 0; average 250"
    assert by_player["Cat"]["Bids Cat took"] == "0"
    assert by_player["Cat"]["Bids Cat's side took"] == "1: made 1, set 0; average 250"
