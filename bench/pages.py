"""Server time of the match page at 10 and 200 hands, its SQL queries, and the meld update.

Run with ``make bench`` (or ``python bench/pages.py``). Each request goes through the
WSGI test client, so the time is the site's own work: no network, no browser. It is the
CPU time of the request (bench/reference.py says why), and the site does all of its
work, SQLite's included, in the bench's thread. A match
page is timed three ways, because the site keeps drawn pages (scorekeeper/page_cache.py):

- nothing kept: a process that has drawn nothing of this match yet (the page cache
  is emptied before each request);
- after a change: the first view once a hand was saved (the match's version moves on
  before each request, so the page is drawn again; the empty hand form is reused);
- again: the same version looked at again, which is what a kept page costs.

The time budgets are limits in ref units (bench/reference.py); growth and queries are
ratios and counts already.
"""

from __future__ import annotations

import statistics
import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sqlalchemy import event  # noqa: E402

from bench.reference import CLOCK, Timed, measured  # noqa: E402
from bench.report import Check, print_checks  # noqa: E402
from bench.seed import DEVICE, add_match, bench_site  # noqa: E402
from scorekeeper.extensions import db  # noqa: E402
from scorekeeper.models import Match  # noqa: E402
from scorekeeper.page_cache import pages  # noqa: E402

SIZES = (10, 200)
# Limits in ref units. On the 2-core development machine the 200-hand page takes 566 ref
# units with nothing kept and 499 after a change, the meld calculator 90 (medians of
# nine runs). The page's limit keeps the margin of the tighter of its budgets in ms
# there (7.8 ms under 10 ms); the calculator's is its 5 ms at the 14.5 µs a ref unit
# took when those figures were measured.
PAGE_LIMIT = 730
# Issue 24: the 200-hand match page back to 600 ref with nothing kept (732 when the issue
# was filed, after the one-thumb redesign). The home and group pages (bench/stats.py) keep
# PAGE_LIMIT.
MATCH_PAGE_LIMIT = 600
MELD_UPDATE_LIMIT = 340
HAND = "AH 10H KH QH JH KH QS JD AS AD AC 9H"


def median_ms(request: Callable[[], object], before: Callable[[], object], repeat: int) -> float:
    """The median CPU time of ``request`` in ms; ``before`` runs untimed before each."""
    for _ in range(10):
        before()
        request()
    times = []
    for _ in range(repeat):
        before()
        start = CLOCK()
        request()
        times.append(CLOCK() - start)
    return statistics.median(times) * 1000


def queries(app, request: Callable[[], object], before: Callable[[], object]) -> int:
    """How many SQL statements one request runs."""
    before()
    statements = []

    def count(*_) -> None:
        statements.append(1)

    with app.app_context():
        engine = db.engine
    event.listen(engine, "before_cursor_execute", count)
    try:
        request()
    finally:
        event.remove(engine, "before_cursor_execute", count)
    return len(statements)


def main() -> None:
    """Print the measures and the budgets; exit 1 if a budget is not kept."""
    checks = measured(run)
    print_checks(checks)
    sys.exit(0 if all(check.ok for check in checks) else 1)


def run(config: dict | None = None) -> list[Check | Timed]:
    """Time the match page and the meld update, print them, and return the budgets.

    ``config`` goes to the site under test (bench/seed.py's ``without`` turns devices off).
    """
    app = bench_site(config=config)
    phone = app.test_client()
    phone.set_cookie("device", DEVICE)
    with app.app_context():
        kept = pages()

    def version_moves_on(token: str) -> Callable[[], None]:
        def bump() -> None:
            with app.app_context():
                db.session.execute(
                    db.update(Match)
                    .where(Match.edit_token == token)
                    .values(version=Match.version + 1)
                )
                db.session.commit()

        return bump

    def nothing() -> None:
        pass

    measures: dict[tuple[str, int], tuple[float, int]] = {}
    print(f"{'match page':<34} {'hands':>5} {'CPU ms':>10} {'queries':>8}")
    for hands in SIZES:
        token = add_match(app, hands)
        url = f"/matches/{token}"

        def view(url: str = url) -> None:
            assert phone.get(url).status_code == 200

        view()  # the phone has opened the match before: it is on its list
        ways = {
            "nothing kept": kept.clear,
            "after a change": version_moves_on(token),
            "again (kept page)": nothing,
        }
        for way, before in ways.items():
            repeat = 40 if hands > 100 else 100
            result = (median_ms(view, before, repeat), queries(app, view, before))
            measures[way, hands] = result
            print(f"{way:<34} {hands:>5} {result[0]:>10.2f} {result[1]:>8}")
        whole = f"{url}?hands=all"
        every = median_ms(lambda whole=whole: phone.get(whole), kept.clear, 40)
        print(f"{'every hand shown, nothing kept':<34} {hands:>5} {every:>10.2f}")

    def meld_tap() -> None:
        response = phone.get(
            "/meld", query_string={"hand": HAND, "trump": "hearts"}, headers={"HX-Request": "1"}
        )
        assert response.status_code == 200

    meld_ms = median_ms(meld_tap, nothing, 300)
    print(f"\nmeld calculator, htmx update of a 12-card hand: {meld_ms:.2f} CPU ms\n")
    with app.app_context():
        db.engine.dispose()
    return budgets(measures, meld_ms)


def budgets(
    measures: dict[tuple[str, int], tuple[float, int]], meld_ms: float
) -> list[Check | Timed]:
    """The issue's budgets from what was measured."""
    small, large = SIZES
    checks: list[Check | Timed] = []
    for way in ("nothing kept", "after a change"):
        time_large = measures[way, large][0]
        checks.append(
            Timed(f"match page, {large} hands, {way}", time_large / 1000, MATCH_PAGE_LIMIT)
        )
        growth = time_large / measures[way, small][0]
        checks.append(
            Check(
                f"growth {small} → {large} hands, {way}",
                f"×{growth:.1f}",
                f"≤ ×{large // small} (the hands)",
                growth <= large / small,
            )
        )
    for way in ("nothing kept", "after a change", "again (kept page)"):
        counts = (measures[way, small][1], measures[way, large][1])
        checks.append(
            Check(
                f"SQL queries {small} → {large} hands, {way}",
                f"{counts[0]} → {counts[1]}",
                "the same",
                counts[0] == counts[1],
            )
        )
    checks.append(Timed("meld calculator update", meld_ms / 1000, MELD_UPDATE_LIMIT))
    return checks


if __name__ == "__main__":
    main()
