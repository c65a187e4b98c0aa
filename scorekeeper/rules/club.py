# A club night's rules: who sits with whom in each round (the schedule) and how the
# players and partnerships rank after the rounds played (the standings), as
# shared/API.md ("Club night") gives them.
#
# Rotating partners: no two players partner twice while the rounds allow it (n - 1 rounds
# for n players), the sitting-out turns spread evenly, and a whole whist tournament
# (rules/whist.py) where the player count has one. Fixed teams: a round robin of the teams.

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from .errors import RuleError
from .sentences import said
from .text import name_problem, shown_plainly
from .whist import whist_rounds

__all__ = [
    "CLUB_FORMATS",
    "CLUB_MAX_PLAYERS",
    "CLUB_MAX_ROUNDS",
    "CLUB_RANKINGS",
    "CLUB_SCORE_LIMIT",
    "CLUB_TIEBREAKS",
    "CLUB_BYES",
    "CLUB_EVEN_UP_TO",
    "ClubRound",
    "ClubTable",
    "PlayedRound",
    "PlayedTable",
    "Standing",
    "Standings",
    "club_redraw",
    "club_schedule",
    "club_standings",
]

CLUB_FORMATS = ("rotating", "fixed")
CLUB_MAX_PLAYERS = 200
# A night longer than this is no night; rounds past n - 1 repeat partners anyway.
CLUB_MAX_ROUNDS = 200
CLUB_RANKINGS = ("wins", "match_points", "points")
CLUB_TIEBREAKS = ("points", "average", "wins", "head_to_head")
CLUB_BYES = ("none", "winners_average")
CLUB_SCORE_LIMIT = 100_000
# Match points for a win, a tie and a loss.
_WIN, _TIE, _LOSS = 2, 1, 0

Pair = tuple[str, str]


@dataclass(frozen=True)
class ClubTable:
    """A table of one round: its number (1, 2, … within the round) and its two sides."""

    table: int
    sides: tuple[Pair, Pair]


@dataclass(frozen=True)
class ClubRound:
    """One round of the schedule: its tables and who sits it out."""

    round: int
    tables: tuple[ClubTable, ...]
    sitting_out: tuple[str, ...]


# ------------------------------------------------------------------------------ schedule


def _names(players: Sequence[str]) -> list[str]:
    """The players' names, trimmed, each a name the site can store, none twice."""
    names, seen = [], set()
    for name in players:
        name = name.strip()
        if not name:
            raise RuleError(said("a player's name is blank"))
        problem = name_problem(name)
        if problem:
            # Translators: a player's name, then what is wrong with it.
            reason = said("%(name)s: %(problem)s", name=shown_plainly(name), problem=problem)
            raise RuleError(reason)
        if name.casefold() in seen:
            raise RuleError(said("%(name)s is named twice; each player is one person", name=name))
        seen.add(name.casefold())
        names.append(name)
    return names


def _check_rounds(rounds: int) -> None:
    if not 1 <= rounds <= CLUB_MAX_ROUNDS:
        raise RuleError(said("rounds must be from 1 to %(most)s", most=CLUB_MAX_ROUNDS))


def club_schedule(
    players: Sequence[str],
    rounds: int,
    format: str = "rotating",
    teams: Sequence[Sequence[str]] | None = None,
    seed: int | None = None,
) -> tuple[ClubRound, ...]:
    """The night's rounds: every player once a round, at a table or sitting out.

    ``seed`` shuffles who takes which place in the draw (the same seed, the same night);
    without one the players are placed in the order given."""
    names = _checked_night(players, rounds, format, teams)
    draw = random.Random(seed) if seed is not None else None
    if format == "fixed":
        return _fixed(_teams(names, teams), rounds, draw)
    if draw is not None:
        draw.shuffle(names)
    return _rotating(names, rounds)


def _checked_night(
    players: Sequence[str], rounds: int, format: str, teams: Sequence[Sequence[str]] | None
) -> list[str]:
    """The players' names, once the night's format, rounds and head count are checked."""
    if format not in CLUB_FORMATS:
        # Translators: %(formats)s lists the formats as the API spells them.
        reason = said("format must be one of %(formats)s", formats=", ".join(CLUB_FORMATS))
        raise RuleError(reason)
    _check_rounds(rounds)
    names = _names(players)
    if len(names) > CLUB_MAX_PLAYERS:
        reason = said("a club night seats at most %(most)s players", most=CLUB_MAX_PLAYERS)
        raise RuleError(reason)
    if format == "rotating":
        if teams is not None:
            reason = said("teams are for the fixed format; rotating partners change each round")
            raise RuleError(reason)
        if len(names) < 4:
            raise RuleError(said("a club night needs at least 4 players"))
    return names


def club_redraw(
    players: Sequence[str],
    played: Sequence[ClubRound],
    rounds: int,
    format: str = "rotating",
    teams: Sequence[Sequence[str]] | None = None,
    seed: int | None = None,
) -> tuple[ClubRound, ...]:
    """The rounds still to play after ``played``, for the players here now (a late arrival
    joins, a player who went home is gone), numbered on from the last one played.

    Rotating partners: nobody partners someone they partnered before while any pairing
    allows it; the sitting-out turns go to those who have sat out least; each table seats
    the pairs that have faced each other least. Fixed teams: each round the teams that have
    met least, the team that has sat out least sitting out an odd count."""
    names = _checked_night(players, rounds, format, teams)
    if len(played) > rounds:
        reason = said(
            "the night has %(rounds)s rounds and %(played)s are played already",
            rounds=rounds,
            played=len(played),
        )
        raise RuleError(reason)
    draw = random.Random(seed) if seed is not None else None
    if format == "fixed":
        entries: list = _teams(names, teams)
        if draw is not None:
            draw.shuffle(entries)
        return _fixed_redraw(entries, played, rounds)
    if draw is not None:
        draw.shuffle(names)
    place = {name: index for index, name in enumerate(names)}
    count = len(names)
    byes = [0] * count
    partnered: set[tuple[int, int]] = set()
    opponents: dict[tuple[int, int], int] = {}
    for done in played:
        for name in done.sitting_out:
            if name in place:
                byes[place[name]] += 1
        for table in done.tables:
            seated = [[place.get(name) for name in side] for side in table.sides]
            for side in seated:
                if None not in side:
                    partnered.add(_key(*side))
            for x in seated[0]:
                for y in seated[1]:
                    if x is not None and y is not None:
                        opponents[_key(x, y)] = opponents.get(_key(x, y), 0) + 1
    out = []
    for number in range(len(played), rounds):
        option = _built_round(count, number, byes, partnered)
        if option is None:
            partnered.clear()  # every pairing repeats someone: pair afresh
            option = _built_round(count, number, byes, partnered)
        for p in option.out:
            byes[p] += 1
        partnered.update(_key(*pair) for pair in option.pairs)
        tables = [
            ((names[a], names[b]), (names[c], names[d]))
            for (a, b), (c, d) in _set_tables(list(option.pairs), opponents)
        ]
        out.append(_round(number + 1, tables, [names[p] for p in sorted(option.out)]))
    return tuple(out)


def _fixed_redraw(teams: list[Pair], played: Sequence[ClubRound], rounds: int):
    """Fixed teams after ``played``: each round, the team that has sat out least sits out
    (an odd count), the rest facing the teams they have met least."""
    place = {team: index for index, team in enumerate(teams)}
    byes = [0] * len(teams)
    met: dict[tuple[int, int], int] = {}
    for done in played:
        if done.sitting_out and tuple(done.sitting_out) in place:
            byes[place[tuple(done.sitting_out)]] += 1
        for table in done.tables:
            a, b = (place.get(tuple(side)) for side in table.sides)
            if a is not None and b is not None:
                met[_key(a, b)] = met.get(_key(a, b), 0) + 1
    out = []
    for number in range(len(played), rounds):
        order = sorted(range(len(teams)), key=lambda t: (byes[t], (t - number) % len(teams)))
        sitting = order[0] if len(teams) % 2 else None
        if sitting is not None:
            byes[sitting] += 1
        left = [t for t in range(len(teams)) if t != sitting]
        tables = []
        while left:
            first = left.pop(0)
            other = min(left, key=lambda t: (met.get(_key(first, t), 0), t))
            left.remove(other)
            met[_key(first, other)] = met.get(_key(first, other), 0) + 1
            tables.append((teams[first], teams[other]))
        out.append(_round(number + 1, tables, teams[sitting] if sitting is not None else ()))
    return tuple(out)


def _teams(names: list[str], teams: Sequence[Sequence[str]] | None) -> list[Pair]:
    """The fixed teams, two players each, every player on exactly one."""
    if not teams:
        raise RuleError(said("the fixed format needs teams: lists of two players"))
    pairs: list[Pair] = []
    placed: set[str] = set()
    known = {name.casefold(): name for name in names}
    for number, team in enumerate(teams, start=1):
        if len(team) != 2:
            raise RuleError(said("team %(number)s must be two players", number=number))
        pair = []
        for name in team:
            player = known.get(name.strip().casefold())
            if player is None:
                reason = said(
                    "team %(number)s: %(name)s is not among the players",
                    number=number,
                    name=name.strip(),
                )
                raise RuleError(reason)
            if player in placed:
                raise RuleError(said("%(name)s is on two teams", name=player))
            placed.add(player)
            pair.append(player)
        pairs.append((pair[0], pair[1]))
    missing = [name for name in names if name not in placed]
    if missing:
        reason = said("%(name)s is on no team; every player is on one", name=missing[0])
        raise RuleError(reason)
    if len(pairs) < 2:
        raise RuleError(said("a club night needs at least 2 teams"))
    return pairs


def _circle(count: int) -> list[list[tuple[int, int]]]:
    """A round robin of ``count`` (even) entries by the circle method: count - 1 rounds,
    each pairing every entry once, every two entries paired in exactly one round."""
    last = count - 1
    rounds = []
    for shift in range(last):
        pairs = [(shift, last)]
        pairs += [((shift + i) % last, (shift - i) % last) for i in range(1, count // 2)]
        rounds.append(pairs)
    return rounds


def _fixed(teams: list[Pair], rounds: int, draw) -> tuple[ClubRound, ...]:
    """A round robin of the teams; an odd team count sits one team out a round."""
    if draw is not None:
        draw.shuffle(teams)
    count = len(teams) + len(teams) % 2
    cycle = _circle(count)
    out = []
    for number in range(rounds):
        tables, sitting_out = [], ()
        for a, b in cycle[number % len(cycle)]:
            if max(a, b) >= len(teams):
                sitting_out = teams[min(a, b)]
            else:
                tables.append((teams[a], teams[b]))
        out.append(_round(number + 1, tables, sitting_out))
    return tuple(out)


def _round(number: int, tables, sitting_out) -> ClubRound:
    return ClubRound(
        number,
        tuple(ClubTable(index, sides) for index, sides in enumerate(tables, start=1)),
        tuple(sitting_out),
    )


def _rotating(names: list[str], rounds: int) -> tuple[ClubRound, ...]:
    """Rotating partners: the rounds of a whist tournament (rules/whist.py) for this many
    players, or for one or two more with the extra places left empty, else a round robin
    of partners; the rounds taken so that the sitting-out turns come out even."""
    count = len(names)
    plan = _even_rounds(_round_options(count), rounds, count)
    opponents: dict[tuple[int, int], int] = {}
    return tuple(
        _round(
            number,
            [
                ((names[a], names[b]), (names[c], names[d]))
                for (a, b), (c, d) in _tables(option, opponents)
            ],
            [names[p] for p in sorted(option.out)],
        )
        for number, option in enumerate(plan, start=1)
    )


@dataclass(frozen=True)
class _Option:
    """A way to play one round: the partner pairs seated, the players sitting out, and
    whether the pairs are already set at tables (two by two, as a whist round sets them)."""

    pairs: tuple[tuple[int, int], ...]
    out: tuple[int, ...]
    at_tables: bool = False


def _round_options(count: int) -> list[list[_Option]]:
    """The rounds a night may be made of, each once, as the ways each can be played.

    From a whist tournament for ``count`` players, or for ``count`` + 1 or + 2 with those
    places empty: a table that loses a player breaks up, its whole partner pairs meet at
    a table of their own two by two and the rest sit out. Partners still never repeat.
    Else the circle method's rounds of partners, with each choice of the pair to sit out
    where the pairs outnumber the seats."""
    for empty in (0, (4 - count % 4) % 4):
        whist = whist_rounds(count + empty) if empty <= 2 else None
        if whist is not None:
            return [[_without_empty_places(r.tables, r.sitting_out, count)] for r in whist]
    dummy = count if count % 2 else None
    seats = count // 4 * 2
    options = []
    for pairs in _circle(count + count % 2):
        real = tuple(pair for pair in pairs if dummy not in pair)
        forced = tuple(p for pair in pairs if dummy in pair for p in pair if p != dummy)
        if len(real) == seats:
            options.append([_Option(real, forced)])
        else:
            options.append(
                [_Option(tuple(pr for pr in real if pr != out), (*forced, *out)) for out in real]
            )
    return options


def _without_empty_places(tables, sitting_out, count: int) -> _Option:
    """A whist round with the places from ``count`` on left empty."""
    seated: list[tuple[int, int]] = []
    whole: list[tuple[int, int]] = []
    out = list(sitting_out)
    for side_a, side_b in tables:
        if max(*side_a, *side_b) < count:
            seated += [side_a, side_b]
            continue
        for side in (side_a, side_b):
            if max(side) < count:
                whole.append(side)
            else:
                out += [p for p in side if p < count]
    if len(whole) % 2:
        out += whole.pop()
    return _Option((*seated, *whole), tuple(out), at_tables=True)


# The draws searched for evenness: up to the players the whist designs cover. A bigger
# night keeps partners unrepeated, and takes each round's sitting out greedily.
CLUB_EVEN_UP_TO = 44


def _even_rounds(options: list[list[_Option]], rounds: int, count: int) -> list[_Option]:
    """``rounds`` rounds with partners never repeated (while the rounds allow) and the
    sitting-out turns even by the night's end: drawn from ``options`` when they allow it
    (each at most once), else built round by round."""
    if count % 4 and count <= CLUB_EVEN_UP_TO:
        drawn = _even_draw(options, rounds, count) if rounds <= len(options) else None
        if drawn is not None:
            return drawn
        built = _built_rounds(count, rounds)
        if built is not None:
            return built
    # Round by round, the way of playing it whose sitters have sat out least.
    byes = [0] * count
    plan = []
    for number in range(rounds):
        ways = options[number % len(options)]
        option = min(ways, key=lambda way: (sum(byes[p] for p in way.out), way.out))
        for p in option.out:
            byes[p] += 1
        plan.append(option)
    return plan


def _even_draw(options: list[list[_Option]], rounds: int, count: int) -> list[_Option] | None:
    """``rounds`` of the options, each at most once, sitting out evenly (a depth-first
    search, those who have sat out least going first); None when none is found."""
    most = -(-(count % 4) * rounds // count)  # the even share, rounded up
    byes = [0] * count
    used = [False] * len(options)
    chosen: list[_Option] = []
    budget = [30 * rounds + 100]

    def search() -> bool:
        if len(chosen) == rounds:
            return max(byes) - min(byes) <= 1
        found = [
            (sum(byes[p] for p in option.out), index, number, option)
            for index, ways in enumerate(options)
            if not used[index]
            for number, option in enumerate(ways)
            if all(byes[p] < most for p in option.out)
        ]
        for _, index, _, option in sorted(found, key=lambda item: item[:3])[:12]:
            budget[0] -= 1
            if budget[0] <= 0:
                return False
            used[index] = True
            for p in option.out:
                byes[p] += 1
            chosen.append(option)
            if search():
                return True
            chosen.pop()
            for p in option.out:
                byes[p] -= 1
            used[index] = False
        return False

    return chosen if search() else None


def _built_rounds(count: int, rounds: int) -> list[_Option] | None:
    """Rounds built one by one: players who have sat out least sit out, the rest paired
    with partners they have not had (a depth-first search for each round's pairs, the
    player with the fewest partners left first); None if a round within n - 1 has none."""
    byes = [0] * count
    partnered: set[tuple[int, int]] = set()
    plan: list[_Option] = []
    for number in range(rounds):
        option = _built_round(count, number, byes, partnered)
        if option is None and number >= count - 1:
            partnered.clear()  # past n - 1 rounds partners may repeat: pair afresh
            option = _built_round(count, number, byes, partnered)
        if option is None:
            return None
        for p in option.out:
            byes[p] += 1
        partnered.update(_key(*pair) for pair in option.pairs)
        plan.append(option)
    return plan


def _built_round(count: int, number: int, byes: list[int], partnered) -> _Option | None:
    """One round: who sits out (from those who have sat out least, the ties taken in
    turn) and partners who have not partnered yet; None when no choice allows it."""
    per_round = count % 4
    turn = number * per_round
    order = sorted(range(count), key=lambda p: (byes[p], (p - turn) % count))
    least = [p for p in order if byes[p] == byes[order[0]]]
    if len(least) >= per_round:
        fixed, pool, needed = [], least, per_round
    else:
        fixed = least
        pool = [p for p in order if byes[p] == byes[order[0]] + 1]
        needed = per_round - len(least)
    for start in range(max(1, len(pool))):
        out = [*fixed, *(pool[(start + i) % len(pool)] for i in range(needed))]
        playing = [p for p in range(count) if p not in out]
        pairs = _pairs_not_yet(playing, partnered, [50 * count])
        if pairs is not None:
            return _Option(tuple(pairs), tuple(out))
    return None


def _pairs_not_yet(players: list[int], partnered, budget) -> list[tuple[int, int]] | None:
    """The players two by two, no two who have partnered already; None when none is."""
    if not players:
        return []
    budget[0] -= 1
    if budget[0] <= 0:
        return None
    free = {p: [q for q in players if q != p and _key(p, q) not in partnered] for p in players}
    first = min(players, key=lambda p: (len(free[p]), p))
    for other in sorted(free[first], key=lambda q: (len(free[q]), q)):
        rest = _pairs_not_yet([p for p in players if p not in (first, other)], partnered, budget)
        if rest is not None:
            return [(first, other), *rest]
    return None


def _tables(option: _Option, opponents: dict[tuple[int, int], int]) -> list:
    """The round's pairs at tables: as the option sets them, else by ``_set_tables``."""
    if not option.at_tables:
        return _set_tables(list(option.pairs), opponents)
    return [tuple(option.pairs[i : i + 2]) for i in range(0, len(option.pairs), 2)]


def _set_tables(pairs: list[Pair], opponents: dict[tuple[int, int], int]) -> list:
    """The round's partner pairs two by two at tables, each pair facing the pair it has
    met least; ``opponents`` counts the meetings so far and is updated."""
    left = list(pairs)
    tables = []
    while left:
        first = left.pop(0)
        best = min(
            range(len(left)),
            key=lambda i: sum(opponents.get(_key(x, y), 0) for x in first for y in left[i]),
        )
        second = left.pop(best)
        for x in first:
            for y in second:
                opponents[_key(x, y)] = opponents.get(_key(x, y), 0) + 1
        tables.append((first, second))
    return tables


def _key(x: int, y: int) -> tuple[int, int]:
    return (x, y) if x < y else (y, x)


# ----------------------------------------------------------------------------- standings


@dataclass(frozen=True)
class PlayedTable:
    """A table as it ended: its two sides and each side's score."""

    sides: tuple[Pair, Pair]
    scores: tuple[int, int]


@dataclass(frozen=True)
class PlayedRound:
    """A round as it was played: its tables and who sat out."""

    round: int
    tables: tuple[PlayedTable, ...]
    sitting_out: tuple[str, ...] = ()


@dataclass(frozen=True)
class Standing:
    """One entry's line: a player (one name) or a partnership (two, sorted)."""

    rank: int
    names: tuple[str, ...]
    played: int
    wins: int
    losses: int
    ties: int
    match_points: int
    points: int


@dataclass(frozen=True)
class Standings:
    """The players and the partnerships, each in rank order."""

    players: tuple[Standing, ...]
    partnerships: tuple[Standing, ...]


@dataclass
class _Tally:
    played: int = 0
    wins: int = 0
    losses: int = 0
    ties: int = 0
    points: int = 0

    @property
    def match_points(self) -> int:
        return _WIN * self.wins + _TIE * self.ties + _LOSS * self.losses

    def add(self, own: int, other: int) -> None:
        self.played += 1
        self.points += own
        if own > other:
            self.wins += 1
        elif own < other:
            self.losses += 1
        else:
            self.ties += 1


def _check_round(played: PlayedRound) -> None:
    """Two sides of two a table, each player once in the round, scores within bounds."""
    seen: set[str] = set()
    everyone = [name for table in played.tables for side in table.sides for name in side]
    for table in played.tables:
        if len(table.sides) != 2 or any(len(side) != 2 for side in table.sides):
            reason = said(
                "round %(number)s: a table has two sides of two players", number=played.round
            )
            raise RuleError(reason)
        if len(table.scores) != 2:
            reason = said(
                "round %(number)s: a table has a score for each side", number=played.round
            )
            raise RuleError(reason)
        for score in table.scores:
            if not -CLUB_SCORE_LIMIT <= score <= CLUB_SCORE_LIMIT:
                reason = said(
                    "round %(number)s: a score must be from %(least)s to %(most)s",
                    number=played.round,
                    least=-CLUB_SCORE_LIMIT,
                    most=CLUB_SCORE_LIMIT,
                )
                raise RuleError(reason)
    for name in [*everyone, *played.sitting_out]:
        if name in seen:
            reason = said(
                "round %(number)s: %(name)s is in the round twice", number=played.round, name=name
            )
            raise RuleError(reason)
        seen.add(name)


def _half_up(value: Fraction) -> int:
    """A fraction rounded to a whole number, halves upward (2.5 -> 3, -2.5 -> -2)."""
    return math.floor(value + Fraction(1, 2))


def club_standings(
    rounds: Sequence[PlayedRound],
    ranking: str = "wins",
    tiebreaks: Sequence[str] = (),
    byes: str = "none",
) -> Standings:
    """Rank the players and the partnerships after the rounds played."""
    # The settings are listed as the API spells them (a form offers only these).
    if ranking not in CLUB_RANKINGS:
        reason = said("ranking must be one of %(choices)s", choices=", ".join(CLUB_RANKINGS))
        raise RuleError(reason)
    for tiebreak in tiebreaks:
        if tiebreak not in CLUB_TIEBREAKS:
            reason = said(
                "a tiebreak must be one of %(choices)s", choices=", ".join(CLUB_TIEBREAKS)
            )
            raise RuleError(reason)
    if byes not in CLUB_BYES:
        reason = said("byes must be one of %(choices)s", choices=", ".join(CLUB_BYES))
        raise RuleError(reason)
    players: dict[tuple[str, ...], _Tally] = {}
    partnerships: dict[tuple[str, ...], _Tally] = {}
    # Wins of one entry over another when they sat on opposite sides.
    beat: dict[tuple[tuple[str, ...], tuple[str, ...]], int] = {}
    for played in rounds:
        _check_round(played)
        winners = []
        for table in played.tables:
            sides = [tuple(sorted(side)) for side in table.sides]
            for side, (own, other) in zip(sides, (table.scores, table.scores[::-1]), strict=True):
                partnerships.setdefault(side, _Tally()).add(own, other)
                for name in side:
                    players.setdefault((name,), _Tally()).add(own, other)
            if table.scores[0] != table.scores[1]:
                won = 0 if table.scores[0] > table.scores[1] else 1
                winners.append(table.scores[won])
                lost = 1 - won
                beat[sides[won], sides[lost]] = beat.get((sides[won], sides[lost]), 0) + 1
                for x in sides[won]:
                    for y in sides[lost]:
                        beat[(x,), (y,)] = beat.get(((x,), (y,)), 0) + 1
        credit = _half_up(Fraction(sum(winners), len(winners))) if winners else 0
        for name in played.sitting_out:
            tally = players.setdefault((name,), _Tally())
            if byes == "winners_average":
                tally.points += credit
    order = (ranking, *tiebreaks)
    return Standings(_ranked(players, order, beat), _ranked(partnerships, order, beat))


def _measure(tally: _Tally, what: str):
    if what == "wins":
        return tally.wins
    if what == "match_points":
        return tally.match_points
    if what == "points":
        return tally.points
    # average: points a table played; an entry that played none has no average to speak of
    return Fraction(tally.points, tally.played) if tally.played else Fraction(tally.points)


def _ranked(tallies: dict[tuple[str, ...], _Tally], order, beat) -> tuple[Standing, ...]:
    """Entries split into groups of equals, one measure after another (most first)."""
    groups: list[list[tuple[str, ...]]] = [sorted(tallies)]
    for what in order:
        split: list[list[tuple[str, ...]]] = []
        for group in groups:
            if what == "head_to_head":
                split += _head_to_head(group, beat)
                continue
            values = sorted({_measure(tallies[entry], what) for entry in group}, reverse=True)
            for value in values:
                split.append([e for e in group if _measure(tallies[e], what) == value])
        groups = split
    out, rank = [], 1
    for group in groups:
        for entry in sorted(group):
            tally = tallies[entry]
            out.append(
                Standing(
                    rank,
                    entry,
                    tally.played,
                    tally.wins,
                    tally.losses,
                    tally.ties,
                    tally.match_points,
                    tally.points,
                )
            )
        rank += len(group)
    return tuple(out)


def _head_to_head(group, beat):
    """Two entries still equal: the one with more wins over the other goes first;
    otherwise (more entries, or as many wins) the group stays together."""
    if len(group) != 2:
        return [group]
    a, b = group
    a_wins, b_wins = beat.get((a, b), 0), beat.get((b, a), 0)
    if a_wins == b_wins:
        return [group]
    return [[a], [b]] if a_wins > b_wins else [[b], [a]]
