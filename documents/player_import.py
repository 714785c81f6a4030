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

from dataclasses import dataclass, field

from django.db import transaction
from django.utils.translation import gettext as _

from core.text import clean_name
from core.validators import CONTROL
from documents import member_list_columns as columns
from documents import member_list_contact as contact
from documents.member_list_files import (  # noqa: F401 (the import's limits)
    MAX_CELL,
    MAX_FILE_BYTES,
    MAX_ROWS,
    MAX_UNPACKED_BYTES,
    PlayerFileError,
    read_table,
)
from tournaments.models import Club, Player
from tournaments.names import name_key
from tournaments.register_rules import clash_message, name_clash

COLUMNS = ("name", "club", "federation_number", "distinction")
CONTACT = contact.CONTACT


@dataclass
class Row:
    line: int
    name: str
    club: str = ""
    federation_number: str = ""
    distinction: str = ""
    email: str = ""
    phone: str = ""
    place: str = ""
    member_since: str = ""  # ISO date once previewed
    birth: str = ""  # the year, kept only to tell namesakes apart
    errors: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)  # a cell left out
    notes: list[str] = field(default_factory=list)  # what storing it does
    player_id: int | None = None  # the register's player, found
    fills: dict = field(default_factory=dict)  # that player's empty fields
    club_as_text: bool = False  # the club kept as text on the event's entry
    new_club: bool = False  # the club is made

    @property
    def ok(self) -> bool:
        return not self.errors

    @property
    def contact_cells(self) -> list[str]:
        """What the preview shows of how to reach the member."""
        return [v for v in (self.email, self.phone, self.place, self.member_since) if v]


@dataclass
class Sheet:
    """A member list as read: its cells, whether the first row names the
    columns, and the field each column goes to (guessed from the header,
    else the default order; the importer may change it in the preview)."""

    table: list[list[str]]
    header: bool
    mapping: list[str]

    @classmethod
    def read(cls, content: bytes, filename: str) -> "Sheet":
        table = read_table(content, filename)
        guessed = columns.guess(table[0])
        if guessed is None:
            return cls(table, False, columns.default_mapping(len(table[0])))
        return cls(table, True, guessed)

    def columns(self) -> list[dict]:
        """Each column of the file: its header (or number), the field it
        goes to ("" unused) and a first value, for the preview."""
        body = self.table[1:] if self.header else self.table
        result = []
        for i, key in enumerate(self.mapping):
            title = self.table[0][i] if self.header else ""
            sample = next((row[i] for row in body if row[i]), "")
            result.append(
                {"index": i, "title": title, "field": key, "sample": sample[:40]}
            )
        return result

    def rows(self) -> list[Row]:
        body = self.table[1:] if self.header else self.table
        first = 2 if self.header else 1
        rows = []
        for line, cells in enumerate(body, start=first):
            values = {k: c for k, c in zip(self.mapping, cells, strict=False) if k}
            parts = [values.get(k, "") for k in ("name", *columns.NAME_PARTS)]
            if any(CONTROL.search(p) for p in parts):  # refused, not hidden
                row = Row(line, " ".join(p for p in parts if p))
            else:
                row = Row(line, columns.person_name(values))
            for key in (*COLUMNS[1:], *CONTACT):
                setattr(row, key, values.get(key, ""))
            if not CONTROL.search(row.distinction):
                row.distinction = clean_name(row.distinction)
            row.birth = values.get("birth", "")
            rows.append(row)
        return rows


def parse(content: bytes, filename: str) -> list[Row]:
    """The rows of a CSV or XLSX member list, its columns as its header
    names them (Dutch or English), else in the default order."""
    return Sheet.read(content, filename).rows()


def _column(key: str) -> str:
    return str(columns.FIELD_LABELS[key])


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
    for row in rows:
        row.warnings = contact.checked(row)
    contact.tell_namesakes_apart(rows, _club_key)
    feds = [r.federation_number for r in rows if r.federation_number]
    taken = {
        fed: (pk, name, club)
        for pk, fed, name, club in Player.objects.filter(
            federation_number__in=feds
        ).values_list("pk", "federation_number", "name", "club__name")
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
        row.errors, row.notes, row.fills = [], [], {}
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
            pk, owner, owner_club = taken[fed]
            same = owner.casefold() == row.name.casefold()
            if same and (event is not None or _writable(owner_club, allowed)):
                row.player_id = pk
                row.notes.append(_found(event))
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
                row.notes.append(_found(event))
        if row.club and row.player_id is None:
            _club_of(row, clubs, create_clubs, allowed, event, may_create)
        if row.ok and row.player_id is None:
            _refuse_clash(row, club_ids)
    contact.fill_found(rows, allowed)
    return rows


def _found(event) -> str:
    if event is None:
        return _("In the register already.")
    return _("In the register already: entered.")


def _writable(club: str | None, allowed: set[str] | None) -> bool:
    """Whether the importer may complete a register member of ``club``:
    staff any; an organiser their clubs' (a clubless member: staff only)."""
    return allowed is None or (club is not None and club in allowed)


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
    completed: int = 0  # members found whose empty fields were filled


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
        Player(  # bulk_create skips save(): cleaned here as save() would
            name=clean_name(r.name),
            club=clubs.get(r.club) if r.club and not r.club_as_text else None,
            federation_number=r.federation_number,
            distinction=clean_name(r.distinction),
            **contact.stored_contact(r),
        )
        for r in fresh
    )
    result = Stored(players, clubs=made, completed=contact.apply_fills(valid))
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
