"""The site's shell: home page, house-rules reference, error pages and `flask init-db`."""

from collections.abc import Callable, Sequence
from typing import NamedTuple

import click
from flask import Blueprint, jsonify, render_template, request, url_for
from flask_babel import gettext
from markupsafe import Markup, escape
from werkzeug.exceptions import HTTPException

from . import bidi, database
from .device import current_device
from .extensions import db
from .house_rules import KnobLine, pinochle_knob_lines
from .htmx import LIVE_POLL
from .i18n import day, number, writes_numbers
from .rules import Said, cards, pinochle, said
from .services import devices
from .words import wins

# cli_group=None: the command is `flask init-db`, not `flask main init-db`.
bp = Blueprint("main", __name__, cli_group=None)

# Werkzeug's default descriptions are written for developers; these are for players.
PLAIN_SENTENCES = {
    404: said("There is nothing at this address."),
    413: said(
        "That was too much to send at once; nothing was saved. Send it again with less in it."
    ),
    500: said("Something went wrong on our side; please try again."),
}


# Werkzeug's names of the errors the site answers, as the error page's title and heading.
ERROR_NAMES = {
    400: said("Bad Request"),
    403: said("Forbidden"),
    404: said("Not Found"),
    405: said("Method Not Allowed"),
    # Translators: an error page's title: another phone changed the game first.
    409: said("Conflict"),
    413: said("Request Entity Too Large"),
    422: said("Unprocessable Entity"),
    429: said("Too Many Requests"),
    500: said("Internal Server Error"),
    503: said("Service Unavailable"),
}


class ShownError(NamedTuple):
    """An HTTP error as its page shows it: its name (said) and its code."""

    name: str
    code: int | None


def plain_sentence(code: int, method: str) -> str:
    """Werkzeug's description of an HTTP error, for players (None: no plainer sentence)."""
    if code == 405:
        # Translators: %(method)s is an HTTP method, as in "a DELETE request".
        return said("This address does not accept a %(method)s request.", method=method)
    return PLAIN_SENTENCES.get(code)


class PresetSheet(NamedTuple):
    """One preset as the rules page shows it."""

    name: str
    label: str
    knobs: list[KnobLine]


@bp.record_once
def _card_words(state) -> None:
    # Templates name and draw suits with the core's own words, in its suit order.
    state.app.jinja_env.globals.update(SUITS=cards.SUITS, SUIT_SYMBOLS=cards.SUIT_SYMBOLS)
    # A hand saved with no network moves the dealer on as the core would (static/trust.js).
    state.app.jinja_env.globals.update(DEAL_STAYS=" ".join(sorted(pinochle.DEAL_STAYS)))
    # Every page that follows a match or a game polls on the same beat (htmx.py).
    state.app.jinja_env.globals.update(LIVE_POLL=LIVE_POLL)


# Names isolated from the words around them (bidi.py): in HTML, and in plain text (a title,
# an option, an attribute).
bp.add_app_template_filter(bidi.shown, "bdi")
bp.add_app_template_filter(bidi.plain, "fsi")
bp.add_app_template_filter(bidi.with_names, "bdi_names")
bp.add_app_template_filter(bidi.plain_with_names, "fsi_names")
# The same for many sentences with the same names: name_marker(state.sides)(sentence).
bp.add_app_template_global(bidi.name_marker, "name_marker")


@bp.app_template_filter("wins")
def shown_wins(side: str) -> Markup:
    """ "Us wins", the side's name isolated."""
    return bidi.with_names(wins(side), [side])


@bp.app_template_filter("fsi_wins")
def plain_wins(side: str) -> str:
    """ "Us wins" as plain text, the side's name isolated."""
    return bidi.plain_with_names(wins(side), [side])


@bp.app_template_filter("sentence")
def sentence(text: str) -> str:
    """Start a sentence with a capital letter, leaving the rest (names) as written (a said
    sentence as the phone's language says it)."""
    if isinstance(text, Said):
        text = Markup(text)
    return text[:1].upper() + text[1:]


# A number no row has, built into a URL in place of a row's id and then cut out.
_ANY_ID = 987_654_321_987_654_321


@bp.app_template_global()
def row_url(endpoint: str, key: str, **values) -> Callable[[int], str]:
    """``url_for(endpoint, **values, key=id)`` for many rows of one page, built once: a
    30-row ledger asked Werkzeug's URL map 30 times for its edit links otherwise."""
    head, tail = url_for(endpoint, **values, **{key: _ANY_ID}).split(str(_ANY_ID))
    return lambda row_id: f"{head}{int(row_id)}{tail}"


bp.add_app_template_filter(day, "day")


@bp.app_template_filter("points")
def points(value: int) -> str:
    """A score as printed for people, in the phone's language: a true minus sign and the
    language's digit groups, ``−350``, ``1.500`` in German (i18n.number)."""
    return number(value)


@bp.app_template_filter("signed")
def signed(value: int) -> str:
    """A hand's points as a change to the total: ``+310``, ``−300``, ``0``."""
    return f"+{number(value)}" if value > 0 else number(value)


@bp.app_template_filter("number_cells")
def number_cells(values) -> Markup:
    """Table cells of numbers (``<td>350</td><td>−40</td>``), in one step: a 200-hand
    ledger draws four rows of them per hand. Each value is an int, so nothing to escape."""
    write = writes_numbers()
    return Markup("".join([f"<td>{write(int(value))}</td>" for value in values]))


@bp.app_template_global()
def side_scores(names: Sequence[str]) -> Callable[[Sequence[int], Sequence[int]], Markup]:
    """A ledger row's points and running total for each side, in one step per row; each
    side's name is there for screen readers, drawn once for all the ledger's rows."""
    heads = [
        f'<span class="row-side"><span class="visually-hidden">{bidi.shown(name)}: </span>'
        '<span class="row-points">'
        for name in names
    ]
    write = writes_numbers()
    # Heard by a screen reader between a side's points and its total: "Us: +380, total 560".
    total = escape(gettext(", total "))

    def row(hand_points: Sequence[int], totals: Sequence[int]) -> Markup:
        return Markup(
            "".join(
                [
                    f"{head}{'+' if change > 0 else ''}{write(int(change))}</span>"
                    f'<span class="row-total"><span class="visually-hidden">{total}</span>'
                    f"{write(int(sum_))}</span></span>"
                    for head, change, sum_ in zip(heads, hand_points, totals, strict=True)
                ]
            )
        )

    return row


@bp.get("/")
def home():
    """Say what the site does, list this device's matches, games and groups, link to what
    is ready."""
    device = current_device()
    every_finished = request.args.get("finished") == "all"
    lists = devices.device_games(db.session, device, every_finished)
    return render_template(
        "main/home.html",
        states=lists.matches,
        dice_games=lists.dice_games,
        finished_left_out=lists.finished_left_out,
        groups=devices.device_groups(db.session, device),
    )


@bp.get("/health")
def health():
    """A liveness check for a proxy or a monitor: the process answers, and does no work."""
    return "ok\n", 200, {"Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store"}


@bp.get("/rules")
def rules():
    """List every pinochle preset with the value and meaning of each knob."""
    presets = [
        PresetSheet(
            preset.name,
            preset.label,
            pinochle_knob_lines(preset),
        )
        for preset in pinochle.PRESETS.values()
    ]
    # A match's house rules link here with ``?open=<preset>``: that preset is shown open.
    return render_template(
        "main/rules.html",
        presets=presets,
        opened=request.args.get("open", ""),
        names={preset.name for preset in presets},
    )


@bp.app_errorhandler(HTTPException)
def http_error(error: HTTPException):
    """Answer an HTTP error as JSON under /api/ and as a friendly page everywhere else."""
    # A description given to abort() was written for the reader; keep it.
    plainer = plain_sentence(error.code, request.method)
    if "description" not in vars(error) and plainer is not None:
        sentence = plainer
    else:
        sentence = error.description
    # Keep headers such as a 405's Allow; the body and its type are ours.
    headers = [(name, value) for name, value in error.get_headers() if name != "Content-Type"]
    if request.path.startswith("/api/"):
        return jsonify(error=sentence), error.code, headers
    shown = ShownError(ERROR_NAMES.get(error.code, error.name), error.code)
    page = render_template("errors/error.html", error=shown, sentence=sentence)
    return page, error.code, headers


@bp.cli.command("init-db")
def init_db():
    """Bring the database up to the newest revision of the schema, creating it if new."""
    try:
        database.stamp_unversioned()
    except database.UnknownSchema as error:
        raise click.ClickException(str(error)) from None
    database.upgrade()
    click.echo(f"Database ready: {db.engine.url.render_as_string(hide_password=True)}")
