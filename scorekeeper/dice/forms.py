"""Forms of the dice score sheets: starting a game (names, house rules), a Yahtzee turn,
correcting one, and a Farkle turn."""

from __future__ import annotations

from typing import Any

from wtforms import (
    BooleanField,
    Form,
    HiddenField,
    SelectChoice,
    SelectField,
    StringField,
    TextAreaField,
)
from wtforms.validators import Length, Optional

from ..house_rules import Knob
from ..house_rules import house_rules_form as shared_house_rules_form
from ..i18n import language
from ..rules import DICE_GAMES, dice_game, dice_games_for, said, said_plural
from ..rules.text import choice_id_or_none
from ..services.writes import MAX_VERSION
from ..validators import (
    Between,
    ButtonField,
    FormTokenField,
    NameField,
    PlainForm,
    SeatList,
    SheetForm,
    WholeNumberField,
    check_names,
)

# The most players any dice game has; the new-game form shows this many name fields.
MAX_PLAYERS = max(game.most_players for game in DICE_GAMES.values())
# The most throws a turn can have said it used (Maxi Yatzy's saved throws included).
MOST_THROWS = 99
# What each game's house rules are called on the form (the core names them for code).
KNOB_LABELS = {
    # Translators: a house rule of Yahtzee: how a second Yahtzee may be scored elsewhere.
    "joker": said("Joker rule"),
    "bonus_multiplied": said("Multiply a column's Yahtzee bonuses with it"),
    "opening_score": said("Opening score"),
    # Translators: a Farkle house rule: the points a third farkle in a row costs.
    "three_farkles_penalty": said("Three farkles in a row"),
    # Translators: a house rule: the total that ends the game ("Game to: 10000").
    "target": said("Game to"),
    # Translators: a Farkle house rule: what a straight of six dice scores.
    "straight": said("Straight (1 to 6)"),
    "three_pairs": said("Three pairs"),
    "two_triplets": said("Two triplets"),
    "four_and_pair": said("Four of a kind with a pair"),
    "n_of_a_kind": said("Four, five or six of a kind"),
    "three_ones": said("Three 1s"),
    # Translators: a house rule: the bonus for a high upper section ("Upper bonus: 50").
    "upper_bonus": said("Upper bonus"),
    # Translators: a house rule: the upper subtotal that earns the bonus ("Upper bonus at: 63").
    "upper_bonus_at": said("Upper bonus at"),
    "saved_throws": said("Save unused throws for later turns"),
    # Translators: a house rule of Generala: what the Generala box scores.
    "generala_points": said("Generala scores"),
    # Translators: a house rule of Generala: the extra points of a hand made on the first throw.
    "served_bonus": said("Served bonus"),
    "served_generala_wins": said("A served generala wins the game"),
    "double_generala": said("Double generala box"),
    "wrap_straight": said("Straight may wrap (3-4-5-6-1)"),
}


def _strip(value: str | None) -> str | None:
    return value.strip() if isinstance(value, str) else value


def dice_game_choices() -> list[SelectChoice]:
    """The dice games as this phone's language offers them: its own games first."""
    return [SelectChoice(game.kind, game.label) for game in dice_games_for(language())]


def first_dice_game() -> str:
    """The dice game a new game's form starts with in this phone's language (Kniffel in
    German), and what an unknown kind falls back to."""
    return dice_games_for(language())[0].kind


class NewGameForm(SheetForm):
    """Start a dice game: which game, and the names in playing order."""

    kind = SelectField(
        # Translators: the field choosing which dice game to play (Yahtzee, Farkle...).
        said("Game"),
        choices=[SelectChoice(kind, game.label) for kind, game in DICE_GAMES.items()],
    )
    # Translators: the label of a player's name field.
    player_names = SeatList(NameField(said("Player")), min_entries=MAX_PLAYERS)
    # One per drawn form: the same form sent again opens the game it started (started.py).
    client_token = FormTokenField()
    # A refused token is said beside the game, at the top of the form.
    hidden_errors_beside = "kind"

    def fit(self, kind: str) -> None:
        """Label the name fields for this game: the first ones are needed, the rest optional.
        The games are offered in the phone's language's order."""
        self.kind.choices = dice_game_choices()
        self.player_names.fit(dice_game(kind).most_players)
        needed = dice_game(kind).fewest_players
        for seat, entry in enumerate(self.player_names):
            if seat >= needed:
                entry.label.text = said("Player %(number)s (optional)", number=seat + 1)
            else:
                entry.label.text = said("Player %(number)s", number=seat + 1)
            entry.render_kw = {"autocomplete": "off", "autocapitalize": "words"}

    def names(self, kind: str) -> list[str] | None:
        """The players in order (blank optional fields skipped), or None with the errors set."""
        game = dice_game(kind)
        needed = game.fewest_players
        missing = said_plural(
            "Enter a name: %(game)s needs at least one player.",
            "Enter a name: %(game)s needs at least %(num)s players.",
            needed,
            game=game.label,
        )
        return check_names(self.player_names, needed, missing)


def _knobs(kind: str) -> tuple:
    """The house rules a game of this kind offers: (name, default, help, choices)."""
    return dice_game(kind).knobs


def house_rules_form(kind: str, formdata=None) -> Form:
    """One field per house rule of the game, its default filled in, its help beside it."""
    words = dice_game(kind).choice_labels
    knobs = [
        Knob(
            name,
            KNOB_LABELS.get(name, name.replace("_", " ").capitalize()),
            default,
            help_text,
            choices,
            tuple(words[name][choice] for choice in choices) if name in words else (),
        )
        for name, default, help_text, choices in _knobs(kind)
    ]
    # No numeric keypad: the penalty is negative, and phones' keypads lack a minus.
    return shared_house_rules_form(knobs, [Between(min=-1_000_000, max=1_000_000)], formdata)


def house_rule_overrides(form: Form, kind: str) -> dict[str, Any]:
    """The house rules a player changed from the defaults, by the core's names."""
    overrides = {}
    for name, default, _help, _choices in _knobs(kind):
        value = form[name].data
        if value is not None and value != default:
            overrides[name] = value
    return overrides


def knob_rows(kind: str, rules: Any) -> list[tuple[str, str, str, bool]]:
    """A game's house rules as the page lists them: (label, value, help, changed)."""
    rows = []
    words = dice_game(kind).choice_labels
    for name, default, help_text, _choices in _knobs(kind):
        value = getattr(rules, name)
        # Translators: a house rule's value, after its name ("Joker rule: yes").
        shown = (said("yes") if value else said("no")) if isinstance(value, bool) else str(value)
        shown = words.get(name, {}).get(value, shown)
        rows.append((KNOB_LABELS.get(name, name), shown, help_text, value != default))
    return rows


# --------------------------------------------------------------------------- Yahtzee


def _first_throw_field() -> BooleanField:
    return BooleanField(
        said("Served: made on the first throw"),
        description=said("A served straight, full house or four of a kind scores more."),
    )


def _throws_field() -> WholeNumberField:
    return WholeNumberField(
        said("Throws used"),
        validators=[Optional(), Between(min=1, max=MOST_THROWS)],
        description=said("Fewer than three: the rest are saved for a later turn."),
        render_kw={"inputmode": "numeric"},
    )


class DiceForm(PlainForm):
    """The dice on the table (a GET form: nothing is written until a box is chosen), and
    what some games ask of a turn: served (Generala) or the throws it used (Maxi Yatzy)."""

    first_throw = _first_throw_field()
    throws = _throws_field()

    def fit(self, layout: Any) -> DiceForm:
        """Keep only what this game asks of a turn (``layout``: services.dice.SheetLayout):
        what a game does not ask is neither read nor drawn."""
        if not layout.asks_first_throw:
            del self.first_throw
        if not layout.keeps_throws:
            del self.throws
        return self

    def served(self) -> bool:
        """Was the turn served (False where the game does not ask)?"""
        return bool(self.first_throw.data) if "first_throw" in self else False

    def throws_used(self) -> int | None:
        """The throws the turn used (None where the game keeps none)."""
        return self.throws.data if "throws" in self else None

    dice = StringField(
        # Translators: the field for the dice of a turn (the faces thrown).
        said("Dice"),
        validators=[Length(max=30)],
        filters=[_strip],
        description=said("Or type the faces, as 33356 or 3 3 3 5 6."),
        # Words, not digits: a placeholder of faces reads as dice already entered.
        render_kw={
            "autocomplete": "off",
            "inputmode": "numeric",
            "placeholder": said("Tap the dice or type them"),
        },
    )


class TurnGuard(SheetForm):
    """What a turn's form says of the page it was drawn on: the game's version, the turn's
    number and a one-time token (see macros/forms.html's write_guard)."""

    version = WholeNumberField(validators=[Optional(), Between(min=0, max=MAX_VERSION)])
    number = WholeNumberField(validators=[Optional(), Between(min=1, max=MAX_VERSION)])
    client_token = FormTokenField()

    def out_of_date(self) -> bool:
        """Did the page's own fields come back unreadable (or the CSRF token expired)?"""
        return any(
            field.errors for field in (self.version, self.number, self.client_token)
        ) or bool(self.meta.csrf and self.csrf_token.errors)


class TurnForm(TurnGuard):
    """A Yahtzee turn: the dice, and the box tapped (``full_house``, or ``2:full_house``)."""

    dice = HiddenField()
    first_throw = BooleanField()
    throws = WholeNumberField(validators=[Optional(), Between(min=1, max=MOST_THROWS)])
    slot = StringField(validators=[Length(max=30)])
    confirm = HiddenField()

    def dice_data(self) -> dict[str, Any]:
        """What the dice form showed, to draw it again as typed."""
        return {
            "dice": self.dice.data,
            "first_throw": self.first_throw.data,
            "throws": self.throws.data,
        }

    def box_and_column(self) -> tuple[str, int | None]:
        """The tapped box and, in Triple, its column (the core checks both)."""
        column, _, box = (self.slot.data or "").rpartition(":")
        return box, choice_id_or_none(column)


class EditTurnForm(TurnGuard):
    """Correcting a past Yahtzee turn: its dice, its box and (Triple) its column."""

    dice = StringField(
        said("Dice"),
        validators=[Length(max=30)],
        filters=[_strip],
        render_kw={"autocomplete": "off", "inputmode": "numeric"},
    )
    # The game's boxes and columns are offered by fit(); the core checks what comes back.
    # Translators: the field choosing a box of the score sheet (Chance, Full house...).
    box = SelectField(said("Box"), choices=[], validate_choice=False)
    first_throw = _first_throw_field()
    throws = _throws_field()
    turn_error: str | None = None  # a rule broken by a later turn, shown above the fields
    conflict: Any = None  # another phone's change meanwhile: the choice (pages.TurnConflict)

    # Translators: the field choosing a column of a Triple Yahtzee sheet.
    column = SelectField(said("Column"), choices=[], validate_choice=False)

    def fit(self, layout: Any) -> None:
        """Offer the game's own boxes and columns, and only the questions it asks of a turn
        (``layout``: services.dice.SheetLayout)."""
        self.box.choices = [SelectChoice(box.name, box.label) for box in layout.boxes]
        self.column.choices = [
            SelectChoice(
                str(number),
                said("Column %(number)s (×%(multiplier)s)", number=number, multiplier=multiplier),
            )
            for number, multiplier in enumerate(layout.multipliers, 1)
        ]
        if not layout.columns:
            del self.column
        if not layout.asks_first_throw:
            del self.first_throw
        if not layout.keeps_throws:
            del self.throws

    def chosen_column(self) -> int | None:
        """The column as a number (None when it is not one; the core then says so)."""
        return choice_id_or_none(self.column.data) if "column" in self else None

    def served(self) -> bool:
        """Was the turn served, as corrected (False where the game does not ask)?"""
        return bool(self.first_throw.data) if "first_throw" in self else False

    def throws_used(self) -> int | None:
        """The throws the turn used, as corrected (None where the game keeps none)."""
        return self.throws.data if "throws" in self else None


# ---------------------------------------------------------------------------- Farkle


class FarkleTurnForm(TurnGuard):
    """A Farkle turn: the kept dice of each throw (a line each), or its total, or a farkle."""

    throws = TextAreaField(
        said("Kept dice, one throw per line"),
        validators=[Length(max=200)],
        description=said('A line a throw, as "1 5" then "2 2 2".'),
        render_kw={"rows": 2, "autocomplete": "off", "spellcheck": "false"},
    )
    total = WholeNumberField(
        said("Or the turn's total"),
        validators=[Optional(), Between(min=-100_000, max=100_000)],
        render_kw={"inputmode": "numeric"},
    )
    turn_error: str | None = None  # a rule about the turn as a whole, shown at the top

    # Set by the button tapped: "bank" (the main button) or "farkle".
    action = ButtonField(choices=[SelectChoice("bank"), SelectChoice("farkle")], default="bank")

    def out_of_date(self) -> bool:
        """The page's own fields unreadable, or a button no page of the site draws."""
        return super().out_of_date() or bool(self.action.errors)

    def kept_dice(self) -> list[str]:
        """The throws as typed, one a line, blank lines left out."""
        return [line.strip() for line in (self.throws.data or "").splitlines() if line.strip()]
