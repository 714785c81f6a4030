"""The standings pages read a constant number of queries, whatever the size."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from demo.events import generate_event
from tournaments.models import Entry, TournamentRole


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
    for name in ("public:standings", "td:standings"):
        if name == "td:standings":
            client.force_login(user)
        counts = [
            count_queries(client, reverse(name, args=[slug]))
            for slug in ("q-small", "q-large")
        ]
        assert counts[0] == counts[1], (name, counts)


@pytest.mark.django_db
def test_a_shown_public_page_costs_one_query_until_something_changes(client, make_user):
    """Cached under the event's version; any stored change shows."""
    from scoring.services import save_deal, table_view
    from tournaments.models import TableRound

    event = generate_event("cached", 10, 2, 4, seed=5)
    entry = event.entries.first()
    paths = [
        reverse("public:standings", args=["cached"]),
        reverse("public:round", args=["cached", 1]),
        reverse("public:player", args=["cached", entry.pk]),
    ]
    for path in paths:
        count_queries(client, path)  # builds and caches
        assert count_queries(client, path) <= 1, path  # 0: SharedPageMiddleware
    table = TableRound.objects.filter(round__tournament=event).first()
    TableRound.objects.filter(pk=table.pk).update(closed=False)
    table.refresh_from_db()
    players = table_view(table).players_for(1)
    before = client.get(paths[0]).content
    deal = table.deals.get(number=1)
    save_deal(
        table,
        1,
        {"plays": [{"contract": "solo-8", "declarer": players[0], "tricks": 13}]},
        None,
        deal.version,
    )
    assert count_queries(client, paths[0]) > 1  # a new version: built again
    assert client.get(paths[0]).content != before


@pytest.mark.django_db
def test_deals_of_an_unpublished_round_keep_the_cache_until_it_is_published(
    client, make_user
):
    """100 tables entering deals must not rebuild the public pages each time:
    they show published rounds only, so only publishing changes them."""
    from scoring.services import save_deal, table_view
    from tournaments.models import Round, TableRound
    from tournaments.rounds import publish_round

    event = generate_event("unpub", 8, 2, 4, seed=6)
    Round.objects.filter(tournament=event, number=2).update(published=False)
    path = reverse("public:standings", args=["unpub"])
    count_queries(client, path)
    table = TableRound.objects.get(round__tournament=event, round__number=2, number=1)
    TableRound.objects.filter(pk=table.pk).update(closed=False)
    table.refresh_from_db()
    players = table_view(table).players_for(1)
    save_deal(
        table,
        1,
        {"plays": [{"contract": "solo-8", "declarer": players[0], "tricks": 13}]},
        None,
        table.deals.get(number=1).version,
    )
    assert count_queries(client, path) <= 1
    publish_round(Round.objects.get(tournament=event, number=2), True, None)
    assert count_queries(client, path) > 1


@pytest.mark.django_db
def test_a_players_page_reads_only_that_players_tables():
    """The player page used to load all 3,200 seats of a large event."""
    from scoring.rowsource import table_seats

    event = generate_event("q-player", 60, 3, 4, seed=4)
    entry = event.entries.first()
    mine = table_seats(event, entry_id=entry.pk)
    assert len(mine) == 3  # one table a round
    assert all(any(e == entry.pk for _p, e, _n in seats) for seats in mine.values())
    assert sum(len(s) for s in table_seats(event).values()) == 180


def test_every_table_renders_with_the_fast_template():
    from td import tables_scoring as tables

    for name in (
        "StandingsTable",
        "TableResultTable",
        "PlayerDealsTable",
        "ReconciliationTable",
    ):
        assert getattr(tables, name)([]).template_name == tables.TEMPLATE, name


@pytest.mark.django_db
def test_the_player_table_and_screen_pages_read_a_constant_number_of_queries(
    client,
):
    """These pages load only the rows they show, whatever the size."""
    from django.core.cache import cache

    for slug, players, rounds, deals in (("p-small", 10, 2, 4), ("p-large", 34, 3, 6)):
        generate_event(slug, players, rounds, deals, seed=6)
    counts = {}
    for slug in ("p-small", "p-large"):
        entry = Entry.objects.filter(tournament__slug=slug).first()
        for name, args in (
            ("player", [entry.pk]),
            ("table", [1, 1]),
            ("screen", []),
            ("screen-round", []),
        ):
            cache.clear()
            path = reverse(f"public:{name}", args=[slug, *args])
            counts.setdefault(name, []).append(count_queries(client, path))
    for name, (small, large) in counts.items():
        assert small == large, (name, small, large)


@pytest.mark.django_db
def test_an_event_made_again_under_its_code_never_shows_the_old_pages(client):
    """Pages are kept under the event's row and version, not its code: the
    new event starts at version 1 as the deleted one did."""
    from tournaments.models import Tournament

    url = reverse("public:standings", args=["same"])
    first = generate_event("same", 8, 1, 2, seed=3)
    Tournament.objects.filter(pk=first.pk).update(name="Eerste versie")
    for _ in range(2):  # the second from the cache
        assert "Eerste versie" in client.get(url).content.decode()
    first.delete()
    second = generate_event("same", 8, 1, 2, seed=4)
    Tournament.objects.filter(pk=second.pk).update(name="Tweede versie")
    assert second.version == first.version
    page = client.get(url).content.decode()
    assert "Tweede versie" in page and "Eerste versie" not in page
