"""Tabu search with pair swaps (Dotú & Van Hentenryck 2005).

Each step evaluates every swap of a player in a conflict with another player
in a different group of the same round, takes the best one that is not tabu
(or that beats the best cost so far), and restarts from the best schedule with
a few random swaps when it stalls. The steps run compiled (``kernel.py``);
this driver keeps the clock. Every run stops as soon as the schedule sits at
its lower bound (``kernel.at_bound``), so a budget is a ceiling, not a wait.

Tables of five are shared in turn (see ``kernel``): a move never gives a
player a second 5-table round while someone present has had none, so the
greedy start's fair duty holds in every prefix of rounds. A run that stalls
(``patience`` restarts from its best without a gain) makes way for a fresh
greedy start (``fresh``), until the bound or the budget: independent starts
find a zero-repeat schedule that one long run misses (30 x 6, 25 x 6 with some
seeds). Byes are never traded (see ``kernel``): nobody gets a second bye while
someone has none.
"""

import time

import numpy as np

from .problem import Problem
from .repeats import count_repeats_matrix

CHUNK_SECONDS = 0.02
#: Fresh starts in a row without a better schedule after which the search
#: gives up before its budget (small fields whose bound is weak).
FRESH_PATIENCE = 6
#: Whether a 5-table seat may change hands when the counts stay within one
#: of each other in every prefix (besides the trades that keep them a
#: permutation).
SPREAD_MOVES = 0.0
#: Whether a trade over two rounds is priced exactly (else each half apart).
EXACT_TRADES = 0.0
#: Random trades of a 5-table turn in each restart's perturbation.
PERTURB_TRADES = 2


def tabu_search(
    problem: Problem,
    groups: np.ndarray,
    deadline: float,
    rng: np.random.Generator,
    stall: int = 400,
    patience: int | None = None,
    fresh=None,
    fresh_patience: int = FRESH_PATIENCE,
) -> np.ndarray:
    """Best groups found before ``deadline`` (or the lower bound, or
    ``fresh_patience`` fresh starts in a row without a gain). ``fresh()``
    returns a new start; without it one run only."""
    best, done = _search(problem, groups, deadline, rng, stall, patience, 0.0)
    if done or fresh is None:
        return best
    best_key = _key(problem, best)
    idle = 0
    while time.perf_counter() < deadline and idle < fresh_patience:
        found, done = _search(problem, fresh(), deadline, rng, stall, patience, 0.0)
        key = _key(problem, found)
        if key < best_key:
            best, best_key, idle = found, key, 0
        else:
            idle += 1
        if done:
            return found
    return best


def _key(problem: Problem, groups: np.ndarray) -> tuple[float, int]:
    met = problem.meetings(groups)
    return problem.cost(met), count_repeats_matrix(met)


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
    # the bound is what the repeats are measured against, and the weighted
    # meetings (club-mates, pairs kept apart) against their own bound; Swiss
    # ranks have none, so there is no stop
    hist_repeats = -1.0
    if problem.weight_target >= 0:
        hist_repeats = float(max(count_repeats_matrix(history), problem.repeat_floor))
    best = groups.copy()
    tabu = np.zeros((rounds, k, len(sizes) + 1))
    state = np.array([cost, cost, 0.0, 0.0, 0.0])
    kernel.seed(int(rng.integers(2**31)))
    knobs = np.zeros(10)
    knobs[kernel.WTARGET] = problem.weight_target
    knobs[kernel.SPREAD] = SPREAD_MOVES
    knobs[kernel.EXACT] = EXACT_TRADES
    knobs[kernel.TRADES] = PERTURB_TRADES
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
