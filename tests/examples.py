"""How many examples hypothesis tries: every count in CI, a fifth on a
developer's machine (docs/testing.md).

``HYPOTHESIS_PROFILE=ci`` (set by ``.ci/run``) keeps every count the tests
name and hypothesis's own default of 100; without it (``make test`` at
your desk) a test tries a fifth of what it names, at least
``DEV_FLOOR``, so the suite runs often and CI still searches as widely
as before. A test that names its count writes ``examples(200)``, never a
bare 200, so both profiles scale it the same way.
"""

import os

from hypothesis import settings

#: The profile of this run: "ci" or "dev".
PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "dev")
#: The share of a named count a developer's run tries.
DEV_SHARE = 5
#: The fewest examples a test tries in any profile.
DEV_FLOOR = 4

settings.register_profile("ci", max_examples=100)
settings.register_profile("dev", max_examples=100 // DEV_SHARE)
settings.load_profile(PROFILE if PROFILE in ("ci", "dev") else "dev")


def examples(count: int) -> int:
    """``count`` in CI; a fifth of it (at least ``DEV_FLOOR``, at most
    ``count``) otherwise."""
    if PROFILE == "ci":
        return count
    return min(count, max(DEV_FLOOR, count // DEV_SHARE))
