"""Build tournaments/seating/data/fives.json: zero-repeat schedules for
fields with tables of five, found by the seating search itself.

Run: ``python scripts/seating_fives.py [25x6 30x6 ...]`` (seconds per field).
The search is run without the stored schedules, seeds 1000, 1001, ... with
a 10 s budget until one reaches zero repeats; every schedule is verified
before it is written: each round seats 0..n-1 at the tables
``plan_tables(n)`` gives, no pair meets twice, and after every round the
5-table counts differ by at most one (tables of five in turn). The search
is timed, so another run may store other (equally valid) schedules.

These are the fields of ``make bench`` where the search took longest to
reach zero (25 x 6: up to 2 s of CPU for some seeds); the engine relabels a
stored schedule per seed as it does a design (docs/seating.md).
"""

import json
import os
import sys
from collections import Counter
from itertools import combinations
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "rikscore.settings")

import django

django.setup()

from tournaments.seating import engine, plan_tables, schedule, warm  # noqa: E402
from tournaments.seating.designs import FIVES  # noqa: E402

FIELDS = [(25, 6), (30, 6), (37, 8), (46, 10)]


def check(n: int, rounds: list) -> None:
    """Raise unless the schedule is repeat-free with tables of five in turn."""
    sizes = sorted(plan_tables(n).sizes)
    seen: set = set()
    fives: Counter = Counter()
    for tables in rounds:
        assert sorted(p for t in tables for p in t) == list(range(n))
        assert sorted(map(len, tables)) == sizes
        for table in tables:
            for pair in combinations(sorted(table), 2):
                assert pair not in seen, pair
                seen.add(pair)
            if len(table) == 5:
                fives.update(table)
        counts = [fives[p] for p in range(n)]
        assert max(counts) - min(counts) <= 1


def find(n: int, rounds: int, tries: int = 20) -> list:
    for seed in range(1000, 1000 + tries):
        result = schedule(list(range(n)), rounds, seed=seed, time_limit=10.0)
        if result.repeats == 0:
            found = [
                sorted(sorted(int(p) for p in t) for t in r) for r in result.rounds
            ]
            check(n, found)
            return found
    raise SystemExit(f"{n} x {rounds}: no zero-repeat schedule found")


def main(argv: list[str]) -> None:
    fields = [tuple(map(int, a.split("x"))) for a in argv] or FIELDS
    warm()
    engine.stored_fives = lambda n, rounds: None  # search, do not look up
    entries = []
    for n, rounds in fields:
        entries.append(
            {"n": n, "name": f"stored {n}x{rounds}", "rounds": find(n, rounds)}
        )
        print(f"{n} x {rounds}: found", flush=True)
    FIVES.write_text("[\n" + ",\n".join(json.dumps(e) for e in entries) + "\n]\n")


if __name__ == "__main__":
    main(sys.argv[1:])
