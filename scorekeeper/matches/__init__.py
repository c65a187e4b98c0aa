"""The pinochle score sheet: matches, hand entry and the running ledger."""

from .device import bp as device_bp
from .routes import bp, device_matches

__all__ = ["bp", "device_bp", "device_matches"]
