# Farkle as RULES.md scores it: the combinations of kept dice and the best way to split a
# throw into them (with the house rules of "More house rules": the points of a straight,
# three pairs and two triplets, four of a kind with a pair, doubling, three 1s at 300),
# farkles and hot dice, and a game replayed from its turns with the opening score, the
# penalty for three farkles in a row, and the final round.

from __future__ import annotations

import dataclasses
import functools
import itertools
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .dice import TurnError, read_faces
from .errors import RuleError

__all__ = [
    "Combination",
    "FarkleGame",
    "FarkleRules",
    "FarkleTurn",
    "FarkleTurnResult",
    "Throw",
    "farkle_rules",
    "is_farkle",
    "parse_kept",
    "replay_farkle",
    "score_throw",
    "scoring_part",
    "turn_points",
]

DICE = 6
SINGLES = {1: 100, 5: 50}
MANY_OF_A_KIND = {4: 1000, 5: 2000, 6: 3000}
# The house rules' choices (RULES.md, "More house rules"); the first of each is the default.
FOUR_AND_PAIR = ("three-pairs", "separate")
N_OF_A_KIND = ("fixed", "doubling")
THREE_ONES = (1000, 300)
# Every combination is worth a multiple of this, so a typed turn total must be too.
POINT_UNIT = 50
MIN_PLAYERS, MAX_PLAYERS = 2, 8

_KIND_WORDS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}
_DOUBLINGS = {4: "doubled", 5: "doubled twice", 6: "doubled three times"}
MINUS = "\u2212"
# What a throw under ``four_and_pair: separate`` says when it holds four of a kind and a pair.
SEPARATE = "four of a kind and a pair score separately"


@dataclass(frozen=True)
class Combination:
    """One scoring combination of kept dice: its name, its dice and its points.

    ``rule`` names the house rule that set its points when one did (``four 2s, doubled``,
    ``three 1s at 300``, ``straight at 2500``), else it is empty.
    """

    name: str
    dice: tuple[int, ...]
    points: int
    rule: str = ""

    @property
    def said(self) -> str:
        """The combination as a player reads it out: ``three of a kind 200``, or with the
        house rule that decided it, ``four 2s, doubled 400``."""
        if not self.rule:
            return f"{self.name} {self.points}"
        return self.rule if self.rule.endswith(f" {self.points}") else f"{self.rule} {self.points}"


@dataclass(frozen=True)
class Throw:
    """The dice kept from one throw, split the best way into combinations.

    ``notes`` are house rules that decided the split without being a combination's points
    (four of a kind and a pair scoring separately).
    """

    dice: tuple[int, ...]
    points: int
    combinations: tuple[Combination, ...]
    notes: tuple[str, ...] = ()

    @property
    def hot_dice(self) -> bool:
        """All six dice kept and scoring: roll all six again."""
        return len(self.dice) == DICE

    @property
    def house_rules(self) -> tuple[str, ...]:
        """Every house rule that decided this throw's score, each once, as a phrase."""
        said = [c.rule for c in self.combinations if c.rule] + list(self.notes)
        return tuple(dict.fromkeys(said))


def _counts(dice: Iterable[int]) -> tuple[int, ...]:
    """How many dice show each face, ones first."""
    dice = list(dice)
    return tuple(dice.count(face) for face in range(1, 7))


def _dice_of(counts: Sequence[int]) -> tuple[int, ...]:
    return tuple(face for face, n in enumerate(counts, start=1) for _ in range(n))


def _of_a_kind(face: int, n: int, rules: FarkleRules) -> Combination:
    """Three of a kind is worth its face (three 1s: ``three_ones``); four or more a fixed
    amount, or under ``doubling`` the three's value doubled for each die past three."""
    dice = (face,) * n
    name = f"{_KIND_WORDS[n]} of a kind"
    three = rules.three_ones if face == 1 else face * 100
    ones_rule = face == 1 and rules.three_ones != DEFAULT_RULES.three_ones
    if n == 3:
        return Combination(name, dice, three, f"three 1s at {three}" if ones_rule else "")
    if rules.n_of_a_kind == "doubling":
        at = f" at {three}" if ones_rule else ""
        rule = f"{_KIND_WORDS[n]} {face}s{at}, {_DOUBLINGS[n]}"
        return Combination(name, dice, three * 2 ** (n - 3), rule)
    return Combination(name, dice, MANY_OF_A_KIND[n])


def _six_dice(name: str, counts: tuple[int, ...], points: int, default: int) -> Combination:
    """A combination of all six dice, naming the house rule when its points are not the
    default."""
    rule = f"{name} at {points}" if points != default else ""
    return Combination(name, _dice_of(counts), points, rule)


def _combinations_in(counts: tuple[int, ...], rules: FarkleRules) -> list[Combination]:
    """Every single combination that these dice contain."""
    found = []
    for face, points in SINGLES.items():
        if counts[face - 1]:
            found.append(Combination(f"single {face}", (face,), points))
    for face, n in itertools.product(range(1, 7), range(3, 7)):
        if counts[face - 1] >= n:
            found.append(_of_a_kind(face, n, rules))
    if sum(counts) == DICE:
        shown = sorted(n for n in counts if n)
        default = DEFAULT_RULES
        pairs = [[2, 2, 2]] if rules.four_and_pair == "separate" else [[2, 2, 2], [2, 4]]
        if shown == [1] * DICE:
            found.append(_six_dice("straight", counts, rules.straight, default.straight))
        if shown in pairs:
            found.append(_six_dice("three pairs", counts, rules.three_pairs, default.three_pairs))
        if shown == [3, 3]:
            found.append(
                _six_dice("two triplets", counts, rules.two_triplets, default.two_triplets)
            )
    return found


def _minus(counts: tuple[int, ...], dice: tuple[int, ...]) -> tuple[int, ...]:
    left = list(counts)
    for face in dice:
        left[face - 1] -= 1
    return tuple(left)


# Bounded: each set of house rules (the API takes any) has its own splits.
@functools.lru_cache(maxsize=2**16)
def _best_split(
    counts: tuple[int, ...], rules: FarkleRules
) -> tuple[int, tuple[Combination, ...]] | None:
    """The highest-scoring way to use every one of these dice, or None when some cannot score.

    Equal totals prefer fewer combinations, so five 5s read as "five of a kind".
    """
    if not any(counts):
        return 0, ()
    # Every die must land in some combination, so the lowest face present decides the
    # first one; this visits each split once instead of in every order.
    lowest = next(face for face, n in enumerate(counts, start=1) if n)
    best: tuple[int, tuple[Combination, ...]] | None = None
    for combination in _combinations_in(counts, rules):
        if lowest not in combination.dice:
            continue
        rest = _best_split(_minus(counts, combination.dice), rules)
        if rest is None:
            continue
        candidate = (combination.points + rest[0], (combination, *rest[1]))
        if best is None or (candidate[0], -len(candidate[1])) > (best[0], -len(best[1])):
            best = candidate
    return best


def _sub_counts(counts: tuple[int, ...]) -> Iterable[tuple[int, ...]]:
    return itertools.product(*(range(n + 1) for n in counts))


def scoring_part(dice: Iterable[int], rules: FarkleRules | None = None) -> tuple[int, ...]:
    """The most dice of these that can all score together (the best split of them)."""
    rules = DEFAULT_RULES if rules is None else rules
    counts = _counts(dice)
    best: tuple[int, int, tuple[int, ...]] = (0, 0, (0,) * 6)
    for part in _sub_counts(counts):
        split = _best_split(part, rules)
        if split is not None and (sum(part), split[0]) > best[:2]:
            best = (sum(part), split[0], part)
    return _dice_of(best[2])


def _no_score_sentence(dead: Sequence[int], why: str = "") -> str:
    """``the 3 does not score``, ``the two 2s and the 6 do not score``; ``why`` is the
    house rule that left them out, when one did."""
    counts = _counts(dead)
    groups = [
        f"the {face}" if n == 1 else f"the {_KIND_WORDS.get(n, str(n))} {face}s"
        for face, n in enumerate(counts, start=1)
        if n
    ]
    listed = groups[0] if len(groups) == 1 else f"{', '.join(groups[:-1])} and {groups[-1]}"
    verb = "does" if len(dead) == 1 else "do"
    because = f" ({why})" if why else ""
    return f"{listed} {verb} not score{because}; keep only scoring dice"


def parse_kept(dice: Any) -> tuple[int, ...]:
    """Kept dice of one throw (``1,1,1,5``, ``1115`` or a list): one to six faces."""
    return read_faces(dice, 1, DICE, "kept dice must be one to six values from 1 to 6")


def _four_and_pair(counts: tuple[int, ...], rules: FarkleRules) -> bool:
    """Six dice of four of a kind and a pair, at a table that scores them separately."""
    return rules.four_and_pair == "separate" and sorted(n for n in counts if n) == [2, 4]


def score_throw(dice: Any, rules: FarkleRules | None = None) -> Throw:
    """Score the dice kept from one throw by their best split under the game's rules; they
    must all score (under ``four_and_pair: separate`` a pair of 2s, 3s, 4s or 6s beside
    four of a kind does not, so those six dice cannot all be kept)."""
    rules = DEFAULT_RULES if rules is None else rules
    kept = tuple(sorted(parse_kept(dice)))
    counts = _counts(kept)
    notes = (SEPARATE,) if _four_and_pair(counts, rules) else ()
    split = _best_split(counts, rules)
    if split is None:
        dead = list(kept)
        for face in scoring_part(kept, rules):
            dead.remove(face)
        raise RuleError(_no_score_sentence(dead, *notes), field="dice")
    points, combinations = split
    # Biggest combinations first, the way a player reads the throw out.
    combinations = tuple(sorted(combinations, key=lambda c: (-len(c.dice), c.dice)))
    return Throw(kept, points, combinations, notes)


def is_farkle(roll: Any) -> bool:
    """A roll of one to six dice with no scoring die in it: the turn scores 0 (whatever the
    house rules: each of them changes what dice are worth, not which dice score)."""
    return not scoring_part(parse_kept(roll))


# ----------------------------------------------------------------------------- knobs


def _knob(default: Any, help_text: str, choices: tuple[Any, ...] = ()) -> Any:
    return field(default=default, metadata={"help": help_text, "choices": choices})


@dataclass(frozen=True)
class FarkleRules:
    """The house rules of a Farkle game."""

    opening_score: int = _knob(500, "A player's first banked turn must reach this, or it counts 0.")
    three_farkles_penalty: int = _knob(
        -1000, "Points for a third farkle in a row (0 for no penalty); the count then restarts."
    )
    target: int = _knob(
        10000, "Reaching this gives every other player one more turn; then the highest wins."
    )
    straight: int = _knob(1500, "Points for a straight, 1-2-3-4-5-6.")
    three_pairs: int = _knob(1500, "Points for three pairs, like 2 2 4 4 6 6.")
    two_triplets: int = _knob(2500, "Points for two triplets, like 2 2 2 4 4 4.")
    four_and_pair: str = _knob(
        "three-pairs",
        "Four of a kind with a pair scores as three pairs (three-pairs), or as the four of a "
        "kind plus what the pair scores on its own: only a pair of 1s or 5s scores, so any "
        "other pair must not be kept (separate).",
        FOUR_AND_PAIR,
    )
    n_of_a_kind: str = _knob(
        "fixed",
        "Four, five or six of a kind score 1000, 2000 or 3000 (fixed), or each die past three "
        "doubles the three of a kind: four 2s 400, five 2s 800, six 1s 8000 (doubling).",
        N_OF_A_KIND,
    )
    three_ones: int = _knob(1000, "Points for three 1s: 1000, or 300 at some tables.", THREE_ONES)


KNOB_INFO = {knob.name: knob.metadata["help"] for knob in dataclasses.fields(FarkleRules)}
DEFAULT_RULES = FarkleRules()


def _is_whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_points(name: str, value: Any) -> None:
    """A combination's points: a whole number above 0 in steps of POINT_UNIT, so every
    turn still totals a multiple of it."""
    if not _is_whole(value) or value < POINT_UNIT or value % POINT_UNIT:
        default = getattr(DEFAULT_RULES, name)
        raise RuleError(
            f"{name} must be a whole number of points in steps of {POINT_UNIT}, "
            f"like {default}, not {value}",
            field=name,
        )


def _check_choice(name: str, value: Any, choices: tuple[Any, ...]) -> None:
    # Compared by type too: to Python True is 1 and 1000.0 is 1000, but neither is a choice.
    if type(value) is not type(choices[0]) or value not in choices:
        listed = " or ".join(str(choice) for choice in choices)
        raise RuleError(f"{name} must be {listed}, not {value}", field=name)


def farkle_rules(overrides: Mapping[str, Any] | None = None) -> FarkleRules:
    """The default rules with a game's overrides, each checked; a RuleError names the knob."""
    if overrides is None:
        return DEFAULT_RULES
    for name, value in overrides.items():
        if name == "opening_score":
            if not _is_whole(value) or value < 0:
                raise RuleError("opening_score must be a whole number, 0 or more", field=name)
        elif name == "three_farkles_penalty":
            if not _is_whole(value) or value > 0:
                raise RuleError(
                    "three_farkles_penalty must be 0 (none) or a negative number like -1000",
                    field=name,
                )
        elif name == "target":
            if not _is_whole(value) or value < 1:
                raise RuleError("target must be a whole number, at least 1", field=name)
        elif name in ("straight", "three_pairs", "two_triplets"):
            _check_points(name, value)
        elif name == "four_and_pair":
            _check_choice(name, value, FOUR_AND_PAIR)
        elif name == "n_of_a_kind":
            _check_choice(name, value, N_OF_A_KIND)
        elif name == "three_ones":
            _check_choice(name, value, THREE_ONES)
        else:
            raise RuleError(f'"{name}" is not a house rule of Farkle', field=name)
    return dataclasses.replace(DEFAULT_RULES, **overrides)


# ---------------------------------------------------------------------- one turn


@dataclass(frozen=True)
class FarkleTurn:
    """One turn as entered: the kept dice of each throw, or the turn's total, or a farkle."""

    throws: tuple[Any, ...] = ()
    total: int | None = None
    farkle: bool = False


def turn_points(
    turn: FarkleTurn, rules: FarkleRules | None = None
) -> tuple[int, tuple[Throw, ...]]:
    """What a turn banks before the opening score and penalties (0 for a farkle), and its
    throws scored under the game's rules."""
    if isinstance(turn.throws, str):
        raise RuleError("throws must be a list: the kept dice of each throw", field="throws")
    given = sum((bool(turn.throws), turn.total is not None, turn.farkle))
    if given != 1:
        raise RuleError(
            "a turn is either the kept dice of each throw, or its total, or a farkle",
            field="turn",
        )
    if turn.farkle:
        return 0, ()
    if turn.total is not None:
        total = turn.total
        if not _is_whole(total) or total <= 0 or total % POINT_UNIT:
            raise RuleError(
                f"a turn total must be a whole number of points above 0 in steps of {POINT_UNIT}"
                f" (a scoreless turn is a farkle), not {total}",
                field="total",
            )
        return total, ()
    throws = []
    # Dice set aside stay aside until all six have scored (hot dice): then six roll again.
    left = DICE
    for number, kept in enumerate(turn.throws, start=1):
        try:
            throw = score_throw(kept, rules)
        except RuleError as error:
            raise RuleError(f"throw {number}: {error.reason}", field="throws") from None
        if len(throw.dice) > left:
            raise RuleError(
                f"throw {number}: only {left} dice were left to roll, not {len(throw.dice)}",
                field="throws",
            )
        left = left - len(throw.dice) or DICE
        throws.append(throw)
    return sum(throw.points for throw in throws), tuple(throws)


# ------------------------------------------------------------------ a whole game


@dataclass(frozen=True)
class FarkleTurnResult:
    """One turn of the game replayed: whose it was, what it counted and why."""

    number: int
    player: int
    points: int
    banked: int
    throws: tuple[Throw, ...]
    farkles_in_row: int
    totals: tuple[int, ...]
    sentence: str
    # What the turn did, said once it is in, for the phone that entered it: "Ann banked 350",
    # "Ann farkled: 0".
    said: str = ""


@dataclass(frozen=True)
class FarkleGame:
    """A game replayed: every turn, the totals, whose turn it is, the final round, winners."""

    players: tuple[str, ...]
    turns: tuple[FarkleTurnResult, ...]
    totals: tuple[int, ...]
    on_board: tuple[bool, ...]
    farkles_in_row: tuple[int, ...]
    next_player: int | None
    final_round: bool
    final_round_by: int | None
    final_turns_left: tuple[int, ...]
    over: bool
    winners: tuple[int, ...]


def _signed(points: int) -> str:
    return f"{MINUS}{-points}" if points < 0 else f"+{points}" if points else "0"


def _decided_by(throws: Sequence[Throw]) -> str:
    """The house rules that decided a turn's throws, for its sentence: `` (four 2s, doubled)``."""
    said = tuple(dict.fromkeys(rule for throw in throws for rule in throw.house_rules))
    return f" ({'; '.join(said)})" if said else ""


def replay_farkle(
    players: Sequence[str], turns: Iterable[FarkleTurn], rules: FarkleRules = DEFAULT_RULES
) -> FarkleGame:
    """Replay a game's turns in seat order into totals and winners; errors name the turn."""
    names = tuple(players)
    count = len(names)
    if not MIN_PLAYERS <= count <= MAX_PLAYERS:
        raise RuleError(
            f"Farkle needs {MIN_PLAYERS} to {MAX_PLAYERS} players, not {count}", field="players"
        )
    totals = [0] * count
    on_board = [False] * count
    farkles = [0] * count
    results: list[FarkleTurnResult] = []
    final_by: int | None = None
    final_left: list[int] = []
    over = False
    for number, turn in enumerate(turns, start=1):
        player = (number - 1) % count
        who = names[player]
        if over:
            raise TurnError("the game is over; no more turns", field="turn", turn=number)
        try:
            banked, throws = turn_points(turn, rules)
        except RuleError as error:
            raise TurnError.naming(error, number) from None
        points = banked
        if turn.farkle:
            farkles[player] += 1
            sentence = f"{who} farkled"
            said = f"{who} farkled: 0"
            if farkles[player] == 3:
                farkles[player] = 0
                points = rules.three_farkles_penalty
                if points:
                    sentence += f" for the third time in a row: {_signed(points)}"
                    said = f"{who} farkled for the third time in a row: {_signed(points)}"
            elif farkles[player] > 1:
                sentence += f" ({farkles[player]} in a row)"
                said += f" ({farkles[player]} in a row)"
        else:
            farkles[player] = 0
            decided = _decided_by(throws)
            if not on_board[player] and banked < rules.opening_score:
                points = 0
                sentence = (
                    f"{who} needs {rules.opening_score} to get on the board;"
                    f" {banked}{decided} counts 0"
                )
                said = (
                    f"{who} banked {banked}: counts 0, short of the"
                    f" {rules.opening_score} to get on the board"
                )
            else:
                on_board[player] = True
                sentence = f"{who} banks {banked}{decided}"
                said = f"{who} banked {banked}"
        totals[player] += points
        if final_by is None:
            if totals[player] >= rules.target:
                final_by = player
                final_left = [(player + step) % count for step in range(1, count)]
                sentence += f" and reaches {rules.target}: everyone else has one more turn"
                said += f" and reached {rules.target}"
        else:
            final_left.remove(player)
            over = not final_left
        results.append(
            FarkleTurnResult(
                number,
                player,
                points,
                banked,
                throws,
                farkles[player],
                tuple(totals),
                sentence,
                said,
            )
        )
    winners: tuple[int, ...] = ()
    if over:
        best = max(totals)
        winners = tuple(player for player, total in enumerate(totals) if total == best)
    return FarkleGame(
        players=names,
        turns=tuple(results),
        totals=tuple(totals),
        on_board=tuple(on_board),
        farkles_in_row=tuple(farkles),
        next_player=None if over else len(results) % count,
        final_round=final_by is not None,
        final_round_by=final_by,
        final_turns_left=tuple(final_left),
        over=over,
        winners=winners,
    )
