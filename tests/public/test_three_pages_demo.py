"""The demo shows a table of three (issue 29): ``load_demo`` loads
``demo-drie``, 11 players seated 4 + 4 + 3 each round with the blind man's
hand at the table of three; loading again replaces it, ``--if-empty``
leaves a loaded database alone."""

import pytest
from django.core.management import call_command

pytestmark = pytest.mark.django_db


def load_demo(*args):
    """The demo events (the season is not needed)."""
    call_command("load_demo", "--without-season", *args, verbosity=0)


def test_the_demo_has_an_event_with_a_table_of_three_and_loads_once(client):
    from scoring.models import Deal
    from tournaments.models import TableRound, Tournament

    load_demo("--if-empty")
    event = Tournament.objects.get(slug="demo-drie")
    assert event.tables_of_three
    for number in (1, 2, 3):
        sizes = sorted(
            t.seats.count()
            for t in TableRound.objects.filter(
                round__tournament=event, round__number=number
            )
        )
        assert sizes == [3, 4, 4], number
    three = TableRound.objects.get(round__tournament=event, round__number=1, number=3)
    records = [d.record for d in Deal.objects.filter(table=three).order_by("number")]
    assert len(records) == 8 and all(r["blind"] == 4 for r in records)
    assert records[0]["plays"][0]["partner"] == 4  # the blind man's ace
    assert records[3]["sanctions"][0]["player"] != 4
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    page = client.get("/t/demo-drie/round/1/table/3/")
    assert page.status_code == 200
    assert "the blind man" in page.content.decode()

    count = Tournament.objects.count()
    load_demo("--if-empty")  # loaded: left alone
    assert Tournament.objects.count() == count
    assert Tournament.objects.get(slug="demo-drie").pk == event.pk
    load_demo()  # again: replaced, not doubled
    assert Tournament.objects.filter(slug__startswith="demo").count() == 3
    assert Tournament.objects.get(slug="demo-drie").pk != event.pk
