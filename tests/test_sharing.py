"""Several phones, one table: the edit and view links, live polling, safe writes (a
double-tapped Save, two phones at once), security headers, limits, and posts no player
would send."""

from __future__ import annotations

import re
import secrets
import sys
from urllib.parse import parse_qs, quote, urlsplit

import pytest
from flask import request_started
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from sqlalchemy import create_engine, event, func
from sqlalchemy.orm import Session

from scorekeeper.extensions import db
from scorekeeper.models import DeviceMatch, DiceGame, DiceTurn, Hand, Match
from scorekeeper.page_cache import PageCache, pages
from scorekeeper.quick_poll import QuickPolls
from scorekeeper.rules import yahtzee
from scorekeeper.security import SECURITY_HEADERS
from tests.helpers.html import Element, alerts, checked, filled, form_to, game_forms, read, value_of
from tests.helpers.play import (
    dice_url,
    hand_form,
    new_dice_game,
    new_match,
    open_page,
    save_hand,
    score,
    start_match,
)
from tests.helpers.queries import count_queries
from tests.helpers.stored import every_row

HTMX = {"HX-Request": "true"}
URL_SAFE_TOKEN = re.compile(r"[A-Za-z0-9_-]{22,}")
# Bidder (player 1, team A) bids 250 in spades and makes it: team A 300, team B 100.
MADE_250 = {
    "bidder": "0",
    "bid": "250",
    "trump": "0",
    "meld-0": "100",
    "meld-1": "50",
    "tricks-0": "200",
    "tricks-1": "50",
}
# Player 2 (team B) bids 300 in diamonds and makes it: team A 60, team B 330.
MADE_300 = {
    "bidder": "1",
    "bid": "300",
    "trump": "2",
    "meld-0": "20",
    "meld-1": "120",
    "tricks-0": "40",
    "tricks-1": "210",
}
WRITE_METHODS = ["POST", "PUT", "PATCH", "DELETE"]


# ----------------------------------------------------------------------- the sites


@pytest.fixture(scope="session")
def build_site(make_site):
    """Build a site with its own instance folder and database: build_site(folder, **config)."""
    return lambda folder, **config: make_site(folder, TESTING=True, SECRET_KEY="test", **config)


# ------------------------------------------------------------------ playing through the site


def view_token(app, edit_token: str) -> str:
    with app.app_context():
        return db.session.scalar(db.select(Match.view_token).where(Match.edit_token == edit_token))


def match_version(app, edit_token: str) -> int:
    with app.app_context():
        return db.session.scalar(db.select(Match.version).where(Match.edit_token == edit_token))


def stored_hands(app, edit_token: str) -> list[Hand]:
    """The match's hands in the database, in playing order."""
    with app.app_context():
        hands = db.session.scalars(
            db.select(Hand)
            .join(Match, Match.id == Hand.match_id)
            .where(Match.edit_token == edit_token)
            .order_by(Hand.position)
        ).all()
        for hand in hands:
            db.session.expunge(hand)
        return list(hands)


def edit_url(edit_token: str, hand_id: int) -> str:
    return f"/matches/{edit_token}/hands/{hand_id}/edit"


def poll_url(document: Element) -> str:
    """Where the page's poller asks whether the match changed."""
    live = document.by_id("live")
    assert live is not None, "the page has no poller"
    return live.attrs["hx-get"]


def since_of(url: str) -> int:
    return int(parse_qs(urlsplit(url).query)["since"][0])


def near_miss(token: str) -> str:
    """The token with its last letter changed: a typo, or a guess next to a real link."""
    return token[:-1] + ("A" if token[-1] != "A" else "B")


# ============================================================================ the links


def test_starting_a_match_redirects_to_its_edit_link_never_its_row_number(app, client):
    response = start_match(client)
    assert response.status_code == 303
    with app.app_context():
        match = db.session.scalars(db.select(Match)).one()
        edit_token, row = match.edit_token, match.id
    assert urlsplit(response.headers["Location"]).path == f"/matches/{edit_token}"
    assert edit_token != str(row)


def test_edit_and_view_tokens_are_distinct_url_safe_and_at_least_128_bits(app, client):
    first, second = new_match(client), new_match(client)
    with app.app_context():
        matches = db.session.scalars(db.select(Match).order_by(Match.id)).all()
        tokens = [(m.edit_token, m.view_token, m.id) for m in matches]
    assert [edit for edit, _, _ in tokens] == [first, second]
    for edit, view, row in tokens:
        for token in (edit, view):
            # 22 base64url letters carry 132 bits.
            assert URL_SAFE_TOKEN.fullmatch(token), token
            assert token != str(row)
        assert edit != view
    every_token = [token for edit, view, _ in tokens for token in (edit, view)]
    assert len(set(every_token)) == 4


def test_the_match_page_shows_both_links_and_a_qr_code_of_each(app, client):
    edit_token = new_match(client)
    watch = view_token(app, edit_token)
    page = open_page(client, f"/matches/{edit_token}")
    links = {a.attrs.get("href") for a in page.all("a")}
    assert f"/matches/{edit_token}" in links
    assert f"/matches/watch/{watch}" in links
    codes = [img for img in page.all("img") if "QR" in img.attrs.get("alt", "")]
    assert len(codes) == 2
    images = {}
    for img in codes:
        response = client.get(img.attrs["src"])
        assert response.status_code == 200
        assert response.mimetype == "image/svg+xml"
        body = response.get_data(as_text=True)
        assert "<svg" in body and "xmlns" in body
        images[img.attrs["alt"]] = body
    edit_code, view_code = images["QR code of the edit link"], images["QR code of the view link"]
    assert edit_code != view_code
    # The view page's own QR code is the same picture: it encodes the same view link.
    view_page = open_page(client, f"/matches/watch/{watch}")
    (own,) = [img for img in view_page.all("img") if "QR" in img.attrs.get("alt", "")]
    assert client.get(own.attrs["src"]).get_data(as_text=True) == view_code


def test_the_view_link_shows_no_qr_code_of_the_edit_link(app, client):
    edit_token = new_match(client)
    watch = view_token(app, edit_token)
    assert client.get(f"/matches/{watch}/qr/edit.svg").status_code == 404
    assert client.get(f"/matches/{watch}/qr/view.svg").status_code == 404
    assert client.get(f"/matches/watch/{edit_token}/qr.svg").status_code == 404


@pytest.mark.parametrize("over", [False, True], ids=["in-progress", "won"])
def test_the_view_page_shows_the_ledger_and_nothing_that_writes(app, client, over):
    # Game to 300: the made 250 (team A 300) wins it.
    edit_token = new_match(client, typed={"rule-target": 300 if over else 1500})
    save_hand(client, edit_token, MADE_250)
    watch = view_token(app, edit_token)
    edit_page = open_page(client, f"/matches/{edit_token}")
    assert edit_page.one("form", action=f"/matches/{edit_token}/undo") is not None
    assert (edit_page.one("form", action=f"/matches/{edit_token}/rematch") is not None) == over

    response = client.get(f"/matches/watch/{watch}")
    assert response.status_code == 200
    page = read(response)
    ledger = page.one("ol", class_="ledger")
    assert ledger is not None and len(ledger.all("li")) == 1
    assert page.by_id("total-0").text == "300"
    assert game_forms(page) == []
    assert page.all("a", class_="edit-link") == []
    assert not [a for a in page.all("a") if "/edit" in a.attrs.get("href", "")]
    text = page.text
    assert "Undo" not in text and "Rematch" not in text
    # Nothing on the page hands out the power to write.
    assert edit_token not in response.get_data(as_text=True)


def test_a_view_token_does_not_open_the_edit_page_nor_an_edit_token_the_view_page(app, client):
    edit_token = new_match(client)
    save_hand(client, edit_token, MADE_250)
    watch = view_token(app, edit_token)
    (hand,) = stored_hands(app, edit_token)
    assert client.get(f"/matches/{watch}").status_code == 404
    assert client.get(edit_url(watch, hand.id)).status_code == 404
    assert client.get(f"/matches/{watch}/live?since=0&over=0").status_code == 404
    assert client.get(f"/matches/watch/{edit_token}").status_code == 404
    assert client.get(f"/matches/watch/{edit_token}/live?since=0&over=0").status_code == 404


@pytest.mark.parametrize("prefix", ["/matches/", "/matches/watch/"], ids=["edit", "view"])
def test_a_wrong_token_is_a_404_that_says_nothing_about_whether_the_match_exists(
    app, client, prefix
):
    edit_token = new_match(client)
    real = edit_token if prefix == "/matches/" else view_token(app, edit_token)
    made_up = client.get(prefix + secrets.token_urlsafe(18))
    one_letter_off = client.get(prefix + near_miss(real))
    assert made_up.status_code == one_letter_off.status_code == 404
    assert made_up.get_data() == one_letter_off.get_data()
    assert made_up.mimetype == one_letter_off.mimetype


# ================================================================= the view link never writes


VIEW_WRITES = ["", "/hands", "/undo", "/rematch", "/hands/{hand}/edit", "/hands/{hand}/delete"]


@pytest.mark.parametrize("method", WRITE_METHODS)
@pytest.mark.parametrize("rest", VIEW_WRITES, ids=lambda rest: rest or "page")
def test_the_view_link_never_writes_whatever_it_is_sent(app, client, method, rest):
    edit_token = new_match(client)
    save_hand(client, edit_token, MADE_250)
    watch = view_token(app, edit_token)
    (hand,) = stored_hands(app, edit_token)
    # A phone with a real session and its form token: only the link itself can refuse.
    form = hand_form(client, edit_token)
    fields = filled(form, {**MADE_300, "version": 1})
    before = every_row(app)
    response = client.open(
        f"/matches/watch/{watch}" + rest.format(hand=hand.id),
        method=method,
        data=fields,
        headers={"X-CSRFToken": value_of(form, "csrf_token")},
    )
    assert response.status_code == 403
    assert "view-only" in read(response).text
    assert every_row(app) == before


# ============================================================================ live updates


@pytest.mark.parametrize("view", [False, True], ids=["edit-link", "view-link"])
def test_a_poll_while_nothing_changed_is_an_empty_204_costing_one_query(app, client, view):
    edit_token = new_match(client)
    save_hand(client, edit_token, MADE_250)
    page_url = f"/matches/watch/{view_token(app, edit_token)}" if view else f"/matches/{edit_token}"
    url = poll_url(open_page(client, page_url))
    assert since_of(url) == match_version(app, edit_token) == 1
    response, queries = count_queries(app, lambda: client.get(url))
    assert response.status_code == 204
    assert response.get_data() == b""
    assert queries <= 1
    assert "no-store" in response.headers.get("Cache-Control", "")


@pytest.mark.parametrize("view", [False, True], ids=["edit-link", "view-link"])
def test_after_a_hand_is_saved_a_poll_gets_the_changed_regions_out_of_band(app, view):
    table, across = app.test_client(), app.test_client()
    edit_token = new_match(table)
    watch = view_token(app, edit_token)
    page_url = f"/matches/watch/{watch}" if view else f"/matches/{edit_token}"
    old_poll = poll_url(open_page(across, page_url))
    assert across.get(old_poll).status_code == 204

    save_hand(table, edit_token, MADE_250)
    response = across.get(old_poll)
    assert response.status_code == 200
    fragment = read(response)
    swapped = {node.attrs.get("id") for node in fragment.all() if "hx-swap-oob" in node.attrs}
    assert {"scoreboard", "ledger-section", "live"} <= swapped
    assert fragment.by_id("total-0").text == "300"
    assert fragment.by_id("total-1").text == "100"
    assert len(fragment.one("ol", class_="ledger").all("li")) == 1
    new_poll = poll_url(fragment)
    assert since_of(new_poll) == match_version(app, edit_token) == 1
    assert across.get(new_poll).status_code == 204
    if view:
        assert fragment.all("a", class_="edit-link") == []
        assert fragment.all("form") == []
        assert edit_token not in response.get_data(as_text=True)
    else:
        assert len(fragment.all("a", class_="edit-link")) == 1


def test_a_poll_from_a_form_drawn_before_a_hand_moves_the_forms_version_on(app):
    table, across = app.test_client(), app.test_client()
    edit_token = new_match(table)
    old_poll = poll_url(open_page(across, f"/matches/{edit_token}"))
    save_hand(table, edit_token, MADE_250)
    fragment = read(across.get(old_poll))
    version = fragment.by_id("form-version")
    assert version is not None and "hx-swap-oob" in version.attrs
    assert value_of(version, "version") == "1"
    assert fragment.by_id("next-hand").text == "Hand 2"


# ================================================= kept pages and quick polls (page_cache.py)


def form_tokens(document: Element, edit_token: str) -> tuple[str, str]:
    """The hand form's CSRF token and one-time token."""
    form = form_to(document, f"/matches/{edit_token}/hands")
    return value_of(form, "csrf_token"), value_of(form, "client_token")


def test_looking_again_at_a_match_costs_one_query_and_shows_the_same_page(app, client):
    edit_token = new_match(client)
    save_hand(client, edit_token, MADE_250)
    client.get(f"/matches/{edit_token}")  # says "Hand 1 saved" to this phone, once
    first = client.get(f"/matches/{edit_token}")

    again, queries = count_queries(app, lambda: client.get(f"/matches/{edit_token}"))

    assert queries == 1
    strip = re.compile(r'name="(csrf_token|client_token)" type="hidden" value="[^"]*"')
    assert strip.sub("", again.get_data(as_text=True)) == strip.sub(
        "", first.get_data(as_text=True)
    )


def test_a_kept_page_gets_a_new_one_time_token_and_the_phones_own_csrf_token_each_time(app):
    table, across = app.test_client(), app.test_client()
    edit_token = new_match(table)
    table_csrf, table_once = form_tokens(open_page(table, f"/matches/{edit_token}"), edit_token)
    _, table_twice = form_tokens(open_page(table, f"/matches/{edit_token}"), edit_token)
    across_csrf, across_once = form_tokens(open_page(across, f"/matches/{edit_token}"), edit_token)

    assert len({table_once, table_twice, across_once}) == 3
    assert table_csrf != across_csrf
    assert "hole" not in table_csrf + table_once + across_csrf + across_once
    # Each phone's token works for that phone: both hands are saved.
    save_hand(table, edit_token, MADE_250)
    save_hand(across, edit_token, MADE_300)
    assert len(stored_hands(app, edit_token)) == 2


def test_a_phone_posting_another_phones_csrf_token_is_refused(app):
    table, across = app.test_client(), app.test_client()
    edit_token = new_match(table)
    open_page(across, f"/matches/{edit_token}")
    fields = filled(hand_form(table, edit_token), MADE_250)

    response = across.post(f"/matches/{edit_token}/hands", data=fields)

    assert response.status_code in (400, 422)
    assert stored_hands(app, edit_token) == []


def ledger_texts(phone, url: str) -> list[str]:
    """Each ledger row's text, as the page shows it now."""
    return [row.text for row in open_page(phone, url).one("ol", class_="ledger").all("li")]


@pytest.mark.parametrize("view", [False, True], ids=["edit-link", "view-link"])
def test_a_kept_page_is_never_shown_after_the_match_changed(app, view):
    table, across = app.test_client(), app.test_client()
    edit_token = new_match(table)
    page_url = f"/matches/watch/{view_token(app, edit_token)}" if view else f"/matches/{edit_token}"
    seen = [ledger_texts(across, page_url)]

    save_hand(table, edit_token, MADE_250)  # added
    seen.append(ledger_texts(across, page_url))
    hand_id = stored_hands(app, edit_token)[0].id
    edit_form = form_to(
        open_page(table, edit_url(edit_token, hand_id)), edit_url(edit_token, hand_id)
    )
    table.post(edit_url(edit_token, hand_id), data=filled(edit_form, {"bid": "300"}))  # edited
    seen.append(ledger_texts(across, page_url))
    table.post(f"/matches/{edit_token}/hands/{hand_id}/delete", data=csrf_of(table, edit_token))
    seen.append(ledger_texts(across, page_url))  # deleted
    version = match_version(app, edit_token)
    table.post(
        f"/matches/{edit_token}/undo", data={"version": version, **csrf_of(table, edit_token)}
    )
    seen.append(ledger_texts(across, page_url))  # the delete undone

    assert [len(rows) for rows in seen] == [0, 1, 1, 0, 1]
    assert "bid 250" in seen[1][0] and "bid 300" in seen[2][0] and "bid 300" in seen[4][0]


def csrf_of(phone, edit_token: str) -> dict[str, str]:
    csrf, _ = form_tokens(open_page(phone, f"/matches/{edit_token}"), edit_token)
    return {"csrf_token": csrf}


def test_the_htmx_body_and_the_whole_page_are_kept_apart(app, client):
    edit_token = new_match(client)
    page = client.get(f"/matches/{edit_token}")
    body = client.get(f"/matches/{edit_token}", headers=HTMX)

    assert "<html" in page.get_data(as_text=True)
    assert "<html" not in body.get_data(as_text=True)
    assert client.get(f"/matches/{edit_token}").get_data(as_text=True).startswith("<!doctype")
    assert "HX-Request" in body.headers["Vary"] and "HX-Request" in page.headers["Vary"]


def test_names_typed_as_html_are_shown_as_text_in_every_ledger_row(app, client):
    names = {"side_names-0": '<b>Us</b> & "co"', "player_names-0": "<i>Ann</i>"}
    edit_token = new_match(client, typed=names)
    save_hand(client, edit_token, MADE_250)

    text = client.get(f"/matches/{edit_token}").get_data(as_text=True)

    assert "<b>" not in text and "<i>" not in text
    # Each name escaped, in a <bdi> of its own.
    assert "<bdi>&lt;i&gt;Ann&lt;/i&gt;</bdi> bid 250" in text
    assert "<bdi>&lt;b&gt;Us&lt;/b&gt; &amp; &#34;co&#34;</bdi> made 250" in text


def test_with_no_room_to_keep_pages_every_view_is_drawn_afresh(tmp_path, build_site):
    site = build_site(tmp_path, MATCH_PAGE_CACHE_BYTES=0)
    client = site.test_client()
    edit_token = new_match(client)
    save_hand(client, edit_token, MADE_250)

    _, queries = count_queries(site, lambda: client.get(f"/matches/{edit_token}"))

    with site.app_context():
        assert len(pages()) == 0
    assert queries > 1
    assert (
        len(open_page(client, f"/matches/{edit_token}").one("ol", class_="ledger").all("li")) == 1
    )


def test_the_page_cache_keeps_the_most_recent_pages_within_its_size():
    page_of = {number: f"{number}" * 30 for number in range(10)}
    cache = PageCache(max_bytes=3 * sys.getsizeof(page_of[0]))
    for number, page in page_of.items():
        cache.get_or_draw(number, lambda page=page: page)
    assert len(cache) == 3
    drawn = []
    assert cache.get_or_draw(9, lambda: drawn.append(9) or "new") == page_of[9]
    assert cache.get_or_draw(0, lambda: drawn.append(0) or page_of[0]) == page_of[0]
    assert drawn == [0]
    too_big = "x" * (3 * sys.getsizeof(page_of[0]))
    assert cache.get_or_draw("big", lambda: too_big) == too_big
    assert len(cache) == 3 and cache.get_or_draw("big", lambda: "drawn again") == "drawn again"


def test_a_page_with_a_suit_symbol_is_counted_by_the_memory_it_takes():
    ascii_page, suit_page = "7" * 1000, "♠" * 1000
    cache = PageCache(max_bytes=sys.getsizeof(ascii_page) + 100)
    cache.get_or_draw("ascii", lambda: ascii_page)
    cache.get_or_draw("suits", lambda: suit_page)  # 1000 letters, but 2000 bytes: too big
    assert cache.get_or_draw("ascii", lambda: "drawn again") == ascii_page
    assert cache.get_or_draw("suits", lambda: "drawn again") == "drawn again"


def test_a_site_in_debug_mode_keeps_no_pages_unless_told_to(tmp_path, build_site):
    for name in ("debug", "told", "production"):
        (tmp_path / name).mkdir()
    debugging = build_site(tmp_path / "debug", DEBUG=True)
    told = build_site(tmp_path / "told", DEBUG=True, MATCH_PAGE_CACHE_BYTES=1000)
    production = build_site(tmp_path / "production")

    sizes = []
    for site in (debugging, told, production):
        with site.app_context():
            sizes.append(pages().max_bytes)

    assert sizes == [0, 1000, 16 * 1024 * 1024]


def test_two_tabs_listing_one_match_at_once_both_get_the_page(app, client):
    edit_token = new_match(client)
    device = client.get_cookie("device").value
    with app.app_context():
        match_id = db.session.scalar(db.select(Match.id).where(Match.edit_token == edit_token))
        db.session.execute(db.delete(DeviceMatch))
        db.session.commit()
        engine = db.engine

    def the_other_tab_lists_it(session):
        with engine.begin() as connection:
            connection.execute(
                DeviceMatch.__table__.insert().values(device=device, match_id=match_id)
            )

    event.listen(Session, "before_commit", the_other_tab_lists_it, once=True)
    try:
        response = client.get(f"/matches/{edit_token}")
    finally:
        if event.contains(Session, "before_commit", the_other_tab_lists_it):
            event.remove(Session, "before_commit", the_other_tab_lists_it)

    assert response.status_code == 200
    with app.app_context():
        assert db.session.scalar(db.select(func.count()).select_from(DeviceMatch)) == 1


# {edit} and {watch} are the match's links' tokens, {near} the edit token with a typo.
POLL_URLS = {
    "unchanged": "/matches/{edit}/live?since=1&over=0",
    "unchanged by the view link": "/matches/watch/{watch}/live?since=1",
    "changed since": "/matches/{edit}/live?since=0&over=0",
    "since from the future": "/matches/{edit}/live?since=7",
    "since not a number": "/matches/{edit}/live?since=one",
    "since in other digits": "/matches/{edit}/live?since=%C2%B9",
    "since too big": "/matches/{edit}/live?since=99999999999999999999",
    "no since": "/matches/{edit}/live",
    "two sinces, the first changed": "/matches/{edit}/live?since=0&since=1",
    "two sinces, the first unchanged": "/matches/{edit}/live?since=1&since=0",
    "wrong token": "/matches/{near}/live?since=1",
    "token with a NUL": "/matches/{edit_start}%00/live?since=1",
    "view token by the edit road": "/matches/{watch}/live?since=1",
}


@pytest.mark.parametrize("poll", POLL_URLS)
def test_a_quick_poll_answers_exactly_as_the_flask_view_does(quick_and_slow, poll):
    quick, slow = quick_and_slow
    phone = quick.test_client()
    edit_token = new_match(phone)
    save_hand(phone, edit_token, MADE_250)
    url = POLL_URLS[poll].format(
        edit=edit_token,
        watch=view_token(quick, edit_token),
        near=near_miss(edit_token),
        edit_start=edit_token[:5],
    )

    early = quick.test_client().get(url, headers={"Accept-Encoding": "gzip"})
    late = slow.test_client().get(url, headers={"Accept-Encoding": "gzip"})

    assert early.status_code == late.status_code
    if early.status_code == 204:
        assert early.data == late.data == b""
        for name in ["Cache-Control", "Vary", *SECURITY_HEADERS]:
            assert early.headers.get(name) == late.headers.get(name), name


def test_an_unchanged_poll_is_answered_before_flask_sees_a_request(app, client):
    edit_token = new_match(client)
    save_hand(client, edit_token, MADE_250)
    seen = []

    def started(sender, **extra):
        seen.append(sender)

    with request_started.connected_to(started, app):
        unchanged = client.get(f"/matches/{edit_token}/live?since=1")
        changed = client.get(f"/matches/{edit_token}/live?since=0")

    assert (unchanged.status_code, changed.status_code) == (204, 200)
    assert len(seen) == 1


def test_a_quick_poll_with_the_database_away_leaves_the_answer_to_flask(tmp_path):
    def flask_stand_in(environ, start_response):
        start_response("503 Service Unavailable", [("Content-Type", "text/plain")])
        return [b"the site's own page"]

    away = create_engine(f"sqlite:///{tmp_path / 'no-such-folder' / 'gone.sqlite3'}")
    polls = QuickPolls(flask_stand_in, away)
    environ = {"REQUEST_METHOD": "GET", "PATH_INFO": "/matches/abcDEF123/live"}
    answered = []

    body = polls({**environ, "QUERY_STRING": "since=1"}, lambda *args: answered.append(args))

    assert answered[0][0] == "503 Service Unavailable"
    assert list(body) == [b"the site's own page"]


# ============================================================================= safe writes


@pytest.mark.parametrize("headers", [{}, HTMX], ids=["page", "htmx"])
def test_a_double_tapped_save_records_one_hand(app, client, headers):
    edit_token = new_match(client)
    fields = filled(hand_form(client, edit_token), MADE_250)
    first = client.post(f"/matches/{edit_token}/hands", data=fields, headers=headers)
    second = client.post(f"/matches/{edit_token}/hands", data=fields, headers=headers)
    assert first.status_code == second.status_code == 303
    assert len(stored_hands(app, edit_token)) == 1
    assert match_version(app, edit_token) == 1


def test_a_save_from_a_form_drawn_before_another_phones_hand_is_a_conflict_keeping_the_typing(
    app,
):
    mine, theirs = app.test_client(), app.test_client()
    edit_token = new_match(mine)
    my_form = hand_form(mine, edit_token)
    assert value_of(my_form, "version") == "0"
    save_hand(theirs, edit_token, MADE_250)

    response = mine.post(f"/matches/{edit_token}/hands", data=filled(my_form, MADE_300))
    assert response.status_code == 409
    page = read(response)
    message = page.by_id("hand-error")
    assert message is not None
    assert "hand 1 was saved" in message.text
    assert "Team A made 250" in message.text
    hands = stored_hands(app, edit_token)
    assert [(h.bidder, h.bid) for h in hands] == [(0, 250)]
    # What I typed is still on the form, now drawn at the match's new version.
    form = form_to(page, f"/matches/{edit_token}/hands")
    assert checked(form, "bidder") == "1"
    assert checked(form, "trump") == "2"
    assert value_of(form, "bid") == "300"
    assert value_of(form, "meld-1") == "120"
    assert value_of(form, "tricks-1") == "210"
    assert value_of(form, "version") == "1"
    # "Save mine as hand 2" is a new form: a one-time token of its own.
    assert value_of(form, "client_token") != value_of(my_form, "client_token")

    again = mine.post(f"/matches/{edit_token}/hands", data=filled(form))
    assert again.status_code == 303
    assert [(h.bidder, h.bid) for h in stored_hands(app, edit_token)] == [(0, 250), (1, 300)]


def test_two_edits_of_one_hand_drawn_at_the_same_version_give_one_save_and_one_conflict(app):
    mine, theirs = app.test_client(), app.test_client()
    edit_token = new_match(mine)
    save_hand(mine, edit_token, MADE_250)
    (hand,) = stored_hands(app, edit_token)
    url = edit_url(edit_token, hand.id)
    my_form = form_to(open_page(mine, url), url)
    their_form = form_to(open_page(theirs, url), url)
    assert value_of(my_form, "hand_version") == value_of(their_form, "hand_version") == "0"

    first = theirs.post(url, data=filled(their_form, {"bid": 260}))
    assert first.status_code == 303
    second = mine.post(url, data=filled(my_form, {"meld-1": 70}))
    assert second.status_code == 409
    page = read(second)
    message = page.by_id("hand-error")
    assert message is not None
    assert "Another phone changed hand 1" in message.text
    assert "made 260" in message.text
    (stored,) = stored_hands(app, edit_token)
    assert (stored.bid, stored.meld) == (260, [100, 50])
    # Mine is still on the form, now drawn at the hand's new version: saving again wins.
    form = form_to(page, url)
    assert value_of(form, "meld-1") == "70"
    assert value_of(form, "hand_version") == "1"
    assert mine.post(url, data=filled(form)).status_code == 303
    (stored,) = stored_hands(app, edit_token)
    assert (stored.bid, stored.meld) == (250, [100, 70])


def test_a_double_tapped_undo_undoes_one_change(app, client):
    edit_token = new_match(client)
    save_hand(client, edit_token, MADE_250)
    save_hand(client, edit_token, MADE_300)
    page = open_page(client, f"/matches/{edit_token}")
    fields = filled(form_to(page, f"/matches/{edit_token}/undo", class_="undo"))
    first = client.post(f"/matches/{edit_token}/undo", data=fields)
    second = client.post(f"/matches/{edit_token}/undo", data=fields)
    assert first.status_code == second.status_code == 303
    assert [h.bid for h in stored_hands(app, edit_token)] == [250]


def test_a_double_tapped_delete_deletes_one_hand(app, client):
    edit_token = new_match(client)
    save_hand(client, edit_token, MADE_250)
    save_hand(client, edit_token, MADE_300)
    first_hand = stored_hands(app, edit_token)[0]
    delete = f"/matches/{edit_token}/hands/{first_hand.id}/delete"
    fields = filled(form_to(open_page(client, edit_url(edit_token, first_hand.id)), delete))
    first = client.post(delete, data=fields)
    second = client.post(delete, data=fields)
    assert first.status_code == second.status_code == 303
    assert second.headers["Location"].endswith(f"/matches/{edit_token}")
    assert [h.bid for h in stored_hands(app, edit_token)] == [300]


# ============================================================================ the headers


def _shared_match(app, client) -> tuple[str, str, int]:
    edit_token = new_match(client)
    save_hand(client, edit_token, MADE_250)
    return edit_token, view_token(app, edit_token), stored_hands(app, edit_token)[0].id


def _refused_hand(client, edit_token, watch, hand_id):
    fields = filled(hand_form(client, edit_token), {"bid": 100001})
    return client.post(f"/matches/{edit_token}/hands", data=fields)


def _view_link_write(client, edit_token, watch):
    form = hand_form(client, edit_token)
    return client.post(f"/matches/watch/{watch}/hands", data=filled(form, MADE_300))


PAGES = {
    "home": lambda client, edit_token, watch, hand_id: client.get("/"),
    "new match": lambda client, edit_token, watch, hand_id: client.get("/matches/new"),
    "match": lambda client, edit_token, watch, hand_id: client.get(f"/matches/{edit_token}"),
    "match fragment": lambda client, edit_token, watch, hand_id: client.get(
        f"/matches/{edit_token}", headers=HTMX
    ),
    "view": lambda client, edit_token, watch, hand_id: client.get(f"/matches/watch/{watch}"),
    "edit hand": lambda client, edit_token, watch, hand_id: client.get(
        edit_url(edit_token, hand_id)
    ),
    "meld": lambda client, edit_token, watch, hand_id: client.get("/meld"),
    "rules": lambda client, edit_token, watch, hand_id: client.get("/rules"),
    "dice": lambda client, edit_token, watch, hand_id: client.get("/dice/new"),
    "404": lambda client, edit_token, watch, hand_id: client.get("/matches/no-such-link"),
    "403": lambda client, edit_token, watch, hand_id: _view_link_write(client, edit_token, watch),
    "422": _refused_hand,
}
NOT_PAGES = {
    "api": lambda client, edit_token, watch, hand_id: client.get(
        "/api/v1/pinochle/meld?hand=AH+10H+KH+QH+JH&partial=1"
    ),
    "api error": lambda client, edit_token, watch, hand_id: client.post(
        "/api/v1/pinochle/score", json={"hands": "nonsense"}
    ),
    "qr": lambda client, edit_token, watch, hand_id: client.get(
        f"/matches/{edit_token}/qr/view.svg"
    ),
    "poll": lambda client, edit_token, watch, hand_id: client.get(
        f"/matches/{edit_token}/live?since=0&over=0"
    ),
    "empty poll": lambda client, edit_token, watch, hand_id: client.get(
        f"/matches/{edit_token}/live?since=1&over=0"
    ),
}


@pytest.mark.parametrize("answer", [*PAGES, *NOT_PAGES])
def test_every_answer_carries_the_security_headers(app, client, answer):
    shared = _shared_match(app, client)
    response = {**PAGES, **NOT_PAGES}[answer](client, *shared)
    policy = response.headers.get("Content-Security-Policy", "")
    assert "frame-ancestors 'none'" in policy
    assert "'unsafe-inline'" not in policy and "'unsafe-eval'" not in policy
    assert "script-src 'self'" in policy
    assert response.headers.get("X-Content-Type-Options") == "nosniff"
    assert response.headers.get("Referrer-Policy") == "same-origin"
    assert response.headers.get("X-Frame-Options") == "DENY"


@pytest.mark.parametrize("answer", PAGES)
def test_no_page_has_an_inline_script_or_style(app, client, answer):
    shared = _shared_match(app, client)
    response = PAGES[answer](client, *shared)
    assert response.mimetype == "text/html"
    document = read(response)
    scripts = document.all("script")
    if answer != "match fragment":
        assert scripts, "the page loads no script at all"
    assert all(script.attrs.get("src") for script in scripts)
    assert all(not script.text for script in scripts)
    assert document.all("style") == []
    for node in document.walk():
        assert "style" not in node.attrs, node
        handlers = [name for name in node.attrs if name.startswith(("on", "hx-on"))]
        assert handlers == [], node
        assert not node.attrs.get("href", "").lower().startswith("javascript:"), node


def _set_cookie(response, name: str) -> str:
    found = [
        header for header in response.headers.getlist("Set-Cookie") if header.startswith(name + "=")
    ]
    assert len(found) == 1, response.headers.getlist("Set-Cookie")
    return found[0]


def test_the_session_cookie_a_form_page_sets_is_httponly_and_samesite_lax(client):
    cookie = _set_cookie(client.get("/matches/new"), "session")
    assert "HttpOnly" in cookie
    assert "SameSite=Lax" in cookie


def test_the_device_cookie_is_httponly_and_samesite_lax(client):
    cookie = _set_cookie(start_match(client), "device")
    assert "HttpOnly" in cookie
    assert "SameSite=Lax" in cookie


# ================================================================================ limits


@pytest.mark.parametrize("field", ["player_names-0", "side_names-1"])
def test_a_name_over_40_letters_is_refused_next_to_it_and_no_match_starts(app, client, field):
    response = start_match(client, typed={field: "N" * 41})
    assert response.status_code == 422
    assert f"{field}-error" in alerts(read(response))
    with app.app_context():
        assert db.session.scalar(db.select(func.count()).select_from(Match)) == 0
    assert start_match(client, typed={field: "N" * 40}).status_code == 303


@pytest.mark.parametrize("value", [100_001, 10**12, -1, -250])
@pytest.mark.parametrize("field", ["bid", "meld-0", "meld-1", "tricks-0", "tricks-1"])
def test_a_number_over_100000_or_below_0_is_refused_next_to_its_field(app, client, field, value):
    edit_token = new_match(client)
    fields = filled(hand_form(client, edit_token), {**MADE_250, field: value})
    response = client.post(f"/matches/{edit_token}/hands", data=fields)
    assert response.status_code == 422
    shown = alerts(read(response))
    assert "0 to 100000" in shown.get(f"{field}-error", ""), shown
    assert stored_hands(app, edit_token) == []


def test_meld_cards_over_200_letters_are_refused_next_to_them(app, client):
    edit_token = new_match(client)
    fields = filled(hand_form(client, edit_token), {**MADE_250, "cards-0": "AS " * 70})
    response = client.post(f"/matches/{edit_token}/hands", data=fields)
    assert response.status_code == 422
    assert "cards-0-error" in alerts(read(response))
    assert stored_hands(app, edit_token) == []


NEW_MATCH = {
    "game": "partnership",
    "fitted_for": "partnership",
    **{f"player_names-{seat}": name for seat, name in enumerate(("Ann", "Bob", "Cat", "Dan"))},
}


def test_the_fourth_write_in_a_minute_from_one_client_is_429_but_reads_are_free(
    tmp_path, build_site
):
    site = build_site(tmp_path, WTF_CSRF_ENABLED=False, WRITE_RATE_LIMIT="3 per minute")
    phone = site.test_client()
    answers = [phone.post("/matches/new", data=NEW_MATCH).status_code for _ in range(4)]
    assert answers == [303, 303, 303, 429]
    for _ in range(5):
        assert phone.get("/matches/new").status_code == 200
        assert phone.get("/").status_code == 200
    for _ in range(5):
        assert phone.get("/api/v1/pinochle/meld?hand=AH+10H+KH+QH+JH&partial=1").status_code == 200
        scored = phone.post("/api/v1/pinochle/score", json={"hands": []})
        assert scored.status_code != 429
    other_phone = site.test_client()
    other = other_phone.post(
        "/matches/new", data=NEW_MATCH, environ_base={"REMOTE_ADDR": "10.0.0.2"}
    )
    assert other.status_code == 303


def test_the_write_limit_counts_every_write_of_a_client_together(tmp_path, build_site):
    site = build_site(tmp_path, WTF_CSRF_ENABLED=False, WRITE_RATE_LIMIT="3 per minute")
    phone = site.test_client()
    created = [phone.post("/matches/new", data=NEW_MATCH) for _ in range(3)]
    assert [response.status_code for response in created] == [303, 303, 303]
    match_page = created[0].headers["Location"]
    assert phone.post(f"{match_page}/undo", data={}).status_code == 429
    assert phone.post("/dice/new", data={"kind": "yahtzee"}).status_code == 429


def test_the_write_limit_is_300_a_minute_unless_configured(app):
    assert app.config["WRITE_RATE_LIMIT"] == "300 per minute"


# ================================================================ posts no player would send

# Just past the largest whole number a database column holds.
PAST_INTEGERS = str(2**63)
TEXT = st.text(st.characters(codec="utf-8"), max_size=30)
JUNK = st.one_of(
    st.integers(-(10**30), 10**30).map(str),
    st.integers(-5, 400).map(str),
    TEXT,
    st.sampled_from(["", " ", "abc", "1.5", "1e9", "NaN", "-0", "0x10", "٣", "①", "\x00", "on"]),
    st.sampled_from([PAST_INTEGERS, str(-(2**63) - 1), str(10**20), "9" * 40]),
    st.builds(
        lambda letter, times: letter * times, st.characters(codec="utf-8"), st.integers(41, 4000)
    ),
    st.lists(st.integers(-3, 300).map(str), min_size=2, max_size=3),
)
# A changed field is left out (None) or replaced by junk.
CHANGED = st.one_of(st.none(), JUNK)
EXTRA_NAMES = [
    "version",
    "hand_version",
    "client_token",
    "csrf_token",
    "action",
    "number",
    "confirm",
    "meld-7",
    "tricks-3",
    "cards-9",
    "game",
    "kind",
    "fitted_for",
]
EXTRAS = st.dictionaries(st.sampled_from(EXTRA_NAMES), JUNK, max_size=3)
HEADERS = st.sampled_from([{}, HTMX])
# Which link a post is sent to: mostly the right one, else the view link, another match's,
# a made-up one, a near miss or junk.
TOKEN = st.one_of(
    st.just("right"),
    st.just("right"),
    st.just("right"),
    st.sampled_from(["view", "other", "random", "near", ""]),
    TEXT,
)
FUZZ = settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def posted(names: list[str]):
    """Changes to a form with these fields (the rest kept as drawn), plus unasked-for fields."""
    changes = st.dictionaries(st.sampled_from(names), CHANGED, max_size=len(names))
    return st.tuples(changes, EXTRAS)


def resolve(plan, drawn: dict[str, str]) -> dict[str, object]:
    """The form data of a drawn plan, against the form as the page drew it just now."""
    fields, extras = plan
    data: dict[str, object] = dict(drawn)
    for name, value in fields.items():
        if value is None:
            data.pop(name, None)
        else:
            data[name] = value
    data.update(extras)
    return data


def pick_token(choice: str, right: str, view: str, other: str) -> str:
    """The link a drawn choice stands for (junk text is sent as typed, quoted)."""
    known = {
        "right": right,
        "view": view,
        "other": other,
        "random": secrets.token_urlsafe(18),
        "near": near_miss(right),
    }
    return known.get(choice, quote(choice, safe=""))


@pytest.fixture(scope="module")
def fuzz_site(tmp_path_factory, build_site):
    """One site for every generated post (CSRF off: the junk is in the fields, not the token;
    no limits: thousands of posts, wrong links among them, go to it within a minute)."""
    return build_site(
        tmp_path_factory.mktemp("fuzz"),
        WTF_CSRF_ENABLED=False,
        WRITE_RATE_LIMIT="1000000 per minute",
        WRONG_TOKEN_LIMIT="1000000 per minute",
    )


def assert_harmless(site, send) -> object:
    """Send a post: never a 500, and a refused one leaves every table as it was."""
    before = every_row(site)
    response = send()
    assert response.status_code < 500
    if response.status_code >= 400:
        assert every_row(site) == before, response.status_code
    return response


LONG_GAME = {"rule-target": 1_000_000}


class Table:
    """A fuzzing phone with two matches on a long game, topped up with hands."""

    def __init__(self, site):
        self.site = site
        self.phone = site.test_client()
        self.other = new_match(self.phone, typed=LONG_GAME)
        save_hand(self.phone, self.other, MADE_250)
        self.start()

    def start(self) -> None:
        self.edit_token = new_match(self.phone, typed=LONG_GAME)
        self.view_token = view_token(self.site, self.edit_token)

    def still_playing(self) -> None:
        """Start another match if generated hands have won this one after all."""
        page = open_page(self.phone, f"/matches/{self.edit_token}")
        if page.one("form", action=f"/matches/{self.edit_token}/hands") is None:
            self.start()

    def top_up(self, hands: int = 2) -> list[Hand]:
        self.still_playing()
        while len(stored := stored_hands(self.site, self.edit_token)) < hands:
            save_hand(self.phone, self.edit_token, MADE_250)
        return stored

    def token(self, choice: str) -> str:
        return pick_token(choice, self.edit_token, self.view_token, self.other)

    def hand_id(self, choice) -> int:
        hands = self.top_up()
        if choice == "first":
            return hands[0].id
        if choice == "last":
            return hands[-1].id
        if choice == "other":
            # A generated delete sent with the other match's token may have emptied it.
            if not stored_hands(self.site, self.other):
                save_hand(self.phone, self.other, MADE_250)
            return stored_hands(self.site, self.other)[0].id
        return choice


HAND_FIELDS = [
    *MADE_250,
    "all_passed",
    "cards-0",
    "cards-2",
    "action",
    "version",
    "client_token",
    "hand_version",
]
HAND_ID = st.one_of(
    st.sampled_from(["first", "last"]),
    st.sampled_from(["first", "last", "other"]),
    st.sampled_from([0, 999_999, 2**31, 2**63, 10**20]),
)


def drawn_hand(table: Table, typed: dict[str, object]) -> dict[str, str]:
    """The hand form as the match page draws it, filled in as a player would."""
    table.still_playing()
    return filled(hand_form(table.phone, table.edit_token), typed)


@FUZZ
@given(
    plan=posted(
        [
            "game",
            "fitted_for",
            "player_names-0",
            "side_names-1",
            "first_dealer",
            "rule-target",
            "rule-min_bid",
            "rule-throw_in",
            "rule-pinochle",
        ]
    ),
    headers=HEADERS,
)
def test_generated_new_match_posts_never_fail_or_write_when_refused(fuzz_site, plan, headers):
    phone = fuzz_site.test_client()
    drawn = filled(form_to(open_page(phone, "/matches/new"), "/matches/new"))
    data = resolve(plan, drawn)
    assert_harmless(fuzz_site, lambda: phone.post("/matches/new", data=data, headers=headers))


@pytest.fixture(scope="module")
def fuzz_table(fuzz_site):
    return Table(fuzz_site)


@FUZZ
@given(plan=posted(HAND_FIELDS), token=TOKEN, headers=HEADERS)
@example(plan=({"version": PAST_INTEGERS}, {}), token="right", headers={})
def test_generated_hands_never_fail_or_write_when_refused(fuzz_table, plan, token, headers):
    table = fuzz_table
    data = resolve(plan, drawn_hand(table, MADE_250))
    url = f"/matches/{table.token(token)}/hands"
    assert_harmless(table.site, lambda: table.phone.post(url, data=data, headers=headers))


@FUZZ
@given(plan=posted(HAND_FIELDS), token=TOKEN, hand=st.one_of(st.none(), HAND_ID, TEXT))
def test_generated_previews_never_fail_and_never_write(fuzz_table, plan, token, hand):
    table = fuzz_table
    data = resolve(plan, drawn_hand(table, MADE_250))
    query = "" if hand is None else "?hand=" + quote(str(table.hand_id(hand)), safe="")
    url = f"/matches/{table.token(token)}/preview{query}"
    before = every_row(table.site)
    response = table.phone.post(url, data=data, headers=HTMX)
    assert response.status_code < 500
    assert every_row(table.site) == before


@FUZZ
@given(plan=posted(HAND_FIELDS), token=TOKEN, hand=HAND_ID, headers=HEADERS)
@example(plan=({"hand_version": PAST_INTEGERS}, {}), token="right", hand="first", headers={})
def test_generated_hand_edits_never_fail_or_write_when_refused(
    fuzz_table, plan, token, hand, headers
):
    table = fuzz_table
    first = table.top_up()[0]
    url = edit_url(table.edit_token, first.id)
    drawn = filled(form_to(open_page(table.phone, url), url), MADE_300)
    data = resolve(plan, drawn)
    target = edit_url(table.token(token), table.hand_id(hand))
    assert_harmless(table.site, lambda: table.phone.post(target, data=data, headers=headers))


@FUZZ
@given(extras=EXTRAS, token=TOKEN, hand=HAND_ID)
@example(extras={}, token="right", hand=int(PAST_INTEGERS))
def test_generated_deletes_never_fail_or_write_when_refused(fuzz_table, extras, token, hand):
    table = fuzz_table
    url = f"/matches/{table.token(token)}/hands/{table.hand_id(hand)}/delete"
    assert_harmless(table.site, lambda: table.phone.post(url, data=extras))


@FUZZ
@given(plan=posted(["version"]), token=TOKEN)
@example(plan=({"version": PAST_INTEGERS}, {}), token="right")
def test_generated_undos_never_fail_or_write_when_refused(fuzz_table, plan, token):
    table = fuzz_table
    table.top_up()
    page = open_page(table.phone, f"/matches/{table.edit_token}")
    data = resolve(plan, filled(form_to(page, f"/matches/{table.edit_token}/undo", class_="undo")))
    url = f"/matches/{table.token(token)}/undo"
    assert_harmless(table.site, lambda: table.phone.post(url, data=data))


@FUZZ
@given(extras=EXTRAS, token=TOKEN)
def test_generated_rematches_never_fail_or_write_when_refused(fuzz_table, extras, token):
    table = fuzz_table
    url = f"/matches/{table.token(token)}/rematch"
    assert_harmless(table.site, lambda: table.phone.post(url, data=extras))


# ------------------------------------------------------------------------------ dice


def dice_game(phone, kind: str) -> str:
    """Start a dice game for Ann and Bob; its address."""
    return dice_url(new_dice_game(phone, kind))


def dice_turns(site, address: str) -> list[int]:
    """The ids of a dice game's turns, in order."""
    link = address.rsplit("/", 1)[1]
    with site.app_context():
        if hasattr(DiceGame, "token"):
            game = db.session.scalar(db.select(DiceGame).where(DiceGame.token == link))
        else:
            game = db.session.get(DiceGame, int(link))
        return list(
            db.session.scalars(
                db.select(DiceTurn.id)
                .where(DiceTurn.game_id == game.id)
                .order_by(DiceTurn.position)
            )
        )


class DiceTable:
    """A fuzzing phone with a Yahtzee and a Farkle game, each with a turn or two."""

    def __init__(self, site):
        self.site = site
        self.phone = site.test_client()
        self.yahtzee = dice_game(self.phone, "yahtzee")
        self.farkle = dice_game(self.phone, "farkle")
        self.top_up()

    def top_up(self) -> None:
        """Keep two Yahtzee turns (Ann's and Bob's chance) on the sheet."""
        while len(dice_turns(self.site, self.yahtzee)) < 2:
            score(self.phone, self.yahtzee.rsplit("/", 1)[1], "33356", "chance")

    def address(self, choice: str, game: str) -> str:
        own = getattr(self, game)
        other = self.farkle if game == "yahtzee" else self.yahtzee
        link = own.rsplit("/", 1)[1]
        known = {
            "right": own,
            "view": own,
            "other": other,
            "random": "/dice/" + secrets.token_urlsafe(18),
            "near": "/dice/" + near_miss(link),
            "": "/dice/",
        }
        return known.get(choice, "/dice/" + quote(choice, safe=""))

    def turn_id(self, choice) -> int:
        self.top_up()
        turns = dice_turns(self.site, self.yahtzee)
        return {"first": turns[0], "last": turns[-1]}.get(choice, choice)


@pytest.fixture(scope="module")
def dice_table(fuzz_site):
    return DiceTable(fuzz_site)


@FUZZ
@given(
    plan=posted(
        [
            "kind",
            "fitted_for",
            "player_names-0",
            "player_names-1",
            "player_names-2",
            "rule-joker",
            "rule-target",
            "rule-opening_score",
        ]
    ),
    kind=st.sampled_from(["yahtzee", "triple", "farkle"]),
    headers=HEADERS,
)
def test_generated_new_dice_games_never_fail_or_write_when_refused(fuzz_site, plan, kind, headers):
    phone = fuzz_site.test_client()
    drawn = filled(form_to(open_page(phone, f"/dice/new?kind={kind}"), "/dice/new"))
    data = resolve(plan, {**drawn, "player_names-0": "Ann", "player_names-1": "Bob"})
    assert_harmless(fuzz_site, lambda: phone.post("/dice/new", data=data, headers=headers))


@FUZZ
@given(
    plan=posted(["dice", "slot", "confirm", "number"]),
    slot=st.sampled_from([*yahtzee.BOXES, "1:chance", "4:ones", "x"]),
    token=TOKEN,
    headers=HEADERS,
)
def test_generated_yahtzee_turns_never_fail_or_write_when_refused(
    dice_table, plan, slot, token, headers
):
    table = dice_table
    number = len(dice_turns(table.site, table.yahtzee)) + 1
    drawn = {"dice": "33356", "slot": slot, "confirm": slot, "number": str(number)}
    data = resolve(plan, drawn)
    url = table.address(token, "yahtzee") + "/turns"
    assert_harmless(table.site, lambda: table.phone.post(url, data=data, headers=headers))


@FUZZ
@given(plan=posted(["throws", "total", "action", "number"]), token=TOKEN, headers=HEADERS)
def test_generated_farkle_turns_never_fail_or_write_when_refused(dice_table, plan, token, headers):
    table = dice_table
    number = len(dice_turns(table.site, table.farkle)) + 1
    drawn = {"throws": "1 5\n2 2 2", "total": "", "action": "bank", "number": str(number)}
    data = resolve(plan, drawn)
    url = table.address(token, "farkle") + "/turns"
    assert_harmless(table.site, lambda: table.phone.post(url, data=data, headers=headers))


@FUZZ
@given(plan=posted(["throws", "total", "action"]), token=TOKEN)
def test_generated_farkle_previews_never_fail_and_never_write(dice_table, plan, token):
    table = dice_table
    data = resolve(plan, {"throws": "1 5\n2 2 2", "total": "", "action": "bank"})
    url = table.address(token, "farkle") + "/preview"
    before = every_row(table.site)
    assert table.phone.post(url, data=data, headers=HTMX).status_code < 500
    assert every_row(table.site) == before


@FUZZ
@given(
    plan=posted(["dice", "box", "column"]),
    turn=st.one_of(st.sampled_from(["first", "last"]), st.sampled_from([0, 2**31, 10**20])),
    token=TOKEN,
)
def test_generated_dice_turn_edits_never_fail_or_write_when_refused(dice_table, plan, turn, token):
    table = dice_table
    data = resolve(plan, {"dice": "33356", "box": "chance", "column": "1"})
    url = f"{table.address(token, 'yahtzee')}/turns/{table.turn_id(turn)}/edit"
    assert_harmless(table.site, lambda: table.phone.post(url, data=data))


@FUZZ
@given(extras=EXTRAS, token=TOKEN, game=st.sampled_from(["yahtzee", "farkle"]))
def test_generated_dice_undos_never_fail_or_write_when_refused(dice_table, extras, token, game):
    table = dice_table
    table.top_up()
    url = table.address(token, game) + "/undo"
    assert_harmless(table.site, lambda: table.phone.post(url, data=extras))


@FUZZ
@given(extras=EXTRAS, token=TOKEN, game=st.sampled_from(["yahtzee", "farkle"]))
def test_generated_play_again_posts_never_fail_or_write_when_refused(
    dice_table, extras, token, game
):
    table = dice_table
    url = table.address(token, game) + "/again"
    assert_harmless(table.site, lambda: table.phone.post(url, data=extras))


def test_behind_one_trusted_proxy_the_write_limit_counts_each_phone(
    tmp_path, monkeypatch, build_site
):
    monkeypatch.setenv("TRUSTED_PROXY_HOPS", "1")
    site = build_site(tmp_path, WTF_CSRF_ENABLED=False, WRITE_RATE_LIMIT="1 per minute")
    proxy = site.test_client()
    first = {"X-Forwarded-For": "203.0.113.7"}
    second = {"X-Forwarded-For": "203.0.113.8"}
    assert proxy.post("/matches/new", data=NEW_MATCH, headers=first).status_code == 303
    assert proxy.post("/matches/new", data=NEW_MATCH, headers=first).status_code == 429
    assert proxy.post("/matches/new", data=NEW_MATCH, headers=second).status_code == 303
