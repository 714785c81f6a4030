"""A small streaming XLSX (SpreadsheetML) writer: sheets of values, each
with a frozen header row, an autofilter, column widths, number formats and a
print title, written row by row into a zip.

Why not openpyxl's write-only mode: it spends 5–8 µs a cell, 2 s for the
240 000 cells of a 400-player event's *Deals* sheet alone once they carry a
number format (the target for the whole event is 2 s); this writes the whole
event in about 0.6 s and streams just the same. openpyxl stays the reader
that checks the files (tests), beside LibreOffice (docs/decisions.md).
"""

import io
import math
import re
import shutil
import tempfile
import zipfile
from xml.sax.saxutils import escape

from core.validators import strip_control

#: Cell styles (``STYLES``): the header, whole numbers, fractions.
HEADER, INTEGER, DECIMAL = 1, 2, 3
#: Bytes of a sheet kept in memory before its spooled file goes to disk.
SPOOL = 2**22


class Book:
    """An XLSX package (SpreadsheetML) written sheet by sheet into a zip.

    Text is always an inline string, so a name like "=HYPERLINK(…)" never
    becomes a formula; control characters, which XML cannot hold, go."""

    def __init__(self, title: str, subtitle: str):
        self.buffer = io.BytesIO()
        self.zip = zipfile.ZipFile(self.buffer, "w", zipfile.ZIP_DEFLATED)
        self.title, self.subtitle = title, subtitle
        self.sheets: list[tuple[str, str]] = []  # (title, filter range)
        self.texts: dict[str, str] = {}

    def sheet(self, title, headers, widths) -> "Sheet":
        return Sheet(self, str(title), [str(h) for h in headers], widths)

    def text(self, value: str) -> str:
        """The ``<is>`` element of a text cell (names repeat: cached)."""
        xml = self.texts.get(value)
        if xml is None:
            xml = self.texts[value] = _inline(value)
        return xml

    def write(self, name: str, text: str) -> None:
        self.zip.writestr(_entry(name), text.encode())

    def save(self) -> bytes:
        sheets = self.sheets
        self.write("[Content_Types].xml", _content_types(len(sheets)))
        self.write("_rels/.rels", RELS)
        self.write("docProps/core.xml", CORE % escape(strip_control(self.title)))
        self.write("xl/workbook.xml", _workbook(sheets))
        self.write("xl/_rels/workbook.xml.rels", _workbook_rels(len(sheets)))
        self.write("xl/styles.xml", STYLES)
        self.zip.close()
        return self.buffer.getvalue()


class Sheet:
    """One worksheet, its rows streamed to a spooled file (memory, then disk)
    and into the zip once the sheet's size, which comes first, is known."""

    def __init__(self, book: Book, title: str, headers: list[str], widths):
        self.book = book
        self.title = _sheet_title(title, [t for t, _r in book.sheets])
        self.letters = [column_letter(i) for i in range(1, len(headers) + 1)]
        self.widths = [
            max(w, min(len(h) + 3, 14)) for w, h in zip(widths, headers, strict=True)
        ]
        self.body = tempfile.SpooledTemporaryFile(SPOOL)  # noqa: SIM115 (__exit__)
        self.rows = 1
        cells = (
            f'<c r="{c}1" s="{HEADER}" t="inlineStr">{book.text(h)}</c>'
            for c, h in zip(self.letters, headers, strict=True)
        )
        self.chunk = ['<row r="1">' + "".join(cells) + "</row>"]

    def __enter__(self) -> "Sheet":
        return self

    def append(self, values) -> None:
        """One row: numbers as numbers, text as text; None and "" stay empty."""
        self.rows += 1
        r = self.rows
        cells = [f'<row r="{r}">']
        for c, value in zip(self.letters, values, strict=False):
            kind = type(value)
            if kind is int:
                cells.append(f'<c r="{c}{r}" s="{INTEGER}"><v>{value}</v></c>')
            elif kind is str:
                if value:
                    text = self.book.text(value)
                    cells.append(f'<c r="{c}{r}" t="inlineStr">{text}</c>')
            elif value is not None:
                cells.append(_other(f"{c}{r}", value, self.book))
        cells.append("</row>")
        self.chunk.append("".join(cells))
        if len(self.chunk) >= 500:
            self._flush()

    def _flush(self) -> None:
        self.body.write("".join(self.chunk).encode())
        self.chunk = []

    def __exit__(self, error, *_exc) -> None:
        with self.body:
            if error is None:
                self._save()

    def _save(self) -> None:
        self._flush()
        book, size = self.book, f"A1:{self.letters[-1]}{self.rows}"
        name = f"xl/worksheets/sheet{len(book.sheets) + 1}.xml"
        with book.zip.open(_entry(name), "w") as out:
            out.write(_sheet_head(not book.sheets, size, self.widths).encode())
            self.body.seek(0)
            shutil.copyfileobj(self.body, out, SPOOL)
            out.write(_sheet_tail(size, book.title, book.subtitle).encode())
        book.sheets.append((self.title, f"$A$1:${self.letters[-1]}${self.rows}"))


def _other(ref: str, value, book: Book) -> str:
    """A cell of a less common type: a fraction, or anything else as text."""
    if isinstance(value, float):  # normalised or averaged: "12.0" beside "12.5"
        if not math.isfinite(value):
            return ""
        return f'<c r="{ref}" s="{DECIMAL}"><v>{value!r}</v></c>'
    if isinstance(value, int):  # bool, an int subclass
        return f'<c r="{ref}" s="{INTEGER}"><v>{int(value)}</v></c>'
    text = str(value)
    return f'<c r="{ref}" t="inlineStr">{book.text(text)}</c>' if text else ""


#: What XML 1.0 cannot hold beyond the control characters.
NOT_XML = re.compile("[\ud800-\udfff\ufffe\uffff]")


def _inline(value: str) -> str:
    value = NOT_XML.sub("", strip_control(value))
    space = ' xml:space="preserve"' if value != value.strip() else ""
    return f"<is><t{space}>{escape(value)}</t></is>"


def column_letter(n: int) -> str:
    """Column letter of 1-based column ``n`` (1 → A, 27 → AA)."""
    letters = ""
    while n:
        n, rest = divmod(n - 1, 26)
        letters = chr(65 + rest) + letters
    return letters


def _entry(name: str) -> zipfile.ZipInfo:
    """A zip entry with a fixed time: the same event gives the same bytes."""
    info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
    info.compress_type = zipfile.ZIP_DEFLATED
    return info


def _sheet_title(title: str, taken: list[str]) -> str:
    """A title a spreadsheet accepts: 31 characters, none of []:*?/\\, unique."""
    title = re.sub(r"[\[\]:*?/\\]", "", strip_control(title))[:31] or "Sheet"
    base, n = title, 1
    while title.lower() in (t.lower() for t in taken):
        n += 1
        title = f"{base[: 31 - len(str(n)) - 1]} {n}"
    return title


def _quoted(title: str) -> str:
    return "'" + title.replace("'", "''") + "'"


def _header_text(text: str) -> str:
    """Page header text: "&" is a code there, so a literal one is doubled."""
    return escape(strip_control(text)[:100].replace("&", "&&"))


# -- the package's XML ---------------------------------------------------------

MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
DOC = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
PKG = "http://schemas.openxmlformats.org/package/2006"
DECL = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
SHEET_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml"


def _sheet_head(selected: bool, size: str, widths) -> str:
    cols = "".join(
        f'<col min="{i}" max="{i}" width="{w}" customWidth="1"/>'
        for i, w in enumerate(widths, start=1)
    )
    tab = ' tabSelected="1"' if selected else ""
    return (
        f'{DECL}<worksheet xmlns="{MAIN}" xmlns:r="{DOC}">'
        '<sheetPr><pageSetUpPr fitToPage="1"/></sheetPr>'
        f'<dimension ref="{size}"/>'
        f'<sheetViews><sheetView workbookViewId="0"{tab}>'
        '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>'
        '<selection pane="bottomLeft" activeCell="A2" sqref="A2"/>'
        "</sheetView></sheetViews>"
        f'<sheetFormatPr defaultRowHeight="15"/><cols>{cols}</cols><sheetData>'
    )


def _sheet_tail(size: str, title: str, subtitle: str) -> str:
    header = f"&amp;L{_header_text(title)}&amp;R{_header_text(subtitle)}"
    return (
        f'</sheetData><autoFilter ref="{size}"/>'
        '<pageMargins left="0.5" right="0.5" top="0.75" bottom="0.75" '
        'header="0.3" footer="0.3"/>'
        '<pageSetup paperSize="9" orientation="landscape" fitToWidth="1" '
        'fitToHeight="0"/>'
        f"<headerFooter><oddHeader>{header}</oddHeader>"
        "<oddFooter>&amp;C&amp;P / &amp;N</oddFooter></headerFooter></worksheet>"
    )


def _workbook(sheets: list[tuple[str, str]]) -> str:
    """The sheets in order; per sheet its filter range (Excel's hidden
    ``_FilterDatabase``) and its header row printed on every page."""
    listed = "".join(
        f'<sheet name="{escape(title, {chr(34): "&quot;"})}" sheetId="{i}" '
        f'r:id="rId{i}"/>'
        for i, (title, _ref) in enumerate(sheets, start=1)
    )
    names = "".join(
        f'<definedName name="_xlnm._FilterDatabase" localSheetId="{i}" hidden="1">'
        f"{escape(_quoted(title))}!{ref}</definedName>"
        f'<definedName name="_xlnm.Print_Titles" localSheetId="{i}">'
        f"{escape(_quoted(title))}!$1:$1</definedName>"
        for i, (title, ref) in enumerate(sheets)
    )
    return (
        f'{DECL}<workbook xmlns="{MAIN}" xmlns:r="{DOC}">'
        '<bookViews><workbookView activeTab="0"/></bookViews>'
        f"<sheets>{listed}</sheets><definedNames>{names}</definedNames>"
        '<calcPr calcId="0"/></workbook>'
    )


def _workbook_rels(count: int) -> str:
    rels = "".join(
        f'<Relationship Id="rId{i}" Type="{DOC}/worksheet" '
        f'Target="worksheets/sheet{i}.xml"/>'
        for i in range(1, count + 1)
    )
    return (
        f'{DECL}<Relationships xmlns="{PKG}/relationships">{rels}'
        f'<Relationship Id="rId{count + 1}" Type="{DOC}/styles" '
        'Target="styles.xml"/></Relationships>'
    )


def _content_types(count: int) -> str:
    sheets = "".join(
        f'<Override PartName="/xl/worksheets/sheet{i}.xml" '
        f'ContentType="{SHEET_TYPE}.worksheet+xml"/>'
        for i in range(1, count + 1)
    )
    return (
        f'{DECL}<Types xmlns="{PKG}/content-types">'
        '<Default Extension="rels" '
        'ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
        '<Default Extension="xml" ContentType="application/xml"/>'
        '<Override PartName="/xl/workbook.xml" '
        f'ContentType="{SHEET_TYPE}.sheet.main+xml"/>'
        '<Override PartName="/xl/styles.xml" '
        f'ContentType="{SHEET_TYPE}.styles+xml"/>'
        '<Override PartName="/docProps/core.xml" '
        'ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>'
        f"{sheets}</Types>"
    )


RELS = (
    f'{DECL}<Relationships xmlns="{PKG}/relationships">'
    f'<Relationship Id="rId1" Type="{DOC}/officeDocument" Target="xl/workbook.xml"/>'
    f'<Relationship Id="rId2" Type="{PKG}/relationships/metadata/core-properties" '
    'Target="docProps/core.xml"/></Relationships>'
)

CORE = (
    f'{DECL}<cp:coreProperties xmlns:cp="{PKG}/metadata/core-properties" '
    'xmlns:dc="http://purl.org/dc/elements/1.1/">'
    "<dc:title>%s</dc:title><dc:creator>Rikscore</dc:creator></cp:coreProperties>"
)

#: Fonts, fills and the cell styles HEADER (bold on grey, wrapped), INTEGER
#: ("0") and DECIMAL ("0.0##": a normalised or averaged score, one decimal
#: or the few it has).
STYLES = (
    f'{DECL}<styleSheet xmlns="{MAIN}">'
    '<numFmts count="1"><numFmt numFmtId="164" formatCode="0.0##"/></numFmts>'
    '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font>'
    '<font><b/><sz val="11"/><name val="Calibri"/></font></fonts>'
    '<fills count="3"><fill><patternFill patternType="none"/></fill>'
    '<fill><patternFill patternType="gray125"/></fill>'
    '<fill><patternFill patternType="solid"><fgColor rgb="FFE6E6E6"/>'
    '<bgColor indexed="64"/></patternFill></fill></fills>'
    '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/>'
    "</border></borders>"
    '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/>'
    "</cellStyleXfs>"
    '<cellXfs count="4"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>'
    '<xf numFmtId="0" fontId="1" fillId="2" borderId="0" xfId="0" applyFont="1" '
    'applyFill="1" applyAlignment="1"><alignment vertical="top" wrapText="1"/></xf>'
    '<xf numFmtId="1" fontId="0" fillId="0" borderId="0" xfId="0" '
    'applyNumberFormat="1"/>'
    '<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" '
    'applyNumberFormat="1"/></cellXfs>'
    '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/>'
    "</cellStyles></styleSheet>"
)
