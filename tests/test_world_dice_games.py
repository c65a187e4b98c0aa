"""The dice games the world plays at home (issue 23), through the site as a phone sees it:
Yatzy, Maxi Yatzy, Generala, and Kniffel and Yams (the Yahtzee sheet under their names).

Each is offered on the new-game form with its own house rules, starts, shows its boxes and
what typed dice would score in each, takes a turn by a tap, asks before a zero, takes a
correction and an Undo, is followed by its view link, its table display and its poll, and
once over gives its result card, its CSV and its JSON (which imports back whole), and its
block of a group's statistics. Generala's served turns and Maxi Yatzy's saved throws are
followed through every step; bad input is refused next to its field, writing nothing."""

from __future__ import annotations

import csv
import io
import json
import xml.etree.ElementTree as ElementTree

import pytest

from scorekeeper.extensions import db
from scorekeeper.models import DiceGame, DiceTurn
from scorekeeper.services import dice, group_games, group_history, groups, imports
from tests.helpers.html import (
    Element,
    alerts,
    fields_of,
    filled,
    form_of,
    form_to,
    game_forms,
    read,
)
from tests.helpers.play import dice_url, new_dice_game, open_page, saved, submit
from tests.helpers.stored import every_row, form_token

HTMX = {"HX-Request": "true"}
ANSWERS = [pytest.param({}, id="page"), pytest.param(HTMX, id="htmx")]
WORLD_GAMES = ["yatzy", "maxi-yatzy", "generala", "kniffel", "yams"]

YAHTZEE_BOXES = (
    *("ones", "twos", "threes", "fours", "fives", "sixes"),
    *("three_of_a_kind", "four_of_a_kind", "full_house", "small_straight", "large_straight"),
    *("yahtzee", "chance"),
)
BOXES = {
    "yatzy": (
        *("ones", "twos", "threes", "fours", "fives", "sixes", "one_pair", "two_pairs"),
        *("three_of_a_kind", "four_of_a_kind", "small_straight", "large_straight"),
        *("full_house", "chance", "yatzy"),
    ),
    "maxi-yatzy": (
        *("ones", "twos", "threes", "fours", "fives", "sixes", "one_pair", "two_pairs"),
        *("three_pairs", "three_of_a_kind", "four_of_a_kind", "five_of_a_kind"),
        *("small_straight", "large_straight", "full_straight", "full_house", "villa"),
        *("tower", "chance", "maxi_yatzy"),
    ),
    "generala": (
        *("ones", "twos", "threes", "fours", "fives", "sixes", "straight", "full_house"),
        *("four_of_a_kind", "generala"),
    ),
    "kniffel": YAHTZEE_BOXES,
    "yams": YAHTZEE_BOXES,
}
LABELS = {"yatzy": "Yatzy", "maxi-yatzy": "Maxi Yatzy", "generala": "Generala"}
LABELS |= {"kniffel": "Kniffel", "yams": "Yams"}

# Each game's house rules on the new-game form: {field: (label, default as sent, help)}.
HOUSE_RULES = {
    "yatzy": {
        "upper_bonus": ("Upper bonus", "50", "Points for the upper bonus (0 for none)."),
        "upper_bonus_at": (
            "Upper bonus at",
            "63",
            "The upper boxes must add up to this for the bonus (63 is three of each face).",
        ),
    },
    "maxi-yatzy": {
        "upper_bonus": ("Upper bonus", "100", "Points for the upper bonus (0 for none)."),
        "upper_bonus_at": (
            "Upper bonus at",
            "84",
            "The upper boxes must add up to this for the bonus (84 is four of each face).",
        ),
        "saved_throws": (
            "Save unused throws for later turns",
            "y",
            "A turn that uses fewer than its three throws keeps the rest for later turns.",
        ),
    },
    "generala": {
        "generala_points": ("Generala scores", "50", "Points for a generala (five of a kind)."),
        "served_bonus": (
            "Served bonus",
            "5",
            "Points added to a straight, full house or four of a kind made on the first throw.",
        ),
        "served_generala_wins": (
            "A served generala wins the game",
            "y",
            "A generala made on a turn's first throw wins the game at once.",
        ),
        # Off by default: an unticked box sends nothing.
        "double_generala": (
            "Double generala box",
            None,
            "A double generala box: twice the generala's points for a second five of a kind,"
            " once the generala box holds its points.",
        ),
        "wrap_straight": ("Straight may wrap (3-4-5-6-1)", None, "3-4-5-6-1 is a straight too."),
    },
    "kniffel": {
        "joker": (
            "Joker rule",
            "forced",
            "An extra Yahtzee must take its upper box if open, else any lower box (forced),"
            " or may take any open box (free).",
        ),
    },
}
HOUSE_RULES["yams"] = HOUSE_RULES["kniffel"]

# What one throw would score in every box of an empty card, and the best boxes offered
# (worth most first; equal worth in card order).
PREVIEWS = {
    "yatzy": (
        "66552",
        {"twos": 2, "fives": 10, "sixes": 12, "one_pair": 12, "two_pairs": 22, "chance": 24},
        ["chance", "two_pairs", "sixes"],
    ),
    "maxi-yatzy": (
        "665522",
        {"twos": 4, "fives": 10, "sixes": 12, "one_pair": 12, "two_pairs": 22}
        | {"three_pairs": 26, "chance": 26},
        ["three_pairs", "chance", "two_pairs"],
    ),
    "generala": ("11122", {"ones": 3, "twos": 4, "full_house": 30}, ["full_house", "twos", "ones"]),
    "kniffel": (
        "33356",
        {"threes": 9, "fives": 5, "sixes": 6, "three_of_a_kind": 20, "chance": 20},
        ["three_of_a_kind", "chance", "threes"],
    ),
}
PREVIEWS["yams"] = PREVIEWS["kniffel"]

# A whole card for one player, (dice, box, points) a turn, hand-worked from RULES.md.
UPPER_FIVE_DICE = [
    ("11123", "ones", 3),
    ("22245", "twos", 6),
    ("33315", "threes", 9),
    ("44412", "fours", 12),
    ("55513", "fives", 15),
    ("66614", "sixes", 18),  # 63: the upper bonus where the game has one
]
YAHTZEE_CARD = [
    *UPPER_FIVE_DICE,
    ("33345", "three_of_a_kind", 18),
    ("22224", "four_of_a_kind", 12),
    ("22333", "full_house", 25),
    ("12346", "small_straight", 30),
    ("23456", "large_straight", 40),
    ("44444", "yahtzee", 50),
    ("66655", "chance", 28),
]
CARDS = {
    # 63 + 50 bonus + 12 + 22 + 12 + 12 + 15 + 20 + 13 + 28 + 50
    "yatzy": (
        [
            *UPPER_FIVE_DICE,
            ("66123", "one_pair", 12),
            ("66552", "two_pairs", 22),
            ("44456", "three_of_a_kind", 12),
            ("33334", "four_of_a_kind", 12),
            ("12345", "small_straight", 15),
            ("23456", "large_straight", 20),
            ("22333", "full_house", 13),
            ("66655", "chance", 28),
            ("55555", "yatzy", 50),
        ],
        297,
    ),
    # 4 + 8 + 12 + 16 + 20 + 24 = 84: the 100 bonus; then the lower boxes' 365
    "maxi-yatzy": (
        [
            ("111123", "ones", 4),
            ("222213", "twos", 8),
            ("333312", "threes", 12),
            ("444412", "fours", 16),
            ("555512", "fives", 20),
            ("666612", "sixes", 24),
            ("661234", "one_pair", 12),
            ("665523", "two_pairs", 22),
            ("665544", "three_pairs", 30),
            ("444123", "three_of_a_kind", 12),
            ("333312", "four_of_a_kind", 12),
            ("222221", "five_of_a_kind", 10),
            ("123451", "small_straight", 15),
            ("234562", "large_straight", 20),
            ("123456", "full_straight", 21),
            ("666552", "full_house", 28),
            ("666555", "villa", 33),
            ("444422", "tower", 20),
            ("665544", "chance", 30),
            ("666666", "maxi_yatzy", 100),
        ],
        549,
    ),
    # No upper bonus in Generala: 63 + 20 + 30 + 40 + 50
    "generala": (
        [
            *UPPER_FIVE_DICE,
            ("12345", "straight", 20),
            ("22333", "full_house", 30),
            ("44441", "four_of_a_kind", 40),
            ("55555", "generala", 50),
        ],
        203,
    ),
    # 63 + 35 bonus + 203
    "kniffel": (YAHTZEE_CARD, 301),
    "yams": (YAHTZEE_CARD, 301),
}


# ------------------------------------------------------------------- reading the pages


def page_of(phone, token, headers=None, **typed) -> Element:
    """The game page, with dice (and served, or throws) typed into its dice form."""
    response = phone.get(dice_url(token), query_string=typed, headers=headers or {})
    assert response.status_code == 200, alerts(read(response))
    return read(response)


def totals(page: Element) -> list[int]:
    """The totals of the score bar, one per player."""
    found = []
    while (total := page.by_id(f"total-{len(found)}")) is not None:
        found.append(int(total.text.replace("\u2212", "-")))
    return found


def side_notes(page: Element, player: int) -> str:
    """What the score bar says under a player's total."""
    total = page.by_id(f"total-{player}")
    return " ".join(note.text for note in total.parent.all("small", class_="side-note"))


def card_boxes(page: Element, player: int, turn: bool = False) -> list[str]:
    """The boxes of a player's card, in the card's order."""
    table = page.by_id(f"card-{player}-turn" if turn else f"card-{player}")
    return [row.attrs["data-box"] for row in table.all("tr", class_="box")]


def box_cell(page: Element, player: int, box: str, turn: bool = False) -> Element:
    table = page.by_id(f"card-{player}-turn" if turn else f"card-{player}")
    return table.one("tr", data_box=box).all("td")[0]


def previewed(page: Element) -> dict[str, int]:
    """What each open box of the current card would score, as its button says."""
    table = page.by_id("card-0-turn")
    shown = {}
    for row in table.all("tr", class_="box"):
        button = row.one("button")
        assert button is not None and button.attrs["value"] == row.attrs["data-box"]
        shown[row.attrs["data-box"]] = int(button.text)
    return shown


def best_boxes(page: Element) -> list[str]:
    return [button.attrs["value"] for button in page.by_id("best-boxes").all("button")]


def stored_game(site, token) -> tuple:
    """The game's row and its turns as stored, to compare before and after."""
    with site.app_context():
        game = db.session.scalar(db.select(DiceGame).where(DiceGame.token == token))
        turns = db.session.scalars(
            db.select(DiceTurn).where(DiceTurn.game_id == game.id).order_by(DiceTurn.position)
        ).all()
        return game.version, [
            (t.player, t.dice, t.box, t.first_throw, t.throws_used) for t in turns
        ]


# ------------------------------------------------------------------ playing through the site


def tap(phone, token, dice, box, headers=None, **facts):
    """Type the dice (and served or throws) into the game page, then tap the box on the
    card the page draws for them: the box picker's form as drawn, its button's value."""
    page = page_of(phone, token, dice=dice, **facts)
    picker = form_to(page, dice_url(token, "/turns"), class_="box-picker")
    button = picker.one("button", name="slot", value=box)
    assert button is not None, f"no button for {box} on the card"
    return submit(phone, picker, {"slot": button.attrs["value"]}, headers)


def score(phone, token, dice, box, **facts) -> None:
    """A turn the site must take, saying yes when it asks about a zero."""
    response = tap(phone, token, dice, box, **facts)
    if response.status_code == 200:
        yes = read(response).by_id("confirm").one("button", type="submit")
        response = submit(phone, form_of(yes), {"slot": yes.attrs["value"]})
    saved(response, dice_url(token))


def play_card(phone, token, kind, players=1) -> None:
    """Every player plays the game's whole card from CARDS, turn by turn."""
    for dice_, box, _points in CARDS[kind][0]:
        for _ in range(players):
            score(phone, token, dice_, box)


def finished(phone, kind, names=("Ann",)) -> str:
    token = new_dice_game(phone, kind, names)
    play_card(phone, token, kind, len(names))
    return token


# ======================================================================== the new-game form


@pytest.mark.parametrize("kind", WORLD_GAMES)
def test_the_new_game_form_offers_the_game_with_its_own_house_rules(phone, kind):
    page = open_page(phone, f"/dice/new?kind={kind}")
    form = form_to(page, "/dice/new")

    chosen = form.one("select", name="kind").one("option", value=kind)
    assert chosen is not None and chosen.text == LABELS[kind] and "selected" in chosen.attrs
    sent = fields_of(form)
    rules = {name.removeprefix("rule-") for name in sent if name.startswith("rule-")}
    expected = HOUSE_RULES[kind]
    assert rules == {name for name, (_, default, _) in expected.items() if default is not None}
    for name, (label, default, help_text) in expected.items():
        control = form.one(name=f"rule-{name}")
        assert control is not None, name
        assert sent.get(f"rule-{name}") == default
        labelled = form.one("label", for_=f"rule-{name}") or control.parent
        assert labelled.text == label
        assert form.by_id(f"rule-{name}-help").text == help_text
    assert f"Each is set as most tables play {LABELS[kind]}." in form.text


@pytest.mark.parametrize("kind", WORLD_GAMES)
def test_a_game_starts_and_its_page_shows_its_boxes(site, phone, kind):
    token = new_dice_game(phone, kind, ("Ann", "Bob"))

    page = page_of(phone, token)
    assert card_boxes(page, 0, turn=True) == list(BOXES[kind])
    assert card_boxes(page, 1) == list(BOXES[kind])
    facts = page.one("p", class_="match-facts").text
    assert facts.startswith(LABELS[kind]) and "Ann's turn" in facts
    assert f"{len(BOXES[kind])} boxes left" in facts
    assert totals(page) == [0, 0]
    with site.app_context():
        assert dice.find_game(db.session, token).kind == kind


@pytest.mark.parametrize(("kind", "count"), [("yatzy", 15), ("maxi-yatzy", 20), ("generala", 10)])
def test_the_games_have_the_number_of_boxes_rules_md_gives(phone, kind, count):
    token = new_dice_game(phone, kind)

    assert len(card_boxes(page_of(phone, token), 0)) == count


def test_generala_with_double_generala_has_an_eleventh_box(phone):
    token = new_dice_game(phone, "generala", rules={"double_generala": True})

    assert card_boxes(page_of(phone, token), 0) == [*BOXES["generala"], "double_generala"]


@pytest.mark.parametrize("kind", ["kniffel", "yams"])
def test_kniffel_and_yams_are_the_yahtzee_sheet_under_their_own_names(phone, kind):
    yahtzee = page_of(phone, new_dice_game(phone, "yahtzee"))
    named = page_of(phone, new_dice_game(phone, kind))

    assert card_boxes(named, 0) == card_boxes(yahtzee, 0)
    assert named.one("p", class_="match-facts").text.startswith(f"{LABELS[kind]} ·")
    assert "Yahtzee bonus" in named.by_id("card-0").text


# ====================================================================== dice and boxes


@pytest.mark.parametrize("headers", ANSWERS)
@pytest.mark.parametrize("kind", WORLD_GAMES)
def test_typed_dice_show_what_every_box_would_score_and_the_best_boxes(phone, kind, headers):
    token = new_dice_game(phone, kind)
    dice_, scoring, best = PREVIEWS[kind]

    page = page_of(phone, token, headers, dice=dice_)

    assert previewed(page) == {box: scoring.get(box, 0) for box in BOXES[kind]}
    assert best_boxes(page) == best
    picker = form_to(page, dice_url(token, "/turns"), class_="box-picker")
    assert fields_of(picker)["dice"] == dice_


@pytest.mark.parametrize("headers", ANSWERS)
@pytest.mark.parametrize("kind", WORLD_GAMES)
def test_tapping_a_box_scores_it_and_passes_the_turn(site, phone, kind, headers):
    token = new_dice_game(phone, kind, ("Ann", "Bob"))
    dice_, scoring, best = PREVIEWS[kind]

    response = tap(phone, token, dice_, best[0], headers)

    assert response.status_code == 303
    assert response.headers["Location"] == dice_url(token) + "#dice-note"
    assert stored_game(site, token)[1] == [(0, dice_, best[0], False, None)]
    page = page_of(phone, token)
    assert totals(page) == [scoring[best[0]], 0]
    assert box_cell(page, 0, best[0]).text == str(scoring[best[0]])
    assert "Bob's turn" in page.one("p", class_="match-facts").text


@pytest.mark.parametrize("kind", WORLD_GAMES)
def test_a_box_that_would_score_0_asks_first_and_saves_nothing_until_yes(site, phone, kind):
    token = new_dice_game(phone, kind)
    dice_, scoring, _best = PREVIEWS[kind]
    zero = next(box for box in BOXES[kind] if box not in scoring)
    before = stored_game(site, token)

    asked = tap(phone, token, dice_, zero)

    assert asked.status_code == 200
    page = read(asked)
    confirm = page.by_id("confirm")
    label = page.by_id("card-0").one("tr", data_box=zero).one("th").text
    spaced = " ".join(dice_)
    assert confirm.one("p").text == f"{spaced} scores 0 in {label}. Score 0 there?"
    assert stored_game(site, token) == before
    yes = confirm.one("button", type="submit")
    saved(submit(phone, form_of(yes), {"slot": yes.attrs["value"]}), dice_url(token))
    assert stored_game(site, token)[1] == [(0, dice_, zero, False, None)]


# ========================================================================= corrections


@pytest.mark.parametrize("kind", WORLD_GAMES)
def test_a_correction_replays_the_card(site, phone, kind):
    token = new_dice_game(phone, kind)
    dice_, scoring, best = PREVIEWS[kind]
    score(phone, token, dice_, best[0])
    page = page_of(phone, token)
    edit = page.by_id("player-0").one("a", class_="edit-link").attrs["href"]

    form = form_to(open_page(phone, edit), edit)
    assert fields_of(form)["dice"] == dice_ and fields_of(form)["box"] == best[0]
    saved(submit(phone, form, {"box": best[1]}), dice_url(token))

    assert stored_game(site, token)[1][0][2] == best[1]
    assert totals(page_of(phone, token)) == [scoring[best[1]], 0]


@pytest.mark.parametrize("kind", WORLD_GAMES)
def test_undo_takes_back_the_last_turn(site, phone, kind):
    token = new_dice_game(phone, kind, ("Ann", "Bob"))
    dice_, _scoring, best = PREVIEWS[kind]
    score(phone, token, dice_, best[0])
    before = stored_game(site, token)

    undo = form_to(page_of(phone, token), dice_url(token, "/undo"))
    saved(submit(phone, undo), dice_url(token))

    version, turns = stored_game(site, token)
    assert turns == [] and version > before[0]
    page = page_of(phone, token)
    assert totals(page) == [0, 0]
    assert "Ann's turn" in page.one("p", class_="match-facts").text


# ================================================== following the game: view, display, poll


def view_token_of(site, token) -> str:
    with site.app_context():
        return dice.find_game(db.session, token).view_token


@pytest.mark.parametrize("kind", WORLD_GAMES)
def test_the_view_link_the_display_and_the_poll_follow_the_game(site, phone, kind):
    token = new_dice_game(phone, kind, ("Ann", "Bob"))
    view = view_token_of(site, token)
    share = page_of(phone, token).by_id("share")
    watch = f"/dice/watch/{view}"
    assert [a.attrs["href"] for a in share.all("a", class_="share-url")][0] == watch
    assert share.one("a", href=f"{watch}/display").text == "Table display"
    version = stored_game(site, token)[0]
    dice_, scoring, best = PREVIEWS[kind]

    assert phone.get(dice_url(token, f"/live?since={version}")).status_code == 204
    score(phone, token, dice_, best[0])

    watched = open_page(phone, watch)
    assert totals(watched) == [scoring[best[0]], 0]
    assert card_boxes(watched, 0) == list(BOXES[kind])
    assert not game_forms(watched)
    display = open_page(phone, f"{watch}/display")
    assert LABELS[kind] in display.text and str(scoring[best[0]]) in display.text
    live = phone.get(dice_url(token, f"/live?since={version}"))
    assert live.status_code == 200
    assert live.headers["Cache-Control"] == "no-store"
    assert totals(read(live)) == [scoring[best[0]], 0]
    watch_live = phone.get(f"{watch}/live?since={version}")
    assert watch_live.status_code == 200 and totals(read(watch_live)) == [scoring[best[0]], 0]


# ============================================================= once over: card, CSV, JSON


@pytest.mark.parametrize("kind", WORLD_GAMES)
def test_a_whole_card_adds_up_and_the_game_ends_with_its_winner(site, phone, kind):
    token = finished(phone, kind)

    page = page_of(phone, token)
    assert totals(page) == [CARDS[kind][1]]
    for _dice, box, points in CARDS[kind][0]:
        assert box_cell(page, 0, box).text == str(points), box
    assert page.by_id("winner").one("h2").text == "Ann wins"
    assert page.by_id("winner").one("p", class_="how-won") is None
    card = phone.get(f"/dice/watch/{view_token_of(site, token)}/card.svg")
    assert card.status_code == 200
    svg = ElementTree.fromstring(card.get_data())
    assert svg.tag == "{http://www.w3.org/2000/svg}svg"
    assert str(CARDS[kind][1]) in "".join(svg.itertext())


@pytest.mark.parametrize("kind", WORLD_GAMES)
def test_the_csv_is_the_card_a_row_per_box(site, phone, kind):
    token = finished(phone, kind, ("Ann", "Bob"))

    response = phone.get(dice_url(token, "/scores.csv"))

    assert response.status_code == 200
    assert response.headers["Content-Type"] == "text/csv; charset=utf-8"
    rows = list(csv.reader(io.StringIO(response.get_data(as_text=True))))
    by_label = {row[0]: row[1:] for row in rows}
    labels = {
        row.attrs["data-box"]: row.one("th").text
        for row in page_of(phone, token).by_id("card-0").all("tr", class_="box")
    }
    assert rows[0][1:] == ["Ann", "Bob"]
    for _dice, box, points in CARDS[kind][0]:
        assert by_label[labels[box]] == [str(points), str(points)], box
    assert rows[-1][1:] == [str(CARDS[kind][1])] * 2


@pytest.mark.parametrize("kind", WORLD_GAMES)
def test_the_json_export_imports_into_another_site_with_the_same_cards(
    site, phone, make_site, tmp_path, kind
):
    token = finished(phone, kind, ("Ann", "Bob"))
    shown = page_of(phone, token)

    export = phone.get(dice_url(token, "/export.json"))

    assert export.status_code == 200 and export.headers["Content-Type"] == "application/json"
    (tmp_path / "club").mkdir()
    club = make_site(tmp_path / "club", TESTING=True, SECRET_KEY="t", WTF_CSRF_ENABLED=False)
    with club.app_context():
        imports.import_document(db.session, imports.read_document(export.get_data(as_text=True)))
    theirs = club.test_client()
    assert totals(page_of(theirs, token)) == totals(shown) == [CARDS[kind][1]] * 2
    assert stored_game(club, token)[1] == stored_game(site, token)[1]


def test_generala_served_turns_and_maxi_yatzy_throws_survive_the_trip(
    site, phone, make_site, tmp_path
):
    generala = new_dice_game(phone, "generala")
    score(phone, generala, "11122", "full_house", first_throw="y")
    maxi = new_dice_game(phone, "maxi-yatzy")
    score(phone, maxi, "665522", "three_pairs", throws=1)
    documents = [
        phone.get(dice_url(token, "/export.json")).get_json() for token in (generala, maxi)
    ]
    assert documents[0]["dice_games"][0]["turns"][0]["first_throw"] is True
    (tmp_path / "club").mkdir()
    club = make_site(tmp_path / "club", TESTING=True, SECRET_KEY="t", WTF_CSRF_ENABLED=False)

    with club.app_context():
        for document in documents:
            imports.import_document(db.session, imports.read_document(json.dumps(document)))

    assert stored_game(club, generala)[1] == [(0, "11122", "full_house", True, None)]
    assert stored_game(club, maxi)[1] == [(0, "665522", "three_pairs", False, 1)]
    theirs = club.test_client()
    assert totals(page_of(theirs, generala)) == [35, 0]
    assert "2 throws saved" in side_notes(page_of(theirs, maxi), 0)


# ========================================================================= a group's game


@pytest.mark.parametrize("kind", WORLD_GAMES)
def test_a_group_game_counts_in_the_groups_statistics(site, phone, kind):
    with site.app_context():
        group = groups.create_group(db.session, "Family", ["Ann", "Bob"])
        seats = [player.id for player in group.players]
        game = group_games.start_dice_game(db.session, group, kind=kind, seats=seats)
        token, group_token = game.token, group.edit_token
        db.session.commit()
    # Both play the same card: equal totals share the win.
    play_card(phone, token, kind, players=2)

    stats = phone.get(f"/api/v1/groups/{group_token}/stats").get_json()
    total = CARDS[kind][1]
    # Every card holds all dice alike (yatzy, maxi_yatzy, generala, yahtzee) and, but in
    # Generala (which has no upper bonus), the upper bonus.
    bonuses = 0 if kind == "generala" else 1
    block = {"games": 1, "wins": 1, "average": total, "best": total, "yahtzees": 1}
    block |= {"upper_bonuses": bonuses, "upper_bonus_rate": 100 * bonuses}
    assert [(player["name"], player[kind]) for player in stats["players"]] == [
        ("Ann", block),
        ("Bob", block),
    ]
    page = open_page(phone, f"/groups/{group_token}/stats")
    section = page.by_id(f"{kind}-title").parent
    assert section.one("h2").text == LABELS[kind]
    assert [card.one("h3").text for card in section.all("article")] == ["Ann", "Bob"]
    # A sheet with no upper bonus (Generala) does not say "Upper bonus 0 (0% of cards)".
    said = [term.text for term in section.all("dt")]
    assert ("Upper bonus" in said) == (kind != "generala")
    with site.app_context():
        group = groups.group_by_link(db.session, group_token)
        assert group_history.group_stats(db.session, group) == stats


# ===================================================================== Generala: served


@pytest.mark.parametrize("headers", ANSWERS)
def test_served_raises_what_a_straight_full_house_or_four_of_a_kind_would_score(phone, headers):
    token = new_dice_game(phone, "generala")

    plain = page_of(phone, token, headers, dice="11122")
    served = page_of(phone, token, headers, dice="11122", first_throw="y")

    assert previewed(plain)["full_house"] == 30
    assert previewed(served)["full_house"] == 35
    assert {box: n for box, n in previewed(served).items() if box != "full_house"} == {
        box: n for box, n in previewed(plain).items() if box != "full_house"
    }
    ticked = served.one("input", name="first_throw")
    assert ticked is not None and "checked" in ticked.attrs
    picker = form_to(served, dice_url(token, "/turns"), class_="box-picker")
    assert fields_of(picker)["first_throw"] == "y"


def test_a_bigger_served_bonus_is_the_tables_house_rule(phone):
    token = new_dice_game(phone, "generala", rules={"served_bonus": 10})

    assert previewed(page_of(phone, token, dice="23456", first_throw="y"))["straight"] == 30


def test_a_served_turn_is_stored_served_and_said_on_the_card(site, phone):
    token = new_dice_game(phone, "generala")

    score(phone, token, "11122", "full_house", first_throw="y")

    assert stored_game(site, token)[1] == [(0, "11122", "full_house", True, None)]
    page = page_of(phone, token)
    assert totals(page) == [35, 0]
    assert "(served)" in page.by_id("player-0").one("ol", class_="turn-list").text


def test_a_served_generala_ends_the_game_at_once_and_a_later_turn_is_refused(site, phone):
    token = new_dice_game(phone, "generala", ("Ann", "Bob"))
    score(phone, token, "11122", "full_house")

    score(phone, token, "44444", "generala", first_throw="y")

    page = page_of(phone, token)
    winner = page.by_id("winner")
    assert winner.one("h2").text == "Bob wins"
    assert winner.one("p", class_="how-won").text == (
        "The game ended at once: a served generala won it."
    )
    assert page.one("form", class_="box-picker") is None
    before = stored_game(site, token)
    # A turn sent anyway, at the game's version (as its Undo form carries it) and next number.
    undo = form_to(page_of(phone, token), dice_url(token, "/undo"))
    typed = {"dice": "33356", "slot": "threes", "number": "3", "client_token": form_token()}
    refused = phone.post(dice_url(token, "/turns"), data=filled(undo, typed))
    assert refused.status_code == 409
    assert "This game is over; start another to play on." in read(refused).one("main").text
    assert stored_game(site, token) == before


def test_with_served_generala_wins_off_a_served_generala_is_fifty(phone):
    token = new_dice_game(phone, "generala", rules={"served_generala_wins": False})

    score(phone, token, "44444", "generala", first_throw="y")

    page = page_of(phone, token)
    assert page.by_id("winner") is None
    assert totals(page) == [50, 0]


def test_a_correction_can_tick_or_untick_served(site, phone):
    token = new_dice_game(phone, "generala")
    score(phone, token, "11122", "full_house")
    edit = page_of(phone, token).by_id("player-0").one("a", class_="edit-link").attrs["href"]
    form = form_to(open_page(phone, edit), edit)
    assert "first_throw" not in fields_of(form)

    saved(submit(phone, form, {"first_throw": True}), dice_url(token))

    assert stored_game(site, token)[1] == [(0, "11122", "full_house", True, None)]
    assert totals(page_of(phone, token)) == [35, 0]
    form = form_to(open_page(phone, edit), edit)
    assert fields_of(form)["first_throw"] == "y"
    saved(submit(phone, form, {"first_throw": False}), dice_url(token))
    assert totals(page_of(phone, token)) == [30, 0]


# ================================================================= Maxi Yatzy: throws


@pytest.mark.parametrize(("throws", "saved_now"), [(1, 2), (2, 1)])
def test_a_maxi_yatzy_turn_of_fewer_throws_saves_the_rest(site, phone, throws, saved_now):
    token = new_dice_game(phone, "maxi-yatzy", ("Ann", "Bob"))

    score(phone, token, "665522", "three_pairs", throws=throws)

    assert stored_game(site, token)[1] == [(0, "665522", "three_pairs", False, throws)]
    page = page_of(phone, token)
    word = "throws" if saved_now != 1 else "throw"
    assert side_notes(page, 0) == f"{saved_now} {word} saved"
    assert "saved" not in side_notes(page, 1)


def test_using_more_throws_than_held_is_refused_beside_the_throws_field(site, phone):
    token = new_dice_game(phone, "maxi-yatzy", ("Ann",))
    score(phone, token, "665522", "three_pairs", throws=2)  # one saved: four for the next
    picker = form_to(page_of(phone, token, dice="111111"), dice_url(token, "/turns"))
    before = every_row(site)

    response = phone.post(
        dice_url(token, "/turns"), data=filled(picker, {"slot": "maxi_yatzy", "throws": 5})
    )

    assert response.status_code == 422
    assert alerts(read(response)) == {
        "throws-error": "this turn has 4 throws (3 and 1 saved), not 5"
    }
    assert every_row(site) == before


def test_the_preview_says_so_too_before_any_box_is_tapped(phone):
    token = new_dice_game(phone, "maxi-yatzy", ("Ann",))

    response = phone.get(dice_url(token), query_string={"dice": "111111", "throws": 4})

    assert response.status_code == 422
    assert alerts(read(response)) == {
        "throws-error": "this turn has 3 throws (3 and 0 saved), not 4"
    }


def test_a_correction_can_change_the_throws_a_turn_used(site, phone):
    token = new_dice_game(phone, "maxi-yatzy")
    score(phone, token, "665522", "three_pairs")
    edit = page_of(phone, token).by_id("player-0").one("a", class_="edit-link").attrs["href"]

    saved(submit(phone, form_to(open_page(phone, edit), edit), {"throws": 1}), dice_url(token))

    assert stored_game(site, token)[1] == [(0, "665522", "three_pairs", False, 1)]
    assert side_notes(page_of(phone, token), 0).startswith("2 throws saved")


# ============================================================================ bad input


# Bad turns, and the sentence said beside the field they are about.
BAD_TURNS = [
    ("maxi-yatzy", {"throws": "x"}, {"throws-error": "Type a whole number, digits only."}),
    ("maxi-yatzy", {"throws": "0"}, {"throws-error": "Enter a number from 1 to 99."}),
    ("maxi-yatzy", {"throws": "100"}, {"throws-error": "Enter a number from 1 to 99."}),
    ("yatzy", {"dice": "665522"}, {"dice-error": "Yatzy needs five dice, 1 to 6"}),
    ("maxi-yatzy", {"dice": "66552"}, {"dice-error": "Maxi Yatzy needs six dice, 1 to 6"}),
    ("generala", {"dice": "66557"}, {"dice-error": '"7" is not a die face; a die shows 1 to 6'}),
]
# What no page of the game draws: refused for the turn as a whole.
NOT_ASKED = [
    (
        "yatzy",
        {"first_throw": "y"},
        {"slot-error": '"first_throw" is not a field of a turn of Yatzy.'},
    ),
    ("kniffel", {"throws": "2"}, {"slot-error": '"throws" is not a field of a turn of Kniffel.'}),
    (
        "maxi-yatzy",
        {"first_throw": "y"},
        {"slot-error": '"first_throw" is not a field of a turn of Maxi Yatzy.'},
    ),
]
A_BOX = {"yatzy": "two_pairs", "maxi-yatzy": "three_pairs", "generala": "full_house"}
A_BOX["kniffel"] = "chance"


@pytest.mark.parametrize("headers", ANSWERS)
@pytest.mark.parametrize(("kind", "typed", "said"), BAD_TURNS)
def test_bad_dice_or_throws_typed_are_refused_next_to_the_field(
    site, phone, kind, typed, said, headers
):
    token = new_dice_game(phone, kind)
    before = every_row(site)

    response = phone.get(
        dice_url(token), query_string={"dice": PREVIEWS[kind][0], **typed}, headers=headers
    )

    assert response.status_code == 422
    page = read(response)
    assert alerts(page) == said
    assert page.by_id("card-0-turn").one("button") is None
    assert every_row(site) == before


@pytest.mark.parametrize("headers", ANSWERS)
@pytest.mark.parametrize(("kind", "typed", "said"), BAD_TURNS + NOT_ASKED)
def test_a_bad_turn_posted_is_a_422_next_to_its_field_and_writes_nothing(
    site, phone, kind, typed, said, headers
):
    token = new_dice_game(phone, kind)
    dice_ = PREVIEWS[kind][0]
    picker = form_to(page_of(phone, token, dice=dice_), dice_url(token, "/turns"))
    before = every_row(site)

    response = phone.post(
        dice_url(token, "/turns"),
        data=filled(picker, {"slot": A_BOX[kind], **typed}),
        headers=headers,
    )

    assert response.status_code == 422
    assert alerts(read(response)) == said
    assert every_row(site) == before


def test_a_correction_with_bad_throws_or_dice_is_refused_next_to_the_field(site, phone):
    token = new_dice_game(phone, "maxi-yatzy")
    score(phone, token, "665522", "three_pairs")
    edit = page_of(phone, token).by_id("player-0").one("a", class_="edit-link").attrs["href"]
    before = every_row(site)

    for typed, field in [
        ({"throws": "x"}, "throws-error"),
        ({"throws": "0"}, "throws-error"),
        ({"throws": "100"}, "throws-error"),
        ({"dice": "66552"}, "dice-error"),
    ]:
        response = submit(phone, form_to(open_page(phone, edit), edit), typed)
        assert response.status_code == 422, typed
        assert list(alerts(read(response))) == [field], typed

    assert every_row(site) == before


@pytest.mark.parametrize(
    ("kind", "typed", "said"),
    [
        ("yatzy", {"first_throw": "y"}, '"first_throw" is not a field of a turn of Yatzy.'),
        ("generala", {"throws": "2"}, '"throws" is not a field of a turn of Generala.'),
        ("yams", {"first_throw": "y"}, '"first_throw" is not a field of a turn of Yams.'),
    ],
)
def test_a_correction_sending_what_the_game_does_not_ask_is_refused(site, phone, kind, typed, said):
    token = new_dice_game(phone, kind)
    score(phone, token, PREVIEWS[kind][0], PREVIEWS[kind][2][0])
    edit = page_of(phone, token).by_id("player-0").one("a", class_="edit-link").attrs["href"]
    before = every_row(site)

    response = submit(phone, form_to(open_page(phone, edit), edit), typed)

    assert response.status_code == 422
    assert alerts(read(response)) == {"turn-error": said}
    assert every_row(site) == before
