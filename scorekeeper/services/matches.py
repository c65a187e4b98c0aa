"""Pinochle matches as the site reads them: found by a link's token, replayed through the
rules core into a ledger, and each hand's entries turned into the core's input."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any, NamedTuple

from sqlalchemy import JSON, Connection, Exists, Row, Select, Text, bindparam, cast, select
from sqlalchemy.orm import Session, selectinload

from ..models import Change, ClubNightTable, DeviceMatch, Hand, Match
from ..rules import (
    HandInput,
    Ledger,
    Preset,
    RuleError,
    get_preset,
    replay_match,
    side_melds,
    with_rules,
)
from .errors import NotFound

# A long match's page shows its latest hands, and the earlier ones a tap away: a phone
# need not fetch, nor the server draw, 200 hands to add one more.
LATEST_HANDS = 30


class SeatedPlayers:
    """Who sits where in a match (``match`` and ``preset`` given by the class using it)."""

    match: Match | Row
    preset: Preset

    @cached_property
    def players(self) -> list[str]:
        """The players' names, in seat order."""
        return self.match.player_names

    @cached_property
    def sides(self) -> list[str]:
        """The sides' names: teams, or players playing alone."""
        return self.match.side_names

    @cached_property
    def side_players(self) -> list[list[str]]:
        """Each side's players by name, in seat order (one each when nobody has a partner)."""
        return players_by_side(self.preset, self.players)


@dataclass
class MatchState(SeatedPlayers):
    """A match as the site shows it: its rules, its hands and their replay."""

    match: Match | Row  # an object to change (load_match), or a row (read_match)
    preset: Preset
    # Hand objects (load_match), or the same columns as plain tuples (read_match).
    hands: Sequence[Hand | ShownHand]
    ledger: Ledger
    # Does the ledger show every hand, or only the latest LATEST_HANDS?
    shows_all: bool = False

    @property
    def first_shown(self) -> int:
        """The index of the first hand the ledger shows."""
        return 0 if self.shows_all else max(len(self.hands) - LATEST_HANDS, 0)

    @property
    def over(self) -> bool:
        """Has a side won?"""
        return self.ledger.winner is not None

    def hand_index(self, hand_id: int) -> int:
        """Where a hand of this match stands in its ledger, by its id (NotFound if it is
        not one of this match's hands)."""
        for index, hand in enumerate(self.hands):
            if hand.id == hand_id:
                return index
        raise NotFound()


def players_by_side(preset: Preset, players: Sequence[str]) -> list[list[str]]:
    """Each side's players by name, in seat order."""
    sides: list[list[str]] = [[] for _ in range(preset.sides)]
    for seat, name in enumerate(players):
        sides[preset.side_of(seat)].append(name)
    return sides


def match_preset(match: Match | Row) -> Preset:
    """The match's preset with its house rules applied."""
    return with_rules(get_preset(match.game), match.house_rules)


def hand_input(preset: Preset, entries: Mapping[str, Any]) -> HandInput:
    """A stored hand's entries as the core reads them: the bidding player becomes a side,
    and a side whose cards were entered takes its meld from them."""
    bidder = entries["bidder"]
    meld = tuple(entries["meld"])
    if entries.get("cards"):
        meld = side_melds(preset, entries["trump"], entries["cards"], meld)
    return HandInput(
        meld=meld,
        tricks=None if entries["tricks"] is None else tuple(entries["tricks"]),
        bidder=None if bidder is None else preset.side_of(bidder),
        bid=entries["bid"],
        thrown_in=entries["thrown_in"],
        no_marriage=entries["no_marriage"],
        redeal=entries["redeal"],
        all_passed=entries["all_passed"],
        turned_nine=entries["turned_nine"],
        # Hands stored before "More house rules" carry neither entry.
        took_trick=None if entries.get("took_trick") is None else tuple(entries["took_trick"]),
        moon=entries.get("moon") or False,
    )


def replay_entries(
    match: Match | Row, preset: Preset, entries: Sequence[Mapping[str, Any]]
) -> Ledger:
    """Replay a list of hand entries for a match (RuleError names the hand that breaks a
    rule)."""
    inputs = []
    for number, hand_entries in enumerate(entries, start=1):
        try:
            inputs.append(hand_input(preset, hand_entries))
        except RuleError as error:
            raise error.in_hand(number) from None
    return replay_match(preset, inputs, match.side_names, match.first_dealer)


def _token_column(view: bool):
    return Match.view_token if view else Match.edit_token


def find_match(session: Session, token: str, view: bool = False) -> Match:
    """The match a link's token opens (the view token when ``view``), with its hands;
    NotFound for any other token."""
    match = session.execute(
        select(Match).where(_token_column(view) == token).options(selectinload(Match.hands))
    ).scalar_one_or_none()
    if match is None:
        # The same answer whether or not some match exists: a token is all or nothing.
        raise NotFound()
    return match


def state_of(match: Match, shows_all: bool = False) -> MatchState:
    """A loaded match replayed into its ledger."""
    preset = match_preset(match)
    hands = list(match.hands)
    ledger = replay_entries(match, preset, [hand.entries() for hand in hands])
    return MatchState(match, preset, hands, ledger, shows_all=shows_all)


def load_match(
    session: Session, token: str, view: bool = False, shows_all: bool = False
) -> MatchState:
    """A match by its link, as objects a write can change, replayed (two queries)."""
    return state_of(find_match(session, token, view), shows_all)


def changes_exist(match_id) -> Exists:
    """Is there a change Undo could take back? ``match_id`` is an id, or Match.id to ask
    it of each match a query reads."""
    return select(Change.id).where(Change.match_id == match_id).exists()


def _last_change_column(column, label: str):
    """A column of the match's last change (what Undo would take back), for each match a
    query reads: NULL when there is none."""
    latest = select(column).where(Change.match_id == Match.id).order_by(Change.id.desc())
    return latest.limit(1).correlate(Match).scalar_subquery().label(label)


# What a page shows of a match and of each hand: what was entered, the links' tokens,
# the version, and what Undo has to take back.
SHOWN_MATCH = [
    Match.id,
    Match.version,
    Match.edit_token,
    Match.view_token,
    Match.game,
    Match.house_rules,
    Match.side_names,
    Match.player_names,
    Match.first_dealer,
    Match.created_at,
    changes_exist(Match.id).label("has_changes"),
    _last_change_column(Change.kind, "last_change_kind"),
    _last_change_column(Change.position, "last_change_position"),
    # The club night's table the match is played at, if it is one (services/club.py).
    select(ClubNightTable.id)
    .where(ClubNightTable.match_id == Match.id)
    .correlate(Match)
    .scalar_subquery()
    .label("club_table_id"),
]
# The hand's JSON columns are read as their text and decoded a column at a time
# (shown_hands): decoded value by value, as the JSON type does, they were half the cost
# of reading a 200-hand match (0.73 of 1.28 ms; bench/pages.py).
_JSON_ENTERED = tuple(
    name for name in Hand.ENTERED if isinstance(Hand.__table__.c[name].type, JSON)
)
SHOWN_HAND = [
    Hand.id,
    Hand.position,
    *(
        cast(getattr(Hand, name), Text).label(name)
        if name in _JSON_ENTERED
        else getattr(Hand, name)
        for name in Hand.ENTERED
    ),
]
SHOWN_HAND_NAMES = [column.key for column in SHOWN_HAND]
_JSON_AT = tuple(SHOWN_HAND_NAMES.index(name) for name in _JSON_ENTERED)


class ShownHand(NamedTuple):
    """A hand as a page shows it: the columns of SHOWN_HAND, its JSON decoded."""

    id: int
    position: int
    bidder: int | None
    bid: int | None
    all_passed: bool
    trump: int | None
    meld: list[int]
    tricks: list[int] | None
    thrown_in: bool
    no_marriage: bool
    redeal: bool
    turned_nine: bool
    cards: list[str | None] | None
    took_trick: list[bool] | None
    moon: bool


def shown_hands(rows: Sequence[Sequence[Any]]) -> list[ShownHand]:
    """The hands read by SHOWN_HANDS_QUERY, each JSON column decoded in one go: a column's
    texts joined into one JSON array (a NULL, or JSON's null, is None either way)."""
    if not rows:
        return []
    columns = [list(column) for column in zip(*rows, strict=True)]
    for at in _JSON_AT:
        texts = ("null" if text is None else text for text in columns[at])
        columns[at] = json.loads(f"[{','.join(texts)}]")
    return [ShownHand(*values) for values in zip(*columns, strict=True)]


def _shown_match_query(view: bool) -> Select:
    """read_match's query of the match, with its link's token as a parameter."""
    return select(*SHOWN_MATCH).where(_token_column(view) == bindparam("token"))


# Built once, like VERSION_QUERIES: building these (a match with three subqueries and its
# cache key) took longer than SQLite takes to answer them, on every page drawn.
SHOWN_MATCH_QUERIES = {view: _shown_match_query(view) for view in (False, True)}
SHOWN_HANDS_QUERY = (
    select(*SHOWN_HAND).where(Hand.match_id == bindparam("match_id")).order_by(Hand.position)
)


def read_match(
    session: Session, token: str, view: bool = False, shows_all: bool = False
) -> MatchState:
    """Like load_match, for drawing a page: the match and its hands come as plain rows,
    not as objects to change, which is half the cost on a long match."""
    # Rows of columns need none of the ORM's work on the way: asked on the session's own
    # connection (its transaction), they come back as they do through session.execute.
    connection = session.connection()
    match = connection.execute(SHOWN_MATCH_QUERIES[view], {"token": token}).first()
    if match is None:
        raise NotFound()
    hands = shown_hands(connection.execute(SHOWN_HANDS_QUERY, {"match_id": match.id}).all())
    preset = match_preset(match)
    # Plain dicts: a row's own mapping is several times slower to read, hand by hand.
    entries = [dict(zip(SHOWN_HAND_NAMES, hand, strict=True)) for hand in hands]
    ledger = replay_entries(match, preset, entries)
    return MatchState(match, preset, hands, ledger, shows_all=shows_all)


def has_changes(session: Session, match_id: int) -> bool:
    """Is there a change to the match's hands that Undo could take back?"""
    return bool(session.scalar(select(changes_exist(match_id))))


class MatchVersion(NamedTuple):
    """The little a poll or a kept page needs to know about a match."""

    id: int
    version: int
    edit_token: str
    view_token: str
    # Is the match on this device's list already? (Asked only with a device.)
    listed: bool = False


def _version_query(view: bool, with_device: bool) -> Select:
    """The match_version query, with the token (and device) as parameters."""
    columns = [Match.id, Match.version, Match.edit_token, Match.view_token]
    if with_device:
        listed = select(DeviceMatch.match_id).where(
            DeviceMatch.device == bindparam("device"), DeviceMatch.match_id == Match.id
        )
        columns.append(listed.exists().label("listed"))
    return select(*columns).where(_token_column(view) == bindparam("token"))


# Built once: building a query costs more than SQLite takes to run this one, and every
# look at a match page or poll asks it.
VERSION_QUERIES = {
    (view, with_device): _version_query(view, with_device)
    for view in (False, True)
    for with_device in (False, True)
}


def match_version(
    session: Session | Connection, token: str, view: bool = False, device: str | None = None
) -> MatchVersion:
    """Only the match's id, tokens and version: the one small query a poll costs.

    With ``device``, the same query says whether that device lists the match already.
    ``session`` may be a bare connection (a kept page's look needs no session at all).
    """
    query = VERSION_QUERIES[view, bool(device)]
    # A row of columns needs none of the ORM's work: asked on the session's connection.
    connection = session.connection() if isinstance(session, Session) else session
    found = connection.execute(query, {"token": token, "device": device}).first()
    if found is None:
        raise NotFound()
    return MatchVersion(*found)


VERSION_BY_EDIT_TOKEN = select(Match.version).where(Match.edit_token == bindparam("token"))
VERSION_BY_VIEW_TOKEN = select(Match.version).where(Match.view_token == bindparam("token"))


def version_on(connection: Connection, token: str, view: bool) -> int | None:
    """A match's version by its link, on a bare connection (the quick poll has no
    session); None when no match has the link."""
    statement = VERSION_BY_VIEW_TOKEN if view else VERSION_BY_EDIT_TOKEN
    return connection.execute(statement, {"token": token}).scalar()
