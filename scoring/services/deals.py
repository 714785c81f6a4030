"""Saving, correcting, deleting and previewing a deal at a table.

Each loads the table and what the event knows before the deal (solo-limit
counts, the jury's calls), calls the pipeline (``scoring.pipeline``) and
stores what it computed (the record by seat, the facts, the scores by seat),
the revision, the seat totals and the audit line in one transaction.
"""

import copy
from collections.abc import Mapping
from dataclasses import dataclass

from django.db import IntegrityError
from django.db.models import Sum
from django.utils.translation import gettext_lazy

from core.transactions import atomic_retry
from rules.engine.jury import APPROVED, REFUSED
from rules.engine.validation import Violation
from scoring.context import ContextBuilder
from scoring.jury import record_new_calls
from scoring.models import Deal, DealRevision, JuryCall, Submission
from scoring.pipeline import DealContext, Outcome, run_deal, solo_limit_counts
from scoring.services.deal_rows import deal_fields, deal_row
from scoring.services.freezing import freeze_rules
from scoring.services.tables import TableView, table_view
from scoring.services.totals import apply_change
from tournaments.audit import deal_line, user_or_none
from tournaments.dealing import SMALLEST_TABLE, blind_in
from tournaments.locks import GoneError, lock_table
from tournaments.models import Seat, TableRound
from tournaments.result_events import announce, deals_changed
from tournaments.result_lock import refuse_if_locked

#: The blind man's key in a deal's context: no entry is ever counted under it.
BLIND_KEY = "blind"


class DealRejectedError(Exception):
    """The deal breaks a rule: ``violations`` say which (for the user)."""

    def __init__(self, violations: tuple[Violation, ...]):
        super().__init__(violations)
        self.violations = violations


class StaleDealError(Exception):
    """Someone else saved this deal first (version check)."""


class ClosedError(Exception):
    """The table-round is closed: reopen it before changing deals. With a
    message: the event's results are held above (a closed season)."""


#: Said when a deal is typed at a table that holds typed totals.
TOTALS_ONLY = gettext_lazy(
    "This table has totals only; choose 'Enter deals instead' first."
)


class TotalsOnlyError(ClosedError):
    """The table holds typed totals (``table_totals``), no deals: it takes
    deals once the TD moves it to deals. A ``ClosedError``, so every caller
    that handles a closed table refuses this one too."""

    def __init__(self, message=TOTALS_ONLY):
        super().__init__(message)


@dataclass(frozen=True)
class JuryDecisions:
    """The jury's decisions taken on the TD's deal form, stored with the deal:
    ``calls`` (declarer label, contract code, "approved" or "refused") and
    who decided (the jury member or the TD, as the form names them)."""

    calls: tuple[tuple[str, str, str], ...] = ()
    decided_by: str = ""

    def entries(self, view: TableView) -> list[tuple]:
        """The calls with the declarer's entry; a label not at the table is
        left out (the rules then say what is missing)."""
        out = []
        for label, contract, decision in self.calls:
            entry = view.entry_of(label)
            if entry is not None:
                out.append((entry, contract, decision))
        return out


def deal_context(
    view: TableView, number: int, jury: JuryDecisions | None = None
) -> DealContext:
    """What the event knows before deal ``number`` at this table (the one
    builder, ``scoring.context``, as play order leaves it here); ``jury``:
    decisions not stored yet (a preview), counted as the latest."""
    calls = list(
        JuryCall.objects.filter(table=view.table, deal_number=number)
        .order_by("at", "id")
        .values_list("entry_id", "contract", "decision")
    )
    if jury is not None:
        calls += [(e.id, c, d) for e, c, d in jury.entries(view)]
    seats = {
        label: s.entry_id for s, label in zip(view.seats, view.labels, strict=True)
    }
    builder = _builder_before(view, number, seats)
    players = view.players_for(number)
    if (blind := blind_in(players)) and blind not in seats:
        # a table of three: the blind man's hand is nobody's entry and never
        # declares, so it made no solo (a key no entry has: count 0)
        return builder.context({**seats, blind: BLIND_KEY}, players, calls)
    return builder.context(seats, players, calls)


def _builder_before(view: TableView, number: int, seats: dict) -> ContextBuilder:
    """The builder fed everything before deal ``number``: earlier rounds
    from the seats' stored sums (plain sums of their deals' facts), then the
    earlier deals at this table. A player sits at one table a round, so
    nothing else comes before. Nothing is read when the rules count no solo
    limit."""
    table = view.table
    schedule = table.round.tournament.schedule
    if not solo_limit_counts(schedule):
        return ContextBuilder(schedule)
    earlier = (
        Seat.objects.filter(
            entry_id__in=seats.values(),
            table__round__tournament_id=table.round.tournament_id,
            table__round__number__lt=table.round.number,
        )
        .values_list("entry_id")
        .annotate(n=Sum("solo_made"))
        .order_by()
    )
    builder = ContextBuilder(schedule, dict(earlier))
    key_of = {s.position: s.entry_id for s in view.seats}
    for record, facts in table.deals.filter(number__lt=number).values_list(
        "record", "facts"
    ):
        builder.played(record, facts, key_of)
    return builder


def prepare(
    table: TableRound, number: int, record: dict, jury: JuryDecisions | None = None
) -> tuple[Outcome, TableView]:
    """Run deal ``number`` at ``table`` through the pipeline (nothing stored;
    ``jury``: decisions of the form not stored yet, see ``deal_context``)."""
    view = table_view(table)
    if len(view.seats) < SMALLEST_TABLE:  # three, with the blind man's hand
        raise GoneError  # the round was seated again meanwhile
    schedule = table.round.tournament.schedule
    context = deal_context(view, number, jury)
    return run_deal(schedule, view.labels, number, record, context), view


def preview_deal(
    table: TableRound, number: int, record: dict, jury: JuryDecisions | None = None
):
    """(outcome, seat scores or None) without storing anything."""
    outcome, _view = prepare(table, number, record, jury)
    return outcome, list(outcome.seat_scores) if outcome.ok else None


def _record_jury(table: TableRound, number: int, jury, user, decisions) -> None:
    """Store the form's jury calls whose decision is in ``decisions``."""
    calls = [c for c in jury.entries(table_view(table)) if c[2] in decisions]
    record_new_calls(table, number, calls, user_or_none(user), jury.decided_by)


def save_deal(
    table: TableRound,
    number: int,
    record: dict,
    user=None,
    expected_version: int | None = None,
    jury: JuryDecisions | None = None,
    logged: Mapping[str, object] | None = None,
) -> Deal:
    """Validate, settle and store deal ``number``; update totals; log it.

    ``logged``: what the caller adds to the deal's audit line (the API: the
    token the deal came with), written with it, never afterwards.

    ``jury``: the jury's decisions taken on the TD's form. An approval is
    stored in the deal's transaction, before the pipeline reads the calls:
    both are stored or neither. A refusal is a decision even though the
    deal cannot then be stored as typed: it is stored first, on its own, and
    the pipeline then refuses the deal with the rules' message.

    The table is locked first and its seats read under the lock, so a swap
    or a new seating of the round either happened before (and this deal is
    checked against it) or waits. ``expected_version`` is the version the
    editor saw (None for a new deal): a mismatch means somebody saved in
    between and raises ``StaleDealError``.
    """
    if table.closed:
        raise ClosedError
    if table.totals_only:
        raise TotalsOnlyError
    if jury is not None and any(c[2] == REFUSED for c in jury.calls):

        def refusals() -> None:
            _record_jury(_lock_open(table), number, jury, user, {REFUSED})

        atomic_retry(refusals)

    def job() -> Deal:
        locked = _lock_open(table)
        if jury is not None:
            _record_jury(locked, number, jury, user, {APPROVED})
        outcome, view = prepare(locked, number, record)
        if not outcome.ok:
            raise DealRejectedError(outcome.violations)
        freeze_rules(table.round.tournament)
        deal, old = _store(locked, number, outcome, user, expected_version)
        _close_entries(locked, number)
        apply_change(view.seats, old, deal)  # the seats were read under the lock
        deal_line(
            locked,
            user,
            "deal.save",
            number,
            version=deal.version,
            record=outcome.record,
            scores=list(outcome.seat_scores),
            **(logged or {}),
        )
        announce(deals_changed(locked))
        return deal

    try:
        return atomic_retry(job)
    except IntegrityError as exc:
        raise StaleDealError from exc


def _close_entries(table: TableRound, number: int) -> None:
    """The deal counts: the table-side entries of it still open are done
    (whichever way it came to count: a confirmation, a match, the TD)."""
    Submission.objects.filter(
        table=table, number=number, status__in=Submission.OPEN
    ).update(status=Submission.Status.SET_ASIDE)


def _lock_open(table: TableRound) -> TableRound:
    """Lock the table row: writes at one table take turns, so recomputed seat
    totals never miss a deal saved at the same moment; and recheck closed
    (the table, then the event's results held above: one query)."""
    locked = lock_table(table)
    if locked.closed:
        raise ClosedError
    if locked.totals_only:
        raise TotalsOnlyError
    refuse_if_locked(table.round.tournament_id, ClosedError)
    return locked


def _store(table, number, outcome: Outcome, user, expected_version):
    """Write the deal row (``deal_rows``) and its revision: (the deal, the
    deal as it was or None). A version that moved meanwhile raises
    ``StaleDealError``."""
    scores = list(outcome.seat_scores)
    user = user_or_none(user)
    deal = Deal.objects.select_for_update().filter(table=table, number=number).first()
    if deal is None:
        if expected_version not in (None, 0):
            raise StaleDealError
        deal = deal_row(table, number, outcome, user)
        deal.save(force_insert=True)
        old = None
        old_record = old_scores = None
    else:
        if expected_version is None or deal.version != expected_version:
            raise StaleDealError
        old = copy.copy(deal)
        old_record, old_scores = deal.record, deal.seat_scores
        fields = {
            "version": expected_version + 1,
            "updated_by": user,
            **deal_fields(outcome),
        }
        updated = Deal.objects.filter(pk=deal.pk, version=expected_version).update(
            **fields
        )
        if updated != 1:
            raise StaleDealError
        for name, value in fields.items():  # as stored: no second read
            setattr(deal, name, value)
    DealRevision.objects.create(
        deal=deal,
        version=deal.version,
        old_record=old_record,
        old_scores=old_scores,
        new_record=outcome.stored,
        new_scores=scores,
        user=user,
    )
    return deal, old


def delete_deal(table: TableRound, number: int, user=None) -> None:
    if table.closed:
        raise ClosedError

    def job() -> None:
        locked = _lock_open(table)
        deal = Deal.objects.filter(table=locked, number=number).first()
        if deal is None:
            return
        DealRevision.objects.create(
            deal=deal,
            version=deal.version + 1,
            old_record=deal.record,
            old_scores=deal.seat_scores,
            new_record={},
            new_scores=[],
            user=user_or_none(user),
        )
        view = table_view(locked)
        named = view.named(deal.record)
        deal.delete()
        apply_change(view.seats, deal, None)
        deal_line(
            locked, user, "deal.delete", number, record=named, scores=deal.seat_scores
        )
        announce(deals_changed(locked))

    atomic_retry(job)
