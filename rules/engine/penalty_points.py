"""Penalty points: standings read as the distance to the leader, lowest first.

Some clubs write their standings as penalty points (strafpunten): the leader
has none, everyone else the points they are behind, and the lowest total
wins. A rule set with the switch ``penalty_points`` among its shapes
(``rules.engine.house_rules``) shows its standings that way, while every
score stays zero-sum underneath: a player's penalty points are the leader's
total less the player's own (docs/rule-files.md, "Penalty points").

So the order, shared ranks, tie-breaks, ratings and the stored scores are
the zero-sum ones by construction: the penalty points are only another way
of writing the ranking's own total. A row outside the ranking (a substitute,
a season's player below the minimum) has none.

The leader is the highest total, always: penalty points rank lowest first by
definition, and no setting turns that around. A season counted "lowest wins"
reads its penalty points so: the fewest win (``seasons.ranking.SeasonRules
.ranks_high``; docs/decisions.md, "Penalty points and lowest wins").

Pure: no database, no Django.
"""

from collections.abc import Mapping, Sequence
from decimal import Decimal

#: The shape's key in a schedule's ``shapes``, and the column's key in the
#: standings rows (web tables, PDF, XLSX, API).
KEY = "penalty_points"

Number = int | float


def shows_penalty_points(schedule) -> bool:
    """Whether ``schedule`` (or None: rules gone) shows penalty points."""
    shapes: Mapping = getattr(schedule, "shapes", None) or {}
    return bool(shapes.get(KEY))


def behind(leader: Number, own: Number) -> Number:
    """How far ``own`` is behind ``leader``, exactly in decimals (12.3 − 4.1
    is 8.2, not 8.200000000000001), whole numbers as ``int``."""
    gap = Decimal(str(leader)) - Decimal(str(own))
    if gap == gap.to_integral_value():
        return int(gap)
    return float(gap)


def penalty_points(totals: Sequence[Number | None]) -> list[Number | None]:
    """The penalty points of each total, in the same order: the highest
    total among them (the leader's) less each. ``None`` (a row outside the
    ranking) stays ``None`` and does not lead."""
    ranked = [t for t in totals if t is not None]
    if not ranked:
        return [None] * len(totals)
    leader = max(ranked)
    return [None if t is None else behind(leader, t) for t in totals]
