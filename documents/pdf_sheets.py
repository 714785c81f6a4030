"""Score sheets: one page per table-round, every table of a round in one PDF.

A sheet carries the event, round and table, the players in seat order with
the deals each one deals (and sits out at a table of five), one row per deal
(contract, declarer, partner, tricks, points and running total per player),
the control totals line, a jury/sanction box, signature lines and a QR code
to the table-round's entry page. *Blank* sheets are filled in by hand;
*filled* ones print the stored deals.

A table of three (000, "Rikken for three players") has three players'
columns; chair 4 is listed as the blind man's hand, which is dealt to but
never deals and is never paid, and the dealer goes round seats 1-3.
"""

import math
from collections import defaultdict

from django.urls import reverse
from django.utils import formats, translation
from django.utils.translation import gettext as _

from core import site
from documents import PDF
from documents.pdf_base import (
    FONT,
    FONT_BOLD,
    PAD,
    cell,
    filename,
    fit_name,
    frame_width,
    grid_style,
    is_large,
    name_cell,
    qr_flowable,
    render,
    seated_tables,
    styles,
    table_class,
    text_width,
    word_width,
    wrap,
)
from scoring.rowsource import (
    counts_for_seat,
    deal_labels,
    deal_rows,
    table_seats,
    tricks_text,
)
from scoring.table_result import round_table_results
from tournaments.dealing import (
    BLIND_LABEL,
    BLIND_POSITION,
    blind_position,
    dealer_position,
    shown_name,
    sitting_out,
)
from tournaments.models import TableRound


def entry_path(slug: str, round_number: int, table_number: int) -> str:
    """The TD's entry page of a table-round (printed small on the sheet)."""
    return reverse("td:entry-table", args=[slug, round_number, table_number])


def sheet_link(tournament, round_number: int, table_number: int, table_id: int) -> str:
    """Where the sheet's QR code leads, decided in this one place: the
    table's own entry page when the players enter the deals (table-side
    entry), else the public page of the table-round."""
    if tournament.entry_mode != tournament.EntryMode.TD:
        from scoring.tableside.services import key_for

        key = key_for(table_id)
        return reverse("tableside:table", args=[key.slot, key.secret])
    return reverse("public:table", args=[tournament.slug, round_number, table_number])


def qr_target(table: TableRound, base: str | None = None) -> str:
    """The absolute URL the QR code of ``table``'s sheet encodes: ``base``
    (the site's address, ``core.site.base``) and the sheet's link."""
    tournament = table.round.tournament
    path = sheet_link(tournament, table.round.number, table.number, table.pk)
    return (base if base is not None else site.base()).rstrip("/") + path


def score_sheets(
    tournament, round_number: int, filled: bool = True, base: str | None = None
):
    """``(filename, content_type, bytes)``: every table of the round."""
    tables = seated_tables(tournament, round_number)
    seats = table_seats(tournament, round_number)
    deals: dict[int, dict[int, dict]] = defaultdict(dict)
    prefix = (base if base is not None else site.base()).rstrip("/")
    what = "sheets" if filled else "blank-sheets"
    with translation.override(tournament.language):
        title = _("Score sheets round %(n)s") % {"n": round_number}
        if filled:  # in the sheet's language: the blind man's hand is named
            for row in deal_rows(tournament, round_number):
                deals[row["table"]][row["deal"]] = row
    typed = _typed_totals(tournament, round_number) if filled else {}
    codes = _seat_codes(tournament, tables, seats)

    def story():
        from reportlab.platypus import PageBreak

        st = styles()
        flow = []
        for i, (table_id, number) in enumerate(tables):
            url = prefix + sheet_link(tournament, round_number, number, table_id)
            sheet = Sheet(
                tournament,
                round_number,
                number,
                seats.get(table_id, []),
                deals.get(number, {}),
                url,
                st,
                typed=typed.get(number),
                codes=codes.get(number),
            )
            if i:
                flow.append(PageBreak())
            flow.extend(sheet.flowables())
        return flow

    # large print: landscape, so that the deal table keeps its columns
    data = render(tournament, str(title), story, landscape=is_large())
    return filename(tournament, what, round_number), PDF, data


def _seat_codes(tournament, tables, seats) -> dict[int, dict[int, str]]:
    """{table number: {seat: its code}} where the players enter the deals:
    what a player types on the table's tablet (``seat_codes``)."""
    if tournament.entry_mode == tournament.EntryMode.TD:
        return {}
    from scoring.tableside.seat_codes import seat_code
    from scoring.tableside.services import key_for

    codes = {}
    for table_id, number in tables:
        secret = key_for(table_id).secret
        codes[number] = {
            pos: seat_code(secret, pos)
            for pos, _entry, _name in seats.get(table_id, [])
        }
    return codes


def _typed_totals(tournament, round_number: int) -> dict[int, list[int]]:
    """{table number: points by seat} of the round's tables typed as totals
    (``scoring.table_result``): a filled sheet prints them as its totals."""
    return {
        r.table: [s.points for s in r.seats]
        for r in round_table_results(tournament, round_number, with_deals=False)
        if r.typed
    }


class Sheet:
    """The flowables of one table-round's sheet."""

    def __init__(
        self,
        tournament,
        round_number,
        number,
        seats,
        deals,
        url,
        st,
        typed=None,
        codes=None,
    ):
        self.t = tournament
        #: Each seat's code for the table's tablet (``seat_codes``), where
        #: the players enter the deals; else None.
        self.codes = codes
        self.round = round_number
        self.number = number
        self.seats = seats  # [(position, entry_id, name)]
        self.deals = deals  # {deal number: deal row}
        self.typed = typed  # a table typed as totals: its points by seat
        self.url = url
        self.st = st
        self.size = len(seats)
        #: The blind man's chair at a table of three, else None.
        self.blind = blind_position(self.size)

    def flowables(self) -> list:
        from reportlab.platypus import Spacer

        return [
            self.header(),
            Spacer(1, 3),
            self.players(),
            *([Spacer(1, 2), self.blind_note()] if self.blind else []),
            Spacer(1, 4),
            self.deal_table(),
            Spacer(1, 5),
            self.jury_box(),
            Spacer(1, 6),
            self.signatures(),
        ]

    # -- header with QR ---------------------------------------------------
    def header(self):
        from reportlab.lib.units import mm
        from reportlab.platypus import Paragraph, Table

        st = self.st
        when = formats.date_format(self.t.date) if self.t.date else ""
        where = f"{when} · {self.t.venue}" if self.t.venue else when
        big = _("Round %(r)s · Table %(t)s") % {"r": self.round, "t": self.number}
        shrink = min(1.0, sheet_width() / WIDTH)  # large print's narrower page
        room = 110 * mm * shrink - 12  # the left column within its padding
        left = [
            Paragraph(lines(self.t.name, room, st["title"], 3), st["title"]),
            Paragraph(lines(where, room, st["base"], 2), st["base"]),
            Paragraph(str(big), st["h2"]),
            Paragraph(str(_("Score sheet")), st["small"]),
        ]
        drawing = qr_flowable(self.url, 24 * mm)
        beside = 76 * mm * shrink - 12  # the right column within its padding
        # the players' sheet: the link the QR code holds, not the TD's pages
        right = [drawing, one_line(self.url, beside, st["small"])]
        table = Table([[left, right]], colWidths=[110 * mm * shrink, 76 * mm * shrink])
        table.setStyle(
            [("VALIGN", (0, 0), (-1, -1), "TOP"), ("ALIGN", (1, 0), (1, 0), "RIGHT")]
        )
        return table

    # -- players and dealer order -------------------------------------------
    def dealt_by(self, position: int) -> list[int]:
        n = self.t.deals_per_round
        return [d for d in range(1, n + 1) if dealer_position(self.size, d) == position]

    def players(self):
        """Seat, full name (wrapped, two lines at most) and dealt deals: the
        one place the whole names stand, so the name column gets the room.
        A table of three lists chair 4 last: the blind man's hand."""
        from reportlab.lib.colors import HexColor
        from reportlab.platypus import Table

        head = [*deal_labels("seat", "player"), str(_("Deals (dealer)"))]
        if self.size == 5:
            head[2] = str(_("Deals (dealer, sits out)"))
        dealt = {
            pos: ", ".join(str(d) for d in self.dealt_by(pos))
            for pos, _e, _n in self.seats
        }
        seat = word_width(head[0], FONT_BOLD, 9) + 2 * PAD
        least = [45 * 72 / 25.4, word_width(head[2], FONT_BOLD, 9) + 2 * PAD]
        deals = max(least + [text_width(d, FONT, 9) + 2 * PAD for d in dealt.values()])
        widths = [seat, sheet_width() - seat - deals, deals]
        if self.codes:  # the table's tablet: each seat's code beside the name
            head.insert(2, str(_("Tablet code")))
            code = word_width(head[2], FONT_BOLD, 9) + 2 * PAD
            widths = [seat, widths[1] - code, code, deals]
        rows = [[cell(h, w, FONT_BOLD, 9) for h, w in zip(head, widths, strict=True)]]
        rows += [
            [
                str(pos),
                name_cell(name, widths[1], FONT, 9),
                *([self.codes.get(pos, "")] if self.codes else []),
                dealt[pos],
            ]
            for pos, _entry, name in self.seats
        ]
        style = grid_style(1, 9)
        if self.blind:  # chair 4: dealt to, never deals
            hand = _("%(blind)s (dealt to, never deals, never paid)") % {
                "blind": shown_name(BLIND_LABEL)
            }
            rows.append(
                [
                    str(self.blind),
                    cell(hand, widths[1], FONT, 9),
                    *(["–"] if self.codes else []),
                    "–",
                ]
            )
            style.append(("TEXTCOLOR", (0, -1), (-1, -1), HexColor(GREY_TEXT)))
        table = Table(rows, colWidths=widths)
        table.setStyle(style)
        return table

    def blind_note(self):
        """What a table of three plays with: the blind man's hand at chair 4
        (000, "Rikken for three players")."""
        from reportlab.platypus import Paragraph

        text = _(
            "Table of three: chair %(chair)s is the blind man's hand. It is "
            "dealt to as if a fourth player sat there, but never deals, never "
            "bids and is never paid; after the bidding it lies open and its "
            "partner plays it. The dealer goes round seats 1–3; the three "
            "totals add up to 0."
        ) % {"chair": BLIND_POSITION}
        return Paragraph(escape(str(text)), self.st["small"])

    # -- the deals --------------------------------------------------------
    def deal_table(self):
        from reportlab.lib import colors
        from reportlab.lib.units import mm

        size = self.size or 4
        fixed = [
            "#",
            *deal_labels("dealer", "contract", "declarer", "partner", "tricks"),
        ]
        shrink = min(1.0, sheet_width() / WIDTH)  # large print's narrower page
        widths = [w * mm * shrink for w in FIXED_MM[min(size, 5)]]
        per = (sheet_width() - sum(widths)) / size  # one seat: its points and Σ
        seat_widths = [per * 0.47, per * 0.53]
        col_widths = widths + seat_widths * size
        top = [cell(x, w, FONT_BOLD, 7.5) for x, w in zip(fixed, widths, strict=True)]
        sub = [""] * len(fixed)
        for pos, _e, _name in self.seats:
            # the name whole where it fits on two lines, cut only beyond
            top += [name_cell(self.label(pos), per, FONT_BOLD, 7.5), ""]
            sub += [str(_("pts")), "Σ"]
        rows = [top, sub]
        style = grid_style(2, 7.5)
        for c in range(len(fixed)):
            style.append(("SPAN", (c, 0), (c, 1)))
        for k in range(size):
            c = len(fixed) + 2 * k
            style.append(("SPAN", (c, 0), (c + 1, 0)))
            style.append(("LINEBEFORE", (c, 0), (c, -1), 1.1, colors.black))
            style.append(("LEFTPADDING", (c, 2), (c + 1, -2), 2))
            style.append(("RIGHTPADDING", (c, 2), (c + 1, -2), 2))
        grey = colors.HexColor("#c8c8c8")
        running = [0] * size  # the row source's, as of the last deal entered
        for number in range(1, self.t.deals_per_round + 1):
            r = len(rows)
            dealer = dealer_position(size, number)
            row = [str(number), self.narrow(self.label(dealer), widths[1])]
            deal = self.deals.get(number)
            if deal:
                row += self.play_cells(deal, widths)
            else:
                row += ["", "", "", ""]
            out = sitting_out(size, number)
            for k in range(size):
                pos = k + 1
                if deal:
                    score = deal["scores"][k] if k < len(deal["scores"]) else 0
                    if k < len(deal["running"]):
                        running[k] = deal["running"][k]
                    shown = counts_for_seat(pos, out, score)
                    row += [str(score) if shown else "–", str(running[k])]
                else:
                    row += ["", ""]
                if pos == out:
                    c = len(fixed) + 2 * k
                    style.append(("BACKGROUND", (c, r), (c, r), grey))
            rows.append(row)
        totals = [*deal_labels("total"), "", "", "", "", ""]
        done = bool(self.deals or self.typed)
        if self.typed:  # no deals: the totals typed from the paper sheet
            running = list(self.typed)
            totals[0] = str(_("Total, typed from the paper sheet"))
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
            ("FONT", (0, -2), (-1, -2), FONT_BOLD, 7.5),
            ("LINEABOVE", (0, -2), (-1, -2), 1.1, colors.black),
            ("ALIGN", (len(fixed), 2), (-1, -2), "RIGHT"),
            ("ALIGN", (0, 0), (-1, 1), "CENTER"),
            ("ALIGN", (5, 2), (5, -2), "CENTER"),
            ("FONT", (0, 2), (0, -3), FONT_BOLD, 7.5),
        ]
        head_lines = max(text.count("\n") for text in top) + 1
        heights = [max(12, 8.5 * head_lines + 3), 10]
        heights += [row_height(row) for row in rows[2:-2]] + [15, 13]
        table = table_class()(rows, colWidths=col_widths, rowHeights=heights)
        table.setStyle(style)
        return table

    def label(self, position: int) -> str:
        """Seat number and name: cut to a narrow column by ``narrow``. At a
        table of three chair 4 is the blind man's hand ("4 de blinde")."""
        for pos, _e, name in self.seats:
            if pos == position:
                return f"{pos} {name}"
        if position == self.blind:
            return f"{position} {shown_name(BLIND_LABEL)}"
        return str(position)

    @staticmethod
    def narrow(text: str, width: float) -> str:
        return fit_name(text, width - 2 * PAD, FONT, 7.5)

    def play_cells(self, deal: dict, widths: list[float]) -> list[str]:
        """Contract, declarer, partner and tricks of a stored deal. A player
        is a seat number and a name cut to one line; several plays at once
        ("Misère + Piek", seats "1 + 3", tricks "0 + 1") wrap to two lines,
        for numbers must not be cut."""

        def seats(numbers: list[int], width: float) -> str:
            if len(numbers) == 1:
                return self.narrow(self.label(numbers[0]), width)
            return cell(" + ".join(str(p) for p in numbers), width, FONT, 7.5)

        return [
            cell(deal["contract"], widths[2], FONT, 7.5),
            seats(deal["declarer_seats"], widths[3]),
            seats(deal["partner_seats"], widths[4]),
            cell(tricks_text(deal["tricks"]), widths[5], FONT, 7.5),
        ]

    # -- jury, sanctions, signatures ----------------------------------------
    def jury_box(self):
        from reportlab.lib.units import mm

        head = [
            *deal_labels("deal", "player"),
            _("Sanction or jury decision"),
            *deal_labels("points"),
            _("Jury initials"),
        ]
        shrink = min(1.0, sheet_width() / WIDTH)  # large print's narrower page
        widths = [w * mm * shrink for w in (12, 50, 80, 16, 28)]
        rows = [[cell(h, w, FONT_BOLD, 8) for h, w in zip(head, widths, strict=True)]]
        for number, deal in sorted(self.deals.items()):
            for _code, name, player, points in deal["sanction_rows"]:
                rows.append(
                    [
                        str(number),
                        cell(player, widths[1]),
                        cell(name, widths[2]),
                        str(points),
                        "",
                    ]
                )
            for player, contract in deal["jury"]:
                what = _("Jury approved: %(c)s") % {"c": contract}
                rows.append(
                    [
                        str(number),
                        cell(player, widths[1]),
                        cell(what, widths[2]),
                        "",
                        "",
                    ]
                )
        while len(rows) < 4:
            rows.append(["", "", "", "", ""])
        heights = [None] + [
            15 if "\n" not in row[1] + row[2] else None for row in rows[1:]
        ]
        table = table_class()(rows, colWidths=widths, rowHeights=heights)
        table.setStyle(grid_style(1, 8))
        return titled(str(_("Jury and sanctions")), table)

    def signatures(self):
        """A box per signer (the players, then the TD) with the name, wrapped,
        at the foot of the box."""
        from reportlab.lib import colors

        names = [name for _p, _e, name in self.seats] + [str(_("Tournament director"))]
        cols, width = 3, sheet_width() / 3
        cells = [names[i : i + cols] for i in range(0, len(names), cols)]
        rows, style = (
            [],
            [
                ("FONT", (0, 0), (-1, -1), FONT, 7),
                ("VALIGN", (0, 0), (-1, -1), "BOTTOM"),
                ("LEFTPADDING", (0, 0), (-1, -1), PAD),
                ("RIGHTPADDING", (0, 0), (-1, -1), PAD),
            ],
        )
        for r, line in enumerate(cells):
            rows.append(
                [cell(n, width, FONT, 7, most=3) for n in line]
                + [""] * (cols - len(line))
            )
            for c in range(len(line)):
                style.append(("BOX", (c, r), (c, r), 0.6, colors.black))
        heights = [
            max(30, 22 + 8.4 * max(len(c.split("\n")) for c in row)) for row in rows
        ]
        table = table_class()(rows, colWidths=[width] * cols, rowHeights=heights)
        table.setStyle(style)
        return titled(str(_("Signatures: the players agree with this sheet")), table)


#: The widths (mm) of #, dealer, contract, declarer, partner and tricks at a
#: table of four and of five: five seats take room from the fixed columns,
#: so each seat keeps ~19 mm for its points and running total. A table of
#: three gives its fourth seat's room to the names ("4 the blind man" as a
#: partner).
FIXED_MM = {4: (6, 20, 32, 18, 18, 12.5), 5: (6, 18, 22, 16, 16, 12.5)}
FIXED_MM.update({n: FIXED_MM[4] for n in range(3)})
FIXED_MM[3] = (6, 24, 34, 24, 26, 12.5)
WIDTH = 186 * 72 / 25.4  # points: portrait A4 within the margins


def sheet_width() -> float:
    """The width a sheet is laid out in: ``WIDTH``, or in large print the
    landscape page laid out smaller and printed enlarged (``pdf_base``)."""
    return frame_width(landscape=True) if is_large() else WIDTH


GREY_TEXT = "#555555"  # the blind man's chair in the players' list


def titled(title: str, table):
    """``table`` under a bold title, flush left, on one page together."""
    from reportlab.platypus import KeepTogether, Table

    head = Table([[title]], colWidths=[sheet_width()])
    head.setStyle(
        [("FONT", (0, 0), (-1, -1), FONT_BOLD, 9), ("LEFTPADDING", (0, 0), (-1, -1), 0)]
    )
    return KeepTogether([head, table])


def row_height(row: list[str]) -> float:
    """A deal row: 15 points to write in, more when a cell wrapped."""
    most = max(text.count("\n") for text in row) + 1
    return max(15, 9 * most + 4)


def lines(text: str, width: float, style, most: int) -> str:
    """Paragraph markup of ``text`` wrapped by ``wrap`` (between words, "…"
    after ``most`` lines) instead of reportlab's, which splits long words."""
    parts = wrap(text, width, style.fontName, style.fontSize, most)
    return "<br/>".join(escape(p) for p in parts)


#: The link under the QR code: its size, and the least it shrinks to.
LINK_SIZE, LINK_FLOOR = 6.0, 4.0


def one_line(text: str, width: float, base):
    """A right-aligned Paragraph of ``text`` in the largest size up to
    ``LINK_SIZE`` that keeps it on one line in ``width`` points: a link
    broken over two lines is typed wrong. Only past ``LINK_FLOOR`` does it
    wrap, rather than run off the page."""
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import Paragraph

    fits = math.floor(10 * width / text_width(text, FONT, 1)) / 10
    size = max(LINK_FLOOR, min(LINK_SIZE, fits))
    style = ParagraphStyle(
        "link", base, fontName=FONT, fontSize=size, leading=size + 2, alignment=2
    )
    return Paragraph(escape(text), style)


def escape(text: str) -> str:
    """Text for a reportlab Paragraph (which reads a little XML)."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


__all__ = ["FONT", "entry_path", "qr_target", "score_sheets", "sheet_link"]
