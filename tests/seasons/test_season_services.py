"""The season's services on the database: standings in a constant number of
queries, next week's evening in one action, the season's seating history."""

import datetime

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from seasons.models import Competition, Evening
from seasons.seating import earlier_evenings, season_repeats
from seasons.services import (
    SeasonClosedError,
    create_evening,
    season_standings,
    update_ranking,
)
from tournaments.models import Entry, Seat


def evening_players(season, number):
    entries = Entry.objects.filter(
        tournament__evening__competition=season, tournament__evening__number=number
    ).select_related("player")
    return [e.player for e in entries]


def test_season_standings_add_up_the_evenings_stored_totals(season):
    standings = season_standings(season)
    assert standings.evenings == [1, 2, 3, 4]
    for row in standings.rows:
        seats = Seat.objects.filter(
            entry__player_id=row.player,
            table__round__tournament__evening__competition=season,
        )
        assert row.points == sum(s.points for s in seats)
        assert row.played == len({s.table.round.tournament_id for s in seats})
    assert sum(r.points for r in standings.rows) == 0  # zero-sum over a season
    assert standings.rows[0].rank == 1
    assert standings.prizes  # top 3 by default


def test_season_standings_read_a_constant_number_of_queries(db):
    from demo.season import generate_season

    small = generate_season("q1", players=8, evenings=2, deals=4, attendance=(8, 8))
    large = generate_season(
        "q2", players=16, evenings=6, deals=4, seed=2, attendance=(12, 16)
    )
    counts = []
    for competition in (small, large):
        with CaptureQueriesContext(connection) as ctx:
            season_standings(competition)
        counts.append(len(ctx.captured_queries))
    assert counts[0] == counts[1], counts


def test_the_ranking_method_changes_until_the_season_is_closed(season):
    update_ranking(season, method=Competition.Method.AVERAGE, best_of=3)
    assert season_standings(season).rows
    season.closed = True
    season.save()
    with pytest.raises(SeasonClosedError):
        update_ranking(season, method=Competition.Method.SUM)


def test_next_evening_is_one_action_with_the_ticked_players_checked_in(season):
    players = evening_players(season, 1)
    event = create_evening(season, datetime.date(2026, 11, 3), players[:9])
    evening = Evening.objects.get(tournament=event)
    assert evening.number == 5
    assert event.rounds == season.partijen
    assert event.deals_per_round == season.deals_per_partij
    assert set(event.entries.values_list("status", flat=True)) == {"present"}
    assert event.entries.count() == 9


def test_an_evening_is_seated_with_the_seasons_history(season):
    players = evening_players(season, 4)
    event = create_evening(season, datetime.date(2026, 11, 3), players)
    history = earlier_evenings(None, event)
    assert len(history) == 4 * season.partijen
    entries = set(event.entries.values_list("pk", flat=True))
    # members not entered tonight keep their seats under a negative id
    assert {p for tables in history for t in tables for p in t if p > 0} <= entries
    assert all(len(t) in (4, 5) for tables in history for t in tables)
    report = season_repeats(season)
    assert report.repeats >= report.lower_bound >= 0
    assert report.rounds == 4 * season.partijen


def test_the_seating_spreads_meetings_and_tables_of_five_over_the_season(
    db, monkeypatch
):
    """Four evenings of 13 players (one table of five each partij), seated
    through the round page's engine: with the season's history nobody sits at
    the table of five much more often than anyone else (without it: 2 to 5
    turns), and repeats stay near the bound."""
    import random

    from demo.events import make_players
    from seasons.models import Competition
    from tournaments.models import Club, Round
    from tournaments.seating_screen import generate_tables
    from tournaments.services import seat_round

    # Each search here ends by its restarts in 0.1-0.3 s, near the 0.3 s that
    # the round page's 1 s budget gives its first run: with 10 s the runs end
    # by their restarts alone, so a busy machine cannot change the seating.
    monkeypatch.setattr("tournaments.seating_screen.TIME_LIMIT", 10.0)
    club = Club.objects.create(name="Vijftal")
    players = make_players(13, random.Random(4))
    competition = Competition.objects.create(
        club=club, name="Vijftal", slug="vijf", partijen=2, deals_per_partij=5
    )
    for week in range(4):
        event = create_evening(
            competition, datetime.date(2026, 10, 6 + 7 * week), players
        )
        for round_ in Round.objects.filter(tournament=event).order_by("number"):
            tables, byes, diag = generate_tables(round_)
            assert not diag["error"], diag
            seat_round(round_, tables, byes=byes)
    report = season_repeats(competition)
    duty = [report.five_duty.get(p.pk, 0) for p in players]
    assert sum(duty) == 8 * 5
    # Seated without the season's history the turns spread 2..5.
    assert max(duty) - min(duty) <= 2, duty
    assert report.repeats <= report.lower_bound + 8, report
