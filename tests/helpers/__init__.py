"""What the tests share: one HTML reader (html), the steps of play (play) and games stored
through the services (stored)."""
