"""The vendored stylesheet less what the site cannot use (scorekeeper/css_trim.py)."""

from pathlib import Path

import pytest

from scorekeeper import css_trim
from scorekeeper.assets import site_vocabulary

STATIC = Path(__file__).resolve().parents[1] / "static"
WORDS = css_trim.Vocabulary(
    words=frozenset({"hand-form", "choice", "role", "type", "aria-invalid", "steppers"}),
    tags=frozenset({"html", "body", "button", "input", "a", "fieldset", "label"}),
    values={"type": frozenset({"number", "checkbox"}), "role": frozenset({"button"})},
)


@pytest.mark.parametrize(
    ("selector", "used"),
    [
        (".hand-form label", True),
        ("button:hover", True),
        ("input:not([type=range])", True),  # :not() never drops a selector
        (":where(a,dialog)", True),  # one of :where()'s alternatives is used
        (":is(dialog,progress)", False),
        ("dialog", False),
        ("details.dropdown>summary", False),
        ("[data-tooltip]", False),
        ("[type=range]::-webkit-slider-thumb", False),
        ("[type=checkbox][aria-invalid=true]", True),
        ("[role=group] button", False),
        (":host", False),
        ("a[href]", False),  # an attribute name written nowhere
    ],
)
def test_a_selector_is_kept_when_the_site_may_use_it(selector, used):
    assert css_trim.selector_used(selector, WORDS) is used


def test_rules_nobody_uses_and_properties_nobody_reads_are_dropped():
    css = (
        ":root{--pico-spacing:1rem;--pico-tooltip-color:red;--pico-unread:var(--pico-spacing)}"
        "dialog{color:var(--pico-tooltip-color)}"
        "button,progress{padding:var(--pico-spacing)}"
        "@media (min-width:576px){dialog{margin:0}.hand-form{margin:1px}}"
        "@keyframes spin{to{transform:rotate(1turn)}}"
    )

    trimmed = css_trim.trim(css, ".steppers{gap:var(--pico-own)}", WORDS)

    assert trimmed == (
        ":root{--pico-spacing:1rem}"
        "button{padding:var(--pico-spacing)}"
        "@media (min-width:576px){.hand-form{margin:1px}}"
        "@keyframes spin{to{transform:rotate(1turn)}}"
    )


def test_a_property_the_site_s_own_css_reads_is_kept():
    css = ":root{--pico-primary:blue;--pico-other:red}"

    assert css_trim.trim(css, "a{color:var(--pico-primary)}", WORDS) == ":root{--pico-primary:blue}"


def test_strings_and_data_urls_survive_whole():
    css = 'button{background:url("data:image/svg+xml,%3Csvg a=\'1;2\'%3E");content:"{;}"}'

    assert css_trim.trim(css, "", WORDS) == css


def test_the_site_s_vocabulary_has_what_its_templates_and_scripts_write():
    words = site_vocabulary(STATIC)

    assert {"hand-form", "data-keep-awake", "scorebar"} <= words.words
    assert {"table", "details", "summary", "input"} <= words.tags
    assert "dialog" not in words.tags and "progress" not in words.tags
    assert {"button", "switch", "group"} <= words.values["role"]
    assert "range" not in words.values["type"]
