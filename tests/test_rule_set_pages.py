"""Saved rule sets through the site: "Save these rules as…" on the new-match form keeps what
was typed, the phone's list fills the form in one tap, a rule set's page by its link
(keep, share, change), and a match keeps the rules it started with."""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest

from scorekeeper.extensions import db
from scorekeeper.services import matches
from tests.helpers.html import alerts, filled, form_to, read, value_of
from tests.helpers.play import open_page, submit, token_of

NEW = "/matches/new"
SAVE = "/rules/save"
TYPED = {
    "side_names-0": "Smiths",
    "side_names-1": "Joneses",
    "player_names-0": "Ann",
    "player_names-1": "Bob",
    "player_names-2": "Cat",
    "player_names-3": "Dan",
    "rule-target": "2000",
    "rule-min_bid": "300",
}


def new_form(phone, url: str = NEW):
    return form_to(open_page(phone, url), NEW)


def save_rules(phone, typed: dict, headers=None):
    """Tap "Save these rules" on the new-match form with ``typed`` typed in."""
    return phone.post(SAVE, data=filled(new_form(phone), typed), headers=headers or {})


def saved_token(page) -> str:
    """The token of the rule set a save says it saved (its "Share or change" link)."""
    status = page.one("p", role="status")
    link = next(a for a in status.all("a") if a.attrs["href"].startswith("/rules/"))
    return urlsplit(link.attrs["href"]).path.rsplit("/", 1)[1]


def stored_house_rules(app, token: str) -> dict:
    with app.app_context():
        return matches.find_match(db.session, token).house_rules


def test_saving_rules_keeps_every_name_typed_and_says_what_it_saved(client):
    response = save_rules(client, {**TYPED, "rule_set_name": "Smith family"})
    assert response.status_code == 200, alerts(read(response))
    page = read(response)
    form = form_to(page, NEW)
    for name in ("side_names-0", "player_names-0", "player_names-3", "rule-target"):
        assert value_of(form, name) == TYPED[name]
    assert "Saved as Smith family" in page.one("p", role="status").text
    assert "Use Smith family" in page.by_id("new-match").text


def test_an_htmx_save_answers_the_new_match_form_alone(client):
    response = save_rules(
        client, {**TYPED, "rule_set_name": "Smith family"}, {"HX-Request": "true"}
    )
    assert response.status_code == 200
    body = response.get_data(as_text=True)
    assert "<html" not in body
    assert read(response).elements[0].attrs["id"] == "new-match"
    assert value_of(form_to(read(response), NEW), "player_names-2") == "Cat"


@pytest.mark.parametrize(
    ("name", "said"),
    [
        ("", "Type a name for these rules, such as Smith family."),
        ("   ", "Type a name for these rules, such as Smith family."),
        ("x" * 41, "Keep the name to 40 characters or fewer (this one has 41)."),
    ],
)
def test_a_rule_set_needs_a_name_of_40_characters_at_most(client, name, said):
    response = save_rules(client, {**TYPED, "rule_set_name": name})
    assert response.status_code == 422
    page = read(response)
    assert alerts(page) == {"rule_set_name-error": said}
    assert value_of(form_to(page, NEW), "player_names-1") == "Bob"
    assert "Your rule sets" not in page.text


def test_a_house_rule_that_does_not_fit_is_named_beside_it_and_nothing_is_saved(client):
    response = save_rules(client, {**TYPED, "rule-bid_step": "0", "rule_set_name": "Smiths"})
    assert response.status_code == 422
    found = alerts(read(response))
    assert found["rule-bid_step-error"] == '"Bid step" must be at least 1.'
    assert found["rule_set_name-error"] == "Fix the house rule marked above, then save."
    assert "Use Smiths" not in open_page(client, NEW).text


def test_saving_without_the_pages_csrf_token_is_refused(client):
    data = filled(new_form(client), {**TYPED, "rule_set_name": "Forged"})
    del data["csrf_token"]
    assert client.post(SAVE, data=data).status_code == 400
    assert "Use Forged" not in open_page(client, NEW).text


def test_use_fills_the_game_and_house_rules_of_the_set(client):
    save_rules(client, {**TYPED, "rule_set_name": "Smith family"})
    page = open_page(client, NEW)
    use = next(a for a in page.all("a") if a.text == "Use Smith family")
    used = open_page(client, use.attrs["href"])
    assert "The form below has the game and house rules of “Smith family”" in used.text
    form = form_to(used, NEW)
    assert value_of(form, "rule-target") == "2000"
    assert value_of(form, "rule-min_bid") == "300"
    assert value_of(form, "rule-bid_step") == "10"


def test_a_three_handed_set_fills_in_its_game(client):
    form = new_form(client, f"{NEW}?game=three-handed")
    client.post(SAVE, data=filled(form, {"rule-target": "1000", "rule_set_name": "Cousins"}))
    use = next(a for a in open_page(client, NEW).all("a") if a.text == "Use Cousins")
    form = new_form(client, use.attrs["href"])
    assert form.one("option", selected="").attrs["value"] == "three-handed"
    assert value_of(form, "rule-target") == "1000"
    assert value_of(form, "player_names-2") == ""


def test_a_match_started_from_a_set_keeps_its_rules_when_the_set_changes(app, client):
    save = read(save_rules(client, {**TYPED, "rule_set_name": "Smith family"}))
    rule_set = saved_token(save)
    form = new_form(client, f"{NEW}?rules={rule_set}")
    names = {name: value for name, value in TYPED.items() if name.endswith(tuple("0123"))}
    started = submit(client, form, names)
    assert started.status_code == 303
    match = token_of(started)
    assert stored_house_rules(app, match) == {"target": 2000, "min_bid": 300}

    edit = form_to(open_page(client, f"/rules/{rule_set}/edit"), f"/rules/{rule_set}/edit")
    changed = submit(client, edit, {"rule_set_name": "Smiths", "rule-target": "2500"})
    assert changed.status_code == 303
    page = open_page(client, f"/rules/{rule_set}")
    assert page.one("h1").text == "Smiths"
    assert page.by_id("set-target").one("dd").text == "2500"
    assert stored_house_rules(app, match) == {"target": 2000, "min_bid": 300}


def test_a_change_that_breaks_a_rule_is_refused_beside_the_field(client):
    rule_set = saved_token(read(save_rules(client, {**TYPED, "rule_set_name": "Smiths"})))
    edit = form_to(open_page(client, f"/rules/{rule_set}/edit"), f"/rules/{rule_set}/edit")
    assert value_of(edit, "rule_set_name") == "Smiths"
    assert value_of(edit, "rule-target") == "2000"
    refused = submit(client, edit, {"rule_set_name": "", "rule-target": "2500"})
    assert refused.status_code == 422
    assert alerts(read(refused)) == {
        "rule_set_name-error": "Type a name for these rules, such as Smith family."
    }
    assert open_page(client, f"/rules/{rule_set}").by_id("set-target").one("dd").text == "2000"


def test_the_rule_set_page_reads_like_the_house_rules_page(client):
    rule_set = saved_token(read(save_rules(client, {**TYPED, "rule_set_name": "Smith family"})))
    page = open_page(client, f"/rules/{rule_set}")
    assert page.by_id("set-target").one("dt").text == "Game to"
    assert page.by_id("set-min_bid").one("dt").text == "Min bid"
    assert [div.attrs["id"] for div in page.one("dl").all("div")] == ["set-target", "set-min_bid"]
    assert page.by_id("all-bid_step").one("dd").text == "10"
    start = next(a for a in page.all("a") if a.text == "Start a match with these rules")
    assert start.attrs["href"] == f"{NEW}?rules={rule_set}"
    share = page.by_id("share")
    assert share.one("a", **{"class": "share-url"}).attrs["href"] == f"/rules/{rule_set}"
    assert share.one("img").attrs["src"] == f"/rules/{rule_set}/qr.svg"
    qr = client.get(f"/rules/{rule_set}/qr.svg")
    assert qr.status_code == 200 and qr.mimetype == "image/svg+xml"


def test_a_shared_link_is_kept_on_another_phone_when_asked(app, client):
    rule_set = saved_token(read(save_rules(client, {**TYPED, "rule_set_name": "Smith family"})))
    friend = app.test_client()
    page = open_page(friend, f"/rules/{rule_set}")
    assert "Use Smith family" not in open_page(friend, NEW).text
    kept = submit(friend, form_to(page, f"/rules/{rule_set}/keep"))
    assert kept.status_code == 303
    assert "Kept on this phone" in open_page(friend, f"/rules/{rule_set}").text
    assert "Use Smith family" in open_page(friend, NEW).text


def test_keeping_without_the_csrf_token_is_refused(app, client):
    rule_set = saved_token(read(save_rules(client, {**TYPED, "rule_set_name": "Smith family"})))
    friend = app.test_client()
    assert friend.post(f"/rules/{rule_set}/keep").status_code == 400
    assert "Use Smith family" not in open_page(friend, NEW).text


def test_an_unknown_rule_set_is_not_found_and_an_unknown_use_starts_from_the_usual_rules(client):
    assert client.get("/rules/AAAAAAAAAAAAAAAAAAAAAAAA").status_code == 404
    form = new_form(client, f"{NEW}?rules=AAAAAAAAAAAAAAAAAAAAAAAA")
    assert value_of(form, "rule-target") == "1500"
