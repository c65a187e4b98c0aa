"""Groups through the site: a group made on a phone is on its home page; its page changes
the roster (rename, merge, retire) and starts games from it, or adds one played already
by its link; bad input is answered next to its field and changes nothing; the view link
shows the group and refuses every write; every write needs the page's CSRF token."""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest

from scorekeeper.extensions import db
from scorekeeper.models import GroupGame
from scorekeeper.services import group_history, groups
from tests.helpers.html import alerts, filled, form_to, forms_to, game_forms, links, read, value_of
from tests.helpers.play import new_match, open_page, submit, token_of
from tests.helpers.queries import count_queries
from tests.helpers.stored import stored_history

NEW = "/groups/new"
ANN_BOB_CAT_DAN = {
    f"player_names-{seat}": name for seat, name in enumerate(["Ann", "Bob", "Cat", "Dan"])
}


def make_group(phone, name="Smith family", players="Ann\nBob") -> str:
    """Start a group on its page; returns its edit token."""
    response = submit(
        phone, form_to(open_page(phone, NEW), NEW), {"name": name, "players": players}
    )
    assert response.status_code == 303, alerts(read(response))
    return token_of(response)


def group_of(app, token: str):
    with app.app_context():
        group = groups.find_group(db.session, token)
        players = {player.name: player.id for player in group.players}
        return group.id, group.view_token, players, group_history.group_games(db.session, group)


def group_page(phone, token: str):
    return open_page(phone, f"/groups/{token}")


# ------------------------------------------------------------------------- a new group


def test_a_new_group_opens_by_its_edit_link_and_is_on_this_phones_home_page(client, app):
    token = make_group(client)

    page = group_page(client, token)
    assert page.one("h1").text == "Smith family"
    assert [li.one("strong").text for li in page.one("ul", class_="roster").all("li")] == [
        "Ann",
        "Bob",
    ]
    assert f"/groups/{token}" in links(open_page(client, "/"))
    # Another phone's home page does not list it.
    assert f"/groups/{token}" not in links(open_page(app.test_client(), "/"))


@pytest.mark.parametrize(
    ("typed", "field", "said"),
    [
        ({"name": "  "}, "name", "Type a name for the group, such as Smith family."),
        ({"name": "x" * 41}, "name", "Keep the name to 40 characters or fewer (this one has 41)."),
        (
            {"name": "Smiths", "players": "Ann\n" + "y" * 41},
            "players",
            "Keep the name to 40 characters or fewer (this one has 41).",
        ),
    ],
)
def test_a_bad_group_name_is_answered_next_to_its_field(client, app, typed, field, said):
    response = submit(client, form_to(open_page(client, NEW), NEW), typed)

    assert response.status_code == 422
    assert alerts(read(response)) == {f"{field}-error": said}
    with app.app_context():
        assert db.session.query(groups.Group).count() == 0


def test_a_write_without_the_pages_csrf_token_is_refused(client, app):
    token = make_group(client)
    for url, data in [
        (NEW, {"name": "Forged"}),
        (f"/groups/{token}/players", {"add-name": "Eve"}),
        (f"/groups/{token}/matches/new", {"player_0": "1"}),
    ]:
        assert client.post(url, data=data).status_code == 400
    assert sorted(group_of(app, token)[2]) == ["Ann", "Bob"]


# ------------------------------------------------------------------------------ the roster


def test_the_roster_takes_a_new_player_and_refuses_one_it_has(client, app):
    token = make_group(client)
    add = f"/groups/{token}/players"

    assert (
        submit(client, form_to(group_page(client, token), add), {"add-name": "Cat"}).status_code
        == 303
    )
    refused = submit(client, form_to(group_page(client, token), add), {"add-name": " cat"})

    assert refused.status_code == 422
    assert alerts(read(refused)) == {"add-name-error": "Cat is on the roster already."}
    assert sorted(group_of(app, token)[2]) == ["Ann", "Bob", "Cat"]


def test_a_rename_onto_a_name_on_the_roster_says_to_merge(client, app):
    token = make_group(client)
    _, _, players, _ = group_of(app, token)
    rename = f"/groups/{token}/players/{players['Bob']}/name"
    key = f"p{players['Bob']}-name"

    refused = submit(client, form_to(group_page(client, token), rename), {key: "ANN"})

    assert refused.status_code == 422
    assert alerts(read(refused)) == {
        f"{key}-error": "Ann is on the roster already. If they are the same person as Bob, "
        "merge the two instead."
    }
    renamed = submit(client, form_to(group_page(client, token), rename), {key: "Robert"})
    assert renamed.status_code == 303
    assert sorted(group_of(app, token)[2]) == ["Ann", "Robert"]


def test_merge_and_retire_from_the_group_page(client, app):
    token = make_group(client, players="Ann\nAnnie\nBob")
    _, _, players, _ = group_of(app, token)
    merge = f"/groups/{token}/players/{players['Annie']}/merge"
    key = f"p{players['Annie']}-into"

    refused = submit(client, form_to(group_page(client, token), merge), {key: ""})
    assert refused.status_code == 422
    assert alerts(read(refused)) == {f"{key}-error": "Pick a player from the group's roster."}

    merged = submit(client, form_to(group_page(client, token), merge), {key: players["Ann"]})
    assert merged.status_code == 303
    assert sorted(group_of(app, token)[2]) == ["Ann", "Bob"]

    retire = f"/groups/{token}/players/{players['Bob']}/retire"
    assert submit(client, form_to(group_page(client, token), retire)).status_code == 303
    page = open_page(client, f"/groups/{token}/matches/new")
    assert "Bob" not in [option.text for option in page.all("option")]
    back = f"/groups/{token}/players/{players['Bob']}/back"
    assert submit(client, form_to(group_page(client, token), back)).status_code == 303


def test_a_player_of_another_group_is_not_found(client, app):
    token = make_group(client)
    other = make_group(client, name="Jones", players="Zed")
    zed = group_of(app, other)[2]["Zed"]
    page = group_page(client, token)
    form = forms_to(page, f"/groups/{token}/players")[0]
    csrf = form.one("input", name="add-csrf_token").attrs["value"]
    response = client.post(
        f"/groups/{token}/players/{zed}/name",
        data={f"p{zed}-name": "Zoe", f"p{zed}-csrf_token": csrf},
    )
    assert response.status_code in (400, 404)
    assert sorted(group_of(app, other)[2]) == ["Zed"]


@pytest.mark.parametrize("write", ["name", "merge", "retire"])
def test_a_refused_form_for_a_player_the_group_does_not_have_says_so(client, app, write):
    """The address names no roster player (the form's fields are Bob's): the page could
    draw no form to carry the refusal, so the answer is a 404 saying the player is gone
    (found by the route-wide fuzz test: a 422 that said nothing)."""
    token = make_group(client)
    _, _, players, _ = group_of(app, token)
    bob = players["Bob"]
    form = form_to(group_page(client, token), f"/groups/{token}/players/{bob}/name")
    fields = {field.attrs["name"]: field.attrs.get("value", "") for field in form.all("input")}
    missing = 10**20

    response = client.post(f"/groups/{token}/players/{missing}/{write}", data=fields)

    assert response.status_code == 404
    assert "not on the group&#39;s roster any more" in response.get_data(as_text=True)
    assert sorted(group_of(app, token)[2]) == ["Ann", "Bob"]


# ------------------------------------------------------------------ games from the roster


def test_a_match_started_from_the_roster_is_on_the_group_page(client, app):
    token = make_group(client)
    _, _, players, _ = group_of(app, token)
    action = f"/groups/{token}/matches/new?game=three-handed"
    form = form_to(open_page(client, f"/groups/{token}/matches/new?game=three-handed"), action)

    started = submit(
        client, form, {"player_0": players["Bob"], "player_1": players["Ann"], "new_2": "Cid"}
    )

    assert started.status_code == 303
    match_token = token_of(started)
    page = group_page(client, token)
    assert f"/matches/{match_token}" in links(page)
    assert "Bob, Ann, Cid" in page.by_id("games").parent.text
    assert "In progress" in page.text
    _, _, players, (match_ids, _, names) = group_of(app, token)
    assert sorted(players) == ["Ann", "Bob", "Cid"] and len(match_ids) == 1
    # The new match is on this phone's home page too.
    assert f"/matches/{match_token}" in links(open_page(client, "/"))


def test_a_seat_left_empty_is_answered_next_to_it_and_starts_nothing(client, app):
    token = make_group(client)
    action = f"/groups/{token}/matches/new?game=partnership"
    form = form_to(open_page(client, f"/groups/{token}/matches/new"), action)
    ann = group_of(app, token)[2]["Ann"]

    refused = submit(client, form, {"player_0": ann, "player_1": ann, "new_2": "C", "new_3": "D"})

    assert refused.status_code == 422
    assert alerts(read(refused)) == {"player_1-error": "Ann is picked twice: pick someone else."}
    assert group_of(app, token)[3] == ([], [], {})


def test_a_dice_game_started_from_the_roster(client, app):
    token = make_group(client)
    _, _, players, _ = group_of(app, token)
    action = f"/groups/{token}/dice/new?kind=farkle"
    form = form_to(open_page(client, f"/groups/{token}/dice/new?kind=farkle"), action)

    # Ann and Bob are seated already (two fit Farkle): Bob's seat emptied.
    refused = submit(client, form, {"player_0": players["Ann"], "player_1": ""})
    assert refused.status_code == 422
    assert alerts(read(refused)) == {
        "player_0-error": "Farkle needs 2 to 8 players: pick them below."
    }
    started = submit(client, form, {"player_0": players["Ann"], "player_1": players["Bob"]})

    assert started.status_code == 303
    assert urlsplit(started.headers["Location"]).path.startswith("/dice/")
    assert len(group_of(app, token)[3][1]) == 1


def test_the_new_match_page_offers_this_phones_groups(client):
    token = make_group(client)
    assert f"/groups/{token}/matches/new" in links(open_page(client, "/matches/new"))
    assert f"/groups/{token}/dice/new" in links(open_page(client, "/dice/new"))


# --------------------------------------------------------------- a game played already


def test_a_match_played_already_joins_by_its_link_with_names_prefilled(client, app):
    token = make_group(client, players="Ann\nRobert")
    match_token = new_match(client, typed=ANN_BOB_CAT_DAN)
    add = f"/groups/{token}/add"

    mapping = submit(
        client, form_to(open_page(client, add), add), {"link": f"http://x/matches/{match_token}"}
    )
    assert mapping.status_code == 200
    names = form_to(read(mapping), f"/groups/{token}/add/names")
    players = group_of(app, token)[2]
    # Ann is on the roster: chosen already; the others are someone new by their name.
    selected = {
        select.attrs["name"]: next(
            o.attrs["value"] for o in select.all("option") if "selected" in o.attrs
        )
        for select in names.all("select")
    }
    assert selected == {
        "name_0": str(players["Ann"]),
        "name_1": "new",
        "name_2": "new",
        "name_3": "new",
    }

    added = submit(client, names, {"name_1": players["Robert"]})

    assert added.status_code == 303
    assert f"/matches/{match_token}" in links(group_page(client, token))
    assert sorted(group_of(app, token)[2]) == ["Ann", "Cat", "Dan", "Robert"]


@pytest.mark.parametrize("link", ["", "https://example.org/matches/nope", "not a link at all"])
def test_a_link_no_game_has_is_answered_next_to_the_field(client, link):
    token = make_group(client)
    add = f"/groups/{token}/add"
    refused = submit(client, form_to(open_page(client, add), add), {"link": link})
    assert refused.status_code == 422
    assert "edit link" in alerts(read(refused))["link-error"]


def test_a_game_is_taken_out_of_the_group_and_stays(client, app):
    token = make_group(client)
    match_token = new_match(client)
    add = f"/groups/{token}/add"
    names = read(submit(client, form_to(open_page(client, add), add), {"link": match_token}))
    assert submit(client, form_to(names, f"/groups/{token}/add/names")).status_code == 303
    played = group_of(app, token)
    with app.app_context():
        group_game_id = groups.find_group(db.session, token).games[0].id

    remove = f"/groups/{token}/games/{group_game_id}/remove"
    assert submit(client, form_to(group_page(client, token), remove)).status_code == 303

    assert group_of(app, token)[3] == ([], [], {})
    assert len(played[3][0]) == 1
    open_page(client, f"/matches/{match_token}")


# ------------------------------------------------------------------------------ view link


def test_the_view_link_shows_the_group_and_changes_nothing(client, app):
    token = make_group(client)
    _, view, players, _ = group_of(app, token)

    page = open_page(client, f"/groups/watch/{view}")
    assert page.one("h1").text == "Smith family"
    assert game_forms(page) == []
    assert f"/groups/{token}" not in " ".join(links(page))
    # Even with this session's CSRF token, as the edit page draws it.
    csrf = value_of(
        form_to(group_page(client, token), f"/groups/{token}/players"), "add-csrf_token"
    )
    for rest in ("/players", f"/players/{players['Ann']}/name", "/matches/new", "/add"):
        response = client.post(
            f"/groups/watch/{view}{rest}", data={"add-name": "Eve"}, headers={"X-CSRFToken": csrf}
        )
        assert response.status_code == 403
    # The view token opens nothing by the edit address.
    assert client.get(f"/groups/{view}").status_code == 404
    assert sorted(group_of(app, token)[2]) == ["Ann", "Bob"]


def test_the_qr_codes_are_images(client, app):
    token = make_group(client)
    view = group_of(app, token)[1]
    for url in (
        f"/groups/{token}/qr/edit.svg",
        f"/groups/{token}/qr/view.svg",
        f"/groups/watch/{view}/qr.svg",
    ):
        response = client.get(url)
        assert response.status_code == 200 and response.mimetype == "image/svg+xml"


def test_the_group_is_renamed_from_its_page_and_a_blank_name_is_refused(client, app):
    token = make_group(client)
    rename = f"/groups/{token}/name"

    refused = submit(client, form_to(group_page(client, token), rename), {"group-name": " "})
    assert refused.status_code == 422
    assert alerts(read(refused)) == {
        "group-name-error": "Type a name for the group, such as Smith family."
    }
    assert (
        submit(
            client, form_to(group_page(client, token), rename), {"group-name": "Smiths"}
        ).status_code
        == 303
    )
    assert group_page(client, token).one("h1").text == "Smiths"


def test_a_retired_player_is_offered_for_a_game_played_already(client, app):
    token = make_group(client)
    bob = group_of(app, token)[2]["Bob"]
    retire = f"/groups/{token}/players/{bob}/retire"
    assert submit(client, form_to(group_page(client, token), retire)).status_code == 303
    match_token = new_match(client, typed=ANN_BOB_CAT_DAN)
    add = f"/groups/{token}/add"

    page = read(submit(client, form_to(open_page(client, add), add), {"link": match_token}))

    bob_is = page.one("select", name="name_1")
    assert [o.attrs["value"] for o in bob_is.all("option") if "selected" in o.attrs] == [str(bob)]
    assert submit(client, form_to(page, f"/groups/{token}/add/names")).status_code == 303
    with app.app_context():
        group = groups.find_group(db.session, token)
        assert [p.name for p in group.players if p.retired] == ["Bob"]  # still retired


@pytest.mark.parametrize(
    ("typed", "field", "said"),
    [
        (
            {"new_3": "x" * 41},
            "new_3",
            "Keep the name to 40 characters or fewer (this one has 41).",
        ),
        (
            {"new_3": None, "player_3": "not-a-player"},
            "player_3",
            "Pick a player from the group's roster.",
        ),
        (
            {"new_3": None, "player_3": "987654321"},
            "player_3",
            "Pick a player from the group's roster.",
        ),
        ({"new_3": "C"}, "new_3", "C is picked twice: pick someone else."),
        ({"first_dealer": "9"}, "first_dealer", "The first dealer must be one of the 4 players"),
    ],
)
def test_bad_seats_are_answered_beside_the_seat_and_start_nothing(client, app, typed, field, said):
    token = make_group(client)
    action = f"/groups/{token}/matches/new?game=partnership"
    form = form_to(open_page(client, f"/groups/{token}/matches/new"), action)
    ann = group_of(app, token)[2]["Ann"]

    refused = submit(
        client, form, {"player_0": ann, "new_1": "B", "new_2": "C", "new_3": "D", **typed}
    )

    assert refused.status_code == 422
    assert alerts(read(refused)) == {f"{field}-error": said}
    assert group_of(app, token)[3] == ([], [], {})


GARBAGE = ["", " ", "\x00", "x" * 500, "-1", "99999999999999999999", "<b>Ann</b>", "new"]


@pytest.mark.parametrize("junk", GARBAGE)
def test_no_write_answers_junk_with_a_500(client, app, junk):
    token = make_group(client)
    ann = group_of(app, token)[2]["Ann"]
    csrf = value_of(
        form_to(group_page(client, token), f"/groups/{token}/players"), "add-csrf_token"
    )
    fields = ["add-name", f"p{ann}-name", f"p{ann}-into", "group-name", "link", "first_dealer"]
    fields += [f"{kind}_{n}" for kind in ("player", "new", "name") for n in range(8)]
    data = dict.fromkeys(fields, junk)
    for rest in (
        "/players",
        f"/players/{ann}/name",
        f"/players/{ann}/merge",
        f"/players/{ann}/retire",
        "/name",
        "/matches/new?game=partnership",
        "/matches/new?game=nonsense",
        "/dice/new?kind=farkle",
        "/add",
        "/add/names",
        "/games/12345/remove",
    ):
        response = client.post(f"/groups/{token}{rest}", data=data, headers={"X-CSRFToken": csrf})
        assert response.status_code < 500, (rest, response.status_code)


# ------------------------------------------------------------------- a long history


def seed_group_games(app, token: str, count: int, target: int = 1500) -> None:
    """``count`` matches and Farkle games (tests.helpers.stored.stored_history) in the group."""
    with app.app_context():
        group = groups.find_group(db.session, token)
        for match, game in stored_history(count, target):
            db.session.add(GroupGame(group_id=group.id, match_id=match.id))
            db.session.add(GroupGame(group_id=group.id, dice_game_id=game.id))
        db.session.commit()


def test_the_group_page_costs_the_same_queries_for_3_or_30_games_of_each_kind(site):
    few, many = make_group(site.test_client(), "Few"), make_group(site.test_client(), "Many")
    seed_group_games(site, few, 3)
    seed_group_games(site, many, 30)
    phone = site.test_client()

    # The first look replays every game and keeps its summary; later looks only read.
    (page, first_few), (_, first_many) = (
        count_queries(site, lambda: phone.get(f"/groups/{few}")),
        count_queries(site, lambda: phone.get(f"/groups/{many}")),
    )
    (_, again_few), (_, again_many) = (
        count_queries(site, lambda: phone.get(f"/groups/{few}")),
        count_queries(site, lambda: phone.get(f"/groups/{many}")),
    )

    assert len(read(page).one("ul", class_="group-games").all("li")) == 6
    assert first_few == first_many
    assert again_few == again_many < first_few


def test_a_long_group_history_lists_the_latest_finished_games_and_the_rest_a_tap_away(site):
    phone = site.test_client()
    token = make_group(phone)
    seed_group_games(site, token, 25, target=250)  # 25 finished matches, 25 Farkle going on

    page = group_page(phone, token)
    listed = page.one("ul", class_="group-games").all("li")
    (link,) = [a for a in page.all("a") if a.text.startswith("Show all finished")]
    every = read(phone.get(link.attrs["href"])).one("ul", class_="group-games").all("li")

    assert len(listed) == 25 + 20  # every game going on, the latest 20 finished
    assert link.text == "Show all finished games (5 more)"
    assert len(every) == 50


# ------------------------------------------- a group of four: seats filled, teams, target

FOUR = "Dan\nann\nCat\nBob"


def selected(form, name: str) -> str | None:
    """The value of the option a select starts on (None when it starts blank)."""
    chosen = [
        o.attrs["value"]
        for o in form.one("select", name=name).all("option")
        if "selected" in o.attrs
    ]
    return chosen[0] if chosen and chosen[0] else None


def stored_match(app, token: str):
    from scorekeeper.services import matches

    with app.app_context():
        match = matches.find_match(db.session, token)
        return match.player_names, match.side_names, match.house_rules


def test_a_group_of_exactly_four_starts_with_its_players_seated_in_roster_order(client, app):
    token = make_group(client, players=FOUR)
    players = group_of(app, token)[2]
    url = f"/groups/{token}/matches/new"

    form = form_to(open_page(client, url), f"{url}?game=partnership")

    assert [selected(form, f"player_{seat}") for seat in range(4)] == [
        str(players[name]) for name in ("ann", "Bob", "Cat", "Dan")
    ]
    # Still changeable: each seat is a select of the whole roster, with a box for a new name.
    assert len(form.one("select", name="player_0").all("option")) == 5
    assert value_of(form, "side_names-0") == "" and value_of(form, "rule-target") == "1500"
    # Who deals first is asked by the seated names.
    dealers = [option.text for option in form.one("select", name="first_dealer").all("option")]
    assert dealers == ["ann", "Bob", "Cat", "Dan"]


@pytest.mark.parametrize(
    ("roster", "game"), [("Ann\nBob\nCat", "partnership"), (FOUR, "three-handed")]
)
def test_a_roster_that_does_not_fit_the_seats_starts_them_blank(client, roster, game):
    token = make_group(client, players=roster)
    url = f"/groups/{token}/matches/new?game={game}"

    form = form_to(open_page(client, url), url)

    assert all(
        selected(form, select.attrs["name"]) is None
        for select in form.all("select")
        if select.attrs["name"].startswith("player_")
    )


def test_a_match_from_the_group_starts_with_the_typed_team_names_and_target(client, app):
    token = make_group(client, players=FOUR)
    url = f"/groups/{token}/matches/new"
    form = form_to(open_page(client, url), f"{url}?game=partnership")

    started = submit(
        client, form, {"side_names-0": " Smiths ", "side_names-1": "", "rule-target": "1000"}
    )

    assert started.status_code == 303, alerts(read(started))
    players, sides, rules = stored_match(app, token_of(started))
    # Seats 0 and 2 are one team: Ann & Cat; the blank second team takes its partners' names.
    assert players == ["ann", "Bob", "Cat", "Dan"]
    assert sides == ["Smiths", "Bob & Dan"]
    assert rules == {"target": 1000}


@pytest.mark.parametrize(
    ("typed", "field", "said"),
    [
        ({"rule-target": "0"}, "rule-target", "Game to must be at least 1."),
        ({"rule-target": "ten"}, "rule-target", None),
        ({"side_names-1": "x" * 41}, "side_names-1", None),
        ({"player_2": ""}, "player_2", "Pick a player for this seat, or type a name."),
    ],
)
def test_bad_input_on_the_groups_new_match_is_answered_beside_its_field_and_focused(
    client, app, typed, field, said
):
    token = make_group(client, players=FOUR)
    url = f"/groups/{token}/matches/new"
    form = form_to(open_page(client, url), f"{url}?game=partnership")

    refused = submit(client, form, typed)

    assert refused.status_code == 422
    page = read(refused)
    shown = alerts(page)
    assert list(shown) == [f"{field}-error"]
    if said is not None:
        assert shown[f"{field}-error"] == said
    box = page.by_id(field)
    assert "autofocus" in box.attrs and box.attrs["aria-invalid"] == "true"
    assert group_of(app, token)[3] == ([], [], {})


def test_a_rule_set_of_this_phone_fills_the_groups_new_match(client, app):
    token = make_group(client, players=FOUR)
    saved = client.post(
        "/rules/save",
        data=filled(
            form_to(open_page(client, "/matches/new"), "/matches/new"),
            {"rule-target": "2500", "rule-min_bid": "300", "rule_set_name": "Smith rules"},
        ),
    )
    assert saved.status_code == 200
    url = f"/groups/{token}/matches/new"
    page = open_page(client, url)
    use = next(a for a in page.all("a") if a.text == "Use Smith rules")
    assert urlsplit(use.attrs["href"]).path == url

    with_set = open_page(client, use.attrs["href"])
    form = form_to(with_set, f"{url}?game=partnership")
    assert value_of(form, "rule-target") == "2500" and value_of(form, "rule-min_bid") == "300"
    started = submit(client, form)

    assert started.status_code == 303, alerts(read(started))
    assert stored_match(app, token_of(started))[2] == {"target": 2500, "min_bid": 300}


def test_a_dice_game_from_a_group_that_fits_it_starts_seated(client, app):
    token = make_group(client, players=FOUR)
    players = group_of(app, token)[2]
    url = f"/groups/{token}/dice/new?kind=yahtzee"

    form = form_to(open_page(client, url), url)

    seated = [selected(form, f"player_{n}") for n in range(4)]
    assert seated == [str(players[name]) for name in ("ann", "Bob", "Cat", "Dan")]
    assert form.one("div", class_="sticky-actions").one("button").text == "Start the game"


def test_the_groups_games_show_the_winner_and_the_score_and_a_small_take_out(client, app):
    from scorekeeper.services import hands
    from tests.helpers.stored import MADE, form_token

    token = make_group(client, players="Ann\nBob\nCat\nDan")
    url = f"/groups/{token}/matches/new"
    won = submit(
        client, form_to(open_page(client, url), f"{url}?game=partnership"), {"rule-target": "250"}
    )
    playing = submit(client, form_to(open_page(client, url), f"{url}?game=partnership"))
    with app.app_context():
        # Ann bids 250 and makes it: 100 meld and 160 in tricks against 40 and 90.
        hands.add_hand(db.session, token_of(won), MADE, version=0, form_token=form_token())

    games = group_page(client, token).one("ul", class_="group-games").all("li")
    results = [game.one("small", class_="result").text for game in games]

    assert results == ["Ann & Cat 0, Bob & Dan 0", "Ann & Cat won: Ann & Cat 260, Bob & Dan 130"]
    assert all(
        game.one("details", class_="take-out").one("summary").text == "Take out…" for game in games
    )
    assert token_of(playing) != token_of(won)
