"""A member list's bytes as a table of text cells: CSV (semicolons, commas
or tabs; UTF-8 with or without BOM, UTF-16 as Excel's "Unicode text",
else Windows-1252) or XLSX, refused as soon as it is beyond the limits."""

import csv
import datetime
import io

from django.utils.translation import gettext as _

MAX_ROWS = 5000
#: A member list has many columns (address, postcode, IBAN...): the first
#: ones are read, so the importer can choose among them.
MAX_COLUMNS = 40
#: A register of 5,000 players is about 300 KB as CSV; an XLSX unpacks to a
#: few MB. Anything far beyond is refused before it is read (a zip bomb
#: unpacks to gigabytes from a few KB).
MAX_FILE_BYTES = 2 * 1024 * 1024
MAX_UNPACKED_BYTES = 30 * 1024 * 1024
MAX_CELL = 200


class PlayerFileError(Exception):
    """The file as a whole cannot be read (message for the user)."""


def read_table(content: bytes, filename: str) -> list[list[str]]:
    """The file's non-empty rows, each cell trimmed text; columns empty on
    every row at the right (Excel's trailing ";") are dropped."""
    if len(content) > MAX_FILE_BYTES:
        raise PlayerFileError(
            _(
                "The file is larger than %(mb)s MB: a register of %(n)s players "
                "fits in far less."
            )
            % {"mb": MAX_FILE_BYTES // 2**20, "n": MAX_ROWS}
        )
    if filename.lower().endswith((".xlsx", ".xlsm")):
        cells = _xlsx_cells(content)
    else:
        cells = _csv_cells(content)
    table = []
    for row in cells:
        if any(c.strip() for c in row):
            table.append([c.strip()[: MAX_CELL + 1] for c in row[:MAX_COLUMNS]])
        if len(table) > MAX_ROWS + 1:
            raise PlayerFileError(
                _("At most %(n)s players per file.") % {"n": MAX_ROWS}
            )
    if not table:
        raise PlayerFileError(_("The file has no rows."))
    width = max((i + 1 for row in table for i, c in enumerate(row) if c), default=1)
    return [(row + [""] * width)[:width] for row in table]


def decode(content: bytes) -> str:
    """UTF-16 with its BOM (Excel's "Unicode text"), UTF-8 (BOM or not),
    else Windows-1252, what Excel on Windows writes ("é" as 0xE9)."""
    if content.startswith((b"\xff\xfe", b"\xfe\xff")):
        try:
            return content.decode("utf-16")
        except UnicodeDecodeError:
            pass
    try:
        return content.decode("utf-8-sig")
    except UnicodeDecodeError:
        return content.decode("cp1252", errors="replace")


def delimiter(text: str) -> str:
    """The separator the first lines agree on: the one that splits every
    line into the same number (above one) of cells, else the most cells on
    the first line; a list of one column is read with ";" (a comma in
    "Berg, Jan van der" is then no separator)."""
    lines = [line for line in text.splitlines()[:5] if line.strip()]
    best, score = ";", (False, 1)
    for sep in (";", "\t", ","):
        widths = [len(next(csv.reader([line], delimiter=sep), [])) for line in lines]
        if not widths or widths[0] < 2:
            continue
        candidate = (len(set(widths)) == 1, widths[0])
        if candidate > score:
            best, score = sep, candidate
    return best


def _csv_cells(content: bytes):
    text = decode(content).replace("\0", "")
    try:
        sep = delimiter(text[:8192])
    except csv.Error:
        sep = ";"
    reader = csv.reader(io.StringIO(text), delimiter=sep)
    try:
        yield from reader
    except csv.Error as exc:
        raise PlayerFileError(
            _("Line %(line)s of the CSV file cannot be read: %(why)s.")
            % {"line": reader.line_num, "why": exc}
        ) from None


def _xlsx_cells(content: bytes):
    from openpyxl import load_workbook

    _check_unpacked_size(content)
    try:
        wb = load_workbook(io.BytesIO(content), read_only=True, data_only=True)
        ws = wb.worksheets[0]
        for row in ws.iter_rows(values_only=True, max_col=MAX_COLUMNS):
            yield ["" if v is None else _text(v) for v in row]
    except PlayerFileError:
        raise
    except Exception as exc:  # openpyxl raises many kinds on a broken file
        raise PlayerFileError(_("This is not a readable XLSX file.")) from exc


def _check_unpacked_size(content: bytes) -> None:
    """An XLSX is a zip: refuse one that would unpack beyond the limit."""
    import zipfile

    try:
        with zipfile.ZipFile(io.BytesIO(content)) as archive:
            unpacked = sum(info.file_size for info in archive.infolist())
    except zipfile.BadZipFile:
        raise PlayerFileError(_("This is not a readable XLSX file.")) from None
    if unpacked > MAX_UNPACKED_BYTES:
        raise PlayerFileError(
            _(
                "This XLSX file unpacks to more than %(mb)s MB: save it again "
                "with just the players, or as CSV."
            )
            % {"mb": MAX_UNPACKED_BYTES // 2**20}
        )


def _text(value) -> str:
    """A cell as text: a whole number without ".0", a date cell as its ISO
    date (``member_list_columns.parse_date`` reads it)."""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, datetime.datetime):
        return value.date().isoformat()
    if isinstance(value, datetime.date):
        return value.isoformat()
    return str(value)
