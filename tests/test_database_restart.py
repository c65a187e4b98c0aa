"""A database restart under load costs no 500 once the database is back.

After a restart every pooled connection is dead. The site's engine checks each one before
use (pool_pre_ping, scorekeeper/config.py) and replaces a dead one, so the first requests
after the restart are answered like any other. PostgreSQL's restart is played by ending
every server process of the site's database; SQLite has no server, so there the pooled
connections are closed under the pool's feet, which leaves the pool in the same state.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from sqlalchemy import NullPool, create_engine, event, text

from scorekeeper.extensions import db
from tests.helpers.stored import stored_match

PHONES = 4
REQUESTS = 40


def restart(app, opened: list) -> None:
    """Kill every connection the site's pool holds, as a database restart does."""
    with app.app_context():
        url = db.engine.url
    if url.get_backend_name() == "postgresql":
        admin = create_engine(url, poolclass=NullPool)
        with admin.connect() as connection:
            connection.execute(
                text(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                    " WHERE datname = current_database() AND pid <> pg_backend_pid()"
                )
            )
        admin.dispose()
    else:
        for connection in opened:
            connection.close()


def load(app, token: str) -> list[int]:
    """Several phones looking at the match page and polling it at once."""
    urls = [f"/matches/{token}", f"/matches/{token}/live?since=99"] * (REQUESTS // 2)

    def look(url: str) -> int:
        return app.test_client().get(url).status_code

    with ThreadPoolExecutor(PHONES) as phones:
        return list(phones.map(look, urls))


def test_a_restart_of_the_database_under_load_costs_no_500(make_site, tmp_path):
    site = make_site(tmp_path, SECRET_KEY="t", MATCH_PAGE_CACHE_BYTES=0)
    opened: list = []
    with site.app_context():
        event.listen(db.engine, "connect", lambda connection, record: opened.append(connection))
    token = stored_match(site)
    assert set(load(site, token)) == {200}

    restart(site, opened)

    assert set(load(site, token)) == {200}
