"""Statistics of many stored games, and the home page of a device with a long history.

Run with ``make bench`` (or ``python bench/stats.py``). The statistics of 300 matches of
30 hands (9,000 hands) and 300 dice games are timed three ways, through the service
(scorekeeper/services/stats.py):

- nothing kept: no game's summary is stored and nothing was answered before, so every
  game is replayed (and its summary stored): what the first statistics after the upgrade
  cost, once a game; measured, with no limit (the replays alone cost about that);
- summaries kept: every game's summary is stored at its version, but the process keeps no
  answer (a new process, or a new question): the issue's "nothing kept", under its limit;
- again: the same question with no game changed.

The home page of a device with 10, 100 and 300 finished matches of 30 hands is timed with
the summaries kept (the first view after a change replays that one match only); it lists
the latest finished ones, the rest a tap away. The time
budgets are limits in ref units (bench/reference.py); queries are counts.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.pages import PAGE_LIMIT, median_ms, queries  # noqa: E402
from bench.reference import Timed, measured  # noqa: E402
from bench.report import Check, print_checks  # noqa: E402
from bench.seed import add_match, bench_site  # noqa: E402
from scorekeeper.charts import match_race, race_figure  # noqa: E402
from scorekeeper.extensions import db  # noqa: E402
from scorekeeper.models import (  # noqa: E402
    DeviceMatch,
    DiceGame,
    DiceTurn,
    GameSummary,
    GroupGame,
    Match,
)
from scorekeeper.rules import BOXES  # noqa: E402
from scorekeeper.services import groups, stats  # noqa: E402
from scorekeeper.services.matches import read_match, state_of  # noqa: E402

GAMES = 300
HANDS = 30
HOME_SIZES = (10, 100, 300)
# The budgets: the statistics of 300 + 300 games under 100 ms with nothing kept,
# about 4,000 times the 12-card meld (1.6 to 1.9 ref units), and under 10 ms asked again.
STATS_LIMIT = 6500
AGAIN_LIMIT = 650
# A chart of a 200-hand match under 10 ms: the same limit as the statistics asked again.
CHART_HANDS = 200
CHART_LIMIT = 650


def farkle_to_the_end(rng: random.Random) -> list[DiceTurn]:
    """A two-player Farkle game of banked totals, played until someone passes 10,000 and
    the other has had a last turn."""
    totals, turns = [0, 0], []
    while True:
        player = len(turns) % 2
        total = 50 * rng.randrange(10, 30)
        turns.append(DiceTurn(position=len(turns), player=player, total=total))
        totals[player] += total
        if totals[player] >= 10_000:
            turns.append(DiceTurn(position=len(turns), player=1 - player, total=50 * 10))
            return turns


def add_dice_games(app, count: int, seed: int = 0) -> list[int]:
    """``count`` finished dice games, Yahtzee and Farkle in turn; their ids."""
    rng = random.Random(seed)
    ids = []
    with app.app_context():
        for number in range(count):
            if number % 2:
                game = DiceGame(kind="farkle", player_names=["Ann", "Bob"])
                game.turns = farkle_to_the_end(rng)
            else:
                game = DiceGame(kind="yahtzee", player_names=["Ann", "Bob", "Cat"])
                game.turns = [
                    DiceTurn(
                        position=3 * box + player,
                        player=player,
                        dice="".join(str(rng.randint(1, 6)) for _ in range(5)),
                        box=name,
                    )
                    for box, name in enumerate(BOXES)
                    for player in range(3)
                ]
            db.session.add(game)
            db.session.flush()
            ids.append(game.id)
        db.session.commit()
    return ids


def add_finished_match(app, hands: int, seed: int) -> int:
    """A match of ``hands`` random hands that the last one wins: its game is set to the
    winning total (the first seed from ``seed`` on where no total reached it before)."""
    while True:
        token = add_match(app, hands, seed=seed)
        with app.app_context():
            match = db.session.scalar(db.select(Match).where(Match.edit_token == token))
            rows = state_of(match).ledger.rows
            before = max(max(row.totals) for row in rows[:-1])
            final = max(rows[-1].totals)
            if final > before and final > 0:
                match.house_rules = {"target": final}
                db.session.commit()
                return match.id
            db.session.delete(match)
            db.session.commit()
        seed += 1_000_003


def run(config: dict | None = None) -> list[Check | Timed]:
    """Time the statistics and the home page, print them, and return the budgets."""
    app = bench_site(config=config)
    tokens = [add_match(app, HANDS, seed=n) for n in range(GAMES)]
    dice_ids = add_dice_games(app, GAMES)
    with app.app_context():
        match_ids = list(db.session.scalars(db.select(Match.id).order_by(Match.id)))

    def forget_summaries() -> None:
        with app.app_context():
            db.session.execute(db.delete(GameSummary))
            db.session.commit()
        stats._answers.kept.clear()

    def forget_answers() -> None:
        stats._answers.kept.clear()

    def nothing() -> None:
        pass

    def asked(matches: list[int], games: list[int]):
        def ask() -> None:
            with app.app_context():
                stats.stats_for_games(db.session, matches, games)
                db.session.remove()

        return ask

    everything = asked(match_ids, dice_ids)
    tenth = asked(match_ids[: GAMES // 10], dice_ids[: GAMES // 10])
    print(f"{'statistics of 300 matches + 300 dice games':<44} {'CPU ms':>10} {'queries':>8}")
    ways = {
        "nothing kept": forget_summaries,
        "summaries kept": forget_answers,
        "again": nothing,
    }
    measured_ms = {}
    counts = {}
    for way, before in ways.items():
        measured_ms[way] = median_ms(everything, before, 5 if way == "nothing kept" else 20)
        # Asked again: the same question was answered just before.
        counts[way] = (
            queries(app, tenth, tenth if way == "again" else before),
            queries(app, everything, everything if way == "again" else before),
        )
        print(f"{way:<44} {measured_ms[way]:>10.2f} {counts[way][1]:>8}")

    home_ms = {}
    home_queries = {}
    phone = app.test_client()
    for size in HOME_SIZES:
        device = f"bench-device-with-{size:04d}-matches"
        finished = [add_finished_match(app, HANDS, seed=size * 1000 + n) for n in range(size)]
        with app.app_context():
            db.session.add_all(
                DeviceMatch(device=device, match_id=match_id) for match_id in finished
            )
            db.session.commit()
        phone.set_cookie("device", device)

        def home() -> None:
            assert phone.get("/").status_code == 200

        home()  # every summary kept
        home_ms[size] = median_ms(home, nothing, 20)
        home_queries[size] = queries(app, home, nothing)
        print(
            f"home page, {size:>3} matches of {HANDS} hands {home_ms[size]:>22.2f} "
            f"{home_queries[size]:>8}"
        )
    # A group that played the last device's 300 finished matches: its page, kept summaries.
    with app.app_context():
        group = groups.create_group(db.session, "Bench club", ["Ann", "Bob", "Cat", "Dan"])
        db.session.add_all(GroupGame(group_id=group.id, match_id=match_id) for match_id in finished)
        db.session.commit()
        group_url = f"/groups/{group.edit_token}"

    def group_page() -> None:
        assert phone.get(group_url).status_code == 200

    group_page()
    group_ms = median_ms(group_page, nothing, 20)
    group_queries = queries(app, group_page, nothing)
    print(f"group page, {HOME_SIZES[-1]} matches {group_ms:>27.2f} {group_queries:>8}")

    # The score race of a 200-hand match, drawn from its replayed ledger.
    chart_token = add_match(app, CHART_HANDS, seed=7)
    with app.app_context():
        chart_state = read_match(db.session, chart_token)

    def chart() -> None:
        race_figure(match_race(chart_state))

    chart_ms = median_ms(chart, nothing, 20)
    print(f"score race of a {CHART_HANDS}-hand match {chart_ms:>24.2f}")
    del tokens
    with app.app_context():
        db.engine.dispose()

    checks: list[Check | Timed] = [
        # A new process keeps no answer; the summaries stay in the database.
        Timed(
            "statistics, 300 + 300 games, nothing kept in the process",
            measured_ms["summaries kept"] / 1000,
            STATS_LIMIT,
        ),
        Timed("statistics, 300 + 300 games, again", measured_ms["again"] / 1000, AGAIN_LIMIT),
        # Once for each game (the first statistics after the upgrade, or of imported games):
        # every game is replayed through the rules core, which no summary can spare.
        Check(
            "statistics, 300 + 300 games, no summary stored yet",
            f"{measured_ms['nothing kept']:.0f} ms",
            "measured only: once a game",
            True,
        ),
    ]
    for way, (few, many) in counts.items():
        checks.append(
            Check(
                f"statistics SQL queries 30 → 300 games, {way}",
                f"{few} → {many}",
                "the same",
                few == many,
            )
        )
    for size in HOME_SIZES:
        checks.append(Timed(f"home page, {size} matches", home_ms[size] / 1000, PAGE_LIMIT))
    checks.append(
        Timed(f"group page, {HOME_SIZES[-1]} matches", group_ms / 1000, PAGE_LIMIT),
    )
    checks.append(
        Timed(f"score race chart, {CHART_HANDS}-hand match", chart_ms / 1000, CHART_LIMIT),
    )
    counts_home = [home_queries[size] for size in HOME_SIZES]
    checks.append(
        Check(
            "home page SQL queries 10 → 100 → 300 matches",
            " → ".join(map(str, counts_home)),
            "the same",
            len(set(counts_home)) == 1,
        )
    )
    return checks


def main() -> None:
    """Print the measures and the budgets; exit 1 if a budget is not kept."""
    checks = measured(run)
    print_checks(checks)
    sys.exit(0 if all(check.ok for check in checks) else 1)


if __name__ == "__main__":
    main()
