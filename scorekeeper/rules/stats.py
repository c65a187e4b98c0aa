# The rules of statistics across games: what one replayed match or dice game adds to each
# player's numbers (matches, wins, bids made or set, meld; games, totals, Yahtzees,
# farkles), to each partnership and to each pair of opponents; how those numbers add up
# over many games; and how a sum is reported (shared/API.md, "Statistics").

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import reduce
from itertools import combinations
from typing import Any, TypeVar

from .dice_games import DICE_GAMES
from .errors import RuleError
from .farkle import FarkleGame, FarkleTurn
from .pinochle import Ledger, Preset
from .sentences import said
from .yahtzee import Scorecard, YahtzeeStanding

__all__ = [
    "FarkleNumbers",
    "Pairing",
    "PinochleNumbers",
    "Rivalry",
    "Stats",
    "YahtzeeNumbers",
    "farkle_stats",
    "pinochle_stats",
    "player_name",
    "stats_report",
    "whole_mean",
    "sheet_stats",
    "yahtzee_stats",
]

# A hand's result, as the ledger says it, and the count of the player's numbers it adds to.
_BID_RESULTS = {"made": "made", "set": "set", "thrown-in": "thrown_in", "forfeit": "forfeit"}


def _best(one: int | None, other: int | None) -> int | None:
    if one is None:
        return other
    if other is None:
        return one
    return max(one, other)


def whole_mean(total: int, count: int) -> int | None:
    """The mean as a whole number, rounded half up; None when there is nothing to average."""
    if count == 0:
        return None
    return (2 * total + count) // (2 * count)


_N = TypeVar("_N", bound="_Numbers")


@dataclass(frozen=True)
class _Numbers:
    """Counts that add up, and bests (fields named ``best…``) that keep the higher."""

    def __add__(self: _N, other: _N) -> _N:
        return type(self)(
            *(
                _best(getattr(self, f.name), getattr(other, f.name))
                if f.name.startswith("best")
                else getattr(self, f.name) + getattr(other, f.name)
                for f in dataclasses.fields(self)
            )
        )

    def to_list(self) -> list[int | None]:
        """The numbers in field order (how a summary is kept as JSON)."""
        return [getattr(self, f.name) for f in dataclasses.fields(self)]


@dataclass(frozen=True)
class PinochleNumbers(_Numbers):
    """One player's pinochle: matches, wins, hands, bids and how they went, bids and meld."""

    matches: int = 0
    wins: int = 0
    hands: int = 0  # nines redeals not counted
    bids: int = 0  # hands the player's side held the bid
    made: int = 0
    set: int = 0
    thrown_in: int = 0
    forfeit: int = 0
    bid_points: int = 0  # the bids added up, for the average bid
    meld_points: int = 0  # the meld of every hand counted, for the average meld
    best_meld: int | None = None
    # The bids the player took themselves (hands naming who bid), split the same way.
    own_bids: int = 0
    own_made: int = 0
    own_set: int = 0
    own_thrown_in: int = 0
    own_forfeit: int = 0
    own_bid_points: int = 0


@dataclass(frozen=True)
class YahtzeeNumbers(_Numbers):
    """One player's Yahtzee (or Triple Yahtzee): games, wins, finished totals, Yahtzees,
    and upper bonuses earned out of the columns of finished games."""

    games: int = 0
    finished: int = 0
    wins: int = 0
    points: int = 0  # the totals of finished games, for the average
    best: int | None = None
    yahtzees: int = 0  # turns that rolled five of a kind
    upper_bonuses: int = 0
    columns: int = 0


@dataclass(frozen=True)
class FarkleNumbers(_Numbers):
    """One player's Farkle: games, wins, finished totals, best turn and farkles."""

    games: int = 0
    finished: int = 0
    wins: int = 0
    points: int = 0  # the totals of finished games, for the average game
    best: int | None = None
    best_turn: int | None = None
    farkles: int = 0


@dataclass(frozen=True)
class Pairing(_Numbers):
    """Two players on one side: the matches they played together and won."""

    matches: int = 0
    wins: int = 0


@dataclass(frozen=True)
class Rivalry(_Numbers):
    """Two players on opposite sides (in name order): matches against each other, and the
    wins of the first and of the second."""

    matches: int = 0
    first_wins: int = 0
    second_wins: int = 0

    def swapped(self) -> Rivalry:
        """The same rivalry told from the other player's side."""
        return Rivalry(self.matches, self.second_wins, self.first_wins)


# Every sheet game (Yahtzee and its cousins) counts the same numbers, each in its own block.
_SHEET_GAMES = tuple(kind for kind, game in DICE_GAMES.items() if game.sheet is not None)
_BLOCKS = {
    "pinochle": PinochleNumbers,
    **dict.fromkeys(_SHEET_GAMES, YahtzeeNumbers),
    "farkle": FarkleNumbers,
}


def _merged(one: Mapping[Any, _N], other: Mapping[Any, _N]) -> dict[Any, _N]:
    if not one:
        return dict(other)
    merged = dict(one)
    for key, numbers in other.items():
        mine = merged.get(key)
        merged[key] = numbers if mine is None else mine + numbers
    return merged


@dataclass(frozen=True)
class Stats:
    """Every player's numbers from some games; Stats add up (``a + b``, ``sum(many)``)."""

    # game ("pinochle", "yahtzee", "triple", "farkle") -> player's name -> numbers
    players: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    partnerships: Mapping[tuple[str, str], Pairing] = field(default_factory=dict)
    head_to_head: Mapping[tuple[str, str], Rivalry] = field(default_factory=dict)

    def __add__(self, other: Stats) -> Stats:
        if not isinstance(other, Stats):
            return NotImplemented
        games = {*self.players, *other.players}
        return Stats(
            {
                game: _merged(self.players.get(game, {}), other.players.get(game, {}))
                for game in games
            },
            _merged(self.partnerships, other.partnerships),
            _merged(self.head_to_head, other.head_to_head),
        )

    def __radd__(self, other: Any) -> Stats:
        # sum() starts from 0.
        if other == 0:
            return self
        return NotImplemented

    def renamed(self, names: Mapping[str, str]) -> Stats:
        """The same numbers with players renamed (a name not in ``names`` stays); two names
        made one add up, and a pair made of one player twice is dropped."""
        if not names:
            return self

        def new(name: str) -> str:
            return names.get(name, name).strip() or name

        players = {
            game: _merged_all((new(name), numbers) for name, numbers in lines.items())
            for game, lines in self.players.items()
        }
        pairs = []
        for (first, second), pairing in self.partnerships.items():
            one, two = new(first), new(second)
            if one != two:
                pairs.append(((min(one, two), max(one, two)), pairing))
        rivals = []
        for (first, second), rivalry in self.head_to_head.items():
            one, two = new(first), new(second)
            if one != two:
                rivals.append(
                    ((one, two), rivalry) if one < two else ((two, one), rivalry.swapped())
                )
        return Stats(players, _merged_all(pairs), _merged_all(rivals))

    def to_json(self) -> dict[str, Any]:
        """The stats as plain JSON values (to keep a game's summary in a cache)."""
        return {
            "players": {
                game: {name: numbers.to_list() for name, numbers in lines.items()}
                for game, lines in self.players.items()
            },
            "partnerships": [[*pair, *p.to_list()] for pair, p in self.partnerships.items()],
            "head_to_head": [[*pair, *r.to_list()] for pair, r in self.head_to_head.items()],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Stats:
        """Stats kept by to_json."""
        return cls(
            {
                game: {name: _BLOCKS[game](*values) for name, values in lines.items()}
                for game, lines in data["players"].items()
            },
            {(one, two): Pairing(*rest) for one, two, *rest in data["partnerships"]},
            {(one, two): Rivalry(*rest) for one, two, *rest in data["head_to_head"]},
        )


def _merged_all(items: Iterable[tuple[Any, _N]]) -> dict[Any, _N]:
    merged: dict[Any, _N] = {}
    for key, numbers in items:
        mine = merged.get(key)
        merged[key] = numbers if mine is None else mine + numbers
    return merged


def player_name(typed: str) -> str:
    """A name as statistics count it: the same player however it is spaced around."""
    return typed.strip()


def _own_bids(
    sides: Sequence[Sequence[str]], ledger: Ledger, bid_by: Sequence[str | None]
) -> dict[str, dict[str, int]]:
    """Each named bidder's own counts (``own_bids``, ``own_made``…, ``own_bid_points``)
    from the hands that name who took the bid; RuleError naming a hand whose ``bid_by`` is
    not a player of the bidding side."""
    own: dict[str, dict[str, int]] = {}
    for row, typed in zip(ledger.rows, bid_by, strict=False):
        if typed is None:
            continue
        name = player_name(typed)
        outcome = row.outcome
        if outcome.result not in _BID_RESULTS or outcome.bidder is None:
            # Translators: bid_by is a field's name (who took the bid), as the API spells it.
            reason = said("bid_by names %(name)s, but nobody took a bid in this hand", name=name)
            raise RuleError(reason, field="bid_by", hand=row.number)
        if name not in sides[outcome.bidder]:
            # Translators: bid_by is a field's name (who took the bid); %(players)s the
            # bidding side's players ("Ann or Cat").
            reason = said(
                "bid_by must be a player of the bidding side (%(players)s), not %(name)s",
                players=reduce(_or, sides[outcome.bidder]) if sides[outcome.bidder] else "",
                name=name or _BLANK_NAME,
            )
            raise RuleError(reason, field="bid_by", hand=row.number)
        counts = own.setdefault(name, dict.fromkeys(_OWN_COUNTS, 0))
        counts["own_bids"] += 1
        counts["own_" + _BID_RESULTS[outcome.result]] += 1
        counts["own_bid_points"] += outcome.bid or 0
    return own


# Translators: who took the bid, when the name sent is blank ("…, not a blank name").
_BLANK_NAME = said("a blank name")


def _or(one: str, other: str) -> str:
    # Translators: a choice of two players (one may be a choice itself): "Ann or Cat".
    return said("%(one)s or %(other)s", one=one, other=other)


_OWN_COUNTS = (
    "own_bids",
    "own_made",
    "own_set",
    "own_thrown_in",
    "own_forfeit",
    "own_bid_points",
)


def pinochle_stats(
    preset: Preset,
    sides: Sequence[Sequence[str]],
    ledger: Ledger,
    own_melds: Sequence[Mapping[str, int]] | None = None,
    bid_by: Sequence[str | None] | None = None,
) -> Stats:
    """What one replayed match adds: each player's numbers (their side's bids and meld),
    each partnership's and each pair of opponents' matches and wins.

    ``own_melds``, one mapping per ledger row, gives a player's own meld where it was
    entered (from their cards): it counts for that player instead of the side's meld.
    ``bid_by``, one name (or None) per ledger row, is the player who took that hand's bid:
    it counts in their ``own_`` numbers (a name not on the bidding side is a RuleError).
    """
    sides = [list(dict.fromkeys(player_name(name) for name in side)) for side in sides]
    own_bids = _own_bids(sides, ledger, bid_by or ())
    played = [
        (row, own_melds[index] if own_melds else {})
        for index, row in enumerate(ledger.rows)
        if row.outcome.result != "redeal"
    ]
    lines = []
    for side, names in enumerate(sides):
        bids = bid_points = 0
        counts = dict.fromkeys(_BID_RESULTS.values(), 0)
        for row, _ in played:
            outcome = row.outcome
            if outcome.bidder == side and outcome.result in _BID_RESULTS:
                bids += 1
                bid_points += outcome.bid
                counts[_BID_RESULTS[outcome.result]] += 1
        for name in names:
            melds = [own.get(name, row.hand.meld[side]) for row, own in played]
            numbers = PinochleNumbers(
                matches=1,
                wins=int(ledger.winner == side),
                hands=len(played),
                bids=bids,
                bid_points=bid_points,
                meld_points=sum(melds),
                best_meld=max(melds, default=None),
                **counts,
                **own_bids.get(name, {}),
            )
            lines.append((name, numbers))
    partnerships = [
        ((one, two), Pairing(1, int(ledger.winner == side)))
        for side, names in enumerate(sides)
        for one, two in combinations(sorted(names), 2)
    ]
    seated = [(name, side) for side, names in enumerate(sides) for name in names]
    rivals = []
    for (one, one_side), (two, two_side) in combinations(sorted(seated), 2):
        if one_side != two_side and one != two:
            wins = (int(ledger.winner == one_side), int(ledger.winner == two_side))
            rivals.append(((one, two), Rivalry(1, *wins)))
    return Stats({"pinochle": _merged_all(lines)}, _merged_all(partnerships), _merged_all(rivals))


def _won(player: int, winners: Sequence[int]) -> int:
    return int(player in winners)


def yahtzee_stats(
    variant: str, players: Sequence[str], sheets: Sequence[Scorecard], standing: YahtzeeStanding
) -> Stats:
    """What one Yahtzee or Triple Yahtzee game adds to each player's numbers (``variant``:
    ``classic`` or ``triple``)."""
    return sheet_stats("triple" if variant == "triple" else "yahtzee", players, sheets, standing)


def sheet_stats(
    kind: str, players: Sequence[str], sheets: Sequence[Scorecard], standing: YahtzeeStanding
) -> Stats:
    """What one game of a sheet game (its ``kind``) adds to each player's numbers: games,
    wins, points, turns that rolled all the dice alike, upper bonuses won."""
    finished = standing.complete
    lines = []
    for player, (name, sheet) in enumerate(zip(players, sheets, strict=True)):
        lines.append(
            (
                player_name(name),
                YahtzeeNumbers(
                    games=1,
                    finished=int(finished),
                    wins=_won(player, standing.winners),
                    points=sheet.total if finished else 0,
                    best=sheet.total if finished else None,
                    yahtzees=sum(len(set(turn.dice)) == 1 for turn in sheet.turns),
                    upper_bonuses=sum(c.card.upper_bonus > 0 for c in sheet.columns)
                    if finished
                    else 0,
                    columns=len(sheet.columns) if finished else 0,
                ),
            )
        )
    return Stats({kind: _merged_all(lines)})


def farkle_stats(game: FarkleGame, turns: Sequence[FarkleTurn]) -> Stats:
    """What one Farkle game adds to each player's numbers; ``turns`` are the turns as
    entered (a farkle is a turn entered as one)."""
    lines = []
    for player, name in enumerate(game.players):
        played = [
            (result, turn)
            for result, turn in zip(game.turns, turns, strict=True)
            if result.player == player
        ]
        best_turn = None
        for result, turn in played:
            if not turn.farkle:
                best_turn = _best(best_turn, result.points)
        total = game.totals[player]
        lines.append(
            (
                player_name(name),
                FarkleNumbers(
                    games=1,
                    finished=int(game.over),
                    wins=_won(player, game.winners),
                    points=total if game.over else 0,
                    best=total if game.over else None,
                    best_turn=best_turn,
                    farkles=sum(turn.farkle for _, turn in played),
                ),
            )
        )
    return Stats({"farkle": _merged_all(lines)})


_PINOCHLE_COUNTS = ("matches", "wins", "hands", "bids", "made", "set", "thrown_in", "forfeit")


def _pinochle_json(n: PinochleNumbers) -> dict[str, Any]:
    return {name: getattr(n, name) for name in _PINOCHLE_COUNTS} | {
        "average_bid": whole_mean(n.bid_points, n.bids),
        "average_meld": whole_mean(n.meld_points, n.hands),
        "best_meld": n.best_meld,
        **{name: getattr(n, name) for name in _OWN_COUNTS if name != "own_bid_points"},
        "own_average_bid": whole_mean(n.own_bid_points, n.own_bids),
    }


def _yahtzee_json(n: YahtzeeNumbers) -> dict[str, Any]:
    rate = whole_mean(100 * n.upper_bonuses, n.columns)
    return {
        "games": n.games,
        "wins": n.wins,
        "average": whole_mean(n.points, n.finished),
        "best": n.best,
        "yahtzees": n.yahtzees,
        "upper_bonuses": n.upper_bonuses,
        "upper_bonus_rate": rate,
    }


def _farkle_json(n: FarkleNumbers) -> dict[str, Any]:
    return {
        "games": n.games,
        "wins": n.wins,
        "average": whole_mean(n.points, n.finished),
        "best": n.best,
        "best_turn": n.best_turn,
        "farkles": n.farkles,
    }


_REPORTS = {
    "pinochle": (PinochleNumbers, _pinochle_json),
    **dict.fromkeys(_SHEET_GAMES, (YahtzeeNumbers, _yahtzee_json)),
    "farkle": (FarkleNumbers, _farkle_json),
}


def stats_report(stats: Stats, games: Sequence[str] = tuple(_REPORTS)) -> dict[str, Any]:
    """A sum of stats in the API's shape: players by name, each with a block per game
    (``games``), partnerships and head-to-head by names."""
    names = sorted({name for game in games for name in stats.players.get(game, {})})
    players = []
    for name in names:
        player: dict[str, Any] = {"name": name}
        for game in games:
            numbers, report = _REPORTS[game]
            player[game] = report(stats.players.get(game, {}).get(name, numbers()))
        players.append(player)
    return {
        "players": players,
        "partnerships": [
            {"players": list(pair), "matches": p.matches, "wins": p.wins}
            for pair, p in sorted(stats.partnerships.items())
        ],
        "head_to_head": [
            {"players": list(pair), "matches": r.matches, "wins": [r.first_wins, r.second_wins]}
            for pair, r in sorted(stats.head_to_head.items())
        ],
    }
