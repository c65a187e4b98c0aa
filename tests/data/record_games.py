"""Record games with the code from before the games registry, for the replay test.

Issue 23 asks that the registry leave the existing games' behaviour unchanged: 120
recorded pinochle matches and the dice games a database holds must replay to what they
replayed to before. This script made ``recorded_games.json`` that
``tests/test_recorded_games_replay.py`` reads. It is kept so the file can be made again
and checked, not run by the test suite.

It plays, from one fixed seed, 120 pinochle matches over every preset and a spread of
house rules (some hands with every player's cards, so the preset's meld table counts
them) and 120 dice games (Yahtzee, Triple Yahtzee and Farkle, house rules varied,
finished and unfinished). Every hand and turn goes through the site's own services into
a SQLite database, as a phone would store it; refused entries are drawn again. Then it
exports the site's backup document (services/export.py) and, beside it, each game's
replay as that code worked it out: every hand's result, points, counts, sentence,
running totals and dealer, the winner and why; every sheet's turns, box scores,
bonuses and totals, the standing; every Farkle turn's points, sentence and totals.

Run it from a worktree of the code before the registry (main at a6edcb9) with that
worktree's own environment::

    git worktree add /work/wt-old a6edcb9
    cd /work/wt-old && python3 -m venv .venv \\
        && .venv/bin/pip install -q -c constraints.txt -e '.[dev]'
    .venv/bin/python /path/to/tests/data/record_games.py /path/to/tests/data/recorded_games.json

The output is the same for the same code: the seed is fixed, and the tokens and times
the site draws are replaced by ones made from each game's number.
"""

from __future__ import annotations

import json
import random
import sys
import tempfile
from pathlib import Path
from typing import Any

from scorekeeper import create_app, database
from scorekeeper.extensions import db
from scorekeeper.rules import FarkleTurn, RuleError
from scorekeeper.rules.cards import ALL_CARDS
from scorekeeper.rules.farkle import scoring_part
from scorekeeper.rules.pinochle import PRESETS, valid_bids, with_rules
from scorekeeper.rules.yahtzee import BOXES
from scorekeeper.services import dice, dice_turns, export, hands, matches

SEED = 23
MATCHES = 120
DICE_GAMES = 120
MOST_HANDS = 11  # a match stops here if nobody has won: keeps the file small
TRIES = 40  # draws of one hand or turn before the script gives up on a game

# House rules to draw from, by knob: values every preset takes (the preset's own value
# is added too, so a default spelled out is drawn as well).
PINOCHLE_KNOBS: dict[str, list[Any]] = {
    "save_rule": ["both", "non-bidders", "none"],
    "save_with": ["points", "trick"],
    "throw_in": ["unmakeable", "any-time", "never"],
    "throw_in_others": ["meld", "nothing"],
    "tie_rule": ["bidder", "higher", "play-on"],
    "run_extras": ["flush", "strict"],
    "set_penalty": [1, 2],
    "trump_needs_marriage": [True, False],
    "nines_redeal": [True, False],
    "dealer_nine": [0, 10],
    "royal_marriage": [40, 80],
    "common_marriage": [20, 40],
    "dix": [10, 0],
    "pinochle": [[40, 300], [40, 150]],
    "aces_around": [[100, 1000], [100, 500]],
    "kings_around": [[80, 800], [80, 400]],
    "queens_around": [[60, 600], [60, 300]],
    "jacks_around": [[40, 400], [40, 200]],
    "run": [[150, 1500], [250, 1500]],
}
TABLE_KNOBS = ("pinochle", "aces_around", "kings_around", "queens_around", "jacks_around", "run")

YAHTZEE_KNOBS: dict[str, list[Any]] = {"joker": ["forced", "free"]}
TRIPLE_KNOBS: dict[str, list[Any]] = {**YAHTZEE_KNOBS, "bonus_multiplied": [True, False]}
FARKLE_KNOBS: dict[str, list[Any]] = {
    "opening_score": [0, 350, 500, 1000],
    "three_farkles_penalty": [0, -500, -1000],
    "target": [1000, 2000, 3000],
    "straight": [1000, 1500, 2500],
    "three_pairs": [750, 1000, 1500],
    "two_triplets": [1500, 2500],
    "four_and_pair": ["three-pairs", "separate"],
    "n_of_a_kind": ["fixed", "doubling"],
    "three_ones": [1000, 300],
}


def _token(kind: str, number: int) -> str:
    """A link token of the site's shape (24 letters), made from the game's number."""
    return f"replay-{kind}-{number:03d}".ljust(24, "x")


def _form_token(name: str) -> str:
    """A form's one-time token of the site's shape (16 to 40 URL-safe letters)."""
    return name.ljust(16, "x")[:40]


def _house_rules(rng: random.Random, preset) -> dict[str, Any]:
    """A few house rules for a preset that it takes (drawn again while one is refused)."""
    for _ in range(TRIES):
        chosen = rng.sample(sorted(PINOCHLE_KNOBS), rng.randint(0, 5))
        rules: dict[str, Any] = {}
        for knob in chosen:
            values = PINOCHLE_KNOBS[knob]
            rules[knob] = rng.choice(values)
            if knob in TABLE_KNOBS:
                # A table holds one number per copy of a card in the deck: once, twice, ...
                first, second = rules[knob]
                rules[knob] = [first, second, *(second * n for n in range(2, preset.deck.copies))]
                rules[knob] = rules[knob][: preset.deck.copies]
        if rng.random() < 0.4:
            rules["target"] = rng.choice([preset.target // 2, preset.target, preset.target * 2])
        if preset.bidding and rng.random() < 0.3:
            rules["moon"] = rng.choice([0, preset.target])
        try:
            with_rules(preset, rules)
        except RuleError:
            continue
        return rules
    return {}


def _dealt_cards(rng: random.Random, preset) -> list[str]:
    """Every player's cards, dealt from the preset's deck (its widow left out)."""
    deck = [
        card.code
        for card in ALL_CARDS
        if card.rank in preset.deck.ranks
        for _ in range(preset.deck.copies)
    ]
    rng.shuffle(deck)
    size = preset.hand_sizes[0]
    return [" ".join(deck[seat * size : (seat + 1) * size]) for seat in range(preset.players)]


def _split(rng: random.Random, total: int, unit: int, sides: int) -> list[int]:
    """Trick points of a hand shared among the sides, in the preset's unit."""
    cuts = sorted(rng.randint(0, total // unit) * unit for _ in range(sides - 1))
    edges = [0, *cuts, total]
    return [edges[n + 1] - edges[n] for n in range(sides)]


def _hand(rng: random.Random, preset, plain: bool) -> dict[str, Any]:
    """One hand's entries as the hand form sends them; ``plain`` draws no rare outcome."""
    unit = preset.meld_unit
    # Meld on the preset's scale (a tenth in the small partnership game), in its unit.
    scale = preset.trick_total / 250
    meld = [round(rng.randint(0, 40) * 10 * scale / unit) * unit for _ in range(preset.sides)]
    entries: dict[str, Any] = {
        "bidder": None,
        "bid": None,
        "all_passed": False,
        "trump": rng.randrange(4),
        "meld": meld,
        "tricks": _split(rng, preset.trick_total, preset.trick_unit, preset.sides),
        "thrown_in": False,
        "no_marriage": False,
        "redeal": False,
        "turned_nine": False,
        "cards": None,
        "took_trick": None,
        "moon": False,
    }
    if preset.bidding:
        entries["bidder"] = rng.randrange(preset.players)
        entries["bid"] = rng.choice(valid_bids(preset, 12))
    if rng.random() < 0.3:
        entries["cards"] = _dealt_cards(rng, preset)
        if rng.random() < 0.3:
            entries["cards"][rng.randrange(preset.players)] = None
    if plain:
        return entries
    roll = rng.random()
    if preset.bidding and roll < 0.08:
        entries.update(thrown_in=True, tricks=None)
    elif preset.bidding and roll < 0.12:
        entries.update(all_passed=True, bid=preset.stuck_bid or preset.min_bid)
    elif preset.bidding and roll < 0.15:
        entries["no_marriage"] = True
    elif roll < 0.18:
        entries.update(redeal=True, tricks=None, meld=[0] * preset.sides, cards=None)
    elif preset.moon and roll < 0.3:
        entries["moon"] = True
        if rng.random() < 0.5:
            # The bidding side took every trick: the moon is shot.
            side = preset.side_of(entries["bidder"])
            entries["tricks"] = [preset.trick_total * (n == side) for n in range(preset.sides)]
    elif roll < 0.35:
        entries["took_trick"] = [points > 0 for points in entries["tricks"]]
    if preset.save_with == "trick" and entries["tricks"] and rng.random() < 0.6:
        # Where meld is saved by taking a trick, the table says who took one (a side may
        # take a trick worth no points, so not always the sides with points).
        entries["took_trick"] = [points > 0 or rng.random() < 0.3 for points in entries["tricks"]]
    if rng.random() < 0.1:
        entries["turned_nine"] = True
    return entries


def _play_match(session, rng: random.Random, number: int, game: str) -> None:
    """Start a match and save hands through the services until it is won or long enough."""
    preset = PRESETS[game]
    rules = _house_rules(rng, preset)
    match = hands.start_match(
        session,
        game=game,
        house_rules=rules,
        side_names=[f"Side {n + 1}" for n in range(preset.sides)],
        player_names=[f"Player {n + 1}" for n in range(preset.players)],
        first_dealer=rng.randrange(preset.players),
    )
    match.edit_token, match.view_token = _token("m", number), _token("mv", number)
    session.commit()
    preset = with_rules(preset, rules)
    for _ in range(rng.randint(3, MOST_HANDS)):
        state = matches.load_match(session, match.edit_token)
        if state.over:
            return
        for attempt in range(TRIES):
            entries = _hand(rng, preset, plain=attempt > TRIES // 2)
            try:
                hands.add_hand(
                    session,
                    match.edit_token,
                    entries,
                    version=state.match.version,
                    form_token=_form_token(f"hand-{number}-{len(state.hands)}-{attempt}"),
                )
                break
            except RuleError:
                session.rollback()
        else:
            raise SystemExit(f"match {number}: no hand was taken after {TRIES} draws")


def _yahtzee_dice(rng: random.Random) -> list[int]:
    """Five dice; five alike more often than chance, so jokers and bonuses are played."""
    if rng.random() < 0.2:
        return [rng.randint(1, 6)] * 5
    return [rng.randint(1, 6) for _ in range(5)]


def _play_sheet(session, rng: random.Random, token: str, kind: str, turns: int) -> None:
    """Enter up to ``turns`` sheet turns, each in a box the service takes."""
    for _ in range(turns):
        state = dice.load_game(session, token)
        if state.over:
            return
        sheet = state.sheets[state.next_player].card
        open_boxes = [
            (column.number, box) for column in sheet.columns for box in column.card.open_boxes
        ]
        for attempt in range(TRIES):
            faces = _yahtzee_dice(rng)
            # Mostly an open box; now and then any box, which the service must refuse.
            column, box = rng.choice(open_boxes)
            if rng.random() < 0.05:
                column, box = rng.randint(1, 3), rng.choice(BOXES)
            try:
                dice_turns.add_yahtzee_turn(
                    session,
                    token,
                    "".join(map(str, faces)),
                    box,
                    column if kind == "triple" else None,
                    version=state.game.version,
                    form_token=_form_token(f"{token}-{state.next_number}-{attempt}"),
                    number=state.next_number,
                )
                break
            except RuleError:
                session.rollback()
        else:
            raise SystemExit(f"{token}: no turn was taken after {TRIES} draws")


def _farkle_turn(rng: random.Random, rules) -> FarkleTurn:
    """A turn as a table enters it: the kept dice of each throw, a total, or a farkle."""
    roll = rng.random()
    if roll < 0.15:
        return FarkleTurn(farkle=True)
    if roll < 0.35:
        return FarkleTurn(total=rng.randint(1, 40) * 50)
    kept: list[str] = []
    left = 6
    while True:
        thrown = [rng.randint(1, 6) for _ in range(left)]
        scoring = scoring_part(thrown, rules)
        if not scoring:
            return FarkleTurn(farkle=True) if not kept else FarkleTurn(tuple(kept))
        keep = list(scoring)
        if len(keep) > 1 and rng.random() < 0.3:
            keep = keep[: rng.randint(1, len(keep))]
        kept.append("".join(map(str, keep)))
        left = left - len(keep) or 6
        if rng.random() < 0.45:
            return FarkleTurn(tuple(kept))


def _play_farkle(session, rng: random.Random, token: str, turns: int) -> None:
    """Enter up to ``turns`` Farkle turns; a refused draw (kept dice that do not all
    score as kept) is drawn again."""
    for _ in range(turns):
        state = dice.load_game(session, token)
        if state.over:
            return
        for attempt in range(TRIES):
            try:
                dice_turns.add_farkle_turn(
                    session,
                    token,
                    _farkle_turn(rng, state.rules),
                    version=state.game.version,
                    form_token=_form_token(f"{token}-{state.next_number}-{attempt}"),
                    number=state.next_number,
                )
                break
            except RuleError:
                session.rollback()
        else:
            raise SystemExit(f"{token}: no turn was taken after {TRIES} draws")


def _dice_rules(rng: random.Random, knobs: dict[str, list[Any]]) -> dict[str, Any]:
    chosen = rng.sample(sorted(knobs), rng.randint(0, len(knobs)))
    return {knob: rng.choice(knobs[knob]) for knob in chosen}


def _play_dice_game(session, rng: random.Random, number: int) -> None:
    """Start a dice game and play it to its end, or stop it part way (one in four)."""
    kind = ("yahtzee", "triple", "farkle")[number % 3]
    knobs = {"yahtzee": YAHTZEE_KNOBS, "triple": TRIPLE_KNOBS, "farkle": FARKLE_KNOBS}[kind]
    # Triple Yahtzee is 39 turns a player: one or two players keep the file small.
    most = {"yahtzee": 4, "triple": 2, "farkle": 3}[kind]
    players = [f"Player {n + 1}" for n in range(rng.randint(1 if kind != "farkle" else 2, most))]
    game = dice_turns.start_dice_game(session, kind, players, _dice_rules(rng, knobs))
    game.token, game.view_token = _token("d", number), _token("dv", number)
    session.commit()
    finished = rng.random() < 0.75
    if kind == "farkle":
        _play_farkle(session, rng, game.token, 400 if finished else rng.randint(1, 30))
    else:
        whole = len(BOXES) * len(players) * (3 if kind == "triple" else 1)
        if kind == "triple" and len(players) > 1:
            finished = False  # 78 turns: played part way, to keep the file small
        _play_sheet(session, rng, game.token, kind, whole if finished else rng.randint(1, whole))


# ------------------------------------------------------------ outcomes as this code says


def match_outcome(state) -> dict[str, Any]:
    """A match's replay: every hand's row and how the match stands."""
    ledger = state.ledger
    return {
        "rows": [
            {
                "number": row.number,
                "result": row.outcome.result,
                "points": list(row.outcome.points),
                "sentence": row.outcome.sentence,
                "bidder": row.outcome.bidder,
                "bid": row.outcome.bid,
                "counts": list(row.outcome.counts),
                "totals": list(row.totals),
                "dealer": row.dealer,
                "meld": list(row.hand.meld),
            }
            for row in ledger.rows
        ],
        "totals": list(ledger.totals),
        "winner": ledger.winner,
        "win_reason": ledger.win_reason,
        "next_dealer": ledger.next_dealer,
        "target": ledger.target,
    }


def sheet_outcome(state) -> dict[str, Any]:
    """A Yahtzee or Triple game's replay: every sheet's turns, boxes and totals."""
    return {
        "sheets": [
            {
                "turns": [
                    {
                        "number": turn.number,
                        "column": turn.column,
                        "box": turn.box,
                        "dice": list(turn.dice),
                        "points": turn.points,
                        "bonus": turn.bonus,
                        "joker": turn.joker,
                        "total": turn.total,
                    }
                    for turn in sheet.card.turns
                ],
                "columns": [
                    {
                        "number": column.number,
                        "multiplier": column.multiplier,
                        "bonus_multiplier": column.bonus_multiplier,
                        "boxes": dict(zip(BOXES, column.card.scores, strict=True)),
                        "upper_bonus": column.upper_bonus,
                        "yahtzee_bonus": column.yahtzee_bonus,
                        "total": column.total,
                    }
                    for column in sheet.card.columns
                ],
                "upper_bonus": sheet.card.upper_bonus,
                "yahtzee_bonus": sheet.card.yahtzee_bonus,
                "total": sheet.card.total,
                "complete": sheet.card.complete,
            }
            for sheet in state.sheets
        ],
        "totals": list(state.standing.totals),
        "complete": state.standing.complete,
        "winners": list(state.standing.winners),
        "next_player": state.standing.next_player,
    }


def farkle_outcome(state) -> dict[str, Any]:
    """A Farkle game's replay: every turn's points and sentence, and how it stands."""
    result = state.result
    return {
        "turns": [
            {
                "number": turn.number,
                "player": turn.player,
                "points": turn.points,
                "banked": turn.banked,
                "farkles_in_row": turn.farkles_in_row,
                "totals": list(turn.totals),
                "sentence": turn.sentence,
                "said": turn.said,
            }
            for turn in result.turns
        ],
        "totals": list(result.totals),
        "on_board": list(result.on_board),
        "next_player": result.next_player,
        "final_round": result.final_round,
        "final_round_by": result.final_round_by,
        "final_turns_left": list(result.final_turns_left),
        "over": result.over,
        "winners": list(result.winners),
    }


def record(output: Path) -> None:
    """Play the games into a new SQLite database and write the document and outcomes."""
    rng = random.Random(SEED)
    with tempfile.TemporaryDirectory() as folder:
        app = create_app(
            {
                "INSTANCE_PATH": folder,
                "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder}/recorded.sqlite3",
                "SECRET_KEY": "-",
            }
        )
        with app.app_context():
            database.upgrade()
            session = db.session
            games = sorted(PRESETS)
            for number in range(MATCHES):
                _play_match(session, rng, number, games[number % len(games)])
            for number in range(DICE_GAMES):
                _play_dice_game(session, rng, number)
            session.expire_all()
            stored_matches = export.matches_where(session)
            stored_games = export.dice_games_where(session)
            doc = export.document(stored_matches, stored_games)
            # Times the site stamped: fixed, so the same code writes the same file.
            doc["exported_at"] = "2026-12-02T00:00:00"
            for record_ in doc["matches"]:
                record_["created_at"] = "2026-12-01T00:00:00"
                for hand in record_["hands"]:
                    hand["created_at"] = "2026-12-01T00:00:00"
            for record_ in doc["dice_games"]:
                record_["created_at"] = "2026-12-01T00:00:00"
                for turn in record_["turns"]:
                    turn["created_at"] = "2026-12-01T00:00:00"
            outcomes: dict[str, Any] = {"matches": {}, "dice_games": {}}
            for match in stored_matches:
                state = matches.load_match(session, match.edit_token)
                outcomes["matches"][match.edit_token] = match_outcome(state)
            for game in stored_games:
                state = dice.load_game(session, game.token)
                shape = farkle_outcome if game.kind == "farkle" else sheet_outcome
                outcomes["dice_games"][game.token] = shape(state)
            db.engine.dispose()
    text = json.dumps({"document": doc, "outcomes": outcomes}, separators=(",", ":"))
    output.write_text(text + "\n", encoding="utf-8")
    print(f"{len(doc['matches'])} matches, {len(doc['dice_games'])} dice games, {len(text)} bytes")


if __name__ == "__main__":
    record(Path(sys.argv[1]))
