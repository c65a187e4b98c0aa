"""WTForms' input widgets with a quicker attribute writer, for the forms drawn most often.

WTForms writes each attribute through ``Markup.format``, about 0.1 ms an input on the
development machine; the next hand's form has some thirty inputs, which made it the
largest part of drawing a match page (``make bench``: "match page, 200 hands, nothing
kept"). ``attributes`` writes the same text with one ``escape`` per value. WTForms lets a
widget class choose its writer (``Input.html_params``), so these widgets are WTForms'
own with that one choice changed. tests/test_widgets.py checks that the HTML is the same,
character for character, as WTForms' own.
"""

from __future__ import annotations

from markupsafe import Markup, escape
from wtforms import widgets
from wtforms.widgets.core import clean_key

QUOTE, QUOTED = Markup('"'), Markup("&quot;")


def attributes(**kwargs) -> Markup:
    """HTML attributes as WTForms' ``html_params`` writes them: sorted by name, ``class_``
    as ``class``, ``data_``/``aria_`` names with hyphens, True as a bare name, False left
    out, every value escaped, quotes included."""
    written = []
    for key, value in sorted(kwargs.items()):
        if value is False:
            continue
        key = clean_key(key)
        # A value that is Markup already keeps its quotes through escape(): closed here.
        written.append(key if value is True else f'{key}="{escape(value).replace(QUOTE, QUOTED)}"')
    return Markup(" ".join(written))


class TextInput(widgets.TextInput):
    html_params = staticmethod(attributes)


class NumberInput(widgets.NumberInput):
    html_params = staticmethod(attributes)


class HiddenInput(widgets.HiddenInput):
    html_params = staticmethod(attributes)


class CheckboxInput(widgets.CheckboxInput):
    html_params = staticmethod(attributes)


class RadioInput(widgets.RadioInput):
    html_params = staticmethod(attributes)
