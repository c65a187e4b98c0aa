"""A hand posted to a match that is over is told so, whatever the form holds: the page of a
finished match draws no hand form, so no field could carry the reason."""

from __future__ import annotations

import pytest

from tests.helpers.html import read
from tests.helpers.play import match_url
from tests.helpers.seeded import seed_every_record


@pytest.mark.parametrize(
    "typed",
    [{}, {"bid": "²"}, {"bid": "250", "bidder": "0", "meld-0": "x", "meld-1": "40"}],
    ids=["nothing typed", "a bid no one can read", "a meld no one can read"],
)
def test_a_hand_for_a_finished_match_is_refused_as_the_match_being_over(app, client, typed):
    token = seed_every_record(app)["finished"]["token"]
    page = read(client.get(match_url(token)))
    csrf = page.one("input", name="csrf_token").attrs["value"]

    response = client.post(match_url(token, "/hands"), data={"csrf_token": csrf, **typed})

    assert response.status_code == 409
    assert "This match is over; start a rematch to play on." in read(response).text
