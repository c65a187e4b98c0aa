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


OWN_NAMES = ("own_bids", "own_made", "own_set", "own_thrown_in", "own_forfeit", "own_average_bid")
# A player who took no bid themselves (or whose hands do not say who bid).
NO_OWN_BIDS = dict(zip(OWN_NAMES, (0, 0, 0, 0, 0, None), strict=True))


def pinochle_numbers(
    *numbers: int | None, own: tuple[int | None, ...] = (0, 0, 0, 0, 0, None)
) -> dict[str, int | None]:
    """A player's pinochle statistics as the API answers them, from the numbers in the
    contract's order: the eight counts, then the average bid, average meld and best meld;
    ``own``: the bids they took themselves, made, set, thrown in, forfeit, and their mean."""
    names = (*PINOCHLE_COUNTS, "average_bid", "average_meld", "best_meld")
    return dict(zip(names, numbers, strict=True)) | dict(zip(OWN_NAMES, own, strict=True))
