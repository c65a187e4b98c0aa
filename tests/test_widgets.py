"""scorekeeper.widgets draws exactly what WTForms' own widgets draw, only faster."""

import pytest
from hypothesis import given
from hypothesis import strategies as st
from markupsafe import Markup
from werkzeug.datastructures import MultiDict
from wtforms import widgets as wtforms_widgets

from scorekeeper import widgets
from scorekeeper.matches.forms import HandForm
from scorekeeper.rules.pinochle import PRESETS

keywords = st.one_of(
    st.from_regex(r"(data_|aria_)?[a-z][a-z_]{0,12}", fullmatch=True),
    st.text(min_size=1, max_size=12),  # any text a caller could pass through **attributes
)
values = st.one_of(
    st.booleans(),
    st.integers(),
    st.none(),
    st.text(),
    st.text().map(Markup),
)


@given(st.dictionaries(keywords, values, max_size=8))
def test_attributes_are_written_as_wtforms_writes_them(attributes):
    assert widgets.html_params(**attributes) == wtforms_widgets.html_params(**attributes)


@pytest.mark.parametrize(
    "attributes",
    [
        {"class_": "choices", "for_": "bid", "data_step_by": "-1", "aria_described_by": "x"},
        {"value": '"><script>', "title": Markup('say "hi"'), "checked": True, "hidden": False},
    ],
)
def test_awkward_attributes_come_out_the_same(attributes):
    assert widgets.html_params(**attributes) == wtforms_widgets.html_params(**attributes)


def as_wtforms_draws_it(field):
    """The field drawn by WTForms' own widget of the same kind."""
    own = getattr(wtforms_widgets, type(field.widget).__name__)()
    return own(field, **(field.render_kw or {}))


def test_every_input_of_the_hand_form_is_the_same_html_as_wtforms(app):
    typed = MultiDict(
        {"bidder": "2", "bid": "350", "all_passed": "y", "meld-0": '12"<', "cards-1": "AS & QS"}
    )
    with app.test_request_context():
        form = HandForm(formdata=typed, meta={"csrf": False})
        form.setup(PRESETS["partnership"], ["Ann", "Bob", "Cat", "Dan"], ["Us", "Them"])
        fields = [form.bid, form.all_passed, form.turned_nine, form.version, form.client_token]
        fields += [*form.meld, *form.tricks, *form.cards]
        for field in fields:
            assert isinstance(
                field.widget,
                widgets.HiddenInput
                | widgets.NumberInput
                | widgets.TextInput
                | widgets.CheckboxInput,
            )
            assert field() == as_wtforms_draws_it(field), field.name
        for radio in (form.bidder, form.trump):
            for choice in radio:
                assert isinstance(choice.widget, widgets.RadioInput)
                assert choice() == wtforms_widgets.RadioInput()(choice), choice.id
