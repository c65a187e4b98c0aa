"""The house-rules form every game shares: one field per knob, its default and its help."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any, NamedTuple

from wtforms import BooleanField, Field, Form, SelectChoice, SelectField, StringField
from wtforms.validators import Length

from .rules import Preset, RuleError, Said, knob_table, said
from .validators import PlainForm, WholeNumberField, choice_id
from .words import capitalised


class Knob(NamedTuple):
    """A house rule as a form shows it: its core name, label, default, help and choices."""

    name: str
    label: str
    default: Any
    help: str
    choices: tuple[str, ...] = ()
    # The words a player reads for each choice (the choices themselves when none).
    choice_words: tuple[str, ...] = ()


# Each pinochle knob as players read it: mostly its name as words (``min_bid`` is "Min
# bid"), and words of their own where the name alone would not read well (the target is
# "Game to").
_PINOCHLE_LABELS = {
    # Translators: a pinochle house rule's name, as the new-match form and the rules page
    # label it (the points that win the game).
    "target": said("Game to"),
    # Translators: a pinochle house rule's name (the lowest opening bid).
    "min_bid": said("Min bid"),
    "bid_step": said("Bid step"),
    "bid_steps": said("Bid steps"),
    # Translators: a pinochle house rule's name (the bid the dealer is stuck with).
    "stuck_bid": said("Stuck bid"),
    "cards_passed": said("Cards passed"),
    "widow": said("Widow"),
    "trick_total": said("Trick total"),
    "trick_unit": said("Trick unit"),
    "save_rule": said("Save rule"),
    "save_with": said("Meld is saved by"),
    "save_minimum": said("Trick points that save meld"),
    "meld_minimum": said("Meld minimum"),
    "trump_needs_marriage": said("Trump needs marriage"),
    # Translators: a pinochle house rule's name (when the bidder may throw in).
    "throw_in": said("Throw in"),
    # Translators: a pinochle house rule's name (what the others score on a throw-in).
    "throw_in_others": said("Throw in others"),
    "set_penalty": said("Set penalty"),
    "moon": said("Shooting the moon scores"),
    "nines_redeal": said("Nines redeal"),
    "nines_needed": said("Nines needed"),
    "tie_rule": said("Tie rule"),
    "play_on_by": said("Playing on raises the game by"),
    "run_extras": said("Run extras"),
    # Translators: a pinochle house rule's name (what the dealer scores for a turned-up nine).
    "dealer_nine": said("Dealer nine"),
    # Translators: a pinochle house rule's name, and a meld: the points of a run.
    "run": said("Run"),
    "royal_marriage": said("Royal marriage"),
    "common_marriage": said("Common marriage"),
    "dix": said("Dix"),
    "pinochle": said("Pinochle"),
    "aces_around": said("Aces around"),
    "kings_around": said("Kings around"),
    "queens_around": said("Queens around"),
    "jacks_around": said("Jacks around"),
}


def pinochle_knob_label(name: str) -> str:
    """A pinochle knob's name as players read it, on the new-match form and the rules page:
    ``min_bid`` is "Min bid", and the target is "Game to"."""
    return _PINOCHLE_LABELS.get(name) or name.replace("_", " ").capitalize()


class KnobLine(NamedTuple):
    """One knob of a preset as the rules page (and a rule set's page) shows it."""

    name: str  # the core's name, for the line's id
    label: str  # as the new-match form labels it
    value: str
    help: str


def pinochle_knob_lines(preset: Preset) -> list[KnobLine]:
    """Every knob of a pinochle preset (house rules applied) as players read it."""
    return [
        KnobLine(name, pinochle_knob_label(name), value, help_text)
        for name, value, help_text in knob_table(preset)
    ]


def knob_field(knob: Knob, number_validators: list, render_kw: dict | None = None) -> Field:
    """The field for one knob: a choice, a yes/no box, a table of numbers, or a number."""
    if knob.choices:
        return SelectField(
            knob.label,
            choices=[
                SelectChoice(choice, word)
                for choice, word in zip(
                    knob.choices, knob.choice_words or knob.choices, strict=True
                )
            ],
            # A choice of numbers (three 1s: 1000 or 300) reads as one, in ASCII digits.
            coerce=choice_id if isinstance(knob.default, int) else type(knob.default),
            default=knob.default,
            description=knob.help,
        )
    if isinstance(knob.default, bool):
        return BooleanField(knob.label, default=knob.default, description=knob.help)
    if isinstance(knob.default, str):
        # A knob typed as text (pinochle's bid steps, ``50:1, 60:5, 100:10``).
        return StringField(
            knob.label,
            default=knob.default,
            description=knob.help,
            validators=[Length(max=120)],
            render_kw={"autocomplete": "off"},
        )
    if isinstance(knob.default, tuple):
        return StringField(
            knob.label,
            default=", ".join(str(v) for v in knob.default),
            description=knob.help,
            validators=[Length(max=60)],
        )
    return WholeNumberField(
        knob.label,
        default=knob.default,
        description=knob.help,
        validators=number_validators,
        render_kw=render_kw,
    )


def house_rules_form(
    knobs: Iterable[Knob],
    number_validators: list,
    formdata=None,
    prefix: str = "rule",
    render_kw: dict | None = None,
) -> Form:
    """A form with one field per knob, each filled with its default."""

    class HouseRules(PlainForm):
        pass

    for knob in knobs:
        setattr(HouseRules, knob.name, knob_field(knob, number_validators, render_kw))
    return HouseRules(formdata, prefix=prefix)


def knob_words(reason: str, rules_form: Form) -> str:
    """A rule's reason about house rules said with the form's labels, as a sentence: the
    core's ``target must be at least 1`` is ``"Game to" must be at least 1.`` A reason the
    core said (a ``Said`` naming its knobs as values) stays said in the page's language."""
    labels = {field.short_name: field.label.text for field in rules_form}

    # A name is swapped where it can only be the knob: with an underscore (bid_step), at
    # the start, or as "set moon to 0"; "shoot the moon" stays as it is.
    names = "|".join(re.escape(name) for name in sorted(labels, key=len, reverse=True))
    knob = re.compile(
        rf"(?:^|(?<=set )|(?<![\w-])(?=\w*_))(?P<name>{names})(?![\w-])" if names else r"(?!)"
    )
    # Quoted, a label reads as the name of a box ("Playing on raises the game by").
    words = knob.sub(lambda match: f'"{labels[match.group("name")]}"', reason)
    if isinstance(reason, Said) and reason.parts is None:
        # The core's sentence names a knob as a value of its own: in another language the
        # label takes the knob's place there, and the English stays the words above.
        values = {
            key: _quoted(labels[value]) if type(value) is str and value in labels else value
            for key, value in reason.values.items()
        }
        words = _said_as(words, reason, values)
    return capitalised(words)


def _quoted(label: str) -> str:
    # Translators: a house rule's name quoted in a sentence ("Game to" must be at least 1).
    return said('"%(label)s"', label=label)


def _said_as(english: str, sentence: Said, values: dict[str, object]) -> Said:
    """``sentence`` with other values, whose English is ``english`` (the form's words for
    it, the labels in place of the knobs' names)."""
    shown = str.__new__(Said, english)
    shown.message, shown.plural, shown.count = sentence.message, sentence.plural, sentence.count
    shown.values, shown.parts = values, None
    return shown


def refuse_knob(rules_form: Form, error: RuleError) -> bool:
    """Put a broken house rule's reason beside its field, in the form's words; False when
    the reason is about no field of this form (the caller shows it elsewhere)."""
    if not error.field or error.field not in rules_form:
        return False
    rules_form[error.field].errors = [knob_words(error.reason, rules_form)]
    return True
