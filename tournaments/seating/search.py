"""Tabu search with pair swaps (Dotú & Van Hentenryck 2005).

Each step evaluates every swap of a player in a conflict with another player
in a different group of the same round, takes the best one that is not tabu
(or that beats the best cost so far), and restarts from the best schedule with
a few random swaps when it stalls. The steps run compiled (``kernel.py``);
this driver keeps the clock.

Repeats come before an even 5-table and bye duty, so the search runs twice.
First swaps between a 5-table, a 4-table and the bye group must keep every
player's duty counts a permutation of before, so duty stays as even as the
greedy start made it. If repeats remain after half the budget, the second run
allows any swap at a price per unit of unevenness and is kept only when it
seats with fewer repeats: in small fields with several 5-tables an even duty
can cost repeats (30 x 6: 3 repeats even, 0 with some players at a 5-table
once more).
"""

import time

import numpy as np

from .problem import Problem

CHUNK_SECONDS = 0.02
# In the second run a repeat costs 1 and moving one 5-table seat or bye from
# an even spread to another player 2 * DUTY_WEIGHT.
DUTY_WEIGHT = 0.25
EVEN_SHARE = 0.5


def tabu_search(
    problem: Problem,
    groups: np.ndarray,
    deadline: float,
    rng: np.random.Generator,
    stall: int = 400,
    patience: int | None = None,
) -> np.ndarray:
    """Best groups found before ``deadline`` (or ``patience`` fruitless restarts)."""
    has_duty = problem.bye >= 0 or bool((problem.sizes == 5).any())
    if not has_duty or problem.weight.any():  # ranks or pairs kept apart: one run
        return _search(problem, groups, deadline, rng, stall, patience, 0.0)
    now = time.perf_counter()
    halfway = now + EVEN_SHARE * (deadline - now)
    even = _search(problem, groups, halfway, rng, stall, patience, 0.0)
    even_cost = problem.cost(problem.meetings(even))
    if even_cost <= problem.target(problem.meetings(even)):
        return even
    traded = _search(problem, even, deadline, rng, stall, patience, DUTY_WEIGHT)
    if problem.cost(problem.meetings(traded)) < even_cost:
        return traded
    return even


def _search(problem, groups, deadline, rng, stall, patience, duty_weight):
    """One tabu run; ``duty_weight`` 0 keeps duty counts a permutation."""
    from . import kernel  # numba loads in ~0.4 s: only when a search runs

    groups = np.ascontiguousarray(groups, dtype=np.int64)
    rounds, k = groups.shape
    met = problem.meetings(groups)
    if rounds == 0 or k < 2:
        return groups
    bye = problem.bye if problem.bye >= 0 else len(problem.sizes)
    sizes = problem.sizes.astype(np.int64)
    five, away = np.zeros(k, np.int64), np.zeros(k, np.int64)
    five_before = problem.five_before.astype(np.int64)
    bye_before = problem.bye_before.astype(np.int64)
    history = problem.history.astype(float)
    weight = problem.weight.astype(float)
    kernel.duties(groups, sizes, bye, five_before, bye_before, five, away)
    cost = kernel.cost_of(met, weight, five, away, duty_weight)
    target = -1.0
    if not problem.weight.any():  # the start's duty is as even as it gets
        target = cost - problem.cost(met) + problem.target(met)
    best = groups.copy()
    tabu = np.zeros((rounds, k, len(sizes) + 1))
    state = np.array([cost, cost, 0.0, 0.0, 0.0])
    kernel.seed(int(rng.integers(2**31)))
    iters = 64
    while time.perf_counter() < deadline:
        began = time.perf_counter()
        status = kernel.run(
            groups,
            best,
            met,
            history,
            weight,
            sizes,
            bye,
            problem.pinned,
            five_before,
            bye_before,
            five,
            away,
            duty_weight,
            tabu,
            state,
            target,
            stall,
            -1 if patience is None else patience,
            iters,
        )
        if status != kernel.RUNNING:
            break
        took = time.perf_counter() - began
        room = max(0.0, deadline - time.perf_counter())
        per_step = max(took, 1e-6) / iters
        iters = int(max(1, min(room, CHUNK_SECONDS) / per_step))
    return best


def warm() -> None:
    """Compile (first run after install, ~10 s) or load the kernel's cache."""
    from .engine import schedule

    schedule(list(range(9)), 2, time_limit=0.1)  # a 5-table: the search runs
