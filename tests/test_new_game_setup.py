"""Setting up a game catches mistakes where they are made (issue 21, item 6): a blank
player or a name given twice is refused beside its field, a broken house rule is said
with its label, the first wrong field is the one focused, "Who deals first" offers the
names typed, and nothing is stored until the form is right."""

from __future__ import annotations

import pytest
from sqlalchemy import func

from scorekeeper.extensions import db
from scorekeeper.house_rules import knob_words
from scorekeeper.match_setup import house_rules_form
from scorekeeper.models import DiceGame, Match
from scorekeeper.rules import PRESETS
from tests.helpers.html import alerts, answered_as, form_to, read
from tests.helpers.play import start_dice_game, start_match

HTMX = {"HX-Request": "true"}
ANSWERS = [pytest.param({}, id="page"), pytest.param(HTMX, id="htmx")]
FOUR = {f"player_names-{seat}": name for seat, name in enumerate(("Ann", "Bob", "Cat", "Dan"))}
BLANK = "Enter a name: each player at the table needs one."


def stored(site, model) -> int:
    """How many of these rows the database holds."""
    with site.app_context():
        return db.session.scalar(db.select(func.count()).select_from(model))


def focused(document) -> list[str]:
    """The ids of the elements the page opens focused on (``autofocus``)."""
    return [
        element.attrs.get("id", "") for element in document.walk() if "autofocus" in element.attrs
    ]


@pytest.mark.parametrize(
    ("game", "blank"),
    [
        ("partnership", 0),
        ("partnership", 3),
        ("double-deck", 2),
        ("three-handed", 1),
        ("two-handed", 1),
    ],
)
@pytest.mark.parametrize("headers", ANSWERS)
def test_a_blank_players_name_is_refused_beside_it_and_nothing_is_stored(
    site, phone, game, blank, headers
):
    response = start_match(phone, game, {f"player_names-{blank}": ""}, headers=headers)

    assert response.status_code == 422
    document = answered_as(response, headers, "new-match")
    assert alerts(document) == {f"player_names-{blank}-error": BLANK}
    assert document.by_id(f"player_names-{blank}").attrs["aria-invalid"] == "true"
    assert focused(document) == [f"player_names-{blank}"]
    assert stored(site, Match) == 0


def test_four_players_called_ann_are_refused_beside_each_repeat(site, phone):
    response = start_match(
        phone, "partnership", {seat: "Ann" for seat in FOUR} | {"player_names-2": "ann"}
    )

    assert response.status_code == 422
    document = read(response)
    twice = "Two players are called Ann: add an initial so the ledger can tell them apart."
    assert alerts(document) == {f"player_names-{seat}-error": twice for seat in (1, 2, 3)}
    assert focused(document) == ["player_names-1"]
    assert stored(site, Match) == 0


@pytest.mark.parametrize(
    ("teams", "repeat"),
    [
        ({"side_names-0": "Us", "side_names-1": "us"}, "Us"),
        ({"side_names-0": "Team B", "side_names-1": ""}, "Team B"),  # the blank one is Team B
    ],
)
def test_two_teams_of_one_name_are_refused_beside_the_second(site, phone, teams, repeat):
    response = start_match(phone, "partnership", {**FOUR, **teams})

    assert response.status_code == 422
    document = read(response)
    assert alerts(document) == {
        "side_names-1-error": f"Two teams are called {repeat}: give each team its own name "
        "for the ledger."
    }
    assert focused(document) == ["side_names-1"]
    assert stored(site, Match) == 0


def test_teams_left_blank_are_team_a_and_team_b(site, phone):
    assert start_match(phone, "partnership", FOUR).status_code == 303
    with site.app_context():
        assert db.session.scalar(db.select(Match.side_names)) == ["Team A", "Team B"]


@pytest.mark.parametrize("headers", ANSWERS)
def test_game_to_0_is_said_with_its_label_beside_it_focused_and_nothing_is_stored(
    site, phone, headers
):
    response = start_match(phone, "partnership", {**FOUR, "rule-target": 0}, headers=headers)

    assert response.status_code == 422
    document = answered_as(response, headers, "new-match")
    assert alerts(document) == {"rule-target-error": '"Game to" must be at least 1.'}
    assert document.by_id("rule-target").attrs["aria-invalid"] == "true"
    assert focused(document) == ["rule-target"]
    assert stored(site, Match) == 0


def test_the_first_wrong_field_of_the_page_is_the_one_focused(site, phone):
    response = start_match(phone, "partnership", {"player_names-3": "", "rule-min_bid": "x"})

    document = read(response)
    assert set(alerts(document)) == {"player_names-3-error", "rule-min_bid-error"}
    assert focused(document) == ["player_names-3"]


def test_who_deals_first_offers_the_seats_then_the_names_typed_without_javascript(phone):
    drawn = read(phone.get("/matches/new?game=three-handed"))
    dealer = drawn.by_id("first_dealer")
    assert [option.text for option in dealer.all("option")] == ["Player 1", "Player 2", "Player 3"]
    # app.js renames the choices as names are typed: the select says where they come from.
    assert dealer.attrs["data-names-from"] == "player_names"

    refused = read(
        start_match(
            phone,
            "three-handed",
            {"player_names-0": "Ann", "player_names-1": "Bo", "player_names-2": ""},
        )
    )
    options = refused.by_id("first_dealer").all("option")
    assert [option.text for option in options] == ["Ann", "Bo", "Player 3"]


@pytest.mark.parametrize(
    ("address", "action", "start"),
    [
        ("/matches/new", "/matches/new", "Start the match"),
        ("/dice/new", "/dice/new", "Start the game"),
    ],
)
def test_start_sits_in_the_sticky_action_bar(phone, address, action, start):
    form = form_to(read(phone.get(address)), action)
    bar = next(e for e in form.walk() if "sticky-actions" in e.attrs.get("class", "").split())
    assert [button.text for button in bar.all("button")] == [start]


@pytest.mark.parametrize(
    ("names", "rules", "field", "message"),
    [
        (
            ("Ann", "Ann"),
            {},
            "player_names-1",
            "Two players are called Ann: add an initial so the ledger can tell them apart.",
        ),
        (("Ann", ""), {}, "player_names-1", "Enter a name: Farkle needs at least 2 players."),
        (
            ("Ann", "Bob"),
            {"target": 0},
            "rule-target",
            '"Game to" must be a whole number, at least 1.',
        ),
    ],
)
def test_a_refused_dice_game_is_focused_on_the_field_to_fix(
    site, phone, names, rules, field, message
):
    response = start_dice_game(phone, "farkle", names, rules)

    assert response.status_code == 422
    document = read(response)
    assert alerts(document) == {f"{field}-error": message}
    assert focused(document) == [field]
    assert stored(site, DiceGame) == 0


@pytest.mark.parametrize(
    ("reason", "said"),
    [
        ("target must be at least 1", '"Game to" must be at least 1.'),
        (
            "min_bid and bid_step must match the first pair of bid_steps (250:10); change one",
            '"Min bid" and "Bid step" must match the first pair of "Bid steps" (250:10); '
            "change one.",
        ),
        # "the moon" is the game's word; "set moon to 0" is the knob.
        (
            "two-handed has no bidding, so nobody can shoot the moon; set moon to 0",
            'Two-handed has no bidding, so nobody can shoot the moon; set "Shooting the moon '
            'scores" to 0.',
        ),
        (
            "play_on_by must be at least 1 to play on",
            '"Playing on raises the game by" must be at least 1 to play on.',
        ),
    ],
)
def test_a_house_rules_reason_is_said_with_the_forms_labels(reason, said):
    assert knob_words(reason, house_rules_form(PRESETS["partnership"])) == said


def test_a_game_changed_before_the_form_was_refitted_puts_the_thumb_on_the_game(site, phone):
    response = start_match(phone, "two-handed", {"game": "partnership"})

    assert response.status_code == 422
    document = read(response)
    assert alerts(document) == {
        "game-error": "The form now fits Partnership (four players, two teams): check the "
        "names and house rules, then start."
    }
    assert focused(document) == ["game"]
    assert stored(site, Match) == 0
