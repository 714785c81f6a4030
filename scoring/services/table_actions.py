"""Table-round writes of the entry screen: paper totals, close, reopen.

Each one locks the table row, so it cannot interleave with a deal being saved
at the same table (``save_deal`` takes the same lock).
"""

from django.db import transaction
from django.utils.translation import gettext_lazy as _

from tournaments.audit import audit
from tournaments.corrections import (
    REASON_NEEDED,
    clean_reason,
    needs_reason,
    note_reopening,
)
from tournaments.locks import lock_table
from tournaments.models import TableRound, Tournament
from tournaments.paper_sheet import difference_message
from tournaments.result_events import (
    RoundChange,
    RoundChanged,
    announce,
)


class NotCompleteError(Exception):
    """Not every deal of the round is entered at this table."""


def missing_deals(table: TableRound) -> list[int]:
    wanted = range(1, table.round.tournament.deals_per_round + 1)
    stored = set(table.deals.values_list("number", flat=True))
    return [n for n in wanted if n not in stored]


def _locked(table: TableRound) -> TableRound:
    return lock_table(table)


def tables_changed(table: TableRound) -> RoundChanged:
    round_ = table.round
    return RoundChanged(round_.tournament_id, round_.number, RoundChange.TABLES)


def _detail(table: TableRound, **extra) -> dict:
    return {"round": table.round.number, "table": table.number, **extra}


@transaction.atomic
def close_table(table: TableRound, user=None) -> None:
    locked = _locked(table)
    missing = [] if locked.totals_only else missing_deals(locked)
    if missing:
        raise NotCompleteError(
            _("Deals %(numbers)s are not entered yet; the table stays open.")
            % {"numbers": ", ".join(map(str, missing))}
        )
    off_sheet = difference_message(locked)
    if off_sheet:
        raise NotCompleteError(off_sheet)
    locked.closed = True
    locked.save(update_fields=["closed"])
    table.closed = True
    audit(table.round.tournament, user, "table.close", **_detail(table))
    announce(tables_changed(table))


class ReasonNeededError(Exception):
    """A table of a published round reopens only with the TD's reason."""


@transaction.atomic
def reopen_table(table: TableRound, user=None, reason: str = "") -> None:
    """Open again for corrections; in a published round only with a reason
    (``tournaments.corrections``), which the audit line and the round keep."""
    reason = clean_reason(reason)
    if needs_reason(table.round) and not reason:
        raise ReasonNeededError(REASON_NEEDED)
    locked = _locked(table)
    locked.closed = False
    locked.save(update_fields=["closed"])
    table.closed = False
    note_reopening(table.round, reason, [locked])
    detail = {"reason": reason} if reason else {}
    audit(table.round.tournament, user, "table.reopen", **_detail(table, **detail))
    announce(tables_changed(table))


class SheetRefusedError(ValueError):
    """The paper-sheet check is not the place for this table's totals."""


def _typed_here(table: TableRound) -> bool:
    """On a totals evening a table with no deals (nor moved from typed
    totals to deals) gets its sheet's totals on the totals page, where they
    count: as a mere check beside no deals they would be kept and count for
    nothing (``td.views_entry.offers_sheet_check`` offers no such check)."""
    return (
        table.round.tournament.score_entry == Tournament.ScoreEntry.TOTALS
        and not table.from_totals
        and not table.deals.exists()
    )


@transaction.atomic
def store_sheet(table: TableRound, totals: dict[str, int], user=None) -> None:
    """The paper sheet's final totals, keyed by seat position ("1"–"5").
    A totals table's sheet *is* its typed totals: changed on the totals
    page only (``SheetRefusedError``), so the two never part."""
    locked = _locked(table)
    if locked.totals_only:
        raise SheetRefusedError(
            _(
                "This table has totals only: its paper sheet is the totals "
                "typed on the totals page; change them there."
            )
        )
    if _typed_here(locked):
        raise SheetRefusedError(
            _(
                "On this evening the paper sheet's totals are typed on the "
                "totals page, where they count; enter them there."
            )
        )
    old = locked.sheet_totals
    locked.sheet_totals = totals
    locked.save(update_fields=["sheet_totals"])
    table.sheet_totals = totals
    audit(
        table.round.tournament,
        user,
        "table.sheet",
        **_detail(table, old=old, new=totals),
    )
    announce(tables_changed(table))  # paper totals: no result changes
