"""Every form reads with one vocabulary: a number, a seat or a choice is ASCII digits only
(``٣``, ``３``, ``²``, ``1_000`` or 5,000 nines are refused beside their field, never taken
for numbers nor a 500); a name holds no control character and no bidi control; a text
field sent as a file is refused beside it; an unknown button is refused; an over-long
hidden value is refused. Each refusal is a 422 that changes nothing."""

from __future__ import annotations

import io

import pytest

from scorekeeper.config import ConfigError, settings_from_environment
from scorekeeper.extensions import db
from scorekeeper.models import DiceGame, DiceTurn, Group, Hand, Match, RuleSet
from scorekeeper.services import groups
from tests.helpers.html import alerts, filled, form_to, read
from tests.helpers.play import (
    dice_url,
    farkle_turn,
    hand_form,
    new_dice_game,
    new_match,
    open_page,
    score,
    start_dice_game,
    start_match,
    submit,
    tap_box,
    token_of,
)
from tests.test_matches import hand_fields, played

ARABIC_INDIC = str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩")
FULL_WIDTH = str.maketrans("0123456789", "０１２３４５６７８９")


def arabic(number: int) -> str:
    return str(number).translate(ARABIC_INDIC)


def full_width(number: int) -> str:
    return str(number).translate(FULL_WIDTH)


def count(app, model) -> int:
    with app.app_context():
        return db.session.scalar(db.select(db.func.count()).select_from(model))


def a_file(text: str = "Ann") -> tuple[io.BytesIO, str]:
    """A multipart file part, where the page drew a text box."""
    return io.BytesIO(text.encode()), "typed.txt"


def refused_beside(response, field: str) -> str:
    """The refusal must be a 422 with its sentence beside ``field``; the sentence."""
    assert response.status_code == 422, response.status_code
    shown = alerts(read(response))
    assert f"{field}-error" in shown, shown
    return shown[f"{field}-error"]


# ------------------------------------------------------------------------------- groups


def make_group(phone, players="Ann\nBob") -> str:
    form = form_to(open_page(phone, "/groups/new"), "/groups/new")
    response = submit(phone, form, {"name": "Smith family", "players": players})
    assert response.status_code == 303
    return token_of(response)


def roster(app, token: str) -> dict[str, int]:
    with app.app_context():
        group = groups.find_group(db.session, token)
        return {player.name: player.id for player in group.players}


def games_of(app, token: str) -> int:
    with app.app_context():
        return len(groups.find_group(db.session, token).games)


def group_page(phone, token: str):
    return open_page(phone, f"/groups/{token}")


@pytest.mark.parametrize("spell", ["arabic", "full-width", "superscript", "nines"])
def test_a_merge_into_a_player_not_written_in_digits_is_refused_beside_it(client, app, spell):
    token = make_group(client)
    ann, bob = roster(app, token)["Ann"], roster(app, token)["Bob"]
    merge = f"/groups/{token}/players/{ann}/merge"
    into = {"arabic": arabic(bob), "full-width": full_width(bob), "superscript": "²"}.get(
        spell, "9" * 5000
    )

    response = submit(client, form_to(group_page(client, token), merge), {f"p{ann}-into": into})

    assert refused_beside(response, f"p{ann}-into") == "Pick one of the choices shown."
    assert sorted(roster(app, token)) == ["Ann", "Bob"]


FOUR = "Ann\nBob\nCat\nDan"


def seats_form(phone, token: str):
    url = f"/groups/{token}/matches/new"
    return form_to(open_page(phone, url), f"{url}?game=partnership")


@pytest.mark.parametrize("dealer", ["٢", "２", "²", "9" * 5000, "1_0"])
def test_a_first_dealer_not_written_in_digits_is_refused_beside_it(client, app, dealer):
    token = make_group(client, FOUR)

    response = submit(client, seats_form(client, token), {"first_dealer": dealer})

    refused_beside(response, "first_dealer")
    assert games_of(app, token) == 0


@pytest.mark.parametrize("spell", ["arabic", "full-width", "superscript", "nines"])
def test_a_seat_not_written_in_digits_is_refused_beside_it(client, app, spell):
    token = make_group(client, FOUR)
    cat = roster(app, token)["Cat"]
    seat = {"arabic": arabic(cat), "full-width": full_width(cat), "superscript": "²"}.get(
        spell, "9" * 5000
    )

    response = submit(client, seats_form(client, token), {"player_2": seat})

    refused_beside(response, "player_2")
    assert games_of(app, token) == 0


def test_a_seat_forms_over_long_token_is_refused_and_starts_nothing(client, app):
    token = make_group(client, FOUR)

    response = submit(client, seats_form(client, token), {"client_token": "x" * 100_000})

    assert response.status_code == 422
    assert any("reload the page" in said for said in alerts(read(response)).values())
    assert games_of(app, token) == 0


@pytest.mark.parametrize("name", ["Ann\x01", "Ann\u202e", "Ann\u2067", "Ann\x7f"])
def test_a_name_with_a_hidden_control_is_refused_on_the_roster(client, app, name):
    token = make_group(client)
    add = f"/groups/{token}/players"

    response = submit(client, form_to(group_page(client, token), add), {"add-name": name})

    assert (
        refused_beside(response, "add-name") == "Type the name in letters, digits and spaces only."
    )
    assert sorted(roster(app, token)) == ["Ann", "Bob"]


def test_a_team_name_with_a_bidi_override_is_refused_on_the_seats_form(client, app):
    token = make_group(client, FOUR)

    response = submit(client, seats_form(client, token), {"side_names-0": "Us\u202eThem"})

    refused_beside(response, "side_names-0")
    assert games_of(app, token) == 0


# ----------------------------------------------------------------------------- matches


def matches_stored(app) -> int:
    return count(app, Match)


@pytest.mark.parametrize("dealer", ["٢", "２", "²", "9" * 5000])
def test_a_new_matchs_first_dealer_must_be_digits(client, app, dealer):
    response = start_match(client, typed={"first_dealer": dealer})

    refused_beside(response, "first_dealer")
    assert matches_stored(app) == 0


@pytest.mark.parametrize(
    "steps", ["٣٠٠:١٠", "1_000:10", "３００:10", "300:10, 9" + "9" * 40 + ":5"]
)
def test_bid_steps_not_written_in_digits_are_refused_beside_them(client, app, steps):
    response = start_match(client, typed={"rule-bid_steps": steps})

    refused_beside(response, "rule-bid_steps")
    assert matches_stored(app) == 0


@pytest.mark.parametrize("table", ["١٥٠, 1500", "1_50, 1500", "１５０", "150, " + "9" * 20])
def test_a_meld_table_not_written_in_digits_is_refused_beside_it(client, app, table):
    response = start_match(client, typed={"rule-run": table})

    assert refused_beside(response, "rule-run") == (
        "Enter whole numbers separated by commas, e.g. 150, 1500."
    )
    assert matches_stored(app) == 0


@pytest.mark.parametrize("name", ["Bob\x01", "Bob\x00", "Bob\u202e", "Bob\u2066", "Bob\u2028Ann"])
def test_a_player_name_with_a_hidden_control_is_refused(client, app, name):
    response = start_match(client, typed={"player_names-1": name})

    assert refused_beside(response, "player_names-1") == (
        "Type the name in letters, digits and spaces only."
    )
    assert matches_stored(app) == 0


def hands_stored(app) -> int:
    return count(app, Hand)


@pytest.mark.parametrize(
    ("field", "typed"),
    [
        ("bidder", "٣"),
        ("bidder", "０"),
        ("bidder", "²"),
        ("trump", "٣"),
        ("trump", "０١"),
        ("trump", "9" * 5000),
    ],
)
def test_a_hands_bidder_or_trump_must_be_digits(client, app, field, typed):
    token = new_match(client)
    hand = played(bidder=0, bid=300, meld=(140, 60), tricks=(170, 80))

    response = submit(client, hand_form(client, token), {**hand, field: typed})

    refused_beside(response, field)
    assert hands_stored(app) == 0


@pytest.mark.parametrize("action", ["bogus", "save_and_bogus", "", "throw_in_and_trim_and_trim"])
def test_a_hand_sent_by_a_button_the_form_has_not_is_refused(client, app, action):
    token = new_match(client)
    hand = hand_fields(bidder=0, bid=300, meld=(140, 60), tricks=(170, 80), action=action)

    response = submit(client, hand_form(client, token), hand)

    assert "reload the page" in refused_beside(response, "hand")
    assert hands_stored(app) == 0


@pytest.mark.parametrize("field", ["cards-0", "bid", "meld-0", "bidder", "action"])
def test_a_hands_field_sent_as_a_file_is_refused_beside_it(client, app, field):
    token = new_match(client)
    data = filled(
        hand_form(client, token), played(bidder=0, bid=300, meld=(140, 60), tricks=(170, 80))
    )
    data[field] = a_file("300")

    response = client.post(f"/matches/{token}/hands", data=data)

    assert response.status_code == 422
    assert "a file" in read(response).text
    assert hands_stored(app) == 0


def test_a_new_matchs_name_sent_as_a_file_is_refused_beside_it(client, app):
    form = form_to(open_page(client, "/matches/new?game=partnership"), "/matches/new")
    names = {f"player_names-{seat}": f"Player {seat + 1}" for seat in range(4)}
    data = {**filled(form, names), "player_names-0": a_file()}

    response = client.post("/matches/new", data=data)

    assert "a file" in refused_beside(response, "player_names-0")
    assert matches_stored(app) == 0


def test_a_rule_set_name_with_a_nul_is_refused_beside_it(client, app):
    form = form_to(open_page(client, "/matches/new"), "/matches/new")

    response = client.post("/rules/save", data=filled(form, {"rule_set_name": "Smiths\x00"}))

    refused_beside(response, "rule_set_name")
    assert count(app, RuleSet) == 0


@pytest.mark.parametrize("name", ["Smiths\x00", "Smiths\u202e", "Smi\x08ths"])
def test_a_rule_set_renamed_with_a_hidden_control_keeps_its_name(client, app, name):
    form = form_to(open_page(client, "/matches/new"), "/matches/new")
    client.post("/rules/save", data=filled(form, {"rule_set_name": "Smiths"}))
    with app.app_context():
        token = db.session.scalar(db.select(RuleSet.token))
    edit = f"/rules/{token}/edit"

    response = submit(client, form_to(open_page(client, edit), edit), {"rule_set_name": name})

    assert refused_beside(response, "rule_set_name") == (
        "Type the name in letters, digits and spaces only."
    )
    with app.app_context():
        assert db.session.scalar(db.select(RuleSet.name)) == "Smiths"


def test_a_rule_set_name_sent_as_a_file_saves_nothing(client, app):
    form = form_to(open_page(client, "/matches/new"), "/matches/new")
    data = {**filled(form), "rule_set_name": a_file("Smiths")}

    response = client.post("/rules/save", data=data)

    refused_beside(response, "rule_set_name")
    assert count(app, RuleSet) == 0


# -------------------------------------------------------------------------------- dice


def turns_stored(app) -> int:
    return count(app, DiceTurn)


@pytest.mark.parametrize("three_ones", ["٣٠٠", "３００", "3_00", "²"])
def test_farkles_three_ones_must_be_digits(client, app, three_ones):
    response = start_dice_game(client, "farkle", rules={"three_ones": three_ones})

    refused_beside(response, "rule-three_ones")
    assert count(app, DiceGame) == 0


@pytest.mark.parametrize("name", ["Ann\x1b", "Ann\u202d", "Ann\u2069"])
def test_a_dice_players_name_with_a_hidden_control_is_refused(client, app, name):
    response = start_dice_game(client, "yahtzee", names=(name, "Bob"))

    refused_beside(response, "player_names-0")
    assert count(app, DiceGame) == 0


def test_a_dice_players_name_sent_as_a_file_is_refused_beside_it(client, app):
    form = form_to(open_page(client, "/dice/new?kind=yahtzee"), "/dice/new")
    data = {**filled(form, {"player_names-1": "Bob"}), "player_names-0": a_file()}

    response = client.post("/dice/new", data=data)

    assert "a file" in refused_beside(response, "player_names-0")
    assert count(app, DiceGame) == 0


@pytest.mark.parametrize("action", ["bogus", "", "Farkle"])
def test_a_farkle_turn_sent_by_a_button_the_form_has_not_is_refused(client, app, action):
    token = new_dice_game(client, "farkle")

    response = farkle_turn(client, token, throws=["1 1 1"], action=action)

    assert "reload the page" in refused_beside(response, "turn")
    assert turns_stored(app) == 0


def test_farkle_throws_sent_as_a_file_are_refused_beside_them(client, app):
    token = new_dice_game(client, "farkle")
    form = form_to(open_page(client, dice_url(token)), dice_url(token, "/turns"))
    data = {**filled(form, {"action": "bank"}), "throws": a_file("1 1 1")}

    response = client.post(dice_url(token, "/turns"), data=data)

    assert "a file" in refused_beside(response, "throws")
    assert turns_stored(app) == 0


@pytest.mark.parametrize("column", ["²", "٢", "２", "9" * 5000])
def test_a_triple_column_not_written_in_digits_is_refused(client, app, column):
    token = new_dice_game(client, "triple")

    response = tap_box(client, token, "33356", f"{column}:threes")

    assert response.status_code == 422
    assert turns_stored(app) == 0


@pytest.mark.parametrize("column", ["²", "٢", "9" * 5000])
def test_a_corrected_triple_column_not_written_in_digits_is_refused(client, app, column):
    token = new_dice_game(client, "triple")
    score(client, token, "33356", "1:threes")
    with app.app_context():
        (turn_id,) = db.session.scalars(db.select(DiceTurn.id))
    edit = dice_url(token, f"/turns/{turn_id}/edit")

    response = submit(client, form_to(open_page(client, edit), edit), {"column": column})

    assert response.status_code == 422
    with app.app_context():
        assert db.session.get(DiceTurn, turn_id).column == 1


# ------------------------------------------------------------------ a text box as a file


FILE_PARTS = [
    pytest.param("/groups/new", "players", id="new-group-players"),
    pytest.param("/groups/new", "name", id="new-group-name"),
    pytest.param("add", "add-name", id="roster-add"),
    pytest.param("rename", "rename", id="roster-rename"),
    pytest.param("merge", "merge", id="roster-merge"),
    pytest.param("seats", "new_1", id="seat-new-name"),
    pytest.param("seats", "player_1", id="seat-player"),
    pytest.param("seats", "first_dealer", id="seat-dealer"),
    pytest.param("link", "link", id="add-game-link"),
]


def test_a_new_groups_players_sent_as_a_file_start_no_group(client, app):
    form = form_to(open_page(client, "/groups/new"), "/groups/new")
    data = {**filled(form, {"name": "Smiths"}), "players": a_file("Ann\nBob")}

    response = client.post("/groups/new", data=data)

    assert "a file" in refused_beside(response, "players")
    assert count(app, Group) == 0


@pytest.mark.parametrize(("where", "field"), FILE_PARTS[1:])
def test_a_groups_text_box_sent_as_a_file_is_refused_beside_it(client, app, where, field):
    if where == "/groups/new":
        form = form_to(open_page(client, "/groups/new"), "/groups/new")
        data = {**filled(form, {"players": "Ann"}), "name": a_file()}
        response = client.post("/groups/new", data=data)
        assert "a file" in refused_beside(response, "name")
        assert count(app, Group) == 0
        return
    token = make_group(client, FOUR)
    ann = roster(app, token)["Ann"]
    urls = {
        "add": (f"/groups/{token}/players", "add-name"),
        "rename": (f"/groups/{token}/players/{ann}/name", f"p{ann}-name"),
        "merge": (f"/groups/{token}/players/{ann}/merge", f"p{ann}-into"),
        "link": (f"/groups/{token}/add", "link"),
    }
    if where == "seats":
        url = f"/groups/{token}/matches/new?game=partnership"
        form, name = seats_form(client, token), field
    else:
        url, name = urls[where]
        page = open_page(client, f"/groups/{token}/add" if where == "link" else f"/groups/{token}")
        form = form_to(page, url)
    data = {**filled(form), name: a_file("Bob")}

    response = client.post(url, data=data)

    assert "a file" in refused_beside(response, name)
    assert sorted(roster(app, token)) == ["Ann", "Bob", "Cat", "Dan"]
    assert games_of(app, token) == 0


# ------------------------------------------------------------------- the site's settings


@pytest.mark.parametrize("hops", ["²", "٢", "9" * 5000])
def test_a_setting_not_written_in_digits_says_so(hops):
    with pytest.raises(ConfigError, match="TRUSTED_PROXY_HOPS must be a whole number"):
        settings_from_environment({"TRUSTED_PROXY_HOPS": hops})


@pytest.mark.parametrize("field", ["new_1", "name_1"])
def test_a_played_games_name_sent_as_a_file_adds_nothing(client, app, field):
    token = make_group(client)
    match_token = new_match(client)
    add = f"/groups/{token}/add"
    mapping = submit(
        client, form_to(open_page(client, add), add), {"link": f"http://x/matches/{match_token}"}
    )
    names = form_to(read(mapping), f"/groups/{token}/add/names")
    data = {**filled(names), field: a_file("Bob")}

    response = client.post(f"/groups/{token}/add/names", data=data)

    assert "a file" in refused_beside(response, field)
    assert games_of(app, token) == 0
    assert sorted(roster(app, token)) == ["Ann", "Bob"]
