"""Standings of a 400-player × 8-round × 16-deal event (12,800 deals).

Target: ≤ 150 ms server time for ``standings_for`` plus the row dicts the
page shows. Also times a full GET of the public standings page (rendering
400 rows included). Runs in a throwaway test database.
"""

import contextlib
import statistics
import time

PASSES = 7
EVENT = ("bench400", 400, 8, 16)


@contextlib.contextmanager
def test_database():
    """A fresh test database (an SQLite file as the tests use, unless
    DATABASE_URL says otherwise), destroyed afterwards."""
    from django.db import connection
    from django.test.utils import setup_test_environment, teardown_test_environment

    setup_test_environment()
    old_name = connection.settings_dict["NAME"]
    connection.creation.create_test_db(verbosity=0)
    try:
        yield
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)
        teardown_test_environment()


def median_ms(fn, passes: int = PASSES) -> float:
    fn()  # warm-up: imports, template loading
    times = []
    for _ in range(passes):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def run() -> None:
    from django.test import Client
    from django.urls import reverse

    from demo.events import generate_event
    from scoring.rowsource import standings_rows
    from scoring.services import standings_for

    with test_database():
        start = time.perf_counter()
        tournament = generate_event(*EVENT)
        generated = time.perf_counter() - start
        print(f"standings_400_generate_s: {generated:.1f} s")
        ranked = median_ms(lambda: standings_for(tournament))
        print(f"standings_for_400_ms: {ranked:.1f} ms")
        server = median_ms(lambda: standings_rows(tournament, public=True))
        print(f"standings_400_ms: {server:.1f} ms")
        client = Client()
        path = reverse("public:standings", args=[tournament.slug])

        def get():
            assert client.get(path).status_code == 200

        print(f"standings_400_page_ms: {median_ms(get):.1f} ms")
