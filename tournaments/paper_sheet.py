"""A table's deals against the totals typed from its paper sheet, and the
rules of what a table holds that the writers of this layer need: whether it
has results (``HAS_RESULTS``), the deals it played (``deals_at_table``),
whether anything is left to enter (``complete``). Readers ask the table's
result (``scoring.table_result``), which is built on these same rules.

A table that moved from typed totals to deals (``from_totals``,
``scoring.services.table_totals.to_deals``) keeps its typed totals as its
sheet totals and closes only when its deals agree (``off_sheet``), so it
cannot be closed with deals that tell another story. Sheet totals typed
beside deals as a cross-check (the paper-sheet check) never hold a table
open. The seats' points are the sums of the deals, so no deal is read here.
"""

from django.db.models import Q
from django.utils.translation import gettext as _

from tournaments.models import Seat, TableRound

#: Tables whose results are stored: deals, or typed totals (the query form
#: of ``scoring.table_result.TableResult.played``).
HAS_RESULTS = Q(deals__isnull=False) | Q(totals_only=True)


def deals_at_table(totals_only: bool, entered: int, per_round: int) -> int:
    """The deals a table played: every deal of the round when its totals
    were typed (the paper sheet holds them), else the deals entered. A seat
    sat out the ones it did not play (the dealer's turn at a table of five).
    The one rule: the standings, the table's result and the round's close
    read it."""
    return per_round if totals_only else entered


def complete(closed: bool, totals_only: bool, entered: int, per_round: int) -> bool:
    """Nothing left to enter at a table: closed, typed as totals, or every
    deal of the round entered."""
    return closed or deals_at_table(totals_only, entered, per_round) >= per_round


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
        if off_sheet(sheet, [(position, points)]):
            out.setdefault(number, []).append((name, points, sheet[str(position)]))
    return out


def off_sheet(sheet: dict | None, points: list[tuple[int, int]]) -> set[int]:
    """The positions whose points (``points``: [(position, points)]) differ
    from the whole number typed for them on the paper sheet: the one rule
    of "the deals do not add up to the sheet" (a position with nothing typed
    differs from nothing). Pure: ``differences`` asks it of stored seats,
    ``scoring.table_result`` of a loaded table."""
    typed = sheet or {}
    return {
        position
        for position, value in points
        if isinstance(typed.get(str(position)), int) and typed[str(position)] != value
    }


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
