"""A group's games: a match or dice game started from the roster (its seats picked from
the roster, names typed for someone new joining it), and a game played already added by
its edit link, each of its names mapped to a roster player. Every write here is a group
write as services/groups.py describes: it begins by moving the group's version and writes
nothing when refused.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from sqlalchemy import select
from sqlalchemy.orm import Session

from ..models import DiceGame, Group, GroupGame, GroupPlayer, GroupSeat, Match, looks_like_token
from ..rules import DICE_GAMES, PRESETS, RuleError, get_preset, said, with_rules
from ..rules.text import NAME_LENGTH
from . import dice_turns, hands
from .errors import NotFound
from .groups import (
    GameKind,
    Pick,
    begin_write,
    checked_name,
    checked_player_name,
    commit_write,
    folded,
    mark_retired,
    player_named,
    roster_player,
)
from .writes import refusal_writes_nothing

# ------------------------------------------------------------------- seating the roster


def _joined(group: Group, picks: Sequence[tuple[str, Pick]], asked: str) -> list[GroupPlayer]:
    """The roster player of each pick (field, pick): a roster id, or a name typed for
    someone who joins the roster now (or a retired player, who comes back). RuleError
    naming the field of a blank pick, a wrong id, or a person picked twice."""
    players: list[GroupPlayer] = []
    for field, pick in picks:
        if pick is None or (isinstance(pick, str) and not pick.strip()):
            raise RuleError(asked, field=field)
        if isinstance(pick, str):
            name = checked_player_name(pick, field)
            player = player_named(group, name) or next(
                (new for new in players if new.folded == folded(name)),
                GroupPlayer(name=name, folded=folded(name)),
            )
        else:
            player = roster_player(group, pick, field)
        if any(player is earlier for earlier in players):
            raise RuleError(
                said("%(name)s is picked twice: pick someone else.", name=player.name),
                field=field,
            )
        players.append(player)
    return players


def _seat_everyone(group: Group, players: Sequence[GroupPlayer], game: GroupGame) -> None:
    """Put new names on the roster and map each game name to its roster player."""
    for player in players:
        if player not in group.players:
            group.players.append(player)
        mark_retired(player, False)
        game.seats.append(GroupSeat(name=player.name, player=player))


# ---------------------------------------------------------------- starting a game from it

PICK_A_GAME = said("Pick a game.")


def _picks(seats: Sequence[Pick]) -> list[tuple[str, Pick]]:
    return [(f"player_{seat}", pick) for seat, pick in enumerate(seats)]


def team_names(preset_name: str, players: Sequence[str]) -> list[str]:
    """A partnership's team names from its players ("Ann & Cid"), or the game's own
    names for a team whose players' names are too long together."""
    preset = get_preset(preset_name)
    if not preset.teams:
        return list(players)
    sides: list[list[str]] = [[] for _ in range(preset.sides)]
    for seat, name in enumerate(players):
        sides[preset.side_of(seat)].append(name)
    named = [" & ".join(side) for side in sides]
    return [
        name if len(name) <= NAME_LENGTH else preset.side_names[side]
        for side, name in enumerate(named)
    ]


@refusal_writes_nothing
def start_match(
    session: Session,
    group: Group,
    *,
    game: str,
    seats: Sequence[Pick],
    first_dealer: int = 0,
    house_rules: Mapping[str, Any] | None = None,
    side_names: Sequence[str | None] = (),
) -> Match:
    """Start a pinochle match with the roster players picked for each seat, in seat order
    (names typed for someone new join the roster); RuleError naming the seat's field.
    ``side_names``: a team's name where one was typed (else the partners' names)."""
    if game not in PRESETS:
        raise RuleError(PICK_A_GAME, field="game")
    preset = with_rules(get_preset(game), house_rules or {})
    if len(seats) != preset.players:
        raise RuleError(
            said("%(game)s needs %(players)s players.", game=preset.label, players=preset.players),
            field="game",
        )
    begin_write(session, group)
    players = _joined(group, _picks(seats), said("Pick a player for this seat, or type a name."))
    names = [player.name for player in players]
    sides = team_names(game, names)
    for side, typed in enumerate(side_names[: len(sides)]):
        if typed is not None and typed.strip():
            sides[side] = checked_name(typed, f"side_names-{side}", said("Type the team's name."))
    match = hands.start_match(
        session,
        game=game,
        house_rules=dict(house_rules or {}),
        side_names=sides,
        player_names=names,
        first_dealer=first_dealer,
        commit=False,
    )
    played = GroupGame(match_id=match.id)
    group.games.append(played)
    _seat_everyone(group, players, played)
    commit_write(session)
    return match


@refusal_writes_nothing
def start_dice_game(
    session: Session,
    group: Group,
    *,
    kind: str,
    seats: Sequence[Pick],
    house_rules: Mapping[str, Any] | None = None,
) -> DiceGame:
    """Start a dice game with the roster players picked, in playing order; blank seats are
    left out (names typed for someone new join the roster)."""
    if kind not in DICE_GAMES:
        raise RuleError(PICK_A_GAME, field="kind")
    game_kind = DICE_GAMES[kind]
    picked = [(field, pick) for field, pick in _picks(seats) if pick not in (None, "")]
    picked = [(field, pick) for field, pick in picked if not isinstance(pick, str) or pick.strip()]
    if not game_kind.fewest_players <= len(picked) <= game_kind.most_players:
        raise RuleError(
            said(
                "%(game)s needs %(fewest)s to %(most)s players: pick them below.",
                game=game_kind.label,
                fewest=game_kind.fewest_players,
                most=game_kind.most_players,
            ),
            field="kind",
        )
    begin_write(session, group)
    players = _joined(group, picked, said("Pick a player, or type a name."))
    game = dice_turns.start_dice_game(
        session, kind, [player.name for player in players], dict(house_rules or {}), commit=False
    )
    played = GroupGame(dice_game_id=game.id)
    group.games.append(played)
    _seat_everyone(group, players, played)
    commit_write(session)
    return game


# ---------------------------------------------------------- adding a game played already


@dataclass(frozen=True)
class LinkedGame:
    """A match or a dice game found by the edit link pasted for it."""

    kind: GameKind
    game: Match | DiceGame
    names: list[str]  # its players' names as it stores them, each once, in seat order

    @property
    def token(self) -> str:
        """Its edit link's token."""
        return self.game.edit_token if self.kind == "match" else self.game.token


LINK_FIELD = "link"
PASTE_EDIT_LINK = said(
    "Paste the game's edit link: on its page, open Share and copy the edit link."
)
HIDDEN_CHARACTER = said(
    "A name in this game holds a hidden control character, which a group cannot keep, so "
    "this game cannot be added."
)


def find_linked_game(session: Session, link: Any) -> LinkedGame:
    """The match or dice game an edit link (or its token) opens; RuleError for a view
    link, or a link no game has."""
    text = link.strip() if isinstance(link, str) else ""
    if not text:
        raise RuleError(PASTE_EDIT_LINK, field=LINK_FIELD)
    parts = [part for part in urlsplit(text).path.split("/") if part]
    token = parts[-1] if parts else ""
    if "watch" in parts[:-1]:
        raise RuleError(
            said("This is a view link, which cannot add a game. %(paste)s", paste=PASTE_EDIT_LINK),
            field=LINK_FIELD,
        )
    if looks_like_token(token):
        match = session.scalars(select(Match).where(Match.edit_token == token)).first()
        if match is not None:
            return LinkedGame("match", match, list(dict.fromkeys(match.player_names)))
        game = session.scalars(select(DiceGame).where(DiceGame.token == token)).first()
        if game is not None:
            return LinkedGame("dice", game, list(dict.fromkeys(game.player_names)))
    raise RuleError(
        said("No match or dice game has this link. %(paste)s", paste=PASTE_EDIT_LINK),
        field=LINK_FIELD,
    )


def suggested_names(group: Group, names: Sequence[str]) -> list[Pick]:
    """For each of a game's names, the roster player of the same name (any case), else the
    name itself (someone new): how the mapping form starts."""
    suggested: list[Pick] = []
    for name in names:
        player = player_named(group, name)
        suggested.append(player.id if player is not None else name)
    return suggested


def game_to_add(session: Session, group: Group, link: Any) -> LinkedGame:
    """The game an edit link opens, if it is in no group yet (RuleError otherwise)."""
    linked = find_linked_game(session, link)
    # A name stored before the forms refused control characters (SQLite keeps a NUL; an
    # older import did) could be no seat's name: PostgreSQL refuses a NUL in text.
    if any(unicodedata.category(c) == "Cc" for name in linked.names for c in name):
        raise RuleError(HIDDEN_CHARACTER, field=LINK_FIELD)
    column = GroupGame.match_id if linked.kind == "match" else GroupGame.dice_game_id
    already = session.scalars(select(GroupGame).where(column == linked.game.id)).first()
    if already is not None:
        if already.group_id == group.id:
            raise RuleError(said("This game is in this group already."), field=LINK_FIELD)
        raise RuleError(said("This game is in another group already."), field=LINK_FIELD)
    return linked


@refusal_writes_nothing
def add_game(session: Session, group: Group, link: Any, picks: Sequence[Pick]) -> GroupGame:
    """Add a match or dice game played already, by its edit link, with the roster player
    each of its names stands for (``picks``, in the order of LinkedGame.names; a typed
    name puts someone new on the roster). RuleError naming the field of a wrong pick."""
    begin_write(session, group)
    linked = game_to_add(session, group, link)
    if len(picks) != len(linked.names):
        raise RuleError(said("The game changed: paste its link again."), field=LINK_FIELD)
    fields = [(f"name_{number}", pick) for number, pick in enumerate(picks)]
    players = _joined(group, fields, said("Pick who this is, or type a new name."))
    played = GroupGame(
        match_id=linked.game.id if linked.kind == "match" else None,
        dice_game_id=linked.game.id if linked.kind == "dice" else None,
    )
    group.games.append(played)
    for name, player in zip(linked.names, players, strict=True):
        if player not in group.players:
            group.players.append(player)
        played.seats.append(GroupSeat(name=name, player=player))
    commit_write(session)
    return played


@refusal_writes_nothing
def remove_game(session: Session, group: Group, group_game_id: Any) -> None:
    """Take a game out of the group (the game itself stays, and so does the roster)."""
    begin_write(session, group)
    played = next((game for game in group.games if game.id == group_game_id), None)
    if played is None:
        raise NotFound(said("This game is not in the group any more."))
    group.games.remove(played)
    commit_write(session)
