"""Benchmarks of the rules core: meld under every trump, and a 100-hand replay.

Run with ``make bench``. Prints the median time of one call over many repeats.
"""

from __future__ import annotations

import random
import statistics
import sys
import timeit
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.report import Check, print_checks  # noqa: E402
from scorekeeper.rules.cards import ALL_CARDS  # noqa: E402
from scorekeeper.rules.pinochle import PRESETS, HandInput, meld_all, replay, with_rules  # noqa: E402


def median_seconds(call, number: int, repeat: int = 25) -> float:
    """The median time of one call, from ``repeat`` rounds of ``number`` calls."""
    rounds = timeit.repeat(call, number=number, repeat=repeat)
    return statistics.median(rounds) / number


def random_hand(preset, size: int, seed: int) -> list:
    """A hand dealt from a shuffled deck of the preset, so every count is legal."""
    deck = [card for card in ALL_CARDS if card.rank in preset.deck.ranks] * preset.deck.copies
    random.Random(seed).shuffle(deck)
    return deck[:size]


def match_of(preset, hands: int, seed: int) -> list[HandInput]:
    """A legal match of random made and set hands, each side bidding in turn."""
    rng = random.Random(seed)
    played = []
    for number in range(hands):
        bidder = number % preset.sides
        tricks = rng.randrange(0, preset.trick_total + 1, preset.trick_unit)
        meld = (rng.randrange(0, 20) * 10, rng.randrange(0, 20) * 10)
        played.append(
            HandInput(
                bidder=bidder,
                bid=preset.min_bid + 10 * rng.randrange(0, 10),
                meld=meld,
                tricks=(tricks, preset.trick_total - tricks),
            )
        )
    return played


def main() -> None:
    """Print the medians and the budgets; exit 1 if a budget is not kept."""
    checks = run()
    print_checks(checks)
    sys.exit(0 if all(check.ok for check in checks) else 1)


def run() -> list[Check]:
    """Print each benchmark's median and return the budgets it is held to."""
    partnership = PRESETS["partnership"]
    hands = [random_hand(partnership, 12, seed) for seed in range(50)]
    position = iter(range(10**9))

    def one_meld() -> None:
        meld_all(hands[next(position) % 50], partnership)

    meld_us = median_seconds(one_meld, number=2000) * 1e6
    print(f"meld, 12 cards, all four trumps + no trump, with cards: median {meld_us:7.1f} µs")

    double = PRESETS["double-deck"]
    double_hands = [random_hand(double, 20, seed) for seed in range(50)]

    def one_double_meld() -> None:
        meld_all(double_hands[next(position) % 50], double)

    double_us = median_seconds(one_double_meld, number=2000) * 1e6
    print(f"meld, 20 cards double-deck, all four trumps + no trump: median {double_us:7.1f} µs")

    # A target out of reach, so that all 100 hands are replayed.
    long_rules = with_rules(partnership, {"target": 10**6})
    match = match_of(long_rules, 100, seed=7)
    ledger = replay(long_rules, match)
    assert len(ledger.rows) == 100
    replay_us = median_seconds(lambda: replay(long_rules, match), number=200) * 1e6
    print(f"replay of a 100-hand match: median {replay_us:7.1f} µs\n")
    return [
        Check("meld, 12 cards, all four trumps", f"{meld_us:.1f} µs", "< 100 µs", meld_us < 100),
        Check("meld, 20 cards double-deck", f"{double_us:.1f} µs", "< 100 µs", double_us < 100),
        Check("replay of a 100-hand match", f"{replay_us:.0f} µs", "< 1000 µs", replay_us < 1000),
    ]


if __name__ == "__main__":
    main()
