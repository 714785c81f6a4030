import pytest
from django.db import IntegrityError, transaction
from django.db.models import F
from django.test import Client
from django.urls import reverse

from scoring.models import Deal
from scoring.reconcile import reconcile
from tournaments.models import Seat, TableRound


@pytest.mark.django_db
def test_it_finds_every_sum_zero_in_a_generated_event(small_event):
    result = reconcile(small_event)
    assert result.ok
    assert (result.deals, result.tables, result.rounds) == (16, 4, 2)
    assert result.event_total == 0


@pytest.mark.django_db
def test_it_lists_a_table_round_whose_seat_totals_do_not_sum_to_zero(small_event):
    seat = Seat.objects.filter(table__round__tournament=small_event).first()
    Seat.objects.filter(pk=seat.pk).update(points=F("points") + 3)
    result = reconcile(small_event)
    assert not result.ok
    kinds = {(line.kind, line.round, line.table, line.total) for line in result.lines}
    rnd, tno = seat.table.round.number, seat.table.number
    assert ("table", rnd, tno, 3) in kinds
    assert ("round", rnd, None, 3) in kinds
    assert ("event", None, None, 3) in kinds


@pytest.mark.django_db
def test_it_makes_the_database_refuse_a_deal_that_does_not_sum_to_zero(small_event):
    table = TableRound.objects.filter(round__tournament=small_event).first()
    with pytest.raises(IntegrityError), transaction.atomic():
        Deal.objects.create(table=table, number=99, record={}, s1=5)
    Deal.objects.create(table=table, number=99, record={}, s1=5, s3=-5)
    with pytest.raises(IntegrityError), transaction.atomic():
        Deal.objects.filter(table=table, number=99).update(s2=1)


@pytest.mark.django_db
def test_it_shows_the_reconciliation_to_the_td_only(td_client, small_event):
    path = reverse("td:reconciliation", args=["small"])
    assert Client().get(path).status_code == 302  # to the login page
    html = td_client.get(path).content.decode()
    assert "16" in html and "recon-ok" in html


@pytest.mark.django_db
def test_it_lists_non_zero_lines_on_the_page(td_client, small_event):
    Seat.objects.filter(table__round__tournament=small_event, position=1).update(
        points=F("points") + 1
    )
    response = td_client.get(reverse("td:reconciliation", args=["small"]))
    assert b"recon-bad" in response.content
    assert len(response.context["table"].data) == 4 + 2 + 1
