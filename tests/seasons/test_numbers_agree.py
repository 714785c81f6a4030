"""The numbers agree (issue 27): a member's statistics show the ranking's
own figure and rank, teams count what the ranking counts, the absent rule
fills no evening before a player's first, and evenings with totals only are
named instead of counted as deals.

The pure part runs on hand-made and on generated seasons (hypothesis); the
pages on the demo season of ``conftest.season``.
"""

import re

import pytest
from django.db.models import Sum
from django.urls import reverse
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.models import Deal
from seasons.models import Team
from seasons.ranking import (
    EveningResult,
    SeasonRules,
    evening_ranks,
    rank_teams,
    season_ranking,
    team_scores,
)
from seasons.services import season_standings, season_team_rows
from seasons.stats import ranking_build_up
from seasons.stats_service import club_season
from tests.examples import examples
from tournaments.models import Entry, Player, Seat, TableRound


def results_of(points: dict[int, dict[int, tuple[int, int]]], evenings):
    """{player: {evening: EveningResult}} from {player: {evening: (points,
    deals)}}, the evening's ranks worked out as the service does."""
    ranks = {
        e: evening_ranks({p: ev[e][0] for p, ev in points.items() if e in ev})
        for e in evenings
    }
    return {
        p: {e: EveningResult(pts, deals, ranks[e][p]) for e, (pts, deals) in ev.items()}
        for p, ev in points.items()
    }


# -- the absent rule: nothing before a player's first evening -----------------------
@pytest.mark.parametrize("absent", ["zero", "average"])
def test_a_newcomer_with_one_evening_gets_no_evenings_before_it(absent):
    evenings = [1, 2, 3]
    points = {1: {1: (20, 20), 2: (-10, 20), 3: (5, 20)}, 2: {3: (10, 20)}}
    rows = season_ranking(
        evenings, results_of(points, evenings), SeasonRules(absent=absent)
    )
    newcomer = next(r for r in rows if r.player == 2)
    assert list(newcomer.cells) == [3] and newcomer.total == 10
    veteran = next(r for r in rows if r.player == 1)
    assert (veteran.rank, newcomer.rank) == (1, 2)  # filled, it was 30 and first


def test_an_evening_missed_after_the_first_is_still_filled():
    evenings = [1, 2, 3, 4]
    points = {1: {1: (10, 20), 2: (10, 20), 3: (10, 20), 4: (10, 20)}}
    points[2] = {2: (30, 20), 4: (10, 20)}
    rows = season_ranking(
        evenings, results_of(points, evenings), SeasonRules(absent="average")
    )
    late = next(r for r in rows if r.player == 2)
    assert sorted(late.cells) == [2, 3, 4] and not late.cells[3].played
    assert late.total == 30 + 20 + 10  # evening 3 as the average of 30 and 10


players = st.integers(1, 6)
evening_numbers = st.lists(st.integers(1, 8), min_size=1, max_size=6, unique=True)


@st.composite
def seasons(draw):
    evenings = sorted(draw(evening_numbers))
    points = {}
    for player in range(1, draw(players) + 1):
        played = draw(st.lists(st.sampled_from(evenings), unique=True, max_size=6))
        points[player] = {
            e: (draw(st.integers(-200, 200)), draw(st.integers(1, 24))) for e in played
        }
    points = {p: ev for p, ev in points.items() if ev}
    rules = SeasonRules(
        method=draw(st.sampled_from(["sum", "average", "placement"])),
        placement_points=(10, 8, 6, 4),
        best_of=draw(st.none() | st.integers(1, 4)),
        min_evenings=draw(st.integers(0, 4)),
        absent=draw(st.sampled_from(["zero", "average", "nothing"])),
        order=draw(st.sampled_from(["high", "low"])),
    )
    return evenings, results_of(points, evenings), rules


@settings(max_examples=examples(200), deadline=None)
@given(seasons())
def test_the_absent_rule_never_fills_an_evening_before_the_first(season):
    evenings, results, rules = season
    for row in season_ranking(evenings, results, rules):
        first = min(results[row.player], key=evenings.index)
        before = evenings[: evenings.index(first)]
        assert not set(row.cells) & set(before)
        for number, cell in row.cells.items():
            assert cell.played == (number in results[row.player])


@settings(max_examples=examples(200), deadline=None)
@given(seasons(), st.data())
def test_a_team_counts_its_ranked_members_ranking_totals(season, data):
    evenings, results, rules = season
    rows = season_ranking(evenings, results, rules)
    by_player = {r.player: r for r in rows}
    everyone = sorted(by_player) or [0]  # a team of nobody when nobody played
    members = [
        p for p in data.draw(st.lists(st.sampled_from(everyone), unique=True)) if p
    ]
    best_of = data.draw(st.none() | st.integers(1, 3))
    scores, unranked = team_scores(rows)
    high = rules.order == "high"
    (team,) = rank_teams(
        [(1, "T", best_of, [(p, str(p)) for p in members])], scores, unranked, high
    )
    ranked = sorted(
        (by_player[p].total for p in members if by_player[p].qualified),
        reverse=high,
    )
    expected = ranked[:best_of] if best_of else ranked
    assert team.total == pytest.approx(sum(expected))
    for member in team.members:
        row = by_player[int(member.name)]
        assert member.ranked == row.qualified
        assert member.score == (row.total if row.qualified else None)


@settings(max_examples=examples(200), deadline=None)
@given(seasons())
def test_the_build_up_ends_at_the_ranking_total(season):
    evenings, results, rules = season
    for row in season_ranking(evenings, results, rules):
        cells = [row.cells.get(n) for n in evenings]
        last = ranking_build_up(cells, rules.method == "average")[-1]
        assert last == pytest.approx(row.total, abs=0.01)


# -- the pages -------------------------------------------------------------------
@pytest.fixture
def client(client):
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    return client


def player_page(client, season, player_id: int):
    public_id = Player.objects.get(pk=player_id).public_id
    response = client.get(
        reverse("public:season-player", args=[season.slug, public_id])
    )
    assert response.status_code == 200
    return response


def the_row(season, player_id: int):
    standings = season_standings(season, public=True)
    return next(r for r in standings.rows if r.player == player_id), standings


def most_evenings(season) -> int:
    counts = {}
    for player in Entry.objects.filter(
        tournament__evening__competition=season
    ).values_list("player_id", flat=True):
        counts[player] = counts.get(player, 0) + 1
    return max(sorted(counts), key=counts.get)


def make_totals_only(evening) -> None:
    """What the totals page stores: the tables marked, no deals, the seats
    keeping their totals."""
    tables = TableRound.objects.filter(round__tournament=evening.tournament)
    Deal.objects.filter(table__in=tables).delete()
    tables.update(totals_only=True)


@pytest.mark.django_db
def test_the_season_page_shows_the_rankings_total_and_rank(client, season):
    season.best_of = 2
    season.save()
    player = most_evenings(season)
    row, standings = the_row(season, player)
    response = player_page(client, season, player)
    page = response.context["season"]
    assert page.row.total == row.total and page.row.rank == row.rank
    ranked = sum(r.qualified for r in standings.rows)
    html = response.content.decode()
    assert f"rank {row.rank} of {ranked}" in html
    dropped = [e.number for e in page.evenings if not e.counts]
    assert dropped == [n for n, c in row.cells.items() if c.dropped] and dropped
    assert html.count('class="badge">does not count') == len(dropped)
    last = page.progress.lines[0][1][-1]
    assert last == row.total  # the chart ends at the ranking total
    assert f": {last}</desc>" in html


@pytest.mark.django_db
def test_below_the_minimum_the_page_says_not_ranked(client, season):
    season.min_evenings = 9
    season.save()
    player = most_evenings(season)
    row, _standings = the_row(season, player)
    html = player_page(client, season, player).content.decode()
    assert f"not ranked: {row.played} of 9 evenings" in html


@pytest.mark.django_db
def test_a_totals_only_evening_counts_in_the_ranking_and_is_named(client, season):
    player = most_evenings(season)
    before, _s = the_row(season, player)
    evening = season.evenings.select_related("tournament").get(number=2)
    make_totals_only(evening)
    after, _s = the_row(season, player)
    assert after.total == before.total  # the seats keep the typed totals
    response = player_page(client, season, player)
    html = response.content.decode()
    assert "Evening 2: totals only" in html
    stats = response.context["stats"]
    stored = Seat.objects.filter(
        entry__player_id=player,
        table__round__tournament__evening__competition=season,
        table__totals_only=False,
    ).aggregate(deals=Sum("deals_played"), points=Sum("points"))
    assert (stats.deals, stats.points) == (stored["deals"], stored["points"])
    assert response.context["season"].totals_only == [2]
    page = club_season(season.club)
    assert page.totals_only == [2]
    event_deals = Deal.objects.filter(
        table__round__tournament__evening__competition=season
    ).count()
    assert page.numbers.deals == event_deals
    club_html = client.get(reverse("public:club", args=[season.club_id])).content
    assert b"Evening 2: totals only" in club_html


@pytest.mark.django_db
def test_the_event_page_names_a_totals_only_round(client, season):
    evening = season.evenings.select_related("tournament").get(number=1)
    table = TableRound.objects.filter(round__tournament=evening.tournament).get(
        round__number=2, number=1
    )
    Deal.objects.filter(table=table).delete()
    TableRound.objects.filter(pk=table.pk).update(totals_only=True)
    entry = table.seats.first().entry
    path = reverse("public:player-stats", args=[evening.tournament.slug, entry.pk])
    response = client.get(path)
    assert response.status_code == 200
    assert "Round 2: totals only" in response.content.decode()
    assert response.context["totals_only"] == [2]


@pytest.mark.django_db
def test_a_team_counts_nothing_for_a_member_not_ranked(client, season):
    season.min_evenings = 4
    season.save()
    standings = season_standings(season, public=True)
    unranked = {r.player for r in standings.rows if not r.qualified}
    ranked = {r.player: r.total for r in standings.rows if r.qualified}
    assert unranked and ranked
    team = Team.objects.create(name="Mix", competition=season)
    team.members.set([*sorted(unranked)[:2], *sorted(ranked)[:2]])
    rows = {t.name: t for t in season_team_rows(season, public=True)}
    assert rows["Mix"].total == sum(ranked[p] for p in sorted(ranked)[:2])
    flags = [m.ranked for m in rows["Mix"].members]
    assert flags.count(False) == 2
    html = client.get(reverse("public:season-teams", args=[season.slug])).content
    assert re.search(rb"\(not ranked\)", html)
    detail = season_team_rows(season, standings=season_standings(season))
    assert {t.name for t in detail} >= {"Mix"}
