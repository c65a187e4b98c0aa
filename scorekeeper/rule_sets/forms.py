"""The rule sets' one form: the name a table saves its house rules under."""

from __future__ import annotations

from wtforms import StringField

from ..rules.text import NAME_LENGTH
from ..validators import SheetForm


class RuleSetNameForm(SheetForm):
    """A rule set's name (the service says what is wrong with one), with the page's CSRF
    token; the house rules come in a form of their own (matches.forms.house_rules_form)."""

    rule_set_name = StringField(
        "Save these rules as",
        description="A name your table knows them by, such as Smith family.",
        render_kw={"autocomplete": "off", "maxlength": NAME_LENGTH},
    )
