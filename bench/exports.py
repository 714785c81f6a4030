"""Export figures on a generated 400-player × 8-round × 16-deal event.

- ``sheets_100_tables_s``: blank score sheets of one round (100 tables),
  target ≤ 2 s;
- ``xlsx_400_s``: the whole event as XLSX (values, formats, filters), target
  ≤ 2 s;
- ``xlsx_400_peak_mb``: peak Python memory while writing it, measured with
  tracemalloc in a separate, untimed run (tracemalloc slows the code down),
  target ≤ 200 MB;
- ``cards_400_s`` and ``cards_400_peak_mb``: the player cards of all 400
  players (one request), target ≤ 3 s and ≤ 200 MB.

Prints medians (wall clock, plus CPU time: the machine may be shared). The
event lives in a throw-away test database, destroyed afterwards.
"""

import statistics
import time
import tracemalloc

RUNS = 3


def _median(fn) -> tuple[float, float]:
    walls, cpus = [], []
    for _ in range(RUNS):
        wall, cpu = time.perf_counter(), time.process_time()
        fn()
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    return statistics.median(walls), statistics.median(cpus)


def _peak(fn) -> float:
    """Peak traced Python memory of one call, in MB."""
    tracemalloc.start()
    try:
        fn()
        return tracemalloc.get_traced_memory()[1] / 2**20
    finally:
        tracemalloc.stop()


def xlsx(event) -> None:
    """``xlsx_400_s`` and ``xlsx_400_peak_mb`` of ``event``."""
    from documents.xlsx_event import workbook

    wall, cpu = _median(lambda: workbook(event))
    print(f"xlsx_400_s: {wall:.2f} s (cpu {cpu:.2f} s)")
    print(f"xlsx_400_peak_mb: {_peak(lambda: workbook(event)):.1f} MB (tracemalloc)")


def run() -> None:
    from django.db import connection
    from django.test.utils import setup_test_environment, teardown_test_environment

    setup_test_environment()
    old_name = connection.settings_dict["NAME"]
    connection.creation.create_test_db(verbosity=0)
    try:
        from demo.events import generate_event
        from documents.pdf_cards import player_cards
        from documents.pdf_sheets import score_sheets

        event = generate_event("bench400", 400, 8, 16)
        score_sheets(event, 1, filled=False)  # warm up fonts and imports
        wall, cpu = _median(lambda: score_sheets(event, 1, filled=False))
        print(f"sheets_100_tables_s: {wall:.2f} s (cpu {cpu:.2f} s)")
        xlsx(event)
        wall, cpu = _median(lambda: player_cards(event))
        print(f"cards_400_s: {wall:.2f} s (cpu {cpu:.2f} s)")
        peak = _peak(lambda: player_cards(event))
        print(f"cards_400_peak_mb: {peak:.1f} MB (tracemalloc)")
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)
        teardown_test_environment()
