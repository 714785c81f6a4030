"""Standings after a round (or final) with every tie-break column, from the
same row source as the web table."""

from django.utils.translation import gettext as _

from scoring.exports import PDF
from scoring.exports.pdf import FONT_BOLD, filename, grid_style, render
from scoring.exports.pdf_sheets import escape
from scoring.rowsource import BYE_LEGEND, standings_rows


def cell(value) -> str:
    if value is None:
        return ""
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


def standings_pdf(tournament, up_to_round: int | None = None):
    """``(filename, content_type, bytes)``; ``up_to_round`` None is final."""

    if up_to_round:
        title = str(_("Standings after round %(n)s") % {"n": up_to_round})
    else:
        title = str(_("Final standings"))

    def story():
        from reportlab.lib.units import mm
        from reportlab.platypus import Paragraph, Spacer, Table

        from scoring.exports.pdf import styles

        st = styles()
        rowset = standings_rows(tournament, up_to_round)
        columns = rowset.columns
        head = [Paragraph(escape(str(c.label)), st["small"]) for c in columns]
        rows = [head]
        rows += [
            [cell(r.get(c.key)) + r["marks"].get(c.key, "") for c in columns]
            for r in rowset.rows
        ]
        width = 273
        fixed = {"rank": 13, "name": 55, "club": 45}
        rest = (width - sum(fixed.get(c.key, 0) for c in columns)) / max(
            1, sum(1 for c in columns if c.key not in fixed)
        )
        widths = [fixed.get(c.key, rest) * mm for c in columns]
        table = Table(rows, colWidths=widths, repeatRows=1)
        style = grid_style(1, 8)
        for i, c in enumerate(columns):
            if c.numeric:
                style.append(("ALIGN", (i, 1), (i, -1), "RIGHT"))
            if c.key in ("points", "placement") and i > 2:
                style.append(("FONT", (i, 1), (i, -1), FONT_BOLD, 8))
        table.setStyle(style)
        flow = [Paragraph(escape(tournament.name), st["title"]),
                Paragraph(title, st["h2"]), Spacer(1, 6), table]  # fmt: skip
        if any(r["marks"] for r in rowset.rows):
            flow += [Spacer(1, 4), Paragraph(escape(str(BYE_LEGEND)), st["small"])]
        return flow

    what = "standings" if up_to_round else "standings-final"
    return (
        filename(tournament, what, up_to_round),
        PDF,
        render(tournament, title, story, landscape=True),
    )
