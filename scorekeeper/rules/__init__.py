"""The rules core: pure Python scoring for pinochle and the dice games; import from here."""

# The core's public names are its modules' public names: each module lists its own in its
# __all__ and they are bound here from the module that defines them, so a name is declared
# once, next to its definition (a star import would hide where each name comes from).
# tests/rules/test_public_face.py checks that every module is composed here and that no
# two modules export one name. Names that two games would share carry their game
# (YahtzeeCard beside the pinochle Card); none shadows a module of the core, so
# ``from scorekeeper.rules import pinochle`` still gives the package. Pinochle's KNOBS and
# KNOB_INFO keep their plain names: a dice game's knobs are read from the dice game
# registry instead, so its module keeps them off this list.

from . import (
    cards,
    club,
    dice,
    dice_games,
    errors,
    farkle,
    generala,
    pinochle,
    sentences,
    sheets,
    stats,
    text,
    whist,
    yahtzee,
    yatzy,
)

_MODULES = (
    errors,
    sentences,
    cards,
    pinochle,
    dice,
    dice_games,
    yahtzee,
    sheets,
    yatzy,
    generala,
    stats,
    farkle,
    text,
    whist,
    club,
)

__all__ = [name for module in _MODULES for name in module.__all__]
globals().update({name: getattr(module, name) for module in _MODULES for name in module.__all__})
