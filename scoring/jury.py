"""The jury's decisions, and the solo-limit count they are made against."""

from django.db import transaction
from django.db.models import Sum

from scoring.models import JuryCall
from tournaments.audit import audit
from tournaments.models import Entry, Seat, TableRound, Tournament


def decider_name(user) -> str:
    """Who decided a jury call when nobody is named: the user recording it."""
    if user is None or not user.is_authenticated:
        return ""
    return user.get_full_name() or user.get_username()


@transaction.atomic
def record_call(
    table: TableRound,
    deal_number: int,
    entry: Entry,
    contract: str,
    decision: str,
    user=None,
    decided_by: str = "",
) -> JuryCall:
    call = JuryCall.objects.create(
        table=table,
        deal_number=deal_number,
        entry=entry,
        contract=contract,
        decision=decision,
        decided_by=(decided_by or "").strip()[:100],
        user=user if user and user.is_authenticated else None,
    )
    audit(
        table.round.tournament,
        user,
        "jury.call",
        round=table.round.number,
        table=table.number,
        deal=deal_number,
        entry=entry.id,
        contract=contract,
        decision=decision,
        decided_by=call.decided_by,
    )
    return call


def record_new_calls(
    table: TableRound,
    deal_number: int,
    calls,
    user=None,
    decided_by: str = "",
) -> list[JuryCall]:
    """The deal form's decisions, ``calls``: (entry, contract, decision).
    A call equal to the latest one on that declarer's contract in this deal
    is not stored again (a second save of the same form, a correction)."""
    stored = []
    for entry, contract, decision in calls:
        latest = (
            JuryCall.objects.filter(
                table=table, deal_number=deal_number, entry=entry, contract=contract
            )
            .order_by("-at", "-id")
            .values_list("decision", flat=True)
            .first()
        )
        if latest != decision:
            stored.append(
                record_call(
                    table, deal_number, entry, contract, decision, user, decided_by
                )
            )
    return stored


def solo_counts(tournament: Tournament) -> dict[int, int]:
    """Solo-limit contracts made so far, per entry id (from stored totals)."""
    rows = (
        Seat.objects.filter(table__round__tournament=tournament)
        .values_list("entry_id")
        .annotate(n=Sum("solo_made"))
    )
    return dict(rows)
