# The dice games the site offers (RULES.md, "Yahtzee" and "Farkle"): one table saying, for
# each kind, its name for players, how many may play, its house rules and how it is replayed.

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple

from . import farkle, yahtzee
from .errors import RuleError

__all__ = [
    "DICE_GAMES",
    "DiceGameKind",
    "DiceKnob",
    "dice_game",
]


class DiceKnob(NamedTuple):
    """One house rule of a dice game: its name, its default, its help and its choices."""

    name: str
    default: Any
    help: str
    choices: tuple[str, ...] = ()


@dataclass(frozen=True)
class DiceGameKind:
    """One dice game the site offers: its label, its table size, its rules and its replay.

    ``build_rules(overrides)`` gives the game's rules with a game's house rules, each
    checked (None: the defaults). ``variant`` is the Yahtzee game the core scores
    (``classic`` or ``triple``), None for Farkle. Replay differs by family, because a
    Yahtzee sheet is each player's own while Farkle's seats take turns in order:
    Yahtzee kinds ``replay(turns, rules) -> Scorecard`` (one player's sheet), Farkle
    ``replay(players, turns, rules) -> FarkleGame`` (the whole table).
    """

    kind: str
    label: str
    fewest_players: int
    most_players: int
    variant: str | None
    build_rules: Callable[[Mapping[str, Any] | None], Any]
    knobs: tuple[DiceKnob, ...]
    replay: Callable[..., Any]


def _knobs(defaults: Any, leave_out: tuple[str, ...] = ()) -> tuple[DiceKnob, ...]:
    """The house rules of a rules class, read from its fields so help lives in one place."""
    return tuple(
        DiceKnob(
            knob.name,
            getattr(defaults, knob.name),
            knob.metadata["help"],
            knob.metadata.get("choices", ()),
        )
        for knob in dataclasses.fields(defaults)
        if knob.name not in leave_out
    )


def _yahtzee_kind(kind: str, label: str, variant: str) -> DiceGameKind:
    return DiceGameKind(
        kind=kind,
        label=label,
        fewest_players=yahtzee.MIN_PLAYERS,
        most_players=yahtzee.MAX_PLAYERS,
        variant=variant,
        build_rules=yahtzee.yahtzee_rules,
        # Only Triple has columns to multiply a column's Yahtzee bonuses with.
        knobs=_knobs(
            yahtzee.DEFAULT_RULES, leave_out=() if variant == "triple" else ("bonus_multiplied",)
        ),
        replay=functools.partial(yahtzee.replay_yahtzee, variant),
    )


DICE_GAMES: dict[str, DiceGameKind] = {
    game.kind: game
    for game in (
        _yahtzee_kind("yahtzee", "Yahtzee", "classic"),
        _yahtzee_kind("triple", "Triple Yahtzee", "triple"),
        DiceGameKind(
            kind="farkle",
            label="Farkle",
            fewest_players=farkle.MIN_PLAYERS,
            most_players=farkle.MAX_PLAYERS,
            variant=None,
            build_rules=farkle.farkle_rules,
            knobs=_knobs(farkle.DEFAULT_RULES),
            replay=farkle.replay_farkle,
        ),
    )
}


def dice_game(kind: Any) -> DiceGameKind:
    """The dice game of that kind, or a RuleError listing the kinds there are."""
    try:
        return DICE_GAMES[kind]
    except (KeyError, TypeError):
        *first, last = DICE_GAMES
        kinds = f"{', '.join(first)} or {last}"
        raise RuleError(f'"{kind}" is not a dice game; choose {kinds}', field="kind") from None
