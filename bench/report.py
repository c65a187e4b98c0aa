"""Budget checks shared by the bench scripts: one row each, printed as a PASS/FAIL table."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple


class Check(NamedTuple):
    """One budget: what it is, what was measured, the limit, and whether it was kept."""

    name: str
    measured: str
    budget: str
    ok: bool


def print_checks(checks: Sequence[Check]) -> None:
    """Print the checks as an aligned table, one PASS or FAIL per row."""
    rows = [("budget", "measured", "limit", "")] + [
        (check.name, check.measured, check.budget, "PASS" if check.ok else "FAIL")
        for check in checks
    ]
    widths = [max(len(row[column]) for row in rows) for column in range(3)]
    for name, measured, budget, verdict in rows:
        line = f"{name:<{widths[0]}}  {measured:>{widths[1]}}  {budget:<{widths[2]}}  {verdict}"
        print(line.rstrip())
