"""The pinochle score sheet through its pages: starting a match, entering and correcting
hands, the ledger, undo, rematch and this device's list of matches."""

from __future__ import annotations

import json
import warnings

import pytest
from sqlalchemy import event, func

from scorekeeper.extensions import db
from scorekeeper.models import Change, Hand, Match
from scorekeeper.page_cache import pages
from scorekeeper.rules.pinochle import KNOBS, PRESETS
from tests.helpers.html import (
    Element,
    alerts,
    answered_as,
    fields_of,
    filled,
    form_to,
    forms_to,
    labelled_controls,
    read,
)
from tests.helpers.play import (
    delete_hand,
    edit_hand,
    match_url,
    new_match,
    open_page,
    post_hand,
    save_hand,
    start_match,
    undo,
)

HTMX = {"HX-Request": "true"}
ANSWERS = [pytest.param({}, id="page"), pytest.param(HTMX, id="htmx")]
SPADES, HEARTS, DIAMONDS, CLUBS = range(4)
MINUS = "\u2212"
SEATS = ["North", "East", "South", "West"]


# ------------------------------------------------------------------ playing through the site


def row_id(token: str) -> int:
    """The database row of the match an edit token opens (inside an app context)."""
    return db.session.scalar(db.select(Match.id).where(Match.edit_token == token))


def hand_fields(
    bidder=None,
    bid=None,
    trump=SPADES,
    meld=(),
    tricks=(),
    action="save",
    all_passed=False,
    turned_nine=False,
) -> dict[str, object]:
    """The hand form as a player fills it: None leaves a box blank."""
    fields: dict[str, object] = {"action": action, "bid": "" if bid is None else bid}
    if bidder is not None:
        fields["bidder"] = bidder
    if trump is not None:
        fields["trump"] = trump
    for side, points in enumerate(meld):
        fields[f"meld-{side}"] = "" if points is None else points
    for side, points in enumerate(tricks):
        fields[f"tricks-{side}"] = "" if points is None else points
    if all_passed:
        fields["all_passed"] = "y"
    if turned_nine:
        fields["turned_nine"] = "y"
    return fields


def played(bidder, bid, meld, tricks, trump=SPADES) -> dict[str, object]:
    return hand_fields(bidder=bidder, bid=bid, trump=trump, meld=meld, tricks=tricks)


def match_page(phone, match_id, headers=None) -> Element:
    return open_page(phone, match_url(match_id), headers)


def totals(document: Element) -> list[int]:
    """The big totals at the top of the match page, one per side."""
    found = []
    while (total := document.by_id(f"total-{len(found)}")) is not None:
        found.append(int(total.text.replace(MINUS, "-")))
    return found


def ledger_rows(document: Element) -> list[Element]:
    """The ledger's rows in hand order (the page lists them newest first)."""
    ledger = document.one("ol", class_="ledger")
    if ledger is None:
        return []
    rows = [child for child in ledger.children if isinstance(child, Element) and child.tag == "li"]
    return rows[::-1]


def row_cells(row: Element, heading: str) -> list[str]:
    """One line of a ledger row's table (Meld, Tricks, Points or Total), one cell per side."""
    for line in row.all("tr"):
        head = line.one("th")
        if head is not None and head.text == heading:
            return [cell.text for cell in line.all("td")]
    raise AssertionError(f"no {heading} line in {row.text}")


def running_totals(document: Element) -> list[list[int]]:
    return [
        [int(cell.replace(MINUS, "-")) for cell in row_cells(row, "Total")]
        for row in ledger_rows(document)
    ]


def facts(document: Element) -> str:
    return document.one("p", class_="match-facts").text


def hand_form_on(document: Element, match_id: str) -> Element | None:
    """The next hand's form on a page, None when the page has none (the match is won)."""
    return next(iter(forms_to(document, match_url(match_id, "/hands"))), None)


def hand_count(site, match_id: int) -> int:
    with site.app_context():
        return db.session.scalar(
            db.select(func.count()).select_from(Hand).where(Hand.match_id == row_id(match_id))
        )


def match_count(site) -> int:
    with site.app_context():
        return db.session.scalar(db.select(func.count()).select_from(Match))


def stored_hands(site, match_id: int) -> list[dict]:
    with site.app_context():
        hands = db.session.scalars(
            db.select(Hand).where(Hand.match_id == row_id(match_id)).order_by(Hand.position)
        )
        return [hand.entries() for hand in hands]


def stored_match(site, match_id: int) -> Match:
    with site.app_context():
        match = db.session.get(Match, row_id(match_id))
        db.session.expunge(match)
        return match


def hand_ids(site, match_id: int) -> list[int]:
    with site.app_context():
        return list(
            db.session.scalars(
                db.select(Hand.id).where(Hand.match_id == row_id(match_id)).order_by(Hand.position)
            )
        )


def preview(phone, match_id, fields, hand_id=None, headers=None) -> Element:
    url = match_url(match_id, "/preview") + (f"?hand={hand_id}" if hand_id else "")
    response = phone.post(url, data=fields, headers=headers or {})
    assert response.status_code == 200
    return read(response)


def play_to_both_teams_crossing(phone, match_id) -> None:
    """Both teams pass 1500 on hand 2; Team A held the bid and has fewer (1550 v 1610)."""
    save_hand(phone, match_id, played(bidder=0, bid=250, meld=(1200, 1200), tricks=(100, 150)))
    save_hand(phone, match_id, played(bidder=0, bid=250, meld=(60, 200), tricks=(190, 60)))


# ====================================================================== the new-match form


def test_the_forms_use_no_deprecated_wtforms_api(phone):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        match_id = new_match(phone)
        match_page(phone, match_id)

    assert [str(warning.message) for warning in caught] == []


@pytest.mark.parametrize("headers", ANSWERS)
def test_the_new_match_form_is_a_page_and_switching_the_game_answers_its_fragment(phone, headers):
    response = phone.get("/matches/new?game=three-handed", headers=headers)

    assert response.status_code == 200
    document = answered_as(response, headers, "new-match")
    form = form_to(document, "/matches/new")
    assert fields_of(form)["game"] == "three-handed"
    assert document.by_id("game").one("option", selected="").attrs["value"] == "three-handed"


def test_a_boosted_request_for_the_new_match_form_gets_the_whole_page(phone):
    response = phone.get("/matches/new", headers={**HTMX, "HX-Boosted": "true"})

    assert "<html" in response.get_data(as_text=True)
    assert "HX-Request" in response.headers["Vary"]


def test_an_unknown_game_in_the_address_falls_back_to_partnership(phone):
    form = form_to(read(phone.get("/matches/new?game=euchre")), "/matches/new")

    assert fields_of(form)["game"] == "partnership"


@pytest.mark.parametrize(
    ("game", "teams", "players"),
    [
        ("partnership", 2, 4),
        ("partnership-small", 2, 4),
        ("double-deck", 2, 4),
        ("three-handed", 0, 3),
        ("two-handed", 0, 2),
    ],
)
def test_the_new_match_form_asks_one_name_per_team_and_per_player_and_every_house_rule(
    phone, game, teams, players
):
    form = form_to(read(phone.get(f"/matches/new?game={game}")), "/matches/new")
    fields = fields_of(form)

    assert [name for name in fields if name.startswith("side_names-")] == [
        f"side_names-{side}" for side in range(teams)
    ]
    assert [name for name in fields if name.startswith("player_names-")] == [
        f"player_names-{player}" for player in range(players)
    ]
    dealers = form.by_id("first_dealer").all("option")
    assert [option.attrs["value"] for option in dealers] == [str(p) for p in range(players)]
    assert {f"rule-{knob}" for knob in KNOBS} <= {
        element.attrs.get("name") for element in form.walk()
    }
    assert fields["rule-target"] == str(PRESETS[game].target)


def test_the_players_are_labelled_with_their_team_in_a_partnership(phone):
    document = read(phone.get("/matches/new?game=partnership"))

    labels = [document.one("label", for_=f"player_names-{p}").text for p in range(4)]
    assert labels == [
        "Player 1 (team 1)",
        "Player 2 (team 2)",
        "Player 3 (team 1)",
        "Player 4 (team 2)",
    ]


# ======================================================================== starting a match


@pytest.mark.parametrize("headers", ANSWERS)
def test_starting_a_match_redirects_to_it_with_or_without_htmx(site, phone, headers):
    response = start_match(phone, "partnership", headers=headers)

    assert response.status_code == 303
    with site.app_context():
        token = db.session.scalar(db.select(Match.edit_token))
    assert response.headers["Location"] == match_url(token)
    assert match_count(site) == 1


@pytest.mark.parametrize(
    ("game", "sides", "players"),
    [
        ("partnership", ["Team A", "Team B"], ["Player 1", "Player 2", "Player 3", "Player 4"]),
        ("partnership-small", ["Team A", "Team B"], [f"Player {p}" for p in range(1, 5)]),
        ("double-deck", ["Team A", "Team B"], [f"Player {p}" for p in range(1, 5)]),
        (
            "three-handed",
            ["Player 1", "Player 2", "Player 3"],
            ["Player 1", "Player 2", "Player 3"],
        ),
        ("two-handed", ["Player 1", "Player 2"], ["Player 1", "Player 2"]),
    ],
)
def test_teams_left_blank_get_default_names(site, phone, game, sides, players):
    """The players' names are typed (the helper types "Player 1"…); a blank team is Team A."""
    match_id = new_match(phone, game)

    match = stored_match(site, match_id)
    assert (match.game, match.side_names, match.player_names) == (game, sides, players)
    assert match.house_rules == {}
    document = match_page(phone, match_id)
    assert [side.text for side in document.all("span", class_="side-name")] == sides
    assert totals(document) == [0] * len(sides)
    assert f"{players[0]} deals next" in facts(document)


def test_names_given_are_kept_and_the_chosen_player_deals_first(site, phone):
    names = {f"player_names-{seat}": name for seat, name in enumerate(SEATS)}
    match_id = new_match(
        phone,
        "partnership",
        {"side_names-0": "Us", "side_names-1": "Them", "first_dealer": 2, **names},
    )

    match = stored_match(site, match_id)
    assert (match.side_names, match.player_names, match.first_dealer) == (
        ["Us", "Them"],
        SEATS,
        2,
    )
    document = match_page(phone, match_id)
    assert "South deals next" in facts(document)
    assert [side.text for side in document.all("span", class_="side-name")] == ["Us", "Them"]


@pytest.mark.parametrize("game", list(PRESETS))
def test_a_match_on_the_standard_rules_stores_no_house_rules(site, phone, game):
    match_id = new_match(phone, game)

    assert stored_match(site, match_id).house_rules == {}
    details = match_page(phone, match_id).one("details", class_="house-rules")
    assert details.one("summary").text == f"House rules: {PRESETS[game].label}"
    assert f"The standard rules of {PRESETS[game].label}." in details.text


@pytest.mark.parametrize("game", list(PRESETS))
def test_a_changed_target_is_stored_and_shown_on_the_match_page(site, phone, game):
    target = PRESETS[game].target * 2
    match_id = new_match(phone, game, {"rule-target": target})

    assert stored_match(site, match_id).house_rules == {"target": target}
    document = match_page(phone, match_id)
    assert f"Game to {target}" in facts(document)
    details = document.one("details", class_="house-rules")
    assert details.one("summary").text == f"House rules: {PRESETS[game].label}, 1 changed"
    assert f"Changed for this match: target {target}." in details.text


def test_several_house_rules_are_stored_and_listed_as_changed(site, phone):
    match_id = new_match(
        phone,
        "partnership",
        {
            "rule-target": 1000,
            "rule-run": "150, 2000",
            "rule-nines_redeal": True,
            "rule-run_extras": "strict",
        },
    )

    assert stored_match(site, match_id).house_rules == {
        "target": 1000,
        "nines_redeal": True,
        "run_extras": "strict",
        "run": [150, 2000],
    }
    details = match_page(phone, match_id).one("details", class_="house-rules")
    assert details.one("summary").text == (
        "House rules: Partnership (four players, two teams), 4 changed"
    )
    assert (
        "Changed for this match: target 1000; nines redeal yes; run extras strict;"
        " run 150, 2000." in details.text
    )


def test_turning_off_a_rule_a_preset_has_on_is_stored(site, phone):
    match_id = new_match(phone, "double-deck", {"rule-trump_needs_marriage": False})

    assert stored_match(site, match_id).house_rules == {"trump_needs_marriage": False}
    details = match_page(phone, match_id).one("details", class_="house-rules")
    assert "Changed for this match: trump needs marriage no." in details.text


@pytest.mark.parametrize(
    ("game", "field", "value", "message"),
    [
        ("partnership", "rule-target", 0, '"Game to" must be at least 1.'),
        ("partnership", "rule-target", -5, "Enter a number from 0 to 1000000."),
        ("partnership", "rule-run", "150", '"Run" must be two whole numbers of points.'),
        ("double-deck", "rule-run", "15, 150", '"Run" must be four whole numbers of points.'),
        ("partnership", "rule-pinochle", "40, forty", "Enter whole numbers separated by commas"),
        (
            "partnership",
            "rule-trick_unit",
            7,
            '"Trick total" 250 must be a multiple of "Trick unit" 7.',
        ),
        ("partnership", "rule-bid_step", 0, '"Bid step" must be at least 1.'),
        ("partnership", "rule-min_bid", 0, '"Min bid" must be at least 1.'),
        ("three-handed", "rule-min_bid", "", "Type a whole number, digits only."),
    ],
)
def test_an_impossible_house_rule_is_shown_next_to_its_field_and_no_match_starts(
    site, phone, game, field, value, message
):
    response = start_match(phone, game, {field: value})

    assert response.status_code == 422
    document = read(response)
    assert message in alerts(document)[f"{field}-error"]
    assert document.by_id(field).attrs["aria-invalid"] == "true"
    assert match_count(site) == 0
    if field != "rule-target":
        assert "open" in document.one("details", class_="house-rules").attrs


@pytest.mark.parametrize("headers", ANSWERS)
def test_a_refused_new_match_answers_422_with_the_fragment_under_htmx_and_the_page_otherwise(
    site, phone, headers
):
    response = start_match(phone, "two-handed", {"rule-target": 0}, headers=headers)

    assert response.status_code == 422
    document = answered_as(response, headers, "new-match")
    form = form_to(document, "/matches/new")
    assert fields_of(form)["game"] == "two-handed"
    assert form.by_id("rule-target").attrs["value"] == "0"
    assert alerts(document) == {"rule-target-error": '"Game to" must be at least 1.'}
    assert match_count(site) == 0


def test_a_name_longer_than_40_letters_is_refused_next_to_it(site, phone):
    response = start_match(phone, "two-handed", {"player_names-1": "x" * 41})

    assert response.status_code == 422
    assert "at most 40 characters" in alerts(read(response))["player_names-1-error"]
    assert match_count(site) == 0


def test_a_house_rule_minimum_bid_above_the_stuck_bid_is_refused_or_still_lets_all_pass(
    site, phone
):
    """A table plays "minimum bid 300". Whatever the site accepts, all passed must be scorable.

    Either the new-match form refuses a stuck bid under the minimum (next to one of the two
    fields), or an all-passed hand of the accepted match can be saved.
    """
    response = start_match(phone, "partnership", {"rule-min_bid": 300})

    if response.status_code == 422:
        assert {"rule-stuck_bid-error", "rule-min_bid-error"} & set(alerts(read(response)))
        return
    match_id = response.headers["Location"].rsplit("/", 1)[1]
    all_passed = hand_fields(all_passed=True, meld=(60, 100), tricks=(150, 100))
    response = post_hand(phone, match_id, all_passed)
    assert response.status_code == 303, alerts(read(response))


# ================================================================ CSRF: forms need the token


def csrf_token(document: Element) -> str:
    return document.one("input", name="csrf_token").attrs["value"]


def test_starting_a_match_without_the_form_token_is_refused_and_saves_nothing(app, client):
    form = form_to(read(client.get("/matches/new")), "/matches/new")
    fields = fields_of(form)
    del fields["csrf_token"]

    response = client.post("/matches/new", data=fields)

    assert response.status_code == 400
    with app.app_context():
        assert db.session.scalar(db.select(func.count()).select_from(Match)) == 0


def test_with_the_token_the_same_forms_work_and_without_it_nothing_is_written(app, client):
    form = form_to(read(client.get("/matches/new")), "/matches/new")
    names = {f"player_names-{seat}": name for seat, name in enumerate(SEATS)}
    created = client.post("/matches/new", data=filled(form, names))
    assert created.status_code == 303
    match = created.headers["Location"].rsplit("/", 1)[1]
    document = match_page(client, match)
    token = csrf_token(document)
    good = played(bidder=0, bid=300, meld=(140, 60), tricks=(170, 80))

    hands = match_url(match, "/hands")
    drawn = filled(form_to(document, hands), good)
    assert drawn.pop("csrf_token") == token
    assert client.post(hands, data=drawn).status_code == 400
    assert client.post(hands, data=drawn, headers=HTMX).status_code == 400
    assert hand_count(app, match) == 0
    assert client.post(hands, data={**drawn, "csrf_token": token}).status_code == 303
    hand_id = hand_ids(app, match)[0]
    for path in ("/undo", "/rematch", f"/hands/{hand_id}/delete", f"/hands/{hand_id}/edit"):
        assert client.post(match_url(match, path), data=good).status_code == 400, path
    assert client.post(match_url(match, "/preview"), data=good).status_code == 400
    assert hand_count(app, match) == 1
    with app.app_context():
        assert db.session.scalar(db.select(func.count()).select_from(Match)) == 1


# ========================================================================== the match page


@pytest.mark.parametrize("headers", ANSWERS)
def test_the_match_page_is_a_page_and_under_htmx_the_match_fragment(phone, headers):
    match_id = new_match(phone)

    response = phone.get(match_url(match_id), headers=headers)

    assert response.status_code == 200
    document = answered_as(response, headers, "match")
    assert hand_form_on(document, match_id) is not None
    assert "No hands yet." in document.text


def test_a_match_that_does_not_exist_is_a_404(phone):
    assert phone.get(match_url("no-such-token")).status_code == 404
    assert phone.post(match_url("no-such-token", "/hands"), data={}).status_code == 404


# ============================================================================ entering hands


@pytest.mark.parametrize("headers", ANSWERS)
def test_a_saved_hand_redirects_to_the_match_with_or_without_htmx(site, phone, headers):
    match_id = new_match(phone)

    response = post_hand(
        phone, match_id, played(bidder=0, bid=300, meld=(140, 60), tricks=(170, 80)), headers
    )

    assert response.status_code == 303
    assert response.headers["Location"] == match_url(match_id)
    assert hand_count(site, match_id) == 1


@pytest.mark.parametrize("headers", ANSWERS)
def test_a_refused_hand_answers_422_with_the_match_fragment_under_htmx_and_the_page_otherwise(
    site, phone, headers
):
    match_id = new_match(phone)

    response = post_hand(
        phone, match_id, played(bidder=0, bid=255, meld=(140, 60), tricks=(170, 80)), headers
    )

    assert response.status_code == 422
    document = answered_as(response, headers, "match")
    assert alerts(document) == {"bid-error": "Bid 255 is not a multiple of 10; enter 250 or 260."}
    assert hand_count(site, match_id) == 0


def test_a_made_bid_scores_meld_plus_tricks_for_both_teams(site, phone):
    match_id = new_match(phone)

    save_hand(phone, match_id, played(bidder=0, bid=300, meld=(140, 60), tricks=(170, 80)))

    document = match_page(phone, match_id)
    assert totals(document) == [310, 140]
    [row] = ledger_rows(document)
    assert "result-made" in row.attrs["class"]
    assert row.one("span", class_="badge").text == "made"
    assert "Player 1 bid 300" in row.one(class_="row-bid").text
    assert row_cells(row, "Meld") == ["140", "60"]
    assert row_cells(row, "Tricks") == ["170", "80"]
    assert row_cells(row, "Points") == ["310", "140"]
    assert row.one("p", class_="row-sentence").text == "Team A made 300 with 310; Team B +140."


def test_a_bidder_short_of_the_bid_goes_set_and_loses_the_bid(phone):
    match_id = new_match(phone)

    save_hand(phone, match_id, played(bidder=2, bid=350, meld=(100, 60), tricks=(200, 50)))

    document = match_page(phone, match_id)
    assert totals(document) == [-350, 110]
    [row] = ledger_rows(document)
    assert row.one("span", class_="badge").text == "set"
    assert row.one("p", class_="row-sentence").text == (
        f"Team A went set: bid 350, had 300, scores {MINUS}350; Team B +110."
    )


def test_bidder_330_with_meld_60_may_throw_in_and_the_others_keep_their_meld(site, phone):
    match_id = new_match(phone)

    save_hand(
        phone,
        match_id,
        hand_fields(bidder=1, bid=330, trump=HEARTS, meld=(100, 60), action="throw_in"),
    )

    document = match_page(phone, match_id)
    assert totals(document) == [100, -330]
    [row] = ledger_rows(document)
    assert row.one("span", class_="badge").text == "thrown in"
    assert row_cells(row, "Tricks") == ["–", "–"]
    assert row.one("p", class_="row-sentence").text == (
        f"Team B threw in at 330: {MINUS}330; Team A +100."
    )
    assert stored_hands(site, match_id)[0]["tricks"] is None


def test_a_throw_in_with_bid_300_and_meld_100_is_refused_next_to_the_throw_in(site, phone):
    match_id = new_match(phone)

    response = post_hand(
        phone, match_id, hand_fields(bidder=0, bid=300, meld=(100, 60), action="throw_in")
    )

    assert response.status_code == 422
    document = read(response)
    message = document.by_id("thrown_in-error")
    assert message.text == (
        f"No throw-in: bid 300 {MINUS} meld 100 = 200 is not more than the 250 trick points"
        " there are; save it as a played hand."
    )
    assert message.parent.attrs["id"] == "preview"
    assert hand_count(site, match_id) == 0


def test_when_all_pass_the_dealer_is_stuck_at_the_minimum_and_the_dealers_team_bids(site, phone):
    match_id = new_match(phone, "partnership", {"first_dealer": 1})

    save_hand(
        phone,
        match_id,
        hand_fields(all_passed=True, bid=400, trump=CLUBS, meld=(60, 100), tricks=(100, 150)),
    )

    [stored] = stored_hands(site, match_id)
    assert (stored["bidder"], stored["bid"], stored["all_passed"]) == (None, 250, True)
    document = match_page(phone, match_id)
    assert totals(document) == [160, 250]
    [row] = ledger_rows(document)
    assert "All passed: Player 2 stuck at 250" in row.one(class_="row-bid").text
    assert row.one("p", class_="row-sentence").text == "Team B made 250 with 250; Team A +160."


def test_when_all_pass_and_the_dealers_team_falls_short_it_goes_set(phone):
    match_id = new_match(phone, "partnership", {"first_dealer": 3})

    save_hand(phone, match_id, hand_fields(all_passed=True, meld=(60, 40), tricks=(150, 100)))

    assert totals(match_page(phone, match_id)) == [210, -250]


@pytest.mark.parametrize(
    ("entered", "stored"),
    [((170, None), [170, 80]), ((None, 80), [170, 80]), ((250, None), [250, 0])],
)
def test_one_blank_trick_field_is_filled_from_the_hands_250_points(site, phone, entered, stored):
    match_id = new_match(phone)

    save_hand(phone, match_id, played(bidder=0, bid=300, meld=(140, 60), tricks=entered))

    assert stored_hands(site, match_id)[0]["tricks"] == stored
    [row] = ledger_rows(match_page(phone, match_id))
    assert row_cells(row, "Tricks") == [str(points) for points in stored]


def test_one_blank_trick_field_among_three_players_is_filled_from_the_total(site, phone):
    match_id = new_match(phone, "three-handed")

    save_hand(
        phone, match_id, played(bidder=0, bid=300, meld=(200, 40, 20), tricks=(150, None, 40))
    )

    assert stored_hands(site, match_id)[0]["tricks"] == [150, 60, 40]


BAD_HANDS = [
    pytest.param(
        played(bidder=0, bid=240, meld=(140, 60), tricks=(170, 80)),
        "bid-error",
        "Bid 240 is under the minimum of 250; enter 250 or more.",
        id="bid-under-minimum",
    ),
    pytest.param(
        played(bidder=0, bid=255, meld=(140, 60), tricks=(170, 80)),
        "bid-error",
        "Bid 255 is not a multiple of 10; enter 250 or 260.",
        id="bid-off-its-step",
    ),
    pytest.param(
        played(bidder=0, bid=None, meld=(140, 60), tricks=(170, 80)),
        "bid-error",
        "What was the bid? Enter it.",
        id="no-bid",
    ),
    pytest.param(
        played(bidder=0, bid="three hundred", meld=(140, 60), tricks=(170, 80)),
        "bid-error",
        "Type a whole number, digits only.",
        id="bid-not-a-number",
    ),
    pytest.param(
        played(bidder=None, bid=300, meld=(140, 60), tricks=(170, 80)),
        "bidder-error",
        "Who took the bid? Choose the bidder.",
        id="no-bidder",
    ),
    pytest.param(
        played(bidder=7, bid=300, meld=(140, 60), tricks=(170, 80)),
        "bidder-error",
        "Pick one of the choices shown.",
        id="bidder-not-at-the-table",
    ),
    pytest.param(
        played(bidder=0, bid=300, meld=(140, 60), tricks=(170, 80), trump=None),
        "trump-error",
        "Which suit was trump?",
        id="no-trump",
    ),
    pytest.param(
        played(bidder=0, bid=300, meld=(140, 65), tricks=(170, 80)),
        "meld-error",
        "Meld for Team B (65) is not a multiple of 10; check the meld, or count it from the cards.",
        id="meld-off-its-unit",
    ),
    pytest.param(
        played(bidder=0, bid=300, meld=(140, 60), tricks=(170, 100)),
        "tricks-error",
        "Trick points 170 + 100 = 270, but a hand has 250; correct them to add up to 250.",
        id="tricks-that-do-not-add-up",
    ),
    pytest.param(
        played(bidder=0, bid=300, meld=(140, 60), tricks=(175, None)),
        "tricks-error",
        "Trick points for Team A (175) are not a multiple of 10; enter 170 or 180.",
        id="tricks-off-their-unit",
    ),
    pytest.param(
        played(bidder=0, bid=300, meld=(140, 60), tricks=(300, None)),
        "tricks-error",
        "Trick points for Team B must be a whole number, 0 or more.",
        id="more-tricks-than-there-are",
    ),
    pytest.param(
        played(bidder=0, bid=300, meld=(140, 60), tricks=(None, None)),
        "tricks-error",
        "A played hand needs each side's trick points; enter them.",
        id="no-tricks",
    ),
    pytest.param(
        hand_fields(bidder=0, bid=300, meld=(140, 60), action="redeal"),
        "redeal-error",
        "Partnership has no nines redeal.",
        id="nines-redeal-off",
    ),
    pytest.param(
        hand_fields(bidder=0, bid=300, meld=(140, 60), action="forfeit"),
        "no_marriage-error",
        "Partnership does not need a marriage in trump.",
        id="forfeit-without-the-rule",
    ),
]


@pytest.mark.parametrize(("fields", "error_id", "message"), BAD_HANDS)
def test_a_hand_that_breaks_a_rule_is_shown_next_to_its_field_and_nothing_is_saved(
    site, phone, fields, error_id, message
):
    match_id = new_match(phone)
    save_hand(phone, match_id, played(bidder=0, bid=300, meld=(140, 60), tricks=(170, 80)))
    before = stored_hands(site, match_id)

    response = post_hand(phone, match_id, fields)

    assert response.status_code == 422
    document = read(response)
    assert alerts(document) == {error_id: message}
    assert stored_hands(site, match_id) == before
    assert totals(document) == [310, 140]


def test_a_bid_off_its_step_is_shown_next_to_the_bid_and_the_form_keeps_what_was_typed(phone):
    match_id = new_match(phone)

    response = post_hand(
        phone, match_id, played(bidder=2, bid=255, meld=(140, 60), tricks=(170, None))
    )

    form = hand_form_on(read(response), match_id)
    bid = form.by_id("bid")
    assert (bid.attrs["value"], bid.attrs["aria-invalid"]) == ("255", "true")
    assert bid.attrs["aria-describedby"] == "bid-error"
    assert form.by_id("bid-error").text == "Bid 255 is not a multiple of 10; enter 250 or 260."
    fields = fields_of(form)
    assert (fields["bidder"], fields["trump"], fields["meld-0"]) == ("2", "0", "140")
    assert (fields["tricks-0"], fields["tricks-1"]) == ("170", "")


def test_a_nines_redeal_scores_nothing_and_the_same_dealer_deals_again(site, phone):
    match_id = new_match(phone, "partnership-small", {"first_dealer": 1})

    save_hand(phone, match_id, hand_fields(trump=None, action="redeal"))

    document = match_page(phone, match_id)
    assert totals(document) == [0, 0]
    assert "Player 2 deals next" in facts(document)
    [row] = ledger_rows(document)
    assert row.one("span", class_="badge").text == "redeal"
    assert "Nines redeal" in row.one(class_="row-bid").text
    save_hand(phone, match_id, played(bidder=1, bid=25, meld=(4, 10), tricks=(10, 15)))
    document = match_page(phone, match_id)
    assert [row.one(class_="row-head").text for row in ledger_rows(document)] == [
        "Hand 1 · Player 2 dealt",
        "Hand 2 · Player 2 dealt",
    ]
    assert "Player 3 deals next" in facts(document)


def test_the_score_bar_carries_the_deal_for_a_hand_saved_offline(site, phone):
    """The players, who deals next and the kinds that keep the deal, as the server has them
    (static/trust_match.js moves a kept hand's dealer by these, never by a rule of its own)."""
    match_id = new_match(phone, "partnership-small", {"first_dealer": 1})

    def deal(document: Element) -> tuple[list[str], str, str]:
        bar = document.by_id("scoreboard")
        players = json.loads(bar.attrs["data-players"])
        return players, bar.attrs["data-next-dealer"], bar.attrs["data-deal-stays"]

    players = [f"Player {seat}" for seat in range(1, 5)]
    assert deal(match_page(phone, match_id)) == (players, "1", "redeal")
    save_hand(phone, match_id, hand_fields(trump=None, action="redeal"))
    assert deal(match_page(phone, match_id)) == (players, "1", "redeal")
    save_hand(phone, match_id, played(bidder=1, bid=25, meld=(4, 10), tricks=(10, 15)))
    document = match_page(phone, match_id)
    assert deal(document) == (players, "2", "redeal")
    assert document.by_id("next-dealer").text == "Player 3 deals next"


def test_the_nines_redeal_button_shows_only_where_the_preset_allows_it(phone):
    small = new_match(phone, "partnership-small")
    standard = new_match(phone, "partnership")

    def actions(match_id):
        form = hand_form_on(match_page(phone, match_id), match_id)
        return {button.attrs["value"] for button in form.all("button", name="action")}

    assert "redeal" in actions(small)
    assert "redeal" not in actions(standard)


def test_a_double_deck_bidder_without_a_marriage_in_trump_forfeits_in_one_tap(phone):
    match_id = new_match(phone, "double-deck")
    form = hand_form_on(match_page(phone, match_id), match_id)
    assert form.one("button", value="forfeit").text == (
        "Forfeit: no marriage in trump, the bidder loses the bid"
    )

    save_hand(phone, match_id, hand_fields(bidder=1, bid=60, meld=(40, 30), action="forfeit"))

    document = match_page(phone, match_id)
    assert totals(document) == [40, -60]
    [row] = ledger_rows(document)
    assert row.one("span", class_="badge").text == "forfeit"
    assert row.one("p", class_="row-sentence").text == (
        "Team B forfeited 60: no marriage in trump; Team A +40."
    )


def test_a_double_deck_bidder_with_meld_under_20_forfeits_whatever_the_tricks(phone):
    match_id = new_match(phone, "double-deck")

    save_hand(phone, match_id, played(bidder=0, bid=55, meld=(10, 30), tricks=(40, None)))

    document = match_page(phone, match_id)
    assert totals(document) == [-55, 30]
    [row] = ledger_rows(document)
    assert row.one("span", class_="badge").text == "forfeit"
    assert "Team A forfeited 55: meld 10 is under the minimum of 20" in row.text


def test_two_handed_has_no_bid_and_the_dealers_turned_up_nine_scores_10(site, phone):
    match_id = new_match(phone, "two-handed", {"player_names-0": "Ann", "player_names-1": "Bo"})
    form = hand_form_on(match_page(phone, match_id), match_id)
    assert form.one("input", name="bidder") is None and form.by_id("bid") is None
    assert form.one("label", for_="turned_nine") is None  # a checkbox sits inside its label
    assert form.by_id("turned_nine").parent.text == "Dealer turned up a nine"

    save_hand(phone, match_id, hand_fields(meld=(100, 40), tricks=(None, 120), turned_nine=True))
    save_hand(phone, match_id, hand_fields(meld=(0, 20), tricks=(125, 125), turned_nine=True))

    document = match_page(phone, match_id)
    assert running_totals(document) == [[240, 160], [365, 315]]
    rows = ledger_rows(document)
    assert rows[0].one("p", class_="row-sentence").text == (
        "Ann +240, Bo +160; Ann turned up a nine: +10."
    )
    assert "Bo turned up a nine: +10" in rows[1].text
    assert stored_hands(site, match_id)[0]["bid"] is None


def test_two_handed_trick_points_come_in_fives(phone):
    match_id = new_match(phone, "two-handed")

    response = post_hand(phone, match_id, hand_fields(meld=(0, 0), tricks=(122, None)))

    assert response.status_code == 422
    assert alerts(read(response)) == {
        "tricks-error": "Trick points for Player 1 (122) are not a multiple of 5; enter 120 or 125."
    }


def test_three_handed_each_player_is_alone_and_a_player_without_tricks_loses_meld(phone):
    match_id = new_match(phone, "three-handed", {"player_names-2": "Cy"})
    form = hand_form_on(match_page(phone, match_id), match_id)
    assert [form.one("label", for_=f"meld-{p}").text for p in range(3)] == [
        "Player 1 meld",
        "Player 2 meld",
        "Cy meld",
    ]

    save_hand(phone, match_id, played(bidder=2, bid=300, meld=(50, 60, 200), tricks=(100, 0, 150)))

    document = match_page(phone, match_id)
    assert totals(document) == [150, 0, 350]
    [row] = ledger_rows(document)
    assert row.one("p", class_="row-sentence").text == (
        "Cy made 300 with 350; Player 1 +150, Player 2 0;"
        " Player 2 took no tricks, so their meld does not count."
    )


def test_three_handed_bidder_may_throw_in_any_time(phone):
    match_id = new_match(phone, "three-handed")

    save_hand(
        phone, match_id, hand_fields(bidder=1, bid=300, meld=(40, 200, 60), action="throw_in")
    )

    assert totals(match_page(phone, match_id)) == [40, -300, 60]


# ================================================================== meld counted from cards


def test_a_sides_meld_is_counted_from_its_players_cards_under_the_trump(site, phone):
    match_id = new_match(phone)
    fields = played(bidder=0, bid=300, meld=(None, 60), tricks=(120, None), trump=HEARTS)
    fields.update({"cards-0": "ah 10h kh qh jh", "cards-2": "QS,JD"})

    save_hand(phone, match_id, fields)

    assert stored_hands(site, match_id)[0]["cards"] == ["AH 10H KH QH JH", None, "QS JD", None]
    [row] = ledger_rows(match_page(phone, match_id))
    assert row_cells(row, "Meld") == ["190", "60"]
    assert row.one("p", class_="row-sentence").text == "Team A made 300 with 310; Team B +190."
    shown = row.one(class_="row-cards").text
    assert "Player 1: A\u2665 10\u2665 K\u2665 Q\u2665 J\u2665" in shown
    assert "Player 3: Q\u2660 J\u2666" in shown


def test_the_preview_counts_the_meld_from_cards_before_saving(site, phone):
    match_id = new_match(phone)
    fields = hand_fields(bidder=0, bid=300, trump=HEARTS, meld=(None, 60))
    fields["cards-0"] = "AH 10H KH QH JH"

    document = preview(phone, match_id, fields)

    assert "Team A meld from cards: 150." in document.text
    assert "Team A: 150 more needed from tricks to make 300." in document.text
    assert hand_count(site, match_id) == 0


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        ("ZZ 10H", '"ZZ" is not a card; write a rank then a suit, as in AS or 10H.'),
        ("AH AH AH", "Three A\u2665 but the deck has two; take one out."),
    ],
)
def test_cards_that_cannot_be_are_shown_next_to_that_players_cards_and_nothing_is_saved(
    site, phone, cards, message
):
    match_id = new_match(phone)
    fields = played(bidder=0, bid=300, meld=(140, 60), tricks=(170, None))
    fields["cards-1"] = cards

    response = post_hand(phone, match_id, fields)

    assert response.status_code == 422
    assert alerts(read(response)) == {"cards-1-error": message}
    assert hand_count(site, match_id) == 0


def test_saving_the_edit_form_unchanged_leaves_the_hand_as_it_was(site, phone):
    match_id = new_match(phone, "partnership", {"first_dealer": 1})
    fields = played(bidder=2, bid=300, meld=(None, 60), tricks=(120, None), trump=HEARTS)
    fields["cards-0"] = "AH 10H KH QH JH"
    save_hand(phone, match_id, fields)
    save_hand(phone, match_id, hand_fields(all_passed=True, meld=(60, 100), tricks=(100, 150)))
    before = ledger_snapshot(phone, match_id), stored_hands(site, match_id)

    for hand_id in hand_ids(site, match_id):
        response = edit_hand(phone, match_id, hand_id, {"action": "save"})
        assert response.status_code == 303, alerts(read(response))

    assert (ledger_snapshot(phone, match_id), stored_hands(site, match_id)) == before


def test_editing_the_trump_of_a_hand_counted_from_cards_recounts_its_meld(site, phone):
    match_id = new_match(phone)
    fields = played(bidder=0, bid=300, meld=(None, 60), tricks=(120, None), trump=HEARTS)
    fields.update({"cards-0": "AH 10H KH QH JH", "cards-2": "QS JD"})
    save_hand(phone, match_id, fields)
    [hand_id] = hand_ids(site, match_id)

    response = edit_hand(phone, match_id, hand_id, {"trump": SPADES, "action": "save"})

    assert response.status_code == 303
    document = match_page(phone, match_id)
    [row] = ledger_rows(document)
    assert row_cells(row, "Meld") == ["60", "60"]
    assert totals(document) == [-300, 190]


# =============================================================================== the preview


@pytest.mark.parametrize("headers", ANSWERS)
def test_the_preview_says_what_the_bidder_needs_in_plain_words(site, phone, headers):
    match_id = new_match(phone)

    response = phone.post(
        match_url(match_id, "/preview"),
        data=hand_fields(bidder=0, bid=300, meld=(140, 60)),
        headers=headers,
    )

    assert response.status_code == 200
    assert "<html" not in response.get_data(as_text=True)
    document = read(response)
    assert "Team A: 160 more needed from tricks to make 300." in document.text
    assert (
        f"No throw-in: bid 300 {MINUS} meld 140 = 160 is not more than the 250 trick points"
        " there are." in document.text
    )
    assert document.one("button", value="throw_in") is None
    assert hand_count(site, match_id) == 0


def test_the_preview_offers_a_throw_in_only_when_allowed_and_spells_out_its_cost(phone):
    match_id = new_match(phone)

    document = preview(phone, match_id, hand_fields(bidder=3, bid=330, meld=(100, 60)))

    assert (
        "Team B: 270 more needed from tricks to make 330, more than the 250 there are."
        in document.text
    )
    assert (
        f"Throw-in allowed: bid 330 {MINUS} meld 60 = 270 is more than the 250 trick points"
        " there are." in document.text
    )
    button = document.one("button", value="throw_in")
    assert button.attrs["name"] == "action"
    assert button.text == f"Throw in: Team B {MINUS}330; the others score their meld"


def test_the_preview_of_a_throw_in_does_not_promise_meld_the_house_rules_take_away(phone):
    match_id = new_match(phone, "partnership", {"rule-throw_in_others": "nothing"})

    document = preview(phone, match_id, hand_fields(bidder=0, bid=330, meld=(60, 100)))
    button = document.one("button", value="throw_in")

    assert button is not None
    assert button.text == f"Throw in: Team A {MINUS}330; the others score nothing"
    save_hand(phone, match_id, hand_fields(bidder=0, bid=330, meld=(60, 100), action="throw_in"))
    assert totals(match_page(phone, match_id)) == [-330, 0]


def test_the_preview_gives_the_outcome_and_the_totals_once_tricks_are_in(site, phone):
    match_id = new_match(phone)
    save_hand(phone, match_id, played(bidder=1, bid=250, meld=(20, 150), tricks=(50, 200)))

    document = preview(
        phone, match_id, played(bidder=0, bid=300, meld=(140, 60), tricks=(None, 80))
    )

    assert "Team A made 300 with 310; Team B +140." in document.text
    assert "Totals after this hand: Team A 380 · Team B 490." in document.text
    assert "Game over" not in document.text
    assert document.one("button", value="throw_in") is None
    assert hand_count(site, match_id) == 1


def test_the_preview_of_all_passed_names_the_dealers_team_and_the_stuck_bid(phone):
    match_id = new_match(phone, "partnership", {"first_dealer": 1})

    document = preview(phone, match_id, hand_fields(all_passed=True, meld=(60, 100)))

    assert "Team B: 150 more needed from tricks to make 250." in document.text


def test_the_preview_says_when_the_hand_would_end_the_game(phone):
    match_id = new_match(phone)
    save_hand(phone, match_id, played(bidder=0, bid=250, meld=(1200, 1200), tricks=(100, 150)))

    document = preview(phone, match_id, played(bidder=0, bid=250, meld=(60, 200), tricks=(190, 60)))

    assert "Team A made 250 with 250; Team B +260." in document.text
    assert "Game over: both teams passed 1500; Team A held the bid." in document.text


def test_the_preview_shows_a_broken_rule_as_a_warning(phone):
    match_id = new_match(phone)

    document = preview(phone, match_id, played(bidder=0, bid=300, meld=(140, 60), tricks=(170, 90)))

    assert document.one("p", class_="warning").text == (
        "Trick points 170 + 90 = 260, but a hand has 250; correct them to add up to 250."
    )


def test_the_preview_of_an_edit_scores_the_hand_where_it_was_played(site, phone):
    match_id = new_match(phone, "partnership", {"first_dealer": 1})
    save_hand(phone, match_id, played(bidder=0, bid=300, meld=(140, 60), tricks=(170, 80)))
    save_hand(phone, match_id, played(bidder=1, bid=250, meld=(20, 150), tricks=(50, 200)))
    first = hand_ids(site, match_id)[0]

    document = preview(
        phone, match_id, hand_fields(all_passed=True, meld=(60, 100), tricks=(100, 150)), first
    )

    # Once the outcome is known it says what the bidder got, not what they needed.
    assert "more needed" not in document.text
    assert "Team B made 250 with 250; Team A +160." in document.text
    assert "Totals after this hand: Team A 160 · Team B 250." in document.text


# ============================================================================== the ledger


def test_the_deal_passes_clockwise_after_every_hand(phone):
    names = {f"player_names-{seat}": name for seat, name in enumerate(SEATS)}
    match_id = new_match(phone, "partnership", {"first_dealer": 3, **names})
    assert "West deals next" in facts(match_page(phone, match_id))

    dealt = []
    for _ in range(5):
        save_hand(phone, match_id, played(bidder=0, bid=250, meld=(100, 40), tricks=(150, 100)))
        document = match_page(phone, match_id)
        dealt.append(facts(document).rsplit("·", 1)[1].strip())

    assert dealt == [
        "North deals next",
        "East deals next",
        "South deals next",
        "West deals next",
        "North deals next",
    ]
    heads = [row.one(class_="row-head").text for row in ledger_rows(document)]
    assert [head.split("·")[1].split(" dealt")[0].strip() for head in heads] == [
        "West",
        "North",
        "East",
        "South",
        "West",
    ]


def test_each_ledger_row_shows_the_running_totals(phone):
    match_id = new_match(phone)
    save_hand(phone, match_id, played(bidder=0, bid=300, meld=(140, 60), tricks=(170, 80)))
    save_hand(phone, match_id, played(bidder=1, bid=350, meld=(60, 100), tricks=(100, 150)))
    save_hand(phone, match_id, hand_fields(bidder=2, bid=330, meld=(60, 100), action="throw_in"))

    document = match_page(phone, match_id)

    assert running_totals(document) == [[310, 140], [470, -210], [140, -110]]
    assert totals(document) == [140, -110]
    assert [row.attrs["id"] for row in ledger_rows(document)] == ["hand-1", "hand-2", "hand-3"]
    heading = document.by_id("next-hand")
    assert heading.text == "Hand 4"


def test_both_teams_passing_1500_on_one_hand_is_won_by_the_bidder_with_fewer_points(phone):
    match_id = new_match(phone)

    play_to_both_teams_crossing(phone, match_id)

    document = match_page(phone, match_id)
    assert totals(document) == [1550, 1610]
    banner = document.one("article", class_="banner")
    assert banner.attrs["role"] == "status"
    assert banner.one("h2").text == "Team A wins"
    assert "Both teams passed 1500; Team A held the bid." in banner.text
    winner = document.one("div", class_="winner")
    assert winner.one("span", class_="side-name").text == "Team A"
    assert "deals next" not in facts(document)


def test_one_team_reaching_the_target_wins_and_says_so(phone):
    match_id = new_match(phone, "partnership", {"rule-target": 500})

    save_hand(phone, match_id, played(bidder=1, bid=300, meld=(20, 300), tricks=(50, 200)))

    banner = match_page(phone, match_id).one("article", class_="banner")
    assert banner.one("h2").text == "Team B wins"
    assert "Team B reached 500." in banner.text


def test_once_the_game_is_won_no_hand_can_be_entered(site, phone):
    match_id = new_match(phone)
    play_to_both_teams_crossing(phone, match_id)

    document = match_page(phone, match_id)
    assert hand_form_on(document, match_id) is None
    assert document.by_id("next-hand") is None

    # No page draws a hand form now: the hand is posted as no phone would.
    hand = played(bidder=1, bid=250, meld=(0, 0), tricks=(100, 150))
    for headers in ({}, HTMX):
        response = phone.post(match_url(match_id, "/hands"), data=hand, headers=headers)
        assert response.status_code == 409
    assert hand_count(site, match_id) == 2


@pytest.mark.parametrize("headers", ANSWERS)
def test_a_rematch_keeps_the_names_and_rules_and_the_next_player_deals_first(site, phone, headers):
    names = {f"player_names-{seat}": name for seat, name in enumerate(SEATS)}
    old = new_match(
        phone,
        "partnership",
        {"side_names-0": "Us", "first_dealer": 3, "rule-target": 600, **names},
    )
    save_hand(phone, old, played(bidder=0, bid=300, meld=(400, 0), tricks=(250, None)))
    assert match_page(phone, old).one("form", action=match_url(old, "/rematch")) is not None

    response = phone.post(match_url(old, "/rematch"), headers=headers)

    assert response.status_code == 303
    new = response.headers["Location"].rsplit("/", 1)[1]
    assert new != old
    match = stored_match(site, new)
    assert (match.game, match.house_rules, match.side_names, match.player_names) == (
        "partnership",
        {"target": 600},
        ["Us", "Team B"],
        SEATS,
    )
    assert match.first_dealer == 0
    document = match_page(phone, new)
    assert totals(document) == [0, 0]
    assert "North deals next" in facts(document)
    assert hand_count(site, new) == 0


def test_a_rematch_of_three_handed_passes_the_first_deal_on(site, phone):
    old = new_match(phone, "three-handed", {"first_dealer": 1})

    response = phone.post(match_url(old, "/rematch"))

    new = response.headers["Location"].rsplit("/", 1)[1]
    assert stored_match(site, new).first_dealer == 2
    again = phone.post(match_url(new, "/rematch"))
    assert stored_match(site, again.headers["Location"].rsplit("/", 1)[1]).first_dealer == 0


# =========================================================== editing, deleting and undoing


def three_hands(phone, match_id) -> None:
    """Team A 1050, Team B 1100 after three hands; nobody has won."""
    save_hand(phone, match_id, played(bidder=0, bid=250, meld=(600, 600), tricks=(100, 150)))
    save_hand(phone, match_id, played(bidder=0, bid=250, meld=(100, 0), tricks=(150, 100)))
    save_hand(phone, match_id, played(bidder=1, bid=250, meld=(0, 100), tricks=(100, 150)))


def ledger_snapshot(phone, match_id) -> tuple[str, str, str]:
    """What the ledger shows: the totals, whose deal and every row, as text."""
    document = match_page(phone, match_id)
    ledger = document.one("ol", class_="ledger")
    return document.one("section", class_="scoreboard").text, facts(document), ledger.text


@pytest.mark.parametrize("headers", ANSWERS)
def test_the_edit_form_is_a_page_or_a_fragment_filled_with_the_hand(site, phone, headers):
    match_id = new_match(phone, "partnership", {"first_dealer": 1})
    three_hands(phone, match_id)
    hand_id = hand_ids(site, match_id)[1]

    response = phone.get(match_url(match_id, f"/hands/{hand_id}/edit"), headers=headers)

    assert response.status_code == 200
    document = answered_as(response, headers, "match")
    assert document.one("h1").text == "Edit hand 2"
    assert "Player 3 dealt. Now: Team A made 250 with 250; Team B +100." in document.text
    form = form_to(document, match_url(match_id, f"/hands/{hand_id}/edit"))
    fields = fields_of(form)
    assert {name: fields[name] for name in ("bidder", "bid", "trump")} == {
        "bidder": "0",
        "bid": "250",
        "trump": "0",
    }
    assert [fields[f"meld-{s}"] for s in (0, 1)] == ["100", "0"]
    assert [fields[f"tricks-{s}"] for s in (0, 1)] == ["150", "100"]
    assert form.by_id("preview").attrs["hx-post"] == match_url(match_id, f"/preview?hand={hand_id}")
    assert document.one("form", action=match_url(match_id, f"/hands/{hand_id}/delete"))


@pytest.mark.parametrize("headers", ANSWERS)
def test_editing_hand_2_recomputes_every_total_after_it(site, phone, headers):
    match_id = new_match(phone)
    three_hands(phone, match_id)
    hand_id = hand_ids(site, match_id)[1]

    response = edit_hand(
        phone,
        match_id,
        hand_id,
        played(bidder=0, bid=300, meld=(100, 0), tricks=(150, 100)),
        headers,
    )

    assert response.status_code == 303
    assert response.headers["Location"] == match_url(match_id) + "#note"
    document = match_page(phone, match_id)
    assert running_totals(document) == [[700, 750], [400, 850], [500, 1100]]
    assert stored_hands(site, match_id)[1]["bid"] == 300


@pytest.mark.parametrize("headers", ANSWERS)
def test_an_edit_that_breaks_a_rule_is_shown_on_the_edit_form_and_nothing_changes(
    site, phone, headers
):
    match_id = new_match(phone)
    three_hands(phone, match_id)
    before = stored_hands(site, match_id)
    hand_id = hand_ids(site, match_id)[1]

    response = edit_hand(
        phone,
        match_id,
        hand_id,
        played(bidder=0, bid=250, meld=(100, 0), tricks=(150, 90)),
        headers,
    )

    assert response.status_code == 422
    document = answered_as(response, headers, "match")
    assert document.one("h1").text == "Edit hand 2"
    assert alerts(document) == {
        "tricks-error": "Trick points 150 + 90 = 240, but a hand has 250; correct "
        "them to add up to 250."
    }
    assert stored_hands(site, match_id) == before


def test_an_edit_of_hand_2_can_change_the_winner(site, phone):
    match_id = new_match(phone)
    play_to_both_teams_crossing(phone, match_id)
    hand_id = hand_ids(site, match_id)[1]

    response = edit_hand(
        phone, match_id, hand_id, played(bidder=1, bid=250, meld=(60, 200), tricks=(190, 60))
    )

    assert response.status_code == 303
    banner = match_page(phone, match_id).one("article", class_="banner")
    assert banner.one("h2").text == "Team B wins"
    assert "Both teams passed 1500; Team B held the bid." in banner.text


def test_an_edit_that_undoes_the_win_reopens_the_hand_form(site, phone):
    match_id = new_match(phone)
    play_to_both_teams_crossing(phone, match_id)
    hand_id = hand_ids(site, match_id)[1]

    edit_hand(phone, match_id, hand_id, played(bidder=0, bid=250, meld=(0, 0), tricks=(100, 150)))

    document = match_page(phone, match_id)
    assert totals(document) == [1050, 1500]
    assert document.one("article", class_="banner").one("h2").text == "Team B wins"
    edit_hand(phone, match_id, hand_id, played(bidder=0, bid=250, meld=(0, 0), tricks=(150, 100)))
    document = match_page(phone, match_id)
    assert totals(document) == [1050, 1450]
    assert document.one("article", class_="banner") is None
    assert hand_form_on(document, match_id) is not None


def test_an_edit_that_would_leave_hands_after_a_win_is_refused_with_a_reason(site, phone):
    match_id = new_match(phone)
    three_hands(phone, match_id)
    before = stored_hands(site, match_id)
    hand_id = hand_ids(site, match_id)[1]

    response = edit_hand(
        phone, match_id, hand_id, played(bidder=0, bid=250, meld=(800, 0), tricks=(150, 100))
    )

    assert response.status_code == 422
    assert alerts(read(response)) == {
        "trim-error": "With this change the game ends after hand 2 (Team A reached 1500), so "
        "hand 3 would come after the end. Save and remove hand 3, or change this hand."
    }
    assert stored_hands(site, match_id) == before


def test_editing_a_hand_of_another_match_is_a_404(site, phone):
    first = new_match(phone)
    second = new_match(phone)
    save_hand(phone, first, played(bidder=0, bid=300, meld=(140, 60), tricks=(170, 80)))
    hand_id = hand_ids(site, first)[0]

    assert phone.get(match_url(second, f"/hands/{hand_id}/edit")).status_code == 404
    assert phone.post(match_url(second, f"/hands/{hand_id}/delete")).status_code == 404
    assert phone.post(match_url(second, f"/preview?hand={hand_id}"), data={}).status_code == 404
    assert hand_count(site, first) == 1


@pytest.mark.parametrize("headers", ANSWERS)
def test_deleting_a_hand_renumbers_the_ledger_and_recomputes_the_totals(site, phone, headers):
    match_id = new_match(phone)
    three_hands(phone, match_id)
    hand_id = hand_ids(site, match_id)[1]

    response = delete_hand(phone, match_id, hand_id, headers)

    assert response.status_code == 303
    assert response.headers["Location"] == match_url(match_id) + "#note"
    document = match_page(phone, match_id)
    assert running_totals(document) == [[700, 750], [800, 1000]]
    assert [row.attrs["id"] for row in ledger_rows(document)] == ["hand-1", "hand-2"]
    assert hand_count(site, match_id) == 2


def test_a_delete_that_would_leave_hands_after_a_win_is_refused_with_a_reason(site, phone):
    match_id = new_match(phone)
    save_hand(phone, match_id, played(bidder=0, bid=250, meld=(1300, 0), tricks=(150, 100)))
    save_hand(phone, match_id, played(bidder=0, bid=400, meld=(100, 0), tricks=(150, 100)))
    save_hand(phone, match_id, played(bidder=0, bid=250, meld=(150, 0), tricks=(150, 100)))
    save_hand(phone, match_id, played(bidder=1, bid=250, meld=(0, 200), tricks=(100, 150)))
    before = stored_hands(site, match_id)
    hand_id = hand_ids(site, match_id)[1]

    response = delete_hand(phone, match_id, hand_id)

    assert response.status_code == 409
    assert (
        "Hand 2 cannot be deleted: without it the game would end with hand 3 (Team A reached "
        "1500), and hand 4 would come after the end. Correct hand 2 instead, or delete hand 4 "
        "first." in read(response).text
    )
    assert stored_hands(site, match_id) == before


@pytest.mark.parametrize("headers", ANSWERS)
def test_undo_of_an_added_hand_restores_the_ledger_before_it(site, phone, headers):
    match_id = new_match(phone)
    three_hands(phone, match_id)
    before = ledger_snapshot(phone, match_id), stored_hands(site, match_id)
    save_hand(phone, match_id, played(bidder=1, bid=300, meld=(0, 100), tricks=(0, 250)))

    response = undo(phone, match_id, headers)

    assert response.status_code == 303
    assert response.headers["Location"] == match_url(match_id)
    assert (ledger_snapshot(phone, match_id), stored_hands(site, match_id)) == before


def test_undo_of_an_edit_restores_the_ledger_before_it(site, phone):
    match_id = new_match(phone)
    three_hands(phone, match_id)
    before = ledger_snapshot(phone, match_id), stored_hands(site, match_id)
    hand_id = hand_ids(site, match_id)[0]
    response = edit_hand(
        phone, match_id, hand_id, hand_fields(bidder=0, bid=400, meld=(100, 0), action="throw_in")
    )
    assert response.status_code == 303
    assert ledger_snapshot(phone, match_id) != before[0]

    undo(phone, match_id)

    assert (ledger_snapshot(phone, match_id), stored_hands(site, match_id)) == before


def test_undo_of_a_delete_puts_the_hand_back_in_its_place(site, phone):
    match_id = new_match(phone)
    three_hands(phone, match_id)
    before = ledger_snapshot(phone, match_id), stored_hands(site, match_id)
    delete_hand(phone, match_id, hand_ids(site, match_id)[0])

    undo(phone, match_id)

    assert (ledger_snapshot(phone, match_id), stored_hands(site, match_id)) == before


def test_undo_walks_back_through_several_changes_one_at_a_time(site, phone):
    match_id = new_match(phone)
    history = [(ledger_snapshot(phone, match_id), stored_hands(site, match_id))]
    three_hands(phone, match_id)
    history.append((ledger_snapshot(phone, match_id), stored_hands(site, match_id)))
    first, second, _ = hand_ids(site, match_id)
    edit_hand(phone, match_id, second, played(bidder=2, bid=260, meld=(100, 0), tricks=(160, 90)))
    history.append((ledger_snapshot(phone, match_id), stored_hands(site, match_id)))
    delete_hand(phone, match_id, first)
    history.append((ledger_snapshot(phone, match_id), stored_hands(site, match_id)))
    response = edit_hand(phone, match_id, second, played(1, 250, (0, 0), (0, 250)))
    assert response.status_code == 303
    assert all(earlier != later for earlier, later in zip(history, history[1:], strict=False))

    undo(phone, match_id)
    assert (ledger_snapshot(phone, match_id), stored_hands(site, match_id)) == history[3]
    undo(phone, match_id)
    assert (ledger_snapshot(phone, match_id), stored_hands(site, match_id)) == history[2]
    undo(phone, match_id)
    assert (ledger_snapshot(phone, match_id), stored_hands(site, match_id)) == history[1]
    for _ in range(3):
        undo(phone, match_id)
    assert (ledger_snapshot(phone, match_id), stored_hands(site, match_id)) == history[0]


def test_the_undo_button_shows_only_when_there_is_a_change_to_undo(site, phone):
    match_id = new_match(phone)
    undo_form = {"action": match_url(match_id, "/undo")}
    assert match_page(phone, match_id).one("form", **undo_form) is None

    save_hand(phone, match_id, played(bidder=0, bid=300, meld=(140, 60), tricks=(170, 80)))
    assert match_page(phone, match_id).one("form", **undo_form) is not None

    undo(phone, match_id)
    assert match_page(phone, match_id).one("form", **undo_form) is None
    # A hand-made Undo (no page drew one) names no version: refused, nothing changes.
    assert phone.post(match_url(match_id, "/undo")).status_code == 422
    assert hand_count(site, match_id) == 0


def test_undo_after_a_win_brings_back_the_hand_form(site, phone):
    match_id = new_match(phone)
    play_to_both_teams_crossing(phone, match_id)

    undo(phone, match_id)

    document = match_page(phone, match_id)
    assert document.one("article", class_="banner") is None
    assert hand_form_on(document, match_id) is not None
    assert totals(document) == [1300, 1350]


def test_undo_in_one_match_never_touches_the_hands_of_another(site, phone):
    """Hand ids are reused by SQLite once the highest is deleted; undo must stay in its match.

    Match 1 deletes its only hand, match 2 then adds a hand (it gets the freed id), match 1
    undoes its delete; now undoing match 2's add must remove match 2's hand.
    """
    first = new_match(phone)
    second = new_match(phone)
    save_hand(phone, first, played(bidder=0, bid=300, meld=(140, 60), tricks=(170, 80)))
    delete_hand(phone, first, hand_ids(site, first)[0])
    save_hand(phone, second, played(bidder=1, bid=250, meld=(20, 150), tricks=(50, 200)))
    undo(phone, first)
    assert (hand_count(site, first), hand_count(site, second)) == (1, 1)

    undo(phone, second)

    assert (hand_count(site, first), hand_count(site, second)) == (1, 0)
    assert totals(match_page(phone, first)) == [310, 140]


# ================================================================ a fixed number of queries


def build_match(site, hands: int) -> str:
    """A partnership match played straight into the database, never reaching its target."""
    with site.app_context():
        match = Match(
            game="partnership",
            house_rules={"target": 1_000_000},
            side_names=["Team A", "Team B"],
            player_names=list(SEATS),
            first_dealer=0,
        )
        db.session.add(match)
        db.session.flush()
        for position in range(1, hands + 1):
            db.session.add(
                Hand(
                    match_id=match.id,
                    position=position,
                    bidder=position % 4,
                    bid=250,
                    trump=position % 4,
                    meld=[100, 60],
                    tricks=[150, 100],
                )
            )
        db.session.add(Change(match_id=match.id, kind="add", hand_id=None, position=hands))
        db.session.commit()
        return match.edit_token


def queries_to_show(site, phone, match_id, headers, drawn_afresh: bool) -> int:
    """How many SQL statements one view of the match page runs (its page drawn afresh, or
    the page kept from the last view)."""
    statements = []

    def count(conn, cursor, statement, parameters, context, executemany):
        statements.append(statement)

    with site.app_context():
        if drawn_afresh:
            pages().clear()
        engine = db.engine
        event.listen(engine, "before_cursor_execute", count)
        try:
            response = phone.get(match_url(match_id), headers=headers)
        finally:
            event.remove(engine, "before_cursor_execute", count)
    assert response.status_code == 200
    return len(statements)


@pytest.mark.parametrize("drawn_afresh", [True, False], ids=["drawn", "kept"])
@pytest.mark.parametrize("headers", ANSWERS)
def test_the_match_page_takes_as_many_queries_for_60_hands_as_for_2(
    site, phone, headers, drawn_afresh
):
    long_match = build_match(site, 60)
    short_match = build_match(site, 2)
    for match_id in (long_match, short_match):
        phone.get(match_url(match_id), headers=headers)  # lists the match on this phone

    long_count = queries_to_show(site, phone, long_match, headers, drawn_afresh)
    short_count = queries_to_show(site, phone, short_match, headers, drawn_afresh)

    assert long_count == short_count == (3 if drawn_afresh else 1)


def test_after_editing_a_folded_hand_the_ledger_opens_unfolded_at_it(site, phone):
    match_id = build_match(site, 45)
    phone.get(match_url(match_id))
    hand_id = hand_ids(site, match_id)[4]

    response = edit_hand(phone, match_id, hand_id, {})

    assert response.status_code == 303
    assert response.headers["Location"] == match_url(match_id) + "?hands=all#note"
    assert len(ledger_rows(read(phone.get(response.headers["Location"])))) == 45


def test_a_long_match_shows_its_latest_30_hands_and_the_rest_a_tap_away(site, phone):
    match_id = build_match(site, 45)

    page = match_page(phone, match_id)
    show_all = [a for a in page.all("a") if a.text == "Show all 45 hands"]
    whole = read(phone.get(show_all[0].attrs["href"]))

    assert "Showing the latest 30 hands." in page.text
    assert [row.attrs["id"] for row in ledger_rows(page)] == [f"hand-{n}" for n in range(16, 46)]
    assert [row.attrs["id"] for row in ledger_rows(whole)] == [f"hand-{n}" for n in range(1, 46)]
    assert "hands=all" in whole.one(id="live").attrs["hx-get"]
    assert "hands=all" not in page.one(id="live").attrs["hx-get"]


# ============================================================= this device's list of matches


def test_the_home_page_lists_this_phones_matches_in_progress_first_then_finished(site, phone):
    finished = new_match(phone)
    play_to_both_teams_crossing(phone, finished)
    playing = new_match(phone, "three-handed", {"first_dealer": 2})
    save_hand(phone, playing, played(bidder=2, bid=300, meld=(50, 60, 200), tricks=(100, 0, 150)))
    fresh = new_match(phone, "two-handed")

    document = read(phone.get("/"))

    headings = [h2.text for h2 in document.all("h2")]
    assert headings[:2] == ["In progress", "Finished"]
    in_progress, done = document.all("ul", class_="match-list")
    links = [item.one("a").attrs["href"] for item in in_progress.all("li")]
    assert links == [match_url(fresh), match_url(playing)]
    playing_item = in_progress.all("li")[1]
    assert playing_item.one("a").text == "Player 1 150 · Player 2 0 · Player 3 350"
    assert "Player 1 deals next" in playing_item.one("small", class_="what").text
    assert "Player 1 deals next" in in_progress.all("li")[0].one("small", class_="what").text
    # Players alone need no second line of names; teams do.
    assert playing_item.one("small", class_="who") is None
    [finished_item] = done.all("li")
    assert finished_item.one("a").attrs["href"] == match_url(finished)
    # Each score names its side, and the reason says why the lower one won.
    assert finished_item.one("a").text == "Team A won: Team A 1550, Team B 1610"
    assert (
        finished_item.one("small", class_="why").text
        == "Both teams passed 1500; Team A held the bid."
    )
    assert (
        finished_item.one("small", class_="who").text
        == "Team A: Player 1 and Player 3 · Team B: Player 2 and Player 4"
    )
    with site.app_context():
        last_hand = db.session.scalars(
            db.select(Hand).where(Hand.match_id == row_id(finished)).order_by(Hand.position.desc())
        ).first()
        played_on = last_hand.created_at
    assert played_on.strftime("%-d %b %Y") in finished_item.one("small", class_="what").text


def test_the_home_page_of_another_phone_does_not_list_these_matches(site, phone):
    mine = new_match(phone)
    other_phone = site.test_client()

    document = read(other_phone.get("/"))

    assert document.one("ul", class_="match-list") is None
    assert match_url(mine) not in {a.attrs.get("href") for a in document.all("a")}

    theirs = new_match(other_phone, "two-handed")
    other_links = {a.attrs.get("href") for a in read(other_phone.get("/")).all("a")}
    my_links = {a.attrs.get("href") for a in read(phone.get("/")).all("a")}
    assert match_url(theirs) in other_links and match_url(mine) not in other_links
    assert match_url(mine) in my_links and match_url(theirs) not in my_links


def test_a_phone_gets_its_device_cookie_when_it_starts_a_match(phone):
    response = start_match(phone)

    cookie = response.headers["Set-Cookie"]
    assert cookie.startswith("device=")
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie


# ================================================================ every input has a label


@pytest.mark.parametrize("game", list(PRESETS))
def test_every_input_of_the_new_match_form_has_a_visible_label(phone, game):
    document = read(phone.get(f"/matches/new?game={game}"))

    controls = labelled_controls(document.one("main"))

    assert len(controls) > len(KNOBS)
    assert [element.attrs.get("name") for element, label in controls if not label] == []


@pytest.mark.parametrize("game", list(PRESETS))
def test_every_input_of_the_hand_form_has_a_visible_label(site, phone, game):
    match_id = new_match(phone, game)
    form = hand_form_on(match_page(phone, match_id), match_id)

    controls = labelled_controls(form)

    names = {element.attrs["name"] for element, label in controls}
    assert {"trump", "meld-0", "tricks-0"} <= names
    assert [element.attrs.get("name") for element, label in controls if not label] == []


def test_every_input_of_the_edit_form_has_a_visible_label(site, phone):
    match_id = new_match(phone)
    save_hand(phone, match_id, played(bidder=0, bid=300, meld=(140, 60), tricks=(170, 80)))
    hand_id = hand_ids(site, match_id)[0]
    document = read(phone.get(match_url(match_id, f"/hands/{hand_id}/edit")))

    controls = labelled_controls(document.one("main"))

    assert [element.attrs.get("name") for element, label in controls if not label] == []
    assert {label for _, label in controls} >= {"Bid", "Team A meld", "Team B tricks"}


def test_a_thrown_in_hand_stays_thrown_in_when_its_edit_is_saved(site, phone):
    match_id = new_match(phone)
    save_hand(phone, match_id, hand_fields(bidder=0, bid=330, meld=(60, 100), action="throw_in"))
    hand_id = hand_ids(site, match_id)[0]
    edit_url = match_url(match_id, f"/hands/{hand_id}/edit")
    form = form_to(read(phone.get(edit_url)), edit_url)
    main_button = form.one("button", name="action")

    assert main_button.attrs["value"] == "throw_in"
    response = phone.post(edit_url, data={**fields_of(form), "action": "throw_in", "bid": 340})
    assert response.status_code == 303
    assert totals(match_page(phone, match_id)) == [-340, 100]
