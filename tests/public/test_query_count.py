"""The standings pages read a constant number of queries, whatever the size."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scoring.demo import generate_event
from tournaments.models import TournamentRole


def count_queries(client, path) -> int:
    with CaptureQueriesContext(connection) as ctx:
        response = client.get(path)
    assert response.status_code == 200
    return len(ctx.captured_queries)


@pytest.mark.django_db
def test_it_reads_standings_in_a_constant_number_of_queries(client, make_user):
    small = generate_event("q-small", 10, 2, 4, seed=3)
    large = generate_event("q-large", 30, 3, 6, seed=4)
    user = make_user("td")
    for t in (small, large):
        TournamentRole.objects.create(tournament=t, user=user, role="td")
    for name in ("public:standings", "scoring:standings-td"):
        if name == "scoring:standings-td":
            client.force_login(user)
        counts = [
            count_queries(client, reverse(name, args=[slug]))
            for slug in ("q-small", "q-large")
        ]
        assert counts[0] == counts[1], (name, counts)
