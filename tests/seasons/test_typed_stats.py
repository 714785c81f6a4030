"""Issue 37: a statistic that needs deals says what it counted, instead of
leaving out an evening with one table typed as totals.

Before, the season and club statistics dropped a whole evening as soon as
one of its tables was typed as totals ("Deals played" counted the other
evenings only); now every deal there is counts, and the page says how many
deals of how many tables, and which tables were typed as totals
(``seasons.stats.Coverage``, from the tables' results:
``scoring.table_result``).

One season, built once for the module: 8 players (two tables of four) on 2
evenings of 2 rounds of 4 deals; table 1 of round 1 of evening 1 typed as
totals. Each test rolls its own changes back."""

import pytest
from django.db.models import Sum
from django.urls import reverse

from scoring.models import Deal
from tests.scoring.totals_event import typed
from tournaments.models import Seat

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def season(django_db_setup, django_db_blocker):
    from django.db import transaction

    from demo.season import generate_season

    with django_db_blocker.unblock():
        outer = transaction.atomic()
        outer.__enter__()
        try:
            made = generate_season(
                "getypt", players=8, evenings=2, deals=4, attendance=(8, 8)
            )
            evening = made.evenings.select_related("tournament").get(number=1)
            typed(evening.tournament, [(1, 1)])
            yield made
        finally:
            transaction.set_rollback(True)
            outer.__exit__(None, None, None)


@pytest.fixture
def client(client):
    from django.core.cache import cache

    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    cache.clear()
    return client


def typed_seat(season) -> Seat:
    """A seat at the table typed as totals."""
    return (
        Seat.objects.filter(
            table__round__tournament__evening__competition=season,
            table__totals_only=True,
        )
        .select_related("entry__player", "entry__tournament", "table__round")
        .order_by("position")
        .first()
    )


def test_the_club_page_counts_every_deal_and_names_the_typed_table(client, season):
    from seasons.stats_service import club_season

    page = club_season(season.club)
    stored = Deal.objects.filter(
        table__round__tournament__evening__competition=season
    ).count()
    assert stored == 7 * 4  # eight tables, one of them typed
    assert page.numbers.deals == stored  # evening 1 is not left out
    assert (page.coverage.tables, page.coverage.typed) == (8, 1)
    assert page.totals_only == [1]
    html = client.get(reverse("public:club", args=[season.club_id])).content.decode()
    assert "Counted: 28 deals of 8 tables; 1 table typed as totals" in html
    assert "Evening 1: 1 of 4 tables typed as totals" in html


def test_the_season_page_counts_the_typed_evenings_other_deals(client, season):
    from seasons.stats_service import season_player_stats

    seat = typed_seat(season)
    player = seat.entry.player
    mine = season_player_stats(season, player.pk)
    dealt = Seat.objects.filter(
        entry__player=player,
        table__round__tournament__evening__competition=season,
        table__totals_only=False,
    ).aggregate(deals=Sum("deals_played"), points=Sum("points"))
    assert (mine.stats.deals, mine.stats.points) == (dealt["deals"], dealt["points"])
    assert mine.coverage.tables == 4 and mine.coverage.typed == 1
    evening = next(e for e in mine.evenings if e.number == 1)
    assert not evening.totals_only  # it has deals: its statistics link stays
    path = reverse("public:season-player", args=[season.slug, player.public_id])
    html = client.get(path).content.decode()
    assert "1 table typed as totals" in html
    assert "Evening 1: 1 of 2 tables typed as totals" in html


def test_the_event_page_says_what_it_counted(client, season):
    seat = typed_seat(season)
    event = seat.entry.tournament
    path = reverse("public:player-stats", args=[event.slug, seat.entry_id])
    response = client.get(path)
    assert response.status_code == 200
    stats = response.context["stats"]
    html = response.content.decode()
    assert f"Counted: {stats.deals} deals of 2 tables; 1 table typed as totals" in html
    assert "Round 1: totals only" in html
    assert response.context["totals_only"] == [1]
