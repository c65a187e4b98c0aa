"""Issue 14, item 9, as the pages are drawn: the pinned one-line result of the dice sheets
and the meld calculator (written by the server from the rules core), the card count that
never contradicts a refused hand, and every Yahtzee card side by side, without script."""

from __future__ import annotations

import re

import pytest

from scorekeeper.rules import (
    PRESETS,
    SUIT_SYMBOLS,
    SUITS,
    FarkleTurn,
    farkle_rules,
    meld_all,
    open_boxes_preview,
    parse_card,
    replay_farkle,
    replay_yahtzee,
)
from tests.helpers.html import Element, read
from tests.helpers.play import dice_url, new_dice_game, open_page, score

MINUS = "\u2212"


def words(element: Element | None) -> str:
    """An element's text as a reader sees it: one space between words."""
    assert element is not None
    return " ".join(element.text.split())


# ------------------------------------------------------------------ the meld calculator


def calculator(client, hand: str, **query: str) -> Element:
    response = client.get("/meld", query_string={"hand": hand, **query})
    assert response.status_code == 200
    return read(response)


def best_meld(hand: str, game: str = "partnership") -> tuple[int, tuple[str, ...]]:
    """The best total and its trumps, from the rules core."""
    cards = [parse_card(code) for code in hand.split()]
    counted = meld_all(cards, PRESETS[game])
    return counted.by_trump[counted.best_trump[0]].total, counted.best_trump


@pytest.mark.parametrize(
    "hand",
    [
        "AH 10H KH QH JH KH QH QS JD QS JD AS",  # double pinochle and a run
        "AS 10S KS QS JS 9S AD KD",  # a run in spades, a partial hand
        "KC QC",  # one marriage
    ],
)
def test_the_pinned_line_names_the_count_and_the_best_meld(client, hand):
    total, trumps = best_meld(hand)
    pinned = calculator(client, hand).by_id("meld-pinned")
    count = len(hand.split())
    expected = f"{count} cards · best {total} in " + " ".join(
        SUIT_SYMBOLS[SUITS.index(trump)] for trump in trumps
    )
    if len(trumps) == 1:
        expected += f" {trumps[0]}"
    assert words(pinned) == expected
    assert pinned.attrs.get("role") == "status"
    assert "hidden" not in pinned.attrs


def test_the_pinned_line_is_hidden_with_no_cards(client):
    pinned = read(client.get("/meld")).by_id("meld-pinned")
    assert "hidden" in pinned.attrs
    assert words(pinned) == ""


def test_thirteen_cards_are_not_called_a_partial_hand_of_twelve(client):
    hand = "AH 10H KH QH JH KH QH QS JD QS JD AS KS"
    page = calculator(client, hand)
    assert "at most 12 cards, not 13" in words(page.by_id("hand-error"))
    count = words(page.one("p", class_="card-count"))
    assert count.startswith("13 cards read: not counted until the cards are fixed.")
    assert "of 12" not in count
    assert "partial" not in count
    assert words(page.by_id("meld-pinned")) == "13 cards · not counted: see the cards above"


def test_a_bad_card_is_not_said_to_be_counted(client):
    page = calculator(client, "AS ZZ")
    count = words(page.one("p", class_="card-count"))
    assert count.startswith("1 card read: not counted")
    assert "counted as it is" not in count


# ------------------------------------------------------------------------ Yahtzee


def yahtzee_page(phone, token, dice: str | None = None) -> Element:
    query = f"?dice={dice}" if dice else ""
    return open_page(phone, dice_url(token) + query)


@pytest.mark.parametrize("kind", ["yahtzee", "triple"])
def test_the_pinned_line_names_the_dice_and_the_best_open_box(phone, kind):
    token = new_dice_game(phone, kind, names=("Ann", "Bob"))
    score(phone, token, "22233", "full_house" if kind == "yahtzee" else "1:full_house")
    # Bob's fresh card, from the rules core: the open box worth most for 33355.
    sheet = replay_yahtzee("classic" if kind == "yahtzee" else "triple", [])
    worth = []
    for column in sheet.columns:
        for verdict in open_boxes_preview(column.card, "33355"):
            if verdict.allowed:
                worth.append((verdict.points * column.multiplier, column.multiplier, verdict.label))
    points, multiplier, label = max(worth, key=lambda entry: (entry[0], entry[1]))
    where = label if kind == "yahtzee" else f"{label} ×{multiplier}"
    pinned = yahtzee_page(phone, token, "33355").by_id("dice-pinned")
    assert words(pinned) == f"3 3 3 5 5 · best {where} {points}"
    assert "hidden" not in pinned.attrs


def test_the_pinned_line_is_hidden_until_dice_are_entered_and_says_when_they_are_wrong(phone):
    token = new_dice_game(phone)
    pinned = yahtzee_page(phone, token).by_id("dice-pinned")
    assert "hidden" in pinned.attrs
    assert pinned.attrs["data-pinned-for"] == "dice"
    response = phone.get(dice_url(token), query_string={"dice": "33379"})
    assert response.status_code == 422
    wrong = read(response).by_id("dice-pinned")
    assert words(wrong) == "33379 · not scored: see the dice field"


def side_by_side(page: Element) -> Element:
    view = page.by_id("side-by-side")
    assert view is not None and view.tag == "details"
    assert words(view.one("summary")) == "All cards side by side"
    return view


@pytest.mark.parametrize("kind", ["yahtzee", "triple"])
def test_every_card_side_by_side_shows_each_players_boxes_and_total(phone, kind):
    names = ("Ann", "Bob", "Cat")
    token = new_dice_game(phone, kind, names=names)
    slot = "full_house" if kind == "yahtzee" else "2:full_house"
    score(phone, token, "22233", slot)  # Ann: 25 (×2 in Triple's second column: 50)
    score(phone, token, "66666", "yahtzee" if kind == "yahtzee" else "3:yahtzee")  # Bob: 50
    page = yahtzee_page(phone, token)
    view = side_by_side(page)
    region = view.one(role="region")
    assert region.attrs["tabindex"] == "0"
    assert region.attrs["aria-label"] == "All cards side by side"
    table = region.one("table")
    heads = table.one("thead").all("tr")[0].all("th")
    assert [words(head) for head in heads] == list(names)
    if kind == "triple":
        assert all(head.attrs["colspan"] == "3" for head in heads)
        assert [words(th) for th in table.one("thead").all("tr")[1].all("th")] == [
            "×1",
            "×2",
            "×3",
        ] * 3
    totals = {
        cell.attrs["data-total-of"]: words(cell)
        for cell in table.all("td")
        if "data-total-of" in cell.attrs
    }
    shown = [words(page.by_id(f"total-{player}")).replace(MINUS, "-") for player in range(3)]
    assert totals == dict(zip(names, shown, strict=True))
    assert totals == {
        "Ann": "25" if kind == "yahtzee" else "50",
        "Bob": "50" if kind == "yahtzee" else "150",
        "Cat": "0",
    }
    full_house = next(row for row in table.all("tr") if words(row.one("th")) == "Full house")
    cells = [words(cell) for cell in full_house.all("td")]
    if kind == "yahtzee":
        assert cells == ["25", "–", "–"]
    else:
        assert cells == ["–", "25", "–"] + ["–"] * 6


# ------------------------------------------------------------------------- Farkle


@pytest.mark.parametrize(
    ("throws", "shown"),
    [
        (["155", "222"], "1 5 5 · 2 2 2"),  # 200 and 200: 400, under the 500 opening score
        (["1 1 1", "5"], "1 1 1 · 5"),  # 1050: on the board
    ],
)
def test_the_farkle_preview_puts_the_turn_total_in_the_pinned_line(phone, throws, shown):
    token = new_dice_game(phone, "farkle", names=("Ann", "Bob"))
    response = phone.post(dice_url(token, "/preview"), data={"throws": "\n".join(throws)})
    assert response.status_code == 200
    result = replay_farkle(("Ann", "Bob"), [FarkleTurn(tuple(throws))], farkle_rules({})).turns[-1]
    pinned = read(response).by_id("dice-pinned")
    assert pinned.attrs["hx-swap-oob"] == "true"
    expected = f"{shown} · turn {result.banked}"
    if result.points != result.banked:
        expected += f", counts {result.points}"
    assert words(pinned) == expected


def test_a_farkle_throw_that_does_not_score_is_said_in_the_pinned_line(phone):
    token = new_dice_game(phone, "farkle", names=("Ann", "Bob"))
    response = phone.post(dice_url(token, "/preview"), data={"throws": "1 5\n2 2 3 4"})
    assert words(read(response).by_id("dice-pinned")) == "1 5 · 2 2 3 4 · does not score as typed"


def test_the_farkle_pinned_line_is_hidden_on_a_fresh_turn(phone):
    token = new_dice_game(phone, "farkle", names=("Ann", "Bob"))
    pinned = open_page(phone, dice_url(token)).by_id("dice-pinned")
    assert "hidden" in pinned.attrs
    assert re.fullmatch(r"throws", pinned.attrs["data-pinned-for"])
