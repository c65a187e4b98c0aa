"""Issue 21, item 3, through the pages: after a dice turn the page says what it did above
the next turn's form ("Ann: 20 in Three of a kind · Bob's turn"), with Undo beside it; Undo
says what it took back; the best boxes for the dice are offered first, a tap each; the
dice field's placeholder is words, not dice."""

from __future__ import annotations

import pytest

from scorekeeper.rules import (
    FarkleTurn,
    YahtzeeTurn,
    best_open_box,
    best_open_boxes,
    farkle_rules,
    open_boxes_preview,
    replay_farkle,
    replay_yahtzee,
    turn_words,
)
from tests.helpers.html import Element, fields_of, form_to, read
from tests.helpers.play import (
    bank,
    dice_url,
    new_dice_game,
    open_page,
    score,
    tap_box,
    undo_turn,
)
from tests.helpers.stored import dice_view_token

HTMX = {"HX-Request": "true"}
ANSWERS = [pytest.param({}, id="page"), pytest.param(HTMX, id="htmx")]


def note_of(page: Element) -> str | None:
    """The note's sentence above the next turn's form (None when there is none)."""
    note = page.by_id("dice-note")
    return None if note is None else note.one("p").text


def undo_button(page: Element) -> str | None:
    """The text of the Undo beside the note (None when there is none)."""
    note = page.by_id("dice-note")
    button = note and note.one("button", type="submit")
    return None if button is None else button.text


# ------------------------------------------------------------------------ the rules core


@pytest.mark.parametrize(
    ("variant", "turns", "multiplier", "said"),
    [
        ("classic", [("33356", "three_of_a_kind", None)], None, "20 in Three of a kind"),
        ("classic", [("12345", "yahtzee", None)], None, "0 in Yahtzee"),
        (
            "classic",
            [("66666", "yahtzee", None), ("66666", "sixes", None)],
            None,
            "30 + 100 bonus in Sixes (joker)",
        ),
        ("triple", [("33356", "chance", 3)], 3, "20 in Chance ×3"),
    ],
)
def test_a_scored_turn_in_words(variant, turns, multiplier, said):
    card = replay_yahtzee(variant, [YahtzeeTurn(*turn) for turn in turns])
    assert turn_words(card.turns[-1], multiplier) == said


@pytest.mark.parametrize(
    ("turns", "said"),
    [
        ([FarkleTurn(("111",))], "Ann banked 1000"),
        ([FarkleTurn(farkle=True)], "Ann farkled: 0"),
        (
            [FarkleTurn(("15", "222"))],
            "Ann banked 350: counts 0, short of the 500 to get on the board",
        ),
        (
            [FarkleTurn(farkle=True), FarkleTurn(total=500)] * 2 + [FarkleTurn(farkle=True)],
            "Ann farkled for the third time in a row: \u22121000",
        ),
        ([FarkleTurn(total=600)], "Ann banked 600 and reached 500"),
    ],
)
def test_a_farkle_turn_says_what_it_did_once_it_is_in(turns, said):
    rules = farkle_rules({"target": 500} if "reached" in said else {})
    assert replay_farkle(("Ann", "Bob"), turns, rules).turns[-1].said == said


@pytest.mark.parametrize("dice", ["33356", "44456", "12345", "66666", "11111", "23456", "22333"])
@pytest.mark.parametrize("variant", ["classic", "triple"])
def test_the_best_boxes_begin_with_the_best_box_each_box_once(dice, variant):
    card = replay_yahtzee(
        variant, [YahtzeeTurn("11111", "yahtzee", 2 if variant == "triple" else None)]
    )
    previews = [open_boxes_preview(column.card, dice) for column in card.columns]

    found = best_open_boxes(card.columns, previews, count=20)

    assert found[0] == best_open_box(card.columns, previews)
    assert [best.worth for best in found] == sorted((best.worth for best in found), reverse=True)
    assert len({best.preview.box for best in found}) == len(found)


# ------------------------------------------------------------------------ the pages


@pytest.mark.parametrize("headers", ANSWERS)
def test_a_yahtzee_turn_is_said_above_the_next_turn_with_undo(site, phone, headers):
    token = new_dice_game(phone)
    assert note_of(open_page(phone, dice_url(token))) is None  # nothing to say yet

    response = tap_box(phone, token, "33356", "three_of_a_kind", headers=headers)

    assert response.headers["Location"] == dice_url(token) + "#dice-note"
    page = open_page(phone, dice_url(token), headers)
    assert note_of(page) == "Ann: 20 in Three of a kind · Bob's turn"
    assert undo_button(page) == "Undo Ann's last turn"
    # The note is the next turn's form's: it stays while Bob's dice are being entered.
    assert note_of(read(phone.get(dice_url(token), query_string={"dice": "44456"}))) == (
        "Ann: 20 in Three of a kind · Bob's turn"
    )


def test_a_triple_turn_names_its_column_and_the_best_boxes_their_columns(site, phone):
    token = new_dice_game(phone, "triple")
    page = read(phone.get(dice_url(token), query_string={"dice": "33356"}))
    tiles = page.by_id("best-boxes").all("button")

    assert [(tile.text, tile.attrs["value"]) for tile in tiles] == [
        ("Three of a kind ×3 60", "3:three_of_a_kind"),
        ("Chance ×3 60", "3:chance"),
        ("Threes ×3 27", "3:threes"),
    ]
    score(phone, token, "33356", tiles[1].attrs["value"])
    assert note_of(open_page(phone, dice_url(token))) == "Ann: 20 in Chance ×3 · Bob's turn"


def test_the_best_boxes_are_the_first_taps_under_the_dice(site, phone):
    token = new_dice_game(phone)
    assert page_tiles(phone, token, None) == []
    page = read(phone.get(dice_url(token), query_string={"dice": "33356"}))
    picker = form_to(page, dice_url(token, "/turns"), class_="box-picker")
    first = picker.one("button", type="submit")

    assert first.text == "Three of a kind 20"
    assert page_tiles(phone, token, "33356") == ["Three of a kind 20", "Chance 20", "Threes 9"]
    # The tile posts the box as the card's own button does.
    response = phone.post(
        dice_url(token, "/turns"), data={**fields_of(picker), "slot": first.attrs["value"]}
    )
    assert response.status_code == 303
    assert note_of(open_page(phone, dice_url(token))) == "Ann: 20 in Three of a kind · Bob's turn"


def page_tiles(phone, token: str, dice: str | None) -> list[str]:
    """The best boxes' taps under the dice field, as they read."""
    query = {"dice": dice} if dice else {}
    page = read(phone.get(dice_url(token), query_string=query))
    return [tile.text for tile in page.by_id("best-boxes").all("button")]


def test_the_game_ending_turn_says_who_won(site, phone):
    token = new_dice_game(phone, "farkle", rules={"target": 500})
    bank(phone, token, total=600)
    bank(phone, token, total=700)

    assert note_of(open_page(phone, dice_url(token))) == "Bob banked 700 · Bob wins"


@pytest.mark.parametrize(
    ("turn", "said"),
    [
        ({"total": 1000}, "Ann banked 1000 · Bob's turn"),
        ({"action": "farkle"}, "Ann farkled: 0 · Bob's turn"),
        (
            {"throws": ["15", "222"]},
            "Ann banked 350: counts 0, short of the 500 to get on the board · Bob's turn",
        ),
    ],
)
def test_a_farkle_turn_is_said_with_its_points(site, phone, turn, said):
    token = new_dice_game(phone, "farkle")

    bank(phone, token, **turn)

    page = open_page(phone, dice_url(token))
    assert note_of(page) == said
    assert undo_button(page) == "Undo Ann's last turn"


@pytest.mark.parametrize("headers", ANSWERS)
def test_undo_says_what_it_took_back_until_the_next_turn(site, phone, headers):
    token = new_dice_game(phone)
    score(phone, token, "33356", "threes")
    score(phone, token, "66612", "sixes")

    response = undo_turn(phone, token, headers)

    assert response.headers["Location"] == dice_url(token) + "#dice-note"
    page = open_page(phone, dice_url(token))
    assert note_of(page) == "Undone: Bob: 18 in Sixes · Bob's turn"
    assert undo_button(page) == "Undo Ann's last turn"  # the turn now last
    assert note_of(open_page(phone, dice_url(token))) == "Undone: Bob: 18 in Sixes · Bob's turn"

    score(phone, token, "66612", "chance")
    assert note_of(open_page(phone, dice_url(token))) == "Bob: 21 in Chance · Ann's turn"


def test_a_second_tap_of_undo_keeps_the_first_ones_answer(site, phone):
    token = new_dice_game(phone, "farkle")
    bank(phone, token, total=1000)
    form = form_to(open_page(phone, dice_url(token)), dice_url(token, "/undo"))

    phone.post(dice_url(token, "/undo"), data=fields_of(form))
    phone.post(dice_url(token, "/undo"), data=fields_of(form))

    page = open_page(phone, dice_url(token))
    assert note_of(page) == "Undone: Ann banked 1000 · Ann's turn"
    assert undo_button(page) is None  # nothing left to undo


def test_another_phones_undo_is_not_said_on_this_one(site, phone):
    token = new_dice_game(phone)
    score(phone, token, "33356", "threes")
    score(phone, token, "66612", "sixes")
    other = site.test_client()

    undo_turn(other, token)

    assert note_of(open_page(phone, dice_url(token))) == "Ann: 9 in Threes · Bob's turn"


def test_the_view_link_shows_no_note_and_no_undo(site, phone):
    token = new_dice_game(phone)
    score(phone, token, "33356", "threes")

    page = read(site.test_client().get(f"/dice/watch/{dice_view_token(site, token)}"))

    assert page.by_id("total-0").text == "9"
    assert note_of(page) is None and undo_button(page) is None


def test_the_dice_placeholder_is_words_not_dice(site, phone):
    token = new_dice_game(phone)
    field = open_page(phone, dice_url(token)).by_id("dice")

    assert not any(character.isdigit() for character in field.attrs["placeholder"])
    assert "type" in open_page(phone, dice_url(token)).by_id("dice-help").text
