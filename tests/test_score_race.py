"""The score race: running totals drawn as an SVG chart on every match and dice game page,
with the same numbers as a table; the chart follows the ledger and is kept with the page."""

from __future__ import annotations

import time
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.charts import Line, Race, race_figure, race_table
from scorekeeper.extensions import db
from scorekeeper.rules import replay_yahtzee
from scorekeeper.rules.yahtzee import YahtzeeTurn
from scorekeeper.services import hands, matches
from tests.helpers.html import read
from tests.helpers.play import dice_url, match_url, new_dice_game, score
from tests.helpers.stored import form_token, hand

SVG = "{http://www.w3.org/2000/svg}"
ODD_NAME = 'A<b>&"B'


def chart_of(html: str) -> ET.Element:
    """The page's score race chart, parsed as XML (it must be well-formed)."""
    start = html.index('<svg xmlns="http://www.w3.org/2000/svg"')
    return ET.fromstring(html[start : html.index("</svg>", start) + len("</svg>")])


def drawn_lines(chart: ET.Element) -> list[list[tuple[float, float]]]:
    """Each line of the chart as its points."""
    return [
        [tuple(map(float, point.split(","))) for point in line.attrib["points"].split()]
        for line in chart.iter(f"{SVG}polyline")
    ]


def table_cells(html: str) -> list[list[str]]:
    """The race's table: each row's header cell and numbers."""
    table = read(html).one("table", class_="race-numbers")
    return [
        [cell.text for cell in row.all() if cell.tag in ("th", "td")] for row in table.all("tr")
    ]


# ---- the drawing


def test_each_line_starts_at_the_start_and_ends_at_its_latest_total():
    race = Race([Line("Us", [260, -40, 300]), Line("Them", [130, 260, 250])], target=1500)
    us, them = drawn_lines(chart_of(race_figure(race)))
    assert len(us) == len(them) == 4  # the start, then one point a hand
    assert us[0] == them[0]
    xs = [x for x, _ in us]
    assert xs == sorted(xs) and len(set(xs)) == 4
    # One scale for every point: height falls as the total rises, in proportion.
    values = [0, 260, -40, 300, 0, 130, 260, 250]
    ys = [y for _, y in us + them]
    per_point = (ys[1] - ys[0]) / 260
    assert per_point < 0
    for value, y in zip(values, ys, strict=True):
        assert y == pytest.approx(ys[0] + per_point * value, abs=0.2)


def test_a_line_stops_where_its_values_stop():
    race = Race([Line("Ann", [9, 27]), Line("Bob", [50, None])], step="Round")
    ann, bob = drawn_lines(chart_of(race_figure(race)))
    assert len(ann) == 3 and len(bob) == 2
    assert bob[-1][0] == ann[1][0]


def test_names_are_escaped_in_the_chart_the_label_and_the_table():
    race = Race([Line(ODD_NAME, [10]), Line("Them", [20])])
    html = race_figure(race)
    assert "<b>" not in html
    chart = chart_of(html)
    assert chart.attrib["role"] == "img"
    assert ODD_NAME in chart.attrib["aria-label"]
    assert any(ODD_NAME in (text.text or "") for text in chart.iter(f"{SVG}text"))
    assert table_cells(race_table(race, "Totals"))[0] == ["Hand", ODD_NAME, "Them"]


def test_the_target_is_drawn_across_the_chart_at_its_height():
    race = Race([Line("Us", [700, 1600])], target=1500)
    chart = chart_of(race_figure(race))
    [target] = [line for line in chart.iter(f"{SVG}line") if "race-target" in line.attrib["class"]]
    [[_, (_, y700), (_, y1600)]] = drawn_lines(chart)
    assert target.attrib["y1"] == target.attrib["y2"]
    assert float(target.attrib["y1"]) == pytest.approx(y700 + (y1600 - y700) * 8 / 9, abs=0.2)
    assert "Game 1500" in [text.text for text in chart.iter(f"{SVG}text")]


def test_no_style_attribute_or_element_for_the_sites_policy():
    chart = chart_of(race_figure(Race([Line("Us", [1, 2])], target=3)))
    assert chart.find(f".//{SVG}style") is None
    assert all("style" not in element.attrib for element in chart.iter())


def test_a_200_hand_chart_draws_in_under_10_ms():
    lines = [
        Line(name, [(n * 37 * (side + 1)) % 1700 for n in range(200)])
        for side, name in enumerate(["Us", "Them"])
    ]
    race = Race(lines, target=1500)
    times = []
    for _ in range(7):
        started = time.thread_time()
        race_figure(race)
        times.append(time.thread_time() - started)
    assert sorted(times)[3] < 0.010


def test_a_yahtzee_turns_total_is_the_sheets_total_at_that_turn():
    turns = [
        YahtzeeTurn(dice * 5, box)
        for dice, box in [("3", "threes"), ("4", "fours"), ("5", "fives"), ("6", "sixes")]
    ]
    sheet = replay_yahtzee("classic", turns)
    # 15, 35, 60, then 90 in the upper section earns the bonus of 35.
    assert [turn.total for turn in sheet.turns] == [15, 35, 60, 125]
    for count in range(1, 5):
        assert sheet.turns[count - 1].total == replay_yahtzee("classic", turns[:count]).total


# ---- on the pages


@pytest.fixture
def match_token(app):
    """A partnership match, Us (with an awkward name) against Them, after two hands:
    Us make 250 (100 meld + 160 tricks = 260; Them 40 + 90 = 130), then are set at 300."""
    with app.app_context():
        match = hands.start_match(
            db.session,
            game="partnership",
            house_rules={},
            side_names=[ODD_NAME, "Them"],
            player_names=["Ann", "Bob", "Cat", "Dan"],
            first_dealer=0,
        )
        token = match.edit_token
        db.session.commit()
        for entries in (hand(), hand(bid=300)):
            version = matches.match_version(db.session, token).version
            hands.add_hand(db.session, token, entries, version=version, form_token=form_token())
            db.session.commit()
    return token


def test_the_match_page_draws_the_ledgers_totals(app, client, match_token):
    html = client.get(match_url(match_token)).get_data(as_text=True)
    with app.app_context():
        ledger = matches.read_match(db.session, match_token).ledger
    assert [row.totals for row in ledger.rows] == [(260, 130), (-40, 260)]
    assert table_cells(html) == [
        ["Hand", ODD_NAME, "Them"],
        ["1", "260", "130"],
        ["2", "\u221240", "260"],
    ]
    chart = chart_of(html)
    assert "Running totals over 2 hands" in chart.attrib["aria-label"]
    assert "Game 1500" in [text.text for text in chart.iter(f"{SVG}text")]


def test_the_view_link_draws_the_race_too(app, client, match_token):
    with app.app_context():
        view = matches.match_version(db.session, match_token).view_token
    html = client.get(f"/matches/watch/{view}").get_data(as_text=True)
    assert len(drawn_lines(chart_of(html))) == 2


def test_the_chart_is_drawn_once_per_version_with_the_kept_page(app, client, match_token):
    drawn = []
    draw = app.jinja_env.globals["race_figure"]
    app.jinja_env.globals["race_figure"] = lambda race: drawn.append(race) or draw(race)
    for _ in range(3):
        assert client.get(match_url(match_token)).status_code == 200
    assert len(drawn) == 1


def test_a_new_match_has_no_chart_yet(client, play):
    html = client.get(match_url(play.new_match())).get_data(as_text=True)
    assert "<svg xmlns" not in html
    assert 'id="race"' in html  # the region a poll fills once a hand is saved


def test_a_poll_after_a_hand_redraws_the_race(app, client, match_token):
    answer = client.get(match_url(match_token, "/live?since=0"))
    assert 'id="race"' in answer.get_data(as_text=True)
    assert len(drawn_lines(chart_of(answer.get_data(as_text=True)))) == 2


def test_a_yahtzee_page_draws_each_players_total_by_round(client):
    token = new_dice_game(client, "yahtzee", ("Ann", "Bob"))
    score(client, token, "33356", "threes")
    score(client, token, "55555", "yahtzee")
    score(client, token, "66612", "sixes")
    html = client.get(dice_url(token)).get_data(as_text=True)
    assert table_cells(html) == [["Round", "Ann", "Bob"], ["1", "9", "50"], ["2", "27", ""]]
    ann, bob = drawn_lines(chart_of(html))
    assert len(ann) == 3 and len(bob) == 2


@given(
    st.lists(st.lists(st.integers(-5000, 5000), min_size=1, max_size=40), min_size=1, max_size=8),
    st.one_of(st.none(), st.integers(1, 5000)),
)
def test_any_race_draws_every_value_on_one_scale_and_tables_it(columns, target):
    race = Race([Line(f"P{n}", values) for n, values in enumerate(columns)], target=target)
    html = race_figure(race)
    drawn = drawn_lines(chart_of(html))
    assert len(drawn) == len(columns)
    pairs = []
    for values, points in zip(columns, drawn, strict=True):
        assert len(points) == len(values) + 1
        xs = [x for x, _ in points]
        assert all(a < b for a, b in zip(xs, xs[1:], strict=False))
        pairs += zip([0, *values], [y for _, y in points], strict=True)
    # Every value on one straight scale (points are written to 0.1 of a unit).
    low, high = min(pairs), max(pairs)
    for value, y in pairs:
        if high[0] != low[0]:
            expected = low[1] + (high[1] - low[1]) * (value - low[0]) / (high[0] - low[0])
            assert y == pytest.approx(expected, abs=0.2)
    rows = table_cells(html)[1:]
    for column, values in enumerate(columns, start=1):
        shown = [row[column] for row in rows if row[column]]
        assert shown == [str(v).replace("-", "\u2212") for v in values]
