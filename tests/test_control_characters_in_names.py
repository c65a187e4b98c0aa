"""Control characters in names never reach the database as a 500: a game stored with one
(SQLite keeps a NUL; an older import did) is refused by a group with a sentence, a rule
set's name holding one is refused beside its field, and the JSON API answers a name with
one with a 400 that says so. PostgreSQL refuses a NUL in text: run on both databases."""

from __future__ import annotations

import pytest

from scorekeeper.extensions import db
from scorekeeper.models import DiceGame, Match, RuleSet
from tests.helpers.api import assert_error
from tests.helpers.html import alerts, filled, form_to, read
from tests.helpers.play import open_page, submit, token_of
from tests.helpers.stored import every_row

NEW_GROUP = "/groups/new"


def make_group(phone) -> str:
    form = form_to(open_page(phone, NEW_GROUP), NEW_GROUP)
    response = submit(phone, form, {"name": "Smith family", "players": "Ann\nBob"})
    assert response.status_code == 303
    return token_of(response)


def stored_game(app, kind: str, names: list[str]) -> str:
    """A game stored with these names as it stands (no form checked them); its edit link."""
    with app.app_context():
        if kind == "match":
            game = Match(game="partnership", side_names=["Us", "Them"], player_names=names)
        else:
            game = DiceGame(kind="yahtzee", player_names=names)
        db.session.add(game)
        db.session.commit()
        return f"/matches/{game.edit_token}" if kind == "match" else f"/dice/{game.token}"


@pytest.mark.parametrize("kind", ["match", "dice"])
@pytest.mark.parametrize("hidden", ["\x00", "\x01", "\x1b"])
def test_a_game_whose_name_holds_a_control_character_is_refused_by_a_group(
    client, app, kind, hidden
):
    token = make_group(client)
    names = ["Ann", f"Bo{hidden}b", "Cat", "Dan"] if kind == "match" else ["Ann", f"Bo{hidden}b"]
    link = stored_game(app, kind, names)
    before = every_row(app)
    add = f"/groups/{token}/add"

    answer = submit(client, form_to(open_page(client, add), add), {"link": f"http://x{link}"})

    assert answer.status_code == 422
    assert alerts(read(answer)) == {
        "link-error": "A name in this game holds a hidden control character, which a group "
        "cannot keep, so this game cannot be added."
    }
    assert every_row(app) == before


def test_a_game_refused_at_its_names_step_changes_nothing(client, app):
    # The names form drawn before the game's names were known to hold a NUL (a form kept
    # open, or posted by hand): the second step refuses it the same way.
    token = make_group(client)
    clean = stored_game(app, "dice", ["Ann", "Bob"])
    add = f"/groups/{token}/add"
    mapping = submit(client, form_to(open_page(client, add), add), {"link": f"http://x{clean}"})
    names = form_to(read(mapping), f"/groups/{token}/add/names")
    with app.app_context():
        game = db.session.scalars(db.select(DiceGame)).one()
        game.player_names = ["Ann", "Bo\x00b"]
        db.session.commit()
    before = every_row(app)

    answer = submit(client, names)

    assert answer.status_code == 422
    assert "hidden control character" in read(answer).text
    assert every_row(app) == before


SAVE = "/rules/save"


@pytest.mark.parametrize("name", ["Smith\x00 rules", "Smith\x01", "\x1b[31mred"])
def test_a_rule_set_name_holding_a_control_character_is_refused_beside_it(client, app, name):
    form = form_to(open_page(client, "/matches/new"), "/matches/new")
    typed = {f"player_names-{seat}": who for seat, who in enumerate(["Ann", "Bob", "Cat", "Dan"])}
    before = every_row(app)

    answer = client.post(SAVE, data=filled(form, typed | {"rule_set_name": name}))

    assert answer.status_code == 422
    assert alerts(read(answer)) == {
        "rule_set_name-error": "Type the name in letters, digits and spaces only."
    }
    assert every_row(app) == before


def test_renaming_a_rule_set_to_a_name_with_a_nul_is_refused_beside_it(client, app):
    with app.app_context():
        rule_set = RuleSet(name="Smith rules", game="partnership", house_rules={})
        db.session.add(rule_set)
        db.session.commit()
        edit = f"/rules/{rule_set.token}/edit"
    before = every_row(app)

    answer = submit(client, form_to(open_page(client, edit), edit), {"rule_set_name": "a\x00b"})

    assert answer.status_code == 422
    assert alerts(read(answer)) == {
        "rule_set_name-error": "Type the name in letters, digits and spaces only."
    }
    assert every_row(app) == before


# ------------------------------------------------------------------------- the JSON API

MADE = {"bidder": 0, "bid": 250, "meld": [100, 40], "tricks": [160, 90]}
SAID = "a player's name may not hold a control character (such as a tab or a NUL)"


@pytest.mark.parametrize("hidden", ["\x00", "\t", "\x7f", "\x9b"])
def test_the_stats_api_answers_a_name_with_a_control_character_with_a_400(client, hidden):
    match = {"sides": [["Ann", f"Ca{hidden}t"], ["Bob", "Dan"]], "hands": [MADE]}

    answer = client.post("/api/v1/pinochle/stats", json={"matches": [match]})

    assert_error(answer, f"match 1: {SAID}")


def test_the_stats_api_answers_a_bidder_named_with_a_control_character_with_a_400(client):
    match = {
        "sides": [["Ann", "Cat"], ["Bob", "Dan"]],
        "hands": [MADE | {"bid_by": "Ann\x00"}],
    }

    answer = client.post("/api/v1/pinochle/stats", json={"matches": [match]})

    assert_error(answer, f"match 1: hand 1: bid_by: {SAID}")
