"""Search for the base round of a cyclic whist tournament for n players (rules/whist.py).

    .venv/bin/python scripts/whist_designs.py 44 45

For n = 4k + 1 the base seats 1 … n - 1 of Z_n; for n = 4k it seats Z_(n-1) and a fixed
point (printed as None). The search: pair the points so that the partner differences
(up to sign) are all different (a "starter"), then set the pairs at tables two by two so
that every opponent difference turns up exactly twice; start again from another random
starter whenever a step runs past its budget. It prints each base it finds as the table
of rules/whist.py wants it, after checking it. Small counts take a moment; 40 players a
minute or so, 44 about five. (9 players have no cyclic design: rules/whist.py develops
theirs over Z3 x Z3.)
"""

from __future__ import annotations

import random
import sys
import time


class OutOfBudget(Exception):
    """A step of the search looked at more choices than it was allowed."""


def difference_class(a: int, b: int, modulus: int) -> int:
    """a - b up to sign, as the smaller of the two residues."""
    difference = (a - b) % modulus
    return min(difference, modulus - difference)


def starter(points: list[int], modulus: int, draw: random.Random, budget: list[int]):
    """The points two by two, no two pairs with the same difference class; None if none."""
    used: set[int] = set()

    def pairs_of(free: list[int]) -> list[tuple[int, int]] | None:
        budget[0] -= 1
        if budget[0] < 0:
            raise OutOfBudget
        if not free:
            return []
        first, rest = free[0], free[1:]
        for other in draw.sample(rest, len(rest)):
            kind = difference_class(first, other, modulus)
            if kind in used:
                continue
            used.add(kind)
            found = pairs_of([p for p in rest if p != other])
            if found is not None:
                return [(first, other), *found]
            used.discard(kind)
        return None

    return pairs_of(sorted(points))


def tables(pairs, modulus: int, draw: random.Random, budget: list[int]):
    """The pairs two by two at tables, each opponent difference at most (so exactly)
    twice; None if no such seating is found. A pair holding None is the fixed point's."""
    opponents = [0] * modulus

    def meet(side_a, side_b, step: int) -> bool:
        fits = True
        for x in side_a:
            for y in side_b:
                if x is None or y is None:
                    continue
                for difference in ((x - y) % modulus, (y - x) % modulus):
                    opponents[difference] += step
                    fits = fits and opponents[difference] <= 2
        return fits

    def seat(free) -> list | None:
        budget[0] -= 1
        if budget[0] < 0:
            raise OutOfBudget
        if not free:
            return []
        first, rest = free[0], free[1:]
        for other in draw.sample(rest, len(rest)):
            if meet(first, other, 1):
                found = seat([pair for pair in rest if pair is not other])
                if found is not None:
                    return [(first, other), *found]
            meet(first, other, -1)
        return None

    return seat(list(pairs))


def base_round(players: int, seed: int = 0) -> list[tuple]:
    """A base round for ``players`` (4k or 4k + 1), by restarts until one is found."""
    draw = random.Random(seed)
    fixed_point = players % 4 == 0
    modulus = players - 1 if fixed_point else players
    while True:
        try:
            if fixed_point:
                alone = draw.randrange(modulus)
                rest = [p for p in range(modulus) if p != alone]
                found = starter(rest, modulus, draw, [5000])
                pairs = None if found is None else [(alone, None), *found]
            else:
                pairs = starter(list(range(1, modulus)), modulus, draw, [5000])
            if pairs is None:
                continue
            seated = tables(pairs, modulus, draw, [20000])
        except OutOfBudget:
            continue
        if seated is not None:
            return [(a, b, c, d) for (a, b), (c, d) in seated]


def check(players: int, base: list[tuple]) -> None:
    """Every partner difference once, every opponent difference twice, every point seated."""
    modulus = players - 1 if players % 4 == 0 else players
    partners, opponents = [0] * modulus, [0] * modulus
    seated = sorted(p for table in base for p in table if p is not None)
    expected = list(range(modulus)) if players % 4 == 0 else list(range(1, modulus))
    assert seated == expected, "a point seated twice or not at all"
    for a, b, c, d in base:
        for x, y, counts in ((a, b, partners), (c, d, partners)):
            if x is not None and y is not None:
                counts[(x - y) % modulus] += 1
                counts[(y - x) % modulus] += 1
        for x in (a, b):
            for y in (c, d):
                if x is not None and y is not None:
                    opponents[(x - y) % modulus] += 1
                    opponents[(y - x) % modulus] += 1
    assert all(partners[r] == 1 for r in range(1, modulus)), "a partner difference not once"
    assert all(opponents[r] == 2 for r in range(1, modulus)), "an opponent difference not twice"


def main() -> None:
    """Search and print a base for each player count on the command line."""
    for players in map(int, sys.argv[1:]):
        if players % 4 not in (0, 1) or players == 9:
            print(f"{players}: no cyclic whist tournament to search for")
            continue
        started = time.monotonic()
        base = base_round(players)
        check(players, base)
        written = ", ".join(
            "(" + ", ".join("INFINITY" if p is None else str(p) for p in table) + ")"
            for table in base
        )
        modulus = players - 1 if players % 4 == 0 else players
        print(f"{players}: (({modulus},), ({written})),")
        print(f"   found in {time.monotonic() - started:.1f} s", file=sys.stderr)


if __name__ == "__main__":
    main()
