"""Two "generate seating" clicks at once on a round never seated before:
there are no tables to lock yet, so the round row is locked first; both
answer, one seating stands, never a 500 (the unique table number once broke).
SQLite and PostgreSQL."""

import pytest
from django.test import Client

from tests.examples import examples
from tests.threads import together
from tournaments.models import Entry, Round, TableRound, TournamentRole

pytestmark = pytest.mark.django_db(transaction=True)
#: Runs of each race: every one in CI, a fifth at a desk (tests/examples.py).
RUNS = examples(10)


def test_seating_a_new_round_twice_at_once_stores_one_seating(small_event, make_user):
    td = make_user("race-td")
    TournamentRole.objects.create(tournament=small_event, user=td, role="td")
    Entry.objects.filter(tournament=small_event).update(status=Entry.Status.PRESENT)
    Round.objects.filter(tournament=small_event, number=3).delete()
    Round.objects.create(tournament=small_event, number=3)
    url = f"/manage/{small_event.slug}/round/3/generate/"

    def click():
        client = Client(raise_request_exception=False)
        client.force_login(td)
        return lambda: client.post(url, {})

    for run in range(RUNS):
        TableRound.objects.filter(
            round__tournament=small_event, round__number=3
        ).delete()
        answers = together(click(), click())
        codes = [getattr(a, "status_code", a) for a in answers]
        assert codes == [302, 302], (run, codes)
        tables = TableRound.objects.filter(
            round__tournament=small_event, round__number=3
        )
        assert sorted(tables.values_list("number", flat=True)) == [1, 2], run
