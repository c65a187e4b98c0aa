"""WTForms' own messages are shown in the site's words, each saying what to do."""

from __future__ import annotations

from pathlib import Path

import wtforms
from werkzeug.datastructures import MultiDict
from wtforms import IntegerField, RadioField, SelectChoice, StringField
from wtforms.validators import DataRequired, Length, NumberRange

from scorekeeper.validators import PLAIN_WORDS, PlainForm

WTFORMS_SOURCE = "".join(path.read_text() for path in Path(wtforms.__file__).parent.rglob("*.py"))


def test_each_message_replaced_is_one_wtforms_writes():
    # A WTForms upgrade that rewords a message would leave its plain words unused.
    for message in PLAIN_WORDS:
        assert f'"{message}"' in WTFORMS_SOURCE, message


def test_plain_words_are_sentences():
    for words in PLAIN_WORDS.values():
        assert words[0].isupper() and words.endswith("."), words


class Sample(PlainForm):
    count = IntegerField("Count", validators=[NumberRange(min=1, max=9)])
    name = StringField("Name", validators=[DataRequired(), Length(max=3)])
    side = RadioField("Side", choices=[SelectChoice("a", "A"), SelectChoice("b", "B")])


def errors(data: dict) -> dict[str, list[str]]:
    form = Sample(MultiDict(data))
    form.validate()
    return form.errors


def test_a_form_says_what_to_do():
    assert errors({"count": "lots", "name": "", "side": "c"}) == {
        # (WTForms' range check runs on a number it could not read, too.)
        "count": ["Type a whole number, digits only.", "Enter a number from 1 to 9."],
        "name": ["Fill this in: it is needed."],
        "side": ["Pick one of the choices shown."],
    }
    said = errors({"count": "12", "name": "Annabel", "side": "a"})
    assert said == {
        "count": ["Enter a number from 1 to 9."],
        "name": ["Too long: use at most 3 characters."],
    }
