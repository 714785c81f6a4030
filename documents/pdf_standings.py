"""Standings after a round (or final) with every tie-break column, from the
same row source as the web table.

Up to a dozen rounds and six tie-breaks share a landscape page with the
names, so the metric columns carry their short names (the long ones in a
legend below) and every column is as wide as its widest word or number:
headers break between words only, and names and clubs get the rest.
"""

from django.utils import translation
from django.utils.translation import gettext as _

from documents import PDF
from documents.pdf_base import (
    FONT,
    FONT_BOLD,
    PAD,
    cell,
    filename,
    grid_style,
    render,
    text_width,
    word_width,
)
from documents.pdf_sheets import escape
from scoring.penalty_rows import KEY as PENALTY
from scoring.rowsource import BYE_LEGEND, standings_rows
from tournaments.ranking import METRICS

HEAD, BODY = 7.5, 8  # points: the header row's type and the rows'
WIDTH = 273 * 72 / 25.4  # points: landscape A4 within the margins
#: Share of the room left over for the free-text columns.
SHARES = {"name": 0.5, "club": 0.32, "notes": 0.18}
LINES = {"name": 3, "notes": 3}  # lines a cell may take (else 2)


def value(row: dict, key: str) -> str:
    shown = row.get(key)
    if shown is None:
        shown = ""
    elif isinstance(shown, float):
        shown = f"{shown:g}"
    return str(shown) + row["marks"].get(key, "")


def header(column) -> str:
    """A metric's short name (spelled out in the legend), else the label."""
    metric = METRICS.get(column.key)
    return str(metric.abbr if metric else column.label)


def legend(columns) -> str:
    return " · ".join(
        f"{METRICS[c.key].abbr} = {METRICS[c.key].name}"
        for c in columns
        if c.key in METRICS
    )


def widths(columns, heads: list[str], body: list[list[str]]) -> list[float]:
    """Each fixed column as wide as its widest header word or value; the
    free-text columns share what is left, never less than a header word."""
    least = [word_width(h, FONT_BOLD, HEAD) + 2 * PAD for h in heads]
    out = []
    for i, c in enumerate(columns):
        if c.key in SHARES:
            out.append(least[i])
            continue
        font = FONT_BOLD if bold(c, i) else FONT
        values = [text_width(row[i], font, BODY) for row in body]
        out.append(max(least[i], max(values, default=0) + 2 * PAD))
    rounds = [i for i, c in enumerate(columns) if c.key[1:].isdigit()]  # r1, r2…
    for i in rounds:  # one width for all rounds: a calmer table
        out[i] = max(out[j] for j in rounds)
    free = [i for i, c in enumerate(columns) if c.key in SHARES]
    wanted = {
        i: max((text_width(r[i], FONT, BODY) for r in body), default=0) + 2 * PAD
        for i in free
    }
    for _round in range(3):  # what a short club or note leaves, the others get
        room = WIDTH - sum(out)
        hungry = [i for i in free if out[i] < wanted[i]]
        if room <= 0.5 or not hungry:
            break
        share = sum(SHARES[columns[i].key] for i in hungry)
        for i in hungry:
            extra = room * SHARES[columns[i].key] / share
            out[i] = min(wanted[i], out[i] + extra)
    return out


def bold(column, index: int) -> bool:
    """The ranking's totals: points, placement points, penalty points."""
    return column.key in ("points", "placement", PENALTY) and index > 2


def standings_pdf(tournament, up_to_round: int | None = None):
    """``(filename, content_type, bytes)``; ``up_to_round`` None is final."""
    with translation.override(tournament.language):
        if up_to_round:
            title = str(_("Standings after round %(n)s") % {"n": up_to_round})
        else:
            title = str(_("Final standings"))

    def story():
        from reportlab.platypus import Paragraph, Spacer, Table

        from documents.pdf_base import styles

        st = styles()
        rowset = standings_rows(tournament, up_to_round)
        columns = rowset.columns
        heads = [header(c) for c in columns]
        body = [[value(r, c.key) for c in columns] for r in rowset.rows]
        sizes = widths(columns, heads, body)
        rows = [
            [
                cell(h, w, FONT_BOLD, HEAD, most=4)
                for h, w in zip(heads, sizes, strict=True)
            ]
        ]
        rows += [
            [
                cell(v, w, FONT, BODY, most=LINES.get(c.key, 2))
                for v, w, c in zip(row, sizes, columns, strict=True)
            ]
            for row in body
        ]
        table = Table(rows, colWidths=sizes, repeatRows=1)
        style = grid_style(1, BODY)
        style.append(("FONT", (0, 0), (-1, 0), FONT_BOLD, HEAD))
        for i, c in enumerate(columns):
            if c.numeric:
                style.append(("ALIGN", (i, 1), (i, -1), "RIGHT"))
            if bold(c, i):
                style.append(("FONT", (i, 1), (i, -1), FONT_BOLD, BODY))
        table.setStyle(style)
        flow = [
            Paragraph(escape(tournament.name), st["title"]),
            Paragraph(escape(title), st["h2"]),
            Spacer(1, 6),
            table,
            Spacer(1, 4),
            Paragraph(escape(legend(columns)), st["small"]),
        ]
        for line in rowset.legends:  # a normalised total, penalty points
            flow.append(Paragraph(escape(line), st["small"]))
        if any(r["marks"] for r in rowset.rows):
            flow.append(Paragraph(escape(str(BYE_LEGEND)), st["small"]))
        return flow

    what = "standings" if up_to_round else "standings-final"
    return (
        filename(tournament, what, up_to_round),
        PDF,
        render(tournament, title, story, landscape=True),
    )
