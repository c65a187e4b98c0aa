"""Back after Start, then Start again: the same new-game form opens the game it started
instead of starting a copy. A fresh form (or another phone's) starts a new game."""

from __future__ import annotations

from scorekeeper.extensions import db
from scorekeeper.models import DiceGame, Match
from tests.helpers.html import filled, form_to
from tests.helpers.play import open_page

# The new-match form refuses a blank player: a table of four is named.
NAMES = {f"player_names-{seat}": name for seat, name in enumerate(("Ann", "Bob", "Cat", "Dan"))}


def count(app, model) -> int:
    with app.app_context():
        return db.session.scalar(db.select(db.func.count()).select_from(model))


def test_the_same_new_match_form_sent_twice_starts_one_match(app, client):
    page = open_page(client, "/matches/new")
    fields = filled(form_to(page, "/matches/new"), NAMES)

    first = client.post("/matches/new", data=fields)
    again = client.post("/matches/new", data=fields)  # Back, then Start

    assert first.status_code == again.status_code == 303
    assert again.headers["Location"] == first.headers["Location"]
    assert count(app, Match) == 1


def test_a_fresh_form_starts_another_match(app, client):
    for _ in range(2):
        page = open_page(client, "/matches/new")
        assert (
            client.post(
                "/matches/new", data=filled(form_to(page, "/matches/new"), NAMES)
            ).status_code
            == 303
        )
    assert count(app, Match) == 2


def test_another_phone_sending_the_same_token_starts_its_own_match(app, client):
    fields = filled(form_to(open_page(client, "/matches/new"), "/matches/new"), NAMES)
    client.post("/matches/new", data=fields)
    other = app.test_client()
    other_fields = filled(form_to(open_page(other, "/matches/new"), "/matches/new"), NAMES)

    answer = other.post(
        "/matches/new", data={**other_fields, "client_token": fields["client_token"]}
    )

    assert answer.status_code == 303
    assert count(app, Match) == 2


def test_the_new_match_page_is_asked_again_after_back(client):
    assert client.get("/matches/new").headers["Cache-Control"] == "no-store"
    assert client.get("/dice/new").headers["Cache-Control"] == "no-store"


def test_the_same_new_dice_game_form_sent_twice_starts_one_game(app, client):
    fields = filled(form_to(open_page(client, "/dice/new"), "/dice/new"), {"player_names-0": "Ann"})

    first = client.post("/dice/new", data=fields)
    again = client.post("/dice/new", data=fields)

    assert first.status_code == again.status_code == 303
    assert again.headers["Location"] == first.headers["Location"]
    assert count(app, DiceGame) == 1


def test_after_a_start_the_new_page_offers_to_open_it_with_a_fresh_form(client):
    fields = filled(form_to(open_page(client, "/matches/new"), "/matches/new"), NAMES)
    started = client.post("/matches/new", data=fields).headers["Location"]

    page = open_page(client, "/matches/new")  # Back: the page is asked again

    notice = page.one("p", role="status")
    assert notice.text == "You started a match a moment ago. Open it, or start another below."
    assert notice.one("a").attrs["href"] == started
    assert form_to(page, "/matches/new").attrs["autocomplete"] == "off"
    fresh = filled(form_to(page, "/matches/new"))
    assert fresh["client_token"] != fields["client_token"]
    # A dice game's page says nothing of a match.
    assert open_page(client, "/dice/new").one("p", role="status") is None
