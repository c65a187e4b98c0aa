"""What players entered, and nothing derived: totals, results and winners come from replay."""

from __future__ import annotations

import re
import secrets
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, ForeignKey, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from .extensions import db


def _now() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


def new_token() -> str:
    """An unguessable link token: 144 random bits, URL-safe."""
    return secrets.token_urlsafe(18)


# What new_token() and secrets.token_urlsafe() make: URL-safe letters, digits, - and _.
TOKEN_LETTERS = re.compile(r"[A-Za-z0-9_-]+")


def looks_like_token(text: str, longest: int = 32) -> bool:
    """Could this be a token this site made? Anything else is refused without a query
    (PostgreSQL fails on text holding a NUL byte; no stored token has one)."""
    return len(text) <= longest and TOKEN_LETTERS.fullmatch(text) is not None


class Match(db.Model):
    """A pinochle match: its game, house rules, names and who dealt first."""

    id: Mapped[int] = mapped_column(primary_key=True)
    game: Mapped[str] = mapped_column(String(40))
    house_rules: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    side_names: Mapped[list[str]] = mapped_column(JSON)
    player_names: Mapped[list[str]] = mapped_column(JSON)
    first_dealer: Mapped[int] = mapped_column(default=0)
    created_at: Mapped[datetime] = mapped_column(default=_now)
    # The links: the edit token lets a phone write, the view token only read. Match URLs
    # carry these, never the sequential id.
    edit_token: Mapped[str] = mapped_column(String(32), unique=True, default=new_token)
    view_token: Mapped[str] = mapped_column(String(32), unique=True, default=new_token)
    # Goes up with every change to the hands: phones poll it, and a write made from an
    # older version is a conflict rather than a silent overwrite.
    version: Mapped[int] = mapped_column(default=0)

    hands: Mapped[list[Hand]] = relationship(
        back_populates="match", order_by="Hand.position", cascade="all, delete-orphan"
    )


class Hand(db.Model):
    """One hand as the table reported it: bid, trump, each side's meld and trick points."""

    id: Mapped[int] = mapped_column(primary_key=True)
    match_id: Mapped[int] = mapped_column(ForeignKey("match.id"), index=True)
    # Hands are numbered by position; a deleted hand leaves a gap that numbering ignores.
    position: Mapped[int]
    bidder: Mapped[int | None]  # a player (seat), not a side
    bid: Mapped[int | None]
    all_passed: Mapped[bool] = mapped_column(default=False)
    trump: Mapped[int | None]  # suit index, as in rules.cards.SUITS
    meld: Mapped[list[int]] = mapped_column(JSON)
    tricks: Mapped[list[int] | None] = mapped_column(JSON)
    thrown_in: Mapped[bool] = mapped_column(default=False)
    no_marriage: Mapped[bool] = mapped_column(default=False)
    redeal: Mapped[bool] = mapped_column(default=False)
    turned_nine: Mapped[bool] = mapped_column(default=False)
    # Per player, the cards they melded (plain notation) when counted from cards; a side
    # with cards takes its meld from them, so editing the cards recomputes the hand.
    cards: Mapped[list[str | None] | None] = mapped_column(JSON)
    # Under save_with trick: per side, did it take a trick (None when the hand does not say).
    took_trick: Mapped[list[bool] | None] = mapped_column(JSON)
    moon: Mapped[bool] = mapped_column(default=False)  # the bidding side shot the moon
    created_at: Mapped[datetime] = mapped_column(default=_now)
    # Edits bump it, so two phones editing one hand cannot overwrite each other silently.
    version: Mapped[int] = mapped_column(default=0)
    # The form's one-time token: a double-tapped Save finds its hand already recorded.
    client_token: Mapped[str | None] = mapped_column(String(40))

    match: Mapped[Match] = relationship(back_populates="hands")

    __table_args__ = (UniqueConstraint("match_id", "client_token"),)

    ENTERED = (
        "bidder",
        "bid",
        "all_passed",
        "trump",
        "meld",
        "tricks",
        "thrown_in",
        "no_marriage",
        "redeal",
        "turned_nine",
        "cards",
        "took_trick",
        "moon",
    )

    def entries(self) -> dict[str, Any]:
        """What was entered for this hand, as plain values (for undo and comparison)."""
        return {name: getattr(self, name) for name in self.ENTERED}


class Change(db.Model):
    """One change to a match's hands, kept so the last one can be undone."""

    id: Mapped[int] = mapped_column(primary_key=True)
    match_id: Mapped[int] = mapped_column(ForeignKey("match.id"), index=True)
    kind: Mapped[str] = mapped_column(String(10))  # "add", "edit" or "delete"
    hand_id: Mapped[int | None]
    position: Mapped[int]
    # The hand's entries before the change (edit, delete); None for an added hand.
    before: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(default=_now)


class DeviceMatch(db.Model):
    """A match opened on a device, so that device's home page can list it."""

    device: Mapped[str] = mapped_column(String(64), primary_key=True)
    match_id: Mapped[int] = mapped_column(ForeignKey("match.id"), primary_key=True)
    opened_at: Mapped[datetime] = mapped_column(default=_now)


class DiceGame(db.Model):
    """A dice game: its kind (rules/dice_games.py), the players in order, its house rules."""

    id: Mapped[int] = mapped_column(primary_key=True)
    kind: Mapped[str] = mapped_column(String(10))
    player_names: Mapped[list[str]] = mapped_column(JSON)
    # Only the knobs changed from the core's defaults, by the core's names.
    house_rules: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    created_at: Mapped[datetime] = mapped_column(default=_now)
    # The links carry these unguessable tokens, never the sequential id: the edit link's
    # token lets a phone enter turns, the view link's only follow the game.
    token: Mapped[str] = mapped_column(String(32), unique=True, default=new_token)
    view_token: Mapped[str] = mapped_column(String(32), unique=True, default=new_token)
    # Goes up with every change to the turns (scorekeeper/services/writes.py): a turn
    # entered from an older version is a conflict rather than a second copy.
    version: Mapped[int] = mapped_column(default=0)

    turns: Mapped[list[DiceTurn]] = relationship(
        back_populates="game", order_by="DiceTurn.position", cascade="all, delete-orphan"
    )


class DiceTurn(db.Model):
    """One turn as the table called it: a sheet game's dice and box, or Farkle's kept dice
    or its total."""

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("dice_game.id"), index=True)
    position: Mapped[int]
    player: Mapped[int]
    # Sheet games: the dice as digits ("33356"), the box, Triple's column (1-3).
    dice: Mapped[str | None] = mapped_column(String(10))
    box: Mapped[str | None] = mapped_column(String(20))
    column: Mapped[int | None]
    # Generala: the dice came on the turn's first throw (served). Maxi Yatzy: the throws
    # the turn used (None: three), the rest saved for later turns.
    first_throw: Mapped[bool] = mapped_column(default=False)
    throws_used: Mapped[int | None]
    # Farkle: the kept dice of each throw ("1115"), or the turn's total, or a farkle.
    throws: Mapped[list[str] | None] = mapped_column(JSON)
    total: Mapped[int | None]
    farkle: Mapped[bool] = mapped_column(default=False)
    created_at: Mapped[datetime] = mapped_column(default=_now)
    # The form's one-time token: a double-tapped turn finds itself already recorded.
    client_token: Mapped[str | None] = mapped_column(String(40))

    game: Mapped[DiceGame] = relationship(back_populates="turns")

    __table_args__ = (
        UniqueConstraint("game_id", "position", name="uq_dice_turn_game_id_position"),
        UniqueConstraint("game_id", "client_token", name="uq_dice_turn_game_id_client_token"),
    )


class DeviceDiceGame(db.Model):
    """A dice game opened on a device, so that device's home page can list it."""

    device: Mapped[str] = mapped_column(String(64), primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("dice_game.id"), primary_key=True)
    opened_at: Mapped[datetime] = mapped_column(default=_now)


class RuleSet(db.Model):
    """A table's house rules under a name it chose: a game and the knobs changed from it.

    A match started from a rule set copies its knobs, so changing the set later never
    changes a match already played by it.
    """

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(40))
    game: Mapped[str] = mapped_column(String(40))
    # Only the knobs changed from the game's defaults, by the core's names.
    house_rules: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    created_at: Mapped[datetime] = mapped_column(default=_now)
    # The set's link carries this unguessable token, never the sequential id.
    token: Mapped[str] = mapped_column(String(32), unique=True, default=new_token)
    # Goes up with every change to the set: a change made on a form drawn at an older
    # version is a conflict rather than a silent undoing of the other phone's save.
    version: Mapped[int] = mapped_column(default=0)


class DeviceRuleSet(db.Model):
    """A rule set kept on a device, so that device's new-match page can offer it."""

    device: Mapped[str] = mapped_column(String(64), primary_key=True)
    rule_set_id: Mapped[int] = mapped_column(ForeignKey("rule_set.id"), primary_key=True)
    kept_at: Mapped[datetime] = mapped_column(default=_now)


class GameSummary(db.Model):
    """A cache, not an entry: what one stored game's replay gave for statistics and the home
    page, at the game's version. Once the game's version moves on it is stale, and the next
    reader replays the game and keeps the new summary."""

    kind: Mapped[str] = mapped_column(String(10), primary_key=True)  # "match" or "dice"
    game_id: Mapped[int] = mapped_column(primary_key=True)
    version: Mapped[int]
    # The shape of the summary (services/stats.py SUMMARY_FORMAT): one of another shape,
    # kept by an older release, is stale too.
    format: Mapped[int]
    # Is the game over? A list of games splits on it before reading any summary.
    over: Mapped[bool]
    # What a list of games shows of it (totals, winner, whose turn), and its statistics.
    line: Mapped[dict[str, Any]] = mapped_column(JSON)
    stats: Mapped[dict[str, Any]] = mapped_column(JSON)


class Group(db.Model):
    """A family or a club that plays together: a name, its roster and the games it played.

    Like a match, it has no owner: the edit link changes it, the view link only shows it.
    """

    # "group" is a word of SQL itself.
    __tablename__ = "player_group"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(40))
    created_at: Mapped[datetime] = mapped_column(default=_now)
    edit_token: Mapped[str] = mapped_column(String(32), unique=True, default=new_token)
    view_token: Mapped[str] = mapped_column(String(32), unique=True, default=new_token)
    # Goes up with every change to the group, its roster or its games.
    version: Mapped[int] = mapped_column(default=0)

    players: Mapped[list[GroupPlayer]] = relationship(
        back_populates="group", order_by="GroupPlayer.id", cascade="all, delete-orphan"
    )
    games: Mapped[list[GroupGame]] = relationship(
        back_populates="group", order_by="GroupGame.id", cascade="all, delete-orphan"
    )


class GroupPlayer(db.Model):
    """One person on a group's roster, by the name the group knows them by."""

    id: Mapped[int] = mapped_column(primary_key=True)
    group_id: Mapped[int] = mapped_column(ForeignKey("player_group.id"), index=True)
    name: Mapped[str] = mapped_column(String(40))
    # The name folded (trimmed, casefolded): "ann" and "Ann " are one person to a roster.
    folded: Mapped[str] = mapped_column(String(40))
    # A retired player keeps their games but is no longer offered when a game starts.
    retired: Mapped[bool] = mapped_column(default=False)
    created_at: Mapped[datetime] = mapped_column(default=_now)
    # Goes up with every change to this player (a rename, retiring, a merge): a change
    # made on a form drawn at an older version is a conflict, not a lost update.
    version: Mapped[int] = mapped_column(default=0)

    group: Mapped[Group] = relationship(back_populates="players")

    __table_args__ = (UniqueConstraint("group_id", "folded"),)


class GroupGame(db.Model):
    """A match or a dice game a group played (a game belongs to one group at most)."""

    id: Mapped[int] = mapped_column(primary_key=True)
    group_id: Mapped[int] = mapped_column(ForeignKey("player_group.id"), index=True)
    match_id: Mapped[int | None] = mapped_column(ForeignKey("match.id"), unique=True)
    dice_game_id: Mapped[int | None] = mapped_column(ForeignKey("dice_game.id"), unique=True)
    added_at: Mapped[datetime] = mapped_column(default=_now)

    group: Mapped[Group] = relationship(back_populates="games")
    match: Mapped[Match | None] = relationship()
    dice_game: Mapped[DiceGame | None] = relationship()
    seats: Mapped[list[GroupSeat]] = relationship(
        back_populates="group_game", order_by="GroupSeat.id", cascade="all, delete-orphan"
    )


class GroupSeat(db.Model):
    """Who a name typed in a group's game is: the roster player it stands for."""

    id: Mapped[int] = mapped_column(primary_key=True)
    group_game_id: Mapped[int] = mapped_column(ForeignKey("group_game.id"), index=True)
    # The name exactly as the game stores it.
    name: Mapped[str] = mapped_column(String(40))
    player_id: Mapped[int] = mapped_column(ForeignKey("group_player.id"), index=True)

    group_game: Mapped[GroupGame] = relationship(back_populates="seats")
    player: Mapped[GroupPlayer] = relationship()

    __table_args__ = (UniqueConstraint("group_game_id", "name"),)


class DeviceGroup(db.Model):
    """A group opened by its edit link on a device, so that device's home page lists it."""

    device: Mapped[str] = mapped_column(String(64), primary_key=True)
    group_id: Mapped[int] = mapped_column(ForeignKey("player_group.id"), primary_key=True)
    opened_at: Mapped[datetime] = mapped_column(default=_now)


class ClubNight(db.Model):
    """A club night: many tables over several rounds, partners rotating or teams fixed.

    The host link runs it (rounds, locks, late arrivals), the view link shows it, and each
    table plays an ordinary match through that match's own link. What the night stores is
    what the host chose and what was played; the rounds still to come and the standings
    are derived (rules/club.py)."""

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(40))
    game: Mapped[str] = mapped_column(String(40))  # the pinochle preset every table plays
    house_rules: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    format: Mapped[str] = mapped_column(String(10))  # "rotating" or "fixed"
    rounds: Mapped[int] = mapped_column()
    # How a table's round ends: "target" (the match is won), "hands" or "minutes".
    round_end: Mapped[str] = mapped_column(String(10))
    round_end_value: Mapped[int | None] = mapped_column()  # the hands or the minutes
    ranking: Mapped[str] = mapped_column(String(15))
    tiebreaks: Mapped[list[str]] = mapped_column(JSON, default=list)
    byes: Mapped[str] = mapped_column(String(20))
    # Who takes which place in the draw: the same seed, the same night.
    seed: Mapped[int] = mapped_column()
    group_id: Mapped[int | None] = mapped_column(ForeignKey("player_group.id"), index=True)
    created_at: Mapped[datetime] = mapped_column(default=_now)
    host_token: Mapped[str] = mapped_column(String(32), unique=True, default=new_token)
    view_token: Mapped[str] = mapped_column(String(32), unique=True, default=new_token)
    # Goes up with every change to the night: a round started, a lock, a late arrival.
    version: Mapped[int] = mapped_column(default=0)

    group: Mapped[Group | None] = relationship()
    players: Mapped[list[ClubNightPlayer]] = relationship(
        back_populates="night", order_by="ClubNightPlayer.id", cascade="all, delete-orphan"
    )
    played_rounds: Mapped[list[ClubNightRound]] = relationship(
        back_populates="night", order_by="ClubNightRound.number", cascade="all, delete-orphan"
    )


class ClubNightPlayer(db.Model):
    """One player of a club night: from the round they joined, until they went home."""

    id: Mapped[int] = mapped_column(primary_key=True)
    night_id: Mapped[int] = mapped_column(ForeignKey("club_night.id"), index=True)
    name: Mapped[str] = mapped_column(String(40))
    folded: Mapped[str] = mapped_column(String(40))
    team: Mapped[int | None] = mapped_column()  # the fixed format's team, from 1
    joined_round: Mapped[int] = mapped_column(default=1)
    left_after: Mapped[int | None] = mapped_column()  # the last round they were here for

    night: Mapped[ClubNight] = relationship(back_populates="players")

    __table_args__ = (UniqueConstraint("night_id", "folded"),)


class ClubNightRound(db.Model):
    """A round as it was started: when, and who sat it out (its tables are matches)."""

    id: Mapped[int] = mapped_column(primary_key=True)
    night_id: Mapped[int] = mapped_column(ForeignKey("club_night.id"), index=True)
    number: Mapped[int] = mapped_column()
    started_at: Mapped[datetime] = mapped_column(default=_now)
    sitting_out: Mapped[list[str]] = mapped_column(JSON, default=list)

    night: Mapped[ClubNight] = relationship(back_populates="played_rounds")
    tables: Mapped[list[ClubNightTable]] = relationship(
        back_populates="round", order_by="ClubNightTable.table", cascade="all, delete-orphan"
    )

    __table_args__ = (UniqueConstraint("night_id", "number"),)


class ClubNightTable(db.Model):
    """One table of a round: the match it plays, and each side's confirmation of it."""

    id: Mapped[int] = mapped_column(primary_key=True)
    round_id: Mapped[int] = mapped_column(ForeignKey("club_night_round.id"), index=True)
    table: Mapped[int] = mapped_column()  # the number on the table card
    match_id: Mapped[int] = mapped_column(ForeignKey("match.id"), unique=True)
    # Has each side confirmed the result on its phone? Both: the result is locked.
    confirmed: Mapped[list[bool]] = mapped_column(JSON, default=lambda: [False, False])
    # Locked by both sides' confirmations or by the host; only the host unlocks.
    locked: Mapped[bool] = mapped_column(default=False)

    round: Mapped[ClubNightRound] = relationship(back_populates="tables")
    match: Mapped[Match] = relationship()
