"""Players' data out and back in: the JSON export imports into another database with
identical ledgers, the ledger downloads as CSV, malformed files are refused whole, and the
`flask export`, `flask import` and `flask backup` commands do the same from a shell."""

from __future__ import annotations

import csv
import io
import json
import sqlite3
import threading
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from scorekeeper import create_app, transfer
from scorekeeper.extensions import db
from scorekeeper.models import DiceGame, DiceTurn, Hand, Match
from scorekeeper.rules.pinochle import KNOBS, PRESETS
from scorekeeper.services import (
    dice,
    export,
    group_games,
    group_history,
    groups,
    import_fields,
    imports,
    matches,
)
from scorekeeper.services.dice import FarkleState
from scorekeeper.services.imports import ImportRefused, read_document
from tests.helpers.html import read
from tests.helpers.play import edit_hand, new_match, save_hand
from tests.helpers.stored import dice_view_token


def load_state(token: str) -> matches.MatchState:
    """A stored match, replayed, in the app context's session."""
    return matches.load_match(db.session, token)


def load_dice_state(token: str) -> dice.DiceState:
    """A stored dice game, replayed, in the app context's session."""
    return dice.load_game(db.session, token)


def import_document(doc: dict[str, Any]) -> imports.Imported:
    """Import a read document in the app context's session."""
    return imports.import_document(db.session, doc)


SPADES, HEARTS, DIAMONDS, CLUBS = range(4)
STARTED = datetime(2024, 5, 1, 19, 30, 15, 123456)


# ------------------------------------------------------------------------------ the sites


SETTINGS = {
    "TESTING": True,
    "SECRET_KEY": "test",
    "WTF_CSRF_ENABLED": False,
    "RATELIMIT_ENABLED": False,
}


def with_transfer(app: Flask) -> Flask:
    """The site with the downloads and commands (if create_app did not register them)."""
    if "transfer" not in app.blueprints:
        app.register_blueprint(transfer.bp)
    return app


@pytest.fixture
def home(make_site, tmp_path) -> Flask:
    """The family's site, where the matches were played (CSRF off, to post forms)."""
    (tmp_path / "home").mkdir()
    return with_transfer(make_site(tmp_path / "home", **SETTINGS))


@pytest.fixture
def club(make_site, tmp_path) -> Flask:
    """Another site, its database empty, where the export is imported."""
    (tmp_path / "club").mkdir()
    return with_transfer(make_site(tmp_path / "club", **SETTINGS))


def on_sqlite(app: Flask) -> bool:
    with app.app_context():
        return db.engine.dialect.name == "sqlite"


# --------------------------------------------------------------------- what was entered


def hand(**entries: Any) -> dict[str, Any]:
    """A hand's entries as the form stores them; unnamed ones blank."""
    return {
        "bidder": None,
        "bid": None,
        "all_passed": False,
        "trump": SPADES,
        "meld": [0, 0],
        "tricks": None,
        "thrown_in": False,
        "no_marriage": False,
        "redeal": False,
        "turned_nine": False,
        "cards": None,
        **entries,
    }


def store_match(
    game: str,
    hands: list[dict[str, Any]],
    sides: list[str],
    players: list[str],
    house_rules: dict[str, Any] | None = None,
    first_dealer: int = 0,
) -> str:
    """Store a match as the pages would have (inside an app context); its edit token."""
    match = Match(
        game=game,
        house_rules=house_rules or {},
        side_names=sides,
        player_names=players,
        first_dealer=first_dealer,
        created_at=STARTED,
        version=len(hands) + 2,
    )
    # Gaps in the positions (deleted hands) and edited versions must survive the trip.
    for number, entries in enumerate(hands, start=1):
        match.hands.append(
            Hand(
                position=number * 2,
                version=number % 3,
                client_token=f"form-{number}" if number % 2 else None,
                **entries,
            )
        )
    db.session.add(match)
    db.session.commit()
    load_state(match.edit_token)  # every stored match replays
    return match.edit_token


def store_dice_game(kind: str, players: list[str], turns: list[dict], house_rules=None) -> str:
    """Store a dice game (inside an app context); its token."""
    game = DiceGame(
        kind=kind, player_names=players, house_rules=house_rules or {}, created_at=STARTED
    )
    for position, turn in enumerate(turns, start=1):
        fields = {"dice": None, "box": None, "column": None, "throws": None, "total": None}
        game.turns.append(DiceTurn(position=position, **{**fields, **turn}))
    db.session.add(game)
    db.session.commit()
    load_dice_state(game.token)
    return game.token


# Every knob of the partnership preset, set away from its default.
EVERY_RULE = {
    "target": 1000,
    "min_bid": 200,
    "bid_step": 5,
    "bid_steps": [[200, 5], [300, 10]],
    "stuck_bid": 200,
    "cards_passed": 3,
    "widow": 1,
    "trick_total": 240,
    "trick_unit": 20,
    "save_rule": "non-bidders",
    "save_with": "trick",
    "save_minimum": 40,
    "meld_minimum": 20,
    "trump_needs_marriage": True,
    "throw_in": "any-time",
    "throw_in_others": "nothing",
    "set_penalty": 2,
    "moon": 1000,
    "nines_redeal": True,
    "nines_needed": 4,
    "tie_rule": "higher",
    "play_on_by": 300,
    "run_extras": "strict",
    "dealer_nine": 10,
    "run": [200, 2000],
    "royal_marriage": 50,
    "common_marriage": 30,
    "dix": 20,
    "pinochle": [50, 500],
    "aces_around": [120, 1200],
    "kings_around": [90, 900],
    "queens_around": [70, 700],
    "jacks_around": [50, 500],
}
SEATS = ["Ann", "Ben", "Cleo", "Dov"]


def play_everything() -> dict[str, str]:
    """Matches of every game and dice games of every kind (inside an app context)."""
    return {
        # Nord–Süd reaches 500 on hand 3, with a thrown-in hand 2 and a run from cards.
        "finished": store_match(
            "partnership",
            [
                hand(bidder=0, bid=250, meld=[100, 60], tricks=[150, 100]),
                hand(bidder=1, bid=300, trump=HEARTS, meld=[40, 20], thrown_in=True),
                hand(
                    bidder=2,
                    bid=250,
                    meld=[0, 80],
                    tricks=[200, 50],
                    cards=["AS 10S KS QS JS", None, None, "KH QH"],
                ),
            ],
            ["Nord–Süd", "Ost–West"],
            SEATS,
            {"target": 500},
        ),
        "redeal": store_match(
            "partnership-small",
            [
                hand(redeal=True, trump=None),
                hand(all_passed=True, bid=20, trump=HEARTS, meld=[4, 2], tricks=[10, 15]),
                hand(bidder=1, bid=21, trump=DIAMONDS, meld=[6, 10], tricks=[5, 20]),
            ],
            ["Us", "Them"],
            SEATS,
            first_dealer=2,
        ),
        "every rule": store_match(
            "partnership",
            [
                hand(bidder=0, bid=215, meld=[100, 50], tricks=[140, 100]),
                hand(bidder=1, bid=200, trump=HEARTS, meld=[60, 30], no_marriage=True),
                hand(bidder=2, bid=300, trump=DIAMONDS, meld=[40, 0], thrown_in=True),
                hand(redeal=True, trump=None),
            ],
            ["=SUM(A1)", "Them"],
            SEATS,
            EVERY_RULE,
            first_dealer=3,
        ),
        "two-handed": store_match(
            "two-handed",
            [
                hand(trump=CLUBS, meld=[40, 20], tricks=[130, 120], turned_nine=True),
                hand(trump=HEARTS, meld=[0, 60], tricks=[100, 150]),
            ],
            ["Ann", "Ben"],
            ["Ann", "Ben"],
            first_dealer=1,
        ),
        "three-handed": store_match(
            "three-handed",
            [hand(bidder=1, bid=300, meld=[50, 100, 20], tricks=[80, 150, 20])],
            ["Ann", "Ben", "Cleo"],
            ["Ann", "Ben", "Cleo"],
        ),
        "yahtzee": store_dice_game(
            "yahtzee",
            ["Ann", "Bob"],
            [
                {"player": 0, "dice": "11123", "box": "ones"},
                {"player": 1, "dice": "55555", "box": "yahtzee"},
                {"player": 0, "dice": "66655", "box": "chance"},
                {"player": 1, "dice": "12345", "box": "large_straight"},
            ],
            {"joker": "free"},
        ),
        "triple": store_dice_game(
            "triple",
            ["Ann", "Bob", "Cy"],
            [
                {"player": 0, "dice": "11123", "box": "ones", "column": 1},
                {"player": 1, "dice": "22245", "box": "twos", "column": 2},
                {"player": 2, "dice": "33315", "box": "threes", "column": 3},
                {"player": 0, "dice": "44444", "box": "yahtzee", "column": 3},
            ],
            {"bonus_multiplied": False},
        ),
        "farkle": store_dice_game(
            "farkle",
            ["Ann", "Bob"],
            [
                {"player": 0, "throws": ["111", "5"]},
                {"player": 1, "farkle": True},
            ],
            {"opening_score": 500, "target": 1000, "three_farkles_penalty": -500},
        ),
        "farkle on": store_dice_game(
            "farkle",
            ["Ann", "Bob", "Cy"],
            [{"player": 0, "total": 350}, {"player": 1, "farkle": True}],
        ),
    }


@pytest.fixture
def played(home) -> dict[str, str]:
    """The family's site after an evening of games: each one's token."""
    with home.app_context():
        return play_everything()


# ------------------------------------------------------------------ reading what shows


def visible_text(response) -> str:
    """The words a player reads on a page, whitespace made single spaces."""
    assert response.status_code == 200
    return read(response).text


def what_players_see(app: Flask) -> dict[str, Any]:
    """Every match's ledger and every dice game's cards and totals, as replayed, and pages."""
    seen: dict[str, Any] = {}
    client = app.test_client()
    with app.app_context():
        for match in db.session.scalars(db.select(Match)):
            state = load_state(match.edit_token)
            seen[match.edit_token] = (
                state.ledger,
                visible_text(client.get(f"/matches/{match.edit_token}")),
                visible_text(client.get(f"/matches/watch/{match.view_token}")),
            )
        for game in db.session.scalars(db.select(DiceGame)):
            state = load_dice_state(game.token)
            replayed = (
                state.result
                if isinstance(state, FarkleState)
                else [sheet.card for sheet in state.sheets]
            )
            seen[game.token] = (
                state.totals,
                state.winners,
                state.over,
                replayed,
                visible_text(client.get(f"/dice/{game.token}")),
                visible_text(client.get(f"/dice/watch/{game.view_token}")),
            )
    return seen


def stored_rows(app: Flask) -> tuple[int, int, int, int]:
    """How many matches, hands, dice games and turns the database holds."""
    with app.app_context():
        return tuple(
            db.session.scalar(db.select(db.func.count()).select_from(model))
            for model in (Match, Hand, DiceGame, DiceTurn)
        )


def export_all(app: Flask, *options: str) -> dict[str, Any]:
    result = app.test_cli_runner().invoke(args=["export", *options])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def import_file(app: Flask, path: Path):
    return app.test_cli_runner().invoke(args=["import", str(path)])


def without_export_time(doc: dict[str, Any]) -> dict[str, Any]:
    return {name: value for name, value in doc.items() if name != "exported_at"}


# ======================================================================= the round trip


def test_the_evening_covers_every_game_every_house_rule_and_every_kind_of_hand(home, played):
    assert set(EVERY_RULE) == set(KNOBS)
    with home.app_context():
        for knob, value in EVERY_RULE.items():
            default = getattr(PRESETS["partnership"], knob)
            assert value != (list(default) if isinstance(default, tuple) else default), knob
        results = {
            row.outcome.result
            for token in played.values()
            if db.session.scalar(db.select(Match).where(Match.edit_token == token))
            for row in load_state(token).ledger.rows
        }
        assert load_state(played["finished"]).over
        assert load_dice_state(played["farkle"]).over
    assert results == {"made", "set", "thrown-in", "forfeit", "redeal", "played"}


def test_an_export_imported_into_an_empty_database_shows_identical_ledgers(
    home, club, played, tmp_path
):
    before = what_players_see(home)
    exported = tmp_path / "evening.json"
    exported.write_text(json.dumps(export_all(home)), encoding="utf-8")

    result = import_file(club, exported)

    assert result.exit_code == 0, result.output
    assert "Imported 5 matches and 4 dice games." in result.output
    assert what_players_see(club) == before
    assert stored_rows(club) == stored_rows(home)


def test_exporting_the_imported_database_gives_the_same_document(home, club, played, tmp_path):
    first = export_all(home)
    exported = tmp_path / "evening.json"
    exported.write_text(json.dumps(first), encoding="utf-8")
    assert import_file(club, exported).exit_code == 0

    assert without_export_time(export_all(club)) == without_export_time(first)


def test_the_document_holds_what_was_entered_and_no_totals(home, played):
    doc = export_all(home)

    assert (doc["format"], doc["version"]) == ("scorekeeper", 1)
    finished = next(m for m in doc["matches"] if m["edit_token"] == played["finished"])
    assert finished["game"] == "partnership"
    assert finished["house_rules"] == {"target": 500}
    assert finished["side_names"] == ["Nord–Süd", "Ost–West"]
    assert finished["created_at"] == "2024-05-01T19:30:15.123456+00:00"
    assert [h["position"] for h in finished["hands"]] == [2, 4, 6]
    assert finished["hands"][2]["cards"] == ["AS 10S KS QS JS", None, None, "KH QH"]
    assert finished["hands"][1]["thrown_in"] is True
    assert set(finished["hands"][0]) == set(imports.HAND_FIELDS)
    assert set(finished) == set(imports.MATCH_FIELDS)
    text = json.dumps(doc)
    for derived in ("totals", "points", "winner", "result"):
        assert f'"{derived}"' not in text
    farkle = next(g for g in doc["dice_games"] if g["token"] == played["farkle"])
    assert farkle["turns"][0]["throws"] == ["111", "5"]
    assert farkle["house_rules"]["target"] == 1000


def test_importing_into_a_database_with_other_matches_keeps_both(home, club, played, tmp_path):
    with club.app_context():
        theirs = store_match(
            "two-handed",
            [hand(meld=[0, 0], tricks=[125, 125])],
            ["Zoe", "Yan"],
            ["Zoe", "Yan"],
        )
    before_theirs = what_players_see(club)[theirs]
    exported = tmp_path / "evening.json"
    exported.write_text(json.dumps(export_all(home)), encoding="utf-8")

    assert import_file(club, exported).exit_code == 0

    seen = what_players_see(club)
    assert seen[theirs] == before_theirs
    ours = what_players_see(home)
    assert {token: seen[token] for token in ours} == ours


def test_importing_the_same_file_twice_is_refused_and_writes_nothing(home, club, played, tmp_path):
    exported = tmp_path / "evening.json"
    exported.write_text(json.dumps(export_all(home)), encoding="utf-8")
    assert import_file(club, exported).exit_code == 0
    before = stored_rows(club)

    again = import_file(club, exported)

    assert again.exit_code == 1
    assert "Nothing was imported: match 1 (Nord–Süd v Ost–West, started 2024-05-01)" in (
        again.output
    )
    assert "is already in this database: its link is in use." in again.output
    assert stored_rows(club) == before


def test_a_dice_game_already_here_is_refused_too(home, played):
    with home.app_context():
        game = db.session.scalar(db.select(DiceGame).where(DiceGame.token == played["triple"]))
        doc = export.document([], [game])
        with pytest.raises(ImportRefused, match="dice game 1 .Triple Yahtzee: Ann, Bob, Cy"):
            import_document(doc)


def test_a_match_played_through_the_pages_survives_the_trip_but_its_undo_history(
    home, club, tmp_path
):
    phone = home.test_client()
    names = {"side_names-0": "Wir", "side_names-1": "Ihr", "player_names-0": "Änne"}
    edit = new_match(phone, typed={**names, "rule-target": "600"})
    base = {"action": "save", "trump": SPADES, "meld-0": 0, "meld-1": 0}
    for entries in (
        {"bidder": 0, "bid": 250, "meld-0": 100, "meld-1": 60, "tricks-0": 150, "tricks-1": ""},
        {"bidder": 1, "bid": 300, "meld-1": 20, "action": "throw_in"},
        {"bidder": 2, "bid": 260, "cards-0": "as ts ks qs js", "tricks-0": 180, "tricks-1": 70},
    ):
        save_hand(phone, edit, {**base, **entries})
    with home.app_context():
        first = load_state(edit).hands[0]
    correction = {**base, "bidder": 0, "bid": 250, "meld-0": 120, "tricks-0": 150}
    correction["tricks-1"] = 100
    edited = edit_hand(phone, edit, first.id, correction)
    assert edited.status_code == 303

    download = phone.get(f"/matches/{edit}/export.json")
    exported = tmp_path / "match.json"
    exported.write_bytes(download.data)
    assert import_file(club, exported).exit_code == 0

    ledger, page, watch_page = what_players_see(home)[edit]
    assert what_players_see(club)[edit] == (
        ledger,
        # Undo history stays behind: the imported match starts with nothing to undo.
        page.replace(" Undo: edit hand 1", ""),
        watch_page,
    )
    assert " Undo: edit hand 1" in page
    with club.app_context():
        state = load_state(edit)
        assert state.over
        assert state.match.player_names[0] == "Änne"
        assert state.hands[2].cards[0] == "AS 10S KS QS JS"
        assert state.hands[0].version == 1


# ================================================================= refusing a bad file


def setting(*path: Any, to: Any) -> Callable[[Any], Any]:
    """A spoiler that sets one field of the document (its path of keys) to a bad value."""

    def spoil(doc: Any) -> Any:
        *parents, last = path
        record = doc
        for key in parents:
            record = record[key]
        record[last] = to
        return doc

    return spoil


def dropping(*path: Any) -> Callable[[Any], Any]:
    """A spoiler that leaves one field out."""

    def spoil(doc: Any) -> Any:
        *parents, last = path
        record = doc
        for key in parents:
            record = record[key]
        del record[last]
        return doc

    return spoil


def a_hand_after_the_win(doc: dict[str, Any]) -> dict[str, Any]:
    hands = doc["matches"][0]["hands"]
    hands.append({**hands[0], "position": 99, "client_token": None})
    return doc


def one_token_for_two_matches(doc: dict[str, Any]) -> dict[str, Any]:
    doc["matches"][1]["view_token"] = doc["matches"][0]["edit_token"]
    return doc


HAND = ("matches", 0, "hands")
MALFORMED = [
    pytest.param(lambda doc: "{not json", "the file is not JSON (Expecting", id="not-json"),
    pytest.param(lambda doc: [1, 2], "the file is not a Scorekeeper export", id="a-list"),
    pytest.param(setting("format", to="other"), "not a Scorekeeper export", id="other-format"),
    pytest.param(
        setting("version", to=2),
        "the export's version 2 is a newer version than this site reads (this site reads 1)",
        id="newer",
    ),
    pytest.param(setting("matches", to={}), "matches must be a list, not {}", id="not-a-list"),
    pytest.param(
        dropping("matches", 0, "first_dealer"),
        "match 1: first_dealer is missing",
        id="missing-field",
    ),
    pytest.param(
        setting("matches", 1, "colour", to="red"),
        'match 2: "colour" is not a field of a match',
        id="unknown-field",
    ),
    pytest.param(
        setting(*HAND, 1, "bid", to="300"),
        'match 1, hand 2: bid must be a whole number from 0 to 2147483647, or null, not "300"',
        id="bid-as-text",
    ),
    pytest.param(
        setting(*HAND, 0, "all_passed", to=1),
        "match 1, hand 1: all_passed must be true or false, not 1",
        id="flag-as-number",
    ),
    pytest.param(
        setting(*HAND, 0, "bidder", to=4),
        "match 1, hand 1: bidder must be a player from 0 to 3",
        id="no-such-bidder",
    ),
    pytest.param(
        setting(*HAND, 0, "bid", to=255),
        "match 1 (Nord–Süd v Ost–West): hand 1: bid 255 is not a multiple of 10; enter 250 or 260",
        id="breaks-a-rule",
    ),
    pytest.param(
        setting(*HAND, 2, "cards", to=["AS ZZ", None, None, None]),
        "match 1 (Nord–Süd v Ost–West): hand 3:",
        id="unreadable-cards",
    ),
    pytest.param(
        setting(*HAND, 2, "cards", to=["AS"]),
        "match 1, hand 3: cards must hold one entry per player (4), not 1",
        id="cards-of-one-player",
    ),
    pytest.param(
        setting(*HAND, 2, "position", to=1),
        "match 1, hand 3: position 1 must come after the position before it (4)",
        id="out-of-order",
    ),
    pytest.param(
        a_hand_after_the_win,
        "match 1 (Nord–Süd v Ost–West): hand 4: the game is over",
        id="hand-after-the-win",
    ),
    pytest.param(
        setting("matches", 0, "house_rules", "target", to="soon"),
        "match 1: target must be a whole number, 0 or more",
        id="bad-house-rule",
    ),
    pytest.param(
        setting("matches", 0, "game", to="euchre"),
        'match 1: "euchre" is not a pinochle game',
        id="unknown-game",
    ),
    pytest.param(
        setting("matches", 0, "player_names", to=["Ann", "Ben", "Cleo"]),
        "match 1: partnership needs 4 player names, not 3",
        id="a-player-short",
    ),
    pytest.param(
        setting("matches", 0, "created_at", to="yesterday"),
        'match 1: created_at must be a date and time like 2024-05-01T19:30:00+00:00, not "yes',
        id="bad-time",
    ),
    pytest.param(
        setting("matches", 0, "edit_token", to="abc"),
        "match 1: edit_token must be a link token of 16 to 32 letters",
        id="short-token",
    ),
    pytest.param(
        one_token_for_two_matches, "match 2 has the same link token as match 1", id="shared-token"
    ),
    pytest.param(
        setting("dice_games", 0, "kind", to="poker"),
        'dice game 1: "poker" is not a dice game; choose one of yahtzee, triple, yatzy, '
        "maxi-yatzy, generala, kniffel, yams, farkle",
        id="unknown-dice-game",
    ),
    pytest.param(
        setting("dice_games", 0, "turns", 2, "box", to="ones"),
        "dice game 1 (Yahtzee: Ann, Bob): Ann's turn 2: ones already holds 3",
        id="box-filled-twice",
    ),
    pytest.param(
        setting("dice_games", 0, "turns", 0, "player", to=2),
        "dice game 1, turn 1: player must be from 0 to 1",
        id="no-such-player",
    ),
    pytest.param(
        setting("dice_games", 2, "turns", 0, "throws", to=["234"]),
        "dice game 3 (Farkle: Ann, Bob): turn 1",
        id="dice-that-do-not-score",
    ),
    pytest.param(
        setting("dice_games", 2, "house_rules", "target", to=0),
        "dice game 3: target must be a whole number, at least 1",
        id="bad-dice-rule",
    ),
    pytest.param(
        setting("dice_games", 3, "player_names", to=[]),
        "dice game 4: Farkle needs 2 to 8 players, not 0",
        id="no-players",
    ),
]


@pytest.mark.parametrize(("spoil", "sentence"), MALFORMED)
def test_a_malformed_document_is_refused_with_a_sentence_and_nothing_is_written(
    home, club, played, spoil, sentence
):
    doc = spoil(export_all(home))
    text = doc if isinstance(doc, str) else json.dumps(doc)

    with club.app_context(), pytest.raises(ImportRefused) as refused:
        import_document(read_document(text))

    assert str(refused.value).startswith("Nothing was imported: ")
    assert str(refused.value).endswith(".")
    assert sentence in str(refused.value)
    assert stored_rows(club) == (0, 0, 0, 0)


def test_a_bad_last_game_keeps_every_good_one_before_it_out_too(home, club, played, tmp_path):
    doc = export_all(home)
    doc["dice_games"][-1]["turns"][0]["total"] = 355
    exported = tmp_path / "spoiled.json"
    exported.write_text(json.dumps(doc), encoding="utf-8")

    result = import_file(club, exported)

    assert result.exit_code == 1
    assert "Error: Nothing was imported: dice game 4 (Farkle: Ann, Bob, Cy): turn 1" in (
        result.output
    )
    assert stored_rows(club) == (0, 0, 0, 0)


def test_a_file_that_is_not_utf8_is_refused(club, tmp_path):
    exported = tmp_path / "latin1.json"
    exported.write_bytes('{"format": "scorekeeper", "matches": ["Süd"]}'.encode("latin-1"))

    result = import_file(club, exported)

    assert result.exit_code == 1
    assert "Nothing was imported: the file is not UTF-8 text." in result.output


# ======================================================================== the CSV ledger


def read_csv(response) -> list[list[str]]:
    assert response.data.startswith("\ufeff".encode())
    return list(csv.reader(io.StringIO(response.data.decode("utf-8-sig"), newline="")))


def test_the_ledger_csv_has_a_row_per_hand_with_each_sides_running_total(home, played):
    phone = home.test_client()

    table = read_csv(phone.get(f"/matches/{played['finished']}/ledger.csv"))

    assert table[0] == [
        "Hand",
        "Dealer",
        "Bidder",
        "Bid",
        "Trump",
        "Result",
        "Nord–Süd meld",
        "Nord–Süd tricks",
        "Nord–Süd points",
        "Nord–Süd total",
        "Ost–West meld",
        "Ost–West tricks",
        "Ost–West points",
        "Ost–West total",
    ]
    assert table[1] == [
        "1", "Ann", "Ann", "250", "spades", "made", "100", "150", "250", "250",
        "60", "100", "160", "160",
    ]  # fmt: skip
    assert table[2][:6] == ["2", "Ben", "Ben", "300", "hearts", "thrown in"]
    assert table[2][6:] == ["40", "", "40", "290", "20", "", "-300", "-140"]
    # Hand 3's meld comes from the cards: a run (150) for Ann, a marriage (20) for Dov.
    assert table[3][6] == "150" and table[3][10] == "20"
    with home.app_context():
        ledger = load_state(played["finished"]).ledger
    assert [int(table[-1][9]), int(table[-1][13])] == list(ledger.totals)
    assert len(table) == 1 + len(ledger.rows)


def test_the_csv_says_who_was_stuck_when_all_passed_and_leaves_a_redeal_blank(home, played):
    table = read_csv(home.test_client().get(f"/matches/{played['redeal']}/ledger.csv"))

    assert table[1][:6] == ["1", "Cleo", "", "", "", "redeal"]
    assert table[2][:6] == ["2", "Cleo", "Cleo", "20", "hearts", "set"]


def test_a_name_that_looks_like_a_formula_stays_text_in_the_spreadsheet(home, played):
    table = read_csv(home.test_client().get(f"/matches/{played['every rule']}/ledger.csv"))

    assert table[0][6] == "'=SUM(A1) meld"
    # Numbers below zero are numbers, not text.
    assert any(cell.startswith("-") for row in table[1:] for cell in row)


# ================================================================ a dice game's sheets as CSV


def test_the_yahtzee_csv_is_the_card_a_row_per_box_a_column_per_player(home, played):
    table = read_csv(home.test_client().get(f"/dice/{played['yahtzee']}/scores.csv"))

    labels = [row[0] for row in table]
    assert labels == [
        "Box",
        "Ones", "Twos", "Threes", "Fours", "Fives", "Sixes",
        "Upper subtotal", "Upper bonus",
        "Three of a kind", "Four of a kind", "Full house", "Small straight",
        "Large straight", "Yahtzee", "Chance",
        "Yahtzee bonus", "Total",
    ]  # fmt: skip
    rows = {row[0]: row[1:] for row in table}
    assert rows["Box"] == ["Ann", "Bob"]
    # Ann: 1 1 1 2 3 in Ones (3), 6 6 6 5 5 in Chance (28); Bob: a Yahtzee, a large straight.
    assert rows["Ones"] == ["3", ""]
    assert rows["Chance"] == ["28", ""]
    assert rows["Yahtzee"] == ["", "50"]
    assert rows["Large straight"] == ["", "40"]
    # An open box is an empty cell, so a spreadsheet's sum counts only what was scored.
    assert rows["Twos"] == ["", ""]
    assert rows["Upper subtotal"] == ["3", "0"]
    assert rows["Upper bonus"] == rows["Yahtzee bonus"] == ["0", "0"]
    assert rows["Total"] == ["31", "90"]
    with home.app_context():
        assert [int(total) for total in rows["Total"]] == list(
            load_dice_state(played["yahtzee"]).totals
        )


def test_the_triple_csv_has_a_column_per_player_and_card_column_with_what_each_counts_as(
    home, played
):
    table = read_csv(home.test_client().get(f"/dice/{played['triple']}/scores.csv"))

    rows = {row[0]: row[1:] for row in table}
    assert rows["Box"] == [
        f"{name} ×{times}" for name in ("Ann", "Bob", "Cy") for times in (1, 2, 3)
    ]
    assert rows["Ones"][:3] == ["3", "", ""]
    assert rows["Yahtzee"][:3] == ["", "", "50"]
    assert rows["Twos"][3:6] == ["", "6", ""]
    assert rows["Column total"] == ["3", "0", "50", "0", "6", "0", "0", "0", "9"]
    assert rows["Counts as"] == ["3", "0", "150", "0", "12", "0", "0", "0", "27"]
    # The grand total stands under each player's first column.
    assert rows["Total"] == ["153", "", "", "12", "", "", "27", "", ""]


def test_the_farkle_csv_has_a_row_per_round_with_each_players_points_and_running_total(
    home, played
):
    phone = home.test_client()

    finished = read_csv(phone.get(f"/dice/{played['farkle']}/scores.csv"))
    started = read_csv(phone.get(f"/dice/{played['farkle on']}/scores.csv"))

    assert finished == [
        ["Round", "Ann points", "Ann total", "Bob points", "Bob total"],
        ["1", "1050", "1050", "0", "0"],
    ]
    # Ann's 350 is under the opening score and counts 0; Cy's turn is still to come.
    assert started[1] == ["1", "0", "0", "0", "0", "", ""]


def test_the_farkle_csv_starts_a_row_for_each_new_round(home):
    with home.app_context():
        token = store_dice_game(
            "farkle",
            ["Ann", "=Bob"],
            [
                {"player": 0, "total": 600},
                {"player": 1, "farkle": True},
                {"player": 0, "total": 300},
                {"player": 1, "total": 500},
                {"player": 0, "farkle": True},
            ],
        )

    table = read_csv(home.test_client().get(f"/dice/{token}/scores.csv"))

    assert table == [
        ["Round", "Ann points", "Ann total", "'=Bob points", "'=Bob total"],
        ["1", "600", "600", "0", "0"],
        ["2", "300", "900", "500", "500"],
        ["3", "0", "900", "", ""],
    ]


@pytest.mark.parametrize(
    ("game", "name"),
    [
        ("yahtzee", "scorekeeper-yahtzee-cards-2024-05-01-ann-v-bob.csv"),
        ("triple", "scorekeeper-triple-cards-2024-05-01-ann-v-bob-v-cy.csv"),
        ("farkle", "scorekeeper-farkle-turns-2024-05-01-ann-v-bob.csv"),
    ],
)
def test_the_score_sheet_downloads_as_an_attachment_named_for_the_game(home, played, game, name):
    response = home.test_client().get(f"/dice/{played[game]}/scores.csv")

    assert response.status_code == 200
    assert response.headers["Content-Type"] == "text/csv; charset=utf-8"
    assert response.headers["Content-Disposition"] == f"attachment; filename={name}"
    assert response.headers["Cache-Control"] == "no-store"


# ================================================================ a dice game's view link


def test_the_document_holds_each_dice_games_view_token(home, played):
    doc = export_all(home)

    for game in doc["dice_games"]:
        assert set(game) == set(imports.DICE_GAME_FIELDS)
        assert game["view_token"] == dice_view_token(home, game["token"])
        assert game["view_token"] != game["token"]


def test_an_imported_dice_game_opens_at_the_same_view_link(home, club, played):
    token = played["yahtzee"]
    view = dice_view_token(home, token)
    seen = visible_text(home.test_client().get(f"/dice/watch/{view}"))
    doc = export_all(home)

    with club.app_context():
        import_document(read_document(json.dumps(doc)))

    assert dice_view_token(club, token) == view
    assert visible_text(club.test_client().get(f"/dice/watch/{view}")) == seen


def test_an_old_file_without_view_tokens_gives_each_dice_game_a_fresh_one(home, club, played):
    doc = export_all(home)
    for game in doc["dice_games"]:
        del game["view_token"]

    with club.app_context():
        assert import_document(read_document(json.dumps(doc))) == (5, 4, 0, 0, 0)

    views = [dice_view_token(club, game["token"]) for game in doc["dice_games"]]
    theirs = {dice_view_token(home, game["token"]) for game in doc["dice_games"]}
    edit_tokens = {game["token"] for game in doc["dice_games"]}
    assert len(set(views)) == 4
    assert not set(views) & (theirs | edit_tokens)
    for view in views:
        assert import_fields.TOKEN.fullmatch(view)
        assert club.test_client().get(f"/dice/watch/{view}").status_code == 200


def test_a_dice_game_whose_view_link_is_in_use_is_refused(home, club, played):
    doc = export_all(home)
    with club.app_context():
        import_document(
            read_document(json.dumps({**doc, "matches": [], "dice_games": [doc["dice_games"][0]]}))
        )
    before = stored_rows(club)
    doc["dice_games"][0]["token"] = "a" * 24  # a new edit link, its view link already here

    with (
        club.app_context(),
        pytest.raises(ImportRefused, match="dice game 1 .* its link is in use"),
    ):
        import_document(read_document(json.dumps(doc)))

    assert stored_rows(club) == before


def test_one_view_token_given_to_two_dice_games_is_refused(home, club, played):
    doc = export_all(home)
    doc["dice_games"][1]["view_token"] = doc["dice_games"][0]["view_token"]

    with (
        club.app_context(),
        pytest.raises(ImportRefused, match="dice game 2 has the same link token as dice game 1"),
    ):
        import_document(read_document(json.dumps(doc)))

    assert stored_rows(club) == (0, 0, 0, 0)


# =========================================================================== downloads


def test_the_downloads_are_attachments_named_for_the_match(home, played):
    phone = home.test_client()
    token = played["finished"]

    ledger = phone.get(f"/matches/{token}/ledger.csv")
    match = phone.get(f"/matches/{token}/export.json")

    assert ledger.status_code == 200
    assert ledger.headers["Content-Type"] == "text/csv; charset=utf-8"
    assert ledger.headers["Content-Disposition"] == (
        "attachment; filename=scorekeeper-ledger-2024-05-01-nord-sud-v-ost-west.csv"
    )
    assert ledger.headers["Cache-Control"] == "no-store"
    assert match.headers["Content-Type"] == "application/json"
    assert match.headers["Content-Disposition"] == (
        "attachment; filename=scorekeeper-match-2024-05-01-nord-sud-v-ost-west.json"
    )
    assert match.headers["Cache-Control"] == "no-store"
    doc = match.get_json()
    assert [m["edit_token"] for m in doc["matches"]] == [token]
    assert doc["dice_games"] == []


def test_a_dice_game_downloads_as_json(home, played):
    token = played["yahtzee"]

    response = home.test_client().get(f"/dice/{token}/export.json")

    assert response.status_code == 200
    assert response.headers["Content-Disposition"] == (
        "attachment; filename=scorekeeper-yahtzee-2024-05-01-ann-v-bob.json"
    )
    doc = response.get_json()
    assert doc["matches"] == []
    assert [game["token"] for game in doc["dice_games"]] == [token]


@pytest.mark.parametrize(
    ("game", "sheet"), [("finished", "ledger.csv"), ("triple", "scores.csv")], ids=["match", "dice"]
)
def test_the_view_link_downloads_the_same_sheet_but_never_the_json_holding_the_edit_link(
    home, played, game, sheet
):
    phone = home.test_client()
    edit = played[game]
    area, other = ("matches", "dice") if game == "finished" else ("dice", "matches")
    view = match_view_token(home, edit) if area == "matches" else dice_view_token(home, edit)

    watched = phone.get(f"/{area}/watch/{view}/{sheet}")
    assert watched.status_code == 200
    assert read_csv(watched) == read_csv(phone.get(f"/{area}/{edit}/{sheet}"))
    assert edit.encode() not in watched.data
    for address in (
        f"/{area}/{view}/export.json",
        f"/{area}/{view}/{sheet}",
        f"/{area}/watch/{edit}/{sheet}",
        f"/{area}/{'x' * 24}/export.json",
        f"/{other}/{'x' * 24}/export.json",
        f"/{other}/{edit}/export.json",
    ):
        assert phone.get(address).status_code == 404, address
    assert phone.get(f"/{area}/watch/{view}/export.json").status_code in (404, 405)


def match_view_token(app: Flask, edit_token: str) -> str:
    with app.app_context():
        return db.session.scalar(db.select(Match.view_token).where(Match.edit_token == edit_token))


def downloads(response) -> dict[str, str]:
    """The download links of a page: {their words: their address}."""
    assert response.status_code == 200
    return {a.text: a.attrs["href"] for a in read(response).all("a") if "download" in a.attrs}


def test_the_match_page_offers_both_downloads_and_the_view_page_only_the_ledger(home, played):
    phone = home.test_client()
    with home.app_context():
        match = db.session.scalar(db.select(Match).where(Match.edit_token == played["finished"]))
        edit, view = match.edit_token, match.view_token

    page = downloads(phone.get(f"/matches/{edit}"))
    fragment = downloads(phone.get(f"/matches/{edit}", headers={"HX-Request": "true"}))
    watch = downloads(phone.get(f"/matches/watch/{view}"))

    # A won match also offers its result card, by the view link only (issue 16).
    card = {"Share the result": f"/matches/watch/{view}/card.png"}
    assert (
        page
        == fragment
        == {
            "ledger (CSV)": f"/matches/{edit}/ledger.csv",
            "match (JSON)": f"/matches/{edit}/export.json",
            **card,
        }
    )
    assert watch == {"ledger (CSV)": f"/matches/watch/{view}/ledger.csv", **card}
    for address in (*page.values(), *watch.values()):
        assert phone.get(address).status_code == 200


def test_the_dice_page_offers_both_downloads_and_the_view_page_only_the_score_sheet(home, played):
    phone = home.test_client()
    token = played["farkle"]
    view = dice_view_token(home, token)

    page = downloads(phone.get(f"/dice/{token}"))
    watch = downloads(phone.get(f"/dice/watch/{view}"))

    # A finished game also offers its result card, by the view link only (issue 16).
    card = {"Share the result": f"/dice/watch/{view}/card.png"}
    assert page == {
        "score sheet (CSV)": f"/dice/{token}/scores.csv",
        "game (JSON)": f"/dice/{token}/export.json",
        **card,
    }
    assert watch == {"score sheet (CSV)": f"/dice/watch/{view}/scores.csv", **card}
    for address in (*page.values(), *watch.values()):
        assert phone.get(address).status_code == 200


# ============================================================================ commands


def test_flask_export_writes_every_match_to_the_standard_output(home, played):
    doc = export_all(home)

    assert len(doc["matches"]) == 5
    assert len(doc["dice_games"]) == 4


def test_flask_export_of_one_match_or_game_holds_only_it(home, played):
    doc = export_all(home, "--match", played["redeal"], "--dice", played["farkle"])

    assert [m["edit_token"] for m in doc["matches"]] == [played["redeal"]]
    assert [g["token"] for g in doc["dice_games"]] == [played["farkle"]]


def test_flask_export_of_a_match_that_is_not_there_says_so(home, played):
    with home.app_context():
        view = db.session.scalar(
            db.select(Match.view_token).where(Match.edit_token == played["redeal"])
        )

    result = home.test_cli_runner().invoke(args=["export", "--match", view])

    assert result.exit_code == 1
    assert f"Error: No match has the edit token {view}." in result.output


def test_flask_export_to_a_file(home, played, tmp_path):
    target = tmp_path / "exports" / "all.json"

    result = home.test_cli_runner().invoke(args=["export", "--output", str(target)])

    assert result.exit_code == 0, result.output
    assert "Exported 5 matches and 4 dice games to" in result.output
    assert json.loads(target.read_text(encoding="utf-8"))["format"] == "scorekeeper"
    assert [path.name for path in target.parent.iterdir()] == ["all.json"]


def test_flask_import_reads_the_standard_input(home, club, played):
    text = json.dumps(export_all(home, "--match", played["finished"]))

    result = club.test_cli_runner().invoke(args=["import", "-"], input=text)

    assert result.exit_code == 0, result.output
    assert "Imported 1 match and 0 dice games." in result.output
    assert stored_rows(club) == (1, 3, 0, 0)


def test_flask_backup_copies_the_sqlite_database_into_the_instance_folder(home, played):
    if not on_sqlite(home):
        pytest.skip("SQLite's backup API")

    result = home.test_cli_runner().invoke(args=["backup"])

    assert result.exit_code == 0, result.output
    (copy,) = (Path(home.instance_path) / "backups").iterdir()
    assert copy.name.startswith("scorekeeper-") and copy.name.endswith("Z.sqlite3")
    assert f"Backed up to {copy}." in result.output
    assert integrity(copy) == "ok"
    with sqlite3.connect(copy) as backup:
        tokens = {token for (token,) in backup.execute("SELECT edit_token FROM match")}
    assert played["finished"] in tokens


def test_flask_backup_of_another_database_is_the_json_export(home, played):
    if on_sqlite(home):
        pytest.skip("PostgreSQL (TEST_DATABASE_URL) is backed up as the JSON export")

    result = home.test_cli_runner().invoke(args=["backup"])

    assert result.exit_code == 0, result.output
    (copy,) = (Path(home.instance_path) / "backups").iterdir()
    assert copy.name.startswith("scorekeeper-") and copy.name.endswith("Z.json")
    assert f"Backed up to {copy}." in result.output
    backup = json.loads(copy.read_text(encoding="utf-8"))
    assert without_export_time(backup) == without_export_time(export_all(home))


def test_a_backup_serves_as_the_database_of_a_site(home, played, tmp_path):
    if not on_sqlite(home):
        pytest.skip("SQLite's backup API")
    target = tmp_path / "restore" / "scorekeeper.sqlite3"
    result = home.test_cli_runner().invoke(args=["backup", "--output", str(target)])
    assert result.exit_code == 0, result.output

    restored = with_transfer(
        create_app(
            {
                **SETTINGS,
                "INSTANCE_PATH": tmp_path / "restore" / "instance",
                "SQLALCHEMY_DATABASE_URI": f"sqlite:///{target}",
            }
        )
    )

    try:
        assert what_players_see(restored) == what_players_see(home)
    finally:
        with restored.app_context():
            db.engine.dispose()


def test_flask_backup_will_not_write_over_the_database_itself(home, played):
    if not on_sqlite(home):
        pytest.skip("SQLite's backup API")
    database = home.config["SQLALCHEMY_DATABASE_URI"].removeprefix("sqlite:///")

    result = home.test_cli_runner().invoke(args=["backup", "--output", database])

    assert result.exit_code == 1
    assert "Error: The backup would replace the database itself." in result.output
    assert what_players_see(home)


def integrity(path: Path) -> str:
    with sqlite3.connect(path) as copy:
        return copy.execute("PRAGMA integrity_check").fetchone()[0]


def test_a_backup_taken_while_phones_save_is_whole_and_consistent(home, tmp_path):
    if not on_sqlite(home):
        pytest.skip("SQLite's backup API")
    stop = threading.Event()
    saved: list[int] = []

    def save_matches() -> None:
        # Each match is saved with its three hands in one transaction.
        with home.app_context():
            while not stop.is_set():
                match = Match(
                    game="two-handed",
                    side_names=["Ann", "Ben"],
                    player_names=["Ann", "Ben"],
                    hands=[
                        Hand(position=n, meld=[0, 0], tricks=[125, 125], trump=SPADES)
                        for n in (1, 2, 3)
                    ],
                )
                db.session.add(match)
                db.session.commit()
                saved.append(match.id)

    writer = threading.Thread(target=save_matches)
    writer.start()
    copies = []
    try:
        while len(saved) < 5 and writer.is_alive():
            stop.wait(0.01)
        for number in range(5):
            copy = tmp_path / f"copy-{number}.sqlite3"
            result = home.test_cli_runner().invoke(args=["backup", "-o", str(copy)])
            assert result.exit_code == 0, result.output
            copies.append(copy)
    finally:
        stop.set()
        writer.join()

    for copy in copies:
        assert integrity(copy) == "ok"
        with sqlite3.connect(copy) as backup:
            matches = backup.execute("SELECT count(*) FROM match").fetchone()[0]
            hands = backup.execute("SELECT count(*) FROM hand").fetchone()[0]
        assert matches >= 5
        assert hands == 3 * matches
    assert len(saved) > 5


# ------------------------------------------------------------------------------- groups


def make_family(app: Flask, played: dict[str, str]) -> str:
    """A group with two of the evening's matches and its Farkle game, a rename, a merge and
    a retired player; returns its edit token."""
    with app.app_context():
        session = db.session
        family = groups.create_group(session, "Smith family", ["Ann", "Annie", "Zed"])
        roster = {player.name: player.id for player in family.players}
        for token in (played["finished"], played["farkle"]):
            linked = group_games.game_to_add(session, family, token)
            picks = group_games.suggested_names(family, linked.names)
            group_games.add_game(session, family, token, picks)
        groups.rename_player(session, family, roster["Zed"], "Zed Smith")
        groups.set_retired(session, family, roster["Zed"], True)
        groups.merge_players(session, family, roster["Annie"], roster["Ann"])
        return family.edit_token


def group_games_by_token(app: Flask, token: str) -> dict[tuple[str, str, str], str]:
    """group_games of a group, each game named by its edit token (ids differ by site)."""
    with app.app_context():
        group = groups.find_group(db.session, token)
        _, _, names = group_history.group_games(db.session, group)
        tokens = {
            ("match", played.match_id): played.match.edit_token
            for played in group.games
            if played.match_id is not None
        } | {
            ("dice", played.dice_game_id): played.dice_game.token
            for played in group.games
            if played.dice_game_id is not None
        }
        return {
            (kind, tokens[kind, game_id], name): player
            for (kind, game_id, name), player in names.items()
        }


def test_a_group_with_its_roster_and_games_survives_the_trip(home, club, played, tmp_path):
    family = make_family(home, played)
    first = export_all(home)
    exported = tmp_path / "evening.json"
    exported.write_text(json.dumps(first), encoding="utf-8")

    result = import_file(club, exported)

    assert result.exit_code == 0, result.output
    assert "Imported 5 matches, 4 dice games and 1 group." in result.output
    assert without_export_time(export_all(club)) == without_export_time(first)
    assert group_games_by_token(club, family) == group_games_by_token(home, family)
    (group,) = first["groups"]
    assert {p["name"]: p["retired"] for p in group["players"]} == {
        "Ann": False,
        "Zed Smith": True,
        **dict.fromkeys(["Ben", "Cleo", "Dov", "Bob"], False),
    }
    assert visible_text(club.test_client().get(f"/groups/{family}")) == visible_text(
        home.test_client().get(f"/groups/{family}")
    )


def test_an_export_from_before_groups_still_imports(home, club, played):
    doc = export_all(home)
    del doc["groups"]

    with club.app_context():
        assert import_document(read_document(json.dumps(doc))) == (5, 4, 0, 0, 0)


def test_a_group_whose_game_is_nowhere_is_refused_and_nothing_is_written(home, club, played):
    make_family(home, played)
    doc = export_all(home)
    doc["matches"] = [m for m in doc["matches"] if m["edit_token"] != played["finished"]]

    with club.app_context(), pytest.raises(ImportRefused) as refused:
        import_document(read_document(json.dumps(doc)))

    assert f"no match with the token {played['finished']} is in the file or the database" in str(
        refused.value
    )
    assert stored_rows(club) == (0, 0, 0, 0)


def test_a_group_may_name_a_game_stored_already_but_not_one_in_a_group(home, club, played):
    family = make_family(home, played)
    with home.app_context():
        doc = export.document([], [], [], export.groups_where(db.session))
    everything = export_all(home)
    everything["groups"] = []
    with club.app_context():
        import_document(read_document(json.dumps(everything)))  # the games, without the group
        assert import_document(read_document(json.dumps(doc))) == (0, 0, 0, 1, 0)
    assert group_games_by_token(club, family) == group_games_by_token(home, family)

    doc["groups"][0]["edit_token"] = "another-edit-token-123"
    doc["groups"][0]["view_token"] = "another-view-token-123"
    with club.app_context(), pytest.raises(ImportRefused, match="is in a group already"):
        import_document(read_document(json.dumps(doc)))


@pytest.mark.parametrize(
    ("change", "said"),
    [
        (setting("groups", 0, "players", 1, "name", to=" ANN"), "group 1, player 2: "),
        (setting("groups", 0, "games", 0, "names", "Ann", to=9), "Ann is player 9"),
        (setting("groups", 0, "games", 0, "dice_game", to="some-dice-token-1234"), "either"),
        (dropping("groups", 0, "games", 0, "names", "Ann"), "names must map each player"),
    ],
)
def test_a_malformed_group_is_refused_with_a_sentence(home, club, played, change, said):
    make_family(home, played)
    doc = change(export_all(home))
    with club.app_context(), pytest.raises(ImportRefused, match=said):
        import_document(read_document(json.dumps(doc)))
    assert stored_rows(club) == (0, 0, 0, 0)


def test_flask_export_of_a_group_holds_it_and_its_games_only(home, played):
    family = make_family(home, played)
    doc = export_all(home, "--group", family)

    assert [g["edit_token"] for g in doc["groups"]] == [family]
    assert [m["edit_token"] for m in doc["matches"]] == [played["finished"]]
    assert [g["token"] for g in doc["dice_games"]] == [played["farkle"]]


def test_the_group_downloads_as_json_by_its_edit_link_only(home, played):
    family = make_family(home, played)
    phone = home.test_client()
    response = phone.get(f"/groups/{family}/export.json")
    assert response.status_code == 200
    assert response.headers["Content-Disposition"].startswith("attachment")
    assert [g["edit_token"] for g in json.loads(response.data)["groups"]] == [family]
    with home.app_context():
        view = groups.find_group(db.session, family).view_token
    assert phone.get(f"/groups/{view}/export.json").status_code == 404
