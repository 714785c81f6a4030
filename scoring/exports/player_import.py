"""Import players into the register from CSV or XLSX: parse, preview, store.

Columns: name, club, federation number (a header row with those names, in
English or Dutch, in any order; without one, that order). ``preview`` gives
every row its errors; ``store`` re-runs the preview against the database and
stores the valid rows in one transaction, so a stale or tampered preview can
never store a bad row. An unknown club is an error unless the TD asked to
create missing clubs.
"""

import csv
import io
from dataclasses import dataclass, field

from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.models import Club, Player
from tournaments.validators import CONTROL

HEADERS = {
    "name": "name",
    "naam": "name",
    "player": "name",
    "speler": "name",
    "club": "club",
    "vereniging": "club",
    "federation number": "federation_number",
    "federation_number": "federation_number",
    "bondsnummer": "federation_number",
    "lidnummer": "federation_number",
}
COLUMNS = ("name", "club", "federation_number")
MAX_ROWS = 5000
#: A register of 5,000 players is about 300 KB as CSV; an XLSX unpacks to a
#: few MB. Anything far beyond is refused before it is read (a zip bomb
#: unpacks to gigabytes from a few KB).
MAX_FILE_BYTES = 2 * 1024 * 1024
MAX_UNPACKED_BYTES = 30 * 1024 * 1024
MAX_CELL = 200


class PlayerFileError(Exception):
    """The file as a whole cannot be read (message for the user)."""


@dataclass
class Row:
    line: int
    name: str
    club: str
    federation_number: str
    errors: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.errors

    def as_dict(self) -> dict:
        return {
            "line": self.line,
            "name": self.name,
            "club": self.club,
            "federation_number": self.federation_number,
        }


def parse(content: bytes, filename: str) -> list[Row]:
    """Rows of a CSV or XLSX file (cells as trimmed text), read row by row
    and refused as soon as the file is beyond the limits."""
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
            table.append([c[: MAX_CELL + 1] for c in row[:10]])
        if len(table) > MAX_ROWS + 1:
            raise PlayerFileError(
                _("At most %(n)s players per file.") % {"n": MAX_ROWS}
            )
    if not table:
        raise PlayerFileError(_("The file has no rows."))
    head = [HEADERS.get(c.strip().lower()) for c in table[0]]
    if "name" in head:
        order, body, first = head, table[1:], 2
    else:
        order, body, first = list(COLUMNS), table, 1
    rows = []
    for i, cells in enumerate(body, start=first):
        values = dict.fromkeys(COLUMNS, "")
        for key, cell in zip(order, cells, strict=False):
            if key:
                values[key] = cell.strip()
        rows.append(Row(i, **values))
    return rows


def _csv_cells(content: bytes):
    try:
        text = content.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = content.decode("cp1252", errors="replace")
    try:
        dialect = csv.Sniffer().sniff(text[:4096], delimiters=";,\t")
    except csv.Error:
        dialect = csv.excel
    reader = csv.reader(io.StringIO(text.replace("\0", "")), dialect)
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
        for row in ws.iter_rows(values_only=True, max_col=10):
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
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def preview(
    rows: list[Row], create_clubs: bool = False, allowed: set[str] | None = None
) -> list[Row]:
    """Every row with its errors (fresh: earlier errors are dropped).
    ``allowed``: the clubs the importer organises (None: any club, staff)."""
    clubs = set(Club.objects.values_list("name", flat=True))
    feds = [r.federation_number for r in rows if r.federation_number]
    taken = dict(
        Player.objects.filter(federation_number__in=feds).values_list(
            "federation_number", "name"
        )
    )
    seen_fed: dict[str, int] = {}
    seen_name: dict[tuple, int] = {}
    for row in rows:
        row.errors = []
        if any(CONTROL.search(v) for v in (row.name, row.club, row.federation_number)):
            row.errors.append(
                _(
                    "A control character (an invisible tab or line "
                    "break) is in this row."
                )
            )
        if not row.name:
            row.errors.append(_("The name is missing."))
        elif len(row.name) > 120:
            row.errors.append(_("The name is longer than 120 characters."))
        if len(row.club) > 120 or len(row.federation_number) > 30:
            row.errors.append(_("The club or federation number is too long."))
        fed = row.federation_number
        if fed and fed in seen_fed:
            row.errors.append(
                _("Federation number %(f)s is also on line %(l)s.")
                % {"f": fed, "l": seen_fed[fed]}
            )
        elif fed and fed in taken:
            row.errors.append(
                _("Federation number %(f)s is in the register already (%(n)s).")
                % {"f": fed, "n": taken[fed]}
            )
        if fed:
            seen_fed.setdefault(fed, row.line)
        key = (row.name.casefold(), row.club.casefold(), fed)
        if row.name and key in seen_name:
            row.errors.append(
                _("Same player as on line %(l)s.") % {"l": seen_name[key]}
            )
        seen_name.setdefault(key, row.line)
        if row.club and row.club not in clubs and not create_clubs:
            row.errors.append(_("Unknown club “%(c)s”.") % {"c": row.club})
        if allowed is not None and row.club and row.club not in allowed:
            row.errors.append(_("You manage the players of your own clubs only."))
    return rows


@transaction.atomic
def store(
    rows: list[Row], create_clubs: bool = False, allowed: set[str] | None = None
) -> list[Player]:
    """Store the valid rows (re-checked now); return the new players."""
    valid = [r for r in preview(rows, create_clubs, allowed) if r.ok]
    clubs = {c.name: c for c in Club.objects.all()}
    for r in valid:
        if r.club and r.club not in clubs:
            clubs[r.club] = Club.objects.create(name=r.club)
    return Player.objects.bulk_create(
        Player(
            name=r.name,
            club=clubs.get(r.club) if r.club else None,
            federation_number=r.federation_number,
        )
        for r in valid
    )


def rows_from(data: list[dict]) -> list[Row]:
    """Rows back from the session (only the known keys, as text)."""
    return [
        Row(int(d.get("line", 0)), *(str(d.get(k, ""))[:200] for k in COLUMNS))
        for d in data
        if isinstance(d, dict)
    ]
