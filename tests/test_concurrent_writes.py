"""Several phones writing at once, against the real site served on loopback (issue 6).

The site runs in a thread behind werkzeug's threaded server, with CSRF protection on and a
SQLite file database, and the phones talk to it over HTTP (http.client, one cookie jar per
phone). Each race starts the requests together: every thread connects first, then waits on
a barrier, then sends. Every loop is bounded in count and time; no request may answer 500.
"""

from __future__ import annotations

import http.client
import secrets
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from http.cookiejar import CookieJar
from typing import Any
from urllib.parse import urlencode, urlsplit
from urllib.request import Request

import pytest
from flask import Flask
from werkzeug.serving import WSGIRequestHandler, make_server

from scorekeeper.extensions import db
from scorekeeper.models import Change, Hand, Match
from tests.helpers.html import Element, fields_of, links, read, value_of
from tests.helpers.play import hand_form as drawn_hand_form
from tests.helpers.play import match_url, new_match, open_page

THREADS = 20
TIMEOUT = 30  # seconds: one request, one barrier, one thread join
HEARTS, SPADES = 1, 0
CONFLICT = "another phone changed the match"
EDIT_CONFLICT = "Another phone changed hand 1 while you were editing it"


# ------------------------------------------------------------------------- the live site


class QuietHandler(WSGIRequestHandler):
    """Log only what went wrong, so a failing race stays readable."""

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        if str(code).isdigit() and int(code) >= 500:
            super().log_request(code, size)


class InFlight:
    """Counts the requests the site is serving at once, and the most it has seen."""

    def __init__(self, wsgi_app: Callable[..., Any]) -> None:
        self.wsgi_app = wsgi_app
        self.lock = threading.Lock()
        self.now = 0
        self.peak = 0

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Any:
        with self.lock:
            self.now += 1
            self.peak = max(self.peak, self.now)
        body = self.wsgi_app(environ, start_response)
        try:
            return list(body)  # the whole answer, so it counts until it is written
        finally:
            close = getattr(body, "close", None)
            if close is not None:
                close()
            with self.lock:
                self.now -= 1

    def reset(self) -> None:
        with self.lock:
            self.peak = self.now


@dataclass
class Site:
    """The running site: its address, the app (to read the database directly) and a count
    of the requests it served at once (to know a race really overlapped)."""

    url: str
    app: Flask
    in_flight: InFlight

    @property
    def host(self) -> str:
        return urlsplit(self.url).hostname or ""

    @property
    def port(self) -> int:
        return urlsplit(self.url).port or 80


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory, make_site) -> Iterator[Site]:
    """The real site on 127.0.0.1 (a free port), threaded, CSRF on, its own database."""
    root = tmp_path_factory.mktemp("concurrent")
    app = make_site(root, SECRET_KEY="concurrent", WRITE_RATE_LIMIT="10000 per minute")
    assert app.config.get("WTF_CSRF_ENABLED", True), "CSRF protection must stay on"
    in_flight = InFlight(app.wsgi_app)
    app.wsgi_app = in_flight  # type: ignore[method-assign]
    server = make_server("127.0.0.1", 0, app, threaded=True, request_handler=QuietHandler)
    thread = threading.Thread(target=server.serve_forever, name="concurrent-site", daemon=True)
    thread.start()
    try:
        yield Site(f"http://127.0.0.1:{server.server_port}", app, in_flight)
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=TIMEOUT)
        with app.app_context():
            db.engine.dispose()
    assert not thread.is_alive(), "the server thread did not stop"


# ------------------------------------------------------------------ reading forms in HTML


def form_posting_to(html: str, ending: str) -> Element:
    """The page's post form whose action ends with ``ending`` (exactly one)."""
    forms = [
        form
        for form in read(html).all("form", method="post")
        if form.attrs.get("action", "").endswith(ending)
    ]
    assert len(forms) == 1, f"{len(forms)} forms post to …{ending}"
    return forms[0]


# ------------------------------------------------------------------------------- a phone


@dataclass
class Answer:
    """What the site answered: status, headers and the body as text."""

    status: int
    headers: http.client.HTTPMessage
    body: str

    @property
    def location(self) -> str:
        return urlsplit(self.headers.get("Location", "")).path

    # What tests/helpers read of an answer, named as on a Flask response.
    @property
    def status_code(self) -> int:
        return self.status

    def get_data(self, as_text: bool = False) -> str:
        return self.body


class Phone:
    """One phone: its own cookie jar (session with its CSRF token, device cookie).

    Requests go out over http.client, one connection each, never following redirects, so
    every 303 and 409 is seen as the site sent it.
    """

    def __init__(self, site: Site) -> None:
        self.site = site
        self.jar = CookieJar()

    def connect(self) -> http.client.HTTPConnection:
        connection = http.client.HTTPConnection(self.site.host, self.site.port, timeout=TIMEOUT)
        connection.connect()
        return connection

    def send(
        self,
        method: str,
        path: str,
        fields: dict[str, Any] | list[tuple[str, str]] | None = None,
        connection: http.client.HTTPConnection | None = None,
        headers: dict[str, str] | None = None,
    ) -> Answer:
        """One request on a connection of its own (or the one given, opened beforehand)."""
        request = Request(self.site.url + path, method=method, headers=headers or {})
        self.jar.add_cookie_header(request)
        headers = dict(request.header_items())
        body = None
        if fields is not None:
            body = urlencode(fields, doseq=True)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        connection = connection or self.connect()
        try:
            connection.request(method, path, body=body, headers=headers)
            response = connection.getresponse()
            text = response.read().decode()
            self.jar.extract_cookies(response, request)
            answer = Answer(response.status, response.headers, text)
        finally:
            connection.close()
        assert answer.status != 500, f"{method} {path} answered 500:\n{answer.body[:2000]}"
        return answer

    def get(self, path: str, headers: dict[str, str] | None = None) -> Answer:
        answer = self.send("GET", path, headers=headers)
        assert answer.status == 200, f"GET {path} answered {answer.status}"
        return answer

    def post(
        self,
        path: str,
        data: dict[str, Any] | list[tuple[str, str]],
        headers: dict[str, str] | None = None,
    ) -> Answer:
        return self.send("POST", path, data, headers=headers)

    def csrf_token(self) -> str:
        """A CSRF token of this phone's session (from the new-match form)."""
        return fields_of(form_posting_to(self.get("/matches/new").body, "/matches/new"))[
            "csrf_token"
        ]


@dataclass
class Shared:
    """A match as its first phone sees it: the edit link's and the view link's tokens."""

    edit_token: str
    view_token: str

    @property
    def page(self) -> str:
        return f"/matches/{self.edit_token}"

    @property
    def hands(self) -> str:
        return f"/matches/{self.edit_token}/hands"


def shared_match(phone: Phone) -> Shared:
    """New match through the form (partnership, default names and rules): its two links."""
    form = form_posting_to(phone.get("/matches/new").body, "/matches/new")
    assert value_of(form, "csrf_token"), "the new-match form carries no CSRF token"
    edit_token = new_match(phone)
    watch = [link for link in links(open_page(phone, match_url(edit_token))) if "/watch/" in link]
    assert watch, "the match page shows no view link"
    return Shared(edit_token, urlsplit(watch[0]).path.removeprefix("/matches/watch/"))


def hand_form(phone: Phone, shared: Shared) -> dict[str, str]:
    """Every field of the next hand's form as this phone draws it (the hidden ones too)."""
    values = fields_of(drawn_hand_form(phone, shared.edit_token))
    for name in ("csrf_token", "version", "client_token"):
        assert values.get(name), f"the hand form has no {name}"
    return values


def a_hand(us_tricks: int = 190, us_meld: int = 120, them_meld: int = 60) -> dict[str, str]:
    """A made hand of a partnership match: the first player bids 300 in hearts."""
    return {
        "bidder": "0",
        "bid": "300",
        "trump": str(HEARTS),
        "meld-0": str(us_meld),
        "meld-1": str(them_meld),
        "tricks-0": str(us_tricks),
        "tricks-1": str(250 - us_tricks),
        "action": "save",
    }


# ------------------------------------------------------------------ the database, directly


def stored(site: Site, shared: Shared) -> dict[str, Any]:
    """The match's version, its hands (entries, version, form token) and its changes."""
    with site.app.app_context():
        match = db.session.execute(
            db.select(Match).where(Match.edit_token == shared.edit_token)
        ).scalar_one()
        hands = (
            db.session.execute(
                db.select(Hand).where(Hand.match_id == match.id).order_by(Hand.position)
            )
            .scalars()
            .all()
        )
        changes = db.session.execute(
            db.select(Change.kind).where(Change.match_id == match.id).order_by(Change.id)
        ).scalars()
        return {
            "version": match.version,
            "hands": [
                {
                    "id": hand.id,
                    "position": hand.position,
                    "version": hand.version,
                    "client_token": hand.client_token,
                    **hand.entries(),
                }
                for hand in hands
            ],
            "changes": list(changes),
        }


# ---------------------------------------------------------------------------------- races


def race(jobs: list[Callable[[http.client.HTTPConnection], Answer]], phones: list[Phone]) -> list:
    """Run each job in its own thread, all sent at once; their answers, in job order.

    Every thread opens its connection before the barrier, so the requests leave together.
    A thread that fails or hangs fails the test (bounded by TIMEOUT).
    """
    phones[0].site.in_flight.reset()
    barrier = threading.Barrier(len(jobs))
    answers: list[Answer | None] = [None] * len(jobs)
    errors: list[BaseException] = []

    def run(index: int) -> None:
        try:
            connection = phones[index].connect()
            try:
                barrier.wait(timeout=TIMEOUT)
            except BaseException:
                connection.close()
                raise
            answers[index] = jobs[index](connection)
        except BaseException as error:  # reported in the test's thread below
            errors.append(error)
            barrier.abort()

    threads = [
        threading.Thread(target=run, args=(index,), name=f"phone-{index}")
        for index in range(len(jobs))
    ]
    started = time.monotonic()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=max(0.1, started + 2 * TIMEOUT - time.monotonic()))
    assert not any(thread.is_alive() for thread in threads), "a request hung"
    if errors:
        raise errors[0]
    assert all(answer is not None for answer in answers)
    return answers


def statuses(answers: list[Answer]) -> list[int]:
    return sorted(answer.status for answer in answers)


def unexpected(answers: list[Answer]) -> list[tuple[int, list[str]]]:
    """Each answer's status, with its alerts when it was neither a 303 nor a 409."""
    return [(a.status, [] if a.status in (303, 409) else alerts(a.body)) for a in answers]


def alerts(html: str) -> list[str]:
    """The messages a page shows in its alerts (why a form was refused)."""
    return [element.text for element in read(html).all(role="alert")]


# ----------------------------------------------------------------------------------- tests


def test_twenty_taps_of_one_save_record_one_hand(site: Site) -> None:
    """20 threads post the very same hand form (one form token) at once: one hand, all 303."""
    phone = Phone(site)
    shared = shared_match(phone)
    form = {**hand_form(phone, shared), **a_hand()}

    answers = race(
        [
            lambda connection: phone.send("POST", shared.hands, form, connection)
            for _ in range(THREADS)
        ],
        [phone] * THREADS,
    )

    assert site.in_flight.peak > 1, "the taps did not reach the site together"
    odd = [(a.status, alerts(a.body)) for a in answers if a.status != 303]
    assert statuses(answers) == [303] * THREADS, f"not every tap answered 303: {odd}"
    assert {answer.location for answer in answers} == {shared.page}
    after = stored(site, shared)
    assert len(after["hands"]) == 1
    assert after["hands"][0]["client_token"] == form["client_token"]
    assert after["hands"][0]["tricks"] == [190, 60]
    assert after["changes"] == ["add"]
    assert after["version"] == 1
    assert 'id="hand-1"' in phone.get(shared.page).body


def test_twenty_phones_saving_different_hands_at_once_record_one(site: Site) -> None:
    """20 phones, each with its own hand drawn at the same version: one saved, 19 conflicts."""
    first = Phone(site)
    shared = shared_match(first)
    phones = [first] + [Phone(site) for _ in range(THREADS - 1)]
    forms = []
    for number, phone in enumerate(phones):
        hidden = hand_form(phone, shared)
        assert hidden["version"] == "0"
        forms.append({**hidden, **a_hand(us_tricks=50 + 10 * number)})
    assert len({form["client_token"] for form in forms}) == THREADS

    answers = race(
        [
            lambda connection, phone=phone, form=form: phone.send(
                "POST", shared.hands, form, connection
            )
            for phone, form in zip(phones, forms, strict=True)
        ],
        phones,
    )

    assert site.in_flight.peak > 1, "the saves did not reach the site together"
    assert statuses(answers) == [303] + [409] * (THREADS - 1), unexpected(answers)
    winner = next(index for index, answer in enumerate(answers) if answer.status == 303)
    after = stored(site, shared)
    assert len(after["hands"]) == 1
    assert after["hands"][0]["client_token"] == forms[winner]["client_token"]
    assert after["hands"][0]["tricks"] == [50 + 10 * winner, 200 - 10 * winner]
    assert after["changes"] == ["add"]
    assert after["version"] == 1
    for answer in answers:
        if answer.status == 409:
            assert CONFLICT in answer.body
            assert "hand 1 was saved" in answer.body
            assert "Yours was not saved" in answer.body


def test_saving_again_after_a_conflict_records_the_hand(site: Site) -> None:
    """The conflict says "save again": the redrawn form must carry the version now stored.

    Ann and Bob draw hand 1 at version 0; Ann saves first, Bob gets the conflict. Bob's
    redrawn form (what htmx swaps into his page) keeps his entries; saving it again is
    the next hand, not another conflict.
    """
    ann, bob = Phone(site), Phone(site)
    shared = shared_match(ann)
    ann_form = {**hand_form(ann, shared), **a_hand()}
    bob_form = {**hand_form(bob, shared), **a_hand(us_tricks=200)}
    assert ann.post(shared.hands, ann_form).status == 303
    conflict = bob.post(shared.hands, bob_form)
    assert conflict.status == 409
    assert CONFLICT in conflict.body
    redrawn = fields_of(form_posting_to(conflict.body, "/hands"))
    assert redrawn["tricks-0"] == "200"
    # "Save mine as hand 2" is a new form: a one-time token of its own.
    assert redrawn["client_token"] != bob_form["client_token"]
    stored_version = stored(site, shared)["version"]

    again = bob.post(shared.hands, redrawn)

    assert (redrawn["version"], again.status) == (str(stored_version), 303), alerts(again.body)
    after = stored(site, shared)
    assert [hand["tricks"] for hand in after["hands"]] == [[190, 60], [200, 50]]


def test_two_phones_editing_one_hand_at_once_one_wins_one_conflicts(site: Site) -> None:
    """Two phones open the edit form of hand 1 and save different edits at once."""
    ann, bob = Phone(site), Phone(site)
    shared = shared_match(ann)
    saved = ann.post(shared.hands, {**hand_form(ann, shared), **a_hand()})
    assert saved.status == 303
    hand_id = stored(site, shared)["hands"][0]["id"]
    edit = f"{shared.page}/hands/{hand_id}/edit"
    edits = {}
    for phone, us_meld in ((ann, 140), (bob, 100)):
        form = fields_of(form_posting_to(phone.get(edit).body, "/edit"))
        assert form["hand_version"] == "0"
        assert form["meld-0"] == "120"
        edits[phone] = {**form, "meld-0": str(us_meld), "action": "save"}

    answers = race(
        [
            lambda connection, phone=phone: phone.send("POST", edit, edits[phone], connection)
            for phone in (ann, bob)
        ],
        [ann, bob],
    )

    assert statuses(answers) == [303, 409], unexpected(answers)
    winner, loser = (ann, bob) if answers[0].status == 303 else (bob, ann)
    lost = answers[1] if winner is ann else answers[0]
    after = stored(site, shared)
    assert len(after["hands"]) == 1
    hand = after["hands"][0]
    assert hand["meld"] == [int(edits[winner]["meld-0"]), 60]
    assert hand["version"] == 1
    assert after["changes"] == ["add", "edit"]
    assert after["version"] == 2
    assert EDIT_CONFLICT in lost.body
    assert "Your change was not saved" in lost.body
    assert fields_of(form_posting_to(lost.body, "/edit"))["meld-0"] == edits[loser]["meld-0"]


def test_saving_an_edit_again_after_a_conflict_replaces_the_other(site: Site) -> None:
    """The edit conflict says "save again to replace theirs": that second save must work."""
    ann, bob = Phone(site), Phone(site)
    shared = shared_match(ann)
    assert ann.post(shared.hands, {**hand_form(ann, shared), **a_hand()}).status == 303
    hand_id = stored(site, shared)["hands"][0]["id"]
    edit = f"{shared.page}/hands/{hand_id}/edit"
    ann_edit = {**fields_of(form_posting_to(ann.get(edit).body, "/edit")), "meld-0": "140"}
    bob_edit = {**fields_of(form_posting_to(bob.get(edit).body, "/edit")), "meld-0": "100"}
    assert ann.post(edit, ann_edit).status == 303
    conflict = bob.post(edit, bob_edit)
    assert conflict.status == 409
    assert EDIT_CONFLICT in conflict.body
    redrawn = fields_of(form_posting_to(conflict.body, "/edit"))
    assert redrawn["meld-0"] == "100"
    hand_version = stored(site, shared)["hands"][0]["version"]

    again = bob.post(edit, redrawn)

    assert (redrawn["hand_version"], again.status) == (str(hand_version), 303), alerts(again.body)
    assert stored(site, shared)["hands"][0]["meld"] == [100, 60]


def test_two_phones_editing_one_hand_race_after_race(site: Site) -> None:
    """The same race, five times over: always one success and one conflict, never a 500."""
    ann, bob = Phone(site), Phone(site)
    shared = shared_match(ann)
    assert ann.post(shared.hands, {**hand_form(ann, shared), **a_hand()}).status == 303
    hand_id = stored(site, shared)["hands"][0]["id"]
    edit = f"{shared.page}/hands/{hand_id}/edit"
    for round_number in range(5):
        forms = {}
        for phone, us_meld in ((ann, 150 + 20 * round_number), (bob, 160 + 20 * round_number)):
            form = fields_of(form_posting_to(phone.get(edit).body, "/edit"))
            assert form["hand_version"] == str(round_number)
            forms[phone] = {**form, "meld-0": str(us_meld), "action": "save"}

        answers = race(
            [
                lambda connection, phone=phone, form=forms[phone]: phone.send(
                    "POST", edit, form, connection
                )
                for phone in (ann, bob)
            ],
            [ann, bob],
        )

        assert statuses(answers) == [303, 409], (round_number, unexpected(answers))
        winner = ann if answers[0].status == 303 else bob
        hand = stored(site, shared)["hands"][0]
        assert hand["meld"][0] == int(forms[winner]["meld-0"])
        assert hand["version"] == round_number + 1


def test_the_view_link_cannot_write(site: Site) -> None:
    """Every write sent to the view link, or under it, is a 403 and changes nothing."""
    owner, watcher = Phone(site), Phone(site)
    shared = shared_match(owner)
    assert owner.post(shared.hands, {**hand_form(owner, shared), **a_hand()}).status == 303
    before = stored(site, shared)
    hand_id = before["hands"][0]["id"]
    watch = f"/matches/watch/{shared.view_token}"
    page = watcher.get(watch).body
    assert "view only" in page
    assert not [form for form in read(page).all("form") if "/hands" in form.attrs["action"]]
    # The watcher's own session token, as any visitor can get one: CSRF is satisfied, so
    # nothing but the view link stops these writes.
    token = watcher.csrf_token()
    new_hand = {"csrf_token": token, "client_token": secrets.token_urlsafe(16), **a_hand(200)}
    new_hand["version"] = str(before["version"])
    targets = [
        "",
        "/hands",
        f"/hands/{hand_id}/edit",
        f"/hands/{hand_id}/delete",
        "/undo",
        "/rematch",
        "/preview",
        "/live",
    ]
    answers = {}
    for target in targets:
        for method in ("POST", "PUT", "PATCH", "DELETE"):
            answer = watcher.send(method, watch + target, new_hand)
            answers[method, target] = answer.status
            if answer.status == 403:
                assert "view-only link" in answer.body
    wrong = {key: status for key, status in answers.items() if status != 403}
    assert not wrong, f"writes to the view link that were not a 403: {wrong}"
    assert stored(site, shared) == before
    # The view token in place of the edit token opens nothing: 404, and still no write.
    as_edit = f"/matches/{shared.view_token}"
    for target in ("/hands", f"/hands/{hand_id}/edit", "/undo", "/rematch"):
        assert watcher.post(as_edit + target, new_hand).status == 404, target
    assert stored(site, shared) == before
