"""The house-rules page shows every pinochle preset and its knobs from the rules core."""

from markupsafe import escape

from scorekeeper.rules import pinochle


def test_rules_page_shows_every_preset_with_each_knob(client):
    response = client.get("/rules")

    assert response.status_code == 200
    html = response.get_data(as_text=True)
    for preset in pinochle.PRESETS.values():
        assert f'<details id="{escape(preset.name)}"' in html
        assert f"<summary>{escape(preset.label)}</summary>" in html
        for name, value_display, help_text in pinochle.knob_table(preset):
            assert f"<code>{escape(name)}</code>" in html
            assert f"<td>{escape(value_display)}</td>" in html
            assert f"<td>{escape(help_text)}</td>" in html
