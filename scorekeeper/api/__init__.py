"""JSON API v1 (shared/API.md): the rules core served statelessly, on one blueprint."""

from . import club, dice, pinochle  # noqa: F401  (each adds its routes to the blueprint)
from .blueprint import bp

__all__ = ["bp"]
