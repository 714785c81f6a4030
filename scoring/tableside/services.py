"""Table-side entry: the table's key, and a deal entered at the table on its
way to counting. One transaction per step, the table row locked first (as
``save_deal`` does), so two phones submitting at once take turns.

The two-person rule (``Tournament.entry_mode``):

- ``confirm``: a deal entered by one player counts once a player of the other
  side confirms it on their own phone (or the TD does);
- ``blind``: both sides enter the deal; equal entries count, different ones
  go to the TD;
- ``td``: the table's page only shows; the TD enters.

A *side* of a deal is its declaring side (declarers and partners) or its
opponents, as the entry names them; a deal without declarers (schoppen mie,
all-pass) has every other player on the other side. Only the deal's players
are on a side: at a table of five the dealer sitting the deal out is on
neither, so they neither enter it nor confirm it. At a table of three the
blind man's hand is on the side it plays for but on nobody's phone: the
other side is the real players of the other side (``other_side``).

Every submit carries the phone's idempotency key: a retry or a double tap
finds the first one and stores nothing again.
"""

import hmac
import secrets

from django.db import IntegrityError, transaction
from django.utils import timezone

from scoring.models import Deal, Submission, TableKey
from scoring.services import (
    ClosedError,
    DealRejectedError,
    StaleDealError,
    prepare,
    save_deal,
    table_view,
)
from tournaments.audit import deal_line
from tournaments.locks import GoneError, lock_table
from tournaments.models import Round, TableRound, Tournament

SLOT_CHARS = 10


class NotYoursError(Exception):
    """The seat may not do this step (its own side entered the deal)."""


class TableModeError(Exception):
    """The event's entry mode does not let the table do this."""


class SitsOutError(Exception):
    """The seat sits this deal out (the dealer at a table of five): it is on
    neither side, so it does not enter the deal."""


def key_for(table: TableRound | int) -> TableKey:
    """The table's key (a table or its id), made on first use: printing the
    sheets, the TD's hall view."""
    table_id = table if isinstance(table, int) else table.pk
    key = TableKey.objects.filter(table_id=table_id).first()
    if key is not None:
        return key
    try:
        with transaction.atomic():
            return TableKey.objects.create(
                table_id=table_id,
                slot=secrets.token_urlsafe(8)[:SLOT_CHARS],
                secret=secrets.token_urlsafe(24),  # 192 bits
            )
    except IntegrityError:  # made at the same moment by another request
        return TableKey.objects.get(table_id=table_id)


def find_key(slot: str, secret: str) -> TableKey | None:
    """The key whose slot and secret both match; the secret is compared in
    constant time. None for anything else (the caller counts the miss)."""
    if len(slot) > SLOT_CHARS:  # only the exact slot: no longer link works
        return None
    key = (
        TableKey.objects.select_related("table__round__tournament")
        .filter(slot=slot)
        .first()
    )
    if key is None or not hmac.compare_digest(key.secret.encode(), secret.encode()):
        return None
    return key


def is_open(table: TableRound) -> bool:
    """A table's link works for entering while its round runs (and the TD
    has not typed the table's totals instead: ``totals_only``)."""
    return (
        table.round.status == Round.Status.SEATED
        and not table.closed
        and not table.totals_only
    )


def declaring_seats(record: dict) -> set[int]:
    """The seats of the declaring side of a record by seat (declarers and
    partners); empty for a deal without declarers."""
    return {
        play[role]
        for play in record.get("plays", [])
        for role in ("declarer", "partner")
        if isinstance(play.get(role), int)
    }


def playing_seats(record: dict) -> set[int]:
    """The seats of the real players of a record by seat: its four players
    less the blind man's hand (chair 4 at a table of three). The dealer
    sitting out at a table of five is not among them."""
    players = {p for p in record.get("players", []) if isinstance(p, int)}
    return players - {record.get("blind")}


def other_side(record: dict, first: int, second: int) -> bool:
    """Whether seat ``second`` sits on the other side of the deal (a record
    by seat) from seat ``first``: both are players of the deal, on different
    sides. The dealer sitting out at a table of five is on neither side,
    even when a sanction makes them pay: the sides that settle the deal
    confirm it.

    At a table of three the blind man's hand (chair 4, ``record["blind"]``)
    belongs to the side it plays for, but no phone holds it: the other side
    is always made of the real players left (docs/table-side.md). When no
    real player is left outside the declaring side (every one of them
    declares), every other player counts as the other side, as in a deal
    without declarers."""
    players = playing_seats(record)
    if first == second or not {first, second} <= players:
        return False
    declaring = declaring_seats(record) & players
    if not declaring or not players - declaring:
        return True
    return (first in declaring) != (second in declaring)


def entry_id_of(view, seat: int) -> int | None:
    """The tournament entry sitting at ``seat`` (for the audit line: the
    log names people through their entry, as every other line does)."""
    return next((s.entry_id for s in view.seats if s.position == seat), None)


def settles_to(table: TableRound, entry: Submission, view) -> tuple | None:
    """The scores by seat ``entry`` would count with if it were confirmed
    now: the pipeline's, the same run ``confirm`` makes (nothing stored).
    None when the rules no longer take it as entered (the TD decides)."""
    try:
        outcome, _view = prepare(table, entry.number, view.named(entry.record))
    except GoneError:
        return None
    return outcome.seat_scores if outcome.ok else None


OPEN = Submission.OPEN


def waiting(table: TableRound) -> list[Submission]:
    """The entries still open at ``table``: waiting or disputed (an entry
    whose deal counts is set aside as the deal is stored)."""
    return list(table.submissions.filter(status__in=OPEN).order_by("number", "created"))


def _check(table: TableRound, number: int, record: dict):
    """The pipeline's verdict on an entry (nothing stored)."""
    outcome, view = prepare(table, number, record)
    if not outcome.ok:
        raise DealRejectedError(outcome.violations)
    return outcome, view


def submit(
    table: TableRound, number: int, seat: int, record: dict, key: str
) -> Submission:
    """The entry of deal ``number`` by the phone bound to ``seat``. Refused
    (``DealRejectedError``) when the rules refuse it, so a wrong entry is
    fixed at the table, not found by the other side. Stored by seat, as a
    deal is. Same ``key`` again: the first submission. A seat's new entry of
    a deal it entered before replaces that one (a correction)."""
    tournament = table.round.tournament
    if tournament.entry_mode == Tournament.EntryMode.TD:
        raise TableModeError
    found = Submission.objects.filter(table=table, key=key).first()
    if found is not None:
        return found
    with transaction.atomic():
        locked = lock_table(table)
        if not is_open(locked):
            raise ClosedError
        found = Submission.objects.filter(table=table, key=key).first()
        if found is not None:
            return found
        outcome, view = _check(locked, number, record)
        if seat not in {s.position for s in view.seats}:
            raise NotYoursError
        if seat not in playing_seats(outcome.stored):
            raise SitsOutError
        if Deal.objects.filter(table=locked, number=number).exists():
            raise StaleDealError
        mine = Submission.objects.filter(
            table=locked,
            number=number,
            seat=seat,
            status=Submission.Status.WAITING,
        )
        mine.update(status=Submission.Status.SET_ASIDE)  # a player's correction
        entry = Submission.objects.create(
            table=locked, number=number, seat=seat, record=outcome.stored, key=key
        )
        deal_line(
            locked,
            None,
            "table.submit",
            number,
            seat=seat,
            mode=tournament.entry_mode,
            entry=entry_id_of(view, seat),
        )
        if tournament.entry_mode == Tournament.EntryMode.BLIND:
            _match_blind(locked, entry, view)  # under the table's lock
            entry.refresh_from_db()
    return entry


def _match_blind(table: TableRound, entry: Submission, view) -> None:
    """With the other side's entry of the same deal in: equal → it counts,
    different → both go to the TD. The sides are those of the entry already
    waiting, as its player entered it."""
    others = [
        s
        for s in Submission.objects.filter(
            table=table, number=entry.number, status=Submission.Status.WAITING
        )
        .exclude(pk=entry.pk)
        .order_by("created", "id")
        if other_side(s.record, s.seat, entry.seat)
    ]
    if not others:
        return
    other = others[0]
    other_outcome, _view = prepare(table, other.number, view.named(other.record))
    seats = [other.seat, entry.seat]
    entries = [entry_id_of(view, seat) for seat in seats]
    if other_outcome.ok and other_outcome.stored == entry.record:
        deal_line(
            table, None, "table.agree", entry.number, seats=seats, entries=entries
        )
        save_deal(table, entry.number, view.named(entry.record))
        for mine, theirs in ((entry, other), (other, entry)):  # each by the other
            Submission.objects.filter(pk=mine.pk).update(
                status=Submission.Status.ACCEPTED, confirmed_by=theirs.seat
            )
    else:
        Submission.objects.filter(pk__in=[entry.pk, other.pk]).update(
            status=Submission.Status.DISPUTED
        )
        deal_line(
            table, None, "table.dispute", entry.number, seats=seats, entries=entries
        )


def confirm(table: TableRound, submission_id: int, seat: int) -> Submission:
    """A player of the other side confirms a waiting entry: it counts.
    Confirming again (a double tap) changes nothing."""
    if table.round.tournament.entry_mode != Tournament.EntryMode.CONFIRM:
        raise TableModeError
    with transaction.atomic():
        if not is_open(lock_table(table)):  # a closed round takes nothing more
            raise ClosedError
        entry = Submission.objects.select_for_update().get(
            pk=submission_id, table=table
        )
        if entry.status == Submission.Status.ACCEPTED:
            return entry
        if entry.status != Submission.Status.WAITING:
            raise StaleDealError
        if not other_side(entry.record, entry.seat, seat):
            raise NotYoursError
        view = table_view(table)
        deal_line(
            table,
            None,
            "table.confirm",
            entry.number,
            seat=seat,
            entry=entry_id_of(view, seat),
            entered_by=entry.seat,
            entered_entry=entry_id_of(view, entry.seat),
        )
        save_deal(table, entry.number, view.named(entry.record))
        entry.status, entry.confirmed_by = Submission.Status.ACCEPTED, seat
        entry.save(update_fields=["status", "confirmed_by"])
    return entry


def decide(table: TableRound, submission_id: int, user, reason: str) -> Deal:
    """The TD's decision on a waiting or disputed deal: this entry counts
    (the other entries of the deal are set aside). The reason is audited.
    The table is locked before the entry, as ``submit`` and ``confirm`` do:
    the other order deadlocked with a player's correction at that moment."""
    with transaction.atomic():
        lock_table(table)
        entry = Submission.objects.select_for_update().get(
            pk=submission_id, table=table
        )
        if entry.status not in OPEN:
            raise StaleDealError
        others = list(
            Submission.objects.filter(table=table, number=entry.number, status__in=OPEN)
            .exclude(pk=entry.pk)
            .values_list("pk", flat=True)
        )
        current = Deal.objects.filter(table=table, number=entry.number).first()
        view = table_view(table)
        record = view.named(entry.record)
        deal = save_deal(
            table, entry.number, record, user, current.version if current else None
        )
        Submission.objects.filter(pk__in=others).update(
            status=Submission.Status.SET_ASIDE, decided_by=user, reason=reason
        )
        entry.status, entry.decided_by, entry.reason = (
            Submission.Status.ACCEPTED,
            user,
            reason,
        )
        entry.save(update_fields=["status", "decided_by", "reason"])
        deal_line(
            table,
            user,
            "table.decide",
            entry.number,
            seat=entry.seat,
            entry=entry_id_of(view, entry.seat),
            reason=reason,
        )
    return deal


def call_td(key: TableKey) -> None:
    TableKey.objects.filter(pk=key.pk).update(called_at=timezone.now())


def answer_call(table: TableRound) -> None:
    TableKey.objects.filter(table=table).update(called_at=None)


def seen(key: TableKey) -> None:
    TableKey.objects.filter(pk=key.pk).update(last_seen=timezone.now())
