"""What every write of a game shares: the form it came from must be one this site drew
(its version and one-time token), and the game's version moves on with every change.

The version is what the kept pages, the quick poll and the conflict checks rest on: a
page drawn at version N is right while the game is at N. So every write claims the next
version in the same transaction as its change (compare and set), and nothing else in the
site writes these tables.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from typing import Any, ParamSpec, TypeVar

from sqlalchemy import update
from sqlalchemy.orm import Session

from ..rules import RuleError, said
from .errors import Refused, ServiceError

# A version (or row id) every database can hold, PostgreSQL's INTEGER being the smallest;
# anything larger was not drawn by this site.
MAX_VERSION = 2**31 - 1
# What secrets.token_urlsafe() makes: URL-safe letters, digits, - and _.
FORM_TOKEN = re.compile(r"[A-Za-z0-9_-]{16,40}")

OUT_OF_DATE = said("This form is out of date: reload the page, then save.")


def checked_version(version: Any) -> int:
    """The version a form says it was drawn at, or Refused when it says none we drew."""
    if isinstance(version, bool) or not isinstance(version, int):
        raise Refused(OUT_OF_DATE, "version")
    if not 0 <= version <= MAX_VERSION:
        raise Refused(OUT_OF_DATE, "version")
    return version


def is_form_token(form_token: Any) -> bool:
    """Could this be a one-time token of a form this site drew?"""
    return isinstance(form_token, str) and FORM_TOKEN.fullmatch(form_token) is not None


def checked_form_token(form_token: Any) -> str:
    """The form's one-time token, or Refused when it is not one this site makes."""
    if not is_form_token(form_token):
        raise Refused(OUT_OF_DATE, "client_token")
    return form_token


def claim_version(session: Session, model: Any, row_id: int, expected: int) -> bool:
    """Move a game (or a hand) to its next version if it is still at ``expected``.

    Two phones writing at once both read version N; only the first UPDATE finds it.
    """
    result = session.execute(
        update(model)
        .where(model.id == row_id, model.version == expected)
        .values(version=model.version + 1)
        .execution_options(synchronize_session=False)
    )
    return result.rowcount == 1


def bump_version(session: Session, model: Any, row_id: int) -> None:
    """Move a game to its next version, whatever it was (a change keyed by a row id)."""
    session.execute(
        update(model)
        .where(model.id == row_id)
        .values(version=model.version + 1)
        .execution_options(synchronize_session=False)
    )


P = ParamSpec("P")
T = TypeVar("T")


def refusal_writes_nothing(write: Callable[P, T]) -> Callable[P, T]:
    """A write (its session first) that is refused, by the rules or by the service, leaves
    the session as it was before the write began: whatever it had changed is rolled back
    here, so no view has to."""

    @functools.wraps(write)
    def guarded(*args: P.args, **kwargs: P.kwargs) -> T:
        try:
            return write(*args, **kwargs)
        except (RuleError, ServiceError):
            session = args[0] if args else kwargs["session"]
            session.rollback()  # type: ignore[attr-defined]
            raise

    return guarded
