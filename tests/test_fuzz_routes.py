"""Every route of the site under hostile input: no 5xx ever, a refusal changes nothing, and
a refused page says what to fix.

The routes are read from the URL map, so a route added later is fuzzed by construction: a
rule whose URL arguments this file cannot fill fails ``test_every_route_can_be_filled_in``,
and a write whose form no page draws (and that has no fields listed here) fails its case.

For each rule and method, on a site seeded with one of every record
(tests/helpers/seeded.py), hypothesis builds requests from what the route really takes:

- a form's fields as the page that draws it sends them (hidden ones, the real CSRF token,
  the version, the one-time token), then changed: a value replaced by Unicode digits
  (Arabic-Indic, full-width, superscripts, ``1_000``), control characters and NUL, bidi
  controls, huge values (100,000 letters, 5,000 nines), empty; a field left out or sent
  twice; a field sent as a multipart file part; ``action=bogus``; a missing or wrong CSRF
  token now and then;
- a GET route's query parameters, changed the same way;
- a JSON API call's body: a valid request with one value swapped for nested, huge or
  malformed JSON, or a body that is not JSON at all.

Each case first sends the values that broke a form once (², 5,000 nines, NUL, 100,000
letters, ``bogus``) in every field at once, and its first fields as file parts; then
hypothesis' own requests. A refusal is any 4xx: the rows players entered must be as they
were (a device's list of games and the cached summaries are left out of the comparison:
reading a page writes them), and the answer must say what to fix: an alert beside a field
of a form drawn again, the sentence of an error page, the API's ``error``.

FUZZ_EXAMPLES sets the number of hypothesis requests per case (default below: about a
minute a database here); FUZZ_SHRINK=1 shrinks a failure to its smallest request.
"""

from __future__ import annotations

import io
import json
import os
import re
import traceback
from dataclasses import dataclass, field, replace
from urllib.parse import urlencode, urlsplit

import pytest
from hypothesis import HealthCheck, Phase, example, given, settings
from hypothesis import strategies as st
from werkzeug.datastructures import MultiDict
from werkzeug.routing import AnyConverter, IntegerConverter, PathConverter, Rule

from scorekeeper import create_app
from scorekeeper.extensions import db
from scorekeeper.rules import pinochle
from scorekeeper.rules.dice_games import DICE_GAMES
from tests.helpers.html import Element, fields_of, read
from tests.helpers.seeded import Records, seed_every_record

# The default keeps the file near two minutes a database on a small machine: PostgreSQL
# answers each request a few times slower than SQLite's file.
EXAMPLES = int(
    os.environ.get("FUZZ_EXAMPLES", "20" if os.environ.get("TEST_DATABASE_URL") else "40")
)
# Shrinking a failure to its smallest request takes a minute a case: asked for with
# FUZZ_SHRINK=1 (a failure is printed as found otherwise, its long values cut short).
SHRINK = os.environ.get("FUZZ_SHRINK") == "1"

# ------------------------------------------------------------------ the routes to fuzz

# Which seeded records a URL's arguments come from, by the start of its path (first match).
RECORDS_BY_PATH = (
    ("/matches/watch/", ("match_view", "finished_view")),
    ("/matches/", ("match", "finished")),
    ("/dice/watch/", ("yahtzee_view", "triple_view", "farkle_view")),
    ("/dice/", ("yahtzee", "triple", "farkle")),
    ("/groups/watch/", ("group_view",)),
    ("/groups/", ("group",)),
    ("/rules/", ("rule_set",)),
    ("/api/v1/groups/", ("group", "group_view")),
    ("/club/watch/", ("club_view",)),
    ("/club/table/", ("club_table",)),
    ("/club/", ("club",)),
)
# URL arguments that name a seeded record's row.
RECORD_ARGUMENTS = frozenset(
    ["token", "hand_id", "turn_id", "player_id", "group_game_id", "table_id"]
)
# Arguments that are not records: what each endpoint is given for them.
FILE_NAMES = {
    "pwa.icon": ("icon-192.png",),
    "static": ("app.css", "app.js"),
    "assets.serve": (),  # the names of the day: read from the home page's links
}
PATH_RESTS = ("turns", "hands/1/edit")
# Addresses of pages (not pictures, downloads or files), where forms are drawn.
PAGE_PATH = re.compile(r"(?!/static/|/assets/|/icons/|/api/)[^.]*")


@dataclass(frozen=True)
class Case:
    """One rule, one seeded record (and one choice of each ``any`` argument), and its GET
    or its writes: a rule's write methods are one case, each request picking one."""

    rule: str
    endpoint: str
    methods: tuple[str, ...]
    record: str | None
    fixed: tuple[tuple[str, str], ...] = ()  # the ``any(...)`` arguments chosen

    @property
    def method(self) -> str:
        """The method whose forms the pages draw: GET, else POST, else the first."""
        return "POST" if "POST" in self.methods else self.methods[0]

    @property
    def id(self) -> str:
        chosen = ",".join(value for _, value in self.fixed)
        methods = ",".join(self.methods)
        return " ".join(part for part in (methods, self.rule, self.record, chosen) if part)


def site_rules() -> list[Rule]:
    """The URL map of a site built with default settings (no database is opened)."""
    app = create_app({"SQLALCHEMY_DATABASE_URI": "sqlite://", "SECRET_KEY": "-"})
    return list(app.url_map.iter_rules())


def records_for(rule: Rule) -> tuple[str | None, ...]:
    """The seeded records that can fill in this rule's URL (None: it needs none)."""
    if not set(rule.arguments) & RECORD_ARGUMENTS:
        return (None,)
    for prefix, records in RECORDS_BY_PATH:
        if rule.rule.startswith(prefix):
            return records
    return ()


def unfilled_arguments(rule: Rule) -> list[str]:
    """The arguments of a rule this file has no value for."""
    missing = []
    for name in sorted(rule.arguments):
        converter = rule._converters[name]
        if isinstance(converter, AnyConverter | PathConverter):
            continue
        if name in RECORD_ARGUMENTS and records_for(rule):
            continue
        if name == "filename" and rule.endpoint in FILE_NAMES:
            continue
        missing.append(f"<{type(converter).__name__}:{name}>")
    return missing


def cases_of(rule: Rule) -> list[Case]:
    """Every case of a rule: each method but HEAD and OPTIONS, each record, each ``any``."""
    choices: list[list[tuple[str, str]]] = [[]]
    for name in sorted(rule.arguments):
        converter = rule._converters[name]
        if isinstance(converter, AnyConverter):
            choices = [
                [*done, (name, item)] for done in choices for item in sorted(converter.items)
            ]
    writes = tuple(sorted(rule.methods - {"GET", "HEAD", "OPTIONS"}))
    return [
        Case(rule.rule, rule.endpoint, methods, record, tuple(fixed))
        for methods in [("GET",)] * ("GET" in rule.methods) + [writes] * bool(writes)
        for record in records_for(rule)
        for fixed in choices
    ]


RULES = site_rules()
CASES = [case for rule in RULES if not unfilled_arguments(rule) for case in cases_of(rule)]


def test_every_route_can_be_filled_in():
    """A route added to the site is fuzzed below, unless its URL takes something this file
    does not know how to fill in: then it must be taught here, not left out."""
    missing = {rule.rule: unfilled_arguments(rule) for rule in RULES if unfilled_arguments(rule)}
    assert missing == {}
    assert {
        (rule.rule, method) for rule in RULES for method in rule.methods - {"HEAD", "OPTIONS"}
    } == {(case.rule, method) for case in CASES for method in case.methods}


# --------------------------------------------------------------- what a route is sent

# Pages drawn with a query, for the forms they draw only then.
PAGE_QUERIES = {
    "matches.new": [{"game": game} for game in pinochle.PRESETS],
    "groups.new_match": [{"game": game} for game in pinochle.PRESETS],
    "dice.new": [{"kind": kind} for kind in DICE_GAMES],
    "groups.new_dice_game": [{"kind": kind} for kind in DICE_GAMES],
}
# A form drawn only as the answer to another post: that post's endpoint, and what it types.
FORMS_DRAWN_BY_A_POST = {"groups.add_game_names": ("groups.add_game", {"link": "loose_match"})}
# Query parameters the views read (request.args) beyond those of a GET form.
QUERY_NAMES = {
    "main.home": ("finished",),
    "matches.show": ("hands",),
    "matches.live": ("since", "form", "over", "hands", "display"),
    "matches.watch_live": ("since", "form", "over", "hands", "display"),
    "matches.edit_live": ("version",),
    "matches.new": ("game", "rules"),
    "dice.new": ("kind",),
    "dice.show": ("dice", "slot", "throws", "total"),
    "dice.live": ("since", "form", "number", "display"),
    "dice.watch_live": ("since", "form", "number", "display"),
    "dice.edit_live": ("version",),
    "groups.show": ("finished",),
    "groups.new_match": ("game", "rules"),
    "groups.new_dice_game": ("kind",),
    "meld.calculator": ("game", "hand", "trump"),
    "api.pinochle_meld": ("variant", "hand", "trump", "partial"),
    "api.farkle_score": ("dice", "three_ones", "n_of_a_kind"),
}
# Query values a view expects, so a change of one parameter reaches the code behind it.
QUERY_VALUES = {
    "api.pinochle_meld": {"variant": "partnership", "hand": "AH 10H KH QH JH", "trump": "hearts"},
    "api.farkle_score": {"dice": "1,1,1,5"},
    "meld.calculator": {"hand": "AH 10H KH QH JH", "trump": "hearts"},
}
# Writes that no page draws a form for: the fields they take.
KNOWN_FIELDS = {
    # A view link never writes: whatever is posted is refused.
    "matches.watch_cannot_write": {},
    "dice.watch_cannot_write": {},
    "groups.watch_cannot_write": {},
    "club.watch_cannot_write": {},
    # Drawn on the table's match page (a page of the match, not of the club table).
    "club.confirm": {"side": "0", "result": "0:0:0"},
    # The language switch at the foot of every page, drawn once a site offers two languages.
    "language.switch": {"language": "en", "next": "/"},
}
# Writes whose form no page of this record draws (a rematch before the match is over, a
# hand once it is, a Farkle preview or correction of a Yahtzee game, or the other way):
# posted with the CSRF token and fuzzed fields all the same.
NOT_DRAWN_FOR = {
    ("matches.rematch", "match"),
    ("matches.add_hand", "finished"),
    ("dice.again", "yahtzee"),
    ("dice.again", "triple"),
    ("dice.again", "farkle"),
    ("dice.preview", "yahtzee"),
    ("dice.preview", "triple"),
    ("dice.edit_turn", "farkle"),
}
# The JSON API's requests (API.md), each a valid body that the fuzz then changes.
API_BODIES = {
    "api.pinochle_score": {
        "variant": "partnership",
        "rules": {"target": 1500},
        "hands": [
            {"bidder": 0, "bid": 330, "meld": [60, 100], "tricks": [0, 0], "thrown_in": True},
            {"bidder": 1, "bid": 250, "meld": [40, 120], "tricks": [90, 160]},
        ],
    },
    "api.pinochle_stats_of_matches": {
        "matches": [
            {
                "variant": "partnership",
                "rules": {"target": 500},
                "sides": [["Ann", "Bob"], ["Cat", "Dan"]],
                "hands": [{"bidder": 0, "bid": 250, "meld": [200, 20], "tricks": [150, 100]}],
            }
        ]
    },
    "api.yahtzee_score": {
        "variant": "classic",
        "rules": {"joker": "forced"},
        "turns": [
            {"dice": [3, 3, 3, 3, 3], "box": "yahtzee"},
            {"dice": [3, 3, 3, 3, 3], "box": "threes"},
        ],
    },
    "api.farkle_score_posted": {"dice": [1, 1, 1, 5], "rules": {"three_ones": 300}},
    "api.club_schedule_drawn": {
        "players": ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ian"],
        "rounds": 4,
        "format": "rotating",
        "seed": 3,
    },
    "api.club_standings_ranked": {
        "ranking": "wins",
        "tiebreaks": ["points", "head_to_head"],
        "byes": "winners_average",
        "rounds": [
            {
                "round": 1,
                "tables": [{"sides": [["Ann", "Cat"], ["Bob", "Dan"]], "scores": [520, 310]}],
                "sitting_out": ["Eve"],
            }
        ],
    },
    "api.sheet_score": {
        "rules": {"served_bonus": 10},
        "turns": [
            {"dice": [6, 6, 5, 5, 2], "box": "full_house", "first_throw": True},
            {"dice": [1, 2, 3, 4, 5], "box": "straight"},
        ],
    },
}

# Digits that are not ASCII: Arabic-Indic, Extended Arabic-Indic, Devanagari, full-width,
# superscripts, subscripts, circled and Roman numerals.
UNICODE_DIGITS = "٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹०१२३४५६७८९０１２３４５６７８９²³¹⁰⁴⁵₀₁₂①②③ⅠⅡⅢ"
CONTROLS = "".join(map(chr, [*range(0, 9), 11, 12, *range(14, 32), 127, 0x85]))
BIDI = "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c"
NASTY_VALUES = (
    "",
    " ",
    "0",
    "-1",
    "1.5",
    "1e3",
    "٣",
    "３",
    "²",
    "1_000",
    "٣٠٠:١٠",
    "1_000:10",
    "٣٠٠",
    "０١",
    "\x00",
    "Ann\x00",
    "\x01Ann",
    "\x7f",
    "\u202eAnn",
    "\u2066Ann\u2069",
    "Ann\u200f",
    "9" * 5000,
    "x" * 100_000,
    "bogus",
    "on",
    "true",
    "null",
    "None",
    "[]",
    "<b>Ann</b>",
    "Ann\r\nBob",
    "\ud7ff\ufffd\U0001f4a5",
    str(2**63),
    str(-(2**63) - 1),
)
nasty_values = st.sampled_from(NASTY_VALUES)
# What a number field, a choice by id or a list of numbers must refuse (or read right).
NUMBER_BREAKERS = ("²", "³", "①", "₂", "9" * 5000, "٣", "３", "1_000", "٣٠٠:١٠", "1_000:10")
NUMBER_BREAKERS += ("０١", "-1", "1e3", "1.5", str(2**63), "0", "", " 1 ", "+1", "0x10")
number_breakers = st.sampled_from(NUMBER_BREAKERS)
# What a size limit must refuse: a long name, a huge number, a field of NULs.
huge_values = st.sampled_from(["x" * 100_000, "9" * 5000, "٣" * 5000, "\x00" * 1000, "Ann " * 50])
nasty_text = st.one_of(
    # The values that broke a form once, most often.
    number_breakers,
    number_breakers,
    number_breakers,
    huge_values,
    nasty_values,
    nasty_values,
    st.text(alphabet=UNICODE_DIGITS + "0123456789:,_ ", min_size=1, max_size=8),
    st.text(alphabet=CONTROLS + BIDI + "Ann ", min_size=1, max_size=6),
    st.text(max_size=12),
    st.integers(-(10**6), 10**6).map(str),
)
# Names the fuzz may add to a form besides its own fields.
EXTRA_NAMES = ("action", "version", "client_token", "number", "bogus")


@dataclass
class Form:
    """What a page's form sends (as drawn), the other values its controls offer, and the
    buttons that may be tapped to send it."""

    action: str  # where it posts, with its query
    fields: dict[str, str]
    options: dict[str, list[str]] = field(default_factory=dict)
    buttons: list[tuple[str, str]] = field(default_factory=list)


def _controls_offer(form: Element) -> dict[str, list[str]]:
    options: dict[str, list[str]] = {}
    for element in form.walk():
        name = element.attrs.get("name")
        if not name:
            continue
        if element.tag == "select":
            values = [o.attrs.get("value", o.text) for o in element.all("option")]
            options.setdefault(name, []).extend(values)
        elif element.tag == "input" and element.attrs.get("type") in ("radio", "checkbox"):
            options.setdefault(name, []).append(element.attrs.get("value", "on"))
    return options


def forms_on(document: Element, page_url: str) -> list[tuple[str, str, Form]]:
    """Every form of a page as (method, where it sends, Form): its action, each button's
    formaction and each hx-post or hx-get inside it."""
    found = []
    for form in document.all("form"):
        fields = fields_of(form)
        options = _controls_offer(form)
        buttons = [
            (element.attrs["name"], element.attrs.get("value", ""))
            for element in form.walk()
            if element.attrs.get("name")
            and (
                (element.tag == "button" and element.attrs.get("type", "submit") == "submit")
                or (element.tag == "input" and element.attrs.get("type") == "submit")
            )
        ]
        method = form.attrs.get("method", "get").lower()
        targets = {(method, form.attrs.get("action") or page_url)}
        for element in form.walk():
            if element.attrs.get("formaction"):
                targets.add((method, element.attrs["formaction"]))
            for verb in ("post", "get"):
                if element.attrs.get(f"hx-{verb}"):
                    targets.add((verb, element.attrs[f"hx-{verb}"]))
        for verb, action in sorted(targets):
            found.append((verb, action, Form(action, dict(fields), options, list(buttons))))
    return found


@dataclass(frozen=True)
class Drawn:
    """A form as a page drew it: the request that drew the page, and where the form sends."""

    source: tuple[str, str]  # ("GET", page) or ("POST", the action that answers with it)
    verb: str
    action: str
    form: Form


# Every form the pages of each kind of record draw on a freshly seeded site (the sites
# are seeded alike: the same links, ids and versions), read by the first case of the kind.
CRAWLED: dict[str | None, list[Drawn]] = {}

# ------------------------------------------------------------------------ the fuzzed site


class Site:
    """A site seeded with one of every record, one phone on it, and what it stores."""

    # Rows that reading a page writes (a device's list of games) or that cache replays:
    # not what a refused write may change.
    NOT_ENTRIES = frozenset(["device_match", "device_dice_game", "device_group", "game_summary"])

    def __init__(self, app, case: Case) -> None:
        self.app = app
        self.case = case
        self.records: Records = seed_every_record(app)
        self.phone = app.test_client()
        self.adapter = app.url_map.bind("localhost")
        self.values = dict(self.records.get(case.record, {})) if case.record else {}
        self.values.update(dict(case.fixed))
        self.rule = next(
            r
            for r in app.url_map.iter_rules()
            if r.rule == case.rule and r.endpoint == case.endpoint
        )
        self.stored = self.entries()
        self.forms: list[Form] | None = None
        self.sources: list[tuple[str, str]] | None = None
        self.csrf = ""

    # ----------------------------------------------------------------- URLs and forms

    def url(self, overrides: dict[str, object] | None = None) -> str:
        """The case's URL, its arguments filled from its record (and ``overrides``)."""
        values = {name: value for name, value in self.values.items() if name in self.rule.arguments}
        for name in self.rule.arguments:
            converter = self.rule._converters[name]
            if isinstance(converter, PathConverter):
                values.setdefault(name, PATH_RESTS[0])
            elif name == "filename":
                values.setdefault(name, self.file_names()[0])
        values.update(overrides or {})
        return self.adapter.build(self.case.endpoint, values, method=self.case.method)

    def file_names(self) -> tuple[str, ...]:
        names = FILE_NAMES[self.case.endpoint]
        if not names:
            home = self.phone.get("/").get_data(as_text=True)
            names = tuple(sorted(set(re.findall(r"/assets/([^\"'?#]+)", home))))
        return names

    def pages(self) -> list[str]:
        """The pages that may draw the case's form: every GET route filled in from the same
        record (and the pages drawn for a query), the pages of no record last."""
        urls = []
        for rule in self.app.url_map.iter_rules():
            if "GET" not in rule.methods or not PAGE_PATH.fullmatch(rule.rule):
                continue
            if any(isinstance(rule._converters[name], PathConverter) for name in rule.arguments):
                continue
            needs = set(rule.arguments) & RECORD_ARGUMENTS
            # A record's forms are on its own pages, the others' on pages of no record.
            if self.case.record not in records_for(rule):
                continue
            values = {name: self.values[name] for name in needs if name in self.values}
            if len(values) != len(needs):
                continue
            anys = [
                [(name, item) for item in sorted(rule._converters[name].items)]
                for name in rule.arguments
                if isinstance(rule._converters[name], AnyConverter)
            ]
            choices: list[dict[str, str]] = [{}]
            for options in anys:
                choices = [{**done, name: item} for done in choices for name, item in options]
            for chosen in choices:
                url = self.adapter.build(rule.endpoint, {**values, **chosen}, method="GET")
                urls.append(url)
                for query in PAGE_QUERIES.get(rule.endpoint, []):
                    urls.append(f"{url}?{urlencode(query)}")
        return sorted(set(urls), key=lambda url: (not self._same_record(url), url))

    def _same_record(self, url: str) -> bool:
        token = self.values.get("token")
        return bool(token) and str(token) in url

    def drawn(self, sources: list[tuple[str, str]] | None = None) -> list[Drawn]:
        """Every form the pages of the case's record draw (or those of ``sources`` only),
        read now: the pages, then the answers to the posts that draw a form of their own."""
        every_page = sources is None
        if sources is None:
            sources = [("GET", url) for url in self.pages()]
        drawn: list[Drawn] = []
        for method, url in sources:
            data = None
            if method == "POST":
                # A post that draws a form (FORMS_DRAWN_BY_A_POST): the page's form, typed in.
                data = self._typed_post(url)
                if data is None:
                    continue
            response = self._quietly(method, url, data=data)
            if response is None or response.status_code != 200 or response.mimetype != "text/html":
                continue
            document = read(response)
            token = document.one("input", name="csrf_token")
            if token is not None:
                self.csrf = token.attrs.get("value", "")
            for verb, action, form in forms_on(document, url):
                drawn.append(Drawn((method, url), verb, action, form))
        if every_page:
            for endpoint, _ in FORMS_DRAWN_BY_A_POST.values():
                posted = {d.action for d in drawn if self._endpoint(d.verb, d.action) == endpoint}
                if posted:
                    drawn += self.drawn([("POST", action) for action in sorted(posted)])
        return drawn

    def _typed_post(self, action: str) -> dict[str, str] | None:
        for endpoint, typed in FORMS_DRAWN_BY_A_POST.values():
            if self._endpoint("post", action) == endpoint:
                # The page that draws the form is the same address, read.
                page = self.drawn([("GET", urlsplit(action).path)])
                for d in page:
                    if d.action == action:
                        other = self.records["other"]
                        return {**d.form.fields, **{k: str(other[v]) for k, v in typed.items()}}
        return None

    def find_forms(self) -> list[Form]:
        """The forms the site draws for the case's endpoint. Every site is seeded alike, so
        the pages are read once for each record; after a write that went through, only
        the pages that drew this endpoint's forms are read again."""
        if self.sources is None:
            key = self.case.record
            if key not in CRAWLED:
                CRAWLED[key] = self.drawn()
            everything = CRAWLED[key]
            mine = [d for d in everything if self._is_mine(d)]
            self.sources = sorted({d.source for d in mine})
        drawn = self.drawn(self.sources)
        if not self.csrf:
            # A view link's pages draw no form: the token of a page that does (the session's).
            self.drawn([("GET", self.adapter.build("matches.new"))])
        mine = [d for d in drawn if self._is_mine(d)]
        url = self.url()
        exact = [d.form for d in mine if urlsplit(d.action).path == urlsplit(url).path]
        alike = [replace(d.form, action=url) for d in mine]
        return exact or alike

    def _is_mine(self, drawn: Drawn) -> bool:
        return (
            drawn.verb == self.case.method.lower()
            and self._endpoint(drawn.verb, drawn.action) == self.case.endpoint
        )

    def _endpoint(self, method: str, action: str) -> str | None:
        try:
            return self.adapter.match(urlsplit(action).path, method=method.upper())[0]
        except Exception:
            return None

    def _quietly(self, method: str, url: str, **kwargs):
        try:
            return self.phone.open(url, method=method, **kwargs)
        except Exception:
            return None

    # --------------------------------------------------------------------- what is kept

    def entries(self) -> dict[str, list[str]]:
        """Every row a player entered (not the devices' lists of games, nor cached
        summaries), so a refusal can be shown to have changed nothing."""
        with self.app.app_context():
            rows = {
                table.name: sorted(repr(tuple(row)) for row in db.session.execute(table.select()))
                for table in db.metadata.sorted_tables
                if table.name not in self.NOT_ENTRIES
            }
            db.session.remove()
        return rows


@dataclass
class Request:
    """One fuzzed request, as hypothesis prints it when it fails."""

    method: str
    url: str
    form: list[tuple[str, str]] | None = None
    files: list[str] = field(default_factory=list)  # the fields sent as file parts
    multipart: bool = False
    json_text: str | None = None
    content_type: str | None = None
    htmx: bool = False

    def _repr_pretty_(self, printer, cycle) -> None:
        printer.text(repr(self))

    def __repr__(self) -> str:
        def short(value: str) -> str:
            return repr(value) if len(value) <= 60 else f"{value[:20]!r}…({len(value)} chars)"

        parts = [f"{self.method} {self.url[:300]}"]
        if self.form is not None:
            parts.append("form=[" + ", ".join(f"{n}={short(v)}" for n, v in self.form) + "]")
        if self.files:
            parts.append(f"as file parts: {self.files}")
        if self.multipart:
            parts.append("multipart")
        if self.json_text is not None:
            parts.append(f"json={short(self.json_text)}")
        if self.content_type:
            parts.append(f"content-type={self.content_type}")
        if self.htmx:
            parts.append("HX-Request")
        return "Request(" + "; ".join(parts) + ")"

    def send(self, phone):
        headers = {"HX-Request": "true"} if self.htmx else {}
        if self.json_text is not None:
            return phone.open(
                self.url,
                method=self.method,
                data=self.json_text.encode("utf-8", "surrogatepass"),
                content_type=self.content_type or "application/json",
                headers=headers,
            )
        if self.form is None:
            return phone.open(self.url, method=self.method, headers=headers)
        data = MultiDict()
        for name, value in self.form:
            if name in self.files:
                data.add(name, (io.BytesIO(value.encode("utf-8", "surrogatepass")), "entry.txt"))
            else:
                data.add(name, value)
        if self.multipart or self.files:
            return phone.open(
                self.url,
                method=self.method,
                data=data,
                content_type="multipart/form-data",
                headers=headers,
            )
        return phone.open(self.url, method=self.method, data=data, headers=headers)


# ---------------------------------------------------------------------- the strategies


# A request is drawn as a plan of picks that does not depend on the site's state (its
# forms are drawn again after each accepted write), then built from the forms of the
# moment: hypothesis replays a plan as it drew it.


@dataclass(frozen=True)
class Change:
    """One change to a form: which field (a pick among its names), how, and the value."""

    pick: int
    extra: bool  # a name the form does not have (EXTRA_NAMES), else one of its own
    how: str  # "left out", "twice", "file part", "changed", "offered" or "every"
    value: str
    offered: int  # a pick among the values the field's control offers


changes = st.lists(
    st.builds(
        Change,
        st.integers(0, 10_000),
        st.sampled_from([False] * 4 + [True]),
        st.sampled_from(["left out", "twice", "file part", "changed", "changed", "offered"]),
        nasty_text,
        st.integers(0, 10_000),
    ),
    max_size=4,
)


@dataclass(frozen=True)
class Plan:
    """What to send, in picks: built into a Request by ``build``."""

    form: int
    button: int
    changes: list[Change]
    csrf: str  # "page", "missing", "wrong" or "other" (the page's, reversed)
    wrong_csrf: str
    ids: tuple[str, ...]  # per integer argument of the URL: "same", "zero", "other", "huge"
    other_id: int
    path_pick: int
    method: int  # a pick among the case's methods
    multipart: bool
    htmx: bool


plans = st.builds(
    Plan,
    form=st.integers(0, 10_000),
    button=st.integers(0, 10_000),
    changes=changes,
    csrf=st.sampled_from(["page"] * 10 + ["missing", "wrong", "other"]),
    wrong_csrf=nasty_text,
    ids=st.lists(
        st.sampled_from(["same"] * 4 + ["zero", "other", "huge"]), min_size=2, max_size=2
    ).map(tuple),
    other_id=st.sampled_from([1, 2, 3, 4, 5, 6, 999, 2**31, 2**63, 10**20, int("9" * 50)]),
    path_pick=st.integers(0, 10_000),
    method=st.integers(0, 3),
    multipart=st.booleans(),
    htmx=st.booleans(),
)


def _every_field(value: str, how: str = "every") -> Plan:
    changes = [Change(0, False, how, value, 0)] if how == "every" else []
    files = [Change(n, False, "file part", value, 0) for n in range(4)] if how == "files" else []
    return Plan(0, 0, changes + files, "page", "", ("same", "same"), 1, 0, 0, False, False)


KILLER_PLANS = [
    *(_every_field(value) for value in ("²", "9" * 5000, "\x00", "x" * 100_000, "bogus")),
    _every_field("1", "files"),
]


def changed(fields, options, names, plan_changes):
    """A form's fields with the plan's changes made; the names sent as file parts."""
    fields = list(fields)
    files: set[str] = set()
    for change in plan_changes:
        pool = EXTRA_NAMES if change.extra or not names else names
        name = pool[change.pick % len(pool)]
        offered = options.get(name, [])
        value = (
            offered[change.offered % len(offered)]
            if change.how == "offered" and offered
            else change.value
        )
        if change.how == "left out":
            fields = [(n, v) for n, v in fields if n != name]
        elif change.how == "twice":
            fields.append((name, value))
        elif change.how == "every":  # the value in every field the form has
            fields = [(n, value) for n, _ in fields]
        elif change.how == "file part":
            if not any(n == name for n, _ in fields):
                fields.append((name, value))
            files.add(name)
        else:
            fields = [(n, v) for n, v in fields if n != name] + [(name, value)]
    return fields, sorted(files)


def url_for_plan(site: Site, plan: Plan, url: str) -> str:
    """The case's URL, its row ids swapped as the plan says, its path or file name picked."""
    overrides: dict[str, object] = {}
    integers = [
        n
        for n in sorted(site.rule.arguments)
        if isinstance(site.rule._converters[n], IntegerConverter)
    ]
    for name, how in zip(integers, plan.ids, strict=False):
        if how == "zero":
            overrides[name] = 0
        elif how in ("other", "huge"):
            overrides[name] = plan.other_id
    for name in site.rule.arguments:
        if isinstance(site.rule._converters[name], PathConverter):
            rests = [*PATH_RESTS, "x" * 300, "%00", "a/../../b"]
            overrides[name] = rests[plan.path_pick % len(rests)]
        elif name == "filename":
            names = [*site.file_names(), "../secret", "x" * 300, "app.css.map"]
            overrides[name] = names[plan.path_pick % len(names)]
    if not overrides:
        return url
    query = urlsplit(url).query
    return site.url(overrides) + (f"?{query}" if query else "")


def form_request(site: Site, plan: Plan) -> Request:
    """A post of one of the case's forms (or of its known fields), changed by the plan."""
    forms = site.forms or []
    if forms:
        form = forms[plan.form % len(forms)]
        form_csrf_names = [n for n in form.fields if n.endswith("csrf_token")]
        fields = {n: v for n, v in form.fields.items() if n not in form_csrf_names}
        options, buttons, url = form.options, form.buttons, form.action
    else:
        form_csrf_names = []
        fields = dict(KNOWN_FIELDS.get(site.case.endpoint, {}))
        options, buttons, url = {}, [], site.url()
    sent = list(fields.items())
    if buttons and plan.button % (len(buttons) + 1):
        sent.append(buttons[plan.button % (len(buttons) + 1) - 1])
    names = sorted({*fields, *options, *(n for n, _ in buttons)})
    sent, files = changed(sent, options, names, plan.changes)
    # The CSRF token of the page most of the time, so the body reaches the view (a form
    # with a prefix, such as a roster player's, names it p2-csrf_token).
    csrf_names = sorted(set(form_csrf_names) or {"csrf_token"})
    token = {"page": site.csrf, "wrong": plan.wrong_csrf, "other": site.csrf[::-1]}
    for name in csrf_names:
        if plan.csrf in token:
            sent.insert(0, (name, token[plan.csrf]))
    return Request(
        site.case.methods[plan.method % len(site.case.methods)],
        url_for_plan(site, plan, url),
        form=sent,
        files=files,
        multipart=plan.multipart or bool(files),
        htmx=plan.htmx,
    )


def query_request(site: Site, plan: Plan) -> Request:
    """A GET of the case's URL with its query parameters changed by the plan."""
    known = dict(QUERY_VALUES.get(site.case.endpoint, {}))
    options: dict[str, list[str]] = {}
    for form in site.forms or []:
        known.update(form.fields)
        options.update(form.options)
    names = sorted({*known, *QUERY_NAMES.get(site.case.endpoint, ()), *options})
    sent, _ = changed(sorted(known.items()), options, names, plan.changes)
    url = url_for_plan(site, plan, site.url())
    if sent:
        url = f"{url}?{urlencode(sent)}"
    return Request(site.case.method, url, htmx=plan.htmx)


# Values a JSON body may hold in place of a valid one: nested, huge or of the wrong kind.
json_values = st.one_of(
    st.sampled_from(
        [
            "null",
            "true",
            "[]",
            "{}",
            '""',
            "-1",
            "1.5",
            "1e308",
            "-0",
            str(2**64),
            "9" * 5000,
            json.dumps("x" * 100_000),
            json.dumps("٣"),
            json.dumps("\x00"),
            json.dumps("\u202eAnn"),
            '"\\ud800"',
            "NaN",
            "Infinity",
        ]
    ),
    st.integers(1, 100_000).map(lambda depth: "[" * depth + "]" * depth),
    st.integers(1, 100_000).map(lambda depth: '{"a":' * depth + "1" + "}" * depth),
    st.builds(json.dumps, nasty_text),
    st.recursive(
        st.none()
        | st.booleans()
        | st.integers()
        | st.floats(allow_nan=False)
        | st.text(max_size=8),
        lambda children: (
            st.lists(children, max_size=3)
            | st.dictionaries(st.text(max_size=8), children, max_size=3)
        ),
        max_leaves=8,
    ).map(json.dumps),
)


def _paths(value, path=()):
    yield path
    if isinstance(value, dict):
        for key, child in value.items():
            yield from _paths(child, (*path, key))
    elif isinstance(value, list):
        for index, child in enumerate(value):
            yield from _paths(child, (*path, index))


SPOT = "\x00spot\x00"


def _with_spot(value, path):
    if not path:
        return SPOT
    head, *rest = path
    if isinstance(value, dict):
        return {**value, head: _with_spot(value[head], rest)}
    return [_with_spot(child, rest) if n == head else child for n, child in enumerate(value)]


@st.composite
def json_requests(draw, site: Site):
    """A JSON API call: a valid body with one value (or a new field) swapped for a nasty
    one, or a body that is not JSON, or JSON sent as another type."""
    body = API_BODIES[site.case.endpoint]
    kind = draw(st.sampled_from(["swap"] * 6 + ["add", "raw", "type"]))
    if kind == "swap":
        path = draw(st.sampled_from(list(_paths(body))))
        text = json.dumps(_with_spot(body, path)).replace(json.dumps(SPOT), draw(json_values))
    elif kind == "add":
        text = json.dumps({**body, "bogus": SPOT}).replace(json.dumps(SPOT), draw(json_values))
    elif kind == "raw":
        text = draw(st.one_of(json_values, nasty_text, st.just("{"), st.just('{"hands": [')))
    else:
        text = json.dumps(body)
    content_type = draw(
        st.sampled_from(
            ["application/json"] * 3 + ["text/plain", "application/x-www-form-urlencoded"]
        )
    )
    return Request(site.case.method, site.url(), json_text=text, content_type=content_type)


# ------------------------------------------------------------------- what must hold


def refusal_message(response) -> str:
    """What a refused answer tells the player: the alerts beside the fields of a form drawn
    again, or the sentence of an error page, or the API's error; '' when it says nothing
    (a form drawn again with no alert says nothing either, whatever else it shows)."""
    if response.is_json:
        body = response.get_json(silent=True)
        return body.get("error", "") if isinstance(body, dict) else ""
    if response.mimetype != "text/html":
        return response.get_data(as_text=True).strip()
    document = read(response)
    alerts = " ".join(element.text for element in document.all(role="alert") if element.text)
    main = document.one("main") or document
    if alerts or main.one("form", method="post") is not None:
        return alerts
    return " ".join(p.text for p in main.all("p") if p.text)


CONTROL_STORED = re.compile(r"\\x(0[0-8bcef]|1[0-9a-f]|7f|85)")


def check(site: Site, request: Request) -> None:
    """Send a request and hold the site to the rules: no 5xx, a refusal changes nothing
    and says what to fix, nothing accepted stores a control character."""
    try:
        response = request.send(site.phone)
    except Exception:
        # TESTING propagates a view's exception: it would have been a 500.
        raise AssertionError(f"500: {request!r}\n{traceback.format_exc()}") from None
    status = response.status_code
    assert status < 500, f"{status}: {request!r}\n{response.get_data(as_text=True)[:500]}"
    if request.method == "GET" and status < 400:
        # Reading stores no entry (a page that did would fail the next refusal's check).
        return
    before, site.stored = site.stored, site.entries()
    if 400 <= status < 500:
        assert site.stored == before, f"a {status} refusal changed the rows: {request!r}"
        assert refusal_message(response).strip(), f"a {status} that says nothing: {request!r}"
        if site.case.rule.startswith("/api/"):
            assert response.is_json, f"an API refusal that is not JSON: {request!r}"
    elif site.stored != before:
        added = {
            row
            for table, rows in site.stored.items()
            for row in set(rows) - set(before.get(table, []))
        }
        stored = [row for row in added if CONTROL_STORED.search(row)]
        assert not stored, f"a control character stored: {stored[:2]} by {request!r}"
        # The forms' hidden version and one-time token moved on: draw them again.
        site.forms = None


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.id)
def test_no_route_answers_5xx_or_changes_anything_when_it_refuses(make_site, tmp_path, case):
    # The write limit would soon refuse a fuzz of hundreds of posts: it has tests of its own.
    app = make_site(tmp_path, TESTING=True, SECRET_KEY="test", RATELIMIT_ENABLED=False)
    site = Site(app, case)
    site.forms = site.find_forms()
    is_write = case.method != "GET"
    is_api = case.rule.startswith("/api/")
    if is_write and not is_api:
        assert (
            site.forms
            or case.endpoint in KNOWN_FIELDS
            or (case.endpoint, case.record) in NOT_DRAWN_FOR
        ), f"no page draws a form for {case.id}: list its fields in KNOWN_FIELDS"

    def build(plan: Plan) -> Request:
        return form_request(site, plan) if is_write else query_request(site, plan)

    fuzz_settings = settings(
        max_examples=EXAMPLES,
        deadline=None,
        phases=[Phase.explicit, Phase.reuse, Phase.generate] + ([Phase.shrink] if SHRINK else []),
        database=None if os.environ.get("CI") else settings.default.database,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )

    def fresh_forms() -> None:
        if site.forms is None:
            site.forms = site.find_forms()

    if is_write and is_api:

        @fuzz_settings
        @given(st.data())
        def fuzz_api(data):
            check(site, data.draw(json_requests(site), label="request"))

        fuzz_api()
        return

    def fuzz(plan: Plan) -> None:
        fresh_forms()
        check(site, build(plan))

    # First the values that broke a form once, in every field at once (and as file parts),
    # then hypothesis' own plans.
    for plan in KILLER_PLANS:
        fuzz = example(plan=plan)(fuzz)
    fuzz_settings(given(plan=plans)(fuzz))()
