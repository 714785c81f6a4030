"""A budget is a ceiling and the bound is a finish line: the engine
stops as soon as its schedule sits at the lower bound, and never overruns a
tiny budget on the largest fields, whichever path it takes."""

import time

import pytest

from tournaments.seating import schedule


@pytest.mark.parametrize(
    ("n", "rounds", "byes"),
    [(400, 10, False), (401, 10, False), (403, 10, True), (997, 10, False)],
)
def test_a_tiny_budget_holds_on_the_largest_fields(n, rounds, byes):
    # CPU time, not the wall clock: other processes on a shared machine slow
    # the wall clock down, never the work this one does.
    began = time.process_time()
    result = schedule(list(range(n)), rounds, time_limit=0.05, byes=byes)
    took = time.process_time() - began
    assert len(result.rounds) == rounds
    # What this guards against is a search that ignores its budget (seconds
    # on these fields); the margin is wide because building the first
    # schedule of 997 players alone takes most of a second on a busy machine,
    # and 2.7 s of CPU on a slower one (CI, 2026-11-28): far from the limit.
    assert took < 0.05 + 6.0, took


@pytest.mark.parametrize(("n", "rounds"), [(30, 6), (46, 10), (23, 10)])
def test_it_stops_at_the_bound_instead_of_spending_the_budget(n, rounds):
    """These reach their bound early; they used to search for the full 10 s."""
    result = schedule(list(range(n)), rounds, seed=1, time_limit=10.0)
    assert result.repeats == result.lower_bound
    assert result.seconds < 5.0


def test_small_fields_settle_without_the_budget():
    """7 players in 3 rounds must repeat twice although the counting bound
    says 0: the search stops when restarts stop helping, not at 10 s."""
    result = schedule(list(range(7)), 3, seed=1, time_limit=10.0, byes=True)
    assert result.repeats == 2 and result.lower_bound == 0
    assert result.seconds < 5.0
