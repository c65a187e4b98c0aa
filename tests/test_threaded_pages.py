"""Pages drawn by many threads at once while hands are saved: never a 500.

A threaded read/write mix once answered one request in 3,109 with a 500 from inside the
ledger's template (Jinja's ``map("e")`` under ``autoescape false``, drawn through the page
cache). That construct is gone; this keeps the mix itself under test, with pages kept and
not kept.
"""

from __future__ import annotations

import contextlib
import secrets
from concurrent.futures import ThreadPoolExecutor

import pytest

from scorekeeper.extensions import db
from scorekeeper.services import hands, matches
from scorekeeper.services.errors import Conflict, GameOver
from tests.helpers.stored import hand, stored_match

REQUESTS = 400


@pytest.mark.parametrize("kept_bytes", [0, 16 * 1024 * 1024], ids=["drawn", "kept"])
def test_threads_reading_while_hands_are_saved_never_get_a_500(make_site, tmp_path, kept_bytes):
    site = make_site(
        tmp_path, SECRET_KEY="t", MATCH_PAGE_CACHE_BYTES=kept_bytes, RATELIMIT_ENABLED=False
    )
    tokens = [stored_match(site, target=100_000) for _ in range(3)]

    def visit(number: int) -> int:
        token = tokens[number % len(tokens)]
        if number % 9 == 0:
            with site.app_context():
                version = matches.match_version(db.session, token).version
                # Another thread may save first: this is a test of reading.
                with contextlib.suppress(Conflict, GameOver):
                    hands.add_hand(
                        db.session,
                        token,
                        hand(tricks=[240, 10], meld=[20, 40]),
                        version=version,
                        form_token=secrets.token_urlsafe(16),
                    )
                db.session.remove()
        headers = {"HX-Request": "true"} if number % 2 else {}
        view = f"/matches/{token}" + ("?hands=all" if number % 3 == 0 else "")
        return site.test_client().get(view, headers=headers).status_code

    with ThreadPoolExecutor(8) as threads:
        answers = list(threads.map(visit, range(REQUESTS)))

    assert set(answers) == {200}
