"""Seating list of a round: by table, then alphabetically by player in big
type for the wall (players look for their own name, not their table). A
table of three is marked as one, with the blind man's hand at chair 4
(000, "Rikken for three players"), in both lists."""

from django.utils import translation
from django.utils.translation import gettext as _

from documents import PDF
from documents.pdf_base import (
    FONT,
    FONT_BOLD,
    cell,
    filename,
    grid_style,
    render,
    seated_tables,
)
from documents.pdf_sheets import escape
from scoring.rowsource import deal_labels, round_byes, table_seats
from tournaments.dealing import (
    BLIND_LABEL,
    BLIND_POSITION,
    chairs,
    has_blind_man,
    shown_name,
)
from tournaments.people import shown_sort_key


def seating_list(tournament, round_number: int):
    """``(filename, content_type, bytes)``: by table, then by name; players
    sitting the round out are listed as "bye" in both."""
    tables = seated_tables(tournament, round_number)
    seats = table_seats(tournament, round_number)
    byes = round_byes(tournament, round_number)
    with translation.override(tournament.language):
        bye = str(_("bye"))
        title = str(_("Seating round %(n)s") % {"n": round_number})
        three = str(_("table of 3"))
        blind = str(shown_name(BLIND_LABEL))

    def story():
        from reportlab.lib.units import mm
        from reportlab.platypus import PageBreak, Paragraph, Spacer, Table

        from documents.pdf_base import styles

        st = styles()
        flow = [
            Paragraph(escape(tournament.name), st["title"]),
            Paragraph(title + " · " + str(_("by table")), st["h2"]),
            Spacer(1, 6),
        ]
        cells = []
        threes = False
        for table_id, number in tables:
            head = str(_("Table %(n)s") % {"n": number})
            people = [(str(pos), name) for pos, _e, name in seats.get(table_id, [])]
            of_three = has_blind_man(len(people))  # his hand is the fourth
            if of_three:
                threes = True
                head = f"{head} · {three}"
                people = chairs(people, (str(BLIND_POSITION), blind))
            cells.append(block(head, people, blind_last=of_three))
        if byes:
            cells.append(block(bye, [("", name) for name in byes]))
        grid = [cells[i : i + 3] for i in range(0, len(cells), 3)]
        grid[-1] += [""] * (3 - len(grid[-1]))
        if threes:
            flow.append(Paragraph(escape(three_note()), st["base"]))
            flow.append(Spacer(1, 4))
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
            key=lambda x: (shown_sort_key(x[0]), x[1]),
        )
        people += [(name, None, None) for name in byes]
        people.sort(key=lambda x: (shown_sort_key(x[0]), x[1] or 0))  # Dutch
        widths = [130 * mm, 28 * mm, 28 * mm]
        heads = deal_labels("player", "table", "seat")
        rows = [[cell(h, w, FONT_BOLD, 15) for h, w in zip(heads, widths, strict=True)]]
        of_three = {
            number
            for table_id, number in tables
            if has_blind_man(len(seats.get(table_id, [])))
        }
        for name, number, pos in people:
            shown = cell(name, widths[0], FONT, 15, most=3)
            if not number:
                rows.append([shown, bye, ""])
                continue
            mark = "*" if number in of_three else ""  # a table of three
            rows.append([shown, f"{number}{mark}", str(pos)])
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
        if of_three:
            flow += [Spacer(1, 6), Paragraph(escape("* " + three_note()), st["base"])]
        return flow

    return (
        filename(tournament, "seating", round_number),
        PDF,
        render(tournament, title, story),
    )


def three_note() -> str:
    """What a table of three is, in a line for the wall."""
    return str(
        _(
            "Table of 3: three players and the blind man's hand at chair "
            "%(chair)s, dealt to but never dealing and never paid."
        )
        % {"chair": BLIND_POSITION}
    )


def block(head: str, people: list[tuple[str, str]], blind_last: bool = False):
    """One table (or the byes) of the by-table page: its title, then seat
    and name, the name wrapped to the block (three lines at most).
    ``blind_last``: the last line is the blind man's hand (printed grey)."""
    from reportlab.lib.colors import HexColor
    from reportlab.lib.units import mm
    from reportlab.platypus import Table

    widths = [8 * mm, 51 * mm]  # and 3 mm between the blocks
    rows = [[head, ""]] + [
        [seat, cell(name, widths[1], FONT, 9, most=3)] for seat, name in people
    ]
    table = Table(rows, colWidths=widths, hAlign="LEFT")
    style = [*grid_style(1, 9), ("SPAN", (0, 0), (1, 0))]
    if blind_last:
        style.append(("TEXTCOLOR", (0, -1), (-1, -1), HexColor("#555555")))
    table.setStyle(style)
    return table
