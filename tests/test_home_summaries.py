"""The home page drawn from the games' kept summaries: the same lines as when it replayed
every match (tests/data/home_lists.html was drawn by that replaying page), and a number
of queries that does not grow with the matches listed."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from scorekeeper.extensions import db
from scorekeeper.models import Match
from scorekeeper.rules import FarkleTurn
from scorekeeper.services import devices, dice_turns, hands
from tests.helpers.html import read
from tests.helpers.queries import count_queries
from tests.helpers.stored import form_token, hand, stored_history

DEVICE = "a-phone-of-the-family-table"
LISTS = Path(__file__).parent / "data" / "home_lists.html"


def add_hands(session, match: Match, *entries) -> None:
    for number, hand_entries in enumerate(entries):
        hands.add_hand(
            session, match.edit_token, hand_entries, version=number, form_token=form_token()
        )


def seed_device(app) -> dict[str, str]:
    """Every kind of line the home page draws, listed on DEVICE; the tokens by placeholder."""
    tokens = {}
    with app.app_context():
        session = db.session

        def start(name, game, sides, players, first_dealer=0, **rules):
            match = hands.start_match(
                session,
                game=game,
                house_rules=rules,
                side_names=sides,
                player_names=players,
                first_dealer=first_dealer,
            )
            devices.remember_match(session, DEVICE, match.id)
            tokens[name] = match.edit_token
            return match

        crossing = start("CROSSING", "partnership", ["Us", "Them"], ["Ann", "Bob", "Cat", "Dan"])
        add_hands(
            session,
            crossing,
            hand(meld=[1200, 1200], tricks=[100, 150]),
            hand(meld=[60, 200], tricks=[190, 60]),
        )
        three = start("THREE", "three-handed", ["Ann", "Bob", "Cy"], ["Ann", "Bob", "Cy"], 2)
        add_hands(session, three, hand(bidder=2, bid=300, meld=[50, 60, 200], tricks=[100, 0, 150]))
        start("TWO", "two-handed", ["Eve", "Fay"], ["Eve", "Fay"])
        small = start(
            "SMALL", "partnership-small", ["Reds", "Blues"], ["Gus", "Hal", "Ida", "Jo"], target=60
        )
        add_hands(
            session,
            small,
            hand(redeal=True, bidder=None, bid=None, meld=[0, 0], tricks=None),
            hand(bid=30, meld=[20, 10], tricks=[15, 10]),
            hand(bidder=1, bid=40, meld=[5, 12], tricks=[10, 15]),
            hand(bid=25, meld=[30, 2], tricks=[20, 5]),
        )

        def dice(name, kind, players, **rules):
            game = dice_turns.start_dice_game(session, kind, players, rules)
            devices.remember_dice_game(session, DEVICE, game.id)
            tokens[name] = game.token
            return game

        yahtzee = dice("YAHTZEE", "yahtzee", ["Ann", "Bob", "Cy"])
        dice_turns.add_sheet_turn(
            session,
            yahtzee.token,
            [3, 3, 3, 5, 6],
            "threes",
            None,
            version=0,
            form_token=form_token(),
        )
        farkle = dice("FARKLE", "farkle", ["Ann", "Bob"], target=500)
        for number, total in enumerate((500, 600)):
            dice_turns.add_farkle_turn(
                session,
                farkle.token,
                FarkleTurn(total=total),
                version=number,
                form_token=form_token(),
            )
        dice("TRIPLE", "triple", ["Kai", "Lu"])
    return tokens


def home_lists(phone, tokens: dict[str, str]) -> str:
    """The home page's lists of games, tokens and today's date put back as placeholders."""
    phone.set_cookie("device", DEVICE)
    page = phone.get("/").get_data(as_text=True)
    lists = page[page.index("<h2>In progress</h2>") : page.index('<h2 id="groups">')]
    for name, token in tokens.items():
        lists = lists.replace(token, name)
    return lists.replace(datetime.now().strftime("%-d %b %Y"), "DATE")


def test_the_home_page_lists_the_same_lines_as_when_it_replayed_every_match(site, phone):
    tokens = seed_device(site)

    drawn_afresh = home_lists(phone, tokens)
    from_kept_summaries = home_lists(phone, tokens)

    assert drawn_afresh == from_kept_summaries == LISTS.read_text()


def seed_matches(app, count: int, device: str, target: int = 1500) -> None:
    """``count`` matches and Farkle games (tests.helpers.stored.stored_history) on a device."""
    with app.app_context():
        for match, game in stored_history(count, target):
            devices.remember_match(db.session, device, match.id)
            devices.remember_dice_game(db.session, device, game.id)
        db.session.commit()


def test_the_home_page_costs_the_same_queries_for_3_or_30_matches(site):
    few, many = site.test_client(), site.test_client()
    few_device, many_device = "a-phone-with-three-matches", "a-phone-with-thirty-matches"
    seed_matches(site, 3, few_device)
    seed_matches(site, 30, many_device)
    few.set_cookie("device", few_device)
    many.set_cookie("device", many_device)

    # The first time, every match is replayed and its summary kept; then only read.
    (page, first_few), (_, first_many) = (
        count_queries(site, lambda: few.get("/")),
        count_queries(site, lambda: many.get("/")),
    )
    (_, again_few), (_, again_many) = (
        count_queries(site, lambda: few.get("/")),
        count_queries(site, lambda: many.get("/")),
    )

    lists = read(page).all("ul", class_="match-list")
    assert sum(len(listed.all("li")) for listed in lists) == 3 + 3
    assert first_few == first_many
    assert again_few == again_many < first_few


def test_a_long_history_lists_the_latest_finished_matches_and_the_rest_a_tap_away(site, phone):
    seed_matches(site, 25, DEVICE, target=250)
    phone.set_cookie("device", DEVICE)

    page = read(phone.get("/"))
    in_progress, finished = page.all("ul", class_="match-list")
    link = page.one("a", href="/?finished=all")
    every = read(phone.get(link.attrs["href"])).all("ul", class_="match-list")[1]

    assert len(finished.all("li")) == 20
    assert link.text == "Show all finished games (5 more)"
    assert len(every.all("li")) == 25
    assert len(in_progress.all("li")) == 25  # the Farkle games
