"""Every benchmark, then one table of the performance budget: ``python -m bench``.

``make bench`` runs this. Exits 1 if any budget is not kept. ``--seconds N`` sets how
long wrk loads each route (default 5); ``--skip-load`` and ``--skip-browser`` leave out
the parts that need Debian's wrk and chromium.
"""

from __future__ import annotations

import argparse
import platform
import sys

from bench import first_visit, load, pages, rules
from bench.report import Check, print_checks


def section(title: str) -> None:
    print(f"\n== {title}\n")


def main() -> None:
    """Run each benchmark in turn and print the budgets together."""
    parser = argparse.ArgumentParser(description="Scorekeeper's benchmarks and budgets.")
    parser.add_argument("--seconds", type=int, default=5, help="wrk's load per route (s)")
    parser.add_argument("--skip-load", action="store_true", help="leave out the gunicorn load")
    parser.add_argument("--skip-browser", action="store_true", help="leave out chromium")
    arguments = parser.parse_args()
    print(f"{platform.node()}: {platform.machine()}, Python {platform.python_version()}")

    checks: list[Check] = []
    section("Rules core (bench/rules.py)")
    checks += rules.run()
    section("Server time of the pages (bench/pages.py)")
    checks += pages.run()
    if not arguments.skip_load:
        section("Under load: gunicorn, 2 workers, wrk on loopback (bench/load.py)")
        checks += load.run(arguments.seconds)
    if not arguments.skip_browser:
        section("First visit in chromium at a phone's size (bench/first_visit.py)")
        checks += first_visit.run()

    section("The budget")
    print_checks(checks)
    kept = sum(check.ok for check in checks)
    print(f"\n{kept} of {len(checks)} budgets kept.")
    sys.exit(0 if kept == len(checks) else 1)


if __name__ == "__main__":
    main()
