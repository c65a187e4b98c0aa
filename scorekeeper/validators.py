"""Form fields and validators shared by the score sheets."""

from __future__ import annotations

import re

from wtforms import FieldList, IntegerField
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
