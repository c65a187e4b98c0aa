"""The result card: a finished match or dice game as one picture for the family chat, the
final totals, the winner, the players, the date, how many hands, and the score race small.

The card is laid out once (charts.Layout: positions and texts) and written either as SVG
(charts.svg) or as a PNG drawn with Pillow here; neither writer decides where anything
goes. Presentation only: the facts come from the game's replayed state. Its words are said
in the language of the phone asking, as the picture is drawn (i18n.plain).
"""

from __future__ import annotations

import io
import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import cache

from babel.dates import format_skeleton
from PIL import Image, ImageDraw, ImageFont

from . import i18n
from .bidi import drawable, plain, plain_with_names
from .charts import (
    SERIES_COLOURS,
    Layout,
    Mark,
    Race,
    clip,
    colour,
    dice_race,
    match_race,
    race_layout,
    svg,
)
from .i18n import language, number
from .rules import said, said_joined, said_plural
from .words import wins

# The size chat apps show a link's picture at (1.91 : 1).
WIDTH, HEIGHT = 1200, 630
MARGIN = 48


@dataclass(frozen=True)
class Standing:
    """One side or player on the card: the name, who played for it, the final total."""

    name: str
    players: str  # "Ann & Cat"; empty when the side is one player
    total: int
    won: bool


@dataclass(frozen=True)
class Card:
    """What a result card says."""

    game: str  # "Pinochle · Partnership"
    headline: str  # "Us wins"
    standings: Sequence[Standing]
    played: str  # "1 December 2026 · 14 hands"
    race: Race

    @property
    def summary(self) -> str:
        """The card in one sentence, for a screen reader."""
        totals = said_joined([f"{plain(s.name)} {number(s.total)}" for s in self.standings])
        # Translators: the result card for a screen reader: "Pinochle · Partnership: Us
        # wins. Us 1520, Them 1100. 1 December 2026 · 14 hands."
        return said(
            "%(game)s: %(headline)s. %(totals)s. %(played)s.",
            game=self.game,
            headline=self.headline,
            totals=totals,
            played=self.played,
        )


def _day(when: datetime) -> str:
    """The day the game was played, written out in the phone's language: "1 December 2026"."""
    code = language()
    if code == "en":
        return f"{when.day} {when:%B %Y}"
    return format_skeleton("yMMMMd", when, locale=code)


def _played(when: datetime, count: int, step: str) -> str:
    """The day and how many hands (``step`` "hand") or rounds were played."""
    if step == "hand":
        return said_plural(
            "%(day)s · %(num)s hand", "%(day)s · %(num)s hands", count, day=_day(when)
        )
    return said_plural("%(day)s · %(num)s round", "%(day)s · %(num)s rounds", count, day=_day(when))


def match_card(state) -> Card:
    """A finished match's card (a MatchState whose ledger has a winner)."""
    ledger = state.ledger
    standings = [
        Standing(
            name,
            " & ".join(map(plain, players)) if players != [name] else "",
            ledger.totals[side],
            ledger.winner == side,
        )
        for side, (name, players) in enumerate(zip(state.sides, state.side_players, strict=True))
    ]
    # The game's name without the form's explanation ("(four players, two teams)"), which
    # the card's line has no room for (cut from the name as the phone's language says it).
    name = i18n.plain(state.preset.label).partition(" (")[0]
    return Card(
        # Translators: the game on a result card: "Pinochle · Partnership".
        said("Pinochle · %(game)s", game=name),
        plain_with_names(wins(state.sides[ledger.winner]), state.sides),
        standings,
        _played(state.match.created_at, len(ledger.rows), "hand"),
        match_race(state),
    )


def dice_card(state) -> Card:
    """A finished dice game's card (a dice state that is over)."""
    names = state.winner_names
    shown = [plain(name) for name in names]
    if len(shown) == 1:
        headline = said("%(side)s wins", side=shown[0])
    else:
        # Translators: between the names of players who share a win, "Ann and Bob".
        players = said_joined(shown, said(" and "))
        headline = said("%(players)s share the win", players=players)
    standings = [
        Standing(name, "", state.totals[player], player in state.winners)
        for player, name in enumerate(state.players)
    ]
    race = dice_race(state)
    return Card(
        state.label,
        headline,
        standings,
        _played(state.game.created_at, race.steps, "round"),
        race,
    )


def card_layout(card: Card) -> Layout:
    """Where everything on the card goes: the game and the winner at the top left, the
    totals under them (each with its line's colour), the date below, the race on the right."""
    layout = Layout(WIDTH, HEIGHT)
    layout.marks.append(Mark("rect", "background", ((0, 0), (WIDTH, HEIGHT))))
    column = WIDTH * 0.47 - MARGIN
    # Each text in the phone's language before it is cut to fit.
    game, headline = i18n.plain(card.game), i18n.plain(card.headline)
    layout.text(MARGIN, MARGIN + 30, clip(game, column, 28), 28, "muted")
    layout.text(MARGIN, MARGIN + 110, clip(headline, column, 60), 60, bold=True)
    rows = len(card.standings)
    partners = any(standing.players for standing in card.standings)
    room = HEIGHT - (MARGIN + 170) - (MARGIN + 60)
    font = min(40.0, room / rows / (1.9 if partners else 1.35))
    y = MARGIN + 170
    for index, standing in enumerate(card.standings):
        y += font * 1.2
        role = f"series-{index % len(SERIES_COLOURS)}"
        layout.marks.append(
            Mark("rect", role, ((MARGIN, y - font * 0.75), (font * 0.7, font * 0.7)))
        )
        total = number(standing.total)
        name_room = column - font * 1.1 - (len(total) + 1) * font * 0.65
        name = plain(clip(standing.name, name_room, font))
        layout.text(MARGIN + font * 1.1, y, name, font, bold=standing.won)
        layout.text(MARGIN + column, y, total, font, anchor="end", bold=standing.won)
        if partners:
            y += font * 0.75
            layout.text(MARGIN + font * 1.1, y, standing.players, font * 0.6, "muted")
        y += font * (0.2 if partners else 0.15)
    layout.text(MARGIN, HEIGHT - MARGIN, card.played, 26, "muted")
    left = WIDTH * 0.5
    box = (left, MARGIN, WIDTH - MARGIN - left, HEIGHT - 2 * MARGIN)
    return race_layout(card.race, layout, box, 22)


def card_svg(card: Card) -> str:
    """The card as an SVG file."""
    return str(svg(card_layout(card), card.summary, css_class="result-card", alone=True))


# ---- Written with Pillow: the same marks, in pixels.

ANCHORS = {"start": "ls", "middle": "ms", "end": "rs"}  # on the baseline, as in SVG


@cache
def _font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """DejaVu Sans where the machine has it (every letter of a name); else Pillow's own
    font, which has the ASCII letters only."""
    try:
        return ImageFont.truetype("DejaVuSans.ttf", size)
    except OSError:
        return ImageFont.load_default(size=size)


# The bidi controls: only a layout engine that reorders text (raqm) reads them; any other
# draws them as boxes.
_BIDI_CONTROLS = re.compile("[\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def _text_for(font, text: str) -> str:
    # A control character (a name stored before the forms refused them) draws as a box.
    text = drawable(text)
    if getattr(font, "layout_engine", None) != ImageFont.Layout.RAQM:
        text = _BIDI_CONTROLS.sub("", text)
    # Pillow's own font has no true minus sign: a hyphen reads the same on a card.
    if "DejaVu" in (font.getname()[0] if hasattr(font, "getname") else ""):
        return text
    return text.replace("\u2212", "-")


def _dashes(draw: ImageDraw.ImageDraw, mark: Mark, fill: str) -> None:
    (x1, y1), (x2, y2) = mark.points
    width = max(round(mark.size), 1)
    dash, gap = mark.size * 4, mark.size * 3
    at = x1
    while at < x2:
        draw.line([(at, y1), (min(at + dash, x2), y2)], fill=fill, width=width)
        at += dash + gap


def png(layout: Layout) -> bytes:
    """The layout drawn as a PNG, one pixel a layout unit."""
    image = Image.new("RGB", (round(layout.width), round(layout.height)), colour("background"))
    draw = ImageDraw.Draw(image)
    for mark in layout.marks:
        fill = colour(mark.role)
        if mark.kind == "text":
            font = _font(round(mark.size))
            draw.text(
                mark.points[0],
                _text_for(font, mark.text),
                fill=fill,
                font=font,
                anchor=ANCHORS[mark.anchor],
                stroke_width=1 if mark.bold else 0,
                stroke_fill=fill,
            )
        elif mark.kind == "line" and mark.dashed:
            _dashes(draw, mark, fill)
        elif mark.kind in ("line", "path"):
            draw.line(list(mark.points), fill=fill, width=max(round(mark.size), 1), joint="curve")
        elif mark.kind == "dot":
            (x, y), radius = mark.points[0], mark.size
            draw.ellipse([x - radius, y - radius, x + radius, y + radius], fill=fill)
        else:
            (x, y), (w, h) = mark.points
            draw.rectangle([x, y, x + w, y + h], fill=fill)
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


def card_png(card: Card) -> bytes:
    """The card as a PNG file."""
    return png(card_layout(card))
