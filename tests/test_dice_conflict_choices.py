"""Two phones at one dice game; one enters a turn first. The other is shown what was entered,
its typed dice kept, and chooses: the same turn (discard mine), or enter mine for whoever's
turn it now is. A correction likewise: keep theirs, or save mine over theirs. No browser."""

from __future__ import annotations

import pytest

from scorekeeper.extensions import db
from scorekeeper.services import dice
from tests.helpers.html import fields_of, filled, form_to, read
from tests.helpers.play import bank, dice_url, new_dice_game, open_page, score

HTMX = {"HX-Request": "true"}
ANSWERS = [pytest.param({}, id="page"), pytest.param(HTMX, id="htmx")]


def stored_turns(app, token: str) -> list[tuple]:
    with app.app_context():
        state = dice.load_game(db.session, token)
        return [(t.player, t.dice, t.box, t.total) for t in state.turns]


def box_picker(phone, token: str, dice_text: str):
    """The box picker as this phone draws it with the dice entered (not yet tapped)."""
    page = open_page(phone, dice_url(token) + f"?dice={dice_text}")
    return form_to(page, dice_url(token, "/turns"), class_="box-picker")


def yahtzee_conflict(app, headers=None):
    """Ann and Cat both have Ann's turn on screen; Ann enters hers first (a full house),
    then Cat taps Large straight for 1 2 3 4 5 on her stale form."""
    ann, cat = app.test_client(), app.test_client()
    token = new_dice_game(ann, names=("Ann", "Bob", "Cat"))
    stale = box_picker(cat, token, "12345")
    score(ann, token, "33355", "full_house")
    answer = cat.post(
        dice_url(token, "/turns"),
        data=filled(stale, {"slot": "large_straight"}),
        headers=headers or {},
    )
    return token, cat, answer


@pytest.mark.parametrize("headers", ANSWERS)
def test_a_stale_turn_redraws_the_game_saying_what_was_entered_with_both_choices(app, headers):
    token, _, answer = yahtzee_conflict(app, headers)

    assert answer.status_code == 409
    page = read(answer)
    if headers:
        assert page.by_id("dice-game") is not None and page.one("html") is None
    assert page.by_id("turn-conflict").text == (
        "Another phone entered Ann's turn 1: 3 3 3 5 5 in Full house (25). Yours was not entered."
    )
    choice = page.by_id("conflict-choice")
    assert choice.one("a").text == "Same turn (discard mine)"
    assert choice.one("a").attrs["href"] == dice_url(token)
    keep = choice.one("button")
    assert keep.text == "Enter mine for Bob"
    assert (keep.attrs["name"], keep.attrs["value"]) == ("slot", "large_straight")
    # The typed dice stay, scored against Bob's card (whose turn it now is).
    assert page.by_id("dice").attrs["value"] == "12345"
    assert page.by_id("turn-title").text == "Bob's turn"
    assert stored_turns(app, token) == [(0, "33355", "full_house", None)]


def test_same_turn_leaves_one_turn_and_the_next_players_empty_form(app):
    token, cat, answer = yahtzee_conflict(app)
    discard = read(answer).by_id("conflict-choice").one("a").attrs["href"]

    page = open_page(cat, discard)

    assert page.by_id("turn-title").text == "Bob's turn"
    assert page.by_id("turn-conflict") is None
    assert stored_turns(app, token) == [(0, "33355", "full_house", None)]


def test_enter_mine_enters_the_typed_turn_for_the_next_player_once(app):
    token, cat, answer = yahtzee_conflict(app)
    form = form_to(read(answer), dice_url(token, "/turns"), class_="turn-choice")
    fields = fields_of(form)
    assert (fields["version"], fields["number"], fields["dice"]) == ("1", "2", "12345")
    posted = {**fields, "slot": "large_straight"}

    entered = cat.post(dice_url(token, "/turns"), data=posted)
    again = cat.post(dice_url(token, "/turns"), data=posted)

    assert (entered.status_code, again.status_code) == (303, 303)
    assert stored_turns(app, token) == [
        (0, "33355", "full_house", None),
        (1, "12345", "large_straight", None),
    ]


def test_the_choice_redrawn_after_yet_another_turn_is_again_a_conflict_not_a_second_copy(app):
    token, cat, answer = yahtzee_conflict(app)
    form = form_to(read(answer), dice_url(token, "/turns"), class_="turn-choice")
    score(app.test_client(), token, "66666", "yahtzee")  # Bob's turn, from a third phone

    again = cat.post(dice_url(token, "/turns"), data={**fields_of(form), "slot": "large_straight"})

    assert again.status_code == 409
    page = read(again)
    assert page.by_id("turn-conflict").text.startswith(
        "Another phone entered Bob's turn 1: 6 6 6 6 6 in Yahtzee (50)"
    )
    assert page.by_id("conflict-choice").one("button").text == "Enter mine for Cat"
    assert len(stored_turns(app, token)) == 2


@pytest.mark.parametrize(
    ("choice", "turns"),
    [("Same turn (discard mine)", [(0, 600)]), ("Enter mine for Bob", [(0, 600), (1, 1050)])],
)
def test_a_stale_farkle_turn_keeps_its_throws_and_offers_the_choice(app, choice, turns):
    ann, bob = app.test_client(), app.test_client()
    token = new_dice_game(ann, "farkle")
    stale = form_to(open_page(bob, dice_url(token)), dice_url(token, "/turns"))
    bank(ann, token, total=600)

    answer = bob.post(
        dice_url(token, "/turns"), data=filled(stale, {"throws": "1 1 1\n5", "action": "bank"})
    )

    assert answer.status_code == 409
    page = read(answer)
    assert page.by_id("turn-conflict").text.startswith(
        "Another phone entered turn 1: Ann banks 600."
    )
    assert page.by_id("throws").text == "1 1 1 5"  # the reader joins the lines
    choices = page.by_id("conflict-choice")
    if choice.startswith("Same"):
        assert choices.one("a").text == choice
        open_page(bob, choices.one("a").attrs["href"])
    else:
        button = choices.one("button")
        assert button.text == choice
        form = form_to(page, dice_url(token, "/turns"))
        posted = {**fields_of(form), button.attrs["name"]: button.attrs["value"]}
        assert bob.post(dice_url(token, "/turns"), data=posted).status_code == 303
    with app.app_context():
        played = dice.load_game(db.session, token).result.turns
        assert [(turn.player, turn.points) for turn in played] == turns


def test_a_stale_farkle_farkle_is_offered_again_as_a_farkle(app):
    ann, bob = app.test_client(), app.test_client()
    token = new_dice_game(ann, "farkle")
    stale = form_to(open_page(bob, dice_url(token)), dice_url(token, "/turns"))
    bank(ann, token, total=600)

    answer = bob.post(dice_url(token, "/turns"), data=filled(stale, {"action": "farkle"}))

    keep = read(answer).by_id("conflict-choice").one("button")
    assert (keep.attrs["value"], keep.text) == ("farkle", "Enter mine for Bob")


def test_a_correction_conflict_offers_keep_theirs_or_save_mine_over_theirs(app):
    mine, theirs = app.test_client(), app.test_client()
    token = new_dice_game(mine)
    score(mine, token, "33355", "full_house")
    with app.app_context():
        turn_id = dice.load_game(db.session, token).turns[0].id
    url = dice_url(token, f"/turns/{turn_id}/edit")
    my_form = form_to(open_page(mine, url), url)
    their_form = form_to(open_page(theirs, url), url)
    assert theirs.post(url, data=filled(their_form, {"box": "chance"})).status_code == 303

    answer = mine.post(url, data=filled(my_form, {"box": "threes"}))

    assert answer.status_code == 409
    page = read(answer)
    assert "now Ann's turn 1: 3 3 3 5 5 in Chance (19)" in page.by_id("turn-error").text
    choice = page.by_id("conflict-choice")
    assert choice.one("a").text == "Keep theirs"
    assert choice.one("a").attrs["href"] == dice_url(token) + "#player-0"
    assert choice.one("button").text == "Save mine over theirs"
    assert stored_turns(app, token) == [(0, "33355", "chance", None)]

    over = mine.post(url, data=fields_of(form_to(page, url)))

    assert over.status_code == 303
    assert stored_turns(app, token) == [(0, "33355", "threes", None)]
