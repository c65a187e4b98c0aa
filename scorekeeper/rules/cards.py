# Card notation for pinochle decks (RULES.md, "Card notation"): parsing every accepted
# spelling, naming cards for people, and checking a hand against its deck.

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from .errors import RuleError
from .sentences import said

__all__ = [
    "ACE",
    "ALL_CARDS",
    "CLUBS",
    "DIAMONDS",
    "DOUBLE_DECK",
    "GERMAN_RANKS",
    "GERMAN_SUITS",
    "HEARTS",
    "JACK",
    "KING",
    "NINE",
    "QUEEN",
    "RANKS",
    "SINGLE_DECK",
    "SPADES",
    "SUITS",
    "SUIT_LETTERS",
    "SUIT_NAMES",
    "SUIT_SYMBOLS",
    "TEN",
    "Card",
    "Deck",
    "card_counts",
    "check_hand",
    "count_word",
    "parse_card",
    "parse_cards",
    "parse_suit",
    "size_fix",
    "split_tokens",
]

# The suits as data (a trump's key in a meld's result, the API's words); SUIT_NAMES are
# the same names as a player reads them, in the page's language.
SUITS = ("spades", "hearts", "diamonds", "clubs")
# Translators: the four suits' names, as in "queen of spades" and "trump: hearts".
SUIT_NAMES = (said("spades"), said("hearts"), said("diamonds"), said("clubs"))
SUIT_LETTERS = ("S", "H", "D", "C")
SUIT_SYMBOLS = ("♠", "♥", "♦", "♣")

# Rank order is the meld order (A 10 K Q J 9); the index is the rank's number here.
RANKS = ("A", "10", "K", "Q", "J", "9")
# Translators: the ranks' names, as in "queen of spades".
RANK_NAMES = (said("ace"), said("ten"), said("king"), said("queen"), said("jack"), said("nine"))
ACE, TEN, KING, QUEEN, JACK, NINE = range(6)
SPADES, HEARTS, DIAMONDS, CLUBS = range(4)

_RANK_TOKENS = {"A": ACE, "10": TEN, "T": TEN, "K": KING, "Q": QUEEN, "J": JACK, "9": NINE}
_RANK_NUMBERS = {"14": ACE, "10": TEN, "13": KING, "12": QUEEN, "11": JACK, "9": NINE}
_SUIT_TOKENS = {letter: i for i, letter in enumerate(SUIT_LETTERS)}
# The outline symbols are what some phone keyboards offer; they mean the same suit.
_SUIT_TOKENS.update({symbol: i for i, symbol in enumerate(SUIT_SYMBOLS)})
_SUIT_TOKENS.update({symbol: i for i, symbol in enumerate("♤♡♢♧")})
# German tables write Ass, Zehn, König, Dame, Bube, Neun and Pik, Herz, Karo, Kreuz:
# A Z K D B N with P H K Kr. Read beside the English letters everywhere (a link typed on a
# German phone opens on any phone): no token means one card in English and another in
# German (AH and KH mean the same in both; D is a suit in English only after a rank).
GERMAN_RANKS = ("A", "Z", "K", "D", "B", "N")
GERMAN_SUITS = ("P", "H", "K", "KR")
_RANK_TOKENS.update({letter: rank for rank, letter in enumerate(GERMAN_RANKS)})
_SUIT_TOKENS.update({letter: suit for suit, letter in enumerate(GERMAN_SUITS)})

_SEPARATORS = re.compile(r"[\s,;+]+")
# An emoji variation selector may trail a suit symbol typed on a phone.
_IGNORED = str.maketrans("", "", "\ufe0f\ufe0e")

# A small count in words, inside a sentence ("take two out"). "no" stays unmarked: no
# sentence says a count of nothing, and "no" is the word for a setting that is off.
_COUNT_WORDS = (
    "no",
    # Translators: a count in words inside a sentence ("take one out", "add the two
    # missing", "three 9♥ but the deck has two"); the next seven words count on to eight.
    said("one"),
    said("two"),
    said("three"),
    said("four"),
    said("five"),
    said("six"),
    said("seven"),
    said("eight"),
)


@dataclass(frozen=True, order=True, slots=True)
class Card:
    """One card: a rank index into RANKS and a suit index into SUITS."""

    rank: int
    suit: int

    @property
    def code(self) -> str:
        """The card in plain notation, e.g. ``10H``."""
        return RANKS[self.rank] + SUIT_LETTERS[self.suit]

    @property
    def symbol(self) -> str:
        """The card with its suit symbol, e.g. ``10♥``."""
        return RANKS[self.rank] + SUIT_SYMBOLS[self.suit]

    @property
    def name(self) -> str:
        """The card in words, e.g. ``queen of spades`` (said once for each card)."""
        return _CARD_NAMES[self.index]

    @property
    def index(self) -> int:
        """Position in a flat count table: rank-major, four suits per rank."""
        return self.rank * 4 + self.suit

    def __str__(self) -> str:
        return self.code


ALL_CARDS = tuple(Card(rank, suit) for rank in range(len(RANKS)) for suit in range(4))
# Each card's name, in the order of Card.index (which is ALL_CARDS's order).
_CARD_NAMES = tuple(
    # Translators: a card's name, as in "queen of spades" (%(rank)s and %(suit)s are the
    # rank's and the suit's names).
    said("%(rank)s of %(suit)s", rank=RANK_NAMES[card.rank], suit=SUIT_NAMES[card.suit])
    for card in ALL_CARDS
)


def count_word(n: int) -> str:
    """A small count in words (``three``, said in the page's language), digits past eight."""
    return _COUNT_WORDS[n] if 0 <= n < len(_COUNT_WORDS) else str(n)


def size_fix(count: int, sizes: Iterable[int]) -> str:
    """What to do with a hand of ``count`` cards to reach the nearest of ``sizes``:
    ``take one out`` or ``add the two missing``."""
    nearest = min(sizes, key=lambda size: (abs(size - count), size))
    extra = count - nearest
    if extra > 0:
        # Translators: how to fix a hand with too many cards; %(count)s is a count in words.
        return said("take %(count)s out", count=count_word(extra))
    # Translators: how to fix a hand with too few cards; %(count)s is a count in words.
    return said("add the %(count)s missing", count=count_word(-extra))


def parse_card(token: str) -> Card:
    """Read one card in any notation RULES.md accepts (``AS``, ``10h``, ``T♥``, ``H14``),
    or in German letters (``AP``, ``ZH``, ``DKr``)."""
    text = token.strip().translate(_IGNORED).upper()
    if len(text) >= 2:
        # Rank first: the suit is the last character (or Kreuz's two: 10Kr).
        for cut in (-1, -2):
            rank = _RANK_TOKENS.get(text[:cut])
            suit = _SUIT_TOKENS.get(text[cut:])
            if rank is not None and suit is not None:
                return Card(rank, suit)
        # Suit first, numeric rank: H14, S9.
        suit = _SUIT_TOKENS.get(text[0])
        rank = _RANK_NUMBERS.get(text[1:])
        if rank is not None and suit is not None:
            return Card(rank, suit)
    raise RuleError(
        said(
            '"%(token)s" is not a card; write a rank then a suit, as in AS or 10H',
            token=token.strip(),
        )
    )


def parse_suit(token: str) -> int | None:
    """A suit by name, letter or symbol (``hearts``, ``heart``, ``H``, ``♥``); None if unknown."""
    text = token.strip().translate(_IGNORED).upper()
    for index, name in enumerate(SUITS):
        if text in (name.upper(), name[:-1].upper()):
            return index
    return _SUIT_TOKENS.get(text)


def split_tokens(hand: str) -> list[str]:
    """The would-be cards of a typed hand, split at spaces, commas, semicolons and pluses."""
    return [token for token in _SEPARATORS.split(hand) if token.strip()]


def parse_cards(hand: str | Iterable[str]) -> list[Card]:
    """Read a hand: a string of cards separated by spaces or commas, or a list of tokens."""
    tokens = split_tokens(hand) if isinstance(hand, str) else list(hand)
    return [parse_card(token) for token in tokens if token.strip()]


@dataclass(frozen=True, slots=True)
class Deck:
    """A pinochle deck: which ranks it holds and how many copies of each card."""

    ranks: tuple[int, ...]
    copies: int

    @property
    def size(self) -> int:
        """How many cards the whole deck has."""
        return len(self.ranks) * 4 * self.copies

    @property
    def cards(self) -> tuple[Card, ...]:
        """The deck's distinct cards, suit by suit in rank order."""
        return tuple(Card(rank, suit) for suit in range(4) for rank in self.ranks)


SINGLE_DECK = Deck(ranks=(ACE, TEN, KING, QUEEN, JACK, NINE), copies=2)
DOUBLE_DECK = Deck(ranks=(ACE, TEN, KING, QUEEN, JACK), copies=4)


def card_counts(cards: Iterable[Card]) -> list[int]:
    """Count a hand into a flat table indexed by ``Card.index``."""
    counts = [0] * len(ALL_CARDS)
    for card in cards:
        counts[card.index] += 1
    return counts


def check_hand(cards: list[Card], deck: Deck, hand_size: int | None = None) -> list[int]:
    """Check a hand against its deck (and its size when given); return its card counts."""
    counts = card_counts(cards)
    for card in ALL_CARDS:
        held = counts[card.index]
        if held and card.rank not in deck.ranks:
            # Translators: %(card)s is a card in symbols (9♥).
            raise RuleError(said("%(card)s is not in this deck; take it out", card=card.symbol))
        if held > deck.copies:
            raise RuleError(
                # Translators: %(card)s is a card in symbols (9♥); the counts are in words.
                said(
                    "%(held)s %(card)s but the deck has %(copies)s; take %(extra)s out",
                    held=count_word(held),
                    card=card.symbol,
                    copies=count_word(deck.copies),
                    extra=count_word(held - deck.copies),
                )
            )
    if hand_size is not None and len(cards) != hand_size:
        raise RuleError(
            # Translators: %(fix)s says what to do ("take one out", "add the two missing").
            said(
                "a hand has %(size)s cards, not %(count)s; %(fix)s",
                size=hand_size,
                count=len(cards),
                fix=size_fix(len(cards), [hand_size]),
            )
        )
    return counts
