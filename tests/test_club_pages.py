"""A club night through its pages (issue 25): started from New, run from the host link,
followed on the view link and the leaderboard, each table scoring on its own match link
and confirming its result there; every write CSRF-protected, the view link and a table's
link unable to run the night, bad input refused beside its field."""

from __future__ import annotations

import csv
import io
from urllib.parse import urlsplit

from scorekeeper.extensions import db
from scorekeeper.services import club_reading
from tests.helpers.html import alerts, filled, form_to, forms_to, links, read
from tests.helpers.play import match_url, open_page, save_hand, submit

EIGHT = "Ann\nBob\nCat\nDan\nEve\nFay\nGus\nHal"
# Seat 0's side bids 250 and makes 260: a game to 250 is won in one hand.
WINNING_HAND = {
    "bidder": "0",
    "bid": "250",
    "trump": "0",
    "meld-0": "100",
    "meld-1": "40",
    "tricks-0": "160",
    "tricks-1": "90",
}


def start_night(phone, typed: dict[str, object] | None = None):
    form = form_to(open_page(phone, "/club/new"), "/club/new")
    return submit(
        phone,
        form,
        {"name": "Tuesday pinochle", "players": EIGHT, "target": "250", **(typed or {})},
    )


def host_token(phone, typed=None) -> str:
    response = start_night(phone, typed)
    assert response.status_code == 303, alerts(read(response))
    return urlsplit(response.headers["Location"]).path.rsplit("/", 1)[1]


def night_of(app, token: str):
    with app.app_context():
        night = club_reading.find_night(db.session, token)
        return {
            "view": night.view_token,
            "tables": [
                [t.match.edit_token for t in started.tables] for started in night.played_rounds
            ],
        }


def tap(phone, page_url: str, action: str):
    """Tap the button of the page's form posting to ``action``."""
    return submit(phone, form_to(open_page(phone, page_url), action))


def test_a_night_starts_and_its_host_opens_round_1_with_a_match_a_table(client, app):
    host = host_token(client)
    page = open_page(client, f"/club/{host}")
    assert "No round started yet" in page.text

    response = tap(client, f"/club/{host}", f"/club/{host}/rounds")

    assert response.status_code == 303
    page = open_page(client, f"/club/{host}")
    assert "Round 1 of 3" in page.text
    tables = night_of(app, host)["tables"][0]
    assert len(tables) == 2
    for token in tables:
        assert match_url(token) in links(page)  # the host reaches each score sheet
        sheet = open_page(client, match_url(token))
        panel = sheet.by_id("club")
        assert "Tuesday pinochle" in panel.text and "round 1 of 3" in panel.text


def test_both_sides_confirm_on_the_table_link_and_the_result_locks(client, app):
    host = host_token(client)
    tap(client, f"/club/{host}", f"/club/{host}/rounds")
    table = night_of(app, host)["tables"][0][0]
    save_hand(client, table, WINNING_HAND)

    sheet = open_page(client, match_url(table))
    confirms = forms_to(sheet, f"/club/table/{table}/confirm")
    assert len(confirms) == 2
    assert submit(client, confirms[0]).status_code == 303
    sheet = open_page(client, match_url(table))
    assert ": confirmed" in sheet.by_id("club").text
    submit(client, form_to(sheet, f"/club/table/{table}/confirm"))

    sheet = open_page(client, match_url(table))
    assert "Result locked" in sheet.by_id("club").text
    # A locked result takes no more writes from the table's phones.
    undo = form_to(sheet, match_url(table, "/undo"), class_="undo")
    refused = submit(client, undo)
    assert refused.status_code == 409
    assert "Ask the host to unlock it" in refused.get_data(as_text=True)
    host_page = open_page(client, f"/club/{host}")
    assert "Result locked" in host_page.text
    # The standings count the locked table: its winners lead with one win each.
    assert "Players, ranked by wins" in host_page.text


def test_each_side_confirms_from_a_page_drawn_before_the_other_side_did(client, app):
    """Two phones of the table drew the ended round; the second confirms after the first,
    from its page as drawn: the other side's confirmation is no conflict (it once was)."""
    host = host_token(client)
    tap(client, f"/club/{host}", f"/club/{host}/rounds")
    table = night_of(app, host)["tables"][0][0]
    save_hand(client, table, WINNING_HAND)
    first, second = (
        forms_to(open_page(client, match_url(table)), f"/club/table/{table}/confirm")
        for _ in range(2)
    )

    assert submit(client, first[0]).status_code == 303
    assert submit(client, second[1]).status_code == 303

    assert "Result locked" in open_page(client, match_url(table)).by_id("club").text


def test_a_confirm_form_is_kept_across_polls_while_the_result_it_confirms_stands(client, app):
    """Each side's form carries the result in its id and hx-preserve: a poll that redraws
    the panel keeps the form a finger is on, unless the result changed (a new id)."""
    host = host_token(client, {"round_end": "hands", "round_hands": "1", "target": ""})
    tap(client, f"/club/{host}", f"/club/{host}/rounds")
    table = night_of(app, host)["tables"][0][0]
    save_hand(client, table, WINNING_HAND)

    forms = forms_to(open_page(client, match_url(table)), f"/club/table/{table}/confirm")
    assert [f.attrs["id"] for f in forms] == ["confirm-0-1-260-130", "confirm-1-1-260-130"]
    assert all(f.attrs["hx-preserve"] == "true" for f in forms)
    sheet = open_page(client, match_url(table))
    edit = [a for a in links(sheet) if "/hands/" in a and a.endswith("/edit")][0]
    submit(client, form_to(open_page(client, edit), edit), {"meld-0": "120"})

    forms = forms_to(open_page(client, match_url(table)), f"/club/table/{table}/confirm")
    assert [f.attrs["id"] for f in forms] == ["confirm-0-1-280-130", "confirm-1-1-280-130"]


def test_the_view_link_shows_the_night_and_cannot_run_it(client, app):
    host = host_token(client)
    view = night_of(app, host)["view"]

    page = open_page(client, f"/club/watch/{view}")
    assert "can change nothing" in page.text
    assert not forms_to(page, f"/club/watch/{view}/rounds")
    # The host's own button, with its CSRF token, sent to the view link or its token.
    start = filled(form_to(open_page(client, f"/club/{host}"), f"/club/{host}/rounds"))
    assert client.post(f"/club/watch/{view}/rounds", data=start).status_code == 403
    assert client.post(f"/club/{view}/rounds", data=start).status_code == 404
    assert night_of(app, host)["tables"] == []


def test_a_tables_link_cannot_run_the_night(client, app):
    host = host_token(client)
    tap(client, f"/club/{host}", f"/club/{host}/rounds")
    table = night_of(app, host)["tables"][0][0]

    assert client.get(f"/club/{table}").status_code == 404
    start = filled(form_to(open_page(client, f"/club/{host}"), f"/club/{host}/rounds"))
    assert client.post(f"/club/{table}/rounds", data=start).status_code == 404
    assert len(night_of(app, host)["tables"]) == 1


def test_a_night_with_too_few_players_is_refused_beside_the_players(client, app):
    response = start_night(client, {"players": "Ann\nBob\nCat"})

    assert response.status_code == 422
    page = read(response)
    assert alerts(page) == {"players-error": "A club night needs at least 4 players"}
    assert page.by_id("players").attrs.get("autofocus") is not None


def test_a_timed_round_without_its_minutes_is_refused_beside_the_minutes(client):
    response = start_night(client, {"round_end": "minutes"})

    assert response.status_code == 422
    assert "round_minutes-error" in alerts(read(response))


def test_a_form_without_its_csrf_token_writes_nothing(client, app):
    host = host_token(client)
    with app.app_context():
        version = club_reading.find_night(db.session, host).version

    response = client.post(f"/club/{host}/rounds", data={"version": str(version)})

    assert response.status_code == 400
    assert night_of(app, host)["tables"] == []


def test_a_second_round_before_the_first_is_confirmed_is_refused_with_the_reason(client, app):
    host = host_token(client)
    tap(client, f"/club/{host}", f"/club/{host}/rounds")

    response = tap(client, f"/club/{host}", f"/club/{host}/rounds")

    assert response.status_code == 400
    assert "table 1 has not confirmed its result" in read(response).by_id("problem").text
    assert len(night_of(app, host)["tables"]) == 1


def test_a_late_arrival_joins_from_the_next_round(client, app):
    host = host_token(client)
    page = open_page(client, f"/club/{host}")

    response = submit(client, form_to(page, f"/club/{host}/players"), {"name": "Ivy"})

    assert response.status_code == 303
    page = open_page(client, f"/club/{host}")
    assert "Ivy" in page.one("ul", class_="club-players").text
    tap(client, f"/club/{host}", f"/club/{host}/rounds")
    page = open_page(client, f"/club/{host}")
    assert "Sitting out:" in page.text  # nine players: two tables and one sits out


FIXED = {"format": "fixed", "teams": "Ann & Bob\nCat & Dan\nEve & Fay\nGus & Hal"}


def test_a_late_team_joins_a_fixed_night_from_the_next_round(client, app):
    host = host_token(client, FIXED)
    page = open_page(client, f"/club/{host}")
    assert page.by_id("partner") is not None  # a fixed night asks for the partner too

    response = submit(
        client, form_to(page, f"/club/{host}/players"), {"name": "Ivy", "partner": "Jo"}
    )

    assert response.status_code == 303
    roster = open_page(client, f"/club/{host}").one("ul", class_="club-players").text
    assert "Ivy" in roster and "Jo" in roster
    tap(client, f"/club/{host}", f"/club/{host}/rounds")
    page = open_page(client, f"/club/{host}")
    # Five teams: two tables, one team sits out, and every table seats two whole teams.
    assert "Sitting out:" in page.text
    for token in night_of(app, host)["tables"][0]:
        with app.app_context():
            sides = {tuple(sorted(side)) for side in club_reading.table_sides(club_match(token))}
        assert sides <= {
            ("Ann", "Bob"),
            ("Cat", "Dan"),
            ("Eve", "Fay"),
            ("Gus", "Hal"),
            ("Ivy", "Jo"),
        }


def test_a_late_team_without_its_partner_is_refused_beside_the_partner(client, app):
    host = host_token(client, FIXED)
    page = open_page(client, f"/club/{host}")

    response = submit(client, form_to(page, f"/club/{host}/players"), {"name": "Ivy"})

    assert response.status_code == 422
    page = read(response)
    assert alerts(page) == {"partner-error": "Type Ivy's partner: a late team is two players."}
    assert page.by_id("partner").attrs.get("autofocus") is not None
    assert page.by_id("name").attrs["value"] == "Ivy"  # what was typed is kept
    assert "Ivy" not in open_page(client, f"/club/{host}").one("ul", class_="club-players").text


def test_a_late_arrival_already_here_is_refused_beside_the_name(client, app):
    host = host_token(client)
    page = open_page(client, f"/club/{host}")

    response = submit(client, form_to(page, f"/club/{host}/players"), {"name": "ann"})

    assert response.status_code == 422
    page = read(response)
    assert alerts(page) == {"name-error": "ann is at the night already."}
    assert page.by_id("name").attrs.get("autofocus") is not None


def test_a_table_moved_to_a_taken_number_is_refused_beside_its_box(client, app):
    host = host_token(client)
    tap(client, f"/club/{host}", f"/club/{host}/rounds")
    page = open_page(client, f"/club/{host}")
    first = page.all("form", class_="move-table")[0]
    box = first.one("input", type="number")

    response = submit(client, first, {"table": "2"})

    assert response.status_code == 422
    page = read(response)
    refused = page.by_id(box.attrs["id"])
    assert refused.attrs.get("autofocus") is not None
    assert refused.attrs["value"] == "2"  # what was typed is kept
    assert alerts(page) == {f"{box.attrs['id']}-error": "Table 2 is taken in this round."}
    assert open_page(client, f"/club/{host}").by_id(box.attrs["id"]).attrs["value"] == "1"


def club_match(token: str):
    from scorekeeper.models import Match

    return db.session.scalars(db.select(Match).where(Match.edit_token == token)).one()


def test_the_results_download_lists_every_table_and_each_players_line(client, app):
    host = host_token(client)
    tap(client, f"/club/{host}", f"/club/{host}/rounds")
    view = night_of(app, host)["view"]

    response = client.get(f"/club/watch/{view}/results.csv")

    rows = list(csv.reader(io.StringIO(response.get_data(as_text=True))))
    assert rows[0] == ["round", "table", "side 1", "side 2", "score 1", "score 2", "result"]
    assert [row[:2] for row in rows[1:3]] == [["1", "1"], ["1", "2"]]
    assert all(row[-1] == "playing" for row in rows[1:3])


def test_the_table_cards_give_each_table_its_qr_code_and_a_paper_sheet(client, app):
    host = host_token(client)
    tap(client, f"/club/{host}", f"/club/{host}/rounds")

    page = open_page(client, f"/club/{host}/cards")

    cards = page.all("article", class_="table-card")
    assert len(cards) == 2
    for card, token in zip(cards, night_of(app, host)["tables"][0], strict=True):
        assert card.one("img").attrs["src"] == match_url(token, "/qr/edit.svg")
        assert card.one("table", class_="paper-sheet") is not None


def test_the_leaderboard_follows_the_night(client, app):
    host = host_token(client)
    tap(client, f"/club/{host}", f"/club/{host}/rounds")
    view = night_of(app, host)["view"]

    board = open_page(client, f"/club/watch/{view}/board")

    live = board.by_id("club-live")
    assert live.attrs["hx-trigger"] == "every 1s"
    assert len(live.all("li", class_="club-table")) == 2


def test_each_players_night_lists_their_table_partner_opponents_and_score(client, app):
    host = host_token(client)
    tap(client, f"/club/{host}", f"/club/{host}/rounds")
    table = night_of(app, host)["tables"][0][0]
    save_hand(client, table, WINNING_HAND)
    view = night_of(app, host)["view"]
    with app.app_context():
        night = club_reading.find_night(db.session, host)
        sides = club_reading.table_sides(night.played_rounds[0].tables[0].match)
        first = next(p for p in night.players if p.name == sides[0][0])

    page = open_page(client, f"/club/watch/{view}/players/{first.id}")

    row = page.one("tbody").one("tr")
    cells = [cell.text for cell in row.all("td")]
    assert cells[0] == "1"
    assert cells[1] == sides[0][1]  # the partner
    assert cells[2] == " & ".join(sides[1])
    assert cells[3].startswith("260 – 130")
    assert client.get(f"/club/watch/{view}/players/999999").status_code == 404


def test_a_tables_other_phones_get_the_confirmation_buttons_with_their_next_poll(client, app):
    host = host_token(client)
    tap(client, f"/club/{host}", f"/club/{host}/rounds")
    table = night_of(app, host)["tables"][0][0]
    drawn_at = read(client.get(match_url(table))).by_id("version").attrs["value"]
    save_hand(client, table, WINNING_HAND)

    poll = client.get(match_url(table, f"/live?since={drawn_at}"), headers={"HX-Request": "true"})

    panel = read(poll).by_id("club")
    assert panel.attrs["hx-swap-oob"] == "true"
    assert len(forms_to(panel, f"/club/table/{table}/confirm")) == 2


def test_a_night_started_from_a_group_offers_its_players(client, app):
    from tests.test_group_pages import make_group

    group = make_group(client, players="Ann\nBob\nCat\nDan")
    page = open_page(client, f"/groups/{group}")
    assert f"/club/new?group={group}" in links(page)

    form = form_to(open_page(client, f"/club/new?group={group}"), "/club/new")
    assert form.one("textarea", id="players").text.split() == ["Ann", "Bob", "Cat", "Dan"]
    response = submit(client, form, {"name": "Club", "players": "Ann\nBob\nCat\nDan\nEve"})

    assert response.status_code == 303
    roster = open_page(client, f"/groups/{group}")
    assert "Eve" in roster.text


def saved_rules(app, game: str = "partnership", **house_rules) -> str:
    from scorekeeper.services import rule_sets

    with app.app_context():
        rules = house_rules or {"target": 2000, "min_bid": 300}
        return rule_sets.save_rule_set(
            db.session, name="Smith family", game=game, house_rules=rules
        ).token


def test_a_saved_rule_set_kept_on_this_phone_is_offered_and_played_at_every_table(client, app):
    token = saved_rules(app)
    tap(client, f"/rules/{token}", f"/rules/{token}/keep")
    form = form_to(open_page(client, "/club/new"), "/club/new")
    offered = {o.attrs["value"]: o.text for o in form.one("select", id="game").all("option")}
    assert offered[token] == "Smith family (Partnership (four players, two teams))"

    response = submit(client, form, {"name": "Club", "players": EIGHT, "game": token})

    assert response.status_code == 303, alerts(read(response))
    host = urlsplit(response.headers["Location"]).path.rsplit("/", 1)[1]
    tap(client, f"/club/{host}", f"/club/{host}/rounds")
    with app.app_context():
        night = club_reading.find_night(db.session, host)
        assert night.game == "partnership"
        assert night.house_rules == {"target": 2000, "min_bid": 300}
        match = night.played_rounds[0].tables[0].match
        assert match.house_rules["min_bid"] == 300


def test_a_rule_set_link_starts_a_night_with_it_and_a_typed_target_goes_over_its_own(client, app):
    token = saved_rules(app)
    page = open_page(client, f"/rules/{token}")
    assert f"/club/new?rules={token}" in links(page)

    form = form_to(open_page(client, f"/club/new?rules={token}"), "/club/new")
    assert filled(form)["game"] == token
    response = submit(client, form, {"name": "Club", "players": EIGHT, "target": "1000"})

    host = urlsplit(response.headers["Location"]).path.rsplit("/", 1)[1]
    with app.app_context():
        assert club_reading.find_night(db.session, host).house_rules == {
            "target": 1000,
            "min_bid": 300,
        }


def test_a_rule_set_no_night_can_play_is_not_offered(client, app):
    token = saved_rules(app, game="three-handed", target=1000)

    assert f"/club/new?rules={token}" not in links(open_page(client, f"/rules/{token}"))
    form = form_to(open_page(client, f"/club/new?rules={token}"), "/club/new")
    values = [o.attrs["value"] for o in form.one("select", id="game").all("option")]
    assert token not in values

    response = submit(client, form, {"name": "Club", "players": EIGHT, "game": token})

    assert response.status_code == 422
    assert "game-error" in alerts(read(response))
