"""The rules core's public face (rules/__init__.py) and its purity: callers import from
``scorekeeper.rules``, and the core imports only the standard library and itself."""

from __future__ import annotations

import ast
import importlib
import pkgutil
import sys
from pathlib import Path

import pytest

import scorekeeper.rules as core
from scorekeeper.rules import pinochle, yahtzee

CORE = Path(core.__file__).parent
MODULES = sorted(CORE.glob("*.py"))
SUBMODULES = {info.name for info in pkgutil.iter_modules([str(CORE)])}


def imports_of(path: Path) -> list[tuple[int, str]]:
    """Every import of a module as (line, what it imports); relative ones keep their dots."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            found.append((node.lineno, "." * node.level + (node.module or "")))
    return found


def is_core_or_standard(module: str) -> bool:
    """One dot is the core itself; two or more would climb out of it into the app."""
    if module.startswith("."):
        return not module.startswith("..")
    if module == "scorekeeper.rules" or module.startswith("scorekeeper.rules."):
        return True
    return module.split(".")[0] in sys.stdlib_module_names


# ---------------------------------------------------------------- purity


def test_the_core_has_modules_to_check():
    assert {path.stem for path in MODULES} >= {"__init__", "cards", "dice", "dice_games"}


@pytest.mark.parametrize("path", MODULES, ids=lambda path: path.name)
def test_the_core_imports_nothing_but_the_standard_library_and_itself(path):
    outside = [
        f"line {line}: {module}"
        for line, module in imports_of(path)
        if not is_core_or_standard(module)
    ]
    assert outside == []


@pytest.mark.parametrize(
    ("module", "allowed"),
    [
        ("flask", False),
        ("sqlalchemy.orm", False),
        ("scorekeeper.models", False),
        ("..models", False),
        ("scorekeeper", False),
        ("hypothesis", False),
        ("dataclasses", True),
        ("collections.abc", True),
        (".errors", True),
        (".", True),
        ("scorekeeper.rules.cards", True),
    ],
)
def test_the_purity_check_tells_the_core_and_the_standard_library_from_the_rest(module, allowed):
    assert is_core_or_standard(module) is allowed


def test_farkle_no_longer_reads_anything_from_yahtzee():
    modules = {module for _, module in imports_of(CORE / "farkle.py")}
    assert not {".yahtzee", "scorekeeper.rules.yahtzee"} & modules
    assert ".dice" in modules


# ---------------------------------------------------------------- the public names


def test_a_star_import_gives_exactly_the_public_names():
    namespace: dict[str, object] = {}
    exec("from scorekeeper.rules import *", namespace)
    namespace.pop("__builtins__")
    assert sorted(namespace) == sorted(core.__all__)


def test_every_public_name_exists_and_is_listed_once():
    assert [name for name in core.__all__ if not hasattr(core, name)] == []
    assert len(core.__all__) == len(set(core.__all__))


def test_no_public_name_hides_a_module_of_the_core():
    assert SUBMODULES & set(core.__all__) == set()
    for name in SUBMODULES:
        assert importlib.import_module(f"scorekeeper.rules.{name}") is getattr(core, name)


@pytest.mark.parametrize(
    "name",
    [
        "RuleError",
        "TurnError",
        "Card",
        "YahtzeeCard",
        "PRESETS",
        "Preset",
        "HandInput",
        "get_preset",
        "with_rules",
        "meld_all",
        "score_hand",
        "replay_match",
        "replay_yahtzee",
        "replay_farkle",
        "yahtzee_rules",
        "farkle_rules",
        "score_throw",
        "FACES",
        "read_faces",
        "DICE_GAMES",
        "DiceGameKind",
        "dice_game",
    ],
)
def test_the_names_callers_use_are_public(name):
    assert name in core.__all__


def test_the_two_cards_are_told_apart_by_name():
    assert core.Card.__module__ == "scorekeeper.rules.cards"
    assert core.YahtzeeCard.__module__ == "scorekeeper.rules.yahtzee"
    assert core.YahtzeeCard.__name__ == "YahtzeeCard"


# ---------------------------------------------------------------- old names


@pytest.mark.parametrize(
    ("module", "old"), [(pinochle, "replay"), (yahtzee, "replay_game"), (yahtzee, "Card")]
)
def test_the_old_names_are_gone_now_every_caller_has_moved(module, old):
    assert not hasattr(module, old)
