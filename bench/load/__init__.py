"""``make load``: the round-release spike against the production setup."""
