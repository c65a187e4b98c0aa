"""The dice score sheets through their pages: starting a Yahtzee, Triple Yahtzee or Farkle
game, entering turns (with and without htmx), the zero confirm, jokers, undo, correcting a
past box, the final round, the winner, bad input, CSRF and this device's home page."""

from __future__ import annotations

import warnings

import pytest
from sqlalchemy import func

from scorekeeper.extensions import db
from scorekeeper.models import DiceGame, DiceTurn
from tests.helpers.html import (
    Element,
    alerts,
    answered_as,
    fields_of,
    filled,
    form_to,
    read,
)
from tests.helpers.play import (
    bank,
    correct_turn,
    dice_url,
    farkle_turn,
    new_dice_game,
    open_page,
    score,
    start_dice_game,
    tap_box,
    token_of,
    undo_turn,
)

HTMX = {"HX-Request": "true"}
ANSWERS = [pytest.param({}, id="page"), pytest.param(HTMX, id="htmx")]
MINUS = "\u2212"


# ------------------------------------------------------------------- reading the pages


def totals(page: Element) -> list[int]:
    """The big totals at the top of a game, one per player."""
    found = []
    while (total := page.by_id(f"total-{len(found)}")) is not None:
        found.append(int(total.text.replace(MINUS, "-")))
    return found


def facts(page: Element) -> str:
    return page.one("p", class_="match-facts").text


# ------------------------------------------------------------------ playing through the site


def roll(phone, token, dice, headers=None):
    """Enter the dice on the table: the page shows what each box would score."""
    return phone.get(dice_url(token), query_string={"dice": dice}, headers=headers or {})


def page_of(phone, token, headers=None) -> Element:
    return open_page(phone, dice_url(token), headers)


def stored(site) -> list[tuple]:
    """Every game and turn in the database, to compare before and after."""
    with site.app_context():
        games = [
            (g.id, g.kind, g.player_names, g.house_rules)
            for g in db.session.scalars(db.select(DiceGame).order_by(DiceGame.id))
        ]
        turns = [
            (t.id, t.game_id, t.position, t.player, t.dice, t.box, t.column)
            + (t.throws, t.total, t.farkle)
            for t in db.session.scalars(db.select(DiceTurn).order_by(DiceTurn.id))
        ]
    return games + turns


def game_id_of(token: str) -> int | None:
    """The row id of the game a token opens (inside an app context)."""
    return db.session.scalar(db.select(DiceGame.id).where(DiceGame.token == token))


def game_of(token: str) -> DiceGame | None:
    """The game a token opens (inside an app context)."""
    return db.session.scalar(db.select(DiceGame).where(DiceGame.token == token))


def stored_turns(site, token) -> list[DiceTurn]:
    with site.app_context():
        game_id = game_id_of(token)
        assert game_id is not None, f"no game has the token {token!r}"
        turns = db.session.scalars(
            db.select(DiceTurn).where(DiceTurn.game_id == game_id).order_by(DiceTurn.position)
        ).all()
        for turn in turns:
            db.session.expunge(turn)
        return turns


def box_cell(page: Element, player: int, box: str, column: int = 1, turn: bool = False) -> Element:
    """One box of a player's card: the current turn's card, or the card under 'Every card'."""
    table = page.by_id(f"card-{player}-turn" if turn else f"card-{player}")
    row = table.one("tr", data_box=box)
    return row.all("td")[column - 1]


# The full two-player game: (dice, box) per turn, Ann and Bob taking turns.
ANN_TURNS = [
    ("11123", "ones"),  # 3
    ("22245", "twos"),  # 6
    ("33315", "threes"),  # 9
    ("44412", "fours"),  # 12
    ("55513", "fives"),  # 15
    ("66614", "sixes"),  # 18: the upper boxes reach 63, so the 35 bonus
    ("33345", "three_of_a_kind"),  # 18
    ("22224", "four_of_a_kind"),  # 12
    ("22333", "full_house"),  # 25
    ("12346", "small_straight"),  # 30
    ("23456", "large_straight"),  # 40
    ("44444", "yahtzee"),  # 50
    ("66655", "chance"),  # 28
]
# Ann: upper 63 + bonus 35 = 98; lower 18+12+25+30+40+50+28 = 203; total 301.
BOB_TURNS = [
    ("55555", "yahtzee"),  # 50
    ("66666", "sixes"),  # extra Yahtzee, joker forced into sixes: 30 and a 100 bonus
    ("11111", "ones"),  # extra Yahtzee, joker forced into ones: 5 and a 100 bonus
    ("12345", "large_straight"),  # 40
    ("12346", "small_straight"),  # 30
    ("33366", "full_house"),  # 25
    ("22256", "twos"),  # 6
    ("33356", "threes"),  # 9
    ("44456", "fours"),  # 12
    ("55512", "fives"),  # 15
    ("44441", "four_of_a_kind"),  # 17
    ("11234", "three_of_a_kind"),  # 0, after the confirm
    ("65432", "chance"),  # 20
]
# Bob: upper 5+6+9+12+15+30 = 77 + bonus 35 = 112; lower 50+40+30+25+17+0+20 = 182;
# Yahtzee bonuses 200; total 494.


def play_game(phone, token, first=ANN_TURNS, second=BOB_TURNS) -> None:
    for (dice_a, box_a), (dice_b, box_b) in zip(first, second, strict=True):
        score(phone, token, dice_a, box_a)
        score(phone, token, dice_b, box_b)


# ======================================================================== the new-game form


def test_the_forms_use_no_deprecated_wtforms_api(phone):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        tokens = []
        for kind in ("yahtzee", "triple", "farkle"):
            tokens.append(new_dice_game(phone, kind))
            page_of(phone, tokens[-1])
        roll(phone, tokens[0], "33356")

    assert [str(warning.message) for warning in caught] == []


@pytest.mark.parametrize("headers", ANSWERS)
@pytest.mark.parametrize("kind", ["yahtzee", "triple", "farkle"])
def test_the_new_game_form_is_a_page_and_switching_the_game_answers_its_fragment(
    phone, headers, kind
):
    response = phone.get(f"/dice/new?kind={kind}", headers=headers)

    assert response.status_code == 200
    page = answered_as(response, headers, "new-dice-game")
    fields = fields_of(form_to(page, "/dice/new"))
    assert (fields["kind"], fields["fitted_for"]) == (kind, kind)
    select = page.one("select", name="kind")
    assert select.attrs["hx-get"] == "/dice/new" and select.attrs["hx-trigger"] == "change"
    assert select.attrs["hx-target"] == "#new-dice-game"


@pytest.mark.parametrize("headers", ANSWERS)
def test_a_game_switched_before_htmx_refit_the_form_is_refitted_keeping_the_names(
    site, phone, headers
):
    form = form_to(read(phone.get("/dice/new?kind=yahtzee")), "/dice/new")
    fields = {**fields_of(form), "kind": "farkle", "player_names-0": "Ann"}

    response = phone.post("/dice/new", data=fields, headers=headers)

    assert response.status_code == 422
    page = answered_as(response, headers, "new-dice-game")
    assert alerts(page) == {
        "kind-error": "The form now fits Farkle: check the names and house rules, then start."
    }
    refitted = fields_of(form_to(page, "/dice/new"))
    assert (refitted["kind"], refitted["fitted_for"]) == ("farkle", "farkle")
    assert refitted["player_names-0"] == "Ann"
    assert refitted["rule-target"] == "10000" and "rule-joker" not in refitted
    assert stored(site) == []


def test_an_unknown_game_in_the_address_falls_back_to_yahtzee(phone):
    form = form_to(read(phone.get("/dice/new?kind=poker")), "/dice/new")

    assert fields_of(form)["kind"] == "yahtzee"


@pytest.mark.parametrize(
    ("kind", "rules"),
    [
        ("yahtzee", {"rule-joker": "forced"}),
        ("triple", {"rule-joker": "forced", "rule-bonus_multiplied": "y"}),
        (
            "farkle",
            {
                "rule-opening_score": "500",
                "rule-three_farkles_penalty": "-1000",
                "rule-target": "10000",
                "rule-straight": "1500",
                "rule-three_pairs": "1500",
                "rule-two_triplets": "2500",
                "rule-four_and_pair": "three-pairs",
                "rule-n_of_a_kind": "fixed",
                "rule-three_ones": "1000",
            },
        ),
    ],
)
def test_the_new_game_form_asks_eight_names_and_the_games_house_rules_with_defaults(
    phone, kind, rules
):
    page = read(phone.get(f"/dice/new?kind={kind}"))
    form = form_to(page, "/dice/new")
    fields = fields_of(form)

    assert [name for name in fields if name.startswith("player_names-")] == [
        f"player_names-{seat}" for seat in range(8)
    ]
    assert {name: value for name, value in fields.items() if name.startswith("rule-")} == rules
    folded = form.one("details", class_="house-rules")
    assert "open" not in folded.attrs
    for name in rules:
        assert folded.by_id(name) is not None
        assert folded.by_id(f"{name}-help").text  # one line of help under each


def test_a_joker_rule_offers_forced_and_free(phone):
    select = read(phone.get("/dice/new")).one("select", name="rule-joker")

    assert [option.attrs["value"] for option in select.all("option")] == ["forced", "free"]


def test_the_name_fields_say_which_are_needed(phone):
    yahtzee_labels = [label.text for label in read(phone.get("/dice/new")).all("label")]
    farkle_labels = [label.text for label in read(phone.get("/dice/new?kind=farkle")).all("label")]

    assert "Player 1" in yahtzee_labels and "Player 2 (optional)" in yahtzee_labels
    assert "Player 2" in farkle_labels and "Player 3 (optional)" in farkle_labels


@pytest.mark.parametrize("headers", ANSWERS)
def test_starting_a_game_redirects_to_it_with_or_without_htmx(site, phone, headers):
    response = start_dice_game(phone, "triple", ("Ann", "Bob"), headers=headers)

    assert response.status_code == 303
    with site.app_context():
        token = db.session.scalar(db.select(DiceGame.token).where(DiceGame.id == 1))
    assert response.headers["Location"] == dice_url(token)
    assert stored(site) == [(1, "triple", ["Ann", "Bob"], {})]


def test_blank_names_after_the_needed_ones_are_skipped(site, phone):
    token = new_dice_game(phone, "farkle", ("Ann", "Bob", "", "  ", "Dee"))

    with site.app_context():
        assert game_of(token).player_names == ["Ann", "Bob", "Dee"]


def test_changed_house_rules_are_stored_and_listed_on_the_game(site, phone):
    token = new_dice_game(
        phone, "farkle", rules={"opening_score": 350, "three_farkles_penalty": -500, "target": 5000}
    )
    triple = new_dice_game(phone, "triple", rules={"joker": "free", "bonus_multiplied": False})

    with site.app_context():
        assert game_of(token).house_rules == {
            "opening_score": 350,
            "three_farkles_penalty": -500,
            "target": 5000,
        }
        assert game_of(triple).house_rules == {
            "joker": "free",
            "bonus_multiplied": False,
        }
    page = page_of(phone, token)
    assert "game to 5000 · opening score 350" in facts(page)
    assert "(3 changed)" in page.one("details", class_="house-rules").one("summary").text


@pytest.mark.parametrize(
    ("kind", "names", "field", "message"),
    [
        ("yahtzee", (), "player_names-0", "Enter a name: Yahtzee needs at least one player."),
        ("farkle", ("Ann",), "player_names-1", "Enter a name: Farkle needs at least 2 players."),
        ("farkle", ("", "Bob"), "player_names-0", "Enter a name: Farkle needs at least 2 players."),
        (
            "triple",
            ("Ann", "ann"),
            "player_names-1",
            "Two players are called Ann: add an initial so the ledger can tell them apart.",
        ),
        ("yahtzee", ("A" * 41,), "player_names-0", "Too long: use at most 40 characters."),
    ],
)
@pytest.mark.parametrize("headers", ANSWERS)
def test_missing_or_clashing_names_are_refused_next_to_the_field_and_nothing_is_saved(
    site, phone, kind, names, field, message, headers
):
    response = start_dice_game(phone, kind, names, headers=headers)

    assert response.status_code == 422
    page = answered_as(response, headers, "new-dice-game")
    assert alerts(page) == {f"{field}-error": message}
    assert page.by_id(field).attrs["aria-invalid"] == "true"
    assert stored(site) == []


@pytest.mark.parametrize(
    ("rules", "field", "message"),
    [
        (
            {"three_farkles_penalty": 500},
            "rule-three_farkles_penalty",
            '"Three farkles in a row" must be 0 (none) or a negative number like -1000.',
        ),
        ({"target": 0}, "rule-target", '"Game to" must be a whole number, at least 1.'),
        (
            {"opening_score": -50},
            "rule-opening_score",
            '"Opening score" must be a whole number, 0 or more.',
        ),
        ({"opening_score": "lots"}, "rule-opening_score", "Type a whole number, digits only."),
    ],
)
def test_an_impossible_house_rule_is_refused_next_to_it_and_the_rules_unfold(
    site, phone, rules, field, message
):
    response = start_dice_game(phone, "farkle", rules=rules)

    assert response.status_code == 422
    page = read(response)
    assert alerts(page) == {f"{field}-error": message}
    assert "open" in page.one("details", class_="house-rules").attrs
    assert stored(site) == []


def test_an_unknown_joker_rule_is_refused_next_to_it(site, phone):
    response = start_dice_game(phone, "yahtzee", rules={"joker": "wild"})

    assert response.status_code == 422
    assert alerts(read(response)) == {"rule-joker-error": "Pick one of the choices shown."}
    assert stored(site) == []


# =========================================================================== the game page


@pytest.mark.parametrize("headers", ANSWERS)
@pytest.mark.parametrize("kind", ["yahtzee", "triple", "farkle"])
def test_the_game_page_is_a_page_and_under_htmx_the_game_fragment(phone, kind, headers):
    token = new_dice_game(phone, kind)

    response = phone.get(dice_url(token), headers=headers)

    assert response.status_code == 200
    page = answered_as(response, headers, "dice-game")
    assert totals(page) == [0, 0]
    assert "Ann's turn" in facts(page)
    assert page.one("div", class_="to-play").text.startswith("Ann 0")


def test_a_game_that_does_not_exist_is_a_404(phone):
    made_up = "NoSuchGame_NoSuchGame_9"

    assert phone.get(dice_url(made_up)).status_code == 404
    assert phone.post(dice_url(made_up, "/turns"), data={}).status_code == 404
    assert phone.post(dice_url(made_up, "/undo"), data={}).status_code == 404


def test_each_game_has_its_own_unguessable_token_and_its_row_id_opens_nothing(site, phone):
    first = new_dice_game(phone)
    second = new_dice_game(phone, "farkle")

    with site.app_context():
        ids = {token: game_id_of(token) for token in (first, second)}
    assert first != second
    for token, game_id in ids.items():
        assert game_id is not None
        assert len(token) >= 22
        assert token != str(game_id)
        assert page_of(phone, token) is not None
        assert phone.get(dice_url(str(game_id))).status_code == 404


def test_the_dice_taps_are_hidden_until_the_script_shows_them(phone):
    yahtzee = page_of(phone, new_dice_game(phone))
    farkle = page_of(phone, new_dice_game(phone, "farkle"))

    for page in (yahtzee, farkle):
        taps = page.one("div", class_="die-taps")
        assert "hidden" in taps.attrs
        assert [b.attrs.get("data-die") for b in taps.all("button")][:6] == list("123456")
        assert page.by_id(taps.attrs["data-taps-for"]) is not None


def test_every_field_has_a_visible_label(phone):
    pages = [
        read(phone.get("/dice/new?kind=triple")),
        read(roll(phone, new_dice_game(phone, "triple"), "33356")),
        page_of(phone, new_dice_game(phone, "farkle")),
    ]
    for page in pages:
        labels = {label.attrs.get("for") for label in page.all("label")}
        for control in page.all("input") + page.all("select") + page.all("textarea"):
            if control.attrs.get("type") in ("hidden", "submit"):
                continue
            assert control.attrs["id"] in labels or control.inside("label"), control.attrs


# ================================================================= Yahtzee: dice and boxes


@pytest.mark.parametrize("headers", ANSWERS)
def test_entered_dice_show_what_every_box_would_score(phone, headers):
    token = new_dice_game(phone)

    response = roll(phone, token, "3 3 3 5 6", headers=headers)

    assert response.status_code == 200
    page = answered_as(response, headers, "dice-game")
    expected = {
        "ones": "0",
        "twos": "0",
        "threes": "9",
        "fours": "0",
        "fives": "5",
        "sixes": "6",
        "three_of_a_kind": "20",
        "four_of_a_kind": "0",
        "full_house": "0",
        "small_straight": "0",
        "large_straight": "0",
        "yahtzee": "0",
        "chance": "20",
    }
    for box, points in expected.items():
        button = box_cell(page, 0, box, turn=True).one("button")
        assert button.attrs["value"] == box and button.text == points
        assert "disabled" not in button.attrs
    picker = form_to(page, dice_url(token, "/turns"))
    assert fields_of(picker)["dice"] == "33356"
    assert "12 more" not in page.text  # nothing scored yet: all 63 to go
    assert "63 more for the 35 bonus" in page.text


@pytest.mark.parametrize("headers", ANSWERS)
@pytest.mark.parametrize(
    ("dice", "message"),
    [
        ("3335", "dice must be five values from 1 to 6"),
        ("333566", "dice must be five values from 1 to 6"),
        ("3 3 3 5 7", '"7" is not a die face; a die shows 1 to 6'),
        ("x" * 31, "Too long: use at most 30 characters."),
    ],
)
def test_dice_that_cannot_be_are_refused_next_to_the_dice_field(
    site, phone, dice, message, headers
):
    token = new_dice_game(phone)
    before = stored(site)

    response = roll(phone, token, dice, headers=headers)

    assert response.status_code == 422
    page = answered_as(response, headers, "dice-game")
    assert alerts(page) == {"dice-error": message}
    assert page.by_id("dice").attrs["value"] == dice
    assert page.by_id("card-0-turn").one("button") is None
    assert stored(site) == before


@pytest.mark.parametrize("headers", ANSWERS)
def test_tapping_a_box_scores_it_and_passes_the_turn(site, phone, headers):
    token = new_dice_game(phone)

    response = tap_box(phone, token, "33356", "threes", headers=headers)

    assert response.status_code == 303
    # The answer lands on the note that says what the turn did, above the next turn's form.
    assert response.headers["Location"] == dice_url(token) + "#dice-note"
    [turn] = stored_turns(site, token)
    assert (turn.player, turn.dice, turn.box, turn.column) == (0, "33356", "threes", None)
    page = page_of(phone, token)
    assert totals(page) == [9, 0]
    assert "Bob's turn" in facts(page)
    assert box_cell(page, 0, "threes").text == "9"
    assert "54 more for the 35 bonus" in page.by_id("card-0").text


@pytest.mark.parametrize(
    ("dice", "slot", "field", "message"),
    [
        ("3335", "threes", "dice-error", "dice must be five values from 1 to 6"),
        ("", "threes", "dice-error", "dice must be five values from 1 to 6"),
        (
            "33356",
            "jackpot",
            "slot-error",
            '"jackpot" is not a box; choose one of ones, twos, threes, fours, fives, sixes, '
            "three_of_a_kind, four_of_a_kind, full_house, small_straight, large_straight, "
            "yahtzee, chance.",
        ),
        ("33356", "", "slot-error", "Tap the box to score these dice in."),
        ("33356", "2:threes", "slot-error", "Classic Yahtzee has one column; leave column out."),
    ],
)
@pytest.mark.parametrize("headers", ANSWERS)
def test_a_turn_that_cannot_be_is_refused_next_to_its_field_and_nothing_is_saved(
    site, phone, dice, slot, field, message, headers
):
    token = new_dice_game(phone)
    before = stored(site)

    response = tap_box(phone, token, dice, slot, headers=headers)

    assert response.status_code == 422
    page = answered_as(response, headers, "dice-game")
    assert alerts(page) == {field: message}
    assert stored(site) == before


def test_a_box_already_filled_is_refused_with_what_it_holds(site, phone):
    token = new_dice_game(phone, names=("Ann",))
    score(phone, token, "33356", "threes")
    before = stored(site)

    response = tap_box(phone, token, "33312", "threes")

    assert response.status_code == 422
    assert alerts(read(response)) == {"slot-error": "Threes already holds 9."}
    assert stored(site) == before


@pytest.mark.parametrize("headers", ANSWERS)
def test_a_box_tapped_twice_is_entered_once(site, phone, headers):
    token = new_dice_game(phone)
    picker = form_to(read(roll(phone, token, "33356")), dice_url(token, "/turns"))
    fields = {**fields_of(picker), "slot": "chance"}
    assert fields["number"] == "1"

    first = phone.post(dice_url(token, "/turns"), data=fields, headers=headers)
    again = phone.post(dice_url(token, "/turns"), data=fields, headers=headers)
    # The same turn from another phone's form (its own one-time token) is a conflict.
    other_phone = {**fields, "client_token": "another-phones-form-token"}
    other = phone.post(dice_url(token, "/turns"), data=other_phone, headers=headers)

    # A double tap is answered as the first tap was, like a match's double-tapped Save.
    assert (first.status_code, again.status_code, other.status_code) == (303, 303, 409)
    assert again.headers["Location"] == first.headers["Location"]
    assert [(turn.player, turn.box) for turn in stored_turns(site, token)] == [(0, "chance")]


def test_a_farkle_turn_sent_twice_is_entered_once(site, phone):
    token = new_dice_game(phone, "farkle")
    form = form_to(page_of(phone, token), dice_url(token, "/turns"))
    fields = {**fields_of(form), "total": "600", "action": "bank"}

    other_phone = {**fields, "client_token": "another-phones-form-token"}
    assert phone.post(dice_url(token, "/turns"), data=fields).status_code == 303
    assert phone.post(dice_url(token, "/turns"), data=fields).status_code == 303
    assert phone.post(dice_url(token, "/turns"), data=other_phone).status_code == 409
    assert [turn.total for turn in stored_turns(site, token)] == [600]


# ================================================================== Yahtzee: a zero confirm


@pytest.mark.parametrize("headers", ANSWERS)
def test_a_box_that_would_score_0_asks_first_and_saves_nothing_until_yes(site, phone, headers):
    token = new_dice_game(phone)

    asked = tap_box(phone, token, "33356", "full_house", headers=headers)

    assert asked.status_code == 200
    page = answered_as(asked, headers, "dice-game")
    confirm = page.by_id("confirm")
    assert "3 3 3 5 6 scores 0 in Full house" in confirm.text
    yes = confirm.one("button", type="submit")
    assert yes.text == "Yes, score 0 in Full house"
    form = form_to(confirm, dice_url(token, "/turns"))
    fields = fields_of(form)
    assert len(fields.pop("client_token")) >= 16  # the form's one-time token
    assert fields == {"number": "1", "version": "0", "dice": "33356", "confirm": "full_house"}
    assert yes.attrs["name"] == "slot" and yes.attrs["value"] == "full_house"
    no = confirm.one("a", role="button")
    assert no.text == "No, choose another box"
    assert no.attrs["href"] == dice_url(token, "?dice=33356")
    assert stored_turns(site, token) == []

    saved = tap_box(phone, token, "33356", "full_house", confirm="full_house", headers=headers)

    assert saved.status_code == 303
    [turn] = stored_turns(site, token)
    assert turn.box == "full_house"
    assert box_cell(page_of(phone, token), 0, "full_house").text == "0"


def test_a_confirm_for_another_box_does_not_count_as_yes(site, phone):
    token = new_dice_game(phone)

    response = tap_box(phone, token, "33356", "yahtzee", confirm="full_house")

    assert response.status_code == 200
    assert "Yes, score 0 in Yahtzee" in read(response).by_id("confirm").text
    assert stored_turns(site, token) == []


def test_a_box_that_scores_asks_nothing(site, phone):
    token = new_dice_game(phone)

    assert tap_box(phone, token, "33356", "chance").status_code == 303


def test_zero_buttons_look_different_from_scoring_ones(phone):
    page = read(roll(phone, new_dice_game(phone), "33356"))

    assert "zero" in box_cell(page, 0, "full_house", turn=True).one("button").attrs["class"]
    assert "zero" not in box_cell(page, 0, "chance", turn=True).one("button").attrs["class"]


# ====================================================================== Yahtzee: the joker


def test_a_joker_forbidden_box_is_disabled_with_the_reason_shown(phone):
    token = new_dice_game(phone, names=("Ann",))
    score(phone, token, "55555", "yahtzee")

    page = read(roll(phone, token, "66666"))

    sixes = box_cell(page, 0, "sixes", turn=True).one("button")
    assert "disabled" not in sixes.attrs and sixes.text == "30+100"
    full_house = box_cell(page, 0, "full_house", turn=True).one("button")
    assert "disabled" in full_house.attrs
    reason = page.by_id(full_house.attrs["aria-describedby"])
    assert reason.text == "The joker rule says this Yahtzee must go in sixes, which is open."
    for box in ("ones", "chance", "large_straight"):
        button = box_cell(page, 0, box, turn=True).one("button")
        assert "disabled" in button.attrs
        assert button.attrs["aria-describedby"] == reason.attrs["id"]
    [said] = page.one("ul", class_="reasons").all("li")  # one reason, said once
    assert said is reason
    assert box_cell(page, 0, "yahtzee", turn=True).text == "50"


def test_the_forced_joker_refuses_a_forbidden_box_even_when_posted(site, phone):
    token = new_dice_game(phone, names=("Ann",))
    score(phone, token, "55555", "yahtzee")
    before = stored(site)

    response = tap_box(phone, token, "66666", "large_straight")

    assert response.status_code == 422
    assert alerts(read(response)) == {
        "slot-error": "The joker rule says this Yahtzee must go in sixes, which is open."
    }
    assert stored(site) == before


def test_with_the_upper_box_filled_the_forced_joker_scores_lower_boxes_at_full_value(phone):
    token = new_dice_game(phone, names=("Ann",))
    score(phone, token, "55555", "yahtzee")
    score(phone, token, "66612", "sixes")

    page = read(roll(phone, token, "66666"))

    assert box_cell(page, 0, "large_straight", turn=True).one("button").text == "40+100"
    assert box_cell(page, 0, "full_house", turn=True).one("button").text == "25+100"
    ones = box_cell(page, 0, "ones", turn=True).one("button")
    assert "disabled" in ones.attrs
    reason = page.by_id(ones.attrs["aria-describedby"]).text
    assert reason.startswith("The joker rule says this Yahtzee must go in a lower box while one")


def test_the_free_joker_allows_every_open_box(phone):
    token = new_dice_game(phone, names=("Ann",), rules={"joker": "free"})
    score(phone, token, "55555", "yahtzee")

    page = read(roll(phone, token, "66666"))

    for box, points in [("ones", "0+100"), ("sixes", "30+100"), ("small_straight", "30+100")]:
        button = box_cell(page, 0, box, turn=True).one("button")
        assert "disabled" not in button.attrs and button.text == points
    assert page.one("ul", class_="reasons") is None


# ================================================================ Yahtzee: a whole game


def test_a_two_player_game_played_to_the_end_has_the_hand_computed_totals_and_a_winner(site, phone):
    token = new_dice_game(phone)

    play_game(phone, token)

    page = page_of(phone, token)
    assert totals(page) == [301, 494]
    winner = page.by_id("winner")
    assert winner.one("h2").text == "Bob wins"
    assert "Ann 301 · Bob 494" in winner.text
    assert "winner" in page.by_id("total-1").parent.attrs["class"]
    assert page.one("form", class_="box-picker") is None
    cards = page.all("details", class_="player-card")
    assert all("open" in card.attrs for card in cards)  # the final cards, unfolded
    ann, bob = (page.by_id(f"card-{player}") for player in (0, 1))
    assert ann.one("tr", class_="bonus").text == "Upper bonus 35"
    assert bob.one("tr", class_="grand-total").text == "Total 494"
    assert bob.all("tr", class_="bonus")[1].text == "Yahtzee bonus 200"
    assert "35 bonus won (77 of 63)" in bob.text
    assert box_cell(page, 1, "three_of_a_kind").text == "0"
    assert len(stored_turns(site, token)) == 26

    # No page draws a box picker now: the turn is posted as no phone would.
    turn = {"dice": "33356", "slot": "chance"}
    assert phone.post(dice_url(token, "/turns"), data=turn).status_code == 409


def test_equal_totals_share_the_win(phone):
    token = new_dice_game(phone)

    play_game(phone, token, ANN_TURNS, ANN_TURNS)

    page = page_of(phone, token)
    assert totals(page) == [301, 301]
    assert page.by_id("winner").one("h2").text == "Ann and Bob share the win"


def test_the_turn_list_names_each_turn_and_links_to_its_correction(site, phone):
    token = new_dice_game(phone)
    score(phone, token, "55555", "yahtzee")
    score(phone, token, "33356", "threes")
    score(phone, token, "66666", "sixes")

    page = page_of(phone, token)

    ann = page.by_id("player-0")
    lines = [item.one("span").text for item in ann.one("ol", class_="turn-list").all("li")]
    assert lines == [
        "Turn 1: 5 5 5 5 5 in Yahtzee: 50",
        "Turn 2: 6 6 6 6 6 in Sixes: 30 + 100 bonus (joker)",
    ]
    turn_ids = [turn.id for turn in stored_turns(site, token)]
    link = box_cell(page, 0, "sixes").one("a")
    assert link.attrs["href"] == dice_url(token, f"/turns/{turn_ids[2]}/edit")


# =========================================================================== undo


@pytest.mark.parametrize("headers", ANSWERS)
def test_undo_takes_back_the_last_turn(site, phone, headers):
    token = new_dice_game(phone)
    score(phone, token, "33356", "threes")
    score(phone, token, "66612", "sixes")

    response = undo_turn(phone, token, headers)

    assert response.status_code == 303
    assert [turn.box for turn in stored_turns(site, token)] == ["threes"]
    page = page_of(phone, token)
    assert totals(page) == [9, 0]
    assert "Bob's turn" in facts(page)
    assert page.one("form", class_="undo").text == "Undo Ann's last turn"


def test_undo_with_no_turns_changes_nothing_and_shows_no_button(site, phone):
    token = new_dice_game(phone)

    assert page_of(phone, token).one("form", class_="undo") is None
    # A hand-made Undo (no page drew one) names no version: refused, nothing changes.
    assert phone.post(dice_url(token, "/undo")).status_code == 422
    assert phone.post(dice_url(token, "/undo"), data={"version": "0"}).status_code == 303
    assert stored_turns(site, token) == []


def test_undo_never_touches_another_game(site, phone):
    mine = new_dice_game(phone)
    other = new_dice_game(phone)
    score(phone, other, "33356", "threes")

    phone.post(dice_url(mine, "/undo"))  # no page draws Undo for a game with no turns

    assert len(stored_turns(site, other)) == 1


# ============================================================= correcting a past box


@pytest.mark.parametrize("headers", ANSWERS)
def test_the_correction_form_is_a_page_or_a_fragment_filled_with_the_turn(site, phone, headers):
    token = new_dice_game(phone)
    score(phone, token, "33356", "threes")
    [turn] = stored_turns(site, token)

    response = phone.get(dice_url(token, f"/turns/{turn.id}/edit"), headers=headers)

    assert response.status_code == 200
    page = answered_as(response, headers, "edit-turn")
    form = form_to(page, dice_url(token, f"/turns/{turn.id}/edit"))
    assert fields_of(form) == {"version": "1", "dice": "33356", "box": "threes"}
    assert page.one("h1").text == "Correct Ann's turn 1"


@pytest.mark.parametrize("headers", ANSWERS)
def test_correcting_a_past_box_replays_the_card(site, phone, headers):
    token = new_dice_game(phone)
    score(phone, token, "33356", "threes")
    score(phone, token, "11111", "yahtzee")
    score(phone, token, "66612", "sixes")
    first = stored_turns(site, token)[0]

    response = correct_turn(phone, token, first.id, {"dice": "3 3 3 5 6", "box": "chance"}, headers)

    assert response.status_code == 303
    assert response.headers["Location"] == dice_url(token)
    assert (stored_turns(site, token)[0].dice, stored_turns(site, token)[0].box) == (
        "33356",
        "chance",
    )
    assert totals(page_of(phone, token)) == [20 + 18, 50]


@pytest.mark.parametrize("headers", ANSWERS)
def test_a_correction_that_breaks_a_later_turn_is_refused_naming_that_turn(site, phone, headers):
    token = new_dice_game(phone)
    score(phone, token, "33356", "threes")
    score(phone, token, "22222", "twos")
    score(phone, token, "66612", "sixes")
    first = stored_turns(site, token)[0]
    before = stored(site)

    response = correct_turn(phone, token, first.id, {"dice": "66635", "box": "sixes"}, headers)

    assert response.status_code == 422
    page = answered_as(response, headers, "edit-turn")
    assert alerts(page) == {"turn-error": "With this change, Ann's turn 2: sixes already holds 18."}
    assert page.by_id("dice").attrs["value"] == "66635"
    assert stored(site) == before


def test_a_correction_that_changes_a_later_joker_is_refused(site, phone):
    token = new_dice_game(phone, names=("Ann",))
    score(phone, token, "55555", "yahtzee")
    score(phone, token, "66666", "sixes")  # a joker: it had to go in sixes
    first = stored_turns(site, token)[0]
    before = stored(site)

    response = correct_turn(phone, token, first.id, {"dice": "55555", "box": "fives"})

    # Without a Yahtzee in its box, 66666 is no joker, so sixes takes 30 and no bonus: fine.
    assert response.status_code == 303
    assert totals(page_of(phone, token)) == [25 + 30]
    assert stored(site) != before


@pytest.mark.parametrize(
    ("data", "field", "message"),
    [
        ({"dice": "3335", "box": "threes"}, "dice-error", "dice must be five values from 1 to 6"),
        ({"dice": "33356", "box": "jackpot"}, "box-error", None),
        ({"dice": "11111", "box": "twos"}, "box-error", "twos already holds 6"),
    ],
)
def test_a_correction_that_breaks_its_own_turn_is_shown_next_to_the_field(
    site, phone, data, field, message
):
    token = new_dice_game(phone, names=("Ann",))
    score(phone, token, "22256", "twos")
    score(phone, token, "33356", "threes")
    second = stored_turns(site, token)[1]
    before = stored(site)

    response = correct_turn(phone, token, second.id, data)

    assert response.status_code == 422
    shown = alerts(read(response))
    assert list(shown) == [field]
    if message:
        assert shown[field] == message
    assert stored(site) == before


def test_correcting_a_turn_of_another_game_or_a_farkle_turn_is_a_404(site, phone):
    yahtzee_game = new_dice_game(phone)
    score(phone, yahtzee_game, "33356", "threes")
    farkle_game = new_dice_game(phone, "farkle")
    bank(phone, farkle_game, total=600)
    [yahtzee_turn] = stored_turns(site, yahtzee_game)
    [farkle_banked] = stored_turns(site, farkle_game)

    assert phone.get(dice_url(farkle_game, f"/turns/{yahtzee_turn.id}/edit")).status_code == 404
    assert phone.get(dice_url(yahtzee_game, f"/turns/{farkle_banked.id}/edit")).status_code == 404


# ======================================================================== Triple Yahtzee


def test_triple_shows_three_columns_and_each_open_box_per_column(phone):
    token = new_dice_game(phone, "triple", names=("Ann",))
    score(phone, token, "33356", "1:threes")

    page = read(roll(phone, token, "33312"))

    table = page.by_id("card-0-turn")
    assert [th.text for th in table.one("thead").all("th")] == ["Box", "×1", "×2", "×3"]
    assert box_cell(page, 0, "threes", 1, turn=True).text == "9"
    for column in (2, 3):
        button = box_cell(page, 0, "threes", column, turn=True).one("button")
        assert button.attrs["value"] == f"{column}:threes" and button.text == "9"


def test_triple_multiplies_each_column_by_1_2_and_3(site, phone):
    token = new_dice_game(phone, "triple", names=("Ann",))
    for column in (1, 2, 3):
        score(phone, token, "33356", f"{column}:threes")

    page = page_of(phone, token)

    assert totals(page) == [9 * 1 + 9 * 2 + 9 * 3]
    card = page.by_id("card-0")
    assert card.one("tr", class_="column-total").text == "Counts as 9 18 27"
    assert [turn.column for turn in stored_turns(site, token)] == [1, 2, 3]


@pytest.mark.parametrize(("multiplied", "bonus_counts"), [(True, 200), (False, 100)])
def test_a_triple_columns_yahtzee_bonus_is_multiplied_by_the_house_rule(
    phone, multiplied, bonus_counts
):
    token = new_dice_game(phone, "triple", names=("Ann",), rules={"bonus_multiplied": multiplied})
    score(phone, token, "55555", "2:yahtzee")
    score(phone, token, "55555", "2:fives")  # a joker into fives: 25 and a 100 bonus

    page = page_of(phone, token)

    # Column 2: (50 + 25) × 2 = 150, plus the bonus as the house rule counts it.
    assert totals(page) == [150 + bonus_counts]
    assert page.by_id("card-0").one("tr", class_="column-total").text == (
        f"Counts as 0 {150 + bonus_counts} 0"
    )


def test_a_triple_joker_is_judged_by_its_own_column(phone):
    token = new_dice_game(phone, "triple", names=("Ann",))
    score(phone, token, "55555", "2:yahtzee")

    page = read(roll(phone, token, "66666"))

    assert box_cell(page, 0, "sixes", 2, turn=True).one("button").text == "30+100"
    chance = box_cell(page, 0, "chance", 2, turn=True).one("button")
    assert "disabled" in chance.attrs
    assert page.by_id(chance.attrs["aria-describedby"]).text == (
        "×2: The joker rule says this Yahtzee must go in sixes, which is open."
    )
    for column in (1, 3):  # no Yahtzee in these columns yet, so no joker there
        assert box_cell(page, 0, "chance", column, turn=True).one("button").text == "30"
        assert box_cell(page, 0, "full_house", column, turn=True).one("button").text == "0"


def test_triple_needs_a_column_for_every_turn(site, phone):
    token = new_dice_game(phone, "triple", names=("Ann",))

    response = tap_box(phone, token, "33356", "threes")

    assert response.status_code == 422
    assert alerts(read(response)) == {
        "slot-error": "Which column? Triple Yahtzee needs column 1, 2 or 3."
    }
    assert stored_turns(site, token) == []


def test_a_triple_zero_confirm_names_the_column(phone):
    token = new_dice_game(phone, "triple", names=("Ann",))

    page = read(tap_box(phone, token, "33356", "3:yahtzee"))

    assert "scores 0 in Yahtzee (column ×3)" in page.by_id("confirm").text


def test_a_triple_correction_can_move_a_turn_to_another_column(site, phone):
    token = new_dice_game(phone, "triple", names=("Ann",))
    score(phone, token, "33356", "1:threes")
    [turn] = stored_turns(site, token)
    form = form_to(
        read(phone.get(dice_url(token, f"/turns/{turn.id}/edit"))),
        dice_url(token, f"/turns/{turn.id}/edit"),
    )
    assert fields_of(form) == {"version": "1", "dice": "33356", "box": "threes", "column": "1"}

    response = correct_turn(
        phone, token, turn.id, {"dice": "33356", "box": "threes", "column": "3"}
    )

    assert response.status_code == 303
    assert stored_turns(site, token)[0].column == 3
    assert totals(page_of(phone, token)) == [27]


# ================================================================================ Farkle


@pytest.mark.parametrize("headers", ANSWERS)
def test_a_farkle_turn_of_kept_dice_is_scored_throw_by_throw(site, phone, headers):
    token = new_dice_game(phone, "farkle")

    response = farkle_turn(phone, token, ["1 1 1 1 5", "5"], headers=headers)

    assert response.status_code == 303
    [turn] = stored_turns(site, token)
    assert (turn.throws, turn.total, turn.farkle) == (["11115", "5"], None, False)
    page = page_of(phone, token)
    assert totals(page) == [1150 + 50, 0]
    row = page.by_id("turn-1")
    assert "Ann banks 1200." in row.text
    assert [item.text for item in row.one("ul", class_="throws").all("li")] == [
        "1 1 1 1 5: three of a kind 1000, single 1 100, single 5 50",
        "5: single 5 50",
    ]


def test_a_farkle_game_with_throws_totals_farkles_the_final_round_and_a_winner(site, phone):
    token = new_dice_game(phone, "farkle", ("Ann", "Bob", "Cy"), rules={"target": 2000})

    bank(phone, token, ["1 5", "2 2 2"])  # Ann: 350 is short of the 500 to get on the board
    page = page_of(phone, token)
    assert totals(page) == [0, 0, 0]
    assert "Ann needs 500 to get on the board; 350 counts 0." in page.by_id("turn-1").text
    bank(phone, token, total=600)  # Bob: on the board
    bank(phone, token, action="farkle")  # Cy
    bank(phone, token, ["1115"])  # Ann: 1050, on the board
    bank(phone, token, action="farkle")  # Bob
    bank(phone, token, action="farkle")  # Cy: two in a row
    page = page_of(phone, token)
    assert totals(page) == [1050, 600, 0]
    assert "2 farkles in a row" in page.by_id("total-2").parent.text
    assert "not on the board" in page.by_id("total-2").parent.text
    assert "not on the board" not in page.by_id("total-0").parent.text
    bank(phone, token, total=500)  # Ann 1550
    bank(phone, token, action="farkle")  # Bob
    bank(phone, token, action="farkle")  # Cy: the third in a row costs 1000
    page = page_of(phone, token)
    assert totals(page) == [1550, 600, -1000]
    assert page.by_id("total-2").text == f"{MINUS}1000"
    assert "farkles in a row" not in page.by_id("total-2").parent.text  # the count restarts
    assert page.by_id("final-round") is None

    bank(phone, token, total=500)  # Ann reaches 2050
    page = page_of(phone, token)
    banner = page.by_id("final-round")
    assert banner.one("strong").text == "Ann reached 2000: everyone else gets one more turn."
    assert "Still to play: Bob, Cy." in banner.text
    assert "Bob's turn" in facts(page)
    bank(phone, token, total=1500)  # Bob: 2100
    assert "Still to play: Cy." in page_of(phone, token).by_id("final-round").text
    bank(phone, token, action="farkle")  # Cy: the game is over

    page = page_of(phone, token)
    assert totals(page) == [2050, 2100, -1000]
    assert page.by_id("winner").one("h2").text == "Bob wins"
    assert page.by_id("final-round") is None
    assert page.one("form", class_="farkle-turn") is None
    turn = {"throws": "", "total": "500", "action": "bank"}  # as no phone would: no form
    assert phone.post(dice_url(token, "/turns"), data=turn).status_code == 409
    turns = stored_turns(site, token)
    assert [turn.player for turn in turns] == [0, 1, 2] * 4
    assert [turn.farkle for turn in turns].count(True) == 6


def test_a_farkle_tap_ignores_what_was_typed(site, phone):
    token = new_dice_game(phone, "farkle")

    bank(phone, token, ["1 5"], total=150, action="farkle")

    [turn] = stored_turns(site, token)
    assert (turn.throws, turn.total, turn.farkle) == (None, None, True)


def test_three_farkles_with_no_penalty_cost_nothing(phone):
    token = new_dice_game(phone, "farkle", rules={"three_farkles_penalty": 0})
    for _ in range(6):
        bank(phone, token, action="farkle")

    assert totals(page_of(phone, token)) == [0, 0]


def test_an_opening_score_of_0_puts_any_turn_on_the_board(phone):
    token = new_dice_game(phone, "farkle", rules={"opening_score": 0})

    bank(phone, token, ["5"])

    assert totals(page_of(phone, token)) == [50, 0]


@pytest.mark.parametrize(
    ("throws", "total", "field", "message"),
    [
        (
            ["1 5", "2 2 2 3"],
            None,
            "throws-error",
            "throw 2: the 3 does not score; keep only scoring dice",
        ),
        (["1 5 7"], None, "throws-error", 'throw 1: "7" is not a die face; a die shows 1 to 6'),
        (
            ["1 1 1 5 5", "1 5"],
            None,
            "throws-error",
            "throw 2: only 1 dice were left to roll, not 2",
        ),
        (
            [],
            75,
            "total-error",
            "a turn total must be a whole number of points above 0 in steps of 50"
            " (a scoreless turn is a farkle), not 75",
        ),
        ([], "lots", "total-error", "Type a whole number, digits only."),
        (
            ["1"],
            100,
            "turn-error",
            "A turn is either the kept dice of each throw, or its total, or a farkle.",
        ),
        (
            [],
            None,
            "turn-error",
            "A turn is either the kept dice of each throw, or its total, or a farkle.",
        ),
    ],
)
@pytest.mark.parametrize("headers", ANSWERS)
def test_a_farkle_turn_that_cannot_be_is_refused_next_to_its_field_and_nothing_is_saved(
    site, phone, throws, total, field, message, headers
):
    token = new_dice_game(phone, "farkle")
    before = stored(site)

    response = farkle_turn(phone, token, throws, total, headers=headers)

    assert response.status_code == 422
    page = answered_as(response, headers, "dice-game")
    assert alerts(page) == {field: message}
    if throws:
        assert page.by_id("throws").text == " ".join(throws)
    assert stored(site) == before


@pytest.mark.parametrize("headers", ANSWERS)
def test_the_farkle_preview_scores_each_throw_with_its_combinations(phone, headers):
    token = new_dice_game(phone, "farkle")

    response = phone.post(
        dice_url(token, "/preview"), data={"throws": "2 2 2 2 2 2\n1 1 1 5"}, headers=headers
    )

    assert response.status_code == 200
    assert "HX-Request" in response.headers["Vary"]
    items = [item.text for item in read(response).one("ul", class_="throws").all("li")]
    assert items == [
        "Throw 1: 2 2 2 2 2 2 = six of a kind 3000: 3000 · hot dice: roll all six again",
        "Throw 2: 1 1 1 5 = three of a kind 1000 + single 5 50: 1050",
    ]
    assert "Ann banks 4050." in read(response).text


def test_the_farkle_preview_rejects_dice_that_do_not_all_score_next_to_the_field(phone):
    token = new_dice_game(phone, "farkle")
    page = page_of(phone, token)
    preview = page.by_id("farkle-preview")
    assert preview.attrs["hx-post"] == dice_url(token, "/preview")
    field = page.by_id("throws")
    siblings = [item for item in field.parent.children if isinstance(item, Element)]
    assert siblings.index(preview) > siblings.index(field)

    response = phone.post(dice_url(token, "/preview"), data={"throws": "1 5\n2 2 3 4"})

    text = read(response).text
    assert "Throw 1: 1 5 = single 1 100 + single 5 50: 150" in text
    assert (
        "Throw 2 (2 2 3 4): the two 2s, the 3 and the 4 do not score; keep only scoring dice."
        in text
    )


def test_the_farkle_preview_says_when_a_turn_is_short_of_the_opening_score(phone):
    token = new_dice_game(phone, "farkle")

    response = phone.post(dice_url(token, "/preview"), data={"total": "300"})

    assert "Ann needs 500 to get on the board; 300 counts 0." in read(response).text


@pytest.mark.parametrize("headers", ANSWERS)
def test_farkle_undo_takes_back_the_last_turn(site, phone, headers):
    token = new_dice_game(phone, "farkle")
    bank(phone, token, total=600)
    bank(phone, token, action="farkle")

    assert undo_turn(phone, token, headers).status_code == 303

    assert [turn.total for turn in stored_turns(site, token)] == [600]
    assert "Bob's turn" in facts(page_of(phone, token))


# ======================================================================== play again


@pytest.mark.parametrize("headers", ANSWERS)
def test_play_again_starts_a_game_with_the_same_players_and_rules(site, phone, headers):
    token = new_dice_game(phone, "farkle", ("Ann", "Bob"), rules={"target": 500})
    bank(phone, token, total=500)
    bank(phone, token, total=600)

    response = phone.post(dice_url(token, "/again"), headers=headers)

    assert response.status_code == 303
    with site.app_context():
        game = db.session.get(DiceGame, game_id_of(token) + 1)
        assert response.headers["Location"] == dice_url(game.token)
        assert (game.kind, game.player_names, game.house_rules) == (
            "farkle",
            ["Ann", "Bob"],
            {"target": 500},
        )


# ============================================================== CSRF: forms need the token


def test_starting_a_game_without_the_form_token_is_refused_and_saves_nothing(app, client):
    fields = fields_of(form_to(read(client.get("/dice/new")), "/dice/new"))
    del fields["csrf_token"]
    fields["player_names-0"] = "Ann"

    assert client.post("/dice/new", data=fields).status_code == 400
    with app.app_context():
        assert db.session.scalar(db.select(func.count()).select_from(DiceGame)) == 0


def test_every_write_needs_the_form_token(app, client):
    fields = fields_of(form_to(read(client.get("/dice/new")), "/dice/new"))
    fields["player_names-0"] = "Ann"
    started = client.post("/dice/new", data=fields)
    assert started.status_code == 303
    yahtzee_game = token_of(started)
    page = read(client.get(dice_url(yahtzee_game, "?dice=33356")))
    token = page.one("input", name="csrf_token").attrs["value"]
    turns = dice_url(yahtzee_game, "/turns")
    turn = filled(form_to(page, turns, class_="box-picker"), {"slot": "chance"})
    assert turn.pop("csrf_token") == token

    assert client.post(turns, data=turn).status_code == 400
    assert client.post(turns, data=turn, headers=HTMX).status_code == 400
    assert client.post(turns, data={**turn, "csrf_token": token}).status_code == 303
    correction = {"dice": "33356", "box": "ones"}
    for path in ("/undo", "/again", "/turns/1/edit"):
        assert client.post(dice_url(yahtzee_game, path), data=correction).status_code == 400
    fields = fields_of(form_to(read(client.get("/dice/new?kind=farkle")), "/dice/new"))
    fields.update({"player_names-0": "Ann", "player_names-1": "Bob"})
    started = client.post("/dice/new", data=fields)
    assert started.status_code == 303
    farkle_game = token_of(started)
    assert client.post(dice_url(farkle_game, "/preview"), data={"total": "500"}).status_code == 400
    assert client.post(dice_url(farkle_game, "/turns"), data={"total": "500"}).status_code == 400
    with app.app_context():
        assert db.session.scalar(db.select(func.count()).select_from(DiceTurn)) == 1
        assert db.session.get(DiceTurn, 1).box == "chance"
        assert db.session.scalar(db.select(func.count()).select_from(DiceGame)) == 2


def test_the_pages_carry_the_token_in_every_form_that_writes(client):
    fields = fields_of(form_to(read(client.get("/dice/new")), "/dice/new"))
    fields["player_names-0"] = "Ann"
    game = token_of(client.post("/dice/new", data=fields))
    score(client, game, "33356", "chance")

    page = read(client.get(dice_url(game, "?dice=22222")))
    for form in page.all("form", method="post"):
        assert form.one("input", name="csrf_token") is not None, form.attrs["action"]


# ===================================================================== this device's list


def test_the_home_page_lists_dice_games_in_progress_then_finished(site, phone):
    finished = new_dice_game(phone, "farkle", ("Ann", "Bob"), rules={"target": 500})
    bank(phone, finished, total=500)
    bank(phone, finished, total=600)
    playing = new_dice_game(phone, "triple", ("Cy", "Dee"))
    score(phone, playing, "33356", "2:threes")

    page = read(phone.get("/"))

    home_actions = page.one("p", class_="home-actions")
    assert home_actions.one("a", href="/dice/new").text == "New dice game"
    assert page.one("nav").one("a", href="/dice/new").text == "Dice"
    in_progress, done = page.all("ul", class_="match-list")
    [item] = [li for li in in_progress.all("li") if li.one("a").attrs["href"] == dice_url(playing)]
    assert item.one("a").text == "Cy 18 · Dee 0"
    assert item.one("small").text == "Triple Yahtzee · Dee's turn"
    [item] = [li for li in done.all("li") if li.one("a").attrs["href"] == dice_url(finished)]
    assert item.one("a").text == "Bob won: Ann 500, Bob 600"
    last_turn = stored_turns(site, finished)[-1]
    assert item.one("small").text == f"Farkle · {last_turn.created_at.strftime('%-d %b %Y')}"


def test_another_phone_does_not_see_these_dice_games(site, phone):
    mine = new_dice_game(phone)
    other = site.test_client()

    links = {a.attrs.get("href") for a in read(other.get("/")).all("a")}

    assert dice_url(mine) not in links


def test_a_phone_gets_its_device_cookie_when_it_starts_a_dice_game(phone):
    response = start_dice_game(phone)

    cookie = response.headers["Set-Cookie"]
    assert cookie.startswith("device=") and "HttpOnly" in cookie
