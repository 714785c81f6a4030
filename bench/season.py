"""``season_standings_ms``: the season ranking of 40 evenings × 60 players ×
40 deals (2 partijen of 20), target ≤ 300 ms, with the number of queries it
reads (a test checks that it does not grow with the season). Every third
evening is entered as totals only (no deals, the seats' typed totals), as a
club that switches mid-season has it. Median of 3, in a throw-away test
database."""

import statistics
import time

RUNS = 3


def run() -> None:
    from django.db import connection
    from django.test.utils import (
        CaptureQueriesContext,
        setup_test_environment,
        teardown_test_environment,
    )

    setup_test_environment()
    old_name = connection.settings_dict["NAME"]
    connection.creation.create_test_db(verbosity=0)
    try:
        from demo.season import generate_season
        from seasons.services import season_standings

        started = time.perf_counter()
        season = generate_season(
            "bench-season", players=60, evenings=40, deals=20, attendance=(60, 60)
        )
        totals = _totals_only(season)
        print(f"season_setup_s: {time.perf_counter() - started:.1f} s (not a target)")
        print(f"season_totals_only_evenings: {totals} of 40")
        walls = []
        for _ in range(RUNS):
            wall = time.perf_counter()
            with CaptureQueriesContext(connection) as queries:
                season_standings(season)
            walls.append(time.perf_counter() - wall)
        ms = statistics.median(walls) * 1000
        print(f"season_standings_ms: {ms:.0f} ms ({len(queries)} queries)")
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)
        teardown_test_environment()


def _totals_only(season) -> int:
    """Every third evening as a totals-only evening: its deals gone, its
    tables marked, the seats keeping the totals (what the totals page
    stores). Returns how many evenings."""
    from scoring.models import Deal
    from tournaments.models import TableRound

    numbers = list(
        season.evenings.filter(number__gt=0).values_list("number", flat=True)
    )
    chosen = [n for n in numbers if n % 3 == 0]
    where = {"round__tournament__evening__number__in": chosen}
    tables = TableRound.objects.filter(round__tournament__evening__competition=season)
    Deal.objects.filter(table__in=tables.filter(**where).values("pk")).delete()
    tables.filter(**where).update(totals_only=True)
    return len(chosen)
