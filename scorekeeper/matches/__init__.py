"""The pinochle score sheet: matches, hand entry and the running ledger (views only)."""
