"""The JSON API's blueprint (shared/API.md) and what every one of its answers shares: every
error in what was sent is a 400 with a sentence, one too large a 413, too many wrong
links a 429, a server fault a 503; nothing it answers is cached."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from flask import Blueprint, Response, current_app, jsonify, request
from werkzeug.exceptions import HTTPException

from .. import main
from ..rules import RuleError

bp = Blueprint("api", __name__, url_prefix="/api/v1")


def error_answer(sentence: str) -> tuple[Response, int]:
    """A 400 whose JSON says what is wrong with the request."""
    return jsonify(error=sentence), 400


@bp.errorhandler(RuleError)
def rule_error(error: RuleError) -> tuple[Response, int]:
    """A broken rule or a malformed request: 400 with the sentence."""
    return error_answer(str(error))


# Werkzeug's errors that say something other than "this request is malformed": a body too
# large, too many wrong links, a server that cannot answer now. They keep their status and
# their headers (Retry-After).
_KEPT_STATUSES = {413, 429, 503}


@bp.errorhandler(HTTPException)
def http_error(error: HTTPException):
    """Werkzeug's own errors inside the API answer JSON: a body that is not JSON… is a 400;
    413, 429 and 503 keep their status."""
    if error.code in _KEPT_STATUSES:
        return main.http_error(error)
    return error_answer(error.description or error.name)


# A JSON string (its escapes included), and the brackets that nest.
_JSON_STRING = re.compile(rb'"(?:[^"\\]|\\.)*"')
_BRACKETS = re.compile(rb"[][{}]")


def _nesting(body: bytes) -> int:
    """How deep the lists and objects of a JSON text nest (brackets in strings are text)."""
    deepest = depth = 0
    for bracket in _BRACKETS.findall(_JSON_STRING.sub(b"", body)):
        depth += 1 if bracket in b"[{" else -1
        deepest = max(deepest, depth)
    return deepest


def posted_json() -> Any:
    """The posted JSON (None when the body is not JSON), refused with a sentence when it
    nests deeper than the site reads: the reader is never given it."""
    limit = current_app.config["API_JSON_DEPTH"]
    if request.is_json and _nesting(request.get_data(cache=True)) > limit:
        raise RuleError(
            f"the body is nested deeper than {limit} levels; no request of the API needs more"
        )
    return request.get_json(silent=True)


def refuse_unknown(
    sent: Iterable[str], known: Iterable[str], of: str = "this request", where: str = ""
) -> None:
    """A 400 naming the first field sent (in sorted order) that ``of`` does not have."""
    unknown = sorted(set(sent) - set(known))
    if unknown:
        raise RuleError(f'{where}"{unknown[0]}" is not a field of {of}')


@bp.after_request
def no_store(response: Response) -> Response:
    """The API scores what it is sent; nothing it answers should be cached."""
    response.headers["Cache-Control"] = "no-store"
    return response
