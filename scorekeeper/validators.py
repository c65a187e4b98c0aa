"""Form fields and validators shared by the score sheets."""

from __future__ import annotations

import re

from flask_wtf import FlaskForm
from wtforms import FieldList, Form, IntegerField
from wtforms.utils import unset_value
from wtforms.validators import NumberRange, ValidationError

from . import widgets

# Past this a typed number is no score but a stuck key; WTForms' own range check would
# fail on it (it turns the number into a float), so it is refused first.
LONGEST_NUMBER = 10**15


# A whole number as a phone's keypad types it: ASCII digits, perhaps a minus sign. Python's
# int() takes more ("1_000", full-width and Arabic-Indic digits), which no player means.
WHOLE_NUMBER = re.compile(r"-?[0-9]+")


def whole_number(text: str) -> int:
    """A typed whole number (ASCII digits, an optional minus sign), else ValueError."""
    text = text.strip()
    if WHOLE_NUMBER.fullmatch(text) is None:
        raise ValueError(f"{text!r} is not a whole number")
    return int(text)


# WTForms' own messages, as a player reads them: each says what to do. (WTForms asks its
# form's translations for every message it shows; these are the site's only language.)
PLAIN_WORDS = {
    "Not a valid integer value.": "Type a whole number, digits only.",
    "Not a valid choice.": "Pick one of the choices shown.",
    "Invalid Choice: could not coerce.": "Pick one of the choices shown.",
    "This field is required.": "Fill this in: it is needed.",
    "Field cannot be longer than %(max)d character.": "Too long: use at most %(max)d character.",
    "Field cannot be longer than %(max)d characters.": "Too long: use at most %(max)d characters.",
    "Field must be at least %(min)d character long.": "Too short: use at least %(min)d character.",
    "Field must be at least %(min)d characters long.": (
        "Too short: use at least %(min)d characters."
    ),
    "Field must be between %(min)d and %(max)d characters long.": (
        "Use from %(min)d to %(max)d characters."
    ),
    "Number must be at least %(min)s.": "Enter %(min)s or more.",
    "Number must be at most %(max)s.": "Enter %(max)s or less.",
    "Number must be between %(min)s and %(max)s.": "Enter a number from %(min)s to %(max)s.",
}


class PlainWords:
    """The translations WTForms asks for its messages: PLAIN_WORDS, else WTForms' own."""

    def gettext(self, string: str) -> str:
        return PLAIN_WORDS.get(string, string)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self.gettext(singular if n == 1 else plural)


PLAIN = PlainWords()


class PlainMeta:
    """A form's settings: WTForms' messages in plain words."""

    def get_translations(self, form) -> PlainWords:
        return PLAIN


class SheetForm(FlaskForm):
    """A form that writes: Flask-WTF's CSRF, and WTForms' messages in plain words."""

    Meta = PlainMeta


class PlainForm(Form):
    """A form within a form (house rules, a turn's dice): its messages in plain words."""

    Meta = PlainMeta


class WholeNumberField(IntegerField):
    """An IntegerField that reads only what a keypad types, so "1_000", "１" or "٣" get
    the field's own message instead of being taken for numbers."""

    widget = widgets.NumberInput()

    def process_formdata(self, valuelist) -> None:
        """Read the posted text; anything but a plain whole number is an error."""
        if not valuelist:
            return
        try:
            self.data = whole_number(valuelist[0])
        except ValueError:
            self.data = None
            message = self.invalid_value_message or self.gettext("Not a valid integer value.")
            raise ValueError(message) from None


class Between(NumberRange):
    """A number range that leaves a blank or non-number to the field's own message, and
    refuses numbers too long to compare."""

    def __call__(self, form, field) -> None:
        if field.data is None:
            return
        if isinstance(field.data, int) and abs(field.data) > LONGEST_NUMBER:
            message = self.message or (
                f"Enter a number from {self.min} to {self.max}."
                if self.min is not None and self.max is not None
                else "That number is too large."
            )
            raise ValidationError(message)
        super().__call__(form, field)


class SeatList(FieldList):
    """One field per seat or side, each read from its own name (``meld-1``): a post that
    leaves one out never shifts the others, as a plain FieldList's renumbering would."""

    def process(self, formdata, data=unset_value, extra_filters=None):
        """Build exactly ``min_entries`` fields, indexed 0, 1, …, from the form data."""
        self.last_index = -1
        self.entries = []
        self.object_data = data
        for index in range(self.min_entries):
            self._add_entry(formdata, unset_value, index=index)

    def fit(self, count: int) -> None:
        """Keep exactly ``count`` fields (the rest were never part of the form)."""
        self.entries = self.entries[:count]


# A name given twice, said beside the second one (players' and teams' own words).
PLAYER_TWICE = "Two players are called {name}: add an initial so the ledger can tell them apart."
TEAM_TWICE = "Two teams are called {name}: give each team its own name for the ledger."


def check_names(
    entries, needed: int, missing: str, twice: str = PLAYER_TWICE, defaults=None
) -> list[str] | None:
    """The names typed, in seat order, or None with each refusal beside its field: a blank
    seat among the first ``needed`` (``missing`` says why it is needed), or a name given
    twice. A blank seat past ``needed`` is left out, or takes its name from ``defaults``."""
    names: list[str] = []
    taken: dict[str, str] = {}
    ok = True
    for seat, entry in enumerate(entries):
        name = entry.data or ""
        if not name and seat < needed and defaults is None:
            entry.errors = [*entry.errors, missing]
            ok = False
            continue
        if not name:
            if defaults is None:
                continue
            name = defaults[seat]
        # "ann" and "Ann" are one name to the table: the ledger could not tell them apart.
        if name.casefold() in taken:
            entry.errors = [*entry.errors, twice.format(name=taken[name.casefold()])]
            ok = False
        taken.setdefault(name.casefold(), name)
        names.append(name)
    return names if ok else None


def point_to_first_error(fields) -> bool:
    """Put the thumb on the first field (in page order) that was refused: it is drawn with
    ``autofocus``: the browser opens the page focused on it, scrolled into view (under
    htmx, app.js's afterSettle does the same)."""
    for field in fields:
        if field.errors:
            field.flags.autofocus = True
            return True
    return False
