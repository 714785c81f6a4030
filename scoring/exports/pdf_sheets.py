"""Score sheets: one page per table-round, every table of a round in one PDF.

A sheet carries the event, round and table, the players in seat order with
the deals each one deals (and sits out at a table of five), one row per deal
(contract, declarer, partner, tricks, points and running total per player),
the control totals line, a jury/sanction box, signature lines and a QR code
to the table-round's entry page. *Blank* sheets are filled in by hand;
*filled* ones print the stored deals.
"""

from collections import defaultdict

from django.conf import settings
from django.utils.translation import gettext as _

from scoring.exports import PDF
from scoring.exports.pdf import (
    FONT,
    FONT_BOLD,
    filename,
    grid_style,
    qr_flowable,
    render,
    seated_tables,
    styles,
    table_class,
)
from scoring.rowsource import counts_for_seat, deal_rows, table_seats, tricks_text
from tournaments.dealing import dealer_position, sitting_out
from tournaments.models import TableRound

DEFAULT_BASE_URL = "http://127.0.0.1:8000"


def base_url() -> str:
    return getattr(settings, "RIKSCORE_BASE_URL", DEFAULT_BASE_URL).rstrip("/")


def entry_path(slug: str, round_number: int, table_number: int) -> str:
    return f"/manage/{slug}/round/{round_number}/table/{table_number}/"


def qr_target(table: TableRound, base: str | None = None) -> str:
    """The absolute URL the QR code of ``table``'s sheet encodes."""
    path = entry_path(table.round.tournament.slug, table.round.number, table.number)
    return (base if base is not None else base_url()).rstrip("/") + path


def score_sheets(
    tournament, round_number: int, filled: bool = True, base: str | None = None
):
    """``(filename, content_type, bytes)``: every table of the round."""
    tables = seated_tables(tournament, round_number)
    seats = table_seats(tournament, round_number)
    deals: dict[int, dict[int, dict]] = defaultdict(dict)
    if filled:
        for row in deal_rows(tournament, round_number):
            deals[row["table"]][row["deal"]] = row
    prefix = (base if base is not None else base_url()).rstrip("/")
    what = "sheets" if filled else "blank-sheets"
    title = _("Score sheets round %(n)s") % {"n": round_number}

    def story():
        from reportlab.platypus import PageBreak

        st = styles()
        flow = []
        for i, (table_id, number) in enumerate(tables):
            url = prefix + entry_path(tournament.slug, round_number, number)
            sheet = Sheet(tournament, round_number, number, seats.get(table_id, []),
                          deals.get(number, {}), url, st)  # fmt: skip
            if i:
                flow.append(PageBreak())
            flow.extend(sheet.flowables())
        return flow

    data = render(tournament, str(title), story)
    return filename(tournament, what, round_number), PDF, data


class Sheet:
    """The flowables of one table-round's sheet."""

    def __init__(self, tournament, round_number, number, seats, deals, url, st):
        self.t = tournament
        self.round = round_number
        self.number = number
        self.seats = seats  # [(position, entry_id, name)]
        self.deals = deals  # {deal number: deal row}
        self.url = url
        self.st = st
        self.size = len(seats)

    def flowables(self) -> list:
        from reportlab.platypus import Spacer

        return [self.header(), Spacer(1, 3), self.players(), Spacer(1, 4),
                self.deal_table(), Spacer(1, 5), self.jury_box(), Spacer(1, 6),
                self.signatures()]  # fmt: skip

    # -- header with QR ---------------------------------------------------
    def header(self):
        from reportlab.lib.units import mm
        from reportlab.platypus import Paragraph, Table

        st = self.st
        when = self.t.date.strftime("%d-%m-%Y") if self.t.date else ""
        where = f"{when} · {self.t.venue}" if self.t.venue else when
        big = _("Round %(r)s · Table %(t)s") % {"r": self.round, "t": self.number}
        left = [
            Paragraph(escape(self.t.name), st["title"]),
            Paragraph(escape(where), st["base"]),
            Paragraph(str(big), st["h2"]),
            Paragraph(str(_("Score sheet")), st["small"]),
        ]
        drawing = qr_flowable(self.url, 24 * mm)
        from reportlab.lib.styles import ParagraphStyle

        url_style = ParagraphStyle("url", st["small"], fontSize=6, alignment=2)
        right = [drawing, Paragraph(escape(self.url), url_style)]
        table = Table([[left, right]], colWidths=[110 * mm, 76 * mm])
        table.setStyle([("VALIGN", (0, 0), (-1, -1), "TOP"),
                        ("ALIGN", (1, 0), (1, 0), "RIGHT")])  # fmt: skip
        return table

    # -- players and dealer order -------------------------------------------
    def dealt_by(self, position: int) -> list[int]:
        n = self.t.deals_per_round
        return [d for d in range(1, n + 1) if dealer_position(self.size, d) == position]

    def players(self):
        from reportlab.lib.units import mm
        from reportlab.platypus import Table

        head = [_("Seat"), _("Player"), _("Deals (dealer)")]
        if self.size == 5:
            head[2] = _("Deals (dealer, sits out)")
        rows = [[str(h) for h in head]]
        for pos, _entry, name in self.seats:
            deals = ", ".join(str(d) for d in self.dealt_by(pos))
            rows.append([str(pos), name, deals])
        table = Table(rows, colWidths=[16 * mm, 96 * mm, 74 * mm], hAlign="LEFT")
        table.setStyle(grid_style(1, 9))
        return table

    # -- the deals --------------------------------------------------------
    def deal_table(self):
        from reportlab.lib import colors
        from reportlab.lib.units import mm

        size = self.size or 4
        fixed = ["#", _("Dealer"), _("Contract"), _("Declarer"), _("Partner"),
                 _("Tricks")]  # fmt: skip
        widths = [6, 20, 32, 18, 18, 12]
        per = (186 - sum(widths)) / (2 * size)
        top = [str(x) for x in fixed]
        sub = [""] * len(fixed)
        for pos, _e, _name in self.seats:
            top += [f"{pos} {self.short(pos)}", ""]
            sub += [str(_("pts")), "Σ"]
        rows = [top, sub]
        style = grid_style(2, 7.5)
        for c in range(len(fixed)):
            style.append(("SPAN", (c, 0), (c, 1)))
        for k in range(size):
            c = len(fixed) + 2 * k
            style.append(("SPAN", (c, 0), (c + 1, 0)))
            style.append(("LINEBEFORE", (c, 0), (c, -1), 1.1, colors.black))
        grey = colors.HexColor("#c8c8c8")
        running = [0] * size
        for number in range(1, self.t.deals_per_round + 1):
            r = len(rows)
            dealer = dealer_position(size, number)
            row = [str(number), f"{dealer} {self.short(dealer)}"]
            deal = self.deals.get(number)
            if deal:
                row += [deal["contract"], self.seat_names(deal["declarer_seats"]),
                        self.seat_names(deal["partner_seats"]),
                        tricks_text(deal["tricks"])]  # fmt: skip
            else:
                row += ["", "", "", ""]
            out = sitting_out(size, number)
            for k in range(size):
                pos = k + 1
                if deal:
                    score = deal["scores"][k] if k < len(deal["scores"]) else 0
                    running[k] += score
                    shown = counts_for_seat(pos, out, score)
                    row += [str(score) if shown else "–", str(running[k])]
                else:
                    row += ["", ""]
                if pos == out:
                    c = len(fixed) + 2 * k
                    style.append(("BACKGROUND", (c, r), (c, r), grey))
            rows.append(row)
        totals = [str(_("Total")), "", "", "", "", ""]
        done = bool(self.deals)
        for k in range(size):
            totals += ["", str(running[k]) if done else ""]
        control = str(_("Control: the totals add up to 0")) + (
            f"  (Σ = {sum(running)})" if done else "  (Σ = ______)"
        )
        rows.append(totals)
        rows.append([control] + [""] * (len(top) - 1))
        style += [
            ("SPAN", (0, -2), (5, -2)),
            ("SPAN", (0, -1), (-1, -1)),
            ("FONT", (0, -2), (-1, -2), FONT_BOLD, 8),
            ("LINEABOVE", (0, -2), (-1, -2), 1.1, colors.black),
            ("ALIGN", (len(fixed), 2), (-1, -2), "RIGHT"),
            ("ALIGN", (0, 0), (-1, 1), "CENTER"),
            ("ALIGN", (5, 2), (5, -2), "CENTER"),
            ("FONT", (0, 2), (0, -3), FONT_BOLD, 7.5),
        ]
        col_widths = [w * mm for w in widths] + [per * mm] * (2 * size)
        heights = [12, 10] + [15] * (len(rows) - 4) + [15, 13]
        table = table_class()(rows, colWidths=col_widths, rowHeights=heights)
        table.setStyle(style)
        return table

    def short(self, position: int) -> str:
        """The first name of the player in ``position`` (fits a narrow column)."""
        for pos, _e, name in self.seats:
            if pos == position:
                return name.split(" ")[0][:11]
        return ""

    def seat_names(self, seats: list[int]) -> str:
        return " + ".join(f"{p} {self.short(p)}" for p in seats)

    # -- jury, sanctions, signatures ----------------------------------------
    def jury_box(self):
        from reportlab.lib.units import mm
        from reportlab.platypus import Table

        head = [_("Deal"), _("Player"), _("Sanction or jury decision"), _("Points"),
                _("Jury initials")]  # fmt: skip
        rows = [[str(h) for h in head]]
        for number, deal in sorted(self.deals.items()):
            for _code, name, player, points in deal["sanction_rows"]:
                rows.append([str(number), player, name, str(points), ""])
            for player, contract in deal["jury"]:
                what = _("Jury approved: %(c)s") % {"c": contract}
                rows.append([str(number), player, str(what), "", ""])
        while len(rows) < 4:
            rows.append(["", "", "", "", ""])
        table = table_class()(rows,
                      colWidths=[12 * mm, 50 * mm, 80 * mm, 16 * mm, 28 * mm],
                      rowHeights=[11] + [15] * (len(rows) - 1))  # fmt: skip
        table.setStyle(grid_style(1, 8))
        title = Table([[str(_("Jury and sanctions"))]], colWidths=[186 * mm])
        title.setStyle([("FONT", (0, 0), (-1, -1), FONT_BOLD, 9),
                        ("LEFTPADDING", (0, 0), (-1, -1), 0)])  # fmt: skip
        outer = Table([[title], [table]], colWidths=[186 * mm])
        outer.setStyle([("LEFTPADDING", (0, 0), (-1, -1), 0),
                        ("TOPPADDING", (0, 0), (-1, -1), 0)])  # fmt: skip
        return outer

    def signatures(self):
        from reportlab.lib import colors
        from reportlab.lib.units import mm
        from reportlab.platypus import Table

        names = [name for _p, _e, name in self.seats] + [str(_("Tournament director"))]
        cols = 3
        cells = [names[i : i + cols] for i in range(0, len(names), cols)]
        cells[-1] += [""] * (cols - len(cells[-1]))
        rows = []
        for line in cells:
            rows.append(["", "", ""])
            rows.append([str(n) for n in line])
        table = table_class()(rows, colWidths=[62 * mm] * cols,
                      rowHeights=[16, 10] * len(cells))  # fmt: skip
        style = [("FONT", (0, 0), (-1, -1), FONT, 7),
                 ("VALIGN", (0, 0), (-1, -1), "TOP")]  # fmt: skip
        for r in range(len(cells)):
            for c in range(cols):
                if cells[r][c]:
                    style.append(("LINEABOVE", (c, 2 * r + 1), (c, 2 * r + 1), 0.6,
                                  colors.black))  # fmt: skip
        table.setStyle(style)
        head = Table([[str(_("Signatures: the players agree with this sheet"))]],
                     colWidths=[186 * mm])  # fmt: skip
        head.setStyle([("FONT", (0, 0), (-1, -1), FONT_BOLD, 9),
                       ("LEFTPADDING", (0, 0), (-1, -1), 0)])  # fmt: skip
        return Table([[head], [table]], colWidths=[186 * mm],
                     style=[("LEFTPADDING", (0, 0), (-1, -1), 0)])  # fmt: skip


def escape(text: str) -> str:
    """Text for a reportlab Paragraph (which reads a little XML)."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


__all__ = ["FONT", "entry_path", "qr_target", "score_sheets"]
