"""Saving, correcting, deleting and previewing a deal at a table.

Each loads the table and what the event knows before the deal (solo-limit
counts, the jury's calls), calls the pipeline (``scoring.pipeline``) and
stores what it computed (the record by seat, the facts, the scores by seat),
the revision, the seat totals and the audit line in one transaction.
"""

from django.db import IntegrityError
from django.db.models import Sum

from rules.jury import latest_decisions
from rules.validation import Violation
from scoring.models import Deal, DealRevision, JuryCall, Submission
from scoring.pipeline import (
    DealContext,
    Outcome,
    run_deal,
    solo_declarers,
    solo_limit_counts,
)
from scoring.services.audit import deal_line, user_or_none
from scoring.services.freezing import freeze_rules
from scoring.services.tables import TableView, table_view
from scoring.services.totals import recompute_table
from tournaments.locks import GoneError, atomic_retry, lock_table
from tournaments.models import Seat, TableRound


class DealRejectedError(Exception):
    """The deal breaks a rule: ``violations`` say which (for the user)."""

    def __init__(self, violations: tuple[Violation, ...]):
        super().__init__(violations)
        self.violations = violations


class StaleDealError(Exception):
    """Someone else saved this deal first (version check)."""


class ClosedError(Exception):
    """The table-round is closed: reopen it before changing deals."""


def solo_made_before(view: TableView, deal_number: int) -> dict[str, int]:
    """Solo-limit contracts each of the deal's four players made earlier in
    the tournament: in earlier rounds, and in earlier deals at this table.

    The dealer sitting out is not a player of this deal; their own count
    reaches their later deals the same way."""
    table = view.table
    players = view.players_for(deal_number)
    entries = {label: view.entry_of(label).id for label in players}
    earlier = dict(
        Seat.objects.filter(
            entry_id__in=entries.values(),
            table__round__tournament_id=table.round.tournament_id,
            table__round__number__lt=table.round.number,
        )
        .values_list("entry_id")
        .annotate(n=Sum("solo_made"))
        .order_by()
    )
    counts = {label: earlier.get(entries[label], 0) for label in players}
    for deal in table.deals.filter(number__lt=deal_number):
        for position in solo_declarers(deal.record, deal.facts):
            label = view.label_of(position)
            if label in counts:
                counts[label] += 1
    return counts


def deal_context(view: TableView, number: int) -> DealContext:
    """What the event knows before deal ``number`` at this table."""
    calls = (
        JuryCall.objects.filter(table=view.table, deal_number=number)
        .order_by("at", "id")
        .values_list("entry_id", "contract", "decision")
    )
    label = {s.entry_id: lab for s, lab in zip(view.seats, view.labels, strict=True)}
    jury = latest_decisions((label.get(e, ""), c, d) for e, c, d in calls)
    schedule = view.table.round.tournament.schedule
    solo = solo_made_before(view, number) if solo_limit_counts(schedule) else {}
    return DealContext(solo, jury)


def prepare(table: TableRound, number: int, record: dict) -> tuple[Outcome, TableView]:
    """Run deal ``number`` at ``table`` through the pipeline (nothing stored)."""
    view = table_view(table)
    if len(view.seats) < 4:
        raise GoneError  # the round was seated again meanwhile
    schedule = table.round.tournament.schedule
    context = deal_context(view, number)
    return run_deal(schedule, view.labels, number, record, context), view


def preview_deal(table: TableRound, number: int, record: dict):
    """(outcome, seat scores or None) without storing anything."""
    outcome, _view = prepare(table, number, record)
    return outcome, list(outcome.seat_scores) if outcome.ok else None


def save_deal(
    table: TableRound, number: int, record: dict, user=None,
    expected_version: int | None = None,
) -> Deal:  # fmt: skip
    """Validate, settle and store deal ``number``; update totals; log it.

    The table is locked first and its seats read under the lock, so a swap
    or a new seating of the round either happened before (and this deal is
    checked against it) or waits. ``expected_version`` is the version the
    editor saw (None for a new deal): a mismatch means somebody saved in
    between and raises ``StaleDealError``.
    """
    if table.closed:
        raise ClosedError

    def job() -> Deal:
        locked = _lock_open(table)
        outcome, _view = prepare(locked, number, record)
        if not outcome.ok:
            raise DealRejectedError(outcome.violations)
        freeze_rules(table.round.tournament)
        deal = _store(locked, number, outcome, user, expected_version)
        _close_entries(locked, number)
        recompute_table(locked)
        deal_line(locked, user, "deal.save", number, version=deal.version,
                  record=outcome.record, scores=list(outcome.seat_scores))  # fmt: skip
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
    totals never miss a deal saved at the same moment; and recheck closed."""
    locked = lock_table(table)
    if locked.closed:
        raise ClosedError
    return locked


def _store(table, number, outcome: Outcome, user, expected_version) -> Deal:
    scores = list(outcome.seat_scores)
    fields = {f"s{i + 1}": v for i, v in enumerate(scores)}
    fields.update(record=outcome.stored, facts=outcome.facts)
    user = user_or_none(user)
    deal = Deal.objects.select_for_update().filter(table=table, number=number).first()
    if deal is None:
        if expected_version not in (None, 0):
            raise StaleDealError
        deal = Deal.objects.create(table=table, number=number, updated_by=user,
                                   **fields)  # fmt: skip
        old_record = old_scores = None
    else:
        if expected_version is None or deal.version != expected_version:
            raise StaleDealError
        old_record, old_scores = deal.record, deal.seat_scores
        updated = Deal.objects.filter(pk=deal.pk, version=expected_version).update(
            version=expected_version + 1, updated_by=user, **fields
        )
        if updated != 1:
            raise StaleDealError
        deal.refresh_from_db()
    DealRevision.objects.create(
        deal=deal, version=deal.version, old_record=old_record, old_scores=old_scores,
        new_record=outcome.stored, new_scores=scores, user=user,
    )  # fmt: skip
    return deal


def delete_deal(table: TableRound, number: int, user=None) -> None:
    if table.closed:
        raise ClosedError

    def job() -> None:
        locked = _lock_open(table)
        deal = Deal.objects.filter(table=locked, number=number).first()
        if deal is None:
            return
        DealRevision.objects.create(
            deal=deal, version=deal.version + 1, old_record=deal.record,
            old_scores=deal.seat_scores, new_record={}, new_scores=[],
            user=user_or_none(user),
        )  # fmt: skip
        named = table_view(locked).named(deal.record)
        deal.delete()
        recompute_table(locked)
        deal_line(locked, user, "deal.delete", number, record=named,
                  scores=deal.seat_scores)  # fmt: skip

    atomic_retry(job)
