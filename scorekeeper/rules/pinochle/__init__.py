# Pinochle as RULES.md scores it, one module per seam: the presets and their knobs
# (presets), the meld of a hand under each trump (melds), the outcome of one hand (hands),
# and the replay of a match's hands into running totals and a winner (ledger). Callers
# import from here or from scorekeeper.rules; tests may import a seam directly.

from . import hands, ledger, melds, presets

# The seams, in the order a hand meets them. Each lists its public names in its own
# __all__; this package's names are theirs, bound here from the seam that defines them
# (a star import would hide where a name comes from and pull in whatever a seam imports).
# The meld module is "melds" so that the name "meld" stays the function.
_SEAMS = (presets, melds, hands, ledger)

__all__ = [name for seam in _SEAMS for name in seam.__all__]
globals().update({name: getattr(seam, name) for seam in _SEAMS for name in seam.__all__})
