# Whist tournaments: the rounds of a club night in which every two players are partners
# exactly once and opponents exactly twice (n players, n = 4k over n - 1 rounds with no one
# sitting out; n = 4k + 1 over n rounds, each player sitting out once).
#
# Each design is one round (its "base") developed over a group: round g adds g to every
# point of the base. For n = 4k + 1 the group has n elements and the base seats every
# element but 0, so in round g player g sits out; for n = 4k the group has n - 1 elements
# and the base also seats INFINITY, a point the group leaves where it is. The base holds the
# whole design: the partner differences (a - b of each two partners) cover every non-zero
# element of the group once, the opponent differences twice. The bases were found by
# scripts/whist_designs.py, which searches for them and checks each one; the tests check
# the developed rounds, not the bases.

from __future__ import annotations

from dataclasses import dataclass
from math import prod

__all__ = [
    "WhistRound",
    "whist_rounds",
]

# The point the group fixes (its place in a player's list is the last one).
INFINITY = None

# Players -> (the group's moduli, the base round's tables). A table is (a, b, c, d): a and
# b partners, against c and d. An element of a group of several moduli is written in mixed
# radix (Z3 x Z3: 3 * x + y). No group of 9 elements of one modulus holds a design for 9
# players, so 9 is developed over Z3 x Z3.
_BASES: dict[int, tuple[tuple[int, ...], tuple[tuple[int | None, int, int, int], ...]]] = {
    4: ((3,), ((1, INFINITY, 0, 2),)),
    5: ((5,), ((1, 4, 2, 3),)),
    8: ((7,), ((6, INFINITY, 0, 2), (1, 5, 3, 4))),
    9: ((3, 3), ((1, 2, 3, 6), (4, 8, 5, 7))),
    12: ((11,), ((10, INFINITY, 4, 8), (0, 5, 1, 2), (3, 6, 7, 9))),
    13: ((13,), ((1, 10, 5, 7), (2, 8, 3, 4), (6, 11, 9, 12))),
    16: ((15,), ((10, INFINITY, 3, 11), (0, 2, 5, 6), (1, 4, 8, 14), (7, 12, 9, 13))),
    17: ((17,), ((1, 16, 2, 6), (3, 12, 7, 10), (4, 9, 8, 15), (5, 11, 13, 14))),
    20: (
        (19,),
        ((6, INFINITY, 8, 17), (0, 4, 7, 9), (1, 14, 2, 5), (3, 15, 11, 16), (10, 18, 12, 13)),
    ),
    21: (
        (21,),
        ((1, 12, 13, 15), (2, 9, 5, 17), (3, 18, 8, 16), (4, 7, 6, 11), (10, 14, 19, 20)),
    ),
    24: (
        (23,),
        (
            (12, INFINITY, 14, 20),
            (0, 11, 4, 22),
            (1, 16, 15, 18),
            (2, 9, 5, 19),
            (3, 13, 8, 10),
            (6, 7, 17, 21),
        ),
    ),
    25: (
        (25,),
        (
            (1, 14, 6, 23),
            (2, 12, 21, 22),
            (3, 19, 15, 17),
            (4, 18, 5, 11),
            (7, 10, 8, 13),
            (9, 16, 20, 24),
        ),
    ),
    28: (
        (27,),
        (
            (24, INFINITY, 3, 20),
            (0, 5, 22, 25),
            (1, 13, 12, 21),
            (2, 16, 15, 26),
            (4, 6, 10, 18),
            (7, 14, 19, 23),
            (8, 9, 11, 17),
        ),
    ),
    29: (
        (29,),
        (
            (1, 14, 8, 17),
            (2, 10, 16, 21),
            (3, 4, 24, 28),
            (5, 27, 20, 22),
            (6, 9, 7, 18),
            (11, 23, 13, 19),
            (12, 26, 15, 25),
        ),
    ),
    32: (
        (31,),
        (
            (29, INFINITY, 1, 19),
            (0, 21, 17, 23),
            (2, 7, 14, 22),
            (3, 5, 10, 25),
            (4, 24, 18, 30),
            (6, 15, 27, 28),
            (8, 11, 9, 26),
            (12, 16, 13, 20),
        ),
    ),
    33: (
        (33,),
        (
            (1, 21, 4, 19),
            (2, 16, 24, 30),
            (3, 25, 10, 12),
            (5, 9, 11, 28),
            (6, 7, 17, 27),
            (8, 29, 13, 20),
            (14, 22, 15, 18),
            (23, 32, 26, 31),
        ),
    ),
    36: (
        (35,),
        (
            (27, INFINITY, 4, 23),
            (0, 3, 20, 33),
            (1, 9, 16, 17),
            (2, 32, 7, 11),
            (5, 25, 13, 34),
            (6, 12, 19, 30),
            (8, 26, 10, 22),
            (14, 21, 15, 24),
            (18, 28, 29, 31),
        ),
    ),
    37: (
        (37,),
        (
            (1, 19, 21, 27),
            (2, 10, 18, 34),
            (3, 8, 13, 15),
            (4, 14, 23, 35),
            (5, 28, 6, 30),
            (7, 24, 11, 33),
            (9, 12, 31, 32),
            (16, 20, 17, 26),
            (22, 29, 25, 36),
        ),
    ),
    40: (
        (39,),
        (
            (12, INFINITY, 3, 37),
            (0, 20, 24, 26),
            (1, 34, 6, 22),
            (2, 31, 18, 30),
            (4, 8, 11, 35),
            (5, 19, 21, 38),
            (7, 14, 9, 17),
            (10, 13, 27, 28),
            (15, 33, 23, 32),
            (16, 29, 25, 36),
        ),
    ),
    41: (
        (41,),
        (
            (1, 24, 10, 12),
            (2, 29, 23, 30),
            (3, 39, 20, 37),
            (4, 16, 13, 21),
            (5, 6, 9, 28),
            (7, 11, 17, 27),
            (8, 19, 18, 34),
            (14, 40, 26, 32),
            (15, 35, 22, 31),
            (25, 38, 33, 36),
        ),
    ),
    44: (
        (43,),
        (
            (8, INFINITY, 35, 41),
            (0, 23, 17, 28),
            (1, 31, 3, 30),
            (2, 12, 5, 36),
            (4, 38, 29, 34),
            (6, 27, 11, 25),
            (7, 33, 21, 39),
            (9, 10, 32, 40),
            (13, 37, 16, 20),
            (14, 42, 22, 24),
            (15, 18, 19, 26),
        ),
    ),
}


@dataclass(frozen=True)
class WhistRound:
    """One round of a whist tournament, by player number (0 … n - 1): its tables, each
    ((a, b), (c, d)) with a and b partners, and who sits out."""

    tables: tuple[tuple[tuple[int, int], tuple[int, int]], ...]
    sitting_out: tuple[int, ...]


def _add(moduli: tuple[int, ...], x: int, y: int) -> int:
    """x + y in the group of ``moduli``, each written in mixed radix."""
    total, place = 0, 1
    for modulus in reversed(moduli):
        total += ((x // place % modulus + y // place % modulus) % modulus) * place
        place *= modulus
    return total


def whist_rounds(players: int) -> tuple[WhistRound, ...] | None:
    """The rounds of a whist tournament for ``players``, or None when none is known here
    (a player count that is not 4k or 4k + 1, or one no base has been found for)."""
    design = _BASES.get(players)
    if design is None:
        return None
    moduli, base = design
    size = prod(moduli)
    fixed = size  # INFINITY is the last player

    def point(x: int | None, shift: int) -> int:
        return fixed if x is INFINITY else _add(moduli, x, shift)

    rounds = []
    for shift in range(size):
        tables = tuple(
            ((point(a, shift), point(b, shift)), (point(c, shift), point(d, shift)))
            for a, b, c, d in base
        )
        sitting_out = () if players == size + 1 else (shift,)
        rounds.append(WhistRound(tables, sitting_out))
    return tuple(rounds)
