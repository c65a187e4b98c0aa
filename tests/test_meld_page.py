"""The meld calculator page: the hand in the URL, the tap grid, the meld, errors in place."""

from __future__ import annotations

import re
from dataclasses import dataclass

import pytest

from tests.helpers.html import alerts, read


@dataclass
class Grid:
    """The tap grid: its links by their aria-label, and the cards that cannot be added."""

    by_label: dict[str, str]
    disabled: list[str]


def links(response) -> Grid:
    page = read(response)
    return Grid(
        {
            a.attrs["aria-label"]: a.attrs["href"]
            for a in page.all("a")
            if a.attrs.get("aria-label")
        },
        [
            span.attrs["aria-label"]
            for span in page.all("span")
            if "no more can be added" in span.attrs.get("aria-label", "")
        ],
    )


def text(response) -> str:
    return re.sub(r" ([:.,;])", r"\1", read(response).text)


def test_an_empty_calculator_shows_the_whole_single_deck_grid(client):
    response = client.get("/meld")
    assert response.status_code == 200
    grid = links(response)
    adds = [label for label in grid.by_label if label.startswith("Add the ")]
    assert len(adds) == 24
    assert "Add the queen of spades, 0 in hand" in grid.by_label
    assert "0 of 12 cards" in text(response)


def test_the_double_deck_grid_has_twenty_cards_and_no_nines(client):
    grid = links(client.get("/meld", query_string={"game": "double-deck"}))
    adds = [label for label in grid.by_label if label.startswith("Add the ")]
    assert len(adds) == 20
    assert not any("nine" in label for label in adds)


@pytest.mark.parametrize(
    ("hand", "trump", "total", "meld_names"),
    [
        ("AH 10H KH QH JH KH", "hearts", 190, ["Run 150", "Royal marriage 40"]),
        ("AH 10H KH QH JH KH QH", "hearts", 230, ["Run 150", "Royal marriage 40"]),
        ("QS JD QS JD", "hearts", 300, ["Double pinochle 300"]),
        ("AS AH AD AC QS JD", "spades", 140, ["Aces around 100", "Pinochle 40"]),
    ],
)
def test_the_rules_examples_count_as_the_rules_say(client, hand, trump, total, meld_names):
    response = client.get("/meld", query_string={"hand": hand, "trump": trump})
    page = text(response)
    assert f"With {trump} as trump: {total}" in page
    for name in meld_names:
        assert name in page


def test_every_meld_lists_the_cards_it_uses(client):
    response = client.get("/meld", query_string={"hand": "AH 10H KH QH JH", "trump": "H"})
    assert "Run 150: A♥ 10♥ K♥ Q♥ J♥" in text(response)


def test_without_a_trump_the_best_trump_is_marked_and_shown(client):
    response = client.get("/meld", query_string={"hand": "AS 10S KS QS JS KH QH"})
    page = text(response)
    assert re.search(r"♠ spades 170 best", page)
    assert "With spades as trump: 170" in page  # run + common marriage in hearts
    assert "Before trump is named: 40" in page


def test_tapping_a_card_adds_it_and_taking_it_out_removes_one(client):
    grid = links(client.get("/meld", query_string={"hand": "QS"}))
    added = client.get(grid.by_label["Add the queen of spades, 1 in hand"])
    assert "2 of 12 cards" in text(added)
    again = links(added)
    removed = client.get(again.by_label["Take out one queen of spades (2 in hand)"])
    assert "1 of 12 cards" in text(removed)


def test_a_card_the_deck_has_no_more_of_cannot_be_added(client):
    grid = links(client.get("/meld", query_string={"hand": "AS AS"}))
    assert "ace of spades, 2 in hand; no more can be added" in grid.disabled
    assert "Add the ace of spades, 2 in hand" not in grid.by_label


def test_a_full_hand_takes_no_more_cards(client):
    hand = "AS AS 10S 10S KS KS QS QS JS JS 9S 9S"
    response = client.get("/meld", query_string={"hand": hand})
    assert "12 of 12 cards" in text(response)
    assert not [label for label in links(response).by_label if label.startswith("Add the ")]


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ({"hand": "AS ZZ"}, '"ZZ" is not a card; write a rank then a suit, as in AS or 10H'),
        ({"hand": "AS AS AS"}, "Three A♠ but the deck has two; take one out"),
        (
            {"hand": " ".join(["AS", "KS", "QS", "JS", "9S", "10S"] * 2 + ["AH"])},
            "A hand has at most 12 cards, not 13; take one out",
        ),
        ({"hand": "9S", "game": "double-deck"}, "9♠ is not in this deck; take it out"),
        ({"hand": "AS", "trump": "stars"}, '"stars" is not a suit'),
    ],
)
def test_errors_show_next_to_the_cards_and_no_meld_is_counted(client, query, message):
    response = client.get("/meld", query_string=query)
    assert response.status_code == 200
    page = read(response)
    assert message in alerts(page)["hand-error"]
    assert "Meld under each trump" not in response.get_data(as_text=True)


def test_a_partial_hand_is_counted_and_says_so(client):
    response = client.get("/meld", query_string={"hand": "KH QH"})
    assert "2 of 12 cards: a partial hand" in text(response)


def test_every_notation_reads_the_same_hand(client):
    totals = set()
    for hand in ("AS 10S KS QS JS", "as,10s,ks,qs,js", "A♠ T♠ K♠ Q♠ J♠", "S14 S10 S13 S12 S11"):
        page = text(client.get("/meld", query_string={"hand": hand, "trump": "spades"}))
        totals.add(re.search(r"With spades as trump: (\d+)", page).group(1))
    assert totals == {"150"}


def test_the_nines_redeal_is_offered_only_where_the_game_has_it(client):
    nines = "9S 9S 9H 9H 9D AS 10S JH JD 10C AC 10D"
    small = text(client.get("/meld", query_string={"hand": nines, "game": "partnership-small"}))
    assert "May call a nines redeal: 5 nines and no meld" in small
    partnership = text(client.get("/meld", query_string={"hand": nines, "game": "partnership"}))
    assert "nines redeal" not in partnership.lower()


def test_the_chosen_game_is_remembered_on_the_device(client):
    response = client.get("/meld", query_string={"game": "double-deck"})
    assert "meld_game=double-deck" in response.headers["Set-Cookie"]
    again = client.get("/meld")
    assert "0 of 20 cards" in text(again)


def test_an_htmx_update_answers_only_the_calculator(client):
    response = client.get("/meld", query_string={"hand": "KH QH"}, headers={"HX-Request": "true"})
    body = response.get_data(as_text=True)
    assert body.lstrip().startswith('<div id="calculator"')
    assert "<html" not in body
    assert "HX-Request" in response.headers["Vary"]
    full = client.get("/meld", query_string={"hand": "KH QH"})
    assert "<html" in full.get_data(as_text=True)


def test_card_buttons_are_labelled_for_screen_readers(client):
    grid = links(client.get("/meld", query_string={"hand": "QS"}))
    assert "Add the queen of spades, 1 in hand" in grid.by_label
