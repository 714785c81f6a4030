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


def spread(items, offset: int = 0) -> list:
    """Every item in CI; at a desk every ``DEV_SHARE``-th (from ``offset``),
    at least ``DEV_FLOOR``: the same share as ``examples`` for a test that
    walks its own list of cases (deals to save again, values to post).
    Different offsets for different lists (one per form field, say) let the
    desk's run still try every item somewhere."""
    items = list(items)
    if PROFILE == "ci":
        return items
    chosen = [x for i, x in enumerate(items) if (i + offset) % DEV_SHARE == 0]
    if len(chosen) < min(DEV_FLOOR, len(items)):
        chosen = items[:DEV_FLOOR]
    return chosen
