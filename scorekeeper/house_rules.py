"""The house-rules form every game shares: one field per knob, its default and its help."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any, NamedTuple

from wtforms import BooleanField, Field, Form, SelectChoice, SelectField, StringField
from wtforms.validators import Length

from .rules import Preset, RuleError, knob_table
from .validators import PlainForm, WholeNumberField, choice_id


class Knob(NamedTuple):
    """A house rule as a form shows it: its core name, label, default, help and choices."""

    name: str
    label: str
    default: Any
    help: str
    choices: tuple[str, ...] = ()


# Pinochle knobs whose name alone would not read well as a label.
_PINOCHLE_LABELS = {
    "target": "Game to",
    "save_with": "Meld is saved by",
    "save_minimum": "Trick points that save meld",
    "moon": "Shooting the moon scores",
    "play_on_by": "Playing on raises the game by",
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
            choices=[SelectChoice(choice) for choice in knob.choices],
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
    core's ``target must be at least 1`` is ``"Game to" must be at least 1.``"""
    labels = {field.short_name: field.label.text for field in rules_form}

    # A name is swapped where it can only be the knob: with an underscore (bid_step), at
    # the start, or as "set moon to 0"; "shoot the moon" stays as it is.
    names = "|".join(re.escape(name) for name in sorted(labels, key=len, reverse=True))
    knob = re.compile(
        rf"(?:^|(?<=set )|(?<![\w-])(?=\w*_))(?P<name>{names})(?![\w-])" if names else r"(?!)"
    )
    # Quoted, a label reads as the name of a box ("Playing on raises the game by").
    said = knob.sub(lambda match: f'"{labels[match.group("name")]}"', reason)
    said = said[:1].upper() + said[1:]
    return said if said.endswith((".", "?", "!")) else f"{said}."


def refuse_knob(rules_form: Form, error: RuleError) -> bool:
    """Put a broken house rule's reason beside its field, in the form's words; False when
    the reason is about no field of this form (the caller shows it elsewhere)."""
    if not error.field or error.field not in rules_form:
        return False
    rules_form[error.field].errors = [knob_words(error.reason, rules_form)]
    return True
