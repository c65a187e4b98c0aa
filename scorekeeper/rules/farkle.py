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

from .dice import TurnError, not_a_choice, read_faces
from .errors import RuleError
from .sentences import said, said_joined, said_plural

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

# The combinations' names (``three of a kind``), each a sentence of its own.
_OF_A_KIND = {
    # Translators: a Farkle combination, three dice of one face; also Yahtzee's box "Three
    # of a kind" within a sentence.
    3: said("three of a kind"),
    # Translators: a Farkle combination, four dice of one face; also Yahtzee's box "Four of
    # a kind" within a sentence.
    4: said("four of a kind"),
    # Translators: a Farkle combination, five dice of one face.
    5: said("five of a kind"),
    # Translators: a Farkle combination, six dice of one face.
    6: said("six of a kind"),
}
_SINGLE = {
    # Translators: a Farkle combination, a single 1 (100 points).
    1: said("single %(face)s", face=1),
    # Translators: a Farkle combination, a single 5 (50 points).
    5: said("single %(face)s", face=5),
}
# Translators: a Farkle combination, the six dice 1-2-3-4-5-6.
_STRAIGHT = said("straight")
# Translators: a Farkle combination, three pairs among the six dice.
_THREE_PAIRS = said("three pairs")
# Translators: a Farkle combination, two groups of three among the six dice.
_TWO_TRIPLETS = said("two triplets")
# What a throw under ``four_and_pair: separate`` says when it holds four of a kind and a pair.
# Translators: a Farkle house rule that decided a throw's score.
SEPARATE = said("four of a kind and a pair score separately")


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
        if self.rule.endswith(f" {self.points}"):
            return self.rule
        # Translators: a Farkle combination and its points: "three of a kind 200", "four 2s,
        # doubled 400".
        return said(
            "%(combination)s %(points)s", combination=self.rule or self.name, points=self.points
        )


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
        rules = [c.rule for c in self.combinations if c.rule] + list(self.notes)
        return tuple(dict.fromkeys(rules))


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
    name = _OF_A_KIND[n]
    three = rules.three_ones if face == 1 else face * 100
    ones_rule = face == 1 and rules.three_ones != DEFAULT_RULES.three_ones
    if n == 3:
        # Translators: a Farkle house rule that decided a throw's score: three 1s score 300.
        rule = said("three 1s at %(points)s", points=three) if ones_rule else ""
        return Combination(name, dice, three, rule)
    if rules.n_of_a_kind == "doubling":
        rule = _doubled(n, face, three if ones_rule else None)
        return Combination(name, dice, three * 2 ** (n - 3), rule)
    return Combination(name, dice, MANY_OF_A_KIND[n])


def _doubled(n: int, face: int, three_ones: int | None) -> str:
    """The doubling house rule that set n of a kind's points: ``four 2s, doubled``, ``five
    1s at 300, doubled twice`` (``three_ones``: what three 1s score at a table that changed
    it)."""
    if three_ones is not None:
        if n == 4:
            # Translators: a Farkle house rule: four 1s, three 1s scoring 300, doubled once.
            return said("four 1s at %(points)s, doubled", points=three_ones)
        if n == 5:
            return said("five 1s at %(points)s, doubled twice", points=three_ones)
        return said("six 1s at %(points)s, doubled three times", points=three_ones)
    if n == 4:
        # Translators: a Farkle house rule: four dice of one face score the three's points
        # doubled ("four 2s, doubled": four dice showing 2).
        return said("four %(face)ss, doubled", face=face)
    if n == 5:
        return said("five %(face)ss, doubled twice", face=face)
    return said("six %(face)ss, doubled three times", face=face)


def _six_dice(name: str, counts: tuple[int, ...], points: int, default: int) -> Combination:
    """A combination of all six dice, naming the house rule when its points are not the
    default."""
    rule = ""
    if points != default:
        # Translators: a Farkle house rule that set a combination's points: "straight at 2500".
        rule = said("%(combination)s at %(points)s", combination=name, points=points)
    return Combination(name, _dice_of(counts), points, rule)


def _combinations_in(counts: tuple[int, ...], rules: FarkleRules) -> list[Combination]:
    """Every single combination that these dice contain."""
    found = []
    for face, points in SINGLES.items():
        if counts[face - 1]:
            found.append(Combination(_SINGLE[face], (face,), points))
    for face, n in itertools.product(range(1, 7), range(3, 7)):
        if counts[face - 1] >= n:
            found.append(_of_a_kind(face, n, rules))
    if sum(counts) == DICE:
        shown = sorted(n for n in counts if n)
        default = DEFAULT_RULES
        pairs = [[2, 2, 2]] if rules.four_and_pair == "separate" else [[2, 2, 2], [2, 4]]
        if shown == [1] * DICE:
            found.append(_six_dice(_STRAIGHT, counts, rules.straight, default.straight))
        if shown in pairs:
            found.append(_six_dice(_THREE_PAIRS, counts, rules.three_pairs, default.three_pairs))
        if shown == [3, 3]:
            found.append(_six_dice(_TWO_TRIPLETS, counts, rules.two_triplets, default.two_triplets))
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


def _dead_dice(face: int, n: int) -> str:
    """Dice of one face that do not score: ``the 3``, ``the two 2s``."""
    if n == 1:
        # Translators: a die that does not score, by its face ("the 3 does not score").
        return said("the %(face)s", face=face)
    if n == 2:
        # Translators: dice that do not score ("the two 2s do not score": two dice showing 2).
        return said("the two %(face)ss", face=face)
    if n == 3:
        return said("the three %(face)ss", face=face)
    if n == 4:
        return said("the four %(face)ss", face=face)
    if n == 5:
        return said("the five %(face)ss", face=face)
    return said("the six %(face)ss", face=face)


def _no_score_sentence(dead: Sequence[int], why: str = "") -> str:
    """``the 3 does not score``, ``the two 2s and the 6 do not score``; ``why`` is the
    house rule that left them out, when one did."""
    groups = [_dead_dice(face, n) for face, n in enumerate(_counts(dead), start=1) if n]
    listed = groups[0]
    if len(groups) > 1:
        # Translators: dice that do not score, listed: "the two 2s, the 3 and the 6".
        listed = said("%(dice)s and %(last)s", dice=said_joined(groups[:-1]), last=groups[-1])
    if why:
        return said_plural(
            "%(dice)s does not score (%(why)s); keep only scoring dice",
            "%(dice)s do not score (%(why)s); keep only scoring dice",
            len(dead),
            dice=listed,
            why=why,
        )
    # Translators: kept dice of a Farkle throw that do not score: "the 3 does not score",
    # "the two 2s and the 6 do not score".
    return said_plural(
        "%(dice)s does not score; keep only scoring dice",
        "%(dice)s do not score; keep only scoring dice",
        len(dead),
        dice=listed,
    )


_KEPT_DICE = said("kept dice must be one to six values from 1 to 6")


def parse_kept(dice: Any) -> tuple[int, ...]:
    """Kept dice of one throw (``1,1,1,5``, ``1115`` or a list): one to six faces."""
    return read_faces(dice, 1, DICE, _KEPT_DICE)


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


def _knob(
    default: Any,
    help_text: str,
    choices: tuple[Any, ...] = (),
    labels: Mapping[Any, str] | None = None,
) -> Any:
    """A house rule as a field: its help, its choices and each choice's words for players."""
    return field(
        default=default,
        metadata={"help": help_text, "choices": choices, "labels": labels or {}},
    )


# Two house rules' choices as players read them (the choice itself is what forms send).
_FOUR_AND_PAIR_LABELS = {
    # Translators: a choice of a Farkle house rule: four of a kind with a pair scores as
    # three pairs.
    "three-pairs": said("three-pairs"),
    # Translators: a choice of a Farkle house rule: four of a kind with a pair scores as
    # the four of a kind plus what the pair scores on its own.
    "separate": said("separate"),
}
_N_OF_A_KIND_LABELS = {
    # Translators: a choice of a Farkle house rule: four, five or six of a kind score
    # 1000, 2000 or 3000.
    "fixed": said("fixed"),
    # Translators: a choice of a Farkle house rule: each die past three doubles the three
    # of a kind.
    "doubling": said("doubling"),
}


@dataclass(frozen=True)
class FarkleRules:
    """The house rules of a Farkle game."""

    opening_score: int = _knob(
        500, said("A player's first banked turn must reach this, or it counts 0.")
    )
    three_farkles_penalty: int = _knob(
        -1000,
        said("Points for a third farkle in a row (0 for no penalty); the count then restarts."),
    )
    target: int = _knob(
        10000, said("Reaching this gives every other player one more turn; then the highest wins.")
    )
    straight: int = _knob(1500, said("Points for a straight, 1-2-3-4-5-6."))
    three_pairs: int = _knob(1500, said("Points for three pairs, like 2 2 4 4 6 6."))
    two_triplets: int = _knob(2500, said("Points for two triplets, like 2 2 2 4 4 4."))
    four_and_pair: str = _knob(
        "three-pairs",
        # Translators: a Farkle house rule's help; "three-pairs" and "separate" are its
        # choices as the form shows them.
        said(
            "Four of a kind with a pair scores as three pairs (three-pairs), or as the four of "
            "a kind plus what the pair scores on its own: only a pair of 1s or 5s scores, so "
            "any other pair must not be kept (separate)."
        ),
        FOUR_AND_PAIR,
        _FOUR_AND_PAIR_LABELS,
    )
    n_of_a_kind: str = _knob(
        "fixed",
        # Translators: a Farkle house rule's help; "fixed" and "doubling" are its choices as
        # the form shows them.
        said(
            "Four, five or six of a kind score 1000, 2000 or 3000 (fixed), or each die past "
            "three doubles the three of a kind: four 2s 400, five 2s 800, six 1s 8000 "
            "(doubling)."
        ),
        N_OF_A_KIND,
        _N_OF_A_KIND_LABELS,
    )
    three_ones: int = _knob(
        1000, said("Points for three 1s: 1000, or 300 at some tables."), THREE_ONES
    )


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
            # Translators: %(name)s is a house rule's name as the API spells it.
            said(
                "%(name)s must be a whole number of points in steps of %(unit)s, "
                "like %(default)s, not %(value)s",
                name=name,
                unit=POINT_UNIT,
                default=default,
                value=str(value),
            ),
            field=name,
        )


def _check_choice(name: str, value: Any, choices: tuple[Any, ...]) -> None:
    # Compared by type too: to Python True is 1 and 1000.0 is 1000, but neither is a choice.
    if type(value) is not type(choices[0]) or value not in choices:
        raise RuleError(not_a_choice(name, choices, value), field=name)


def farkle_rules(overrides: Mapping[str, Any] | None = None) -> FarkleRules:
    """The default rules with a game's overrides, each checked; a RuleError names the knob."""
    if overrides is None:
        return DEFAULT_RULES
    for name, value in overrides.items():
        if name == "opening_score":
            if not _is_whole(value) or value < 0:
                raise RuleError(
                    said("%(name)s must be a whole number, 0 or more", name=name), field=name
                )
        elif name == "three_farkles_penalty":
            if not _is_whole(value) or value > 0:
                raise RuleError(
                    said("%(name)s must be 0 (none) or a negative number like -1000", name=name),
                    field=name,
                )
        elif name == "target":
            if not _is_whole(value) or value < 1:
                raise RuleError(
                    said("%(name)s must be a whole number, at least 1", name=name), field=name
                )
        elif name in ("straight", "three_pairs", "two_triplets"):
            _check_points(name, value)
        elif name == "four_and_pair":
            _check_choice(name, value, FOUR_AND_PAIR)
        elif name == "n_of_a_kind":
            _check_choice(name, value, N_OF_A_KIND)
        elif name == "three_ones":
            _check_choice(name, value, THREE_ONES)
        else:
            raise RuleError(
                said('"%(name)s" is not a house rule of %(game)s', name=str(name), game="Farkle"),
                field=name,
            )
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
        raise RuleError(said("throws must be a list: the kept dice of each throw"), field="throws")
    given = sum((bool(turn.throws), turn.total is not None, turn.farkle))
    if given != 1:
        raise RuleError(
            said("a turn is either the kept dice of each throw, or its total, or a farkle"),
            field="turn",
        )
    if turn.farkle:
        return 0, ()
    if turn.total is not None:
        total = turn.total
        if not _is_whole(total) or total <= 0 or total % POINT_UNIT:
            raise RuleError(
                said(
                    "a turn total must be a whole number of points above 0 in steps of "
                    "%(unit)s (a scoreless turn is a farkle), not %(total)s",
                    unit=POINT_UNIT,
                    total=str(total),
                ),
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
            # Translators: a refusal naming the throw of a Farkle turn it is about.
            reason = said("throw %(number)s: %(reason)s", number=number, reason=error.reason)
            raise RuleError(reason, field="throws") from None
        if len(throw.dice) > left:
            raise RuleError(
                said(
                    "throw %(number)s: only %(left)s dice were left to roll, not %(kept)s",
                    number=number,
                    left=left,
                    kept=len(throw.dice),
                ),
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
    """Points as a change to a total: ``−1000``, ``+500``, ``0``."""
    if points < 0:
        # Translators: points taken off a total, with a true minus sign: "−1000".
        return said("\u2212%(points)s", points=-points)
    # Translators: points added to a total: "+500".
    return said("+%(points)s", points=points) if points else "0"


def _decided_by(throws: Sequence[Throw]) -> str | None:
    """The house rules that decided a turn's throws, for its sentence: ``four 2s,
    doubled; three 1s at 300`` (None when none did)."""
    rules = tuple(dict.fromkeys(rule for throw in throws for rule in throw.house_rules))
    return said_joined(rules, "; ") if rules else None


def replay_farkle(
    players: Sequence[str], turns: Iterable[FarkleTurn], rules: FarkleRules = DEFAULT_RULES
) -> FarkleGame:
    """Replay a game's turns in seat order into totals and winners; errors name the turn."""
    names = tuple(players)
    count = len(names)
    if not MIN_PLAYERS <= count <= MAX_PLAYERS:
        raise RuleError(
            said(
                "Farkle needs %(fewest)s to %(most)s players, not %(count)s",
                fewest=MIN_PLAYERS,
                most=MAX_PLAYERS,
                count=count,
            ),
            field="players",
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
            raise TurnError(said("the game is over; no more turns"), field="turn", turn=number)
        try:
            banked, throws = turn_points(turn, rules)
        except RuleError as error:
            raise TurnError.naming(error, number) from None
        points = banked
        if turn.farkle:
            farkles[player] += 1
            # Translators: a Farkle turn that scored nothing, as the game's list of turns says it.
            sentence = said("%(player)s farkled", player=who)
            # Translators: a Farkle turn that scored nothing, as the player is told once it is in.
            told = said("%(player)s farkled: 0", player=who)
            if farkles[player] == 3:
                farkles[player] = 0
                points = rules.three_farkles_penalty
                if points:
                    # Translators: a third Farkle turn in a row that scored nothing, and its
                    # penalty: "Ann farkled for the third time in a row: −1000".
                    sentence = told = said(
                        "%(player)s farkled for the third time in a row: %(points)s",
                        player=who,
                        points=_signed(points),
                    )
            elif farkles[player] > 1:
                values = {"player": who, "count": farkles[player]}
                sentence = said("%(player)s farkled (%(count)s in a row)", **values)
                told = said("%(player)s farkled: 0 (%(count)s in a row)", **values)
        else:
            farkles[player] = 0
            decided = _decided_by(throws)
            if not on_board[player] and banked < rules.opening_score:
                points = 0
                values = {"player": who, "opening": rules.opening_score, "points": banked}
                if decided is None:
                    # Translators: a Farkle turn short of the opening score: "Ann needs 500 to
                    # get on the board; 350 counts 0".
                    sentence = said(
                        "%(player)s needs %(opening)s to get on the board; %(points)s counts 0",
                        **values,
                    )
                else:
                    # Translators: %(rules)s are the house rules that decided its throws
                    # ("four 2s, doubled").
                    sentence = said(
                        "%(player)s needs %(opening)s to get on the board;"
                        " %(points)s (%(rules)s) counts 0",
                        **values,
                        rules=decided,
                    )
                told = said(
                    "%(player)s banked %(points)s: counts 0, short of the %(opening)s to get on"
                    " the board",
                    **values,
                )
            else:
                on_board[player] = True
                if decided is None:
                    # Translators: a Farkle turn, as the game's list of turns says it.
                    sentence = said("%(player)s banks %(points)s", player=who, points=banked)
                else:
                    # Translators: %(rules)s are the house rules that decided its throws
                    # ("four 2s, doubled").
                    sentence = said(
                        "%(player)s banks %(points)s (%(rules)s)",
                        player=who,
                        points=banked,
                        rules=decided,
                    )
                # Translators: a Farkle turn, as the player is told once it is in.
                told = said("%(player)s banked %(points)s", player=who, points=banked)
        totals[player] += points
        if final_by is None:
            if totals[player] >= rules.target:
                final_by = player
                final_left = [(player + step) % count for step in range(1, count)]
                # Translators: %(turn)s is a Farkle turn ("Ann banks 600") that reached the
                # game's target score.
                sentence = said(
                    "%(turn)s and reaches %(target)s: everyone else has one more turn",
                    turn=sentence,
                    target=rules.target,
                )
                # Translators: %(turn)s is a Farkle turn ("Ann banked 600") that reached the
                # game's target score.
                told = said("%(turn)s and reached %(target)s", turn=told, target=rules.target)
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
                told,
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
