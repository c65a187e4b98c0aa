"""The rules core's public face (rules/__init__.py) and its purity: callers import from
``scorekeeper.rules``, and the core imports only the standard library and itself."""

from __future__ import annotations

import ast
import importlib
import importlib.util
import inspect
import pkgutil
import sys
import types
from pathlib import Path

import pytest

import scorekeeper.rules as core
from scorekeeper.rules import pinochle, yahtzee

CORE = Path(core.__file__).parent
# Every file of the core, the pinochle package's seams included.
MODULES = sorted(CORE.rglob("*.py"))
SUBMODULES = {info.name for info in pkgutil.iter_modules([str(CORE)])}
# The packages of the core, whose public names are their modules' public names.
PACKAGES = (core, pinochle)
# Every module of the core that defines things (a package only composes its modules').
DEFINING = sorted(
    (
        importlib.import_module(info.name)
        for info in pkgutil.walk_packages(core.__path__, f"{core.__name__}.")
        if not info.ispkg
    ),
    key=lambda module: module.__name__,
)


def module_name(path: Path) -> str:
    """The dotted name a file of the core is imported by (a package by its folder)."""
    parts = path.relative_to(CORE.parent.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(path: Path, source: str | None = None) -> list[tuple[int, str]]:
    """Every import of a module (its file's text, or ``source``) as (line, absolute name)."""
    package = module_name(path) if path.name == "__init__.py" else module_name(path.parent)
    found = []
    source = path.read_text() if source is None else source
    for node in ast.walk(ast.parse(source, str(path))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            relative = "." * node.level + (node.module or "")
            found.append((node.lineno, importlib.util.resolve_name(relative, package)))
    return found


def is_core_or_standard(module: str) -> bool:
    """The core imports itself (at any depth of its packages) and the standard library."""
    if module == "scorekeeper.rules" or module.startswith("scorekeeper.rules."):
        return True
    return module.split(".")[0] in sys.stdlib_module_names


def unlisted_names(module: types.ModuleType) -> list[str]:
    """The public functions and classes a module defines but leaves out of its __all__.

    Only functions and classes know the module that defines them; a module's constants
    (each dice game has its own DICE and KNOB_INFO) are listed by hand where callers
    need them."""
    listed = set(getattr(module, "__all__", ()))
    return sorted(
        name
        for name, value in vars(module).items()
        if not name.startswith("_")
        and (inspect.isfunction(value) or inspect.isclass(value))
        and value.__module__ == module.__name__
        and name not in listed
    )


# ---------------------------------------------------------------- purity


def test_the_core_has_modules_to_check():
    assert {path.stem for path in MODULES} >= {"__init__", "cards", "dice", "dice_games"}
    assert {path.stem for path in MODULES} >= {"presets", "melds", "hands", "ledger"}


@pytest.mark.parametrize("path", MODULES, ids=lambda path: str(path.relative_to(CORE)))
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
        ("scorekeeper", False),
        ("scorekeeper.rulesets", False),
        ("hypothesis", False),
        ("dataclasses", True),
        ("collections.abc", True),
        ("scorekeeper.rules", True),
        ("scorekeeper.rules.cards", True),
        ("scorekeeper.rules.pinochle.presets", True),
    ],
)
def test_the_purity_check_tells_the_core_and_the_standard_library_from_the_rest(module, allowed):
    assert is_core_or_standard(module) is allowed


@pytest.mark.parametrize(
    ("path", "relative", "absolute"),
    [
        ("farkle.py", ".errors", "scorekeeper.rules.errors"),
        ("farkle.py", "..models", "scorekeeper.models"),
        ("__init__.py", ".", "scorekeeper.rules"),
        ("pinochle/hands.py", ".presets", "scorekeeper.rules.pinochle.presets"),
        ("pinochle/hands.py", "..errors", "scorekeeper.rules.errors"),
        ("pinochle/hands.py", "...models", "scorekeeper.models"),
        ("pinochle/__init__.py", ".", "scorekeeper.rules.pinochle"),
    ],
)
def test_a_relative_import_is_read_from_the_folder_of_its_module(path, relative, absolute):
    assert imports_of(CORE / path, f"from {relative} import x") == [(1, absolute)]


def test_farkle_no_longer_reads_anything_from_yahtzee():
    modules = {module for _, module in imports_of(CORE / "farkle.py")}
    assert "scorekeeper.rules.yahtzee" not in modules
    assert "scorekeeper.rules.dice" in modules


# ---------------------------------------------------------------- the public names


@pytest.mark.parametrize("package", PACKAGES, ids=lambda package: package.__name__)
def test_a_star_import_gives_exactly_the_public_names(package):
    namespace: dict[str, object] = {}
    exec(f"from {package.__name__} import *", namespace)
    namespace.pop("__builtins__")
    assert sorted(namespace) == sorted(package.__all__)


@pytest.mark.parametrize("package", PACKAGES, ids=lambda package: package.__name__)
def test_every_public_name_exists_and_is_listed_once(package):
    assert [name for name in package.__all__ if not hasattr(package, name)] == []
    assert len(package.__all__) == len(set(package.__all__))


@pytest.mark.parametrize("package", PACKAGES, ids=lambda package: package.__name__)
def test_no_public_name_hides_a_module_of_the_core(package):
    modules = {info.name for info in pkgutil.iter_modules(package.__path__)}
    assert modules & set(package.__all__) == set()
    for name in modules:
        module = importlib.import_module(f"{package.__name__}.{name}")
        assert module is getattr(package, name)


# ---------------------------------------------------------------- each module's own names


@pytest.mark.parametrize("module", DEFINING, ids=lambda module: module.__name__)
def test_every_module_lists_its_public_functions_and_classes_in_its_all(module):
    assert hasattr(module, "__all__")
    assert unlisted_names(module) == []


@pytest.mark.parametrize("module", DEFINING, ids=lambda module: module.__name__)
def test_every_name_a_module_lists_is_its_own(module):
    strangers = [name for name in module.__all__ if not hasattr(module, name)]
    assert strangers == []
    assert len(module.__all__) == len(set(module.__all__))


def test_no_two_modules_export_the_same_name():
    homes: dict[str, list[str]] = {}
    for module in DEFINING:
        for name in module.__all__:
            homes.setdefault(name, []).append(module.__name__)
    assert {name: found for name, found in homes.items() if len(found) > 1} == {}


@pytest.mark.parametrize("package", PACKAGES, ids=lambda package: package.__name__)
def test_a_package_exports_exactly_what_its_modules_export(package):
    # A new module of the core must be composed into its package's names, not forgotten.
    modules = [
        importlib.import_module(f"{package.__name__}.{info.name}")
        for info in pkgutil.iter_modules(package.__path__)
        if not info.name.startswith("_")
    ]
    composed = [name for module in modules for name in module.__all__]
    assert sorted(package.__all__) == sorted(composed)
    for module in modules:
        for name in module.__all__:
            assert getattr(package, name) is getattr(module, name)


def test_the_core_still_exports_what_it_listed_by_hand():
    # A sample from every module of the face before it was composed (constants included,
    # which no check above can miss), so a caller's import keeps working.
    before = {
        "ACE", "SPADES", "ALL_CARDS", "Card", "parse_cards",  # cards
        "FACES", "TurnError", "read_faces",  # dice
        "DICE_GAMES", "dice_game",  # dice_games
        "RuleError",  # errors
        "Combination", "replay_farkle", "score_throw",  # farkle
        "DEAL_STAYS", "DEFAULT_PRESET", "KNOB_INFO", "KNOBS", "PRESETS",  # pinochle
        "BidRun", "HandMeld", "Ledger", "meld", "score_hand", "without_followed",
        "Stats", "stats_report", "whole_mean",  # stats
        "BOX_LABELS", "COLUMN_MULTIPLIERS", "YahtzeeCard", "turn_words",  # yahtzee
    }  # fmt: skip
    assert before - set(core.__all__) == set()
    assert core.KNOB_INFO is pinochle.presets.KNOB_INFO


def fake_module(source: str) -> types.ModuleType:
    """A module made from source, to try the check on."""
    module = types.ModuleType("fake")
    exec(source, vars(module))
    return module


@pytest.mark.parametrize(
    ("source", "unlisted"),
    [
        ("__all__ = ['score']\ndef score(): pass", []),
        ("__all__ = []\ndef score(): pass", ["score"]),
        ("def score(): pass\nclass Hand: pass", ["Hand", "score"]),
        ("__all__ = []\ndef _helper(): pass", []),
        ("__all__ = []\nfrom dataclasses import dataclass", []),
        ("__all__ = []\nDICE = 5", []),
    ],
)
def test_the_check_finds_a_function_or_class_left_off_all(source, unlisted):
    assert unlisted_names(fake_module(source)) == unlisted


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
