# The dice games the site offers (RULES.md, "Yahtzee" to "Farkle"): one table saying, for
# each kind, its name for players, how many may play, its house rules and how it is replayed.

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple

from . import farkle, generala, yahtzee, yatzy
from .dice import either
from .errors import RuleError
from .sentences import said
from .sheets import SheetGame

__all__ = [
    "DICE_GAMES",
    "DiceGameKind",
    "DiceKnob",
    "dice_game",
    "dice_games_for",
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
    checked (None: the defaults). A game played on a sheet (a box filled each turn) has its
    ``sheet``: the object that answers everything the site asks of such a game (its boxes,
    what dice would score, one player's replay, the table's standing, the words), Yahtzee's
    (rules/yahtzee.py's YahtzeeSheet) or the sheet engine's (rules/sheets.py's SheetGame).
    Farkle, whose seats take turns at one running total, has none:
    ``replay(players, turns, rules) -> FarkleGame`` replays the whole table.
    """

    kind: str
    label: str
    fewest_players: int
    most_players: int
    build_rules: Callable[[Mapping[str, Any] | None], Any]
    knobs: tuple[DiceKnob, ...]
    replay: Callable[..., Any]
    sheet: Any = None
    # The name of its own scoring endpoint in the JSON API (API.md: /api/v1/<api>/score,
    # one player's turns), for a game served in the shape every sheet game shares there.
    api: str | None = None
    # The languages (codes) of the tables that play it as their own: offered first to a
    # phone in one of them (Kniffel in German).
    languages: tuple[str, ...] = ()
    # The words players read for a house rule's choices, by knob and choice (the choice
    # itself is what a form sends and the rules compare): ``{"joker": {"forced": "forced"}}``.
    choice_labels: Mapping[str, Mapping[Any, str]] = dataclasses.field(default_factory=dict)


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


def _choice_labels(defaults: Any) -> dict[str, Mapping[Any, str]]:
    """The words for each house rule's choices, for the rules that name them."""
    return {
        knob.name: knob.metadata["labels"]
        for knob in dataclasses.fields(defaults)
        if knob.metadata.get("labels")
    }


def _yahtzee_kind(
    kind: str, label: str, variant: str, languages: tuple[str, ...] = ()
) -> DiceGameKind:
    """Yahtzee's sheet under a name (Kniffel and Yams are the same sheet, called so)."""
    sheet = yahtzee.YahtzeeSheet(kind, label, variant)
    return DiceGameKind(
        kind=kind,
        label=label,
        fewest_players=sheet.fewest_players,
        most_players=sheet.most_players,
        build_rules=sheet.build_rules,
        # Only Triple has columns to multiply a column's Yahtzee bonuses with.
        knobs=_knobs(
            yahtzee.DEFAULT_RULES, leave_out=() if variant == "triple" else ("bonus_multiplied",)
        ),
        replay=sheet.replay,
        sheet=sheet,
        languages=languages,
        choice_labels=_choice_labels(yahtzee.DEFAULT_RULES),
    )


def _sheet_kind(sheet: SheetGame, languages: tuple[str, ...]) -> DiceGameKind:
    """A game of the sheet engine, as the registry lists it."""
    return DiceGameKind(
        kind=sheet.kind,
        label=sheet.label,
        fewest_players=sheet.fewest_players,
        most_players=sheet.most_players,
        build_rules=sheet.build_rules,
        knobs=_knobs(sheet.default_rules),
        replay=sheet.replay,
        sheet=sheet,
        api=sheet.kind,
        languages=languages,
        choice_labels=_choice_labels(sheet.default_rules),
    )


DICE_GAMES: dict[str, DiceGameKind] = {
    game.kind: game
    for game in (
        _yahtzee_kind("yahtzee", "Yahtzee", "classic"),
        # Translators: the name of a dice game, Yahtzee played on three columns that count
        # ×1, ×2 and ×3 (keep it if your players know it by this name).
        _yahtzee_kind("triple", said("Triple Yahtzee"), "triple"),
        _sheet_kind(yatzy.YATZY, ("sv",)),
        _sheet_kind(yatzy.MAXI_YATZY, ("sv",)),
        _sheet_kind(generala.GENERALA, ("es",)),
        _yahtzee_kind("kniffel", "Kniffel", "classic", ("de",)),
        _yahtzee_kind("yams", "Yams", "classic", ("fr",)),
        DiceGameKind(
            kind="farkle",
            label="Farkle",
            fewest_players=farkle.MIN_PLAYERS,
            most_players=farkle.MAX_PLAYERS,
            build_rules=farkle.farkle_rules,
            knobs=_knobs(farkle.DEFAULT_RULES),
            replay=farkle.replay_farkle,
            choice_labels=_choice_labels(farkle.DEFAULT_RULES),
        ),
    )
}


def dice_games_for(language: str) -> list[DiceGameKind]:
    """The dice games in the order a phone in ``language`` is offered them: the games its
    tables play as their own first (Yatzy and Maxi Yatzy in Swedish), then the rest in the
    registry's order. The first is the one a new game's form starts with."""
    games = list(DICE_GAMES.values())
    return [g for g in games if language in g.languages] + [
        g for g in games if language not in g.languages
    ]


def dice_game(kind: Any) -> DiceGameKind:
    """The dice game of that kind, or a RuleError listing the kinds there are."""
    try:
        return DICE_GAMES[kind]
    except (KeyError, TypeError):
        kinds = either(list(DICE_GAMES))
        raise RuleError(
            said('"%(kind)s" is not a dice game; choose %(kinds)s', kind=str(kind), kinds=kinds),
            field="kind",
        ) from None
