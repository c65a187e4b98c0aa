# The rules every "fill one box a turn" dice game shares (RULES.md, "Yatzy (Scandinavian)",
# "Maxi Yatzy" and "Generala"): a sheet of boxes each filled once (0 allowed), an upper
# bonus when the upper boxes reach a sum, the throws a turn may use (and, where a game
# lets players keep them, the throws saved for later turns), a turn that wins the game
# outright, a player's sheet replayed from its turns, and the standing of a table.
# Each game module gives the engine its boxes, how a box scores and its house rules;
# the engine never asks which game it is playing.

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from . import yahtzee
from .dice import (
    Box,
    TurnError,
    not_a_choice,
    read_faces,
    true_or_false,
    upper_bonus_words,
)
from .errors import RuleError
from .sentences import said
from .yahtzee import BoxPreview, ColumnResult, Scorecard, TurnResult, YahtzeeStanding

__all__ = [
    "THROWS_PER_TURN",
    "BoxScore",
    "Roll",
    "SheetCard",
    "SheetGame",
    "SheetScorecard",
    "SheetStanding",
    "SheetTurn",
    "SheetTurnResult",
    "knob",
]

# Every game on a sheet gives a turn three throws; Maxi Yatzy may add saved ones.
THROWS_PER_TURN = 3


class Roll(NamedTuple):
    """The dice of a turn as they lie, whether they came on the turn's first throw, and the
    card they are to go on (some boxes score by what the card already holds)."""

    dice: tuple[int, ...]
    first_throw: bool
    card: SheetCard

    @property
    def counts(self) -> Counter[int]:
        """How many dice show each face."""
        return Counter(self.dice)


class BoxScore(NamedTuple):
    """What a box makes of a roll: its points, if it was served (made on the first throw)
    and if the turn wins the game outright."""

    points: int
    served: bool = False
    wins_game: bool = False


@dataclass(frozen=True)
class SheetTurn:
    """What the table says about one turn: the dice, the box, if the dice came on the
    first throw, and how many throws it used (None: all three)."""

    dice: Any
    box: str
    first_throw: bool = False
    throws: int | None = None
    column: int | None = None  # a sheet of one column: None or 1


def knob(default: Any, help_text: str, choices: tuple[Any, ...] = (), **limits: int) -> Any:
    """A house rule as a field: its help, its choices, and a whole number's least and most."""
    return dataclasses.field(
        default=default, metadata={"help": help_text, "choices": choices, **limits}
    )


# ---------------------------------------------------------------------- one card


@dataclass(frozen=True)
class SheetCard:
    """One player's column: what each box holds, the upper bonus it plays for, and the
    throws saved for later turns (Maxi Yatzy)."""

    boxes: tuple[str, ...]
    scores: tuple[int | None, ...]
    upper_boxes: tuple[str, ...] = ()
    bonus_points: int = 0  # 0: this sheet has no upper bonus
    bonus_at: int = 0
    saved_throws: int = 0

    def __post_init__(self) -> None:
        if len(self.scores) != len(self.boxes):
            raise ValueError("a sheet needs one score (or None) for each box")

    def _index(self, box: Any) -> int:
        try:
            return self.boxes.index(box)
        except ValueError:
            raise RuleError(
                said(
                    '"%(box)s" is not a box of this sheet; choose one of %(boxes)s',
                    box=str(box),
                    boxes=", ".join(self.boxes),
                ),
                field="box",
            ) from None

    def held(self, box: str) -> int | None:
        """The points a box holds, or None while it is open."""
        return self.scores[self._index(box)]

    def is_open(self, box: str) -> bool:
        """Is the box still to be filled?"""
        return self.held(box) is None

    @property
    def open_boxes(self) -> tuple[str, ...]:
        """The boxes still to be filled, in sheet order."""
        return tuple(
            box for box, points in zip(self.boxes, self.scores, strict=True) if points is None
        )

    @property
    def complete(self) -> bool:
        """Is every box filled?"""
        return None not in self.scores

    @property
    def upper_subtotal(self) -> int:
        """The upper boxes added up."""
        return sum(self._sum_of(self.upper_boxes))

    @property
    def upper_bonus(self) -> int:
        """The bonus once the upper boxes reach its sum; 0 before, and on a sheet without one."""
        if self.bonus_points and self.upper_subtotal >= self.bonus_at:
            return self.bonus_points
        return 0

    @property
    def lower_subtotal(self) -> int:
        """Every box below the upper section added up."""
        return sum(self._sum_of(box for box in self.boxes if box not in self.upper_boxes))

    @property
    def yahtzee_bonus(self) -> int:
        """Always 0: these games have no extra-Yatzy bonus (the shared totals read it)."""
        return 0

    @property
    def total(self) -> int:
        """The sheet's total: every box and the upper bonus."""
        return self.upper_subtotal + self.upper_bonus + self.lower_subtotal

    def record(self, box: str, points: int) -> SheetCard:
        """The card once ``box`` holds ``points`` (score them with the game's ``score``)."""
        scores = list(self.scores)
        scores[self._index(box)] = points
        return dataclasses.replace(self, scores=tuple(scores))

    def _sum_of(self, boxes: Iterable[str]) -> Iterable[int]:
        return (self.held(box) or 0 for box in boxes)


# ---------------------------------------------------------------- a whole sheet


@dataclass(frozen=True)
class SheetTurnResult(TurnResult):
    """One turn of a sheet replayed, with what these games add: served, throws used, and
    if it won the game outright."""

    served: bool = False
    throws: int | None = None
    wins_game: bool = False


@dataclass(frozen=True)
class SheetScorecard(Scorecard):
    """A player's sheet replayed; ``saved_throws`` is None in a game that keeps none, and
    ``won_at`` is the number of the turn that won the game outright, if one did."""

    saved_throws: int | None = None
    won_at: int | None = None


@dataclass(frozen=True)
class SheetStanding(YahtzeeStanding):
    """Where a table stands; ``won_outright`` is the player (as in ``winners``) whose turn
    won the game at once, if one did."""

    won_outright: int | None = None


@dataclass(frozen=True)
class SheetGame:
    """One game played on a sheet, carrying its behaviour; each game module makes one.

    The game module passes ``every_box`` (every box the game may have, in sheet order),
    ``sheet_boxes(rules)`` (the boxes a game under those rules has, ``most`` for those
    rules), ``box_score(roll, box, rules) -> BoxScore``, ``upper_bonus(rules) -> (points,
    at)`` (None: no upper bonus), ``saves_throws(rules) -> bool`` (None: a game that keeps
    no throws) and, for a game a turn can win outright, the words saying how it was won.
    """

    kind: str
    label: str
    dice: int
    rules_class: type
    default_rules: Any
    every_box: tuple[Box, ...]
    sheet_boxes: Callable[[Any], tuple[Box, ...]]
    box_score: Callable[[Roll, str, Any], BoxScore]
    upper_bonus: Callable[[Any], tuple[int, int]] | None = None
    saves_throws: Callable[[Any], bool] | None = None
    won_words: str = ""  # "a served generala won it"
    scorecard_class: type[SheetScorecard] = SheetScorecard
    fewest_players: int = yahtzee.MIN_PLAYERS
    most_players: int = yahtzee.MAX_PLAYERS
    # Is a turn's first throw worth saying (a served box scores more)? The site asks then.
    asks_first_throw: bool = False
    # One column, counted once; no row of extra bonuses (Yahtzee's).
    multipliers: tuple[int, ...] = (1,)
    bonus_label: str | None = None
    # What the game's own house rules say in a few words on the page ("served +5").
    own_facts: Callable[[Any], list[str]] | None = None

    def facts(self, rules: Any = None) -> list[str]:
        """The rules a table needs in view, in a few words each: the upper bonus, saved
        throws and the game's own ("50 bonus at 63", "unused throws saved")."""
        rules = self._rules(rules)
        facts = []
        if self.has_upper_bonus(rules):
            points, at = self.upper_bonus(rules)  # type: ignore[misc]
            # Translators: a house rule in a few words: the upper boxes win a 50 bonus once
            # they add up to 63.
            facts.append(said("%(points)s bonus at %(at)s", points=points, at=at))
        if self.keeps_throws(rules):
            # Translators: Maxi Yatzy's house rule in a few words: throws a turn did not use
            # are kept for later turns.
            facts.append(said("unused throws saved"))
        return facts + (self.own_facts(rules) if self.own_facts else [])

    def has_upper_bonus(self, rules: Any = None) -> bool:
        """Does the sheet play for an upper bonus under these rules?"""
        return self.upper_bonus is not None and self.upper_bonus(self._rules(rules))[0] > 0

    def keeps_throws(self, rules: Any = None) -> bool:
        """Does a player keep unused throws for later turns under these rules?"""
        return self.saves_throws is not None and self.saves_throws(self._rules(rules))

    # ------------------------------------------------------------ house rules

    def build_rules(self, overrides: Mapping[str, Any] | None = None) -> Any:
        """The default rules with a game's overrides, each checked; a RuleError names the knob."""
        if overrides is None:
            return self.default_rules
        if not isinstance(overrides, Mapping):
            raise RuleError(
                said("the house rules of %(game)s must be named values", game=self.label), "rules"
            )
        knobs = {field.name: field for field in dataclasses.fields(self.default_rules)}
        for name, value in overrides.items():
            if name not in knobs:
                raise RuleError(
                    said(
                        '"%(name)s" is not a house rule of %(game)s',
                        name=str(name),
                        game=self.label,
                    ),
                    field=name,
                )
            _check_knob(name, value, getattr(self.default_rules, name), knobs[name].metadata)
        return dataclasses.replace(self.default_rules, **overrides)

    def _rules(self, rules: Any) -> Any:
        return self.default_rules if rules is None else rules

    # ------------------------------------------------------------------ boxes

    def boxes(self, rules: Any = None) -> tuple[Box, ...]:
        """The boxes of this game's sheet under these rules, in sheet order."""
        return self.sheet_boxes(self._rules(rules))

    def label_of(self, box: str) -> str:
        """A box's label for players: ``Two pairs``."""
        return next((each.label for each in self.every_box if each.name == box), box)

    def new_card(self, rules: Any = None) -> SheetCard:
        """An empty sheet for one player under these rules."""
        rules = self._rules(rules)
        boxes = self.boxes(rules)
        points, at = self.upper_bonus(rules) if self.upper_bonus else (0, 0)
        return SheetCard(
            boxes=tuple(box.name for box in boxes),
            scores=(None,) * len(boxes),
            upper_boxes=tuple(box.name for box in boxes if box.section == "upper"),
            bonus_points=points,
            bonus_at=at,
        )

    def _box(self, box: Any, rules: Any) -> Box:
        for each in self.boxes(rules):
            if each.name == box:
                return each
        names = ", ".join(each.name for each in self.boxes(rules))
        raise RuleError(
            said(
                '"%(box)s" is not a box of %(game)s; choose one of %(boxes)s',
                box=str(box),
                game=self.label,
                boxes=names,
            ),
            "box",
        )

    # ------------------------------------------------------------------- dice

    def read_dice(self, dice: Any) -> tuple[int, ...]:
        """The dice of one turn, from text or a list; a RuleError says what is wrong."""
        return read_faces(dice, self.dice, self.dice, _needs_dice(self.label, self.dice))

    def _throws_left(self, card: SheetCard, throws: Any, rules: Any) -> int:
        """The throws the player keeps after a turn that used ``throws``; a RuleError when
        the turn used more than it had."""
        saving = self.saves_throws is not None and self.saves_throws(rules)
        if throws is None:
            throws = THROWS_PER_TURN
        elif not isinstance(throws, int) or isinstance(throws, bool) or throws < 1:
            raise RuleError(said("throws must be a whole number of throws, at least 1"), "throws")
        if not saving:
            if throws > THROWS_PER_TURN:
                values = {"game": self.label, "throws": THROWS_PER_TURN, "used": throws}
                if self.saves_throws:
                    # Translators: Maxi Yatzy, its house rule of saved throws turned off.
                    reason = said(
                        "a turn of %(game)s has %(throws)s throws, not %(used)s"
                        " (saved throws are off)",
                        **values,
                    )
                else:
                    reason = said(
                        "a turn of %(game)s has %(throws)s throws, not %(used)s", **values
                    )
                raise RuleError(reason, field="throws")
            return 0
        has = THROWS_PER_TURN + card.saved_throws
        if throws > has:
            raise RuleError(
                # Translators: Maxi Yatzy, where a turn may use the throws saved earlier.
                said(
                    "this turn has %(has)s throws (%(throws)s and %(saved)s saved), not %(used)s",
                    has=has,
                    throws=THROWS_PER_TURN,
                    saved=card.saved_throws,
                    used=throws,
                ),
                field="throws",
            )
        return has - throws

    # ---------------------------------------------------------------- scoring

    def _judge(self, roll: Roll, box: Box, rules: Any) -> tuple[BoxPreview, BoxScore | None]:
        """The verdict on these dice in one box of the card, and what the box makes of them."""
        held = roll.card.held(box.name)
        if held is not None:
            reason = said("%(box)s already holds %(points)s", box=box.label, points=held)
            return BoxPreview(box.name, box.label, False, None, reason=reason, held=held), None
        scored = self.box_score(roll, box.name, rules)
        return BoxPreview(box.name, box.label, True, scored.points), scored

    def _scored(
        self, card: SheetCard, dice: Any, box: Any, rules: Any, first_throw: bool, throws: Any
    ) -> tuple[tuple[int, ...], BoxScore, int]:
        """The dice read, what the box makes of them and the throws left; or a RuleError."""
        faces = self.read_dice(dice)
        left = self._throws_left(card, throws, rules)
        _, scored = self._judge(
            Roll(faces, _served(first_throw), card), self._box(box, rules), rules
        )
        if scored is None:
            raise RuleError(
                said(
                    "%(box)s already holds %(points)s",
                    box=self.label_of(box),
                    points=card.held(box),
                ),
                field="box",
            )
        return faces, scored, left

    def preview(
        self,
        card: SheetCard,
        dice: Any,
        rules: Any = None,
        first_throw: bool = False,
        throws: int | None = None,
    ) -> tuple[BoxPreview, ...]:
        """Every box in sheet order: what it would score with these dice, or why it may not."""
        rules = self._rules(rules)
        faces = self.read_dice(dice)
        self._throws_left(card, throws, rules)
        roll = Roll(faces, _served(first_throw), card)
        return tuple(self._judge(roll, box, rules)[0] for box in self.boxes(rules))

    def score(
        self,
        card: SheetCard,
        dice: Any,
        box: str,
        rules: Any = None,
        first_throw: bool = False,
        throws: int | None = None,
    ) -> int:
        """What these dice score in a box of this card; a RuleError says why they may not."""
        return self._scored(card, dice, box, self._rules(rules), first_throw, throws)[1].points

    def play(self, card: SheetCard, turn: SheetTurn, rules: Any = None) -> SheetCard:
        """The card after one turn: its box filled and its saved throws brought up to date."""
        return self._step(card, turn, self._rules(rules), 1)[0]

    def _step(
        self, card: SheetCard, turn: SheetTurn, rules: Any, number: int
    ) -> tuple[SheetCard, SheetTurnResult]:
        if getattr(turn, "column", None) not in (None, 1):
            raise RuleError(
                said("%(game)s has one column; leave column out", game=self.label), field="column"
            )
        faces, scored, left = self._scored(
            card, turn.dice, turn.box, rules, turn.first_throw, turn.throws
        )
        card = dataclasses.replace(card.record(turn.box, scored.points), saved_throws=left)
        result = SheetTurnResult(
            number,
            1,
            turn.box,
            faces,
            scored.points,
            0,
            False,
            card.total,
            served=scored.served,
            throws=turn.throws,
            wins_game=scored.wins_game,
        )
        return card, result

    def best_boxes(
        self,
        card: SheetCard,
        dice: Any,
        rules: Any = None,
        first_throw: bool = False,
        throws: int | None = None,
        count: int = 3,
    ) -> tuple[yahtzee.BestBox, ...]:
        """The ``count`` open boxes where these dice add most to the total now, best first."""
        previews = self.preview(card, dice, rules, first_throw, throws)
        return yahtzee.best_open_boxes([ColumnResult(1, card, 1, 1)], [previews], count)

    # ------------------------------------------------------------ whole sheets

    def game_over(self) -> RuleError:
        """The error for a turn played once a turn has won the game outright."""
        # Translators: %(how)s is how a turn won the game: "a served generala won it".
        return RuleError(said("the game is over: %(how)s", how=self.won_words), field="turn")

    def replay(self, turns: Iterable[SheetTurn], rules: Any = None) -> SheetScorecard:
        """Replay one player's turns onto a fresh sheet in order; errors name the turn.

        A turn after one that won the game outright is refused: the game ended there.
        """
        rules = self._rules(rules)
        card = self.new_card(rules)
        results: list[SheetTurnResult] = []
        won_at: int | None = None
        for number, turn in enumerate(turns, start=1):
            try:
                if won_at is not None:
                    raise self.game_over()
                card, result = self._step(card, turn, rules, number)
            except RuleError as error:
                raise TurnError.naming(error, number) from None
            results.append(result)
            if result.wins_game:
                won_at = number
        return self.scorecard_class(
            variant=self.kind,
            turns=tuple(results),
            columns=(ColumnResult(1, card, 1, 1),),
            saved_throws=card.saved_throws if self.saves_throws else None,
            won_at=won_at,
        )

    def standing(self, scorecards: Sequence[Scorecard], rules: Any = None) -> SheetStanding:
        """Totals, whose turn it is, and the winners once every sheet is full or a turn has
        won the game outright (then that player alone wins).

        Players take turns in seat order, so the next is the first with the fewest turns
        and, of two outright wins, the one in the earlier round (then the earlier seat) came
        first. Equal highest totals share the win.
        """
        if not self.fewest_players <= len(scorecards) <= self.most_players:
            raise RuleError(
                said(
                    "a game of %(game)s has %(fewest)s to %(most)s players, not %(count)s",
                    game=self.label,
                    fewest=self.fewest_players,
                    most=self.most_players,
                    count=len(scorecards),
                ),
                field="players",
            )
        totals = tuple(sheet.total for sheet in scorecards)
        outright = [
            (won_at, player)
            for player, sheet in enumerate(scorecards)
            if (won_at := getattr(sheet, "won_at", None)) is not None
        ]
        if outright:
            player = min(outright)[1]
            return SheetStanding(totals, True, (player,), None, won_outright=player)
        if all(sheet.complete for sheet in scorecards):
            best = max(totals)
            winners = tuple(player for player, total in enumerate(totals) if total == best)
            return SheetStanding(totals, True, winners, None)
        played = [len(sheet.turns) for sheet in scorecards]
        return SheetStanding(totals, False, (), played.index(min(played)))

    def check_turn(self, scorecards: Sequence[Scorecard], rules: Any = None) -> None:
        """Refuse another turn at a table whose game a turn has already won outright.

        The site calls this before it records a turn of any player; ``replay`` makes the
        same check within one player's sheet, which is all the API sees.
        """
        if self.standing(scorecards, rules).won_outright is not None:
            raise self.game_over()

    # ------------------------------------------------------------------ words

    def progress(self, card: SheetCard, rules: Any = None) -> str | None:
        """The upper bonus in a sentence (``12 more for the 50 bonus``); None without one."""
        bonus, at = card.bonus_points, card.bonus_at
        if not bonus:
            return None
        subtotal = card.upper_subtotal
        open_upper = [
            box for box in self.boxes(rules) if box.section == "upper" and card.is_open(box.name)
        ]
        reach = subtotal + sum(box.most for box in open_upper) if open_upper else None
        return upper_bonus_words(bonus, at, subtotal, reach)

    def turn_words(self, result: TurnResult) -> str:
        """A scored turn in words: ``22 in Two pairs``, ``25 in Straight (served)``."""
        points, box = result.points, self.label_of(result.box)
        if getattr(result, "served", False):
            # Translators: a scored turn of Generala, its dice made on the turn's first throw.
            return said("%(points)s in %(box)s (served)", points=points, box=box)
        # Translators: a scored turn of a dice game: "20 in Three of a kind".
        return said("%(points)s in %(box)s", points=points, box=box)


def _served(first_throw: Any) -> bool:
    """A turn's first_throw, which must be said as true or false."""
    if not isinstance(first_throw, bool):
        raise RuleError(true_or_false("first_throw"), field="first_throw")
    return first_throw


def _is_whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_knob(name: str, value: Any, default: Any, metadata: Mapping[str, Any]) -> None:
    """One house rule's value against its kind: true/false, a choice, or a whole number
    within the knob's limits."""
    choices = metadata.get("choices", ())
    if isinstance(default, bool):
        if not isinstance(value, bool):
            raise RuleError(true_or_false(name), field=name)
    elif choices:
        # Compared by type too: to Python True is 1 and 50.0 is 50, but neither is a choice.
        if type(value) is not type(default) or value not in choices:
            raise RuleError(not_a_choice(name, choices, value), field=name)
    elif _is_whole(default):
        least, most = metadata.get("least", 0), metadata.get("most")
        if not _is_whole(value) or value < least or (most is not None and value > most):
            if most is None:
                reason = said(
                    "%(name)s must be a whole number %(least)s or more, not %(value)s",
                    name=name,
                    least=least,
                    value=str(value),
                )
            else:
                reason = said(
                    "%(name)s must be a whole number from %(least)s to %(most)s, not %(value)s",
                    name=name,
                    least=least,
                    most=most,
                    value=str(value),
                )
            raise RuleError(reason, field=name)


def _needs_dice(game: str, dice: int) -> str:
    """What a game's dice must be, said when they are not: ``Yatzy needs five dice, 1 to 6``."""
    if dice == 5:
        return said("%(game)s needs five dice, 1 to 6", game=game)
    if dice == 6:
        return said("%(game)s needs six dice, 1 to 6", game=game)
    return said("%(game)s needs %(dice)s dice, 1 to 6", game=game, dice=dice)
