"""Every page that follows a match or a dice game (another phone's page, the view link, the
table display) asks for news at least twice a second, and again as soon as the phone is
back online or its screen is shown again; the answer that brings a change draws the next
poller on the same beat. How soon a save arrives is measured by bench/live.py."""

from __future__ import annotations

import re

import pytest
from flask import request_started

from scorekeeper.extensions import db
from scorekeeper.security import SECURITY_HEADERS
from scorekeeper.services import dice, hands, matches
from tests.helpers.html import read
from tests.helpers.play import new_dice_game, score
from tests.helpers.stored import form_token, hand, stored_match

EVERY = re.compile(r"every (\d+)(ms|s)")
AT_MOST = 0.5  # s between two polls


def poller_of(client, url: str):
    """The #live poller that ``url`` draws (a page, or the answer to a poll)."""
    response = client.get(url)
    assert response.status_code == 200, url
    poller = read(response).by_id("live")
    assert poller is not None, url
    return poller


def triggers(poller) -> list[str]:
    return [part.strip() for part in poller.attrs["hx-trigger"].split(",")]


def interval(poller) -> float:
    """The seconds between two polls, as htmx reads the trigger."""
    (beat,) = [EVERY.fullmatch(part) for part in triggers(poller) if EVERY.fullmatch(part)]
    return int(beat[1]) / (1000 if beat[2] == "ms" else 1)


@pytest.fixture
def match(app):
    """A match after one hand: its edit and view links."""
    token = stored_match(app)
    with app.app_context():
        hands.add_hand(db.session, token, hand(), version=0, form_token=form_token())
        db.session.commit()
        return token, matches.match_version(db.session, token).view_token


@pytest.fixture
def game(app, client):
    """A Yahtzee game after one turn: its edit and view links."""
    token = new_dice_game(client, names=("Ann", "Bob"))
    score(client, token, "33355", "full_house")
    with app.app_context():
        return token, dice.load_game(db.session, token).game.view_token


MATCH_FOLLOWERS = {
    "another phone": "/matches/{edit}",
    "the view link": "/matches/watch/{view}",
    "the table display": "/matches/watch/{view}/display",
}
DICE_FOLLOWERS = {
    "another phone": "/dice/{edit}",
    "the view link": "/dice/watch/{view}",
    "the table display": "/dice/watch/{view}/display",
}
# A poll that brings the change (asked at version 0, one turn or hand ago).
MATCH_NEWS = {
    "another phone": "/matches/{edit}/live?since=0",
    "the view link": "/matches/watch/{view}/live?since=0",
    "the table display": "/matches/watch/{view}/live?since=0&display=1",
}
DICE_NEWS = {
    "another phone": "/dice/{edit}/live?since=0",
    "the view link": "/dice/watch/{view}/live?since=0",
    "the table display": "/dice/watch/{view}/live?since=0&display=1",
}


@pytest.mark.parametrize("follower", MATCH_FOLLOWERS)
def test_a_match_follower_polls_at_least_twice_a_second(client, match, follower):
    edit, view = match
    poller = poller_of(client, MATCH_FOLLOWERS[follower].format(edit=edit, view=view))
    assert interval(poller) <= AT_MOST
    assert "since=1" in poller.attrs["hx-get"]


@pytest.mark.parametrize("follower", DICE_FOLLOWERS)
def test_a_dice_follower_polls_at_least_twice_a_second(client, game, follower):
    edit, view = game
    poller = poller_of(client, DICE_FOLLOWERS[follower].format(edit=edit, view=view))
    assert interval(poller) <= AT_MOST
    assert "since=1" in poller.attrs["hx-get"]


@pytest.mark.parametrize("follower", MATCH_NEWS)
def test_the_answer_bringing_a_hand_polls_on_at_the_same_beat(client, match, follower):
    edit, view = match
    page = poller_of(client, MATCH_FOLLOWERS[follower].format(edit=edit, view=view))
    news = poller_of(client, MATCH_NEWS[follower].format(edit=edit, view=view))
    assert news.attrs["hx-get"] == page.attrs["hx-get"]  # at the version it brought
    assert news.attrs["hx-trigger"] == page.attrs["hx-trigger"]


@pytest.mark.parametrize("follower", DICE_NEWS)
def test_the_answer_bringing_a_turn_polls_on_at_the_same_beat(client, game, follower):
    edit, view = game
    page = poller_of(client, DICE_FOLLOWERS[follower].format(edit=edit, view=view))
    news = poller_of(client, DICE_NEWS[follower].format(edit=edit, view=view))
    assert news.attrs["hx-get"] == page.attrs["hx-get"]
    assert news.attrs["hx-trigger"] == page.attrs["hx-trigger"]


@pytest.mark.parametrize("follower", ["/matches/{edit}", "/dice/{game}"])
def test_a_follower_asks_at_once_when_back_online_or_shown_again(client, match, game, follower):
    """No wait for the next beat after a dropped connection or a locked screen (whose
    timers the browser slows to once a minute)."""
    poller = poller_of(client, follower.format(edit=match[0], game=game[0]))
    assert "online from:window" in triggers(poller)
    assert "visibilitychange from:document" in triggers(poller)


# Twice a second from every follower: a dice game's unchanged poll is answered ahead of
# Flask too (quick_poll.py), as a match's always was.
DICE_POLLS = {
    "unchanged": "/dice/{edit}/live?since=1",
    "unchanged, with a typed turn": "/dice/{edit}/live?since=1&form=1&number=2",
    "unchanged by the view link": "/dice/watch/{view}/live?since=1",
    "unchanged on the display": "/dice/watch/{view}/live?since=1&display=1",
    "changed since": "/dice/{edit}/live?since=0",
    "since from the future": "/dice/{edit}/live?since=7",
    "since not a number": "/dice/{edit}/live?since=one",
    "no since": "/dice/{edit}/live",
    "wrong token": "/dice/{near}/live?since=1",
    "view token by the edit road": "/dice/{view}/live?since=1",
    "edit token by the view road": "/dice/watch/{edit}/live?since=1",
}


@pytest.mark.parametrize("poll", DICE_POLLS)
def test_a_quick_dice_poll_answers_exactly_as_the_flask_view_does(quick_and_slow, poll):
    quick, slow = quick_and_slow
    phone = quick.test_client()
    token = new_dice_game(phone, names=("Ann", "Bob"))
    score(phone, token, "33355", "full_house")
    with quick.app_context():
        view = dice.load_game(db.session, token).game.view_token
    url = DICE_POLLS[poll].format(edit=token, view=view, near=token[:-1] + "AB"[token[-1] == "A"])

    early = quick.test_client().get(url, headers={"Accept-Encoding": "gzip"})
    late = slow.test_client().get(url, headers={"Accept-Encoding": "gzip"})

    assert early.status_code == late.status_code
    if early.status_code == 204:
        assert early.data == late.data == b""
        for name in ["Cache-Control", "Vary", *SECURITY_HEADERS]:
            assert early.headers.get(name) == late.headers.get(name), name


@pytest.mark.parametrize("by", ["/dice/{edit}/live", "/dice/watch/{view}/live"])
def test_an_unchanged_dice_poll_is_answered_before_flask_sees_a_request(app, client, game, by):
    edit, view = game
    seen = []

    def started(sender, **extra):
        seen.append(sender)

    with request_started.connected_to(started, app):
        unchanged = client.get(by.format(edit=edit, view=view) + "?since=1")
        changed = client.get(by.format(edit=edit, view=view) + "?since=0")

    assert (unchanged.status_code, changed.status_code) == (204, 200)
    assert len(seen) == 1
