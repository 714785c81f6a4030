"""Where the text of a PDF lies, read back with pdfplumber: every character
inside the ruled cell it starts in, inside the page margins, and over no
other character. A layout that lets a long name spill into its neighbour
or a header collide with the line below fails one of these."""

import io
from dataclasses import dataclass

import pdfplumber

MM = 72 / 25.4
#: How far (points) a glyph box may poke past a rule: pdfminer's boxes are
#: the font's full em, a little taller than the ink.
SLACK = 0.6
#: The printable area: reportlab's 12 mm margins, the footer 7 mm up.
SIDE, TOP, FOOT = 12 * MM, 12 * MM, 5 * MM
LINES = {
    "vertical_strategy": "lines",
    "horizontal_strategy": "lines",
    "snap_tolerance": 1,
    "join_tolerance": 1,
    "intersection_tolerance": 1,
}


@dataclass(frozen=True)
class Box:
    x0: float
    top: float
    x1: float
    bottom: float

    def holds_point(self, x: float, y: float) -> bool:
        return self.x0 <= x <= self.x1 and self.top <= y <= self.bottom

    def holds(self, other: "Box", slack: float = SLACK) -> bool:
        return (
            other.x0 >= self.x0 - slack
            and other.x1 <= self.x1 + slack
            and other.top >= self.top - slack
            and other.bottom <= self.bottom + slack
        )

    @property
    def area(self) -> float:
        return (self.x1 - self.x0) * (self.bottom - self.top)


def box(obj) -> Box:
    return Box(obj["x0"], obj["top"], obj["x1"], obj["bottom"])


class Grid:
    """Cells found by the point they hold, through bands of ``STEP`` points
    down the page (a page of cards has 300 cells and 2,000 characters)."""

    STEP = 8

    def __init__(self, boxes: list[Box]):
        self.bands: dict[int, list[Box]] = {}
        for b in boxes:
            for band in range(int(b.top // self.STEP), int(b.bottom // self.STEP) + 1):
                self.bands.setdefault(band, []).append(b)

    def at(self, x: float, y: float) -> Box | None:
        """The smallest cell holding the point, if any."""
        home = [
            b for b in self.bands.get(int(y // self.STEP), ()) if b.holds_point(x, y)
        ]
        return min(home, key=lambda b: b.area) if home else None


def cells(page) -> list[Box]:
    """The cells of every ruled table on ``page`` (grid lines and shaded
    rectangles both count as rules)."""
    return [Box(*c) for table in page.find_tables(LINES) for c in table.cells]


def text_faults(data: bytes, every_page: bool = True) -> list[str]:
    """One line per character that leaves its cell, the page's printable
    area, or overlaps another character; empty when the layout is clean.
    ``every_page=False``: at a desk a fifth of the pages, every page in CI
    (``tests.examples.spread``), for documents of many alike pages."""
    from tests.examples import spread

    faults = []
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        numbered = list(enumerate(pdf.pages, 1))
        for number, page in numbered if every_page else spread(numbered):
            faults += page_faults(page, number)
    return faults


def page_faults(page, number: int) -> list[str]:
    grid = Grid(cells(page))
    area = Box(SIDE, TOP, page.width - SIDE, page.height - FOOT)
    words = page.extract_words(keep_blank_chars=True, x_tolerance=1.5)
    chars = [c for c in page.chars if c["text"].strip()]
    found = {}

    def note(char, why: str) -> None:
        word = next((w["text"] for w in words if box(w).holds(box(char), 0.1)), "")
        found.setdefault((why, word), f"page {number}: {why}: {word!r}")

    for char in chars:
        glyph = box(char)
        if not area.holds(glyph):
            note(char, "outside the margins")
        start = (glyph.x0 + 0.2, (glyph.top + glyph.bottom) / 2)
        home = grid.at(*start)
        if home and not home.holds(glyph):
            note(char, "crosses its cell border")
    for a, b in overlaps(chars):
        note(a, f"overlaps {b['text']!r}")
    return list(found.values())


def overlaps(chars: list[dict], slack: float = 0.8) -> list[tuple[dict, dict]]:
    """Pairs of characters whose boxes overlap by more than ``slack`` points
    both ways (a sweep along x: neighbours in a word only touch)."""
    pairs = []
    ordered = sorted(chars, key=lambda c: c["x0"])
    for i, a in enumerate(ordered):
        for b in ordered[i + 1 :]:
            if b["x0"] >= a["x1"] - slack:
                break
            deep = min(a["bottom"], b["bottom"]) - max(a["top"], b["top"])
            if deep > slack:
                pairs.append((a, b))
    return pairs


def tables(data: bytes) -> list[list[list[str]]]:
    """Every ruled table of the PDF, page by page, as rows of cell texts
    (a wrapped cell's lines joined by a newline)."""
    found = []
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        for page in pdf.pages:
            for table in page.find_tables(LINES):
                found.append([[c or "" for c in row] for row in table.extract()])
    return found


def unwrap(text: str) -> str:
    """A wrapped cell's text on one line again: lines broke at spaces and
    after hyphens."""
    lines = text.split("\n")
    return "".join(a + ("" if a.endswith("-") else " ") for a in lines[:-1]) + lines[-1]
