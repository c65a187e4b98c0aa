"""Players' data, back in: an export document read field by field, every match and game
replayed through the rules core (and every saved rule set's house rules checked by it),
every group's and club night's games found in the document or the database, and stored
in one transaction or not at all."""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any, NamedTuple

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from ..models import (
    DiceGame,
    DiceTurn,
    Group,
    GroupGame,
    GroupPlayer,
    GroupSeat,
    Hand,
    Match,
    RuleSet,
)
from ..rules import Preset, RuleError, dice_game, get_preset, with_rules
from ..rules.text import DEEPEST_NESTING, nesting_depth
from .dice import KINDS, replay_sheet, rules_of, sheet_turn, state_of_game
from .export import FORMAT, VERSION
from .groups import folded
from .import_club import nights_not_stored_yet, read_club_night
from .import_fields import (
    DICE_GAME_ADDED,
    DICE_GAME_FIELDS,
    DICE_TURN_ADDED,
    DICE_TURN_FIELDS,
    GROUP_FIELDS,
    GROUP_GAME_FIELDS,
    GROUP_PLAYER_FIELDS,
    HAND_ADDED,
    HAND_FIELDS,
    MATCH_FIELDS,
    RULE_SET_FIELDS,
    ImportRefused,
    in_order,
    read_record,
    shown,
)
from .matches import replay_entries
from .rule_sets import checked_rules


def _match_preset(fields: dict[str, Any], where: str) -> Preset:
    try:
        preset = with_rules(get_preset(fields["game"]), fields["house_rules"])
    except RuleError as error:
        raise ImportRefused(f"{where}: {error}") from None
    for name, count in (("side_names", preset.sides), ("player_names", preset.players)):
        if len(fields[name]) != count:
            raise ImportRefused(
                f"{where}: {preset.name} needs {count} {name.replace('_', ' ')}, "
                f"not {len(fields[name])}"
            )
    if fields["first_dealer"] >= preset.players:
        raise ImportRefused(
            f"{where}: first_dealer must be a player from 0 to {preset.players - 1}, "
            f"not {fields['first_dealer']}"
        )
    return preset


def _hand(record: Any, where: str, preset: Preset) -> Hand:
    fields = read_record(record, HAND_FIELDS, where, "a hand", HAND_ADDED)
    if fields["bidder"] is not None and fields["bidder"] >= preset.players:
        raise ImportRefused(
            f"{where}: bidder must be a player from 0 to {preset.players - 1}, "
            f"not {fields['bidder']}"
        )
    if fields["took_trick"] is not None and len(fields["took_trick"]) != preset.sides:
        raise ImportRefused(
            f"{where}: took_trick must hold one entry per side ({preset.sides}), "
            f"not {len(fields['took_trick'])}"
        )
    if fields["cards"] is not None and len(fields["cards"]) != preset.players:
        raise ImportRefused(
            f"{where}: cards must hold one entry per player ({preset.players}), "
            f"not {len(fields['cards'])}"
        )
    return Hand(**fields)


def read_match(record: Any, number: int) -> Match:
    """A match of the document, checked field by field and replayed (not yet stored)."""
    where = f"match {number}"
    fields = read_record(record, MATCH_FIELDS, where, "a match")
    preset = _match_preset(fields, where)
    hands = [
        _hand(hand, f"{where}, hand {index}", preset)
        for index, hand in enumerate(fields.pop("hands"), start=1)
    ]
    in_order([hand.position for hand in hands], where, "hand")
    seen: dict[str, int] = {}
    for index, hand in enumerate(hands, start=1):
        if hand.client_token is not None:
            if hand.client_token in seen:
                raise ImportRefused(
                    f"{where}, hand {index}: client_token repeats hand {seen[hand.client_token]}'s"
                )
            seen[hand.client_token] = index
    match = Match(**fields, hands=hands)
    try:
        replay_entries(match, preset, [hand.entries() for hand in hands])
    except RuleError as error:
        raise ImportRefused(f"{where} ({' v '.join(match.side_names)}): {error}") from None
    return match


def read_dice_game(record: Any, number: int) -> DiceGame:
    """A dice game of the document, checked field by field and replayed (not yet stored)."""
    where = f"dice game {number}"
    fields = read_record(record, DICE_GAME_FIELDS, where, "a dice game", DICE_GAME_ADDED)
    kind = fields["kind"]
    if kind not in KINDS:
        raise ImportRefused(
            f'{where}: "{kind}" is not a dice game; choose one of {", ".join(KINDS)}'
        )
    try:
        rules_of(kind, fields["house_rules"])
    except RuleError as error:
        raise ImportRefused(f"{where}: {error}") from None
    players = len(fields["player_names"])
    fewest, most = dice_game(kind).fewest_players, dice_game(kind).most_players
    if not fewest <= players <= most:
        raise ImportRefused(
            f"{where}: {KINDS[kind]} needs {fewest} to {most} players, not {players}"
        )
    turns = []
    for index, turn in enumerate(fields.pop("turns"), start=1):
        turn_fields = read_record(
            turn, DICE_TURN_FIELDS, f"{where}, turn {index}", "a turn", DICE_TURN_ADDED
        )
        if turn_fields["player"] >= players:
            raise ImportRefused(
                f"{where}, turn {index}: player must be from 0 to {players - 1}, "
                f"not {turn_fields['player']}"
            )
        turns.append(DiceTurn(**turn_fields))
    in_order([turn.position for turn in turns], where, "turn")
    game = DiceGame(**fields, turns=turns)
    label = f"{where} ({KINDS[kind]}: {', '.join(game.player_names)})"
    if dice_game(kind).sheet is not None:
        # Each player's sheet replays on its own and numbers its own turns: name whose it is.
        rules = rules_of(kind, game.house_rules)
        for player, name in enumerate(game.player_names):
            own = [sheet_turn(turn) for turn in turns if turn.player == player]
            try:
                replay_sheet(game, rules, own)
            except RuleError as error:
                raise ImportRefused(f"{label}: {name}'s {error}") from None
    try:
        state_of_game(game)
    except RuleError as error:
        raise ImportRefused(f"{label}: {error}") from None
    return game


def read_rule_set(record: Any, number: int) -> RuleSet:
    """A saved rule set of the document, its house rules checked (not yet stored)."""
    where = f"rule set {number}"
    fields = read_record(record, RULE_SET_FIELDS, where, "a rule set")
    try:
        checked_rules(fields["game"], fields["house_rules"])
    except RuleError as error:
        raise ImportRefused(f"{where} ({fields['name']}): {error}") from None
    return RuleSet(**fields)


class GamesByToken(NamedTuple):
    """The games a document's groups may name: the document's own, by token, and a lookup
    of those stored already."""

    matches: dict[str, Match]
    dice_games: dict[str, DiceGame]
    session: Session

    def find(self, kind: str, token: str) -> Match | DiceGame | None:
        """The match (by its edit token) or dice game (by its token) of this token."""
        if kind == "match":
            column, own = Match.edit_token, self.matches
        else:
            column, own = DiceGame.token, self.dice_games
        if token in own:
            return own[token]
        model = Match if kind == "match" else DiceGame
        return self.session.scalars(select(model).where(column == token)).first()


def _group_game(record: Any, where: str, players: list[GroupPlayer], games: GamesByToken):
    """A group's game: the game it names, and its names mapped onto the roster."""
    fields = read_record(record, GROUP_GAME_FIELDS, where, "a group's game")
    if (fields["match"] is None) == (fields["dice_game"] is None):
        raise ImportRefused(f"{where}: give either match or dice_game, the other null")
    kind = "match" if fields["match"] is not None else "dice_game"
    game = games.find(kind, fields[kind])
    if game is None:
        raise ImportRefused(
            f"{where}: no {kind.replace('_', ' ')} with the token {fields[kind]} is in the "
            "file or the database; export the group's games with it"
        )
    names = fields["names"]
    if sorted(names) != sorted(set(game.player_names)):
        raise ImportRefused(
            f"{where}: names must map each player of the game "
            f"({', '.join(game.player_names)}) and no one else"
        )
    seats = []
    for name, place in names.items():
        if place >= len(players):
            raise ImportRefused(
                f"{where}: {name} is player {place}, but the group has {len(players)} players"
            )
        seats.append(GroupSeat(name=name, player=players[place]))
    if len({id(seat.player) for seat in seats}) != len(seats):
        raise ImportRefused(f"{where}: two names of the game are one player of the group")
    played = GroupGame(added_at=fields["added_at"], seats=seats)
    if kind == "match":
        played.match = game
    else:
        played.dice_game = game
    return played, (kind, fields[kind])


def read_group(record: Any, number: int, games: GamesByToken) -> tuple[Group, list[tuple]]:
    """A group of the document, its roster and games checked (not yet stored); with the
    (kind, token) of each of its games."""
    where = f"group {number}"
    fields = read_record(record, GROUP_FIELDS, where, "a group")
    players = []
    seen: dict[str, int] = {}
    for index, player in enumerate(fields.pop("players"), start=1):
        player_fields = read_record(
            player, GROUP_PLAYER_FIELDS, f"{where}, player {index}", "a player"
        )
        key = folded(player_fields["name"])
        if key in seen:
            raise ImportRefused(
                f"{where}, player {index}: {player_fields['name']} is player {seen[key]} already"
            )
        seen[key] = index
        players.append(GroupPlayer(**player_fields, folded=key))
    played = [
        _group_game(game, f"{where}, game {index}", players, games)
        for index, game in enumerate(fields.pop("games"), start=1)
    ]
    group = Group(**fields, players=players, games=[game for game, _ in played])
    return group, [key for _, key in played]


def _groups_not_stored_yet(session: Session, groups: Sequence[Group], keys: list[list[tuple]]):
    """Refuse a group whose links are in use, or a game in two groups (or in a stored one)."""
    tokens = [token for group in groups for token in (group.edit_token, group.view_token)]
    _no_repeats(
        (token, f"group {n}")
        for n, group in enumerate(groups, 1)
        for token in (group.edit_token, group.view_token)
    )
    taken = _taken(session, Group.edit_token, tokens) | _taken(session, Group.view_token, tokens)
    for number, group in enumerate(groups, start=1):
        if {group.edit_token, group.view_token} & taken:
            raise ImportRefused(
                f"group {number} ({group.name}) is already in this database: its link is in use"
            )
    owner: dict[tuple, int] = {}
    for number, (group, group_keys) in enumerate(zip(groups, keys, strict=True), start=1):
        for key, played in zip(group_keys, group.games, strict=True):
            if key in owner:
                raise ImportRefused(f"group {number}: a game of group {owner[key]} is listed again")
            owner[key] = number
            game = played.match if key[0] == "match" else played.dice_game
            if game.id is None:
                continue  # a game of the document: in no group yet
            column = GroupGame.match_id if key[0] == "match" else GroupGame.dice_game_id
            if session.scalars(select(GroupGame.id).where(column == game.id)).first():
                raise ImportRefused(f"group {number}: the game {key[1]} is in a group already")


def _no_repeats(tokens: Iterable[tuple[str, str]]) -> None:
    """Refuse a document that gives one link to two matches (or two games)."""
    seen: dict[str, str] = {}
    for token, owner in tokens:
        if token in seen:
            raise ImportRefused(f"{owner} has the same link token as {seen[token]}")
        seen[token] = owner


def _taken(session: Session, column: Any, tokens: Sequence[str]) -> set[str]:
    """Which of these tokens a stored row already holds (asked in small batches)."""
    found: set[str] = set()
    for start in range(0, len(tokens), 500):
        batch = tokens[start : start + 500]
        found.update(session.scalars(select(column).where(column.in_(batch))))
    return found


def _not_stored_yet(
    session: Session,
    matches: Sequence[Match],
    games: Sequence[DiceGame],
    rule_sets: Sequence[RuleSet],
) -> None:
    """Refuse matches, games and rule sets whose links are in use: they are here already."""
    tokens = [token for match in matches for token in (match.edit_token, match.view_token)]
    taken = _taken(session, Match.edit_token, tokens) | _taken(session, Match.view_token, tokens)
    for number, match in enumerate(matches, start=1):
        if {match.edit_token, match.view_token} & taken:
            raise ImportRefused(
                f"match {number} ({' v '.join(match.side_names)}, started "
                f"{match.created_at:%Y-%m-%d}) is already in this database: its link is in use"
            )
    tokens = [token for game in games for token in (game.token, game.view_token)]
    taken = _taken(session, DiceGame.token, tokens) | _taken(session, DiceGame.view_token, tokens)
    for number, game in enumerate(games, start=1):
        if {game.token, game.view_token} & taken:
            raise ImportRefused(
                f"dice game {number} ({KINDS[game.kind]}: {', '.join(game.player_names)}, "
                f"started {game.created_at:%Y-%m-%d}) is already in this database: "
                "its link is in use"
            )
    taken = _taken(session, RuleSet.token, [rule_set.token for rule_set in rule_sets])
    for number, rule_set in enumerate(rule_sets, start=1):
        if rule_set.token in taken:
            raise ImportRefused(
                f"rule set {number} ({rule_set.name}) is already in this database: "
                "its link is in use"
            )


def read_document(text: str | bytes) -> dict[str, Any]:
    """Parse an export file (UTF-8, with or without a BOM), or refuse it in a sentence."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise ImportRefused("the file is not UTF-8 text") from None
    text = text.removeprefix("\ufeff")
    # Read before parsing: Python's parser gives up (RecursionError) some 1,000 deep.
    if nesting_depth(text) > DEEPEST_NESTING:
        raise ImportRefused(
            f"the file's lists and objects are nested more than {DEEPEST_NESTING} deep; "
            "an export is never nested so deep"
        )
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as error:
        raise ImportRefused(
            f"the file is not JSON ({error.msg} at line {error.lineno}, column {error.colno})"
        ) from None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise ImportRefused(f'the file is not a Scorekeeper export (no "format": "{FORMAT}")')
    version = doc.get("version")
    if version != VERSION:
        newer = isinstance(version, int) and not isinstance(version, bool) and version > VERSION
        reason = "a newer version than this site reads" if newer else "not a known version"
        raise ImportRefused(
            f"the export's version {shown(version)} is {reason} (this site reads {VERSION})"
        )
    for name in ("matches", "dice_games"):
        if not isinstance(doc.get(name), list):
            raise ImportRefused(f"{name} must be a list, not {shown(doc.get(name))}")
    # Exported before rule sets were saved, before groups or club nights: the file has none.
    for name in ("rule_sets", "groups", "club_nights"):
        if not isinstance(doc.setdefault(name, []), list):
            raise ImportRefused(f"{name} must be a list, not {shown(doc[name])}")
    return doc


class Imported(NamedTuple):
    """How many of each a document stored."""

    matches: int
    dice_games: int
    rule_sets: int
    groups: int
    club_nights: int


def import_document(session: Session, doc: dict[str, Any]) -> Imported:
    """Store every match, dice game, rule set, group and club night of a read document in
    one transaction, or nothing; returns how many of each.

    Each is checked and replayed first; one whose links are already in use is refused (it
    is here already), so importing the same file twice cannot make copies.
    """
    matches = [read_match(record, number) for number, record in enumerate(doc["matches"], 1)]
    games = [read_dice_game(record, number) for number, record in enumerate(doc["dice_games"], 1)]
    rule_sets = [
        read_rule_set(record, number)
        for number, record in enumerate(doc.get("rule_sets", []), start=1)
    ]
    _no_repeats(
        (token, f"match {number}")
        for number, match in enumerate(matches, start=1)
        for token in (match.edit_token, match.view_token)
    )
    _no_repeats(
        (token, f"dice game {number}")
        for number, game in enumerate(games, start=1)
        for token in (game.token, game.view_token)
    )
    _no_repeats((rules.token, f"rule set {n}") for n, rules in enumerate(rule_sets, start=1))
    _not_stored_yet(session, matches, games, rule_sets)
    by_token = GamesByToken(
        {match.edit_token: match for match in matches},
        {game.token: game for game in games},
        session,
    )
    read_groups = [
        read_group(record, number, by_token)
        for number, record in enumerate(doc.get("groups", []), start=1)
    ]
    groups = [group for group, _ in read_groups]
    _groups_not_stored_yet(session, groups, [keys for _, keys in read_groups])
    nights = [
        read_club_night(
            record, number, by_token.matches, {g.edit_token: g for g in groups}, session
        )
        for number, record in enumerate(doc["club_nights"], start=1)
    ]
    nights_not_stored_yet(session, nights)
    session.add_all([*matches, *games, *rule_sets, *groups, *nights])
    try:
        session.commit()
    except IntegrityError:
        # Another process stored one of these links a moment ago.
        session.rollback()
        raise ImportRefused(
            "a match, game, rule set, group or club night with one of these links was stored "
            "meanwhile"
        ) from None
    return Imported(len(matches), len(games), len(rule_sets), len(groups), len(nights))
