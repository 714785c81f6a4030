"""Player cards: each player's deals and totals over the event, one player
per page (continued on the next page when the deals do not fit). The deals
the player sat out as dealer are listed and marked; each sanction is
explained with the points it charged; the line under the name says a
withdrawal, the deals sat out and the sanction points.

Drawn straight on the canvas in fixed rows instead of platypus tables: a
400-player event is 51,200 card rows, and laying those out as flowables
took 12 s and 450 MB. Here each page is one text object per font and one
batch of lines, and the rows are small tuples streamed per player.
"""

from collections import defaultdict
from dataclasses import dataclass, field

from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from documents import PDF, ExportError
from documents.pdf_base import (
    FONT,
    FONT_BOLD,
    PAD,
    PlacedText,
    canvas_document,
    filename,
    is_large,
    stroke_lines,
    text_width,
    word_width,
    wrap,
)
from scoring.rowsource import (
    deal_labels,
    deal_rows,
    player_deals,
    sanction_points,
    standings_rows,
    table_seats,
    tricks_text,
)
from scoring.table_result import TYPED, event_table_results, with_typed

#: (row-source key, numeric, widest value) per column, left to right. The
#: numbers' columns are as wide as their header or widest value; the text
#: columns share the rest by ``SHARES``.
COLUMNS = (
    ("round", True, "88"),
    ("table", True, "888"),
    ("seat", True, "8"),
    ("deal", True, "88"),
    ("contract", False, None),
    ("declarer", False, None),
    ("partner", False, None),
    ("tricks", False, "10 + 10"),
    ("points", True, "-888"),
    ("total", True, "-88888"),
    ("note", False, None),
)
SHARES = {"contract": 0.18, "declarer": 0.23, "partner": 0.23, "note": 0.36}
SIZE = 7.5  # points, the rows' type
ROW = 11.0  # points per row
LINE = 8.5  # points between the lines of a wrapped cell
DROP = 7.8  # points from a row's top rule down to its first baseline
MOST = 3  # lines a name may take before it ends in "…"
MOST_NOTE = 6  # lines a note (a sit-out, the deal's sanctions) may take


@dataclass
class Card:
    """One player's card: ``rows`` [(round, table, seat, deal, contract,
    declarer, partner, tricks, points, total, note)] with the running total,
    the deals sat out as dealer (marked in the note) and the sanction points
    charged (``sanction_points``, as the settlement charged them)."""

    rows: list[tuple] = field(default_factory=list)
    sat_out: int = 0
    sanction_points: int = 0


def card_rows(tournament, entry_ids: set[int] | None = None) -> dict[int, Card]:
    """{entry_id: its ``Card``}: every deal the player played or sat out, a
    sit-out marked and each sanction of the deal explained in the note; a
    round whose table was typed as totals (``scoring.table_result``) in one
    line with the typed total, the running total going on through it."""
    cards: dict[int, Card] = defaultdict(Card)
    results = event_table_results(tournament, with_deals=False)
    rows = with_typed(deal_rows(tournament), results, table_seats(tournament))
    for entry_id, row, seat, points, total in player_deals(
        rows, entry_ids, sat_out=True
    ):
        card = cards[entry_id]
        if row.get(TYPED):
            card.sat_out += row["deals_sat_out"][seat]
            card.rows.append(_typed_line(row, seat, points, total))
            continue
        notes = []
        if seat == row["sits_out"]:
            card.sat_out += 1
            notes.append(_("sat out (dealer)"))
        card.sanction_points += sanction_points(row, seat)
        if row["sanction_text"]:
            notes.append(row["sanction_text"])
        card.rows.append(
            (
                row["round"],
                row["table"],
                seat,
                row["deal"],
                row["contract"],
                row["declarer"],
                row["partner"],
                tricks_text(row["tricks"]),
                points,
                total,
                " · ".join(notes),
            )
        )
    return cards


def _typed_line(row: dict, seat: int, points: int, total: int) -> tuple:
    """A card's line for a round typed as totals: no deal, the deals the
    player played there, the typed total and the running total."""
    played = row["deals_played"][seat]
    return (
        row["round"],
        row["table"],
        seat,
        "–",
        _("totals typed"),
        "",
        "",
        "",
        points,
        total,
        ngettext(
            "typed from the paper sheet: %(n)s deal played",
            "typed from the paper sheet: %(n)s deals played",
            played,
        )
        % {"n": played},
    )


def summary(person: dict, card: Card) -> str:
    """The card's line under the name: club, rank, points, then what the
    standings note (a withdrawal, a bye), the deals sat out and the sanction
    points charged."""
    line = _("%(club)s · rank %(rank)s · %(points)s points") % {
        "club": person.get("club") or "–",
        "rank": person["rank"] or "–",
        "points": person.get("points", 0),
    }
    parts = [line]
    if person.get("normalised"):  # the standing's: not the sum of the deals
        parts.append(_("normalised for tables of five"))
    if person.get("penalty_points") is not None:  # the rule set's display
        parts.append(_("penalty points: %(n)s") % {"n": person["penalty_points"]})
    if person.get("notes"):
        parts.append(person["notes"])
    if card.sat_out:
        parts.append(_("deals sat out: %(n)s") % {"n": card.sat_out})
    if card.sanction_points:
        parts.append(_("sanction points: %(n)s") % {"n": card.sanction_points})
    return " · ".join(str(p) for p in parts)


def player_cards(tournament, entry_id: int | None = None):
    """``(filename, content_type, bytes)``: every player, or one entry."""
    standings = standings_rows(tournament)
    people = [r for r in standings.rows if entry_id in (None, r["entry"])]
    if not people:
        raise ExportError(_("No such player in this tournament."))
    with translation.override(tournament.language):
        cards = card_rows(tournament, {p["entry"] for p in people})
    title = str(_("Player cards"))

    def draw(doc):
        labels = deal_labels(*(k for k, _n, _v in COLUMNS))
        edges = _edges(doc, labels)
        head = _layout(edges, labels, header=True)
        for person in people:
            card = cards.get(person["entry"], Card())
            line = summary(person, card)
            rows = [_layout(edges, row) for row in card.rows]
            first = True
            while first or rows:
                top = doc.new_page()
                if first:
                    top = doc.heading(top, person["name"], tournament.name, str(line))
                else:
                    top = doc.heading(
                        top, _("%(name)s (continued)") % {"name": person["name"]}
                    )
                room, fits = top - doc.bottom - ROW, 0
                while fits < len(rows) and room >= rows[fits][0]:
                    room -= rows[fits][0]
                    fits += 1
                fits = max(fits, 1)
                _draw_table(doc, edges, top, head, rows[:fits])
                rows, first = rows[fits:], False

    what = "cards" if entry_id is None else f"card-{entry_id}"
    # large print: landscape, so that the names keep their columns
    data = canvas_document(tournament, title, draw, landscape=is_large())
    return filename(tournament, what), PDF, data


def _edges(doc, labels: list[str]) -> list[float]:
    """The columns' left edges and the table's right one: numbers as wide
    as their header or widest value, the text columns share the rest."""
    widths = []
    for label, (_key, _numeric, widest) in zip(labels, COLUMNS, strict=True):
        need = word_width(label, FONT_BOLD, SIZE)
        if widest is not None:
            need = max(need, text_width(widest, FONT_BOLD, SIZE))
        widths.append(need + 2 * PAD)
    rest = doc.right - doc.left - sum(widths)
    for c, (key, _numeric, _widest) in enumerate(COLUMNS):
        widths[c] += rest * SHARES.get(key, 0)
    edges = [doc.left]
    for width in widths:
        edges.append(edges[-1] + width)
    return edges


def _layout(edges: list[float], cells, header: bool = False) -> tuple:
    """``(height, round, [(font, lines, numeric)] per cell)``: a row broken
    into lines that fit their columns (``MOST`` at most, then "…")."""
    laid = []
    for c, (key, numeric, _widest) in enumerate(COLUMNS):
        font = FONT_BOLD if header or key == "total" else FONT
        width = edges[c + 1] - edges[c] - 2 * PAD + 0.01
        limit = MOST_NOTE if key == "note" else MOST
        lines = wrap(str(cells[c]), width, font, SIZE, most=limit)
        laid.append((font, lines, numeric and not header))
    most = max(len(lines) for _f, lines, _n in laid)
    return ROW + LINE * (most - 1), cells[0], laid


def _draw_table(doc, edges, top: float, head: tuple, rows: list[tuple]) -> None:
    """One page's table: a shaded header row, then ``rows``, a heavier rule
    where a new round starts."""
    canvas = doc.canvas
    canvas.setFillGray(0.9)
    canvas.rect(
        edges[0], top - head[0], edges[-1] - edges[0], head[0], stroke=0, fill=1
    )
    canvas.setFillGray(0)

    text = PlacedText(canvas, doc.encoded)
    lines, rules = [], []
    y_top, last_round = top, None
    for i, (height, round_number, cells) in enumerate([head, *rows]):
        edge = (edges[0], y_top, edges[-1], y_top)
        (rules if i > 1 and round_number != last_round else lines).append(edge)
        last_round = round_number if i else None
        for c, (font, parts, numeric) in enumerate(cells):
            baseline = y_top - DROP
            for part in parts:
                if numeric:
                    x = edges[c + 1] - PAD - text_width(part, font, SIZE)
                else:
                    x = edges[c] + PAD
                text.add(x, baseline, part, font, SIZE)
                baseline -= LINE
        y_top -= height
    lines.append((edges[0], y_top, edges[-1], y_top))
    lines += [(x, top, x, y_top) for x in edges]
    text.draw()
    canvas.setStrokeGray(0.5)
    canvas.setLineWidth(0.4)
    stroke_lines(canvas, lines)
    canvas.setStrokeGray(0)
    canvas.setLineWidth(1.1)
    stroke_lines(canvas, rules)
