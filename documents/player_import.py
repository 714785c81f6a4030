"""Import players into the register from CSV or XLSX: parse, preview, store.

Columns: name, club, federation number, to tell apart (a birth year or
initial for two members of one name; header "Onderscheid", "Geboortejaar"…)
(a header row with those names, in English or Dutch, in any order; without
one, that order). A row the register cannot tell apart from a member it has
(``register_rules.name_clash``) is refused with its line. ``preview`` gives
every row its errors; ``store`` re-runs the preview against the database and
stores the valid rows in one transaction, so a stale or tampered preview can
never store a bad row. Every error names its line and column.

Clubs (docs/roles.md): a club the importer organises is joined; a club not
in the register is made when they ticked "Create missing clubs" (and may:
``register_rules.may_create_clubs``), and they organise it; a blank club is
an event-only player. Imported for an event (from its entries page), the
players become its entries: one already in the register is found, and a
club the importer may not write to (another's, or a new one they may not or
did not make) is kept as text on the entry. Without an event such a row is
refused, saying so.
"""

import csv
import io
from dataclasses import dataclass, field

from django.db import transaction
from django.utils.translation import gettext as _

from core.validators import CONTROL
from tournaments.models import Club, Player
from tournaments.names import name_key
from tournaments.register_rules import clash_message, name_clash

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
    "to tell apart": "distinction",
    "distinction": "distinction",
    "birth year": "distinction",
    "onderscheid": "distinction",
    "geboortejaar": "distinction",
}
COLUMNS = ("name", "club", "federation_number", "distinction")
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
    distinction: str = ""
    errors: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # what storing it does
    player_id: int | None = None  # the register's player, found
    club_as_text: bool = False  # the club kept as text on the event's entry
    new_club: bool = False  # the club is made

    @property
    def ok(self) -> bool:
        return not self.errors

    def as_dict(self) -> dict:
        return {
            "line": self.line,
            "name": self.name,
            "club": self.club,
            "federation_number": self.federation_number,
            "distinction": self.distinction,
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


def _column(key: str) -> str:
    return {
        "name": _("Name"),
        "club": _("Club"),
        "federation_number": _("Federation number"),
        "distinction": _("To tell apart"),
    }[key]


def _refuse(row: Row, key: str, why: str) -> None:
    """A row's error, naming its column (the line is the row's own)."""
    row.errors.append(_("%(column)s: %(why)s") % {"column": _column(key), "why": why})


def preview(
    rows: list[Row],
    create_clubs: bool = False,
    allowed: set[str] | None = None,
    event=None,
    may_create: bool = True,
) -> list[Row]:
    """Every row with its errors and what storing it will do (fresh: earlier
    results are dropped).

    ``allowed``: the clubs the importer organises (None: any club, staff);
    ``create_clubs``: a club not in the register is made (and organised by
    the importer); ``event``: the rows become that event's entries, so a
    player already in the register is found and entered, and a club the
    importer may not write to is kept as text on the entry instead of
    refusing the row; ``may_create``: whether the importer could tick
    "Create missing clubs" (only for the message)."""
    clubs = set(Club.objects.values_list("name", flat=True))
    spelling = {_club_key(name): name for name in clubs}
    for row in rows:  # "de klaverboer" is the register's "De Klaverboer"
        if row.club:
            row.club = spelling.setdefault(_club_key(row.club), row.club)
    feds = [r.federation_number for r in rows if r.federation_number]
    taken = {
        fed: (pk, name)
        for pk, fed, name in Player.objects.filter(
            federation_number__in=feds
        ).values_list("pk", "federation_number", "name")
    }
    unnumbered: dict[tuple[str, str, str], int] = {}
    if event is not None:
        names = {r.name for r in rows if r.name and not r.federation_number}
        for pk, name, club, mark in (
            Player.objects.filter(name__in=names, federation_number="")
            .order_by("pk")
            .values_list("pk", "name", "club__name", "distinction")
        ):
            unnumbered.setdefault((name, club or "", mark), pk)
    club_ids = dict(Club.objects.values_list("name", "pk"))
    seen_fed: dict[str, int] = {}
    seen_name: dict[tuple, tuple[int, str]] = {}
    for row in rows:
        row.errors, row.notes = [], []
        row.player_id, row.club_as_text, row.new_club = None, False, False
        for key in COLUMNS:
            if CONTROL.search(getattr(row, key)):
                _refuse(
                    row,
                    key,
                    _(
                        "a control character (an invisible tab or line "
                        "break) is in this cell."
                    ),
                )
        if not row.name:
            _refuse(row, "name", _("the name is missing."))
        elif len(row.name) > 120:
            _refuse(row, "name", _("the name is longer than 120 characters."))
        if len(row.club) > 120:
            _refuse(row, "club", _("longer than 120 characters."))
        if len(row.federation_number) > 30:
            _refuse(row, "federation_number", _("longer than 30 characters."))
        if len(row.distinction) > 40:
            _refuse(row, "distinction", _("longer than 40 characters."))
        fed = row.federation_number
        if fed and fed in seen_fed:
            _refuse(
                row,
                "federation_number",
                _("%(f)s is also on line %(l)s.") % {"f": fed, "l": seen_fed[fed]},
            )
        elif fed and fed in taken:
            pk, owner = taken[fed]
            if event is not None and owner.casefold() == row.name.casefold():
                row.player_id = pk
                row.notes.append(_("In the register already: entered."))
            else:
                _refuse(
                    row,
                    "federation_number",
                    _("%(f)s is in the register already (%(n)s).")
                    % {"f": fed, "n": owner},
                )
        if fed:
            seen_fed.setdefault(fed, row.line)
        key = (name_key(row.name), _club_key(row.club), name_key(row.distinction))
        earlier = seen_name.get(key)
        if row.name and earlier and not (fed and earlier[1]):
            _refuse(row, "name", _("same player as on line %(l)s.") % {"l": earlier[0]})
        seen_name.setdefault(key, (row.line, fed))
        if event is not None and not fed and row.player_id is None:
            club = row.club if row.club in clubs else ""
            pk = unnumbered.get((row.name, club, row.distinction))
            if pk is not None:
                row.player_id = pk
                row.notes.append(_("In the register already: entered."))
        if row.club and row.player_id is None:
            _club_of(row, clubs, create_clubs, allowed, event, may_create)
        if row.ok and row.player_id is None:
            _refuse_clash(row, club_ids)
    return rows


def _refuse_clash(row: Row, club_ids: dict[str, int]) -> None:
    """A new player the register cannot tell apart from a member it has."""
    if row.new_club:
        return
    club = None if row.club_as_text else club_ids.get(row.club)
    other = name_clash(row.name, club, row.distinction, row.federation_number)
    if other is not None:
        _refuse(row, "name", clash_message(other))


def _club_key(name: str) -> str:
    """A club's name as compared: case and spacing ignored."""
    return " ".join(name.split()).casefold()


def _club_of(row, clubs, create_clubs, allowed, event, may_create) -> None:
    """What becomes of a new player's club (docs/roles.md): joined, made,
    kept as text on the event's entry, or the row refused."""
    club = row.club
    if club in clubs:
        if allowed is None or club in allowed:
            return
        if event is not None:
            row.club_as_text = True
            row.notes.append(
                _(
                    "You do not organise “%(c)s”: entered with the club as text, "
                    "not added to that club's register."
                )
                % {"c": club}
            )
            return
        _refuse(
            row,
            "club",
            _(
                "you do not organise “%(c)s”, and only its organisers add its "
                "players. Leave the club blank, or import the list from the "
                "event's entries page to enter the players with the club as text."
            )
            % {"c": club},
        )
    elif create_clubs:
        row.new_club = True
        row.notes.append(_("New club “%(c)s”.") % {"c": club})
    elif event is not None:
        row.club_as_text = True
        row.notes.append(
            _("“%(c)s” is no club here: entered with the club as text.") % {"c": club}
        )
    elif may_create:
        _refuse(
            row,
            "club",
            _("unknown club “%(c)s”: tick “Create missing clubs” to create it.")
            % {"c": club},
        )
    else:
        _refuse(
            row,
            "club",
            _(
                "unknown club “%(c)s”. Leave the club blank, or import the list "
                "from the event's entries page to enter the players with the "
                "club as text."
            )
            % {"c": club},
        )


@dataclass
class Stored:
    """What ``store`` did."""

    players: list[Player]  # new in the register
    entries: list = field(default_factory=list)  # the event's entries
    clubs: list[Club] = field(default_factory=list)  # made
    as_text: int = 0  # entries whose club is text


@transaction.atomic
def store(
    rows: list[Row],
    create_clubs: bool = False,
    allowed: set[str] | None = None,
    event=None,
    user=None,
    check_in: bool = False,
) -> Stored:
    """Store the valid rows (re-checked now), all or nothing: new players,
    the clubs to be made (organised by ``user`` unless staff), and with an
    ``event`` its entries (a name the event cannot tell apart refuses the
    whole import: ``DuplicateNameError``)."""
    from tournaments.register_rules import create_club

    valid = [
        r for r in preview(rows, create_clubs, allowed, event, create_clubs) if r.ok
    ]
    clubs = {c.name: c for c in Club.objects.all()}
    made = []
    for r in valid:
        if r.new_club and r.club not in clubs:
            clubs[r.club] = create_club(user, r.club)
            made.append(clubs[r.club])
    fresh = [r for r in valid if r.player_id is None]
    players = Player.objects.bulk_create(
        Player(
            name=r.name,
            club=clubs.get(r.club) if r.club and not r.club_as_text else None,
            federation_number=r.federation_number,
            distinction=r.distinction,
        )
        for r in fresh
    )
    result = Stored(players, clubs=made)
    if event is None:
        return result
    from tournaments.roster import check_in as check_in_entries
    from tournaments.services import register

    found = {
        p.pk: p
        for p in Player.objects.filter(
            pk__in=[r.player_id for r in valid if r.player_id]
        )
    }
    player_of = dict(zip(map(id, fresh), players, strict=True))
    order = [
        player_of[id(r)] if r.player_id is None else found[r.player_id] for r in valid
    ]
    entries = register(event, order, user) if order else []
    for r, entry in zip(valid, entries, strict=True):
        if r.club_as_text and entry.club_name != r.club:
            entry.club_name = r.club
            entry.save(update_fields=["club_name"])
            result.as_text += 1
    if check_in and entries:
        check_in_entries(entries, user)
    result.entries = entries
    return result


def rows_from(data: list[dict]) -> list[Row]:
    """Rows back from the session (only the known keys, as text)."""
    return [
        Row(int(d.get("line", 0)), *(str(d.get(k, ""))[:200] for k in COLUMNS))
        for d in data
        if isinstance(d, dict)
    ]
