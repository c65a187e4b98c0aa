"""What the tests share: one HTML reader (html) and the steps of play (play)."""
