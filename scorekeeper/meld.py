"""The meld calculator: tap the cards (or type them), see every meld and the best trump."""

from __future__ import annotations

import functools
from dataclasses import dataclass

from flask import Blueprint, request, url_for
from werkzeug.wrappers import Response

from .htmx import render
from .rules import (
    DEFAULT_PRESET,
    PRESETS,
    SUIT_NAMES,
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
    said,
    split_tokens,
)
from .security import secure_cookies

bp = Blueprint("meld", __name__)

GAME_COOKIE = "meld_game"
# A year: the table's game rarely changes.
GAME_COOKIE_AGE = 365 * 24 * 3600
_RANK_WORDS = ("aces", "tens", "kings", "queens", "jacks", "nines")
# The trumps' names as the page says them, by the suit's key (the trump in the address).
_SUIT_NAMES = dict(zip(SUITS, SUIT_NAMES, strict=True))


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
        # Translators: a card of the meld calculator's grid, for a screen reader.
        return said("%(card)s, %(held)s in hand", card=self.card.name, held=self.held)


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


def _sizes(sizes: tuple[int, ...]) -> str:
    """A hand's sizes as the count line says them: ``12``, ``15 or 18``."""
    return str(sizes[0]) if len(sizes) == 1 else functools.reduce(_or, sizes)


def _or(one: object, other: object) -> str:
    # Translators: a choice of two (one may be a choice itself): "15 or 18".
    return said("%(one)s or %(other)s", one=one, other=other)


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
    shown_bad = bad[:3]
    errors: list[str] = [said('"%(token)s" is not a card', token=token) for token in shown_bad[:-1]]
    if shown_bad:
        # The last one says how to write a card (as the core says it of one card).
        errors.append(
            said(
                '"%(token)s" is not a card; write a rank then a suit, as in AS or 10H',
                token=shown_bad[-1],
            )
        )
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
        hand_sizes=_sizes(preset.hand_sizes),
        full=len(cards) in preset.hand_sizes,
        rank_words=_RANK_WORDS,
        suit_names=_SUIT_NAMES,
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
