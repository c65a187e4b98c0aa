"""The dice score sheets: Yahtzee, Triple Yahtzee and Farkle games, turn by turn (views only)."""
