"""The server's own faults, answered honestly: a database that is full, read-only or not
answering is a 503 with ``Retry-After`` and a sentence saying which, on a page and in the
API (JSON), never "Something went wrong". Nothing is lost: the refused hand is not stored,
every hand saved before it stays, and the same hand sent again when the fault is over
lands, once.

The faults are the database's own where it can give them: SQLite's page limit
(``max_page_count``) fills its file as a full disk does, ``query_only`` and PostgreSQL's
``default_transaction_read_only`` refuse writes as a read-only database does, and a
connection sent to a closed port of 127.0.0.1 (or a SQLite file in a folder that is not
there) is refused by the driver as a stopped server is. PostgreSQL cannot be filled from a
test, so there its driver's DiskFull (SQLSTATE 53100) is raised where the hand is written.
On PostgreSQL the server is also really stopped and started again.
"""

from __future__ import annotations

import os
import subprocess
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from sqlalchemy import event, text

from scorekeeper.extensions import db
from scorekeeper.models import Hand
from tests.helpers.html import filled, read
from tests.helpers.play import hand_form, match_url, new_match, open_page, saved
from tests.helpers.stored import every_row
from tests.test_serve import free_port

# A save the page's offline queue keeps (static/trust.js says so in a header).
KEPT_ON_PHONE = {"HX-Request": "true", "X-Kept-On-Phone": "1"}
SPADES = 0
KEPT = "Nothing you typed is lost; it will be sent again."


def hand(number: int) -> dict[str, object]:
    """A whole hand as the form takes it: the bidder's side set by turns, so the match
    never ends however many hands are played (the totals swing between 0 and ±250)."""
    bidder = number % 2  # player 0 sits on side 0, player 1 on side 1
    tricks = [0, 0]
    tricks[1 - bidder] = 250
    return {
        "action": "save",
        "bidder": bidder,
        "bid": 250,
        "trump": SPADES,
        "meld-0": 0,
        "meld-1": 0,
        "tricks-0": tricks[0],
        "tricks-1": tricks[1],
    }


@pytest.fixture
def site(make_site, tmp_path):
    """A site as `make run` serves it (not in testing mode: a bug is a 500, not raised),
    CSRF protection on."""
    return make_site(tmp_path, SECRET_KEY="faults", MATCH_PAGE_CACHE_BYTES=0)


def backend(site) -> str:
    with site.app_context():
        return db.engine.url.get_backend_name()


def stored_hands(site) -> int:
    with site.app_context():
        return db.session.scalar(db.select(db.func.count()).select_from(Hand))


def assert_honest_503(answer, what: str, *, kept: bool = True) -> None:
    """A 503 that says what failed and when to try again, on a page of the site's own."""
    assert answer.status_code == 503, answer.status_code
    assert 1 <= int(answer.headers["Retry-After"]) <= 120
    assert answer.headers["Cache-Control"] == "no-store"
    said = read(answer).one("main").text
    assert f"The scores could not be saved: {what}." in said, said
    assert (KEPT in said) is kept, said
    assert "Something went wrong" not in said


@contextmanager
def database_event(site, name: str, listener) -> Iterator[None]:
    """A listener on the site's engine for the duration, every pooled connection dropped
    before and after (so each connection made meanwhile meets it, and none outlives it)."""
    with site.app_context():
        engine = db.engine
    engine.dispose()
    event.listen(engine, name, listener)
    try:
        yield
    finally:
        event.remove(engine, name, listener)
        engine.dispose()


# ------------------------------------------------------------------------- a full disk


@contextmanager
def full_disk(site) -> Iterator[None]:
    """The database can grow no more: SQLite's file is held at the pages it has now;
    PostgreSQL's driver gives the server's 'No space left on device' as a hand is written."""
    if backend(site) == "sqlite":
        with site.app_context():
            pages = db.session.execute(text("PRAGMA page_count")).scalar_one()
            db.session.remove()

        def held(dbapi_connection, record):
            dbapi_connection.execute(f"PRAGMA max_page_count = {pages}")

        with database_event(site, "connect", held):
            yield
        return
    from psycopg.errors import DiskFull

    def no_space(connection, cursor, statement, parameters, context, executemany):
        if statement.lstrip().upper().startswith("INSERT INTO HAND "):
            raise DiskFull('could not extend file "base/16384/16390": No space left on device')

    with database_event(site, "before_cursor_execute", no_space):
        yield


def test_a_full_disk_is_a_503_that_says_so_and_loses_nothing(site):
    phone = site.test_client()
    token = new_match(phone)
    with full_disk(site):
        for number in range(1, 400):
            form = hand_form(phone, token)
            answer = phone.post(
                form.attrs["action"], data=filled(form, hand(number)), headers=KEPT_ON_PHONE
            )
            if answer.status_code != 303:
                break
        kept_hands = stored_hands(site)
        assert kept_hands == number - 1
        assert_honest_503(answer, "the server's disk is full")
        before = every_row(site)
        # Sent again while the disk is still full: refused the same way, nothing written.
        again = phone.post(
            form.attrs["action"], data=filled(form, hand(number)), headers=KEPT_ON_PHONE
        )
        assert_honest_503(again, "the server's disk is full")
        assert every_row(site) == before
        # Reading goes on: the match page stands after every hand saved.
        next_hand = open_page(phone, match_url(token)).by_id("next-hand")
        assert next_hand.text.strip() == f"Hand {kept_hands + 1}"
    # Space freed: the same hand (the same one-time token) lands, once.
    saved(phone.post(form.attrs["action"], data=filled(form, hand(number))), match_url(token))
    saved(phone.post(form.attrs["action"], data=filled(form, hand(number))), match_url(token))
    assert stored_hands(site) == number


@pytest.mark.parametrize(
    "headers", [{}, {"HX-Request": "true"}], ids=["no script", "htmx, not kept"]
)
def test_a_full_disk_for_a_save_not_kept_on_the_phone_says_to_send_it_again(site, headers):
    phone = site.test_client()
    token = new_match(phone)
    with full_disk(site):
        for number in range(1, 400):
            form = hand_form(phone, token)
            answer = phone.post(
                form.attrs["action"], data=filled(form, hand(number)), headers=headers
            )
            if answer.status_code != 303:
                break
        assert_honest_503(answer, "the server's disk is full", kept=False)
        assert "send it again" in read(answer).one("main").text


# ---------------------------------------------------------------------- read-only


def read_only(site):
    """Every connection made from now on refuses to write, as a read-only database does."""
    if backend(site) == "sqlite":

        def refuse(dbapi_connection, record):
            dbapi_connection.execute("PRAGMA query_only = 1")
    else:

        def refuse(dbapi_connection, record):
            with dbapi_connection.cursor() as cursor:
                cursor.execute("SET default_transaction_read_only = on")
            dbapi_connection.commit()

    return database_event(site, "connect", refuse)


def test_a_read_only_database_is_a_503_that_says_so_and_loses_nothing(site):
    phone = site.test_client()
    token = new_match(phone)
    form = hand_form(phone, token)
    before = every_row(site)
    with read_only(site):
        answer = phone.post(form.attrs["action"], data=filled(form, hand(1)), headers=KEPT_ON_PHONE)
        assert_honest_503(answer, "the server's database is read-only just now")
        # The match is still there to read.
        assert open_page(phone, match_url(token)).by_id("next-hand") is not None
    assert every_row(site) == before
    saved(phone.post(form.attrs["action"], data=filled(form, hand(1))), match_url(token))
    assert stored_hands(site) == 1


# ----------------------------------------------------------- a database not answering


def unreachable(site):
    """Every connection made from now on finds no database: PostgreSQL's goes to a closed
    port of 127.0.0.1 (refused, as by a stopped server), SQLite's to a folder not there."""
    closed_port = free_port()

    def nowhere(dialect, connection_record, cargs, cparams):
        if "port" in cparams or "host" in cparams:
            cparams.update(host="127.0.0.1", port=closed_port)
        else:
            cargs[0] = "/nonexistent-folder-of-the-test/scorekeeper.sqlite3"

    if backend(site) == "postgresql":
        end_every_connection(site)
    return database_event(site, "do_connect", nowhere)


def end_every_connection(site) -> None:
    """End the server processes of the site's connections, as a stopping server does."""
    with site.app_context():
        db.session.execute(
            text(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                " WHERE datname = current_database() AND pid <> pg_backend_pid()"
            )
        )
        db.session.remove()


def test_a_database_that_does_not_answer_is_a_503_and_the_next_request_works(site):
    phone = site.test_client()
    token = new_match(phone)
    form = hand_form(phone, token)
    before = every_row(site)
    with unreachable(site):
        answers = [
            phone.post(form.attrs["action"], data=filled(form, hand(1)), headers=KEPT_ON_PHONE)
            for _ in range(22)
        ]
        for answer in answers:
            assert_honest_503(answer, "the server's database is not answering")
        assert int(answers[0].headers["Retry-After"]) <= 10
        page = phone.get(match_url(token))
        assert page.status_code == 503
        assert "This page could not be read" in read(page).one("main").text
    # Back: the next request works, and the hand sent again lands once.
    assert every_row(site) == before
    assert phone.get(match_url(token)).status_code == 200
    saved(phone.post(form.attrs["action"], data=filled(form, hand(1))), match_url(token))
    assert stored_hands(site) == 1


def test_the_api_answers_a_database_that_does_not_answer_with_a_json_503(site):
    client = site.test_client()
    with unreachable(site):
        answer = client.get("/api/v1/groups/" + "D" * 24 + "/stats")
    assert answer.status_code == 503
    assert answer.is_json and set(answer.get_json()) == {"error"}
    assert "the server's database is not answering" in answer.get_json()["error"]
    assert int(answer.headers["Retry-After"]) >= 1
    assert answer.headers["Cache-Control"] == "no-store"
    assert client.get("/api/v1/groups/" + "D" * 24 + "/stats").status_code == 404


def test_a_bug_in_a_query_is_still_a_500_not_a_fault(site):
    # Only the database's faults are 503s: an error in the statement itself is a bug.
    def broken(connection, cursor, statement, parameters, context, executemany):
        if statement.lstrip().upper().startswith("INSERT INTO HAND "):
            return "INSERT INTO no_such_table VALUES (1)", parameters

    phone = site.test_client()
    token = new_match(phone)
    form = hand_form(phone, token)
    with site.app_context():
        engine = db.engine
    event.listen(engine, "before_cursor_execute", broken, retval=True)
    try:
        answer = phone.post(form.attrs["action"], data=filled(form, hand(1)))
    finally:
        event.remove(engine, "before_cursor_execute", broken)
    assert answer.status_code == 500


# ----------------------------------------------------- PostgreSQL really stopped


def postgres_control(site) -> tuple[list[str], Path]:
    """How to run pg_ctl on the test's server (as its owner), and its data folder."""
    with site.app_context():
        data = Path(db.session.execute(text("SHOW data_directory")).scalar_one())
        db.session.remove()
    pg_ctl = sorted(Path("/usr/lib/postgresql").glob("*/bin/pg_ctl"))[-1]
    owner = [] if os.getuid() != 0 else ["runuser", "-u", "postgres", "--"]
    return [*owner, str(pg_ctl)], data


def test_postgresql_stopped_and_started_again_costs_503s_only(site):
    """On PostgreSQL the server itself is stopped (its options kept) and started again while
    the phone keeps saving; on SQLite, which has no server, the file is out of reach."""
    phone = site.test_client()
    token = new_match(phone)
    form = hand_form(phone, token)
    answers: list[int] = []
    if backend(site) == "postgresql":
        pg_ctl, data = postgres_control(site)
        options = (data / "postmaster.opts").read_text().split(" ", 1)[1].strip()
        subprocess.run([*pg_ctl, "stop", "-D", str(data), "-m", "fast", "-w", "-s"], check=True)
        try:
            for _ in range(22):
                answer = phone.post(
                    form.attrs["action"], data=filled(form, hand(1)), headers=KEPT_ON_PHONE
                )
                answers.append(answer.status_code)
                assert_honest_503(answer, "the server's database is not answering")
        finally:
            # Started as with-postgres.sh started it (postmaster.opts holds its options).
            log = str(data.parent / "server.log")
            start = [*pg_ctl, "start", "-D", str(data), "-l", log, "-w", "-s", "-o", options]
            subprocess.run(start, check=True, cwd=data.parent, stdout=subprocess.DEVNULL)
    else:
        with unreachable(site):
            for _ in range(22):
                answer = phone.post(
                    form.attrs["action"], data=filled(form, hand(1)), headers=KEPT_ON_PHONE
                )
                answers.append(answer.status_code)
    assert answers == [503] * 22
    deadline = time.monotonic() + 10
    while phone.get(match_url(token)).status_code != 200:
        assert time.monotonic() < deadline
        time.sleep(0.1)
    saved(phone.post(form.attrs["action"], data=filled(form, hand(1))), match_url(token))
    assert stored_hands(site) == 1


def test_phones_saving_through_a_short_outage_get_503s_never_500s(site):
    """Four phones save the next hand, again and again, while the database goes away for
    0.3 s: every answer is a 503 while it is away, then one phone's hand lands (303) and
    the others are told another phone's came first (409); never a 500."""
    phones = [site.test_client() for _ in range(4)]
    token = new_match(phones[0])
    forms = [hand_form(phone, token) for phone in phones]
    answers: list[int] = []
    stop = threading.Event()

    def keep_saving(phone, form, number):
        while not stop.is_set():
            answer = phone.post(form.attrs["action"], data=filled(form, hand(number)))
            answers.append(answer.status_code)
            if answer.status_code == 303:
                return
            time.sleep(0.05)  # a phone's script sends again, not in a tight loop

    with unreachable(site):
        threads = [
            threading.Thread(target=keep_saving, args=(phone, form, number))
            for number, (phone, form) in enumerate(zip(phones, forms, strict=True))
        ]
        for thread in threads:
            thread.start()
        time.sleep(0.3)
    time.sleep(0.5)
    stop.set()
    for thread in threads:
        thread.join(timeout=10)
    assert 503 in answers and 303 in answers
    assert set(answers) <= {303, 409, 503}, answers
    assert stored_hands(site) == 1
