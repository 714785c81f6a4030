"""Stored full schedules (data/schedules.json): valid, repeat-free, used."""

import json
from itertools import combinations

import pytest

from tournaments.seating import schedule
from tournaments.seating.designs import SCHEDULES, best_design

STORED = json.loads(SCHEDULES.read_text())


def pair_counts(rounds) -> dict[tuple, int]:
    seen: dict[tuple, int] = {}
    for tables in rounds:
        for table in tables:
            for a, b in combinations(sorted(table), 2):
                seen[a, b] = seen.get((a, b), 0) + 1
    return seen


def test_expected_cases_are_stored():
    assert {(e["n"], len(e["rounds"])) for e in STORED} >= {(28, 9), (36, 11), (40, 13)}


@pytest.mark.parametrize("entry", STORED, ids=lambda e: f"{e['n']}x{len(e['rounds'])}")
def test_stored_schedule_is_repeat_free_partition(entry):
    n, rounds = entry["n"], entry["rounds"]
    assert len(rounds) == (n - 1) // 3  # the upper bound: 3R <= n - 1
    for tables in rounds:
        assert all(len(t) == 4 for t in tables)
        assert sorted(p for t in tables for p in t) == list(range(n))
    counts = pair_counts(rounds)
    assert max(counts.values()) == 1
    if n % 12 == 4:  # resolvable BIBD: every pair exactly once
        assert len(counts) == n * (n - 1) // 2


@pytest.mark.parametrize("entry", STORED, ids=lambda e: f"{e['n']}x{len(e['rounds'])}")
def test_best_design_uses_stored_schedule(entry):
    n, r = entry["n"], len(entry["rounds"])
    design = best_design(n, r)
    assert design is not None and len(design.rounds) == r


@pytest.mark.parametrize("entry", STORED, ids=lambda e: f"{e['n']}x{len(e['rounds'])}")
def test_schedule_is_repeat_free_at_the_bound(entry):
    n, r = entry["n"], len(entry["rounds"])
    players = list(range(n))
    result = schedule(players, r, seed=3, time_limit=10)
    assert result.repeats == 0
    assert max(pair_counts(result.rounds).values()) == 1
    for tables in result.rounds:
        assert sorted(p for t in tables for p in t) == players
    assert result.seconds < 5  # the stored design, not the budget
