"""The service layer: the only code that reads or writes the site's rows.

Each service takes plain arguments and a SQLAlchemy session, never a request, a form or
a template; it returns the rows or states it made or found, and raises the exceptions of
``services.errors`` (NotFound, Conflict, GameOver, AlreadyRecorded, Refused) or the rules
core's RuleError for everything else. Every write commits its own transaction, and every
change to a game's hands or turns moves the game's version in that same transaction.

- ``matches``: a pinochle match found by its link and replayed; ``hands``: its writes.
- ``dice``: a dice game found by its link and replayed; ``dice_turns``: its writes.
- ``devices``: each device's list of games; ``export`` and ``imports``: players' data.
- ``groups``: a group, its roster and its writes; ``group_history``: what it played (its
  games listed, its statistics, its wins over time); ``stats``: statistics of stored games.
"""

from . import (
    devices,
    dice,
    dice_turns,
    errors,
    export,
    group_history,
    groups,
    hands,
    imports,
    matches,
    stats,
)

__all__ = [
    "devices",
    "dice",
    "dice_turns",
    "errors",
    "export",
    "group_history",
    "groups",
    "hands",
    "imports",
    "matches",
    "stats",
]
