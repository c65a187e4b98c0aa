"""Every benchmark, then one table of the performance budget: ``python -m bench``.

``make bench`` runs this. Exits 1 if any budget is not kept. Every time budget is a
ratio to the reference workload (bench/reference.py), measured at the start and at the
end of the run, so the budget holds on a slower or busier machine as on a fast one.
``--seconds N`` sets how long wrk loads each route (default 5); ``--skip-load`` and
``--skip-browser`` leave out the parts that need Debian's wrk and chromium,
``--skip-live`` the two that need PostgreSQL (live followers, a club night);
``--without page-cache,quick-poll`` runs the site with those devices turned off.
"""

from __future__ import annotations

import argparse
import platform
import sys

from bench import club, first_visit, live, load, pages, reference, rules, stats
from bench.reference import Timed
from bench.report import Check, print_checks
from bench.seed import DEVICES, without


def section(title: str) -> None:
    print(f"\n== {title}\n")


def devices(text: str) -> list[str]:
    """The comma-separated device names of ``--without``, each one the site has."""
    names = [name.strip() for name in text.split(",") if name.strip()]
    unknown = sorted(set(names) - set(DEVICES))
    if unknown:
        raise argparse.ArgumentTypeError(
            f"no device {', '.join(unknown)}: choose from {', '.join(DEVICES)}"
        )
    return names


def main() -> None:
    """Run each benchmark in turn and print the budgets together."""
    parser = argparse.ArgumentParser(description="Scorekeeper's benchmarks and budgets.")
    parser.add_argument("--seconds", type=int, default=5, help="wrk's load per route (s)")
    parser.add_argument("--skip-load", action="store_true", help="leave out the gunicorn load")
    parser.add_argument("--skip-browser", action="store_true", help="leave out chromium")
    parser.add_argument(
        "--skip-live", action="store_true", help="leave out the followers on PostgreSQL"
    )
    parser.add_argument(
        "--without",
        type=devices,
        default=[],
        metavar="DEVICE,…",
        help=f"turn performance devices off in the site under test ({', '.join(DEVICES)})",
    )
    arguments = parser.parse_args()
    config = without(arguments.without)
    print(f"{platform.node()}: {platform.machine()}, Python {platform.python_version()}")
    if arguments.without:
        print(f"without {', '.join(arguments.without)}: {config}")

    section("Reference workload, at the start (bench/reference.py)")
    start = reference.measure()
    budgets: list[Check | Timed] = []
    section("Rules core (bench/rules.py)")
    budgets += rules.run()
    section("Server time of the pages (bench/pages.py)")
    budgets += pages.run(config)
    section("Statistics and the home page of a long history (bench/stats.py)")
    budgets += stats.run(config)
    if not arguments.skip_load:
        section("Under load: gunicorn, 2 workers, wrk on loopback (bench/load.py)")
        budgets += load.run(arguments.seconds, config)
    if not arguments.skip_live:
        section("Live: 25 matches × 5 followers, gunicorn on PostgreSQL (bench/live.py)")
        budgets += live.run()
        section("Club night: 25 tables × 4 phones, gunicorn on PostgreSQL (bench/club.py)")
        budgets += club.run()
    if not arguments.skip_browser:
        section("First visit in chromium at a phone's size (bench/first_visit.py)")
        budgets += first_visit.run(config)
    section("Reference workload, at the end")
    ref = reference.Reference(start, reference.measure())
    print(ref.describe())

    section("The budget (time in ref units; 1 ref unit is one round of bench/reference.py)")
    checks = reference.judged(budgets, ref)
    print_checks(checks)
    kept = sum(check.ok for check in checks)
    print(f"\n{kept} of {len(checks)} budgets kept.")
    sys.exit(0 if kept == len(checks) else 1)


if __name__ == "__main__":
    main()
