"""The meld calculator: tap the cards (or type them), see every meld and the best trump."""

from __future__ import annotations

from dataclasses import dataclass

from flask import Blueprint, request, url_for
from werkzeug.wrappers import Response

from .htmx import render
from .rules import (
    DEFAULT_PRESET,
    PRESETS,
    SUIT_SYMBOLS,
    SUITS,
    Card,
    HandMeld,
    Preset,
    RuleError,
    card_counts,
    meld_all,
    parse_card,
    parse_trump,
    read_hand,
    split_tokens,
)
from .security import secure_cookies

bp = Blueprint("meld", __name__)

GAME_COOKIE = "meld_game"
# A year: the table's game rarely changes.
GAME_COOKIE_AGE = 365 * 24 * 3600
_RANK_WORDS = ("aces", "tens", "kings", "queens", "jacks", "nines")


@dataclass(frozen=True)
class GridCard:
    """One button of the tap grid: a card, how many are in hand, and the links to change it."""

    card: Card
    held: int
    add_url: str | None
    remove_url: str | None

    @property
    def label(self) -> str:
        """What a screen reader says: ``queen of spades, 1 in hand``."""
        return f"{self.card.name}, {self.held} in hand"


def read_tokens(text: str) -> tuple[list[Card], list[str]]:
    """The cards a text holds, and the tokens that are not cards."""
    cards, bad = [], []
    for token in split_tokens(text):
        try:
            cards.append(parse_card(token))
        except RuleError:
            bad.append(token)
    return cards, bad


def hand_text(cards: list[Card]) -> str:
    """A hand in plain notation, suit by suit in meld order."""
    return " ".join(card.code for card in sorted(cards, key=lambda c: (c.suit, c.rank)))


def _url(preset: Preset, cards: list[Card], trump: str) -> str:
    return url_for(
        "meld.calculator", game=preset.name, hand=hand_text(cards) or None, trump=trump or None
    )


def tap_grid(
    preset: Preset, cards: list[Card], trump: str, can_add: bool = True
) -> list[tuple[str, list[GridCard]]]:
    """The deck's distinct cards, one row per suit, each with its count and its links.

    A hand that breaks the rules offers only the links that take cards out.
    """
    counts = card_counts(cards)
    full = not can_add or len(cards) >= max(preset.hand_sizes)
    rows = []
    for suit in range(4):
        row = []
        for rank in preset.deck.ranks:
            card = Card(rank, suit)
            held = counts[card.index]
            add = None if full or held >= preset.deck.copies else [*cards, card]
            remove = None
            if held:
                remove = list(cards)
                remove.remove(card)
            row.append(
                GridCard(
                    card,
                    held,
                    None if add is None else _url(preset, add, trump),
                    None if remove is None else _url(preset, remove, trump),
                )
            )
        rows.append((SUIT_SYMBOLS[suit] + " " + SUITS[suit], row))
    return rows


@bp.app_template_filter("card_symbols")
def card_symbols(codes: list[str]) -> str:
    """Cards in plain notation shown with suit symbols: ``10H`` as ``10♥``."""
    return " ".join(parse_card(code).symbol for code in codes)


@bp.get("/meld")
def calculator() -> Response:
    """The calculator page (or, for htmx, the part of it that changes with the cards)."""
    game = request.args.get("game") or request.cookies.get(GAME_COOKIE) or DEFAULT_PRESET
    preset = PRESETS.get(game, PRESETS[DEFAULT_PRESET])
    text = request.args.get("hand", "")[:400]
    cards, bad = read_tokens(text)
    errors: list[str] = [f'"{token}" is not a card' for token in bad[:3]]
    if errors:
        errors[-1] += "; write a rank then a suit, as in AS or 10H"
    trump_text = request.args.get("trump", "")
    try:
        trump = parse_trump(trump_text)
    except RuleError as error:
        errors.append(error.reason)
        trump = None
    trump_name = "" if trump is None else SUITS[trump]
    hand_meld: HandMeld | None = None
    try:
        read_hand([card.code for card in cards], preset, partial=True)
    except RuleError as error:
        errors.append(error.reason)
    if not errors:
        hand_meld = meld_all(cards, preset)
    shown_trump = trump_name or (hand_meld.best_trump[0] if hand_meld and cards else "")
    response = render(
        "meld/page.html",
        "meld/_calculator.html",
        preset=preset,
        presets=PRESETS.values(),
        text=text if bad or errors else hand_text(cards),
        cards=cards,
        errors=errors,
        trump=trump_name,
        shown_trump=shown_trump,
        hand_meld=hand_meld,
        grid=tap_grid(preset, cards, trump_name, can_add=not errors),
        hand_sizes=" or ".join(str(n) for n in preset.hand_sizes),
        full=len(cards) in preset.hand_sizes,
        rank_words=_RANK_WORDS,
    )
    if request.args.get("game") in PRESETS:
        response.set_cookie(
            GAME_COOKIE,
            preset.name,
            max_age=GAME_COOKIE_AGE,
            httponly=True,
            samesite="Lax",
            secure=secure_cookies(),
        )
    return response
