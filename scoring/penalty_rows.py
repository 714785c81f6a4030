"""The penalty-point column of an event's standings rows (``standings_rows``).

With a rule set that shows penalty points (``rules.engine.penalty_points``)
the row source gains one column, ``penalty_points``, right after the
ranking's own total (points, or placement points when the event ranks by
them): the leader's total less the row's, so the leader has 0 and the rows,
already in ranking order, read lowest first. Every other column stays as it
is, the zero-sum total and the rounds included, so the web tables, the PDF,
the XLSX and the API carry both and lose nothing.
"""

from dataclasses import replace

from django.utils.translation import gettext_lazy as _

from rules.engine.penalty_points import KEY, penalty_points, shows_penalty_points
from scoring import legends

__all__ = ["KEY", "LABEL", "LEGEND", "add_penalty_points"]

LABEL = _("Penalty points")
#: What the column means: one of the standing's ``legends``.
LEGEND = legends.PENALTY


def add_penalty_points(columns: list, rows: list[dict], primary: str, schedule) -> bool:
    """Insert the column after ``primary`` and a value in every row, when
    ``schedule`` shows penalty points; else leave both as they are. A row
    without a rank (a substitute) gets None: it is not in the ranking.
    Whether it added them."""
    if not shows_penalty_points(schedule):
        return False
    at = next((i for i, c in enumerate(columns) if c.key == primary), None)
    if at is None:
        return False
    columns.insert(at + 1, replace(columns[at], key=KEY, label=LABEL, numeric=True))
    totals = [row.get(primary) if row.get("rank") is not None else None for row in rows]
    for row, value in zip(rows, penalty_points(totals), strict=True):
        row[KEY] = value
    return True
