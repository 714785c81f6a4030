"""``season_standings_ms``: the season ranking of 40 evenings × 60 players ×
40 deals (2 partijen of 20), target ≤ 300 ms, with the number of queries it
reads (a test checks that it does not grow with the season). Median of 3,
in a throw-away test database."""

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
        from seasons.demo import generate_season
        from seasons.services import season_standings

        started = time.perf_counter()
        season = generate_season(
            "bench-season", players=60, evenings=40, deals=20, attendance=(60, 60)
        )
        print(f"season_setup_s: {time.perf_counter() - started:.1f} s (not a target)")
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
