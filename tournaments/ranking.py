"""The standings metrics an event can rank by, as data. Pure: no database.

A tournament stores its standings method and tie-break chain by these keys;
``scoring.standings`` computes them. ``chain`` is the one place that turns
the settings into the order of the ranking keys.
"""

from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.translation import gettext_lazy as _

DEFAULT_PLACEMENT = (4, 3, 2, 1, 0)


@dataclass(frozen=True)
class Metric:
    key: str
    name: str
    abbr: str
    higher_is_better: bool = True


METRICS = {
    m.key: m
    for m in (
        Metric("points", _("Total points"), _("Pts")),
        Metric("placement", _("Placement points"), _("PP")),
        Metric("rounds_won", _("Rounds won at the table"), _("Won")),
        Metric("best_round", _("Best single round"), _("Best")),
        Metric("declared_made", _("Deals made as declarer"), _("Made")),
        Metric("sanction_points", _("Fewest sanction points"), _("Sanct."), False),
        Metric("h2h", _("Head-to-head"), _("H2H")),
    )
}
DEFAULT_TIEBREAKS = (
    "rounds_won",
    "best_round",
    "declared_made",
    "sanction_points",
    "h2h",
)


def primary_key(method: str) -> str:
    return "placement" if method == "placement" else "points"


def chain(method: str, tiebreaks: Sequence[str] | None) -> list[str]:
    """The ranking keys in order: the primary key, then the known tie-breaks
    (``None``: the default chain; an event that stores none uses it too)."""
    primary = primary_key(method)
    rest = [
        k
        for k in (DEFAULT_TIEBREAKS if tiebreaks is None else tiebreaks)
        if k in METRICS
    ]
    return [primary, *(k for k in rest if k != primary)]
