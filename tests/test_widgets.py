"""The quicker widgets (scorekeeper/widgets.py) and the ledger's one-step helpers draw
exactly what WTForms and url_for draw: the shortcut is kept only while that holds."""

from __future__ import annotations

from flask import url_for
from hypothesis import given
from hypothesis import strategies as st
from markupsafe import Markup
from werkzeug.datastructures import MultiDict
from wtforms import widgets as stock
from wtforms.widgets.core import html_params

from scorekeeper import widgets
from scorekeeper.main import side_scores
from scorekeeper.matches.forms import HandForm
from scorekeeper.rules import get_preset

NAMES = st.from_regex(r"(data_|aria_)?[a-z][a-z_]{0,8}_?", fullmatch=True)
VALUES = st.one_of(
    st.booleans(),
    st.integers(),
    st.text(max_size=12),
    st.sampled_from(['say "hi"', "<b>&</b>", "'", Markup('a "safe" <i>b</i>')]),
)


@given(st.dictionaries(NAMES, VALUES, max_size=6))
def test_attributes_are_written_as_wtforms_writes_them(attrs):
    assert widgets.attributes(**attrs) == html_params(**attrs)


def _stock_twin(widget):
    """WTForms' own widget of the class the quick one is made from, set up the same way."""
    twin = type(widget).__mro__[1]()
    twin.__dict__.update(widget.__dict__)
    return twin


def _drawn_pairs(form):
    """(quick, stock) HTML for every input of the form, radio choices included."""
    for field in form:
        for part in field if hasattr(field, "entries") or hasattr(field, "choices") else [field]:
            widget = part.widget
            if type(widget).__module__ == widgets.__name__:
                extra = {"aria_invalid": "true", "autofocus": True, "aria_describedby": False}
                yield str(widget(part, **extra)), str(_stock_twin(widget)(part, **extra))


def test_the_hand_form_is_drawn_as_wtforms_draws_it(app):
    posted = MultiDict(
        {
            "bidder": "1",
            "bid": "25<5",
            "trump": "2",
            "all_passed": "y",
            "meld-0": '60"',
            "meld-1": "40",
            "tricks-0": "x&y",
            "cards-0": "AH <10H>",
            "client_token": 'a"b',
            "version": "7",
        }
    )
    with app.test_request_context(method="POST", data=posted):
        form = HandForm(meta={"csrf": False})
        form.setup(get_preset("partnership"), ["Ann", "Bob", 'Cat "C"', "Dan"], ["Us", "Them"])
        form.validate()
        pairs = list(_drawn_pairs(form))
        quick_kinds = {type(field.widget) for field in form}
    assert len(pairs) >= 20
    assert widgets.NumberInput in quick_kinds and widgets.HiddenInput in quick_kinds
    for quick, wtforms_own in pairs:
        assert quick == wtforms_own


def test_quick_widgets_are_wtforms_widgets():
    for quick, own in [
        (widgets.TextInput, stock.TextInput),
        (widgets.NumberInput, stock.NumberInput),
        (widgets.HiddenInput, stock.HiddenInput),
        (widgets.CheckboxInput, stock.CheckboxInput),
        (widgets.RadioInput, stock.RadioInput),
    ]:
        assert quick.__mro__[1] is own


def test_a_row_url_is_the_url_for_of_that_row(app):
    with app.test_request_context():
        edit_url = app.jinja_env.globals["row_url"]("matches.edit_hand", "hand_id", token="t" * 22)
        for hand_id in (1, 9, 10, 123456):
            assert edit_url(hand_id) == url_for(
                "matches.edit_hand", token="t" * 22, hand_id=hand_id
            )


def test_side_scores_escape_names_and_sign_points():
    html = side_scores(["Us", "<Them>"])([310, -300], [1200, -40])
    assert html.count('class="row-side"') == 2
    assert "<bdi>&lt;Them&gt;</bdi>: " in html and "<Them>" not in html

    assert '<span class="row-points">+310</span>' in html
    assert '<span class="row-points">\u2212300</span>' in html
    assert "\u221240</span>" in html
