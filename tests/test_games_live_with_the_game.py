"""A game's behaviour lives with the game (issue 23): outside the rules core no module and
no template asks which game it is playing (``kind == "triple"``, ``variant in (...)``,
``preset.name == "two-handed"``); the shell asks the game's registry entry instead. And no
module imports a routes module but the app factory (one area never imports another's
views).

The scan reads the source (``ast`` for Python, the template text for Jinja): a new branch
on a game's name fails here, with the file and line to look at."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from scorekeeper.rules import DICE_GAMES, PRESETS

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "scorekeeper"
SHELL = sorted(p for p in PACKAGE.rglob("*.py") if "rules" not in p.relative_to(PACKAGE).parts)
TEMPLATES = sorted((ROOT / "templates").rglob("*.html"))
# Every name a game goes by in the code: the dice games' kinds, the pinochle presets'
# names, and Yahtzee's variants (classic, triple).
GAME_NAMES = frozenset({*DICE_GAMES, *PRESETS, "classic", "triple"})


def _names_in(node: ast.AST) -> set[str]:
    """The game names a compared value spells out: a string, or a tuple/list/set of them."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return {node.value} & GAME_NAMES
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        return set().union(*(_names_in(item) for item in node.elts)) if node.elts else set()
    return set()


# What a value that names a game is called: ``kind``, ``game.kind``, ``variant``,
# ``preset.name``... (Farkle's "farkle" button is an action, not the game.)
_ASKS_THE_GAME = frozenset({"kind", "variant", "game", "preset", "name", "kinds", "games"})


def _asks_the_game(node: ast.AST) -> bool:
    """Is this the name of a game being looked at (``kind``, ``state.game.kind``)?"""
    if isinstance(node, ast.Attribute):
        return node.attr in _ASKS_THE_GAME
    if isinstance(node, ast.Name):
        return node.id in _ASKS_THE_GAME
    if isinstance(node, ast.Call):  # request.form.get("kind"), dice_game(...).kind
        return any(_asks_the_game(arg) for arg in node.args) or any(
            isinstance(arg, ast.Constant) and arg.value in _ASKS_THE_GAME for arg in node.args
        )
    return False


def game_branches(source: str) -> list[tuple[int, str]]:
    """Each comparison in the source of a game's name against a game: (line, the names)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            named = set().union(*(_names_in(side) for side in sides))
            if named and any(_asks_the_game(side) for side in sides):
                found.append((node.lineno, ", ".join(sorted(named))))
        elif isinstance(node, ast.Match) and _asks_the_game(node.subject):
            for case in node.cases:
                named = set()
                for pattern in ast.walk(case.pattern):
                    if isinstance(pattern, ast.MatchValue):
                        named |= _names_in(pattern.value)
                if named:
                    found.append((case.pattern.lineno, ", ".join(sorted(named))))
    return found


# {% if kind == "triple" %}, {% if game in ("farkle", ...) %}, selectattr("kind", "eq", ...)
_TEMPLATE_COMPARE = re.compile(
    r"\b(?:kind|variant|game|preset|name)\s*(?:==|!=|\bin\b|\bis\b)\s*[(\[]?\s*"
    r"['\"](?P<name>[a-z0-9-]+)['\"]"
    r"|['\"](?P<left>[a-z0-9-]+)['\"]\s*(?:==|!=)\s*[\w.]*\b(?:kind|variant|game|preset|name)\b"
)
_TAG = re.compile(r"{%.*?%}|{{.*?}}", re.S)


def template_branches(text: str) -> list[tuple[int, str]]:
    """Each comparison inside a template tag against a game's name: (line, the name)."""
    found = []
    for tag in _TAG.finditer(text):
        for compared in _TEMPLATE_COMPARE.finditer(tag.group()):
            name = compared.group("name") or compared.group("left")
            if name in GAME_NAMES:
                found.append((text.count("\n", 0, tag.start()) + 1, name))
    return found


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ('if game.kind == "triple": pass', [(1, "triple")]),
        ('x = kind in ("yahtzee", "kniffel")', [(1, "kniffel, yahtzee")]),
        ('if "farkle" != kind: pass', [(1, "farkle")]),
        ('match kind:\n    case "generala":\n        pass', [(2, "generala")]),
        ('if variant == "classic": pass', [(1, "classic")]),
        ('if preset.name == "two-handed": pass', [(1, "two-handed")]),
        ('if kind == "match": pass', []),  # a match or a dice game: not a game's name
        ('if form.action.data == "farkle": pass', []),  # Farkle's button, not the game
        ('label = {"triple": "Triple"}', []),  # naming a game is not asking which it is
        ("if sheet is None: pass", []),
    ],
)
def test_the_python_scan_finds_a_branch_on_a_games_name(source, expected):
    assert game_branches(source) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('{% if kind == "triple" %}x{% endif %}', [(1, "triple")]),
        ("a\n{% set t = state.game.kind != 'farkle' %}", [(2, "farkle")]),
        ('{% if kind in ("yatzy", "maxi-yatzy") %}', [(1, "yatzy")]),
        ('{{ "triple" if x }}', []),
        ('<p class="triple">{% if boxes.columns %}{% endif %}</p>', []),
        ('{% if played.kind == "match" %}', []),
        ("{{ 'farkle' if form.action.data == 'farkle' else 'bank' }}", []),
    ],
)
def test_the_template_scan_finds_a_branch_on_a_games_name(text, expected):
    assert template_branches(text) == expected


@pytest.mark.parametrize("path", SHELL, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_shell_module_asks_which_game_it_is_playing(path):
    assert game_branches(path.read_text()) == [], (
        f"{path.relative_to(ROOT)} branches on a game's name: ask the game's registry "
        "entry (rules/dice_games.py, a preset's fields) instead"
    )


@pytest.mark.parametrize("path", TEMPLATES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_template_asks_which_game_it_is_drawing(path):
    assert template_branches(path.read_text()) == [], (
        f"{path.relative_to(ROOT)} branches on a game's name: the game object is missing a field"
    )


def _imports(path: Path) -> set[str]:
    """The modules a file imports, as dotted names within the package where relative."""
    module = ".".join(path.relative_to(ROOT).with_suffix("").parts)
    package = module.rsplit(".", 1)[0] if path.name != "__init__.py" else module
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                parent = ".".join(parts[: len(parts) - node.level + 1])
                base = f"{parent}.{base}" if base else parent
            found.add(base)
            found |= {f"{base}.{alias.name}" for alias in node.names}
    return found


@pytest.mark.parametrize(
    "path", sorted(PACKAGE.rglob("*.py")), ids=lambda p: str(p.relative_to(ROOT))
)
def test_only_the_app_factory_imports_a_routes_module(path):
    if path == PACKAGE / "__init__.py":
        return
    views = sorted(name for name in _imports(path) if name.endswith((".routes", ".watching")))
    assert views == [], f"{path.relative_to(ROOT)} imports {views}: only create_app may"
