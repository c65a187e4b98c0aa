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


PINOCHLE_COUNTS = ("matches", "wins", "hands", "bids", "made", "set", "thrown_in", "forfeit")


def pinochle_numbers(*numbers: int | None) -> dict[str, int | None]:
    """A player's pinochle statistics as the API answers them, from the numbers in the
    contract's order: the eight counts, then the average bid, average meld and best meld."""
    names = (*PINOCHLE_COUNTS, "average_bid", "average_meld", "best_meld")
    return dict(zip(names, numbers, strict=True))
