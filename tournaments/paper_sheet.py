"""A table's deals against the totals typed from its paper sheet.

A table that moved from typed totals to deals (``from_totals``,
``scoring.services.table_totals.to_deals``) keeps its typed totals as its
sheet totals and closes only when its deals agree, so it cannot be closed
with deals that tell another story. Sheet totals typed beside deals as a
cross-check (the paper-sheet check) never hold a table open. The seats'
points are the sums of the deals, so no deal is read here.
"""

from django.db.models import Q
from django.utils.translation import gettext as _

from tournaments.models import Seat, TableRound

#: Tables whose results are stored: deals, or typed totals.
HAS_RESULTS = Q(deals__isnull=False) | Q(totals_only=True)


def differences(tables) -> dict[int, list[tuple[str, int, int]]]:
    """{table number: [(player, deals' sum, sheet total)]} of ``tables``
    (a TableRound queryset) whose deals differ from the typed sheet: one
    query."""
    out: dict[int, list[tuple[str, int, int]]] = {}
    seats = (
        Seat.objects.filter(
            table__in=tables.filter(
                from_totals=True, totals_only=False, sheet_totals__isnull=False
            )
        )
        .order_by("table__number", "position")
        .values_list(
            "table__number",
            "table__sheet_totals",
            "position",
            "entry__player__name",
            "points",
        )
    )
    for number, sheet, position, name, points in seats:
        typed = (sheet or {}).get(str(position))
        if isinstance(typed, int) and typed != points:
            out.setdefault(number, []).append((name, points, typed))
    return out


def difference_message(table: TableRound) -> str | None:
    """Why ``table`` may not close yet (its deals against its sheet), or None."""
    found = differences(TableRound.objects.filter(pk=table.pk)).get(table.number)
    if not found:
        return None
    seats = "; ".join(
        _("%(name)s: deals %(deals)s, sheet %(sheet)s")
        % {"name": name, "deals": deals, "sheet": sheet}
        for name, deals, sheet in found
    )
    return _(
        "The deals do not add up to the paper sheet (%(seats)s); the table stays open."
    ) % {"seats": seats}
