# The one exception type of the rules core: a broken rule, told in a sentence a player can read.


class RuleError(ValueError):
    """A hand, a card or a setting that breaks the rules, with a readable sentence."""
