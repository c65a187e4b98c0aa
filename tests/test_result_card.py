"""The result card: a finished match or dice game as one picture (SVG or PNG) under its
view link, laid out once and written either way, and "Share the result" on its page."""

from __future__ import annotations

import io
import unicodedata
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

from scorekeeper.charts import SERIES_COLOURS, Line, Race
from scorekeeper.extensions import db
from scorekeeper.models import DiceGame
from scorekeeper.result_card import (
    HEIGHT,
    WIDTH,
    Card,
    Standing,
    card_layout,
    card_svg,
    match_card,
)
from scorekeeper.services import dice, hands, matches
from scorekeeper.words import wins
from tests.helpers.html import read
from tests.helpers.play import bank, dice_url, match_url, new_dice_game
from tests.helpers.stored import form_token, hand, stored_match

SVG = "{http://www.w3.org/2000/svg}"


def add_made_hand(app, token: str) -> None:
    """Ann bids 250 and makes it: Us 100 meld + 160 tricks = 260, Them 40 + 90 = 130."""
    with app.app_context():
        version = matches.match_version(db.session, token).version
        hands.add_hand(db.session, token, hand(), version=version, form_token=form_token())
        db.session.commit()


def view_token(app, token: str) -> str:
    with app.app_context():
        return matches.match_version(db.session, token).view_token


@pytest.fixture
def won(app):
    """A match played to 250, won by Us on its first hand (260 to 130)."""
    token = stored_match(app, target=250)
    add_made_hand(app, token)
    return token, view_token(app, token)


def test_the_svg_card_says_who_won_the_totals_the_players_and_the_date(client, won):
    _, view = won
    answer = client.get(f"/matches/watch/{view}/card.svg")
    assert answer.status_code == 200
    assert answer.mimetype == "image/svg+xml"
    card = ET.fromstring(answer.data)
    assert (card.attrib["width"], card.attrib["height"]) == (str(WIDTH), str(HEIGHT))
    texts = [text.text for text in card.iter(f"{SVG}text")]
    for said in ("Us wins", "260", "130", "Ann & Cat", "Bob & Dan", "Game 250"):
        assert said in texts
    assert any(text.endswith(" · 1 hand") for text in texts)
    assert len(list(card.iter(f"{SVG}polyline"))) == 2  # the score race, small
    assert "Us wins" in card.attrib["aria-label"]
    assert all("style" not in element.attrib for element in card.iter())


def test_the_png_card_is_the_same_layout_drawn_by_pillow(app, client, won):
    _, view = won
    answer = client.get(f"/matches/watch/{view}/card.png")
    assert answer.status_code == 200
    assert answer.mimetype == "image/png"
    with Image.open(io.BytesIO(answer.data)) as picture:
        assert picture.format == "PNG"
        assert picture.size == (WIDTH, HEIGHT)
        pixels = picture.convert("RGB")
    # The first side's swatch, where the layout put it, in its line's colour.
    with app.test_request_context():
        state = matches.read_match(db.session, view, view=True)
        swatch = next(m for m in card_layout(match_card(state)).marks if m.role == "series-0")
    (x, y), (w, h) = swatch.points
    red, green, blue = pixels.getpixel((round(x + w / 2), round(y + h / 2)))
    assert f"#{red:02x}{green:02x}{blue:02x}" == SERIES_COLOURS[0]


def test_a_card_asked_again_at_the_same_version_is_not_sent_again(client, won):
    _, view = won
    first = client.get(f"/matches/watch/{view}/card.png")
    again = client.get(
        f"/matches/watch/{view}/card.png", headers={"If-None-Match": first.headers["ETag"]}
    )
    assert again.status_code == 304


@pytest.mark.parametrize("kind", ["svg", "png"])
def test_no_card_for_a_match_not_won_an_unknown_link_or_the_edit_link(app, client, won, kind):
    playing = stored_match(app)
    add_made_hand(app, playing)
    assert client.get(f"/matches/watch/{view_token(app, playing)}/card.{kind}").status_code == 404
    assert client.get(f"/matches/watch/{'x' * 24}/card.{kind}").status_code == 404
    edit, _ = won
    # Decided: only the view link has a card, so a shared picture never carries the edit link.
    assert client.get(f"/matches/watch/{edit}/card.{kind}").status_code == 404
    assert client.get(f"/matches/{edit}/card.{kind}").status_code == 404


def test_a_won_match_offers_its_card_to_share_on_both_links(app, client, won):
    edit, view = won
    for url in (match_url(edit), f"/matches/watch/{view}"):
        button = read(client.get(url)).one("a", data_share_result="")
        assert button.text == "Share the result"
        assert button.attrs["href"] == f"/matches/watch/{view}/card.png"
        assert button.attrs["download"].endswith(".png")
    playing = stored_match(app)
    assert read(client.get(match_url(playing))).one("a", data_share_result="") is None


def test_a_finished_dice_games_card(app, client):
    # Farkle to 500: Ann banks 500, so Bob has one more turn and banks 600 to win.
    token = new_dice_game(client, "farkle", ("Ann", "Bob"), rules={"target": 500})
    with app.app_context():
        view = dice.find_game(db.session, token).view_token
    bank(client, token, total=500)
    assert client.get(f"/dice/watch/{view}/card.png").status_code == 404
    bank(client, token, total=600)
    card = ET.fromstring(client.get(f"/dice/watch/{view}/card.svg").data)
    texts = [text.text for text in card.iter(f"{SVG}text")]
    assert "Bob wins" in texts and "500" in texts and "600" in texts
    assert any(text.endswith(" · 1 round") for text in texts)
    with Image.open(io.BytesIO(client.get(f"/dice/watch/{view}/card.png").data)) as picture:
        assert picture.size == (WIDTH, HEIGHT)
    assert client.get(f"/dice/watch/{token}/card.png").status_code == 404
    button = read(client.get(dice_url(token))).one("a", data_share_result="")
    assert button.attrs["href"] == f"/dice/watch/{view}/card.png"


# ------------------------------------------------------- any stored name, a well-formed card


def card_of(names: list[str]) -> Card:
    """A finished game's card whose players are called ``names``, the first the winner."""
    return Card(
        "Farkle",
        wins(names[0]),
        [Standing(name, "", 600 - n, n == 0) for n, name in enumerate(names)],
        "1 December 2026 · 3 rounds",
        Race([Line(name, [100, 300, 600 - n]) for n, name in enumerate(names)], step="Round"),
    )


@settings(max_examples=200, deadline=None)
@given(st.lists(st.text(max_size=40), min_size=2, max_size=4))
def test_the_svg_card_is_well_formed_xml_for_any_name(names):
    card = ET.fromstring(card_svg(card_of(names)))

    drawn = "".join(text.text or "" for text in card.iter(f"{SVG}text"))
    assert not any(unicodedata.category(character) == "Cc" for character in drawn)


def test_a_stored_name_with_control_characters_draws_both_cards(app, client):
    # A name stored before the forms refused control characters (an older import).
    with app.app_context():
        game = DiceGame(
            kind="farkle", player_names=["A\x01nn\x1b", "Bob\x00"], house_rules={"target": 500}
        )
        db.session.add(game)
        db.session.commit()
        token, view = game.token, game.view_token
    bank(client, token, total=500)
    bank(client, token, total=600)

    svg_card = ET.fromstring(client.get(f"/dice/watch/{view}/card.svg").data)
    assert "Bob wins" in [text.text for text in svg_card.iter(f"{SVG}text")]
    assert "Ann 500" in svg_card.attrib["aria-label"]
    png_card = client.get(f"/dice/watch/{view}/card.png")
    assert png_card.status_code == 200
    with Image.open(io.BytesIO(png_card.data)) as picture:
        assert picture.size == (WIDTH, HEIGHT)
