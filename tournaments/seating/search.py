"""Tabu search with pair swaps (Dotú & Van Hentenryck 2005).

Each step evaluates every swap of a player in a conflict with another player
in a different group of the same round, takes the best one that is not tabu
(or that beats the best cost so far), and restarts from the best schedule with
a few random swaps when it stalls. The steps run compiled (``kernel.py``);
this driver keeps the clock. Every run stops as soon as the schedule sits at
its lower bound (``kernel.at_bound``), so a budget is a ceiling, not a wait.

Repeats come before an even 5-table duty, so the search runs twice when the
field has tables of five. First swaps between a 5-table and a 4-table must
keep every player's 5-table count a permutation of before, so duty stays as
even as the greedy start made it. If that run does not reach the bound within
``EVEN_SHARE`` of the budget, the second run allows any such swap at a price
per unit of unevenness and is kept only when it seats with fewer repeats: in
small fields with several 5-tables an even duty can cost repeats (30 x 6: 3
repeats even, 0 with some players at a 5-table once more). Byes are never
traded (see ``kernel``): nobody gets a second bye while someone has none.
"""

import time

import numpy as np

from .problem import Problem
from .repeats import count_repeats_matrix

CHUNK_SECONDS = 0.02
# In the second run a repeat costs 1 and moving one 5-table seat from an even
# spread to another player 2 * DUTY_WEIGHT.
DUTY_WEIGHT = 0.25
EVEN_SHARE = 0.3


def tabu_search(
    problem: Problem,
    groups: np.ndarray,
    deadline: float,
    rng: np.random.Generator,
    stall: int = 400,
    patience: int | None = None,
) -> np.ndarray:
    """Best groups found before ``deadline`` (or ``patience`` fruitless restarts,
    or the lower bound)."""
    fives = bool((problem.sizes[: problem.tables] == 5).any())
    if not fives or problem.weight.any():  # ranks or pairs kept apart: one run
        return _search(problem, groups, deadline, rng, stall, patience, 0.0)[0]
    now = time.perf_counter()
    share = now + EVEN_SHARE * (deadline - now)
    even, at_bound = _search(problem, groups, share, rng, stall, patience, 0.0)
    if at_bound:
        return even
    traded, _ = _search(problem, even, deadline, rng, stall, patience, DUTY_WEIGHT)
    repeats = count_repeats_matrix(problem.meetings(traded))
    if repeats < count_repeats_matrix(problem.meetings(even)):
        return traded
    return even


def _search(problem, groups, deadline, rng, stall, patience, duty_weight):
    """One tabu run: (best groups, whether they sit at the lower bound).
    ``duty_weight`` 0 keeps 5-table counts a permutation."""
    from . import kernel  # numba loads in ~0.4 s: only when a search runs

    groups = np.ascontiguousarray(groups, dtype=np.int64)
    rounds, k = groups.shape
    met = problem.meetings(groups)
    if rounds == 0 or k < 2:
        return groups, True
    bye = problem.bye if problem.bye >= 0 else len(problem.sizes)
    sizes = problem.sizes.astype(np.int64)
    five, away = np.zeros(k, np.int64), np.zeros(k, np.int64)
    five_before = problem.five_before.astype(np.int64)
    bye_before = problem.bye_before.astype(np.int64)
    history = problem.history.astype(float)
    weight = problem.weight.astype(float)
    kernel.duties(groups, sizes, bye, five_before, bye_before, five, away)
    cost = kernel.cost_of(met, weight, five, duty_weight)
    # the bound is what the repeats are measured against; with weights (Swiss
    # ranks, pairs kept apart) the weights matter too, so there is no stop
    hist_repeats = -1.0
    if not problem.weight.any():
        hist_repeats = float(count_repeats_matrix(history))
    best = groups.copy()
    tabu = np.zeros((rounds, k, len(sizes) + 1))
    state = np.array([cost, cost, 0.0, 0.0, 0.0])
    kernel.seed(int(rng.integers(2**31)))
    knobs = np.zeros(6)
    knobs[kernel.BYE], knobs[kernel.DUTY] = bye, duty_weight
    knobs[kernel.HIST], knobs[kernel.STALL] = hist_repeats, stall
    knobs[kernel.PATIENCE] = -1 if patience is None else patience
    iters = 64
    status = kernel.RUNNING
    while time.perf_counter() < deadline:
        began = time.perf_counter()
        knobs[kernel.ITERS] = iters
        status = kernel.run(
            groups,
            best,
            met,
            history,
            weight,
            sizes,
            problem.pinned,
            five_before,
            bye_before,
            five,
            away,
            tabu,
            state,
            knobs,
        )
        if status != kernel.RUNNING:
            break
        took = time.perf_counter() - began
        room = max(0.0, deadline - time.perf_counter())
        per_step = max(took, 1e-6) / iters
        iters = int(max(1, min(room, CHUNK_SECONDS) / per_step))
    return best, status == kernel.AT_TARGET
