"""Zero-sum reconciliation: every deal, table-round, round and the event.

Settlement is zero-sum and the database refuses a deal whose five scores do
not sum to zero, so a non-zero line here means something bypassed both (a
hand edit, stale seat totals). The sums are database aggregates: a constant
number of queries whatever the event's size.
"""

from dataclasses import dataclass, field

from django.db.models import F, Sum

from scoring.models import Deal
from tournaments.models import Seat, TableRound, Tournament


@dataclass(frozen=True)
class Line:
    """One sum that is not zero: ``kind`` deal|table|round|event."""

    kind: str
    round: int | None
    table: int | None
    deal: int | None
    total: int


@dataclass
class Reconciliation:
    deals: int = 0
    tables: int = 0
    rounds: int = 0
    event_total: int = 0
    lines: list[Line] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.lines


def reconcile(tournament: Tournament) -> Reconciliation:
    """Sum every deal (s1..s5), table-round and round (seat totals), and the event."""
    deals = Deal.objects.filter(table__round__tournament=tournament)
    seats = Seat.objects.filter(table__round__tournament=tournament)
    out = Reconciliation(
        deals=deals.count(),
        tables=TableRound.objects.filter(
            round__tournament=tournament, seats__isnull=False
        )
        .distinct()
        .count(),
    )
    bad_deals = (
        deals.annotate(total=F("s1") + F("s2") + F("s3") + F("s4") + F("s5"))
        .exclude(total=0)
        .values_list("table__round__number", "table__number", "number", "total")
        .order_by("table__round__number", "table__number", "number")
    )
    out.lines += [Line("deal", r, t, d, total) for r, t, d, total in bad_deals]
    by_table = (
        seats.values("table_id")
        .annotate(total=Sum("points"))
        .exclude(total=0)
        .values_list("table__round__number", "table__number", "total")
        .order_by("table__round__number", "table__number")
    )
    out.lines += [Line("table", r, t, None, total) for r, t, total in by_table]
    by_round = list(
        seats.values("table__round__number")
        .annotate(total=Sum("points"))
        .values_list("table__round__number", "total")
        .order_by("table__round__number")
    )
    out.rounds = len(by_round)
    out.lines += [Line("round", r, None, None, t) for r, t in by_round if t]
    out.event_total = sum(t for _, t in by_round)
    deal_total = deals.aggregate(
        total=Sum(F("s1") + F("s2") + F("s3") + F("s4") + F("s5"))
    )["total"]
    if out.event_total or deal_total:
        out.lines.append(
            Line("event", None, None, None, out.event_total or deal_total or 0)
        )
    return out
