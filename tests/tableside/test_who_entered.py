"""The TD sees who entered each deal at the table and who confirmed it, by
seat and name (issue 36, finding 15): on the table's page in the hall, for
every deal that counts."""

import pytest
from django.urls import reverse

from scoring.models import Submission
from scoring.tableside import services
from tests.entry.three_table import login_td
from tests.tableside.helpers import (
    confirm,
    deal_seats,
    enter,
    label,
    rik,
    running,
    seated,
    set_mode,
)


@pytest.fixture
def table(db):
    return running("who", "confirm")


def table_page(client, table):
    event = table.round.tournament
    return client.get(reverse("td:disputes", args=[event.slug, 2, table.number]))


def named(table, seat: int) -> str:
    return f"{label(table, seat)} (seat {seat})"


def test_the_td_reads_who_entered_and_who_confirmed(table, client, make_user):
    d, p, o, _o2 = deal_seats(table)
    enter(seated(table, d), table, 1, rik(d, p), "k1")
    confirm(seated(table, o), table, Submission.objects.get(table=table).pk)
    login_td(client, make_user, table)
    page = table_page(client, table)
    (row,) = page.context["counted"]
    assert row["entered"] == [named(table, d)]
    assert row["confirmed"] == named(table, o)
    html = page.content.decode()
    assert named(table, d) in html and named(table, o) in html


def test_blind_entries_that_agree_name_both_players(table, client, make_user):
    set_mode(table, "blind")
    d, p, o, _o2 = deal_seats(table)
    enter(seated(table, d), table, 1, rik(d, p), "b1")
    enter(seated(table, o), table, 1, rik(d, p), "b2")
    assert set(
        Submission.objects.filter(table=table).values_list("seat", "confirmed_by")
    ) == {(d, o), (o, d)}  # each by the other's entry
    login_td(client, make_user, table)
    (row,) = table_page(client, table).context["counted"]
    assert row["entered"] == [named(table, d), named(table, o)]


def test_a_decided_deal_names_the_td_and_the_reason(table, client, make_user):
    set_mode(table, "blind")
    d, p, o, _o2 = deal_seats(table)
    enter(seated(table, d), table, 1, rik(d, p, 9), "b1")
    enter(seated(table, o), table, 1, rik(d, p, 7), "b2")
    td = login_td(client, make_user, table).user
    chosen = Submission.objects.get(table=table, seat=o)
    services.decide(table, chosen.pk, td, "the sheet says 7")
    page = table_page(client, table)
    (row,) = page.context["counted"]
    assert row["entered"] == [named(table, o)] and row["decided"] == chosen
    assert "decided by td: the sheet says 7" in page.content.decode()
