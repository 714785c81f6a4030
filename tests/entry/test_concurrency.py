"""Two people saving at the same table at the same moment, on real PostgreSQL.

Each thread has its own database connection (Django gives every thread its
own); a barrier releases them together and a slowed-down recompute keeps the
first transaction open, so the second really waits on the first one's lock.
"""

import time

import pytest

from demo.events import generate_event
from scoring.models import Deal, DealRevision
from scoring.services import StaleDealError, recompute_table, save_deal, table_view
from tests.threads import together
from tournaments.models import TableRound

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def table():
    event = generate_event("race", 8, 1, 4, seed=3)
    table = TableRound.objects.get(round__tournament=event, number=1)
    TableRound.objects.filter(pk=table.pk).update(closed=False)
    return table


@pytest.fixture
def slow_recompute(monkeypatch):
    """Hold each save's transaction open a little, so the saves overlap."""
    from scoring.services import deals

    original = deals.apply_change

    def slow(seats, old, new):
        time.sleep(0.2)
        original(seats, old, new)

    monkeypatch.setattr(deals, "apply_change", slow)


def rik(table_id, number, tricks):
    table = TableRound.objects.get(pk=table_id)
    players = table_view(table).players_for(number)
    play = {
        "contract": "rik",
        "declarer": players[0],
        "partner": players[1],
        "tricks": tricks,
    }
    return table, {"plays": [play]}


def saver(table_id, number, tricks, load_version=True):
    def job(barrier):
        table, record = rik(table_id, number, tricks)
        version = None
        if load_version:
            version = Deal.objects.get(table=table, number=number).version
        barrier.wait()
        return save_deal(table, number, record, None, expected_version=version)

    return job


def test_it_refuses_the_second_save_of_the_same_version(table, slow_recompute):
    results = together(saver(table.pk, 1, 9), saver(table.pk, 1, 11), hand_barrier=True)
    stale = [r for r in results if isinstance(r, StaleDealError)]
    saved = [r for r in results if isinstance(r, Deal)]
    assert len(stale) == 1, results
    assert len(saved) == 1, results
    deal = Deal.objects.get(table=table, number=1)
    assert deal.version == 2
    assert deal.record == saved[0].record
    assert DealRevision.objects.filter(deal=deal).count() == 1
    assert sum(deal.seat_scores) == 0


def test_it_refuses_the_second_of_two_new_deals(table, slow_recompute):
    Deal.objects.filter(table=table, number=4).delete()
    jobs = [saver(table.pk, 4, t, load_version=False) for t in (8, 10)]
    results = together(*jobs, hand_barrier=True)
    assert sum(isinstance(r, StaleDealError) for r in results) == 1, results
    assert sum(isinstance(r, Deal) for r in results) == 1, results
    deal = Deal.objects.get(table=table, number=4)
    assert deal.version == 1
    assert deal.revisions.count() == 1


def test_it_keeps_seat_totals_right_when_two_deals_are_saved_at_once(
    table, slow_recompute
):
    Deal.objects.filter(table=table, number__in=[3, 4]).delete()
    recompute_table(table)  # the totals follow, as a deletion's do
    jobs = [saver(table.pk, n, 9, load_version=False) for n in (3, 4)]
    results = together(*jobs, hand_barrier=True)
    assert all(isinstance(r, Deal) for r in results), results
    deals = list(Deal.objects.filter(table=table))
    for seat in table.seats.all():
        assert seat.points == sum(d.seat_scores[seat.position - 1] for d in deals)
