"""A save applies one deal's share to the seat totals instead of summing the
table again: after any sequence of saves, corrections and deletions the
totals are what summing every deal gives (``recompute_table``)."""

import random

import pytest

from demo.events import generate_event, realistic_record
from scoring.models import Deal
from scoring.services import (
    DealRejectedError,
    delete_deal,
    recompute_table,
    save_deal,
    table_view,
)
from tournaments.models import Seat, TableRound

FIELDS = ("points", "deals_played", "declared_made", "solo_made", "sanction_points")


def totals(table) -> list[tuple]:
    return list(
        Seat.objects.filter(table=table).order_by("position").values_list(*FIELDS)
    )


@pytest.mark.parametrize("rules", ["nl", "iwwa", "pagat"])
@pytest.mark.django_db
def test_applied_totals_equal_the_sum_of_every_deal(rules):
    rng = random.Random(rules)
    event = generate_event(
        f"sum-{rules}",
        10,
        1,
        6,
        rules=rules,
        seed=11,
        published=False,
        sanction_rate=0.3,
    )
    tables = list(TableRound.objects.filter(round__tournament=event))
    TableRound.objects.filter(pk__in=[t.pk for t in tables]).update(closed=False)
    for step in range(40):
        table = TableRound.objects.select_related("round__tournament").get(
            pk=rng.choice(tables).pk
        )
        number = rng.randint(1, 6)
        deal = Deal.objects.filter(table=table, number=number).first()
        if deal is not None and rng.random() < 0.25:
            delete_deal(table, number)
        else:
            players = table_view(table).players_for(number)
            record = realistic_record(players, rng)
            version = deal.version if deal is not None else None
            try:
                save_deal(table, number, record, expected_version=version)
            except DealRejectedError:
                continue  # a record this preset does not know: nothing stored
        applied = totals(table)
        recompute_table(table)
        assert totals(table) == applied, step
