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

HEADERS = {
    "name": "name", "naam": "name", "player": "name", "speler": "name",
    "club": "club", "vereniging": "club",
    "federation number": "federation_number", "federation_number": "federation_number",
    "bondsnummer": "federation_number", "lidnummer": "federation_number",
}  # fmt: skip
COLUMNS = ("name", "club", "federation_number")
MAX_ROWS = 5000


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
        return {"line": self.line, "name": self.name, "club": self.club,
                "federation_number": self.federation_number}  # fmt: skip


def parse(content: bytes, filename: str) -> list[Row]:
    """Rows of a CSV or XLSX file (cells as trimmed text)."""
    if filename.lower().endswith((".xlsx", ".xlsm")):
        table = _xlsx_cells(content)
    else:
        table = _csv_cells(content)
    table = [r for r in table if any(c.strip() for c in r)]
    if not table:
        raise PlayerFileError(_("The file has no rows."))
    if len(table) > MAX_ROWS + 1:
        raise PlayerFileError(_("At most %(n)s players per file.") % {"n": MAX_ROWS})
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


def _csv_cells(content: bytes) -> list[list[str]]:
    try:
        text = content.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = content.decode("cp1252", errors="replace")
    try:
        dialect = csv.Sniffer().sniff(text[:4096], delimiters=";,\t")
    except csv.Error:
        dialect = csv.excel
    return [list(r) for r in csv.reader(io.StringIO(text), dialect)]


def _xlsx_cells(content: bytes) -> list[list[str]]:
    from openpyxl import load_workbook

    try:
        wb = load_workbook(io.BytesIO(content), read_only=True, data_only=True)
    except Exception as exc:  # openpyxl raises many kinds on a broken file
        raise PlayerFileError(_("This is not a readable XLSX file.")) from exc
    ws = wb.worksheets[0]
    out = []
    for row in ws.iter_rows(values_only=True):
        out.append(["" if v is None else _text(v) for v in row])
        if len(out) > MAX_ROWS + 1:
            break
    wb.close()
    return out


def _text(value) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def preview(rows: list[Row], create_clubs: bool = False) -> list[Row]:
    """Every row with its errors (fresh: earlier errors are dropped)."""
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
        if not row.name:
            row.errors.append(_("The name is missing."))
        elif len(row.name) > 120:
            row.errors.append(_("The name is longer than 120 characters."))
        if len(row.club) > 120 or len(row.federation_number) > 30:
            row.errors.append(_("The club or federation number is too long."))
        fed = row.federation_number
        if fed and fed in seen_fed:
            row.errors.append(_("Federation number %(f)s is also on line %(l)s.")
                              % {"f": fed, "l": seen_fed[fed]})  # fmt: skip
        elif fed and fed in taken:
            row.errors.append(
                _("Federation number %(f)s is in the register already (%(n)s).")
                % {"f": fed, "n": taken[fed]}
            )
        if fed:
            seen_fed.setdefault(fed, row.line)
        key = (row.name.casefold(), row.club.casefold(), fed)
        if row.name and key in seen_name:
            row.errors.append(_("Same player as on line %(l)s.")
                              % {"l": seen_name[key]})  # fmt: skip
        seen_name.setdefault(key, row.line)
        if row.club and row.club not in clubs and not create_clubs:
            row.errors.append(_("Unknown club “%(c)s”.") % {"c": row.club})
    return rows


@transaction.atomic
def store(rows: list[Row], create_clubs: bool = False) -> list[Player]:
    """Store the valid rows (re-checked now); return the new players."""
    valid = [r for r in preview(rows, create_clubs) if r.ok]
    clubs = {c.name: c for c in Club.objects.all()}
    for r in valid:
        if r.club and r.club not in clubs:
            clubs[r.club] = Club.objects.create(name=r.club)
    return Player.objects.bulk_create(
        Player(name=r.name, club=clubs.get(r.club) if r.club else None,
               federation_number=r.federation_number)
        for r in valid
    )  # fmt: skip


def rows_from(data: list[dict]) -> list[Row]:
    """Rows back from the session (only the known keys, as text)."""
    return [
        Row(int(d.get("line", 0)), *(str(d.get(k, ""))[:200] for k in COLUMNS))
        for d in data
        if isinstance(d, dict)
    ]
