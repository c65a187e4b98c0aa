"""The dice score sheets: Yahtzee, Triple Yahtzee and Farkle games, turn by turn."""

from .routes import bp, device_dice_games, remember_dice_game

__all__ = ["bp", "device_dice_games", "remember_dice_game"]
