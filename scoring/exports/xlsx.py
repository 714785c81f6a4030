"""The event as a spreadsheet (openpyxl write-only mode: rows stream to disk).

Sheets: *Standings*; *Deals*, one row per deal; one sheet per round with a
row per player. Layout of *Deals*: a fixed block per seat position 1–5
(player, points) rather than one column per player, so the sheet stays at most
18 columns wide at 400 players (the round sheets carry the SUM formulas).
Numbers are stored as numbers; totals a club may want to recompute are
formulas (round totals; the standings total when it is a plain sum).
"""

import io
from collections import defaultdict

from django.utils import translation
from django.utils.translation import gettext as _

from scoring.exports import XLSX
from scoring.rowsource import (
    byes_by_round,
    counts_for_seat,
    deal_labels,
    deal_rows,
    standings_rows,
    table_seats,
    tricks_text,
)
from tournaments.validators import strip_control


def col(n: int) -> str:
    """Column letter of 1-based column ``n``."""
    from openpyxl.utils import get_column_letter

    return get_column_letter(n)


class Formula(str):
    """A formula this module wrote; any other text is written as text."""


def append(ws, values) -> None:
    """One row. Text is text: a name like "=HYPERLINK(…)" never becomes a
    live formula, and control characters (which XLSX cannot hold) go."""
    from openpyxl.cell import WriteOnlyCell

    row = []
    for value in values:
        if isinstance(value, str) and not isinstance(value, Formula):
            value = strip_control(value)
            if value.startswith("="):
                cell = WriteOnlyCell(ws, value=value)
                cell.data_type = "s"
                value = cell
        row.append(value)
    ws.append(row)


def _sheet(wb, title: str, headers: list[str], widths: list[float]):
    from openpyxl.cell import WriteOnlyCell
    from openpyxl.styles import Font, PatternFill

    ws = wb.create_sheet(title=title[:31])
    ws.freeze_panes = "A2"
    for i, width in enumerate(widths, start=1):
        ws.column_dimensions[col(i)].width = width
    bold, fill = Font(bold=True), PatternFill("solid", fgColor="E6E6E6")
    row = []
    for h in headers:
        cell = WriteOnlyCell(ws, value=str(h))
        cell.font, cell.fill = bold, fill
        row.append(cell)
    ws.append(row)
    return ws


def workbook(tournament) -> tuple[str, str, bytes]:
    """``(filename, content_type, bytes)`` of the whole event."""
    from openpyxl import Workbook

    with translation.override(tournament.language):
        wb = Workbook(write_only=True)
        standings = standings_rows(tournament)
        _standings(wb, tournament, standings)
        per_round = _deals(wb, tournament)
        byes = byes_by_round(tournament)
        for number in sorted(set(per_round) | set(byes)):
            _round(wb, tournament, number, per_round.get(number, {}), byes[number])
        buffer = io.BytesIO()
        wb.save(buffer)
    return f"{tournament.slug}.xlsx", XLSX, buffer.getvalue()


def _standings(wb, tournament, rowset) -> None:
    columns = rowset.columns
    widths = [30 if c.key in ("name", "club") else 10 for c in columns]
    ws = _sheet(wb, str(_("Standings")), [str(c.label) for c in columns], widths)
    keys = [c.key for c in columns]
    rounds = [i for i, k in enumerate(keys, 1) if k[:1] == "r" and k[1:].isdigit()]
    as_sum = tournament.method == "points" and not tournament.normalise_five
    total_col = keys.index("points") + 1 if "points" in keys else None
    for r, item in enumerate(rowset.rows, start=2):
        values = [_number(item.get(k)) for k in keys]
        if as_sum and total_col and rounds:
            values[total_col - 1] = Formula("=SUM(%s%d:%s%d)" % (  # noqa: UP031
                col(rounds[0]), r, col(rounds[-1]), r,
            ))  # fmt: skip
        append(ws, values)


def _number(value):
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def _deals(wb, tournament) -> dict[int, dict]:
    """Write the *Deals* sheet; collect per-round, per-seat scores on the way.

    One (player, points) block per seat position up to the event's largest
    table. No dealer column: seat ((deal − 1) mod table size) + 1 deals, and at
    a table of five the dealer is the seat without points."""
    seats_max = max((len(s) for s in table_seats(tournament).values()), default=4)
    headers = deal_labels("round", "table", "deal", "contract", "codes",
                          "declarer", "partner", "tricks", "sanctions")  # fmt: skip
    for k in range(1, seats_max + 1):
        headers += [_("Seat %(n)s") % {"n": k}, _("Points %(n)s") % {"n": k}]
    widths = [7, 7, 6, 22, 14, 22, 22, 10, 18] + [22, 9] * seats_max
    ws = _sheet(wb, str(_("Deals")), [str(h) for h in headers], widths)
    per_round: dict[int, dict] = defaultdict(dict)
    for d in deal_rows(tournament):
        row = [d["round"], d["table"], d["deal"], str(d["contract"]),
               d["codes"], d["declarer"], d["partner"], _tricks(d["tricks"]),
               d["sanctions"] or None]  # fmt: skip
        scores, out = d["scores"], d["sits_out"]
        for pos, _e, name in d["seats"]:
            score = scores[pos - 1]
            row += [name, score if counts_for_seat(pos, out, score) else None]
        append(ws, row)
        tables = per_round[d["round"]]
        table = tables.setdefault(d["table"], {"seats": d["seats"], "deals": {}})
        table["deals"][d["deal"]] = (out, scores)
    return per_round


def _tricks(tricks: list[int]):
    """One play's tricks as a number; simultaneous plays as text ("0 + 1")."""
    return tricks[0] if len(tricks) == 1 else (tricks_text(tricks) or None)


def _round(wb, tournament, number: int, tables: dict, byes: list[str]) -> None:
    """A row per seat with the points of each deal; then who sat out."""
    n = tournament.deals_per_round
    headers = [_("Table"), _("Seat"), _("Player")]
    headers += [str(_("D%(n)s") % {"n": d}) for d in range(1, n + 1)]
    headers.append(_("Total"))
    widths = [7, 6, 30] + [6] * n + [9]
    ws = _sheet(wb, str(_("Round %(n)s") % {"n": number}), [str(h) for h in headers],
                widths)  # fmt: skip
    r = 1
    for table_no in sorted(tables):
        table = tables[table_no]
        for pos, _e, name in table["seats"]:
            r += 1
            row = [table_no, pos, name]
            for d in range(1, n + 1):
                sits_out, scores = table["deals"].get(d, (None, None))
                played = scores is not None and counts_for_seat(
                    pos, sits_out, scores[pos - 1]
                )
                row.append(scores[pos - 1] if played else None)
            row.append(Formula("=SUM(%s%d:%s%d)" % (col(4), r, col(3 + n), r)))  # noqa: UP031
            append(ws, row)
    for name in byes:
        append(ws, [str(_("bye")), None, name])
