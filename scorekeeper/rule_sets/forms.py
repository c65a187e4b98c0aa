"""The rule sets' one form: the name a table saves its house rules under."""

from __future__ import annotations

from wtforms import StringField
from wtforms.validators import Optional
from wtforms.widgets import HiddenInput

from ..match_setup import VERSIONS
from ..rules import said
from ..rules.text import NAME_LENGTH
from ..validators import SheetForm, WholeNumberField


class RuleSetNameForm(SheetForm):
    """A rule set's name (the service says what is wrong with one), with the page's CSRF
    token; the house rules come in a form of their own (match_setup.house_rules_form)."""

    rule_set_name = StringField(
        said("Save these rules as"),
        description=said("A name your table knows them by, such as Smith family."),
        render_kw={"autocomplete": "off", "maxlength": NAME_LENGTH},
    )
    # The set's version its change form was drawn at (unused by "Save these rules as"):
    # a change saved by another phone meanwhile is a conflict, not silently undone.
    version = WholeNumberField(widget=HiddenInput(), validators=[Optional(), VERSIONS])

    def redraw(self, version: int) -> None:
        """Draw the change form again at the version now stored, as typed (a conflict)."""
        self.version.data, self.version.raw_data = version, [str(version)]
