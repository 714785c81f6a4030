"""The PDF base: A4 page, embedded fonts, header and footer on every page.

Stories (score sheets, seating, standings, cards) live in ``pdf_*.py`` and
only provide flowables of the rows ``scoring.rowsource`` loads (no query of
their own); this module lays them out. DejaVu Sans is vendored
in ``fonts/`` (licence beside it) so that é, ë, ï, ü and ĳ print whatever
fonts the server has.
"""

import io
import re
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from pathlib import Path

from django.utils import translation
from django.utils.translation import gettext as _

from tournaments.people import split_tags

FONT_DIR = Path(__file__).resolve().parent / "fonts"
FONT = "DejaVuSans"
FONT_BOLD = "DejaVuSans-Bold"
PAD = 3.0  # points between a table cell's border and its text, left and right
_registered = False


def register_fonts() -> None:
    """Register the vendored TTFs once per process."""
    global _registered
    if _registered:
        return
    from reportlab import rl_config
    from reportlab.lib.fonts import addMapping
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    rl_config.useA85 = 0  # binary streams: smaller files, no costly encoding

    pdfmetrics.registerFont(TTFont(FONT, str(FONT_DIR / "DejaVuSans.ttf")))
    pdfmetrics.registerFont(TTFont(FONT_BOLD, str(FONT_DIR / "DejaVuSans-Bold.ttf")))
    addMapping(FONT, 0, 0, FONT)
    addMapping(FONT, 1, 0, FONT_BOLD)
    addMapping(FONT, 0, 1, FONT)
    addMapping(FONT, 1, 1, FONT_BOLD)
    _registered = True


def styles() -> dict:
    """Paragraph styles in the embedded font, by role."""
    from reportlab.lib.styles import ParagraphStyle

    register_fonts()
    base = ParagraphStyle("base", fontName=FONT, fontSize=9, leading=11)
    return {
        "base": base,
        "small": ParagraphStyle("small", base, fontSize=7, leading=8.5),
        "title": ParagraphStyle(
            "title", base, fontName=FONT_BOLD, fontSize=16, leading=20
        ),
        "h2": ParagraphStyle("h2", base, fontName=FONT_BOLD, fontSize=12, leading=15),
        "big": ParagraphStyle("big", base, fontSize=15, leading=19),
        "bold": ParagraphStyle("bold", base, fontName=FONT_BOLD),
    }


def grid_style(header_rows: int = 1, font_size: float = 8) -> list:
    """A plain ruled table with a bold, shaded header."""
    from reportlab.lib import colors

    return [
        ("FONT", (0, 0), (-1, -1), FONT, font_size),
        ("FONT", (0, 0), (-1, header_rows - 1), FONT_BOLD, font_size),
        ("BACKGROUND", (0, 0), (-1, header_rows - 1), colors.HexColor("#e6e6e6")),
        ("GRID", (0, 0), (-1, -1), 0.4, colors.HexColor("#808080")),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("LEFTPADDING", (0, 0), (-1, -1), PAD),
        ("RIGHTPADDING", (0, 0), (-1, -1), PAD),
        ("TOPPADDING", (0, 0), (-1, -1), 1.5),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 1.5),
    ]


#: Large print (issue 40): every page laid out on a page this much smaller
#: than A4 and printed on A4 enlarged, so text, lines and QR codes are all
#: 1.5 times as large and nothing is laid out twice (more pages instead).
LARGE_SCALE = 1.5
_LARGE: ContextVar[bool] = ContextVar("large_print", default=False)


@contextmanager
def large_print(on: bool = True):
    """The documents built inside are in large print when ``on``."""
    token = _LARGE.set(on)
    try:
        yield
    finally:
        _LARGE.reset(token)


def page_sizes(paper: tuple[float, float]) -> tuple[tuple[float, float], float]:
    """(the page size to lay out on, the scale to print it on ``paper``)."""
    if not _LARGE.get():
        return paper, 1.0
    return (paper[0] / LARGE_SCALE, paper[1] / LARGE_SCALE), LARGE_SCALE


def is_large() -> bool:
    return _LARGE.get()


def frame_width(landscape: bool = False) -> float:
    """Points between the side margins of the page laid out on (in large
    print a smaller one, printed enlarged)."""
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.pagesizes import landscape as turn
    from reportlab.lib.units import mm

    (width, _height), _scale = page_sizes(turn(A4) if landscape else A4)
    return width - 24 * mm


def enlarge(canvas, paper: tuple[float, float], scale: float) -> None:
    """This page printed on ``paper``, at ``scale``."""
    canvas.setPageSize(paper)
    if scale != 1.0:
        canvas.scale(scale, scale)


def render(tournament, title: str, story_fn, landscape: bool = False) -> bytes:
    """Build one PDF: ``story_fn()`` runs in the tournament's language."""
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.pagesizes import landscape as turn
    from reportlab.lib.units import mm
    from reportlab.platypus import SimpleDocTemplate

    register_fonts()
    buffer = io.BytesIO()
    paper = turn(A4) if landscape else A4
    size, scale = page_sizes(paper)
    with translation.override(tournament.language):
        story = story_fn()
        footer = "%s · %s" % (tournament.name, title)  # noqa: UP031
        page_label = _("page")

        def on_page(canvas, doc):
            enlarge(canvas, paper, scale)  # kept for what the page draws next
            canvas.saveState()
            draw_footer(canvas, size[0], footer, f"Rikscore · {page_label} {doc.page}")
            canvas.restoreState()

        doc = SimpleDocTemplate(
            buffer,
            pagesize=size,
            title=f"{tournament.name} – {title}",
            author="Rikscore",
            leftMargin=12 * mm,
            rightMargin=12 * mm,
            topMargin=12 * mm,
            bottomMargin=13 * mm,
        )
        doc.build(story, onFirstPage=on_page, onLaterPages=on_page)
    return buffer.getvalue()


def draw_footer(canvas, page_width: float, footer: str, page_text: str) -> None:
    """The event and document left, the page number right, 7 mm up: the
    left text cut to leave the page number its room."""
    from reportlab.lib.units import mm

    left, right = 12 * mm, page_width - 12 * mm
    room = right - left - text_width(page_text, FONT, 7) - 12
    canvas.setFont(FONT, 7)
    canvas.drawString(left, 7 * mm, fit(footer, room, FONT, 7))
    canvas.drawRightString(right, 7 * mm, page_text)


class CanvasDocument:
    """A4 pages drawn straight on the canvas, with the same margins and
    footer as ``render``: for long uniform lists where flowables are slow."""

    def __init__(self, canvas, footer: str, page_label: str, landscape=False):
        from reportlab.lib.pagesizes import A4
        from reportlab.lib.pagesizes import landscape as turn
        from reportlab.lib.units import mm

        self.canvas, self.footer, self.page_label = canvas, footer, page_label
        self.paper = turn(A4) if landscape else A4
        (self.width, self.height), self.scale = page_sizes(self.paper)
        self.left, self.right = 12 * mm, self.width - 12 * mm
        self.top, self.bottom = self.height - 12 * mm, 13 * mm
        self.page = 0
        self.encoded: dict = {}  # PlacedText's cache for this document

    def new_page(self) -> float:
        """Start a page (with its footer); returns the top to draw from."""
        if self.page:
            self.canvas.showPage()
        self.page += 1
        enlarge(self.canvas, self.paper, self.scale)
        draw_footer(
            self.canvas,
            self.width,
            self.footer,
            f"Rikscore · {self.page_label} {self.page}",
        )
        return self.top

    def heading(self, top: float, title: str, *lines: str) -> float:
        """A bold title and plain lines below it, each wrapped to the page
        width (two lines at most); returns the top left for what follows."""
        width = self.right - self.left
        styled = [(title, FONT_BOLD, 14)] + [
            (line, *((FONT_BOLD, 10) if i == len(lines) - 1 else (FONT, 9)))
            for i, line in enumerate(lines)
        ]
        for text, font, size in styled:
            self.canvas.setFont(font, size)
            for part in wrap(text, width, font, size):
                top -= size * 1.2
                self.canvas.drawString(self.left, top, part)
            top -= 2
        return top - 8


class PlacedText:
    """Text operators for many short strings at given places on one page.

    reportlab's TextObject encodes and measures every string again; here a
    string's encoding into the font's subsets is computed once per document
    (``cache``), which makes 50,000 table cells several times cheaper."""

    def __init__(self, canvas, cache: dict):
        self.canvas, self.cache = canvas, cache
        self.parts, self.current = ["BT"], None

    def add(self, x: float, y: float, text: str, font: str, size: float) -> None:
        segments = self.cache.get((text, font))
        if segments is None:
            from reportlab.pdfbase.pdfmetrics import getFont

            face, doc = getFont(font), self.canvas._doc
            segments = self.cache[(text, font)] = [
                (
                    face.getSubsetInternalName(subset, doc),
                    f"({self.canvas._escape(chunk)}) Tj",
                )
                for subset, chunk in face.splitString(text, doc)
            ]
        self.parts.append(f"1 0 0 1 {x:.2f} {y:.2f} Tm")
        for name, show in segments:
            if (name, size) != self.current:
                self.parts.append(f"{name} {size} Tf")
                self.current = (name, size)
            self.parts.append(show)

    def draw(self) -> None:
        self.parts.append("ET")
        self.canvas._code.append(" ".join(self.parts))


def stroke_lines(canvas, lines: list[tuple]) -> None:
    """``canvas.lines`` without its slow number formatting: one path of
    straight segments in the current line width and colour."""
    if lines:
        path = " ".join(f"{a:.2f} {b:.2f} m {c:.2f} {d:.2f} l" for a, b, c, d in lines)
        canvas._code.append(path + " S")


@lru_cache(maxsize=20000)
def fit(text: str, width: float, font: str = FONT, size: float = 7.5) -> str:
    """``text`` shortened with "…" until it fits ``width`` points."""
    if text_width(text, font, size) <= width:
        return text
    low, high = 0, len(text)  # the longest prefix that fits with its "…"
    while low < high:
        middle = (low + high + 1) // 2
        if text_width(text[:middle].rstrip() + "…", font, size) <= width:
            low = middle
        else:
            high = middle - 1
    return text[:low].rstrip() + "…"


def fit_name(text: str, width: float, font: str = FONT, size: float = 7.5) -> str:
    """``fit`` for a name as shown: where it must be cut, the end of the
    name goes and its tags ("(1956)", ``people.split_tags``) stay whole, so
    two namesakes in a narrow column still read as two."""
    if text_width(text, font, size) <= width:
        return text
    base, tags = split_tags(text)
    room = width - text_width(" " + tags, font, size)
    if tags and room >= width / 3:
        return f"{fit(base, room, font, size)} {tags}"
    return fit(text, width, font, size)


def pieces(text: str) -> list[tuple[str, str]]:
    """``(glue, piece)``: ``text`` cut where a line may break, at spaces and
    after hyphens, never inside a word; ``glue`` is what joins the piece to
    the one before on the same line."""
    out = []
    for word in text.split():
        parts = [p for p in re.split(r"(?<=-)(?=[^-])", word) if p]
        out += [(" " if out and i == 0 else "", part) for i, part in enumerate(parts)]
    return out


@lru_cache(maxsize=20000)
def wrap(
    text: str, width: float, font: str = FONT, size: float = 7.5, most: int = 2
) -> tuple[str, ...]:
    """``text`` broken between words (at spaces, after hyphens) into at most
    ``most`` lines of ``width`` points. What still does not fit ends in "…":
    a reader knows a name by its beginning, so it is the end that goes."""
    if text_width(text, font, size) <= width:
        return (text,)
    lines, line = [], ""
    parts = pieces(text)
    for i, (glue, part) in enumerate(parts):
        candidate = line + glue + part if line else part
        if not line or text_width(candidate, font, size) <= width:
            line = candidate
            continue
        rest = "".join(g + p for g, p in parts[i:])
        if len(lines) == most - 1:  # the last line takes the rest, cut
            line += rest
            break
        lines.append(line)
        if text_width(part, font, size) > width:  # a word no line holds
            line = rest.lstrip()
            break
        line = part
    lines.append(line)
    return tuple(fit(part, width, font, size) for part in lines)


def name_cell(text: str, width: float, font: str = FONT, size: float = 8) -> str:
    """``cell`` for a name as shown, on two lines at most: where it must be
    cut, the name is cut on the first line and its tags ("(1956)") keep
    the second, so namesakes stay told apart (``fit_name``)."""
    room = width - 2 * PAD + 0.01
    lines = wrap(text, room, font, size, 2)
    base, tags = split_tags(text)
    if not tags or "…" not in "".join(lines):
        return "\n".join(lines)
    return "\n".join((fit(base, room, font, size), fit(tags, room, font, size)))


def cell(text, width: float, font: str = FONT, size: float = 8, most: int = 2) -> str:
    """A table cell's text wrapped to a column ``width`` points wide (its
    padding taken off): reportlab draws each line of the string."""
    room = width - 2 * PAD + 0.01  # a width computed from the text fits it
    return "\n".join(wrap(str(text), room, font, size, most))


def word_width(text: str, font: str, size: float) -> float:
    """The widest word of ``text``: the least a column needs so that its
    header breaks only between words."""
    return max((text_width(w, font, size) for _g, w in pieces(str(text))), default=0)


@lru_cache(maxsize=20000)
def text_width(text: str, font: str, size: float) -> float:
    from reportlab.pdfbase.pdfmetrics import stringWidth

    return stringWidth(text, font, size)


def canvas_document(tournament, title: str, draw, landscape: bool = False) -> bytes:
    """Build one PDF by ``draw(CanvasDocument)``, in the event's language."""
    from reportlab.pdfgen.canvas import Canvas

    register_fonts()
    buffer = io.BytesIO()
    with translation.override(tournament.language):
        canvas = Canvas(buffer, pageCompression=1)
        canvas.setTitle(f"{tournament.name} – {title}")
        canvas.setAuthor("Rikscore")
        doc = CanvasDocument(
            canvas, f"{tournament.name} · {title}", _("page"), landscape
        )
        draw(doc)
        if not doc.page:
            doc.new_page()
        canvas.save()
    return buffer.getvalue()


def filename(tournament, what: str, round_number: int | None = None) -> str:
    suffix = f"-r{round_number}" if round_number else ""
    return f"{tournament.slug}-{what}{suffix}.pdf"


def qr_matrix(text: str) -> list[list[bool]]:
    """QR modules of ``text`` (reportlab's encoder, level M).

    One fixed mask pattern instead of scoring all eight: every mask is a valid
    QR code, and skipping the search makes a code ~8× cheaper (100 sheets).
    """
    from reportlab.graphics.barcode import qrencoder

    qr = qrencoder.QRCode(None, qrencoder.QRErrorCorrectLevel.M)
    qr.addData(text)
    qr.version = qr.calculate_version()
    qr.makeImpl(False, 0)
    return qr.modules


def qr_flowable(text: str, side: float):
    """A flowable drawing the QR code of ``text`` as a ``side``-point square:
    one 1-bit image (fast to draw, sharp at any size)."""
    from PIL import Image
    from reportlab.lib.utils import ImageReader
    from reportlab.platypus import Flowable

    modules = qr_matrix(text)
    n = len(modules) + 8  # a 4-module quiet zone on each side
    image = Image.new("1", (n, n), 1)
    image.putdata(
        [
            0 if 4 <= r < n - 4 and 4 <= c < n - 4 and modules[r - 4][c - 4] else 1
            for r in range(n)
            for c in range(n)
        ]
    )

    class QrFlowable(Flowable):
        def wrap(self, avail_width, avail_height):
            return side, side

        def draw(self):
            self.canv.drawImage(ImageReader(image), 0, 0, side, side)

    flowable = QrFlowable()
    flowable.hAlign = "RIGHT"
    return flowable


def table_class():
    """reportlab's Table, skipping empty cells when drawing: a blank score
    sheet is mostly empty cells, and drawing "" costs as much as a word."""
    from reportlab.platypus import Table

    class SparseTable(Table):
        def _drawCell(self, cellval, cellstyle, pos, size):  # noqa: N802
            if cellval == "" or cellval is None:
                return
            super()._drawCell(cellval, cellstyle, pos, size)

    return SparseTable


def seated_tables(tournament, round_number: int) -> list[tuple[int, int]]:
    """``(id, number)`` of the round's tables (the row source's), or a clear
    refusal to print."""
    from documents import ExportError
    from scoring.rowsource import round_tables

    tables = round_tables(tournament, round_number)
    if not tables:
        raise ExportError(
            _("Round %(n)s is not seated yet: there are no tables to print.")
            % {"n": round_number}
        )
    return tables
