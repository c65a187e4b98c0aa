"""The field vocabulary (rules/text.py): what a typed number, a choice, a list of numbers, a
name and a form token may be, and how deeply a JSON text nests."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.rules.text import (
    NAME_CHARACTERS,
    choice_id,
    choice_id_or_none,
    is_form_token,
    name_problem,
    nesting_depth,
    number_list,
    number_pairs,
    shown_plainly,
    whole_number,
)

NOT_NUMBERS = ["", " ", "٣", "３", "²", "1_000", "+5", "1.0", "1e3", "0x10", "9" * 19, "--1", "1 2"]


@pytest.mark.parametrize("typed", NOT_NUMBERS)
def test_only_ascii_digits_are_a_whole_number(typed):
    with pytest.raises(ValueError):
        whole_number(typed)


@pytest.mark.parametrize(("typed", "number"), [("0", 0), (" 42 ", 42), ("-500", -500)])
def test_a_whole_number_as_a_keypad_types_it(typed, number):
    assert whole_number(typed) == number


@given(st.integers(min_value=-(10**18) + 1, max_value=10**18 - 1))
def test_every_number_of_up_to_18_digits_reads_back(number):
    assert whole_number(str(number)) == number


@given(st.text(max_size=20))
def test_a_whole_number_is_never_what_int_would_not_say_the_same_of(typed):
    try:
        number = whole_number(typed)
    except ValueError:
        return
    assert number == int(typed) and typed.strip().lstrip("-").isascii()


@pytest.mark.parametrize("sent", ["-1", "٢", "²", "", None, True, "1 ", "9" * 19])
def test_a_choice_is_digits_or_an_int_and_nothing_else(sent):
    with pytest.raises(ValueError):
        choice_id(sent)
    assert choice_id_or_none(sent) is None


def test_a_choice_by_its_number():
    assert (choice_id("12"), choice_id(3), choice_id_or_none("0")) == (12, 3, 0)


def test_lists_and_pairs_of_numbers():
    assert number_list("150, 1500;300 600") == [150, 1500, 300, 600]
    assert number_pairs("50:1, 60:5; 100 : 10") == [(50, 1), (60, 5), (100, 10)]
    for typed in ("٣٠٠:١٠", "1_000:10", "300", "300:10:5"):
        with pytest.raises(ValueError):
            number_pairs(typed)


@pytest.mark.parametrize(
    "name",
    [
        "Ann\x00",
        "Ann\tBob",
        "Ann\x7f",
        "Ann\x85",
        "Ann\u202eBob",
        "\u2066Ann\u2069",
        "Ann\ud800",
        "Ann\u2028Bob",
        "Ann\ufffe",
        "Ann\ufdd0",
    ],
)
def test_a_name_holds_no_control_bidi_control_surrogate_or_noncharacter(name):
    assert name_problem(name) == NAME_CHARACTERS


@pytest.mark.parametrize(
    "name", ["Ann", "Zoë Ngũgĩ", "أحمد", "李雷", "👨\u200d👩\u200d👧 Smiths", "x" * 40]
)
def test_names_in_any_script_are_names(name):
    assert name_problem(name) is None


def test_a_name_is_40_characters_at_most():
    assert name_problem("x" * 41) == "Keep the name to 40 characters or fewer (this one has 41)."


def test_a_form_token_is_short_plain_text():
    assert is_form_token("abc-DEF_123")
    assert not any(map(is_form_token, ["", "x" * 41, "ab\x00c", "ab\u202ec"]))


def test_a_quoted_value_shows_its_hidden_characters_escaped():
    assert shown_plainly("Ann\u202eBob\x00") == "Ann\\u202eBob\\u0000"


@pytest.mark.parametrize(
    ("text", "depth"),
    [
        ("1", 0),
        ("[]", 1),
        ('{"a": [[1], {"b": []}]}', 4),
        ('["[[[[", "\\"]]]{{{"]', 1),
        ("[" * 50 + "]" * 50, 33),  # read no further than one past the limit
    ],
)
def test_nesting_depth_counts_brackets_outside_strings(text, depth):
    assert nesting_depth(text) == depth


@given(st.recursive(st.none() | st.text(alphabet='[]{}"\\ab'), lambda inner: st.lists(inner)))
def test_nesting_depth_agrees_with_the_parsed_document(value):
    def depth(item) -> int:
        return 1 + max(map(depth, item), default=0) if isinstance(item, list) else 0

    assert nesting_depth(json.dumps(value), deepest=1000) == depth(value)


@pytest.mark.parametrize("typed", ["0\x1f", "\x1c7", "5\u3000", "\u00a012"])
def test_a_whole_number_with_a_control_or_unicode_space_around_it_is_refused(typed):
    """Found by the property above: str.strip() took U+001F off "0\\x1f" and let it by."""
    with pytest.raises(ValueError):
        whole_number(typed)
