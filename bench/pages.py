"""Server time of the site's pages, measured through the WSGI test client.

Run with ``make bench``. Prints the median time of one request over many repeats.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scorekeeper import create_app, database  # noqa: E402

HAND = "AH 10H KH QH JH KH QS JD AS AD AC 9H"


def median_ms(request, repeat: int = 300) -> float:
    """The median wall time of one request, in milliseconds, after a few warm-up calls."""
    for _ in range(10):
        request()
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        request()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def main() -> None:
    """Print each page's median server time."""
    folder = Path(tempfile.mkdtemp())
    app = create_app(
        {
            "INSTANCE_PATH": folder,
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder / 'bench.sqlite3'}",
            "SECRET_KEY": "bench",
        }
    )
    with app.app_context():
        database.upgrade()
    client = app.test_client()

    def meld_tap() -> None:
        response = client.get(
            "/meld", query_string={"hand": HAND, "trump": "hearts"}, headers={"HX-Request": "1"}
        )
        assert response.status_code == 200

    print(f"meld calculator, htmx update of a 12-card hand: median {median_ms(meld_tap):6.2f} ms")


if __name__ == "__main__":
    main()
