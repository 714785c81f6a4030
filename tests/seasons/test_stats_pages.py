"""The public statistics pages: a player in an event, over a season, a club.

The numbers are checked against what the seats stored when the deals were
saved (``scoring.services.totals``): a different road to the same sums.
"""

import xml.etree.ElementTree as ET

import pytest
from django.db import connection
from django.db.models import Count, Sum
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scoring.models import Deal
from scoring.rowsource import deal_rows, events_deal_rows
from seasons.stats_service import club_season, season_player_stats
from tournaments.models import Entry, Player, Round, Seat

pytestmark = pytest.mark.django_db


def seat_totals(**where) -> dict:
    return Seat.objects.filter(**where).aggregate(
        points=Sum("points"),
        deals=Sum("deals_played"),
        made=Sum("declared_made"),
        sanctions=Sum("sanction_points"),
    )


def regular(season):
    """The player who came to most evenings (their id)."""
    found = (
        Entry.objects.filter(tournament__evening__competition=season)
        .values("player_id")
        .annotate(n=Count("id"))
        .order_by("-n", "player_id")
        .first()
    )
    return found["player_id"]


def public_id(player_id: int) -> str:
    """The player's address on the public pages."""
    return Player.objects.get(pk=player_id).public_id


def count_queries(client, path) -> int:
    with CaptureQueriesContext(connection) as ctx:
        response = client.get(path)
    assert response.status_code == 200, path
    return len(ctx.captured_queries)


def the_svg(html: str):
    start, end = html.index("<svg"), html.index("</svg>") + len("</svg>")
    return ET.fromstring(html[start:end])


def test_the_season_rows_are_the_event_rows(season):
    event = season.evenings.get(number=1).tournament
    one = list(deal_rows(event))
    many = [r for r in events_deal_rows([event]) if r["event"] == event.pk]
    assert many == one and one
    assert {"plays", "sanction_seats", "event"} <= set(one[0])


def test_a_players_event_statistics_match_the_seats_stored_totals(client, season):
    event = season.evenings.get(number=1).tournament
    entry = event.entries.select_related("player").first()
    response = client.get(reverse("public:player-stats", args=[event.slug, entry.pk]))
    assert response.status_code == 200
    stats = response.context["stats"]
    stored = seat_totals(entry=entry)
    assert stats.deals == stored["deals"] and stats.points == stored["points"]
    assert stats.declared_total.made == stored["made"]
    assert stats.sanction_points == stored["sanctions"]
    html = response.content.decode()
    svg = the_svg(html)
    assert svg.get("role") == "img" and entry.player.name in svg.get("aria-label")
    assert 'class="table-wrap"' in html
    season_player = reverse(
        "public:season-player", args=[season.slug, entry.player.public_id]
    )
    assert season_player in html


def test_the_player_page_links_to_the_statistics(client, season):
    event = season.evenings.get(number=1).tournament
    entry = event.entries.first()
    html = client.get(reverse("public:player", args=[event.slug, entry.pk])).content
    assert reverse("public:player-stats", args=[event.slug, entry.pk]).encode() in html


def test_a_players_season_statistics_add_up_every_evening(client, season):
    player = regular(season)
    path = reverse("public:season-player", args=[season.slug, public_id(player)])
    response = client.get(path)
    assert response.status_code == 200
    stats = response.context["stats"]
    stored = seat_totals(
        entry__player_id=player, table__round__tournament__evening__competition=season
    )
    assert stats.deals == stored["deals"] and stats.points == stored["points"]
    assert stats.declared_total.made == stored["made"]
    assert stats.sanction_points == stored["sanctions"]
    evenings = response.context["season"].evenings
    assert sum(points for *_x, points in evenings) == stored["points"]
    svg = the_svg(response.content.decode())
    assert len(svg.findall("{http://www.w3.org/2000/svg}path")) == 1
    partners = stats.partners
    assert len({p.key for p in partners}) == len(partners)  # one line per player


def test_rounds_not_published_do_not_count(season):
    player = regular(season)
    before = season_player_stats(season, player).stats.deals
    evening = season.evenings.order_by("number").first().tournament
    Round.objects.filter(tournament=evening, number=2).update(published=False)
    hidden = (
        seat_totals(
            entry__player_id=player,
            table__round__tournament=evening,
            table__round__number=2,
        )["deals"]
        or 0
    )
    assert season_player_stats(season, player).stats.deals == before - hidden


def test_the_club_page_shows_the_seasons_numbers(client, season):
    response = client.get(reverse("public:club", args=[season.club_id]))
    assert response.status_code == 200
    page = response.context["page"]
    assert page.current == season
    assert (
        page.numbers.deals
        == Deal.objects.filter(
            table__round__tournament__evening__competition=season
        ).count()
    )
    assert len(page.numbers.contracts) == 5
    times = [c.times for c in page.numbers.contracts]
    assert times == sorted(times, reverse=True)
    sizes = [abs(b.points) for b in page.numbers.biggest]
    assert len(sizes) == 5 and sizes == sorted(sizes, reverse=True)
    html = response.content.decode()
    assert season.name in html and page.numbers.contracts[0].name in html
    path = reverse(
        "public:season-player", args=[season.slug, public_id(regular(season))]
    )
    assert path in html


def test_the_season_pages_read_a_constant_number_of_queries(client):
    from demo.season import generate_season

    small = generate_season("s1", players=8, evenings=2, deals=4, attendance=(8, 8))
    large = generate_season(
        "s2",
        players=16,
        evenings=5,
        deals=4,
        seed=2,
        attendance=(12, 16),
        club="De Troefaas",
    )
    counts = {}
    for season in (small, large):
        player = regular(season)
        counts[season.slug] = [
            count_queries(
                client,
                reverse("public:season-player", args=[season.slug, public_id(player)]),
            ),
            count_queries(client, reverse("public:club", args=[season.club_id])),
        ]
    assert counts["s1"] == counts["s2"], counts
    assert max(counts["s1"]) <= 8, counts


def test_the_event_page_reads_a_constant_number_of_queries(client):
    from django.core.cache import cache

    from demo.events import generate_event

    counts = []
    for slug, players, rounds in (("e-small", 8, 2), ("e-large", 24, 4)):
        event = generate_event(slug, players, rounds, 4, seed=3)
        entry = event.entries.first()
        cache.clear()
        counts.append(
            count_queries(client, reverse("public:player-stats", args=[slug, entry.pk]))
        )
    assert counts[0] == counts[1], counts


def test_unknown_ids_are_not_found(client, season):
    event = season.evenings.get(number=1).tournament
    elsewhere = Entry.objects.exclude(tournament=event).first()
    stranger = Player.objects.create(name="Vreemde Eend")  # in no evening
    missing = [
        reverse("public:player-stats", args=[event.slug, 999999]),
        reverse("public:player-stats", args=[event.slug, elsewhere.pk]),
        reverse("public:player-stats", args=["no-such-event", 1]),
        reverse("public:season-player", args=["no-such-season", 1]),
        reverse("public:season-player", args=[season.slug, 999999]),
        reverse("public:club", args=[999999]),
        reverse("public:season-player", args=[season.slug, stranger.public_id]),
        reverse("public:season-player", args=[season.slug, regular(season)]),
    ]
    for path in missing:
        assert client.get(path).status_code == 404, path


def test_a_club_without_seasons_has_a_page(client):
    from tournaments.models import Club

    club = Club.objects.create(name="Nieuw <b>")
    response = client.get(reverse("public:club", args=[club.pk]))
    assert response.status_code == 200
    assert b"Nieuw &lt;b&gt;" in response.content
    assert club_season(club).current is None
