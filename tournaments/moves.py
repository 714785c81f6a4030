"""Moving one player by hand on the round page: to any table and seat, to
sit the round out, or (a latecomer) into the round. Not only swaps: a move
may turn a table of five into four and a table of four into five.

One transaction with the round's tables locked (``tournaments.locks``), an
audit line and a result event. Refusals raise ``SeatingRefusedError`` with a
message for the TD; nothing is stored then.
"""

from dataclasses import dataclass

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.audit import audit
from tournaments.dealing import table_sizes
from tournaments.locks import lock_round_tables
from tournaments.models import Bye, Entry, Round, Seat
from tournaments.paper_sheet import HAS_RESULTS
from tournaments.people import entry_name
from tournaments.result_events import RoundChange, RoundChanged, announce
from tournaments.result_lock import refuse_if_locked
from tournaments.services import SeatingRefusedError

#: Entries that may be seated: checked in, or a substitute in a seat.
MOVABLE = (Entry.Status.PRESENT, Entry.Status.SUBSTITUTE)


@dataclass(frozen=True)
class Place:
    """Where a player is in a round: a table and seat, or out (``table`` None)."""

    table: int | None
    seat: int | None = None


def _refuse_unless_movable(round_: Round, entry: Entry) -> None:
    refuse_if_locked(round_.tournament_id, SeatingRefusedError)
    if entry.tournament_id != round_.tournament_id:
        raise SeatingRefusedError(_("This player is not entered in this event."))
    name = entry_name(entry)
    if entry.status == Entry.Status.WITHDRAWN:
        raise SeatingRefusedError(
            _("%(name)s has withdrawn from the event and cannot be seated.")
            % {"name": name}
        )
    if entry.status not in MOVABLE:
        raise SeatingRefusedError(
            _("%(name)s is not checked in: check the player in first.") % {"name": name}
        )
    if round_.status == Round.Status.CLOSED:
        raise SeatingRefusedError(
            _("Round %(n)s is closed: reopen it to change the seating.")
            % {"n": round_.number}
        )
    if round_.tables.filter(HAS_RESULTS).exists():
        raise SeatingRefusedError(
            _("Deals are stored in this round: seating is fixed.")
        )
    if not round_.tables.exists():
        raise SeatingRefusedError(_("This round is not seated yet."))


@transaction.atomic
def move_player(
    round_: Round, entry: Entry, to: Place, user=None
) -> tuple[Place | None, Place]:
    """Move ``entry`` to ``to`` (a table and seat; seat None = the last seat;
    table None = sits the round out). The players from that seat on move one
    seat up; the table left behind closes its gap. Every table keeps 4 or 5
    players. Returns (where the player was, or None; where they are now)."""
    lock_round_tables(round_)
    round_.refresh_from_db(fields=["status"])
    _refuse_unless_movable(round_, entry)
    tables = {t.number: t for t in round_.tables.order_by("number")}
    layout: dict[int, list[int]] = {n: [] for n in tables}
    seats = Seat.objects.filter(table__round=round_).order_by(
        "table__number", "position"
    )
    for number, entry_id in seats.values_list("table__number", "entry_id"):
        layout[number].append(entry_id)
    out = set(round_.byes.values_list("entry_id", flat=True))
    was: Place | None = Place(None) if entry.id in out else None
    for number, ids in layout.items():
        if entry.id in ids:
            was = Place(number, ids.index(entry.id) + 1)
    if to.table is not None and to.table not in tables:
        raise SeatingRefusedError(
            _("Round %(n)s has no table %(table)s.")
            % {"n": round_.number, "table": to.table}
        )
    if to.seat is not None and not 1 <= to.seat <= 5:
        raise SeatingRefusedError(_("Seats are numbered 1 to 5."))
    if was is not None and (was == to or (to.table is None and was.table is None)):
        raise SeatingRefusedError(
            _("%(name)s already sits there.") % {"name": entry_name(entry)}
        )
    # take the player out, then put them in
    if was is not None and was.table is not None:
        layout[was.table].remove(entry.id)
    out.discard(entry.id)
    if to.table is None:
        out.add(entry.id)
        now = Place(None)
    else:
        row = layout[to.table]
        at = len(row) if to.seat is None else min(to.seat - 1, len(row))
        row.insert(at, entry.id)
        now = Place(to.table, at + 1)
    three = round_.tournament.tables_of_three
    for number, ids in layout.items():
        if len(ids) not in table_sizes(three):
            if three:
                raise SeatingRefusedError(
                    ngettext(
                        "Table %(table)s would have %(n)s player: every table "
                        "needs 3, 4 or 5. Move another player first, or swap "
                        "seats.",
                        "Table %(table)s would have %(n)s players: every table "
                        "needs 3, 4 or 5. Move another player first, or swap "
                        "seats.",
                        len(ids),
                    )
                    % {"table": number, "n": len(ids)}
                )
            raise SeatingRefusedError(
                ngettext(
                    "Table %(table)s would have %(n)s player: every table needs "
                    "4 or 5. Move another player first, or swap seats.",
                    "Table %(table)s would have %(n)s players: every table needs "
                    "4 or 5. Move another player first, or swap seats.",
                    len(ids),
                )
                % {"table": number, "n": len(ids)}
            )
    changed = {n for n in (was and was.table, now.table) if n is not None}
    Seat.objects.filter(table__round=round_, table__number__in=changed).delete()
    Seat.objects.bulk_create(
        Seat(table=tables[n], position=p, entry_id=e)
        for n in sorted(changed)
        for p, e in enumerate(layout[n], start=1)
    )
    if (was is not None and was.table is None) or now.table is None:
        Bye.objects.filter(round=round_, entry=entry).delete()
        if now.table is None:
            Bye.objects.create(round=round_, entry=entry)
    audit(
        round_.tournament,
        user,
        "round.move",
        round=round_.number,
        entry=entry.id,
        from_table=was.table if was else None,
        from_seat=was.seat if was else None,
        was_out=was is not None and was.table is None,
        to_table=now.table,
        to_seat=now.seat,
    )
    announce(RoundChanged(round_.tournament_id, round_.number, RoundChange.SEATS))
    return was, now
