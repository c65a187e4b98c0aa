"""Groups: a family or a club that plays together, by an edit link and a view link like a
match. Its roster names each person once (rename, merge two spellings, retire); each of
its games (a match or a dice game, in one group at most) maps every name typed in it to a
roster player, so the group's statistics follow a person across games and spellings.
Starting and adding its games is services/group_games.py.

Every write on a group is one transaction that first moves the group's version: that
UPDATE takes the group's row lock (PostgreSQL) or the database's write lock (SQLite), so two
phones' writes on one group run one after the other and each reads the roster as the
other left it. A write on a roster player names the player's version its form was drawn
at; when another phone changed the player meanwhile it is refused with a Conflict that
says what that phone did. A refused write (RuleError naming the field, Conflict, NotFound)
writes nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, selectinload

from ..models import Group, GroupPlayer, GroupSeat, looks_like_token
from ..rules import DICE_GAMES, PRESETS, RuleError, said
from ..rules.text import name_problem
from .errors import Conflict, NotFound, Refused
from .writes import bump_version, checked_version, refusal_writes_nothing

NOT_FOUND = said("There is no group at this address: ask for the link again.")
# The most seats a game started from a group has: the most players any game takes.
MOST_SEATS = max(
    max(preset.players for preset in PRESETS.values()),
    max(game.most_players for game in DICE_GAMES.values()),
)

GameKind = Literal["match", "dice"]
# A seat of a game being started, or a name of a game being added: a roster player's id,
# or a name typed for someone new (who joins the roster), or nobody (None).
Pick = int | str | None


class AnyVersion:
    """What a caller that is not a form passes for a version (an import, a test setting a
    group up): the write goes ahead whatever the version stored. A form's write always
    names the version it was drawn at."""


ANY_VERSION = AnyVersion()


def folded(name: str) -> str:
    """A name as a roster compares it: trimmed, any case ("ann " and "Ann" are one)."""
    return name.strip().casefold()


def checked_name(name: Any, field: str, asked: str) -> str:
    name = name.strip() if isinstance(name, str) else ""
    if not name:
        raise RuleError(asked, field=field)
    # Too long, or a control character (a NUL, which PostgreSQL refuses; a tab) or a
    # bidi control: the name rule every form and import shares (rules/text.py).
    problem = name_problem(name)
    if problem is not None:
        raise RuleError(problem, field=field)
    return name


def checked_group_name(name: Any) -> str:
    """A group's name as stored (trimmed), or a RuleError saying what to type."""
    return checked_name(name, "name", said("Type a name for the group, such as Smith family."))


def checked_player_name(name: Any, field: str = "name") -> str:
    """A roster player's name as stored (trimmed), or a RuleError saying what to type."""
    return checked_name(name, field, said("Type the player's name."))


# ------------------------------------------------------------------------ the group itself


@refusal_writes_nothing
def create_group(session: Session, name: Any, players: Sequence[str] = ()) -> Group:
    """Store a new group with an empty roster, or the names given (RuleError naming the
    field when a name does not fit)."""
    group = Group(name=checked_group_name(name))
    seen: set[str] = set()
    for number, typed in enumerate(players):
        player_name = checked_player_name(typed, f"player_{number}")
        if folded(player_name) not in seen:
            seen.add(folded(player_name))
            group.players.append(GroupPlayer(name=player_name, folded=folded(player_name)))
    session.add(group)
    session.commit()
    return group


def find_group(session: Session, token: str, view: bool = False) -> Group:
    """The group a link's token opens (the view token when ``view``), or NotFound."""
    group = None
    if looks_like_token(token):
        column = Group.view_token if view else Group.edit_token
        group = session.scalars(
            select(Group).where(column == token).options(selectinload(Group.players))
        ).first()
    if group is None:
        raise NotFound(NOT_FOUND)
    return group


def group_by_link(session: Session, token: str) -> Group:
    """The group either of its links opens (the edit or the view token), or NotFound."""
    try:
        return find_group(session, token)
    except NotFound:
        return find_group(session, token, view=True)


@refusal_writes_nothing
def rename_group(
    session: Session, group: Group, name: Any, *, version: Any = ANY_VERSION, drawn: Any = None
) -> None:
    """Give the group another name. ``version`` and ``drawn``: the group's version and name
    the form was drawn with; a roster change since is no matter, but another phone's new
    name for the group is a Conflict (nothing written) saying what it was."""
    name = checked_group_name(name)
    if not isinstance(version, AnyVersion):
        version = checked_version(version)
    begin_write(session, group)
    stale = not isinstance(version, AnyVersion) and group.version - 1 != version
    was = _shown_name(drawn, "")
    if stale and group.name != was:
        raise _refused(
            session,
            said(
                "Another phone renamed the group to %(name)s a moment ago: keep theirs, "
                "or rename again.",
                name=group.name,
            ),
        )
    group.name = name
    commit_write(session)


CHANGED_MEANWHILE = said(
    "Another phone changed the group at the same moment: reload the page and try again."
)


def begin_write(session: Session, group: Group) -> None:
    """Begin a write on the group: move its version first, which waits for any other
    phone's write on it to end, then read the group and its roster afresh."""
    bump_version(session, Group, group.id)
    session.expire_all()


def commit_write(session: Session) -> None:
    """Commit a write on the group (Conflict, with nothing written, when another phone's
    change made the same name or took the same game first)."""
    try:
        session.commit()
    except IntegrityError:
        session.rollback()
        raise Conflict(CHANGED_MEANWHILE) from None


def _refused(session: Session, sentence: str, version: int | None = None) -> Conflict:
    """A write refused because another phone changed the record first: nothing written."""
    session.rollback()
    return Conflict(sentence, version=version)


def _shown_name(drawn: Any, otherwise: str) -> str:
    """The name a form was drawn with, as a sentence may say it (else ``otherwise``)."""
    name = drawn.strip() if isinstance(drawn, str) else ""
    return name if name and name_problem(name) is None else otherwise


NOT_ON_ROSTER = said("This player is not on the group's roster any more.")


def _player_for_write(
    session: Session, group: Group, player_id: Any, version: Any, drawn: Any, write: str
) -> GroupPlayer:
    """The roster player a write is about, at the version its form was drawn at (after
    _lock). Another phone's change since is a Conflict saying what it did; an id the group
    never had is NotFound."""
    player = next((player for player in group.players if player.id == player_id), None)
    was = _shown_name(drawn, "")
    if player is None:
        if isinstance(version, AnyVersion) or not was:
            session.rollback()
            raise NotFound(NOT_ON_ROSTER)
        raise _refused(
            session,
            said(
                "Another phone merged %(name)s into another player a moment ago, so "
                "%(name)s is no longer on the roster: check it below.",
                name=was,
            ),
        )
    if isinstance(version, AnyVersion):
        return player
    try:
        checked = checked_version(version)
    except Refused:
        session.rollback()  # let go of the group before the refusal is answered
        raise
    if player.version == checked:
        return player
    changed = _changed_since(write, was or player.name, player)
    raise _refused(session, changed, version=player.version)


def _changed_since(write: str, was: str, player: GroupPlayer) -> str:
    """What another phone did to a roster player since a form about them was drawn, and
    what to do next, by the write (``was``: the name the form showed)."""
    name = player.name
    if name != was:
        if write == "rename":
            return said(
                "Another phone renamed %(was)s to %(name)s a moment ago: keep theirs, or "
                "rename again.",
                was=was,
                name=name,
            )
        if write == "merge":
            return said(
                "Another phone renamed %(was)s to %(name)s a moment ago: check the roster, "
                "then merge again if you still mean to.",
                was=was,
                name=name,
            )
        return said(
            "Another phone renamed %(was)s to %(name)s a moment ago: check the roster, then "
            "try again if you still mean to.",
            was=was,
            name=name,
        )
    if write == "retire" and player.retired:
        return said(
            "Another phone retired %(name)s a moment ago: check the roster, then try again "
            "if you still mean to.",
            name=name,
        )
    if write == "retire":
        return said(
            "Another phone brought %(name)s back a moment ago: check the roster, then try "
            "again if you still mean to.",
            name=name,
        )
    if write == "rename":
        return said(
            "Another phone changed %(name)s a moment ago: keep theirs, or rename again.",
            name=name,
        )
    return said(
        "Another phone changed %(name)s a moment ago: check the roster, then merge again if "
        "you still mean to.",
        name=name,
    )


# ---------------------------------------------------------------------------- the roster


def active_players(group: Group) -> list[GroupPlayer]:
    """The roster players a new game may pick, by name."""
    return sorted(
        (player for player in group.players if not player.retired), key=lambda p: p.folded
    )


def roster(group: Group) -> list[GroupPlayer]:
    """Every roster player, by name, the retired ones last."""
    return sorted(group.players, key=lambda player: (player.retired, player.folded))


def roster_player(group: Group, player_id: Any, field: str | None = None) -> GroupPlayer:
    """One of the group's roster players by id. Another id is a RuleError naming the field
    it was picked in, or NotFound when it came in the address (no field)."""
    for player in group.players:
        if player.id == player_id:
            return player
    if field is None:
        raise NotFound(NOT_ON_ROSTER)
    raise RuleError(said("Pick a player from the group's roster."), field=field)


def player_named(group: Group, name: str) -> GroupPlayer | None:
    """The roster player known by this name, whatever its case and spaces."""
    key = folded(name)
    return next((player for player in group.players if player.folded == key), None)


@refusal_writes_nothing
def add_player(session: Session, group: Group, name: Any) -> GroupPlayer:
    """Put a new person on the roster (RuleError if the name is there already)."""
    name = checked_player_name(name)
    begin_write(session, group)
    other = player_named(group, name)
    if other is not None:
        raise RuleError(said("%(name)s is on the roster already.", name=other.name), field="name")
    player = GroupPlayer(name=name, folded=folded(name))
    group.players.append(player)
    commit_write(session)
    return player


@refusal_writes_nothing
def rename_player(
    session: Session,
    group: Group,
    player_id: Any,
    name: Any,
    *,
    version: Any = ANY_VERSION,
    drawn: Any = None,
) -> GroupPlayer:
    """Call a roster player by another name; every game of theirs follows. A name another
    player has is refused: two spellings of one person are merged, not renamed.
    ``version`` and ``drawn``: the player's version and name the form was drawn with."""
    name = checked_player_name(name)
    begin_write(session, group)
    player = _player_for_write(session, group, player_id, version, drawn, "rename")
    other = player_named(group, name)
    if other is not None and other is not player:
        raise RuleError(
            said(
                "%(name)s is on the roster already. If they are the same person as "
                "%(player)s, merge the two instead.",
                name=other.name,
                player=player.name,
            ),
            field="name",
        )
    player.name = name
    player.folded = folded(name)
    player.version += 1
    commit_write(session)
    return player


@refusal_writes_nothing
def merge_players(
    session: Session,
    group: Group,
    player_id: Any,
    into_id: Any,
    *,
    version: Any = ANY_VERSION,
    drawn: Any = None,
) -> GroupPlayer:
    """One person under two names: every game of ``player_id`` moves onto ``into_id``,
    which keeps its name, and the first leaves the roster. Refused when both played in
    the same game (they are two people then). ``version`` and ``drawn``: the first
    player's version and name the form was drawn with."""
    begin_write(session, group)
    player = _player_for_write(session, group, player_id, version, drawn, "merge")
    # A player the form offered, merged away by another phone meanwhile.
    offered = isinstance(into_id, int) and into_id > 0 and not isinstance(version, AnyVersion)
    if offered and all(other.id != into_id for other in group.players):
        raise _refused(
            session,
            said(
                "Another phone merged the player you picked into someone else a moment "
                "ago: pick again."
            ),
        )
    into = roster_player(group, into_id, "into")
    if player is into:
        raise RuleError(said("Pick two different players to merge."), field="into")
    seats = session.scalars(
        select(GroupSeat).where(GroupSeat.player_id.in_([player.id, into.id]))
    ).all()
    games_of = {seat.player_id: set() for seat in seats}
    for seat in seats:
        games_of[seat.player_id].add(seat.group_game_id)
    if games_of.get(player.id, set()) & games_of.get(into.id, set()):
        raise RuleError(
            said(
                "%(player)s and %(other)s played in the same game, so they are two people.",
                player=player.name,
                other=into.name,
            ),
            field="into",
        )
    for seat in seats:
        seat.player_id = into.id
    # Still playing if either of the two was.
    mark_retired(into, into.retired and player.retired)
    session.flush()
    group.players.remove(player)
    commit_write(session)
    return into


def mark_retired(player: GroupPlayer, retired: bool) -> None:
    """Retire a player or bring them back, moving their version when that changes them."""
    if player.id is not None and player.retired != retired:
        player.version += 1
    player.retired = retired


@refusal_writes_nothing
def set_retired(
    session: Session,
    group: Group,
    player_id: Any,
    retired: bool,
    *,
    version: Any = ANY_VERSION,
    drawn: Any = None,
) -> GroupPlayer:
    """Retire a player (their games stay; new games no longer offer them) or bring them
    back. ``version`` and ``drawn``: the player's version and name the form was drawn
    with."""
    begin_write(session, group)
    player = _player_for_write(session, group, player_id, version, drawn, "retire")
    mark_retired(player, retired)
    commit_write(session)
    return player
