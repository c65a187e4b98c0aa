"""The house-rules page shows every pinochle preset and its knobs from the rules core."""

from markupsafe import escape

from scorekeeper.house_rules import pinochle_knob_label
from scorekeeper.rules import pinochle
from tests.helpers.html import read


def test_rules_page_shows_every_preset_with_each_knob(client):
    response = client.get("/rules")

    assert response.status_code == 200
    html = response.get_data(as_text=True)
    for preset in pinochle.PRESETS.values():
        assert f'<details id="{escape(preset.name)}"' in html
        assert f"<summary>{escape(preset.label)}</summary>" in html
        for name, value_display, help_text in pinochle.knob_table(preset):
            assert f"<dt>{escape(pinochle_knob_label(name))}</dt>" in html
            assert f'<dd class="knob-value">{escape(value_display)}</dd>' in html
            assert f"<dd>{escape(help_text)}</dd>" in html


def test_rules_page_names_settings_as_the_new_match_form_does_not_by_code_name(client):
    page = read(client.get("/rules"))
    partnership = page.one("details", id="partnership")

    lines = partnership.all("div", id="partnership-min_bid")
    assert [line.one("dt").text for line in lines] == ["Min bid"]
    assert partnership.one("div", id="partnership-target").one("dt").text == "Game to"
    assert page.one("code") is None
    assert "min_bid" not in page.one("main").text


def test_rules_page_has_no_table_that_scrolls_sideways(client):
    page = read(client.get("/rules"))

    assert page.one("table") is None
    assert page.one(class_="overflow-auto") is None
