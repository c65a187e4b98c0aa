"""The house-rules page shows every pinochle preset and its knobs from the rules core."""

from markupsafe import escape

from bench.seed import add_match
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


def test_a_match_links_to_its_own_presets_meanings_shown_open(app, client):
    token = add_match(app, 1)  # a partnership match with its target changed
    match_page = read(client.get(f"/matches/{token}"))
    rules = match_page.one("details", class_="house-rules")
    (link,) = [a for a in rules.all("a") if a.text == "What each rule means"]

    assert link.attrs["href"] == "/rules?open=partnership#partnership"
    # The match page lists the values; the meanings are on the rules page, once.
    assert "target 100000 · min bid 250" in rules.text
    assert "Points that win the game." not in rules.text
    shown = read(client.get(link.attrs["href"].split("#")[0])).all("details")
    assert [details.attrs["id"] for details in shown if "open" in details.attrs] == ["partnership"]


def test_the_rules_page_opens_the_asked_preset_or_the_first(client):
    def opened(query: str) -> list[str]:
        shown = read(client.get(f"/rules{query}")).all("details")
        return [details.attrs["id"] for details in shown if "open" in details.attrs]

    first = next(iter(pinochle.PRESETS))
    assert opened("?open=double-deck") == ["double-deck"]
    assert opened("") == [first]
    assert opened("?open=no-such-game") == [first]
