"""Counting the SQL statements something runs, to hold a page or a service to a constant
number of queries."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from flask import Flask
from sqlalchemy import event

from scorekeeper.extensions import db

T = TypeVar("T")


def count_queries(app: Flask, request: Callable[[], T]) -> tuple[T, int]:
    """What ``request()`` answers and the number of SQL statements it ran."""
    statements = []

    def counted(conn, cursor, statement, parameters, context, executemany):
        statements.append(statement)

    with app.app_context():
        engine = db.engine
    event.listen(engine, "before_cursor_execute", counted)
    try:
        response = request()
    finally:
        event.remove(engine, "before_cursor_execute", counted)
    return response, len(statements)
