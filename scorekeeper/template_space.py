"""Templates as a phone gets them: without the indentation their readers need.

The templates are indented for whoever edits them; a phone gets the same markup with each
line's leading spaces dropped, once, when a template is first read (a Jinja extension's
``preprocess``), so no page pays for it per request. Inside ``<pre>`` and ``<textarea>``
a line's spaces are content, and stay.
"""

from __future__ import annotations

import re

from jinja2.ext import Extension

# Where leading spaces are content.
_VERBATIM = re.compile(r"<(pre|textarea)\b.*?</\1\s*>", re.IGNORECASE | re.DOTALL)
# A line break and the blank lines and indentation after it.
_INDENT = re.compile(r"\n\s+")


def dedented(source: str) -> str:
    """``source`` with every line's indentation and every blank line dropped, except
    inside ``<pre>`` and ``<textarea>``."""
    parts = []
    done = 0
    for verbatim in _VERBATIM.finditer(source):
        parts.append(_INDENT.sub("\n", source[done : verbatim.start()]))
        parts.append(verbatim.group())
        done = verbatim.end()
    parts.append(_INDENT.sub("\n", source[done:]))
    return "".join(parts)


class Dedent(Extension):
    """Drops the templates' indentation as they are read (``dedented``)."""

    def preprocess(self, source: str, name: str | None, filename: str | None = None) -> str:
        return dedented(source)
