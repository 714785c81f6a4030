"""The jury's decisions, and the solo-limit count they are made against."""

from django.db import transaction
from django.db.models import Sum

from scoring.models import JuryCall
from tournaments.models import Entry, Seat, TableRound, Tournament
from tournaments.services import audit


@transaction.atomic
def record_call(
    table: TableRound,
    deal_number: int,
    entry: Entry,
    contract: str,
    decision: str,
    user=None,
) -> JuryCall:
    call = JuryCall.objects.create(
        table=table,
        deal_number=deal_number,
        entry=entry,
        contract=contract,
        decision=decision,
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
    )
    return call


def solo_counts(tournament: Tournament) -> dict[int, int]:
    """Solo-limit contracts made so far, per entry id (from stored totals)."""
    rows = (
        Seat.objects.filter(table__round__tournament=tournament)
        .values_list("entry_id")
        .annotate(n=Sum("solo_made"))
    )
    return dict(rows)
