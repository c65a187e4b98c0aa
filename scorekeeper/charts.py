"""The score race, drawn: named lines of running totals over numbered steps (hands, rounds,
matches), laid out once as plain marks and written as SVG (here) or as a PNG
(result_card.py), with the same numbers as a table for screen readers.

Presentation only: the numbers come in already worked out (a ledger's totals, a dice
game's replay); nothing here knows a rule or asks the database. Everything is built as
plain strings, with every name escaped, so a 200-hand match draws in well under 10 ms.

The chart's words are said (rules/sentences.py) and drawn in the language of the phone
asking, its numbers written that language's way (i18n.number).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

from markupsafe import Markup, escape

from . import i18n
from .bidi import drawable, plain, shown
from .i18n import number
from .rules import said, said_joined, said_plural

# Line colours as drawn where no stylesheet is (the result card), one per line in turn; on
# a page the classes race-series-0 … race-series-7 (app.css) recolour them for dark mode.
SERIES_COLOURS = (
    "#1c64c8",
    "#c8283c",
    "#1e8c3c",
    "#b45a00",
    "#7846c8",
    "#008c8c",
    "#be3c8c",
    "#5a6478",
)
# The rest of the chart's colours, by role, where no stylesheet is.
COLOURS = {
    "background": "#ffffff",
    "text": "#1b1f24",
    "muted": "#59636e",
    "grid": "#d0d7de",
    "axis": "#59636e",
    "target": "#8c6400",
}


def colour(role: str) -> str:
    """The colour of a mark's role on a white ground (``series-3`` is the fourth line's)."""
    if role.startswith("series-"):
        return SERIES_COLOURS[int(role[7:]) % len(SERIES_COLOURS)]
    return COLOURS[role]


# The words of the races the site draws, said: what a step is called and what its values
# are (a race made with these English words elsewhere is said all the same).
HAND, ROUND, GAME = said("Hand"), said("Round"), said("Game")
TOTAL, WINS = said("Total"), said("Wins")
WORDS = {str(word): word for word in (HAND, ROUND, GAME, TOTAL, WINS)}
SCORE_RACE = said("Score race")
# Translators: the folded table of a score race's numbers.
THE_NUMBERS = said("The numbers")


def _said(word: str) -> str:
    """A race's word as said (one of WORDS), or as given."""
    return WORDS.get(word, word) if type(word) is str else word


def _running_totals(step: str, steps: int) -> str:
    """ "Running totals over 3 hands", for each kind of step the site draws."""
    if step == "Hand":
        return said_plural(
            "Running totals over %(num)s hand", "Running totals over %(num)s hands", steps
        )
    if step == "Round":
        return said_plural(
            "Running totals over %(num)s round", "Running totals over %(num)s rounds", steps
        )
    if step == "Game":
        return said_plural(
            "Running totals over %(num)s game", "Running totals over %(num)s games", steps
        )
    return f"Running totals over {steps} {step.lower()}{'' if steps == 1 else 's'}"


def _after_each(value: str, step: str) -> str:
    """The race's table's caption: "Total after each hand"."""
    if (value, step) == ("Total", "Hand"):
        return said("Total after each hand")
    if (value, step) == ("Total", "Round"):
        return said("Total after each round")
    if (value, step) == ("Wins", "Game"):
        return said("Wins after each game")
    return f"{value} after each {step.lower()}"


def _game_to(target: int) -> str:
    """The target line's label on the chart: "Game 1500"."""
    # Translators: the label of a score race's line at the score the game is played to.
    return said("Game %(target)s", target=target)


@dataclass(frozen=True)
class Line:
    """One named line: its value after each step (None where it has no value yet)."""

    name: str
    values: Sequence[int | None]


@dataclass(frozen=True)
class Race:
    """Lines over the same steps, starting together at ``start`` before the first step."""

    lines: Sequence[Line]
    step: str = HAND  # what one step is called, for the axis and the table
    value: str = TOTAL  # what the values are, for the axis
    target: int | None = None  # a line across the chart (the game a side plays to)
    start: int = 0

    @property
    def steps(self) -> int:
        """How many steps the longest line has."""
        return max((len(line.values) for line in self.lines), default=0)

    def last(self, line: Line) -> int:
        """A line's latest value (its start when it has none yet)."""
        for value in reversed(line.values):
            if value is not None:
                return value
        return self.start

    def summary(self) -> str:
        """The chart in one sentence, for a screen reader."""
        running = _running_totals(str(self.step), self.steps)
        if self.lines:
            totals = said_joined(
                [f"{plain(line.name)} {number(self.last(line))}" for line in self.lines]
            )
            # Translators: the running totals over the steps, then each line's latest.
            running = said("%(running)s: %(totals)s", running=running, totals=totals)
        if self.target is not None:
            return said("%(running)s. Game to %(target)s.", running=running, target=self.target)
        # Translators: the chart's summary for a screen reader, as a sentence.
        return said("%(running)s.", running=running)


@dataclass(frozen=True)
class Mark:
    """One thing drawn, in layout units: a line, a path, a rectangle, a dot or a text.

    ``role`` names its colour (see ``colour``) and, on a page, its CSS class.
    """

    kind: str  # "line", "path", "rect", "dot" or "text"
    role: str
    points: tuple[tuple[float, float], ...]
    text: str = ""
    size: float = 0.0  # a text's font size, a dot's radius, a line's width
    anchor: str = "start"  # a text's anchor: start, middle or end
    dashed: bool = False
    bold: bool = False


@dataclass
class Layout:
    """Marks to draw on a canvas of ``width`` × ``height`` layout units."""

    width: float
    height: float
    marks: list[Mark] = field(default_factory=list)

    def text(self, x, y, text, size, role="text", anchor="start", bold=False) -> None:
        """Add a text whose baseline starts (or centres, or ends) at x, y (words said are
        written in the phone's language)."""
        text = i18n.plain(text)
        self.marks.append(Mark("text", role, ((x, y),), text, size, anchor, bold=bold))

    def line(self, x1, y1, x2, y2, role, width, dashed=False) -> None:
        """Add a straight line."""
        self.marks.append(Mark("line", role, ((x1, y1), (x2, y2)), size=width, dashed=dashed))


def nice_step(span: float, most: int) -> int:
    """A round step (1, 2 or 5 times a power of ten) cutting ``span`` into at most ``most``."""
    if span <= 0:
        return 1
    rough = span / most
    power = 10 ** math.floor(math.log10(rough))
    for times in (1, 2, 5, 10):
        if power * times >= rough:
            return max(int(power * times), 1)
    return max(int(power * 10), 1)


def clip(text: str, room: float, size: float) -> str:
    """A name cut to fit ``room`` units at this font size (about 0.6 em a letter)."""
    fits = max(int(room / (size * 0.6)), 1)
    return text if len(text) <= fits else text[: max(fits - 1, 1)] + "…"


def legend_across(count: int, width: float, font: float) -> int:
    """How many names the legend puts in a row."""
    return max(1, min(count, int(width // (font * 9))))


def race_layout(race: Race, layout: Layout, box: tuple[float, float, float, float], font: float):
    """Lay the race out in ``box`` (x, y, width, height) of ``layout``, text ``font`` high:
    a legend of the names with their latest values, the grid, the target and the lines."""
    left, top, width, height = box
    lines = race.lines
    # The legend: as many names a row as fit, each with its colour and latest value.
    across = legend_across(len(lines), width, font)
    cell = width / across
    legend_rows = math.ceil(len(lines) / across)
    for index, line in enumerate(lines):
        x = left + (index % across) * cell
        y = top + (index // across) * font * 1.5 + font
        role = f"series-{index % len(SERIES_COLOURS)}"
        layout.marks.append(Mark("rect", role, ((x, y - font * 0.75), (font * 0.8, font * 0.8))))
        latest = f" {number(race.last(line))}"
        name = clip(line.name, cell - font * 1.3 - len(latest) * font * 0.6, font)
        layout.text(x + font * 1.1, y, plain(name) + latest, font)
    # The plot: room for the values on the left, the steps and their name below.
    values = [v for line in lines for v in line.values if v is not None]
    values.append(race.start)
    if race.target is not None:
        values.append(race.target)
    low, high = min(values), max(values)
    step = nice_step(high - low, 4)
    low = math.floor(low / step) * step
    high = max(math.ceil(high / step) * step, low + step)
    value_word = i18n.plain(_said(race.value))
    label_room = font * 0.6 * max(len(number(low)), len(number(high)), len(value_word)) + font * 0.5
    plot_left = left + label_room
    plot_top = top + legend_rows * font * 1.5 + font * 1.9
    plot_bottom = top + height - font * 2.4
    plot_right = left + width - font * 1.0
    steps = max(race.steps, 1)
    x_scale = (plot_right - plot_left) / steps
    y_scale = (plot_bottom - plot_top) / (high - low)

    def y_of(value: float) -> float:
        return plot_bottom - (value - low) * y_scale

    layout.text(left, plot_top - font * 0.7, value_word, font * 0.9, "muted")
    for value in range(low, high + 1, step):
        y = y_of(value)
        layout.line(plot_left, y, plot_right, y, "axis" if value == 0 else "grid", font * 0.06)
        layout.text(
            plot_left - font * 0.3, y + font * 0.35, number(value), font * 0.9, "muted", "end"
        )
    tick = nice_step(steps, max(int((plot_right - plot_left) // (font * 2.5)), 1))
    for at in range(0, steps + 1, tick):
        x = plot_left + at * x_scale
        layout.text(x, plot_bottom + font * 1.0, str(at), font * 0.9, "muted", "middle")
    layout.text(
        (plot_left + plot_right) / 2,
        plot_bottom + font * 2.1,
        _said(race.step),
        font * 0.9,
        "muted",
        "middle",
    )
    if race.target is not None:
        y = y_of(race.target)
        layout.line(plot_left, y, plot_right, y, "target", font * 0.12, dashed=True)
        # At the line's start, where every total is still far below it: at its end the
        # winner's line crosses it and ran through the words.
        layout.text(
            plot_left + font * 0.3, y - font * 0.3, _game_to(race.target), font * 0.9, "target"
        )
    for index, line in enumerate(lines):
        role = f"series-{index % len(SERIES_COLOURS)}"
        # A line's values stop at its first gap (a player yet to play this round).
        values = list(line.values)
        if None in values:
            values = values[: values.index(None)]
        base = plot_bottom + low * y_scale
        points = [(plot_left, y_of(race.start))]
        points += [
            (plot_left + at * x_scale, base - value * y_scale)
            for at, value in enumerate(values, start=1)
        ]
        layout.marks.append(Mark("path", role, tuple(points), size=font * 0.16))
        layout.marks.append(Mark("dot", role, (points[-1],), size=font * 0.28))
    return layout


# ---- Written as SVG: the marks as elements, colours as attributes (for an image on its
# own) that a page's stylesheet overrides by class (for dark mode).

ANCHORS = {"start": "", "middle": ' text-anchor="middle"', "end": ' text-anchor="end"'}


def _svg_mark(mark: Mark) -> str:
    role = mark.role
    paint = colour(role)
    css = f"race-{role}"
    if mark.kind == "text":
        ((x, y),) = mark.points
        weight = ' font-weight="bold"' if mark.bold else ""
        return (
            f'<text x="{x:g}" y="{y:g}" class="{css}" fill="{paint}" font-size="{mark.size:g}"'
            f"{ANCHORS[mark.anchor]}{weight}>{escape(drawable(mark.text))}</text>"
        )
    if mark.kind == "line":
        (x1, y1), (x2, y2) = mark.points
        dash = f' stroke-dasharray="{mark.size * 4:g} {mark.size * 3:g}"' if mark.dashed else ""
        return (
            f'<line x1="{x1:g}" y1="{y1:g}" x2="{x2:g}" y2="{y2:g}" class="{css}" '
            f'stroke="{paint}" stroke-width="{mark.size:g}"{dash}/>'
        )
    if mark.kind == "path":
        points = " ".join([f"{x:.1f},{y:.1f}" for x, y in mark.points])
        return (
            f'<polyline points="{points}" class="{css}" fill="none" stroke="{paint}" '
            f'stroke-width="{mark.size:g}" stroke-linejoin="round" stroke-linecap="round"/>'
        )
    if mark.kind == "dot":
        ((x, y),) = mark.points
        return f'<circle cx="{x:g}" cy="{y:g}" r="{mark.size:g}" class="{css}-dot" fill="{paint}"/>'
    (x, y), (w, h) = mark.points
    return (
        f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" class="{css}-fill" '
        f'fill="{paint}"/>'
    )


def svg(layout: Layout, label: str, css_class: str = "race-chart", alone: bool = False) -> Markup:
    """The layout as an inline SVG image, scaled to the width it is given, named by
    ``label`` for screen readers; ``alone``: an image file of its own, with its size and
    font."""
    body = "".join([_svg_mark(mark) for mark in layout.marks])
    size = ""
    if alone:
        size = (
            f' width="{layout.width:g}" height="{layout.height:g}"'
            ' font-family="DejaVu Sans, Verdana, Arial, sans-serif"'
        )
    return Markup(
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {layout.width:g} {layout.height:g}"'
        f'{size} class="{css_class}" role="img" '
        f'aria-label="{escape(drawable(i18n.plain(label)))}">{body}</svg>'
    )


def race_table(race: Race, caption: str) -> Markup:
    """The race's numbers as a table: a row per step, a column per line (a cell left
    empty where a line has no value)."""
    heads = "".join([f'<th scope="col">{shown(line.name)}</th>' for line in race.lines])

    steps = race.steps
    write = i18n.writes_numbers()  # the phone's language's way, asked once for the table
    # Column by column, each number written once; then the rows in one pass.
    columns = [
        ["" if value is None else write(value) for value in line.values]
        + [""] * (steps - len(line.values))
        for line in race.lines
    ]
    rows = "".join(
        [
            f'<tr><th scope="row">{at}</th><td>{"</td><td>".join(cells)}</td></tr>'
            for at, cells in enumerate(zip(*columns, strict=True), start=1)
        ]
    )
    # Long names in many columns may be wider than a phone: the table scrolls sideways in
    # its own box (which the keyboard can reach), never the page.
    return Markup(
        f'<div class="table-scroll" role="region" tabindex="0" aria-label="{escape(caption)}">'
        f'<table class="race-numbers"><caption>{escape(caption)}</caption>'
        f'<thead><tr><th scope="col">{escape(_said(race.step))}</th>{heads}</tr></thead>'
        f"<tbody>{rows}</tbody></table></div>"
    )


# A page's chart: about as wide as a phone's column, so 1 unit is about 1 CSS pixel there
# and its text 14 px or more; it scales up with a wider column.
PAGE_WIDTH = 340
PAGE_FONT = 16


def race_figure(race: Race, title: str = SCORE_RACE, heading_id: str = "race-title") -> Markup:
    """The race on a page: its heading, the chart and, folded, the same numbers.

    Any race: a group's wins over time is ``race_figure(Race([Line(name, wins after each
    match), …], step="Match", value="Wins"), "Wins over time", "wins-title")``.
    """
    rows = math.ceil(len(race.lines) / legend_across(len(race.lines), PAGE_WIDTH, PAGE_FONT))
    height = 240 + PAGE_FONT * 1.5 * rows
    layout = race_layout(race, Layout(PAGE_WIDTH, height), (0, 0, PAGE_WIDTH, height), PAGE_FONT)
    caption = _after_each(str(race.value), str(race.step))
    return Markup(
        f'<h2 id="{escape(heading_id)}">{escape(title)}</h2>{svg(layout, race.summary())}'
        f'<details class="race-table"><summary>{escape(THE_NUMBERS)}</summary>'
        f"{race_table(race, caption)}</details>"
    )


# ---- The site's games as races: read from what their pages already hold.


def match_race(state) -> Race:
    """A pinochle match's race: each side's total after each hand, and the game to reach
    (a MatchState: its ledger already replayed)."""
    ledger = state.ledger
    lines = [
        Line(name, [row.totals[side] for row in ledger.rows])
        for side, name in enumerate(state.sides)
    ]
    return Race(lines, step=HAND, target=ledger.target or state.preset.target)


def dice_race(state) -> Race:
    """A dice game's race: each player's total after each round (a dice state, replayed)."""
    lines = [
        Line(name, totals) for name, totals in zip(state.players, state.running_totals, strict=True)
    ]
    return Race(lines, step=ROUND)
