"""A table's result typed as each player's total from the paper sheet.

Clubs that do not type every deal write each player's total per round
(``Tournament.score_entry`` "totals"). The seats then carry those totals
(points, deals played) instead of sums of deals, and the table is
``totals_only``: the deal writer refuses deals there until the table moves
to deals (``to_deals``), whose sums must then equal the typed totals
(kept in ``sheet_totals``, the paper-sheet check) before the table closes.

``check_totals`` is the pure check, ``store_totals`` the one write of a
totals-only table (the backup restore replays a file through it);
``record_totals`` is the TD's write: who may, closed, published, lock,
audit line and result event around ``store_totals``.
"""

from django.utils.translation import gettext as _

from core.transactions import atomic_retry
from scoring.services.freezing import freeze_rules
from scoring.services.totals import recompute_table
from tournaments.audit import audit, user_or_none
from tournaments.corrections import (
    REASON_NEEDED,
    clean_reason,
    needs_reason,
    note_reopening,
)
from tournaments.dealing import SMALLEST_TABLE, sit_out_spread
from tournaments.locks import GoneError, lock_table
from tournaments.models import Seat, TableRound
from tournaments.permissions import is_td
from tournaments.result_events import announce, deals_changed
from tournaments.result_lock import refuse_if_locked


class TotalsError(ValueError):
    """The totals cannot be stored: ``messages`` say why (for the user)."""

    def __init__(self, messages: list[str]):
        super().__init__("; ".join(str(m) for m in messages))
        self.messages = [str(m) for m in messages]


def default_deals_played(seat_count: int, deals_per_round: int) -> dict[int, int]:
    """Deals each seat plays in a round: all of them at a table of four (and
    of three, with the blind man's hand); at a table of five all but the
    ones it sits out as the dealer."""
    out = sit_out_spread(deals_per_round, seat_count).per_seat  # 0s at four
    return {p: deals_per_round - out[p - 1] for p in range(1, seat_count + 1)}


def check_totals(
    positions: list[int],
    deals_per_round: int,
    totals: dict,
    deals: dict | None = None,
) -> tuple[dict[int, int], dict[int, int]]:
    """(points, deals played) by seat, or ``TotalsError`` naming every
    problem. Pure: the restore checks a file with it before storing."""
    problems: list[str] = []
    points: dict[int, int] = {}
    for p in positions:
        value = totals.get(p, totals.get(str(p)))
        if type(value) is not int:
            problems.append(
                _("Seat %(seat)s has no whole number as its total.") % {"seat": p}
            )
        else:
            points[p] = value
    extra = {str(k) for k in totals} - {str(p) for p in positions}
    if extra:
        problems.append(
            _("No player sits at seat %(seats)s.") % {"seats": ", ".join(sorted(extra))}
        )
    if not problems and sum(points.values()) != 0:
        problems.append(
            _("The totals add up to %(sum)s, not 0: check the paper sheet.")
            % {"sum": sum(points.values())}
        )
    played = default_deals_played(len(positions), deals_per_round)
    for p in positions:
        value = (deals or {}).get(p, (deals or {}).get(str(p)))
        if value is None:
            continue
        if type(value) is not int or not 1 <= value <= deals_per_round:
            problems.append(
                _("Deals played must be between 1 and %(n)s (seat %(seat)s).")
                % {"n": deals_per_round, "seat": p}
            )
        else:
            played[p] = value
    if problems:
        raise TotalsError(problems)
    return points, played


def store_totals(table: TableRound, totals: dict, deals: dict | None = None) -> dict:
    """Check and write a totals-only table (inside the caller's transaction,
    the table locked or new): seats' points and deals played, the rest 0,
    the typed totals as the paper sheet's. Returns the sheet totals."""
    seats = list(Seat.objects.filter(table=table).order_by("position"))
    if len(seats) < SMALLEST_TABLE:  # three with the blind man's hand
        raise GoneError  # seated again meanwhile
    _refuse_deals(table)
    deals_per_round = table.round.tournament.deals_per_round
    points, played = check_totals(
        [s.position for s in seats], deals_per_round, totals, deals
    )
    for seat in seats:
        Seat.objects.filter(pk=seat.pk).update(
            points=points[seat.position],
            deals_played=played[seat.position],
            declared_made=0,
            solo_made=0,
            sanction_points=0,
        )
    sheet = {str(p): v for p, v in points.items()}
    TableRound.objects.filter(pk=table.pk).update(totals_only=True, sheet_totals=sheet)
    table.totals_only, table.sheet_totals = True, sheet
    return sheet


def _allowed(table: TableRound, user) -> None:
    """The deal writer's check (``td_required``): the event's TD or staff.
    ``user`` None is the site itself (an import, the demo)."""
    if user is not None and not is_td(user, table.round.tournament):
        raise TotalsError([_("Only the tournament director may enter totals.")])


def _refuse_deals(table: TableRound) -> None:
    if table.deals.exists():
        raise TotalsError(
            [_("This table has deals; correct the deals instead of the totals.")]
        )


def _open_and_reason(locked: TableRound, reason, has_deals_check=False) -> str:
    """A closed table changes only once reopened; a round the public sees
    only with a reason (``tournaments.corrections``): the one given here, or
    the one given when the table or round was reopened."""
    if locked.closed:
        raise TotalsError([_("This table is closed; reopen it to change it.")])
    refuse_if_locked(locked.round.tournament_id, lambda why: TotalsError([why]))
    if has_deals_check:
        _refuse_deals(locked)
    reason = clean_reason(reason)
    round_ = locked.round
    if needs_reason(round_) and not (reason or round_.correction_reason):
        raise TotalsError([str(REASON_NEEDED)])
    if reason:
        note_reopening(round_, reason, [locked])
    return reason


def record_totals(
    table: TableRound,
    totals: dict[int, int],
    deals: dict[int, int] | None,
    user,
    reason: str | None = None,
) -> None:
    """Store each player's total of this table-round from the paper sheet.

    ``totals`` and ``deals`` (deals played, default: the round's deals, less
    the ones sat out at a table of five) are keyed by seat position. One
    transaction with the table row locked, as a deal save: the seats, the
    sheet totals, the audit line, ``DealsChanged`` (page version, a
    published round marked corrected, ratings due)."""
    _allowed(table, user)

    def job() -> None:
        locked = lock_table(table)
        why = _open_and_reason(locked, reason, has_deals_check=True)
        sheet = store_totals(locked, totals, deals)
        freeze_rules(table.round.tournament)
        detail = {"round": table.round.number, "table": table.number, "new": sheet}
        if why:
            detail["reason"] = why
        audit(table.round.tournament, user_or_none(user), "table.totals", **detail)
        announce(deals_changed(locked))
        table.totals_only, table.sheet_totals = True, sheet

    atomic_retry(job)


def to_deals(table: TableRound, user, reason: str | None = None) -> None:
    """The table moves from totals to deals, on the TD's word: the typed
    totals stay as the paper sheet's, the seats become the sums of its deals
    (none yet), and closing waits until the deals add up to the sheet
    (``sheet_differences``). In a round the public sees this changes public
    results, so it needs a reason as a correction does."""
    _allowed(table, user)

    def job() -> None:
        locked = lock_table(table)
        if not locked.totals_only:
            return
        why = _open_and_reason(locked, reason)
        TableRound.objects.filter(pk=locked.pk).update(
            totals_only=False, from_totals=True
        )
        locked.totals_only = False
        recompute_table(locked)
        detail = {"round": table.round.number, "table": table.number}
        if why:
            detail["reason"] = why
        audit(table.round.tournament, user_or_none(user), "table.to_deals", **detail)
        announce(deals_changed(locked))
        table.totals_only = False

    atomic_retry(job)


__all__ = [
    "TotalsError",
    "check_totals",
    "default_deals_played",
    "record_totals",
    "store_totals",
    "to_deals",
]
