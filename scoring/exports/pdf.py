"""The PDF base: A4 page, embedded fonts, header and footer on every page.

Stories (score sheets, seating, standings, cards) live in ``pdf_*.py`` and
only provide flowables; this module lays them out. DejaVu Sans is vendored
in ``fonts/`` (licence beside it) so that é, ë, ï, ü and ĳ print whatever
fonts the server has.
"""

import io
from pathlib import Path

from django.utils import translation
from django.utils.translation import gettext as _

FONT_DIR = Path(__file__).resolve().parent / "fonts"
FONT = "DejaVuSans"
FONT_BOLD = "DejaVuSans-Bold"
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
        ("TOPPADDING", (0, 0), (-1, -1), 1.5),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 1.5),
    ]


def render(tournament, title: str, story_fn, landscape: bool = False) -> bytes:
    """Build one PDF: ``story_fn()`` runs in the tournament's language."""
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.pagesizes import landscape as turn
    from reportlab.lib.units import mm
    from reportlab.platypus import SimpleDocTemplate

    register_fonts()
    buffer = io.BytesIO()
    size = turn(A4) if landscape else A4
    with translation.override(tournament.language):
        story = story_fn()
        footer = "%s · %s" % (tournament.name, title)  # noqa: UP031
        page_label = _("page")

        def on_page(canvas, doc):
            canvas.saveState()
            canvas.setFont(FONT, 7)
            canvas.drawString(12 * mm, 7 * mm, footer)
            canvas.drawRightString(
                size[0] - 12 * mm, 7 * mm, f"Rikscore · {page_label} {doc.page}"
            )
            canvas.restoreState()

        doc = SimpleDocTemplate(
            buffer, pagesize=size, title=f"{tournament.name} – {title}",
            author="Rikscore", leftMargin=12 * mm, rightMargin=12 * mm,
            topMargin=12 * mm, bottomMargin=13 * mm,
        )  # fmt: skip
        doc.build(story, onFirstPage=on_page, onLaterPages=on_page)
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
        [0 if 4 <= r < n - 4 and 4 <= c < n - 4 and modules[r - 4][c - 4] else 1
         for r in range(n) for c in range(n)]
    )  # fmt: skip

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
    """``(id, number)`` of the round's tables, or a clear refusal to print."""
    from django.utils.translation import gettext as _

    from scoring.exports import ExportError
    from tournaments.models import TableRound

    tables = list(
        TableRound.objects.filter(
            round__tournament=tournament, round__number=round_number
        )
        .order_by("number")
        .values_list("id", "number")
    )
    if not tables:
        raise ExportError(
            _("Round %(n)s is not seated yet: there are no tables to print.")
            % {"n": round_number}
        )
    return tables
