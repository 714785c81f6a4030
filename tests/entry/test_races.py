"""Deals entered while the TD changes the seating, on PostgreSQL,
40 runs each, threads released together: never a corrupted deal, never an
error other than the clear ones (refused, seated again, busy).

A corrupted deal is one stored against seats that no longer hold the
players it names: after every run, each stored deal read through the seats
as they are must name the players the enterer named.
"""

import random

import pytest

from core.transactions import BusyError
from scoring.models import Deal
from scoring.services import (
    DealRejectedError,
    recompute_table,
    save_deal,
    table_view,
)
from tests.examples import examples
from tests.threads import together
from tournaments.locks import GoneError
from tournaments.models import Entry, Round, Seat, TableRound, Tournament
from tournaments.services import SeatingRefusedError, seat_round, swap_seats

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]
#: Runs of each race: every one in CI, a fifth at a desk (tests/examples.py).
RUNS = examples(40)
CLEAR = (DealRejectedError, GoneError, BusyError, SeatingRefusedError)


def fresh_round(number: int):
    """A tournament whose round ``number`` is seated (8 players) and empty."""
    from demo.events import generate_event

    event = generate_event(f"race{number}", 8, 1, 4, seed=number, published=False)
    round_ = event.round_set.get(number=1)
    Deal.objects.filter(table__round=round_).delete()
    for table in round_.tables.all():  # the totals follow, as a deletion's do
        recompute_table(table)
    TableRound.objects.filter(round=round_).update(closed=False)
    Round.objects.filter(pk=round_.pk).update(status="seated")
    return event, round_


def intended(table, number):
    """What the enterer typed, from the seats as they saw them."""
    players = table_view(table).players_for(number)
    return players[0], {
        "plays": [
            {
                "contract": "rik",
                "declarer": players[0],
                "partner": players[1],
                "tricks": 9,
            }
        ]
    }


def assert_uncorrupted(round_, declarer_of):
    for deal in Deal.objects.filter(table__round=round_):
        named = table_view(deal.table).named(deal.record)
        assert named["plays"][0]["declarer"] == declarer_of[deal.table_id], named
        seats = list(deal.table.seats.all())
        assert sum(s.points for s in seats) == 0


def test_a_swap_and_a_deal_at_the_same_table():
    outcomes = []
    for run in range(RUNS):
        event, round_ = fresh_round(run)
        table = round_.tables.get(number=1)
        declarer, record = intended(table, 1)
        a = Seat.objects.get(table=table, position=1).entry
        b = Seat.objects.get(table=table, position=2).entry
        results = together(
            lambda t=table, r=record: save_deal(t, 1, r),
            lambda rd=round_, x=a, y=b: swap_seats(rd, x, y),
        )
        for result in results:
            assert result is None or isinstance(result, (Deal, *CLEAR)), result
        assert_uncorrupted(round_, {table.id: declarer})
        outcomes.append(tuple(type(r).__name__ for r in results))
        Tournament.objects.filter(pk=event.pk).delete()
    assert len(outcomes) == RUNS


def test_seating_a_round_again_while_deals_are_entered():
    for run in range(RUNS):
        event, round_ = fresh_round(100 + run)
        tables = list(round_.tables.all())
        entries = list(Entry.objects.filter(tournament=event))
        random.Random(run).shuffle(entries)
        jobs, declarers = [], {}
        for table in tables:
            declarer, record = intended(table, 1)
            declarers[table.id] = declarer
            jobs.append(lambda t=table, r=record: save_deal(t, 1, r))
        jobs.append(lambda rd=round_, e=entries: seat_round(rd, [e[:4], e[4:]]))
        results = together(*jobs)
        for result in results:
            assert result is None or isinstance(result, (Deal, list, *CLEAR)), result
        reseated = isinstance(results[-1], list)
        if reseated:  # the new seating won: no deal of the old one survives
            assert not Deal.objects.filter(table__round=round_).exists()
        else:
            assert_uncorrupted(round_, declarers)
        Tournament.objects.filter(pk=event.pk).delete()
