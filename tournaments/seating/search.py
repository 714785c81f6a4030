"""Tabu search with pair swaps (Dotú & Van Hentenryck 2005), vectorised.

Each step evaluates every swap of two players in different groups of the same
round at once with numpy, takes the best one that is not tabu (or that beats
the best cost so far), and restarts from the best schedule with a few random
swaps when it stalls. Swaps between a 5-table, a 4-table and the bye group are
allowed only when they keep each player's duty counts a permutation of before,
so duty stays as evenly spread as the greedy start made it.
"""

import time

import numpy as np

from .problem import Problem

EPS = 1e-9


def _classes(problem: Problem, groups: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    sizes = problem.sizes[groups]
    on_bye = groups == problem.bye
    return (sizes == 5) & ~on_bye, on_bye


def _duty_ok(member: np.ndarray, count: np.ndarray) -> np.ndarray:
    """R x k x k: swapping a and b keeps the duty counts a permutation."""
    m = member.astype(int)
    after = count[None, :] - m
    return (m[:, :, None] == m[:, None, :]) | (after[:, :, None] == after[:, None, :])


def _deltas(problem: Problem, groups: np.ndarray, met: np.ndarray):
    """Cost change of every swap (R x k x k) and who is in a conflict (R x k)."""
    cost_m = met + problem.weight
    hot = problem.onehot(groups)
    s = cost_m @ hot  # s[r, a, h]: cost weight of a towards group h
    k = groups.shape[1]
    cols = np.broadcast_to(groups[:, None, :], (groups.shape[0], k, k))
    towards = np.take_along_axis(s, cols, axis=2)  # towards[r, a, b] = s[r, a, g(b)]
    own = np.take_along_axis(s, groups[:, :, None], axis=2)[:, :, 0]
    on_bye = groups == problem.bye
    leave = np.where(on_bye, 0.0, own - (problem.sizes[groups] - 1))
    join = np.where(on_bye[:, None, :], 0.0, towards - cost_m[None, :, :])
    delta = join + join.transpose(0, 2, 1) - leave[:, :, None] - leave[:, None, :]
    return delta, leave > EPS


def tabu_search(
    problem: Problem,
    groups: np.ndarray,
    deadline: float,
    rng: np.random.Generator,
    stall: int = 400,
    patience: int | None = None,
) -> tuple[np.ndarray, float]:
    """Best groups found before ``deadline`` (or ``patience`` fruitless restarts)."""
    groups = groups.copy()
    rounds, k = groups.shape
    if rounds == 0 or k < 2:
        return groups, problem.cost(problem.meetings(groups))
    met = problem.meetings(groups)
    cost = problem.cost(met)
    target = problem.target(met) if not problem.weight.any() else -1.0
    best, best_cost = groups.copy(), cost
    tabu = np.zeros((rounds, k, len(problem.sizes)), dtype=np.int64)
    it = last_gain = restarts = 0
    while cost > target + EPS and time.perf_counter() < deadline:
        it += 1
        delta, conflict = _deltas(problem, groups, met)
        five, bye = _classes(problem, groups)
        valid = groups[:, :, None] != groups[:, None, :]
        valid &= ~problem.pinned[:, :, None] & ~problem.pinned[:, None, :]
        valid &= conflict[:, :, None] | conflict[:, None, :]
        valid &= _duty_ok(five, problem.five_before + five.sum(0))
        valid &= _duty_ok(bye, problem.bye_before + bye.sum(0))
        cols = np.broadcast_to(groups[:, None, :], (rounds, k, k))
        banned = np.take_along_axis(tabu, cols, axis=2) > it
        allowed = valid & (~(banned | banned.transpose(0, 2, 1)))
        allowed |= valid & (cost + delta < best_cost - EPS)
        if not allowed.any():
            tabu[:] = 0
            if not valid.any():
                break
            continue
        score = np.where(allowed, delta, np.inf)
        low = score.min()
        r, a, b = np.unravel_index(
            rng.choice(np.flatnonzero(score <= low + EPS)), score.shape
        )
        met = _swap(problem, groups, met, r, a, b)
        tenure = it + int(rng.integers(4, 4 + max(4, k // 2)))
        tabu[r, a, groups[r, b]] = tenure
        tabu[r, b, groups[r, a]] = tenure
        cost += low
        if cost < best_cost - EPS:
            best, best_cost, last_gain, restarts = groups.copy(), cost, it, 0
        elif it - last_gain > stall:
            restarts += 1
            if patience is not None and restarts > patience:
                break
            groups = _perturb(problem, best, rng)
            met = problem.meetings(groups)
            cost = problem.cost(met)
            tabu[:] = 0
            last_gain = it
    return best, best_cost


def _swap(problem: Problem, groups, met, r, a, b) -> np.ndarray:
    ga, gb = groups[r, a], groups[r, b]
    for x, old, new in ((a, ga, gb), (b, gb, ga)):
        if old != problem.bye:
            mates = np.flatnonzero(groups[r] == old)
            mates = mates[mates != x]
            met[x, mates] -= 1
            met[mates, x] -= 1
        if new != problem.bye:
            mates = np.flatnonzero(groups[r] == new)
            mates = mates[(mates != a) & (mates != b)]
            met[x, mates] += 1
            met[mates, x] += 1
    groups[r, a], groups[r, b] = gb, ga
    return met


def _perturb(
    problem: Problem, best: np.ndarray, rng: np.random.Generator
) -> np.ndarray:
    """The best schedule with a few random same-class swaps."""
    groups = best.copy()
    rounds = groups.shape[0]
    sizes = problem.sizes[groups]
    for _ in range(int(rng.integers(2, 5))):
        r = int(rng.integers(rounds))
        movable = np.flatnonzero(~problem.pinned[r])
        if len(movable) < 2:
            continue
        a, b = rng.choice(movable, 2, replace=False)
        same_kind = (groups[r, a] == problem.bye) == (groups[r, b] == problem.bye)
        if groups[r, a] != groups[r, b] and sizes[r, a] == sizes[r, b] and same_kind:
            groups[r, a], groups[r, b] = groups[r, b], groups[r, a]
    return groups
