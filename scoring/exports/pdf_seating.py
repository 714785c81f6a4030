"""Seating list of a round: by table, then alphabetically by player in big
type for the wall (players look for their own name, not their table)."""

from django.utils import translation
from django.utils.translation import gettext as _

from scoring.exports import PDF
from scoring.exports.pdf import (
    FONT,
    FONT_BOLD,
    cell,
    filename,
    grid_style,
    render,
    seated_tables,
)
from scoring.exports.pdf_sheets import escape
from scoring.rowsource import deal_labels, round_byes, table_seats


def seating_list(tournament, round_number: int):
    """``(filename, content_type, bytes)``: by table, then by name; players
    sitting the round out are listed as "bye" in both."""
    tables = seated_tables(tournament, round_number)
    seats = table_seats(tournament, round_number)
    byes = round_byes(tournament, round_number)
    with translation.override(tournament.language):
        bye = str(_("bye"))
        title = str(_("Seating round %(n)s") % {"n": round_number})

    def story():
        from reportlab.lib.units import mm
        from reportlab.platypus import PageBreak, Paragraph, Spacer, Table

        from scoring.exports.pdf import styles

        st = styles()
        flow = [
            Paragraph(escape(tournament.name), st["title"]),
            Paragraph(title + " · " + str(_("by table")), st["h2"]),
            Spacer(1, 6),
        ]
        cells = []
        for table_id, number in tables:
            head = str(_("Table %(n)s") % {"n": number})
            people = [(str(pos), name) for pos, _e, name in seats.get(table_id, [])]
            cells.append(block(head, people))
        if byes:
            cells.append(block(bye, [("", name) for name in byes]))
        grid = [cells[i : i + 3] for i in range(0, len(cells), 3)]
        grid[-1] += [""] * (3 - len(grid[-1]))
        outer = Table(grid, colWidths=[62 * mm] * 3)
        outer.setStyle(
            [
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 6),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("RIGHTPADDING", (0, 0), (-1, -1), 0),
            ]
        )
        flow += [outer, PageBreak()]
        flow += [
            Paragraph(escape(tournament.name), st["title"]),
            Paragraph(title + " · " + str(_("by name")), st["h2"]),
            Spacer(1, 6),
        ]
        people = sorted(
            (
                (name, number, pos)
                for table_id, number in tables
                for pos, _e, name in seats.get(table_id, [])
            ),
            key=lambda x: (x[0].casefold(), x[1]),
        )
        people += [(name, None, None) for name in byes]
        people.sort(key=lambda x: (x[0].casefold(), x[1] or 0))
        widths = [130 * mm, 28 * mm, 28 * mm]
        heads = deal_labels("player", "table", "seat")
        rows = [[cell(h, w, FONT_BOLD, 15) for h, w in zip(heads, widths, strict=True)]]
        for name, number, pos in people:
            shown = cell(name, widths[0], FONT, 15, most=3)
            rows.append([shown, str(number), str(pos)] if number else [shown, bye, ""])
        big = Table(rows, colWidths=widths, repeatRows=1)
        big.setStyle(
            [
                *grid_style(1, 15),
                ("FONT", (1, 1), (1, -1), FONT_BOLD, 17),
                ("FONT", (2, 1), (2, -1), FONT, 15),
                ("ALIGN", (1, 0), (-1, -1), "CENTER"),
                ("TOPPADDING", (0, 0), (-1, -1), 3),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 4),
            ]
        )
        flow.append(big)
        return flow

    return (
        filename(tournament, "seating", round_number),
        PDF,
        render(tournament, title, story),
    )


def block(head: str, people: list[tuple[str, str]]):
    """One table (or the byes) of the by-table page: its title, then seat
    and name, the name wrapped to the block (three lines at most)."""
    from reportlab.lib.units import mm
    from reportlab.platypus import Table

    widths = [8 * mm, 51 * mm]  # and 3 mm between the blocks
    rows = [[head, ""]] + [
        [seat, cell(name, widths[1], FONT, 9, most=3)] for seat, name in people
    ]
    table = Table(rows, colWidths=widths, hAlign="LEFT")
    table.setStyle([*grid_style(1, 9), ("SPAN", (0, 0), (1, 0))])
    return table
