"""A side's meld counted from its players' cards (RULES.md: a team's meld is the sum of its
players' melds), and a typed meld where no cards were given."""

import pytest

from scorekeeper.rules.cards import HEARTS, SPADES
from scorekeeper.rules.errors import RuleError
from scorekeeper.rules.pinochle import PRESETS, side_melds

PARTNERSHIP = PRESETS["partnership"]


def test_a_teams_meld_is_the_sum_of_its_players_melds_under_the_hands_trump():
    # Seats 0 and 2 are partners: a run with an extra king (190) and a pinochle (40).
    cards = ["AH 10H KH QH JH KH", None, "QS JD", None]
    assert side_melds(PARTNERSHIP, HEARTS, cards, (0, 70)) == (230, 70)


def test_the_same_cards_under_another_trump_count_differently():
    cards = ["AH 10H KH QH JH KH", None, "QS JD", None]
    # In spades the hearts run is nothing; K♥ Q♥ is a common marriage (20) + pinochle 40.
    assert side_melds(PARTNERSHIP, SPADES, cards, (0, 0)) == (60, 0)


def test_a_side_without_cards_keeps_its_typed_meld():
    assert side_melds(PARTNERSHIP, HEARTS, [None, None, None, None], (120, 40)) == (120, 40)


def test_cards_replace_the_typed_meld_of_their_side_only():
    cards = [None, "AS AH AD AC", None, None]
    assert side_melds(PARTNERSHIP, HEARTS, cards, (80, 999)) == (80, 100)


def test_three_handed_each_player_is_a_side():
    three = PRESETS["three-handed"]
    cards = ["KS QS", "KH QH", None]
    assert side_melds(three, HEARTS, cards, (0, 0, 50)) == (20, 40, 50)


@pytest.mark.parametrize(
    ("cards", "message", "field"),
    [
        (
            ["ZZ", None, None, None],
            '"ZZ" is not a card; write a rank then a suit, as in AS or 10H',
            "cards-0",
        ),
        ([None, None, "AS AS AS", None], "three A♠ but the deck has two; take one out", "cards-2"),
    ],
)
def test_bad_cards_name_the_player_whose_cards_they_are(cards, message, field):
    with pytest.raises(RuleError) as caught:
        side_melds(PARTNERSHIP, HEARTS, cards, (0, 0))
    assert caught.value.reason == message
    assert caught.value.field == field
