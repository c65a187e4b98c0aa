"""The table display: a match's or a dice game's view link drawn for a screen in the middle
of the table, with huge totals, who plays next and the last hand, redrawn by its poll."""

from __future__ import annotations

import pytest

from scorekeeper.extensions import db
from scorekeeper.services import dice, hands, matches
from tests.helpers.html import read
from tests.helpers.play import dice_url, match_url, new_dice_game, score
from tests.helpers.stored import form_token, hand, stored_match


@pytest.fixture
def match(app):
    """A partnership match (Us: Ann and Cat, Them: Bob and Dan; Ann deals first) after one
    hand: Ann bids 250 and makes it, Us 100 meld + 160 tricks = 260, Them 40 + 90 = 130."""
    token = stored_match(app)
    with app.app_context():
        version = matches.match_version(db.session, token).version
        hands.add_hand(db.session, token, hand(), version=version, form_token=form_token())
        db.session.commit()
        return token, matches.match_version(db.session, token).view_token


def display_of(client, url: str):
    response = client.get(url)
    assert response.status_code == 200
    return read(response)


def test_a_matchs_display_shows_totals_players_dealer_and_last_hand(client, match):
    _, view = match
    page = display_of(client, f"/matches/watch/{view}/display")
    assert [page.by_id(f"display-total-{side}").text for side in (0, 1)] == ["260", "130"]
    assert [name.text for name in page.all("p", class_="display-players")] == [
        "Ann & Cat",
        "Bob & Dan",
    ]
    assert page.one("p", class_="display-next").text == "Bob deals next"
    assert page.one("p", class_="display-last").text.startswith("Hand 1: ")
    assert page.one("form") is None  # the view link writes nothing
    assert page.one("div", data_keep_awake="") is not None  # the screen kept on
    poller = page.by_id("live")
    assert f"/matches/watch/{view}/live?" in poller.attrs["hx-get"]
    assert "display=1" in poller.attrs["hx-get"]


def test_a_poll_from_the_display_redraws_the_display(client, match):
    _, view = match
    answer = client.get(f"/matches/watch/{view}/live?since=0&display=1")
    assert answer.status_code == 200
    page = read(answer)
    assert page.by_id("display").attrs["hx-swap-oob"] == "true"
    assert page.by_id("display-total-0").text == "260"
    assert page.by_id("scoreboard") is None


def test_only_the_view_link_has_a_display(client, match):
    edit, _ = match
    assert client.get(f"/matches/watch/{edit}/display").status_code == 404
    assert client.get(f"/matches/{edit}/display").status_code == 404
    assert client.get("/matches/watch/" + "x" * 24 + "/display").status_code == 404


def test_the_share_panel_links_to_the_display(client, match):
    edit, view = match
    for url in (match_url(edit), f"/matches/watch/{view}"):
        links = [a.attrs["href"] for a in display_of(client, url).all("a")]
        assert f"/matches/watch/{view}/display" in links


def test_a_dice_games_display_shows_whose_turn_and_the_last_turn(app, client):
    token = new_dice_game(client, "yahtzee", ("Ann", "Bob"))
    score(client, token, "33356", "threes")
    score(client, token, "55555", "yahtzee")
    with app.app_context():
        view = dice.find_game(db.session, token).view_token
    page = display_of(client, f"/dice/watch/{view}/display")
    assert [page.by_id(f"display-total-{p}").text for p in (0, 1)] == ["9", "50"]
    assert page.one("p", class_="display-next").text == "Ann to play"
    assert page.one("p", class_="display-last").text.startswith("Bob's turn 1: 5 5 5 5 5")
    assert view in page.by_id("live").attrs["hx-get"]
    links = [a.attrs["href"] for a in display_of(client, dice_url(token)).all("a")]
    assert f"/dice/watch/{view}/display" in links
    answer = read(client.get(f"/dice/watch/{view}/live?since=0&display=1"))
    assert answer.by_id("display").attrs["hx-swap-oob"] == "true"
