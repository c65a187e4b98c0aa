"""Reading the JSON API's answers."""

from __future__ import annotations


def assert_error(response, fragment: str) -> None:
    """A refused API call: 400, a JSON body of one sentence holding ``fragment``, not cached."""
    assert response.status_code == 400
    assert response.is_json
    body = response.get_json()
    assert set(body) == {"error"}
    assert fragment in body["error"]
    assert response.headers["Cache-Control"] == "no-store"
