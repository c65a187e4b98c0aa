"""The forms that set up a pinochle match, shared by every page that starts one or keeps
its rules: the new-match form, and a preset's house rules as a form and back as the knobs
changed (the match, rule-set and group pages all draw them)."""

from __future__ import annotations

from typing import Any

from wtforms import Field, Form, SelectChoice, SelectField
from wtforms.validators import ValidationError

from .house_rules import Knob, pinochle_knob_label
from .house_rules import house_rules_form as shared_house_rules_form
from .i18n import plain
from .rules import (
    KNOB_INFO,
    KNOBS,
    PRESETS,
    Preset,
    RuleError,
    format_bid_steps,
    parse_bid_steps,
    said,
    without_followed,
)
from .rules.text import choice_id, number_list
from .services.writes import MAX_VERSION
from .validators import (
    TEAM_TWICE,
    Between,
    FormTokenField,
    NameField,
    SeatList,
    SheetForm,
    check_names,
)

# The most players or sides any preset has; forms trim their lists to the match's own.
MAX_SEATS = max(preset.players for preset in PRESETS.values())
# Bounds that keep a typo from becoming a stored number; the rules check the rest.
VERSIONS = Between(min=0, max=MAX_VERSION)


class MatchForm(SheetForm):
    """Start a match: the game, the names at the table, who deals first, house rules."""

    game = SelectField(
        said("Game"),
        choices=[SelectChoice(preset.name, preset.label) for preset in PRESETS.values()],
        default="partnership",
    )
    side_names = SeatList(NameField(said("Team")), min_entries=MAX_SEATS)
    player_names = SeatList(NameField(said("Player")), min_entries=MAX_SEATS)
    first_dealer = SelectField(said("Who deals first"), coerce=choice_id, default=0)
    # One per drawn form: the same form sent again opens the match it started (started.py).
    client_token = FormTokenField()
    # A refused token is said beside the game, at the top of the form.
    hidden_errors_beside = "game"

    def fit(self, preset: Preset) -> None:
        """One name field per team (partnerships) and one per player; who deals first is
        offered by the names typed so far (app.js renames the choices as names are typed)."""
        self.side_names.fit(preset.sides if preset.teams else 0)
        self.player_names.fit(preset.players)
        for side, entry in enumerate(self.side_names):
            # Translators: the label of a team's name on the new-match form: Team 1, Team 2.
            entry.label.text = said("Team %(number)s", number=side + 1)
            entry.render_kw = {"placeholder": preset.side_names[side]}
        for player, entry in enumerate(self.player_names):
            entry.label.text = (
                # Translators: the label of a player's name: "Player 3 (team 1)".
                said(
                    "Player %(number)s (team %(team)s)",
                    number=player + 1,
                    team=preset.side_of(player) + 1,
                )
                if preset.teams
                else said("Player %(number)s", number=player + 1)
            )
            entry.render_kw = {"placeholder": said("Player %(number)s", number=player + 1)}
        self.first_dealer.choices = [
            SelectChoice(p, entry.data or said("Player %(number)s", number=p + 1))
            for p, entry in enumerate(self.player_names)
        ]
        self.first_dealer.render_kw = {"data-names-from": self.player_names.name}

    def names(self, preset: Preset) -> tuple[list[str], list[str]] | None:
        """The players' and the sides' names (a blank team takes its placeholder), or None
        with the reasons beside the fields: a blank player, a name given twice."""
        players = check_names(
            self.player_names,
            preset.players,
            said("Enter a name: each player at the table needs one."),
        )
        if not preset.teams:
            return None if players is None else (players, players)
        # A blank team takes its placeholder as the table read it: the name is stored (data)
        # in the language of the phone that started the match.
        defaults = [plain(name) for name in preset.side_names]
        sides = check_names(self.side_names, preset.sides, "", TEAM_TWICE, defaults=defaults)
        return None if players is None or sides is None else (players, sides)

    def in_page_order(self, rules_form: Form) -> list[Field]:
        """Every field as the page draws them, the game's target first of the house rules."""
        rules = [rules_form.target, *(f for f in rules_form if f.short_name != "target")]
        return [self.game, *self.side_names, *self.player_names, self.first_dealer, *rules]


def _parse_table(text: str) -> list[int]:
    """``"150, 1500"`` as ``[150, 1500]`` (a meld table typed by a player)."""
    try:
        return number_list(text)
    except ValueError:
        raise ValidationError(
            said("Enter whole numbers separated by commas, e.g. 150, 1500.")
        ) from None


def house_rules_form(preset: Preset, formdata=None, prefix: str = "rule") -> Form:
    """A form with one field per knob of the preset, its default filled in."""
    knobs = [
        Knob(
            name,
            pinochle_knob_label(name),
            format_bid_steps(preset.bid_steps) if name == "bid_steps" else getattr(preset, name),
            *KNOB_INFO[name],
        )
        for name in KNOBS
    ]
    return shared_house_rules_form(
        knobs,
        [Between(min=0, max=1_000_000)],
        formdata,
        prefix,
        render_kw={"inputmode": "numeric"},
    )


def house_rule_overrides(form: Form, preset: Preset) -> dict[str, Any]:
    """The knobs a player changed from the preset's defaults, in the core's types."""
    overrides: dict[str, Any] = {}
    for name in KNOBS:
        field = form[name]
        value = field.data
        default = getattr(preset, name)
        if name == "bid_steps":
            try:
                value = parse_bid_steps(value or "")
            except RuleError:
                field.errors = [
                    *field.errors,
                    said(
                        "Enter bids and their steps as from:step pairs, the bids increasing, "
                        "e.g. 50:1, 60:5, 100:10."
                    ),
                ]
                continue
            if value == default:
                continue
        elif isinstance(default, tuple):
            try:
                value = _parse_table(value or "")
            except ValidationError as error:
                # The message itself (said), not str(error), which is bare English.
                field.errors = [*field.errors, error.args[0]]
                continue
            if tuple(value) == default:
                continue
        elif value is None:
            continue
        if value != default:
            overrides[name] = value
    return without_followed(preset, overrides)
