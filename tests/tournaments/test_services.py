"""The service layer: store, correct, refuse; the database's zero-sum check."""

import pytest
from django.db import IntegrityError, transaction

from demo.events import generate_event
from rules.models import HouseRuleSet
from scoring.models import Deal
from scoring.services import (
    ClosedError,
    DealRejectedError,
    StaleDealError,
    delete_deal,
    save_deal,
    table_view,
)
from tournaments.models import AuditLog, Round, Seat

pytestmark = pytest.mark.django_db


def open_table(event):
    round_ = event.round_set.get(number=1)
    table = round_.tables.first()
    table.closed = False
    table.save()
    return table


def rik(view, number, tricks=9):
    players = view.players_for(number)
    return {
        "plays": [
            {
                "contract": "rik",
                "declarer": players[0],
                "partner": players[1],
                "tricks": tricks,
            }
        ]
    }


def test_it_corrects_a_deal_and_keeps_its_history(small_event):
    table = open_table(small_event)
    view = table_view(table)
    deal = table.deals.get(number=1)
    updated = save_deal(table, 1, rik(view, 1), expected_version=deal.version)
    assert updated.version == deal.version + 1
    revision = updated.revisions.get(version=updated.version)
    assert revision.old_record == deal.record
    assert sum(updated.seat_scores) == 0
    assert AuditLog.objects.filter(action="deal.save").exists()


def test_it_updates_the_seat_totals(small_event):
    table = open_table(small_event)
    view = table_view(table)
    deal = table.deals.get(number=1)
    save_deal(table, 1, rik(view, 1, tricks=13), expected_version=deal.version)
    totals = {s.position: s.points for s in Seat.objects.filter(table=table)}
    expected = [0] * 5
    for d in table.deals.all():
        for i, points in enumerate(d.seat_scores):
            expected[i] += points
    assert [totals[p] for p in sorted(totals)] == expected[: len(totals)]


def test_it_refuses_a_stale_version_and_loses_nothing(small_event):
    table = open_table(small_event)
    view = table_view(table)
    deal = table.deals.get(number=1)
    save_deal(table, 1, rik(view, 1, 8), expected_version=deal.version)
    with pytest.raises(StaleDealError):
        save_deal(table, 1, rik(view, 1, 10), expected_version=deal.version)
    assert table.deals.get(number=1).record["plays"][0]["tricks"] == 8


def test_it_refuses_a_second_new_deal_with_the_same_number(small_event):
    table = open_table(small_event)
    view = table_view(table)
    delete_deal(table, 2)
    save_deal(table, 2, rik(view, 2))
    with pytest.raises(StaleDealError):
        save_deal(table, 2, rik(view, 2))


def test_it_reports_rule_violations_and_stores_nothing(small_event):
    table = open_table(small_event)
    view = table_view(table)
    delete_deal(table, 3)
    record = rik(view, 3)
    del record["plays"][0]["partner"]
    with pytest.raises(DealRejectedError) as err:
        save_deal(table, 3, record)
    assert [v.code for v in err.value.violations] == ["partner_missing"]
    assert not table.deals.filter(number=3).exists()


def test_it_refuses_changes_on_a_closed_table(small_event):
    table = small_event.round_set.get(number=1).tables.first()
    assert table.closed
    with pytest.raises(ClosedError):
        save_deal(table, 1, rik(table_view(table), 1), expected_version=1)


def test_the_database_refuses_scores_that_do_not_sum_to_zero(small_event):
    table = open_table(small_event)
    with pytest.raises(IntegrityError), transaction.atomic():
        Deal.objects.create(table=table, number=99, record={}, s1=5)


def test_it_freezes_a_house_rule_set_at_the_first_deal(db):
    HouseRuleSet.objects.create(
        slug="club",
        name="Club",
        preset="nl",
        overrides={"contracts": {"rik": {"base": 20}}},
    )
    event = generate_event("frozen", 8, 1, 2, rules="club")
    rule_set = HouseRuleSet.objects.get(slug="club")
    rule_set.overrides = {"contracts": {"rik": {"base": 50}}}
    rule_set.save()
    event.refresh_from_db()
    assert event.schedule.contract("rik").base == 20


def test_it_counts_the_solo_limit_from_stored_deals(db):
    event = generate_event("iwwa", 8, 1, 4, rules="iwwa", seed=3)
    table = event.round_set.get(number=1).tables.first()
    table.closed = False
    table.save()
    view = table_view(table)
    table.deals.all().delete()
    for number in (1, 2):
        declarer = view.label_of(1)
        record = {
            "plays": [{"contract": "abondance-9", "declarer": declarer, "tricks": 10}]
        }
        save_deal(table, number, record)
    third = {
        "plays": [{"contract": "misere", "declarer": view.label_of(1), "tricks": 0}]
    }
    with pytest.raises(DealRejectedError) as err:
        save_deal(table, 3, third)
    assert [v.code for v in err.value.violations] == ["solo_limit"]


def test_generated_events_sum_to_zero_everywhere(small_event):
    for round_ in Round.objects.filter(tournament=small_event):
        for table in round_.tables.all():
            assert sum(s.points for s in table.seats.all()) == 0
    assert all(sum(d.seat_scores) == 0 for d in Deal.objects.all())


def test_a_whole_event_can_be_deleted(small_event):
    """Seats and byes hold their entries back from a lone delete (RESTRICT),
    but not when the event goes as a whole."""
    small_event.delete()
    assert not Deal.objects.exists()
