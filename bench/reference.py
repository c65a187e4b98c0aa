"""The yardstick every time budget is measured against: a fixed pure-Python workload.

A time budget in µs holds only on the machine it was written on: the same code takes
three times as long on a slower or busier machine. So each time budget is a ratio to
this reference, timed in the same run with the same median method, at the start of the
run and again at its end (cores that slow down in between show as a change).

The workload is standard library only, does no I/O and draws its numbers from a fixed
seed, so it does the same work on every machine and on every version of the site; like
the site, it spends its time in Python calls, dicts, lists, sorting and string
formatting. One *ref unit* is the time of one round; a run times ``ROUNDS`` of them.

Every benchmark's clock is ``CLOCK``, the CPU time of the thread that runs it, not the
wall clock: on a machine shared with other work the wall clock also counts the time the
benchmark waited for a core, which comes and goes from second to second and so cannot
be divided out by a reference measured at another moment. What remains (a slower core,
a core shared with a busy neighbour, a lower clock rate) slows the reference as much as
the benchmark, and the ratio divides it out.

Never change the workload without measuring again and moving every limit with it.
"""

from __future__ import annotations

import statistics
import time
import timeit
from collections.abc import Callable, Iterable
from typing import NamedTuple

from bench.report import Check

ROUNDS = 100
SUITS = ("spades", "hearts", "clubs", "diamonds")
RANKS = ("9", "J", "Q", "K", "10", "A")
# Points per rank and a bonus per run of a suit: a table lookup, as a rules core makes.
POINTS = {"9": 0, "J": 2, "Q": 3, "K": 4, "10": 10, "A": 11}
RUN_BONUS = (0, 0, 5, 15, 40, 100, 150)
# The end of the run may differ from its start by this factor either way before the run
# is called unsteady: more than the spread of repeated quiet runs, far less than a
# machine that took on a second job.
STEADY = 1.5
CLOCK = time.thread_time


def one_round(seed: int) -> int:
    """Deal 24 cards from a fixed generator, sort and score them, write one ledger line."""
    state = seed
    cards = []
    for _ in range(24):
        # A linear congruential generator: the same cards on every machine and Python.
        state = (state * 1103515245 + 12345) & 0x7FFFFFFF
        cards.append((SUITS[state % 4], RANKS[(state >> 8) % 6]))
    cards.sort(key=lambda card: (SUITS.index(card[0]), RANKS.index(card[1])))
    by_suit: dict[str, list[str]] = {}
    for suit, rank in cards:
        by_suit.setdefault(suit, []).append(rank)
    score = 0
    for ranks in by_suit.values():
        score += sum(POINTS[rank] for rank in ranks)
        score += RUN_BONUS[min(len(set(ranks)), 6)]
    line = ", ".join(f"{suit}: {' '.join(ranks)}" for suit, ranks in by_suit.items())
    return score + len(line)


def workload() -> int:
    """The reference workload: ``ROUNDS`` rounds from fixed seeds (a few ms)."""
    return sum(one_round(seed) for seed in range(ROUNDS))


# The answer the workload must give: a workload that does different work is no yardstick.
EXPECTED = workload()


def median_seconds(call: Callable[[], object], number: int, repeat: int = 25) -> float:
    """The median time of one call, from ``repeat`` rounds of ``number`` calls."""
    rounds = timeit.repeat(call, number=number, repeat=repeat, timer=CLOCK)
    return statistics.median(rounds) / number


def measure_unit() -> float:
    """The time of one ref unit (one round of the workload) in seconds, median of repeats."""
    assert workload() == EXPECTED
    return median_seconds(workload, number=5, repeat=25) / ROUNDS


class Reference(NamedTuple):
    """The ref unit measured at the start and at the end of a run."""

    start: float
    end: float

    @property
    def unit(self) -> float:
        """The ref unit of the run (s): the median of the start and the end."""
        return statistics.median((self.start, self.end))

    def describe(self) -> str:
        """One line: both measures and the unit they give."""
        return (
            f"reference (bench/reference.py, {ROUNDS} rounds): 1 ref unit = "
            f"{self.start * 1e6:.1f} µs at the start, {self.end * 1e6:.1f} µs at the end "
            f"→ {self.unit * 1e6:.1f} µs"
        )

    def steadiness(self) -> Check:
        """Did the machine keep its speed through the run? Otherwise no ratio can be trusted."""
        change = self.end / self.start
        return Check(
            "reference, end ÷ start (a steady machine)",
            f"×{change:.2f}",
            f"×{1 / STEADY:.2f} to ×{STEADY:.2f}",
            1 / STEADY <= change <= STEADY,
        )


class Timed(NamedTuple):
    """A time budget: what was timed, its median in seconds, and its limit in ref units."""

    name: str
    seconds: float
    limit: float

    def check(self, unit: float) -> Check:
        """The budget judged against the run's ref unit, with the absolute figures beside."""
        ratio = self.seconds / unit
        return Check(
            self.name,
            f"{absolute(self.seconds)} = {ratio:.2f} ref",
            f"< {self.limit:g} ref ({absolute(self.limit * unit)} in this run)",
            ratio < self.limit,
        )


def absolute(seconds: float) -> str:
    """A time in µs or ms, whichever reads better."""
    return f"{seconds * 1e6:.1f} µs" if seconds < 1e-3 else f"{seconds * 1e3:.2f} ms"


def judged(budgets: Iterable[Check | Timed], reference: Reference) -> list[Check]:
    """Every budget as a check: time budgets against the ref unit, then whether it held."""
    checks = [
        budget.check(reference.unit) if isinstance(budget, Timed) else budget for budget in budgets
    ]
    return [*checks, reference.steadiness()]


def measure() -> float:
    """The ref unit now, printed as it is measured."""
    unit = measure_unit()
    print(f"reference: 1 ref unit = {unit * 1e6:.1f} µs")
    return unit


def measured(run: Callable[[], Iterable[Check | Timed]]) -> list[Check]:
    """Run a benchmark between two measures of the reference; return its budgets judged."""
    start = measure()
    budgets = list(run())
    reference = Reference(start, measure())
    print(reference.describe(), end="\n\n")
    return judged(budgets, reference)
