"""The public season pages: the list, the standings (evenings × players),
the team ranking; published rounds only, a constant number of queries."""

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import NoReverseMatch, reverse

from seasons.models import Evening, Team
from seasons.services import season_standings
from tournaments.models import Player, Round


@pytest.fixture(autouse=True)
def english(client):
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"


def page(client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200, url
    return response.content.decode()


def season_url(season, name="public:season") -> str:
    return reverse(name, args=[season.slug])


def test_the_list_links_every_season_and_the_home_page_links_the_list(client, season):
    html = page(client, reverse("public:seasons"))
    assert season.name in html
    assert f'href="{season_url(season)}"' in html
    assert "4 evenings" in html
    assert f'href="{reverse("public:seasons")}"' in page(client, "/")


def test_the_standings_show_every_player_rank_and_total_pinned(client, season):
    standings = season_standings(season, public=True)
    html = page(client, season_url(season))
    assert '<div class="table-wrap"><table class="standings season-table">' in html
    for row in standings.rows:
        assert standings.names[row.player] in html
    first = standings.rows[0]
    assert re.search(
        r'<td class="num pin-rank">1</td>\s*<td class="pin-name">'
        + re.escape(standings.names[first.player]),
        html,
    )
    assert f'<td class="num pin-total">{first.total:g}</td>' in html


def test_each_evening_header_opens_that_evening(client, season):
    html = page(client, season_url(season))
    for evening in season.evenings.select_related("tournament"):
        url = reverse("public:standings", args=[evening.tournament.slug])
        assert f'<a href="{url}" title=' in html
        assert f">E{evening.number}</a>" in html


def test_prizes_are_marked_and_the_prize_table_explained(client, season):
    season.prizes = {"top": 2, "newcomer": False, "booby": True}
    season.save()
    standings = season_standings(season, public=True)
    html = page(client, season_url(season))
    assert "Places 1 to 2 win a prize." in html
    assert "The last place wins the booby prize." in html
    assert html.count('<span class="badge ok prize">prize 1</span>') == 1
    assert 'class="badge ok prize">booby prize</span>' in html
    last = [r for r in standings.rows if r.qualified][-1]
    legend = html[html.index('class="rows prize-table"') :]
    assert standings.names[last.player] in legend


def test_a_dropped_evening_is_struck_through(client, season):
    season.best_of = 2
    season.save()
    html = page(client, season_url(season))
    assert "<s title=" in html
    assert "Only the best 2 evenings count" in html


def test_a_missed_evening_is_a_dash_or_its_filled_value(client, season):
    standings = season_standings(season, public=True)
    assert any(r.played < 4 for r in standings.rows)
    assert '<td class="num">—</td>' in page(client, season_url(season))
    season.absent = "zero"
    season.save()
    html = page(client, season_url(season))
    assert "(0)</span>" in html
    assert "In brackets: an evening missed" in html


def test_players_below_the_minimum_are_listed_below_the_ranking(client, season):
    season.min_evenings = 4
    season.save()
    standings = season_standings(season, public=True)
    below = [r for r in standings.rows if not r.qualified]
    assert below
    html = page(client, season_url(season))
    heading = html.index("Not ranked yet")
    for row in below:
        assert html.index(standings.names[row.player]) > heading
    assert "at least 4 evenings" in html


def test_only_published_rounds_count(client, season):
    evening = season.evenings.get(number=4)
    Round.objects.filter(tournament=evening.tournament).update(published=False)
    html = page(client, season_url(season))
    assert ">E4</a>" not in html
    assert ">E3</a>" in html
    assert "no results published yet" in html


def test_a_season_without_results_says_so(client, season):
    Round.objects.filter(tournament__evening__competition=season).update(
        published=False
    )
    html = page(client, season_url(season))
    assert "No results have been published yet." in html


def test_unknown_season_is_404(client, db):
    assert client.get("/s/nope/").status_code == 404
    assert client.get("/s/nope/teams/").status_code == 404


def test_the_team_page_ranks_season_and_evening_teams(client, season):
    standings = season_standings(season, public=True)
    totals = {r.player: r.total for r in standings.rows}
    evening = season.evenings.select_related("tournament").get(number=2)
    players = list(evening.tournament.entries.values_list("player_id", flat=True))
    team = Team.objects.create(name="Avondploeg", tournament=evening.tournament)
    team.members.set(players[:2])
    html = page(client, season_url(season, "public:season-teams"))
    assert "Team 1" in html and "Team 2" in html
    season_team = Team.objects.get(name="Team 1")
    expected = sum(totals.get(p.pk, 0) for p in season_team.members.all())
    assert f"<strong>{expected:g}</strong>" in html
    section = html[html.index("Avondploeg") - 400 :]
    assert reverse("public:standings", args=[evening.tournament.slug]) in section
    points = {
        r.player: r.cells[2].points
        for r in standings.rows
        if 2 in r.cells and r.cells[2].played
    }
    assert f"<strong>{sum(points[p] for p in players[:2]):g}</strong>" in section


def test_the_pages_link_the_rating_list(client, season):
    html = page(client, season_url(season))
    try:
        ratings = reverse("public:ratings")
    except NoReverseMatch:  # the rating list may come later
        ratings = "/ratings/"
    assert f'href="{ratings}"' in html


def queries(client, url: str) -> int:
    with CaptureQueriesContext(connection) as ctx:
        assert client.get(url).status_code == 200
    return len(ctx.captured_queries)


def test_a_constant_number_of_queries_whatever_the_season(client, season):
    from demo.season import generate_season

    big = generate_season(
        "big",
        players=30,
        evenings=9,
        deals=3,
        seed=5,
        attendance=(20, 30),
        teams=4,
        club="Grote Club",
    )
    for n, evening in enumerate(big.evenings.select_related("tournament")[:3]):
        team = Team.objects.create(name=f"Avond {n}", tournament=evening.tournament)
        team.members.set(
            evening.tournament.entries.values_list("player", flat=True)[:3]
        )
    first = season.evenings.select_related("tournament").first().tournament
    team = Team.objects.create(name="Avond", tournament=first)
    team.members.set(first.entries.values_list("player", flat=True)[:3])
    assert Evening.objects.filter(competition=big).count() == 9
    for name in ("public:season", "public:season-teams"):
        small = queries(client, season_url(season, name))
        large = queries(client, season_url(big, name))
        assert small == large, name
        assert large <= 12, name
    assert queries(client, reverse("public:seasons")) <= 3


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_the_season_pages_fit_a_phone(request, live_server):
    """At 360 px only the table scrolls; rank, name and total stay in view."""
    from demo.season import generate_season
    from tests.browser import needs_chromium
    from tests.e2e.test_public_phone import IN_VIEWPORT, OVERFLOW

    if needs_chromium.args[0]:
        pytest.skip("needs /usr/bin/chromium")
    browser = request.getfixturevalue("browser")  # the worker's Chromium
    prizes = {"top": 3, "newcomer": True, "booby": True}
    long = generate_season(
        "lang",
        players=16,
        evenings=12,
        deals=2,
        seed=4,
        attendance=(12, 16),
        teams=2,
        best_of=8,
        prizes=prizes,
    )
    player = Player.objects.filter(entries__tournament__evening__competition=long)[0]
    player.name = "Maximiliaan-Alexander van Oldenbarnevelt tot Zuylen"
    player.save(update_fields=["name"])
    urls = ["/s/", "/s/lang/", "/s/lang/teams/"]
    pinned = [
        f"table.standings tbody tr:first-child .pin-{k}"
        for k in ("rank", "name", "total")
    ]
    problems = []
    phone = {"width": 360, "height": 740}
    context = browser.new_context(
        viewport=phone, locale="nl-NL", base_url=live_server.url
    )
    page = context.new_page()
    for url in urls:
        assert page.goto(url).status == 200, url
        found = page.evaluate(OVERFLOW)
        if found["scroll"] > found["width"] or found["outside"]:
            problems.append((url, found))
    page.goto("/s/lang/")
    for selector in pinned:
        if page.evaluate(IN_VIEWPORT, selector) is not True:
            problems.append(("/s/lang/", selector))
    context.close()
    assert not problems, problems
