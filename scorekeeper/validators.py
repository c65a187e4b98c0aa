"""Form fields and validators shared by the score sheets: the field vocabulary every form
reads with (rules/text.py says what each kind of value may be, for the imports too)."""

from __future__ import annotations

from collections.abc import Iterator

from flask import has_request_context, request
from flask_wtf import FlaskForm
from werkzeug.datastructures import MultiDict
from wtforms import (
    Field,
    FieldList,
    Form,
    FormField,
    HiddenField,
    IntegerField,
    SelectField,
    StringField,
)
from wtforms.utils import unset_value
from wtforms.validators import Length, NumberRange, ValidationError

from . import widgets
from .rules import RuleError, Said, said, said_plural, text
from .rules.text import NAME_LENGTH, choice_id, whole_number

__all__ = [
    "NAME_LENGTH",
    "Between",
    "ButtonField",
    "FormTokenField",
    "NameField",
    "PlainForm",
    "SeatList",
    "SheetForm",
    "WholeNumberField",
    "choice_id",
    "roster_choice",
    "whole_number",
]

# Past this a typed number is no score but a stuck key; WTForms' own range check would
# fail on it (it turns the number into a float), so it is refused first.
LONGEST_NUMBER = 10**15

# A box of the page sent as a file (a multipart file part): no page of the site sends one.
SENT_AS_FILE = said("Type this in the box: a file cannot go here.")
# A button's value that no page of the site draws (or a page older than the site).
UNKNOWN_BUTTON = said("That button is not on this page any more: reload the page, then try again.")
# A one-time form token that no page of the site drew.
STALE_FORM = said("This form is out of date: reload the page, then try again.")
TOO_LARGE = said("That number is too large.")


class Unfilled(str):
    """A message that WTForms fills in itself (``message % dict(min=…, max=…)``), kept
    said: made with its placeholders standing for themselves, and said again with the
    values it is filled with (the same English), so a page says it in the phone's language.
    ``count`` names the value a plural's form follows."""

    def __new__(cls, sentence: Said, count: str | None = None) -> Unfilled:
        self = super().__new__(cls, sentence)
        self.message, self.plural, self.count = sentence.message, sentence.plural, count
        return self

    def __copy__(self) -> Unfilled:
        return self  # unchanging, like the str it is

    def __deepcopy__(self, memo: dict) -> Unfilled:
        return self

    def __mod__(self, values: dict) -> Said:
        if self.count is None:
            return said(self.message, **values)
        return said_plural(self.message, self.plural, values[self.count], **values)


# WTForms' message for what is not a whole number (its key in PLAIN_WORDS below).
NOT_AN_INTEGER = "Not a valid integer value."
PICK_A_CHOICE = said("Pick one of the choices shown.")
FROM_TO = Unfilled(said("Enter a number from %(min)s to %(max)s.", min="%(min)s", max="%(max)s"))
TOO_LONG = Unfilled(
    said_plural(
        "Too long: use at most %(max)s character.",
        "Too long: use at most %(max)s characters.",
        2,
        max="%(max)s",
    ),
    count="max",
)
TOO_SHORT = Unfilled(
    said_plural(
        "Too short: use at least %(min)s character.",
        "Too short: use at least %(min)s characters.",
        2,
        min="%(min)s",
    ),
    count="min",
)
# WTForms' own messages, as a player reads them: each says what to do. (WTForms asks its
# form's translations for every message it shows: each is said, in the phone's language.)
PLAIN_WORDS = {
    "Not a valid integer value.": said("Type a whole number, digits only."),
    "Not a valid choice.": PICK_A_CHOICE,
    "Invalid Choice: could not coerce.": PICK_A_CHOICE,
    "This field is required.": said("Fill this in: it is needed."),
    "Field cannot be longer than %(max)d character.": TOO_LONG,
    "Field cannot be longer than %(max)d characters.": TOO_LONG,
    "Field must be at least %(min)d character long.": TOO_SHORT,
    "Field must be at least %(min)d characters long.": TOO_SHORT,
    "Field must be between %(min)d and %(max)d characters long.": Unfilled(
        said("Use from %(min)s to %(max)s characters.", min="%(min)s", max="%(max)s")
    ),
    "Number must be at least %(min)s.": Unfilled(said("Enter %(min)s or more.", min="%(min)s")),
    "Number must be at most %(max)s.": Unfilled(said("Enter %(max)s or less.", max="%(max)s")),
    "Number must be between %(min)s and %(max)s.": FROM_TO,
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


def every_field(fields) -> Iterator[Field]:
    """Each field a form reads, the boxes of its lists and sub-forms one by one."""
    for field in fields:
        if isinstance(field, FieldList):
            yield from every_field(field.entries)
        elif isinstance(field, FormField):
            yield from every_field(field.form)
        else:
            yield field


def typed_only(formdata) -> tuple[MultiDict | None, set[str]]:
    """The form data without its file parts, and the names the files were sent under."""
    if formdata is None or not hasattr(formdata, "items"):
        return formdata, set()
    files = set()
    if has_request_context() and request.files:
        # A form handed request.form (the house rules) is still told of the files.
        files.update(request.files.keys())
    typed = MultiDict()
    for name, value in formdata.items(multi=True):
        if isinstance(value, str):
            typed.add(name, value)
        else:
            files.add(name)
    return typed, files


class TypedForm:
    """A form that reads text only: a field sent as a file is read as not sent, and refused
    beside its box when the form is validated. ``hidden_errors_beside`` names the field
    that says why a hidden field (the one-time token) was refused."""

    hidden_errors_beside: str | None = None

    def process(self, formdata=None, obj=None, data=None, extra_filters=None, **kwargs):
        """Read the posted text, the file parts left out (and remembered)."""
        formdata = self.meta.wrap_formdata(self, formdata)
        formdata, self.sent_as_files = typed_only(formdata)
        super().process(formdata, obj, data=data, extra_filters=extra_filters, **kwargs)

    def validate(self, extra_validators=None) -> bool:
        """WTForms' validation, then each field sent as a file refused beside its box."""
        valid = super().validate(extra_validators)
        for field in every_field(self):
            if field.name in self.sent_as_files:
                field.errors = [*field.errors, SENT_AS_FILE]
                valid = False
        beside = self.hidden_errors_beside
        if beside is not None and beside in self:
            for field in every_field(self):
                hidden = isinstance(field, HiddenField) and field.short_name != "csrf_token"
                if hidden and field.errors:
                    self[beside].errors = [*self[beside].errors, *field.errors]
        return valid

    def file_part(self) -> str | None:
        """The short name of the first field sent as a file (for a form read without
        being validated), or None."""
        for field in every_field(self):
            if field.name in self.sent_as_files:
                return field.short_name
        return None


class SheetForm(TypedForm, FlaskForm):
    """A form that writes: Flask-WTF's CSRF, WTForms' messages in plain words, text only."""

    Meta = PlainMeta


class PlainForm(TypedForm, Form):
    """A form within a form (house rules, a turn's dice): its messages in plain words."""

    Meta = PlainMeta


def first_refusal(form) -> RuleError | None:
    """The first field a validated form refused (its CSRF token aside), as the RuleError a
    service would raise about it."""
    for field in form:
        if field.short_name == "csrf_token" or not field.errors:
            continue
        errors = field.errors
        if isinstance(field, FieldList):
            errors = [error for entry in field.entries for error in entry.errors]
        return RuleError(errors[0], field=field.short_name)
    return None


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
            raise ValueError(self._refusal(valuelist[0])) from None

    def _refusal(self, typed: object) -> str:
        """Digits past any score are told the field's range; anything else, digits only."""
        if text.is_too_long_number(typed):
            ranges = [check for check in self.validators if isinstance(check, Between)]
            return ranges[0].too_large() if ranges else TOO_LARGE
        return self.invalid_value_message or self.gettext(NOT_AN_INTEGER)


def roster_choice(value: object) -> int | None:
    """A select's choice of a roster player or a seat by number: None for the blank one
    ("Pick who"), else ASCII digits (ValueError: WTForms says to pick a choice shown)."""
    if value is None or value == "":
        return None
    return choice_id(value)


class PlainText:
    """A validator: the text holds only characters a name may (rules/text.py)."""

    def __init__(self, message: str = text.NAME_CHARACTERS) -> None:
        self.message = message

    def __call__(self, form, field) -> None:
        if isinstance(field.data, str) and not text.is_plain_text(field.data):
            raise ValidationError(self.message)


def _strip(value: str | None) -> str | None:
    return value.strip() if isinstance(value, str) else value


class NameField(StringField):
    """A player's or a team's name: trimmed, at most NAME_LENGTH characters, with no
    control character nor bidi control (the name rule of rules/text.py)."""

    def __init__(self, label=None, validators=None, **kwargs) -> None:
        validators = [Length(max=NAME_LENGTH), PlainText(), *(validators or [])]
        super().__init__(label, validators, filters=[_strip, *kwargs.pop("filters", [])], **kwargs)


class FormTokenField(HiddenField):
    """The one-time token a form was drawn with: blank, or plain text of at most 40
    characters; anything else is a form no page drew (``message`` says what to do)."""

    def __init__(self, label=None, validators=None, message: str = STALE_FORM, **kwargs):
        super().__init__(label, validators, **kwargs)
        self.message = message

    def pre_validate(self, form) -> None:
        if self.data and not text.is_form_token(self.data):
            raise ValidationError(self.message)


class ButtonField(SelectField):
    """Which of a form's buttons was tapped (``name="action"``): one of ``choices``, else
    the form is refused (a button no page of the site draws)."""

    def __init__(self, label=None, validators=None, **kwargs) -> None:
        kwargs.setdefault("invalid_choice_message", UNKNOWN_BUTTON)
        super().__init__(label, validators, **kwargs)


class Between(NumberRange):
    """A number range that leaves a blank or non-number to the field's own message, and
    refuses numbers too long to compare."""

    def __call__(self, form, field) -> None:
        if field.data is None:
            return
        if isinstance(field.data, int) and abs(field.data) > LONGEST_NUMBER:
            raise ValidationError(self.too_large())
        super().__call__(form, field)

    def too_large(self) -> str:
        """What a number too long to compare is told."""
        if isinstance(self.message, Unfilled):
            return self.message % {"min": self.min, "max": self.max}
        if self.message:
            return self.message
        if self.min is not None and self.max is not None:
            return FROM_TO % {"min": self.min, "max": self.max}
        return TOO_LARGE


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
PLAYER_TWICE = Unfilled(
    said(
        "Two players are called %(name)s: add an initial so the ledger can tell them apart.",
        name="%(name)s",
    )
)
TEAM_TWICE = Unfilled(
    said(
        "Two teams are called %(name)s: give each team its own name for the ledger.",
        name="%(name)s",
    )
)


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
            first = taken[name.casefold()]
            told = (
                twice % {"name": first} if isinstance(twice, Unfilled) else twice.format(name=first)
            )
            entry.errors = [*entry.errors, told]
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
