"""One of every record the site keeps, stored through the services, so a test can fill in
any URL of the site (a token, a hand's or a turn's id, a roster player, a group's game)
with something that is there.

``seed_every_record(app)`` stores them and answers ``Records``: for each kind of record,
the values of the URL arguments that open it (``records["match"]["hand_id"]``). Every
site seeded so holds the same rows under the same links (the tokens are set, not drawn),
so what one site's pages draw is what any other's would.
"""

from __future__ import annotations

from flask import Flask

from scorekeeper.extensions import db
from scorekeeper.rules import FarkleTurn
from scorekeeper.services import (
    club,
    dice,
    dice_turns,
    group_games,
    groups,
    hands,
    matches,
    rule_sets,
)
from tests.helpers.stored import PLAYERS, form_token, hand

# Every kind of record, by the name a URL's arguments are filled from.
Records = dict[str, dict[str, object]]


def _link(name: str) -> str:
    """A link token of the shape the site makes (24 URL-safe letters), the same every time."""
    return f"fuzz-{name}".ljust(24, "0")[:24]


def _set_links(session, row, prefix: str, *columns: str) -> None:
    for column in columns:
        setattr(row, column, _link(f"{prefix}-{column.split('_')[0]}"))
    session.commit()


def _match_with_hands(session, count: int, **house_rules):
    match = hands.start_match(
        session,
        game="partnership",
        house_rules=house_rules,
        side_names=["Us", "Them"],
        player_names=list(PLAYERS),
        first_dealer=0,
    )
    token = match.edit_token
    for _ in range(count):
        version = matches.load_match(session, token).match.version
        hands.add_hand(session, token, hand(), version=version, form_token=form_token())
    state = matches.load_match(session, token)
    return state.match, [played.id for played in state.hands]


def _dice_game_with_turns(session, kind: str, players=("Ann", "Bob")):
    game = dice_turns.start_dice_game(session, kind, list(players), {})
    token = game.token
    for throw in range(2):
        state = dice.load_game(session, token)
        if kind == "farkle":
            dice_turns.add_farkle_turn(
                session,
                token,
                FarkleTurn(total=600),
                version=state.game.version,
                form_token=form_token(),
                number=state.next_number,
            )
        else:
            dice_turns.add_sheet_turn(
                session,
                token,
                "33356" if throw == 0 else "11111",
                "full_house" if throw == 0 else "yahtzee",
                1 if kind == "triple" else None,
                version=state.game.version,
                form_token=form_token(),
                number=state.next_number,
            )
    state = dice.load_game(session, token)
    return state.game, [turn.id for turn in state.game.turns]


def seed_every_record(app: Flask) -> Records:
    """Store a match with hands, a finished match, a Yahtzee, a Triple Yahtzee and a Farkle
    game with turns, a group (roster players, a retired one, games seated from the roster),
    a saved rule set and a match in no group; the URL arguments of each."""
    with app.app_context():
        session = db.session
        match, hand_ids = _match_with_hands(session, 2)
        # A made hand of 260 reaches a target of 250: the match is over after it.
        finished, finished_hands = _match_with_hands(session, 1, target=250)
        loose, _ = _match_with_hands(session, 0)
        for row, prefix in ((match, "match"), (finished, "finished"), (loose, "loose")):
            _set_links(session, row, prefix, "edit_token", "view_token")
        records: Records = {
            "match": {"token": match.edit_token, "hand_id": hand_ids[-1]},
            "match_view": {"token": match.view_token, "hand_id": hand_ids[-1]},
            "finished": {"token": finished.edit_token, "hand_id": finished_hands[-1]},
            "finished_view": {"token": finished.view_token, "hand_id": finished_hands[-1]},
        }
        for kind in ("yahtzee", "triple", "farkle"):
            game, turn_ids = _dice_game_with_turns(session, kind)
            _set_links(session, game, kind, "token", "view_token")
            records[kind] = {"token": game.token, "turn_id": turn_ids[-1]}
            records[f"{kind}_view"] = {"token": game.view_token, "turn_id": turn_ids[-1]}

        group = groups.create_group(session, "Smith family", ["Ann", "Bob", "Cat", "Dan", "Eve"])
        _set_links(session, group, "group", "edit_token", "view_token")
        roster = {player.name: player.id for player in group.players}
        # Retired directly, as a roster row can be: the service's own checks are not tested here.
        next(player for player in group.players if player.name == "Eve").retired = True
        session.commit()
        group_games.start_match(
            session, group, game="partnership", seats=[roster[name] for name in PLAYERS]
        )
        group_games.start_dice_game(session, group, kind="yahtzee", seats=[roster["Ann"], "Fay"])
        group_game_id = group.games[0].id
        records["group"] = {
            "token": group.edit_token,
            "player_id": roster["Bob"],
            "group_game_id": group_game_id,
        }
        records["group_view"] = {
            "token": group.view_token,
            "player_id": roster["Bob"],
            "group_game_id": group_game_id,
        }
        rule_set = rule_sets.save_rule_set(
            session, name="Grandma's rules", game="partnership", house_rules={"target": 1000}
        )
        _set_links(session, rule_set, "rules", "token")
        records["rule_set"] = {"token": rule_set.token}
        night = club.start_night(
            session,
            name="Tuesday pinochle",
            players=["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy"],
            format="rotating",
            rounds=3,
            game="partnership",
            house_rules={"target": 250},
            seed=1,
        )
        _set_links(session, night, "club", "host_token", "view_token")
        started = club.start_round(session, night.host_token, version=night.version)
        table = started.tables[0]
        _set_links(session, table.match, "table", "edit_token", "view_token")
        # Won (a target of 250): the table's page offers each side's confirmation.
        hands.add_hand(
            session,
            table.match.edit_token,
            hand(),
            version=table.match.version,
            form_token=form_token(),
        )
        club_ids = {"table_id": table.id, "player_id": night.players[0].id}
        records["club"] = {"token": night.host_token, **club_ids}
        records["club_view"] = {"token": night.view_token, **club_ids}
        records["club_table"] = {"token": table.match.edit_token}
        # What a form may name besides the record its URL opens.
        records["other"] = {
            "loose_match": loose.edit_token,
            "retired_player_id": roster["Eve"],
            "player_ids": sorted(roster.values()),
        }
        db.session.remove()
        return records
