"""The vendored stylesheet less what the site never uses: rules for elements, classes and
attributes that no template, script or view writes, and custom properties nothing reads.

Pico styles every element and component HTML has (dialogs, dropdowns, tooltips, progress
bars, ranges, file pickers …) and defines each colour variable for both schemes; the site
uses a fraction of it. A rule is dropped only when every selector of it names something
that appears nowhere in the site's words (``vocabulary``): a class, id or attribute name
that is written anywhere in the templates, the scripts or the Python keeps its rules, so a
rule is kept whenever in doubt. Works on minified CSS (rcssmin's output).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

# Written by WTForms' and the site's widgets in Python, or by the browser: always kept.
ALWAYS_TAGS = frozenset(
    ("html", "body", "input", "select", "option", "optgroup", "textarea", "label", "button")
    + ("fieldset", "legend", "form", "svg", "path")
)
# Functional pseudo-classes whose argument is a selector list, matched when any of it is.
_ANY_OF = ("is", "where", "has", "matches", "-webkit-any", "-moz-any")
_WORD = re.compile(r"[A-Za-z_][\w-]*")
_TAG_IN_MARKUP = re.compile(r"<([a-zA-Z][a-zA-Z0-9]*)")
_CREATED = re.compile(r"createElement(?:NS)?\([^)]*?[\"']([a-zA-Z][a-zA-Z0-9]*)[\"']\)")
# Inputs WTForms draws, by field or widget: the site's forms use these.
ALWAYS_INPUT_TYPES = frozenset(
    ("text", "number", "checkbox", "radio", "hidden", "submit", "button")
)
# ``type="x"``, ``role="x"`` in markup, ``setAttribute("role", "x")`` and
# ``input_type = "x"`` in code: the values a [type=…] or [role=…] selector can meet.
_VALUES = {
    name: re.compile(
        rf"(?:\b{name}\s*=\s*|{name}[\"']\s*,\s*|input_{name}\s*=\s*)[\"']([\w-]+)[\"']"
    )
    for name in ("type", "role")
}
_VAR_USE = re.compile(r"var\(\s*(--[\w-]+)")
_PROPERTY_NAME = re.compile(r"[\"'](--[\w-]+)[\"']")


@dataclass(frozen=True)
class Vocabulary:
    """What the site writes: every word (for classes, ids, attributes) and every tag."""

    words: frozenset[str]
    tags: frozenset[str]
    # Custom properties a script sets or reads by name (element.style.setProperty("--x")).
    properties: frozenset[str] = frozenset()
    # The values written for the attributes whose values pick a component: type and role.
    values: dict[str, frozenset[str]] | None = None


def vocabulary(files: Iterable[Path]) -> Vocabulary:
    """The words and tags written in ``files`` (templates, scripts, Python)."""
    words: set[str] = set()
    tags: set[str] = set(ALWAYS_TAGS)
    properties: set[str] = set()
    values: dict[str, set[str]] = {"type": set(ALWAYS_INPUT_TYPES), "role": set()}
    for path in files:
        text = path.read_text(encoding="utf-8", errors="replace")
        words.update(_WORD.findall(text))
        tags.update(tag.lower() for tag in _TAG_IN_MARKUP.findall(text))
        tags.update(tag.lower() for tag in _CREATED.findall(text))
        properties.update(_PROPERTY_NAME.findall(text))
        for name, pattern in _VALUES.items():
            values[name].update(value.lower() for value in pattern.findall(text))
    return Vocabulary(
        frozenset(words),
        frozenset(tags),
        frozenset(properties),
        {name: frozenset(found) for name, found in values.items()},
    )


# ------------------------------------------------------------------------- parsing


def _skip_string(css: str, start: int) -> int:
    """The index just past the string that opens at ``start``."""
    quote = css[start]
    index = start + 1
    while index < len(css) and css[index] != quote:
        index += 2 if css[index] == "\\" else 1
    return index + 1


def _find(css: str, start: int, stops: str) -> int:
    """The first of ``stops`` at or after ``start`` outside strings and parentheses."""
    depth = 0
    index = start
    while index < len(css):
        char = css[index]
        if char in "\"'":
            index = _skip_string(css, index)
            continue
        if char == "\\":
            index += 2
            continue
        if char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
        elif depth == 0 and char in stops:
            return index
        index += 1
    return len(css)


def _split(text: str, separator: str) -> list[str]:
    """``text`` split on ``separator`` outside strings and parentheses."""
    parts, start = [], 0
    while start <= len(text):
        end = _find(text, start, separator)
        parts.append(text[start:end])
        start = end + 1
    return parts


def _block_end(css: str, start: int) -> int:
    """The index of the ``}`` that closes the block whose ``{`` is at ``start - 1``."""
    depth = 1
    index = start
    while index < len(css):
        index = _find(css, index, "{}")
        if index >= len(css):
            break
        depth += 1 if css[index] == "{" else -1
        if depth == 0:
            return index
        index += 1
    return len(css)


@dataclass
class Rule:
    """``prelude{body}``: a style rule (body: declarations) or an at-rule with rules in it."""

    prelude: str
    body: str | list[Rule] | None  # None: a statement such as @charset "x";


def parse(css: str) -> list[Rule]:
    """The rules of a stylesheet, nested in the at-rules that hold rules."""
    rules: list[Rule] = []
    index = 0
    while index < len(css):
        if css[index].isspace():
            index += 1
            continue
        stop = _find(css, index, "{;}")
        prelude = css[index:stop].strip()
        if stop >= len(css) or css[stop] in ";}":
            if prelude:
                rules.append(Rule(prelude, None))
            index = stop + 1
            continue
        end = _block_end(css, stop + 1)
        inner = css[stop + 1 : end]
        nested = prelude.startswith(("@media", "@supports", "@layer", "@container", "@document"))
        rules.append(Rule(prelude, parse(inner) if nested else inner))
        index = end + 1
    return rules


def write(rules: list[Rule]) -> str:
    """The rules as minified CSS again."""
    out = []
    for rule in rules:
        if rule.body is None:
            out.append(f"{rule.prelude};")
        elif isinstance(rule.body, list):
            out.append(f"{rule.prelude}{{{write(rule.body)}}}")
        else:
            out.append(f"{rule.prelude}{{{rule.body}}}")
    return "".join(out)


# ------------------------------------------------------------------------ selectors


def _pseudo_argument(selector: str, open_at: int) -> tuple[str, int]:
    """The argument of a functional pseudo-class whose ``(`` is at ``open_at``; the index
    past its ``)``."""
    depth, index = 0, open_at
    while index < len(selector):
        char = selector[index]
        if char in "\"'":
            index = _skip_string(selector, index)
            continue
        if char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
            if depth == 0:
                return selector[open_at + 1 : index], index + 1
        index += 1
    return selector[open_at + 1 :], len(selector)


def selector_used(selector: str, words: Vocabulary) -> bool:
    """Could ``selector`` match a page of the site? False only when it names a tag, class,
    id or attribute that the site never writes."""
    plain = []
    index = 0
    while index < len(selector):
        char = selector[index]
        if char in "\"'":
            end = _skip_string(selector, index)
            plain.append(" ")
            index = end
            continue
        if char == ":":
            match = re.match(r"::?([\w-]+)", selector[index:])
            if not match:
                index += 1
                continue
            name = match.group(1).lower()
            if name in ("host", "host-context"):
                return False  # the site has no shadow DOM
            after = index + match.end()
            if after < len(selector) and selector[after] == "(":
                argument, after = _pseudo_argument(selector, after)
                if name in _ANY_OF and not any(
                    selector_used(part, words) for part in _split(argument, ",")
                ):
                    return False
            plain.append(" ")
            index = after
            continue
        if char == "[":
            end = _find(selector, index, "]")
            attribute = re.match(r"\[\s*([\w-]+)\s*(?:=\s*[\"']?([\w-]+))?", selector[index:end])
            if attribute and attribute.group(1) not in words.words:
                return False
            known = (words.values or {}).get(attribute.group(1)) if attribute else None
            if known is not None and attribute.group(2) and attribute.group(2).lower() not in known:
                return False
            plain.append(" ")
            index = end + 1
            continue
        plain.append(char)
        index += 1
    rest = "".join(plain)
    for name in re.findall(r"[.#]([\w-]+)", rest):
        if name not in words.words:
            return False
    rest = re.sub(r"[.#][\w-]+", " ", rest)
    tags = re.findall(r"(?<![\w-])([a-zA-Z][\w-]*)", rest)
    return all(tag.lower() in words.tags for tag in tags)


# --------------------------------------------------------------------------- trimming


def _trim_rules(rules: list[Rule], words: Vocabulary) -> list[Rule]:
    kept = []
    for rule in rules:
        if isinstance(rule.body, list):
            inner = _trim_rules(rule.body, words)
            if inner:
                kept.append(Rule(rule.prelude, inner))
        elif rule.body is None or rule.prelude.startswith("@"):
            kept.append(rule)  # @charset, @font-face, @keyframes …
        else:
            used = [part for part in _split(rule.prelude, ",") if selector_used(part, words)]
            if used:
                kept.append(Rule(",".join(used), rule.body))
    return kept


def _declarations(rules: list[Rule]) -> Iterable[Rule]:
    for rule in rules:
        if isinstance(rule.body, list):
            yield from _declarations(rule.body)
        elif isinstance(rule.body, str) and not rule.prelude.startswith("@"):
            yield rule


def _drop_unread_properties(rules: list[Rule], read_elsewhere: set[str]) -> list[Rule]:
    """Drop ``--name:value`` declarations that no ``var(--name)`` reads, until none is left
    (a property read only by a dropped one goes too)."""
    while True:
        read = set(read_elsewhere)
        for rule in _declarations(rules):
            read.update(_VAR_USE.findall(rule.body))
        dropped = False
        for rule in _declarations(rules):
            parts = _split(rule.body, ";")
            keep = [
                part
                for part in parts
                if not (part.strip().startswith("--") and part.split(":", 1)[0].strip() not in read)
            ]
            if len(keep) != len(parts):
                dropped = True
                rule.body = ";".join(part for part in keep if part.strip())
        if not dropped:
            return rules


def _without_empty(rules: list[Rule]) -> list[Rule]:
    kept = []
    for rule in rules:
        if isinstance(rule.body, list):
            inner = _without_empty(rule.body)
            if inner:
                kept.append(Rule(rule.prelude, inner))
        elif rule.body is None or rule.body.strip() or rule.prelude.startswith("@"):
            kept.append(rule)
    return kept


def trim(vendored: str, own: str, words: Vocabulary) -> str:
    """``vendored`` less the rules the site cannot use and the custom properties nothing
    reads (neither it, ``own`` — the site's own stylesheets — nor a script)."""
    rules = _trim_rules(parse(vendored), words)
    read = set(words.properties) | set(_VAR_USE.findall(own))
    return write(_without_empty(_drop_unread_properties(rules, read)))
