"""Card notation (RULES.md, "Card notation"): every accepted spelling, every error sentence."""

import pytest

from scorekeeper.rules.cards import (
    ACE,
    CLUBS,
    DIAMONDS,
    DOUBLE_DECK,
    GERMAN_RANKS,
    GERMAN_SUITS,
    HEARTS,
    JACK,
    KING,
    NINE,
    QUEEN,
    RANKS,
    SINGLE_DECK,
    SPADES,
    SUIT_LETTERS,
    SUIT_SYMBOLS,
    TEN,
    Card,
    check_hand,
    parse_card,
    parse_cards,
)
from scorekeeper.rules.errors import RuleError
from scorekeeper.rules.pinochle import parse_trump


@pytest.mark.parametrize(
    ("token", "card"),
    [
        # rank + suit letter
        ("AS", Card(ACE, SPADES)),
        ("10H", Card(TEN, HEARTS)),
        ("TH", Card(TEN, HEARTS)),
        ("KD", Card(KING, DIAMONDS)),
        ("QC", Card(QUEEN, CLUBS)),
        ("JS", Card(JACK, SPADES)),
        ("9H", Card(NINE, HEARTS)),
        # rank + suit symbol
        ("Q♠", Card(QUEEN, SPADES)),
        ("A♥", Card(ACE, HEARTS)),
        ("10♦", Card(TEN, DIAMONDS)),
        ("T♣", Card(TEN, CLUBS)),
        # case does not matter
        ("as", Card(ACE, SPADES)),
        ("10h", Card(TEN, HEARTS)),
        ("th", Card(TEN, HEARTS)),
        ("tH", Card(TEN, HEARTS)),
        ("q♠", Card(QUEEN, SPADES)),
        ("kd", Card(KING, DIAMONDS)),
        # suit first, numeric rank
        ("H14", Card(ACE, HEARTS)),
        ("H10", Card(TEN, HEARTS)),
        ("H13", Card(KING, HEARTS)),
        ("H12", Card(QUEEN, HEARTS)),
        ("H11", Card(JACK, HEARTS)),
        ("H9", Card(NINE, HEARTS)),
        ("S9", Card(NINE, SPADES)),
        ("D12", Card(QUEEN, DIAMONDS)),
        ("C14", Card(ACE, CLUBS)),
        ("s12", Card(QUEEN, SPADES)),
        ("h14", Card(ACE, HEARTS)),
        # an emoji variation selector typed on a phone after the suit symbol
        ("Q♠\ufe0f", Card(QUEEN, SPADES)),
        ("10♥\ufe0f", Card(TEN, HEARTS)),
        ("A♦\ufe0f", Card(ACE, DIAMONDS)),
        ("J♣\ufe0f", Card(JACK, CLUBS)),
        # surrounding blanks are not part of the card
        ("  AS ", Card(ACE, SPADES)),
    ],
)
def test_every_notation_in_the_rules_reads_as_its_card(token, card):
    assert parse_card(token) == card


@pytest.mark.parametrize(
    ("card", "code", "symbol", "name"),
    [
        (Card(TEN, HEARTS), "10H", "10♥", "ten of hearts"),
        (Card(QUEEN, SPADES), "QS", "Q♠", "queen of spades"),
        (Card(JACK, DIAMONDS), "JD", "J♦", "jack of diamonds"),
        (Card(ACE, CLUBS), "AC", "A♣", "ace of clubs"),
        (Card(KING, HEARTS), "KH", "K♥", "king of hearts"),
        (Card(NINE, SPADES), "9S", "9♠", "nine of spades"),
    ],
)
def test_a_card_is_shown_as_code_symbol_and_name(card, code, symbol, name):
    assert (card.code, card.symbol, card.name) == (code, symbol, name)


@pytest.mark.parametrize("card", [Card(r, s) for r in range(6) for s in range(4)])
def test_a_card_reads_back_from_its_code_and_its_symbol(card):
    assert parse_card(card.code) == card
    assert parse_card(card.symbol) == card


@pytest.mark.parametrize(
    "hand",
    [
        "AS 10H QS",
        "AS,10H,QS",
        "AS, 10H, QS",
        "AS ,10H , QS",
        "  AS   10H\tQS  ",
        "as th q♠",
        "S14 H10 Q♠\ufe0f",
        "A♠, 10♥\ufe0f, s12",
        ["AS", "10H", "QS"],
        ("as", "H10", "Q♠"),
    ],
)
def test_a_hand_may_be_separated_by_spaces_or_commas_in_any_notation(hand):
    assert parse_cards(hand) == [Card(ACE, SPADES), Card(TEN, HEARTS), Card(QUEEN, SPADES)]


@pytest.mark.parametrize("hand", ["", "   ", ", ,", []])
def test_an_empty_hand_has_no_cards(hand):
    assert parse_cards(hand) == []


@pytest.mark.parametrize(
    ("token", "sentence"),
    [
        ("ZZ", '"ZZ" is not a card; write a rank then a suit, as in AS or 10H'),
        ("A", '"A" is not a card; write a rank then a suit, as in AS or 10H'),
        ("10", '"10" is not a card; write a rank then a suit, as in AS or 10H'),
        ("1H", '"1H" is not a card; write a rank then a suit, as in AS or 10H'),
        ("8H", '"8H" is not a card; write a rank then a suit, as in AS or 10H'),
        ("AX", '"AX" is not a card; write a rank then a suit, as in AS or 10H'),
        ("H15", '"H15" is not a card; write a rank then a suit, as in AS or 10H'),
        ("H8", '"H8" is not a card; write a rank then a suit, as in AS or 10H'),
        ("14H", '"14H" is not a card; write a rank then a suit, as in AS or 10H'),
        ("ASS", '"ASS" is not a card; write a rank then a suit, as in AS or 10H'),
        (" zz ", '"zz" is not a card; write a rank then a suit, as in AS or 10H'),
    ],
)
def test_a_token_that_is_no_card_is_named_in_the_error(token, sentence):
    with pytest.raises(RuleError) as error:
        parse_card(token)
    assert str(error.value) == sentence


def test_a_hand_with_one_bad_token_names_that_token():
    with pytest.raises(
        RuleError, match='^"ZZ" is not a card; write a rank then a suit, as in AS or 10H$'
    ):
        parse_cards("AS 10H, ZZ QS")


def test_a_rule_error_is_a_value_error():
    assert issubclass(RuleError, ValueError)


def test_the_single_deck_has_48_cards_a_10_k_q_j_9_twice():
    assert SINGLE_DECK.size == 48
    assert SINGLE_DECK.copies == 2
    assert sorted(SINGLE_DECK.ranks) == sorted([ACE, TEN, KING, QUEEN, JACK, NINE])
    assert len(SINGLE_DECK.cards) == 24


def test_the_double_deck_has_80_cards_a_10_k_q_j_four_times():
    assert DOUBLE_DECK.size == 80
    assert DOUBLE_DECK.copies == 4
    assert sorted(DOUBLE_DECK.ranks) == sorted([ACE, TEN, KING, QUEEN, JACK])
    assert len(DOUBLE_DECK.cards) == 20


def test_the_single_deck_allows_two_copies_of_a_card():
    counts = check_hand(parse_cards("AS AS"), SINGLE_DECK)
    assert counts[Card(ACE, SPADES).index] == 2


def test_the_single_deck_refuses_a_third_copy():
    with pytest.raises(RuleError) as error:
        check_hand(parse_cards("AS AS A♠"), SINGLE_DECK)
    assert str(error.value) == "three A♠ but the deck has two; take one out"


def test_the_double_deck_allows_four_copies_of_a_card():
    counts = check_hand(parse_cards("QS QS QS QS"), DOUBLE_DECK)
    assert counts[Card(QUEEN, SPADES).index] == 4


def test_the_double_deck_refuses_a_fifth_copy():
    with pytest.raises(RuleError) as error:
        check_hand(parse_cards("AS AS AS AS AS"), DOUBLE_DECK)
    assert str(error.value) == "five A♠ but the deck has four; take one out"


@pytest.mark.parametrize(
    ("hand", "sentence"),
    [
        ("9S", "9♠ is not in this deck; take it out"),
        ("AH 9H", "9♥ is not in this deck; take it out"),
        ("D9", "9♦ is not in this deck; take it out"),
        ("9♣", "9♣ is not in this deck; take it out"),
    ],
)
def test_the_double_deck_has_no_nines(hand, sentence):
    with pytest.raises(RuleError) as error:
        check_hand(parse_cards(hand), DOUBLE_DECK)
    assert str(error.value) == sentence


def test_nines_are_in_the_single_deck():
    check_hand(parse_cards("9S 9S 9H 9D 9C"), SINGLE_DECK)


def test_a_hand_of_the_wrong_size_says_how_many_it_needs():
    with pytest.raises(RuleError) as error:
        check_hand(parse_cards("AS 10H QS"), SINGLE_DECK, hand_size=12)
    assert str(error.value) == "a hand has 12 cards, not 3; add the 9 missing"


def test_check_hand_counts_the_cards_by_card():
    counts = check_hand(parse_cards("AS AS 10H"), SINGLE_DECK, hand_size=3)
    assert counts[Card(ACE, SPADES).index] == 2
    assert counts[Card(TEN, HEARTS).index] == 1
    assert sum(counts) == 3


@pytest.mark.parametrize(
    ("text", "suit"),
    [("hearts", 1), ("Heart", 1), ("h", 1), ("♥", 1), ("♥\ufe0f", 1), ("♡", 1), ("♣", 3)],
)
def test_a_trump_suit_reads_like_a_card_suit(text, suit):
    assert parse_trump(text) == suit


# German letters (issue 26): Ass, Zehn, König, Dame, Bube, Neun; Pik, Herz, Karo, Kreuz.
GERMAN = {
    "AP": Card(0, 0),
    "ZH": Card(1, 1),
    "KK": Card(2, 2),
    "DKr": Card(3, 3),
    "bp": Card(4, 0),
    "NKR": Card(5, 3),
    "10K": Card(1, 2),
    "AH": Card(0, 1),
    "Kkr": Card(2, 3),
}


@pytest.mark.parametrize(("token", "card"), GERMAN.items())
def test_a_card_in_german_letters_reads_as_its_card(token, card):
    assert parse_card(token) == card


@pytest.mark.parametrize("card", [Card(r, s) for r in range(6) for s in range(4)])
def test_every_card_reads_the_same_in_german_and_english_letters(card):
    """Each of the 24 cards in German letters, and every English spelling of it read as
    before: no token means one card in English and another in German."""
    german = GERMAN_RANKS[card.rank] + GERMAN_SUITS[card.suit]
    assert parse_card(german) == parse_card(german.lower()) == card
    for rank in [RANKS[card.rank]] + (["T"] if card.rank == 1 else []):
        for suit in (SUIT_LETTERS[card.suit], SUIT_SYMBOLS[card.suit]):
            assert parse_card(rank + suit) == card


def test_no_token_means_different_cards_in_english_and_german():
    english_ranks = {"A": 0, "10": 1, "T": 1, "K": 2, "Q": 3, "J": 4, "9": 5}
    english_suits = dict(zip(SUIT_LETTERS, range(4), strict=True))
    german_ranks = {letter: rank for rank, letter in enumerate(GERMAN_RANKS)} | {"10": 1, "9": 5}
    german_suits = {letter: suit for suit, letter in enumerate(GERMAN_SUITS)}
    for rank, r in english_ranks.items():
        for suit, s in english_suits.items():
            token = rank + suit
            if token[:-1] in german_ranks and token[-1] in german_suits:
                assert (german_ranks[token[:-1]], german_suits[token[-1]]) == (r, s), token


@pytest.mark.parametrize("token", ["ZZ", "DX", "BS9", "KRK", "PA", "ZX"])
def test_a_german_looking_token_that_is_no_card_is_refused(token):
    with pytest.raises(RuleError):
        parse_card(token)
