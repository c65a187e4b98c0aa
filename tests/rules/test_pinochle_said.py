"""Pinochle's words are said (issue 26): each sentence is its English and keeps the message
and values a page says in the phone's language."""

from __future__ import annotations

import pytest

from scorekeeper.rules import (
    ALL_CARDS,
    DOUBLE_DECK,
    PRESETS,
    SUIT_NAMES,
    SUITS,
    Card,
    HandInput,
    RuleError,
    Said,
    meld,
    replay_match,
    score_hand,
    with_rules,
)

PARTNERSHIP = PRESETS["partnership"]


def test_a_made_hand_is_one_sentence_with_the_others_as_a_value():
    outcome = score_hand(
        PARTNERSHIP, HandInput(bidder=0, bid=300, meld=(200, 40), tricks=(150, 100))
    )

    assert outcome.sentence == "Team A made 300 with 350; Team B +140"
    assert isinstance(outcome.sentence, Said)
    assert outcome.sentence.message == "%(side)s made %(bid)s with %(count)s; %(others)s"
    assert outcome.sentence.values == {
        "side": "Team A",
        "bid": 300,
        "count": 350,
        "others": "Team B +140",
    }


def test_a_set_hand_says_the_points_lost_as_a_number():
    outcome = score_hand(
        PARTNERSHIP, HandInput(bidder=1, bid=400, meld=(60, 100), tricks=(200, 50))
    )

    assert outcome.sentence == "Team B went set: bid 400, had 150, scores −400; Team A +260"
    assert outcome.sentence.values["points"] == 400


def test_the_game_over_refusal_names_its_hand_in_a_sentence():
    hands = [HandInput(bidder=0, bid=250, meld=(1500, 0), tricks=(250, 0))] * 2

    with pytest.raises(RuleError) as refused:
        replay_match(PARTNERSHIP, hands)

    said = str(refused.value)
    assert said == "hand 2: the game is over; Team A won after hand 1"
    assert isinstance(said, Said)
    assert said.values["reason"].message == "the game is over; %(side)s won after hand %(hand)s"


def test_a_house_rule_refusal_names_its_knob_as_a_value():
    with pytest.raises(RuleError) as refused:
        with_rules(PARTNERSHIP, {"target": 0})

    reason = refused.value.reason
    assert reason == "target must be at least 1"
    assert (reason.message, reason.values) == ("%(knob)s must be at least 1", {"knob": "target"})


def test_card_and_suit_names_are_said_once_each():
    assert Card(3, 0).name == "queen of spades"
    assert Card(3, 0).name is Card(3, 0).name
    assert all(isinstance(card.name, Said) for card in ALL_CARDS)
    assert [str(name) for name in SUIT_NAMES] == list(SUITS)


@pytest.mark.parametrize("copies", [1, 2, 3, 4])
def test_every_meld_has_a_title_that_is_its_name_capitalised(copies):
    cards = [card for card in ALL_CARDS if card.rank in DOUBLE_DECK.ranks] * copies
    for trump in (None, 0):
        for found in meld(cards, trump, PRESETS["double-deck"]).melds:
            assert isinstance(found.title, Said)
            assert found.title == found.name[:1].upper() + found.name[1:]


def test_dix_and_single_deck_melds_have_titles():
    for found in meld(list(ALL_CARDS), 1, PARTNERSHIP).melds:
        assert isinstance(found.title, Said)
        assert found.title == found.name[:1].upper() + found.name[1:]
