"""A good first schedule: duty by lowest counts, then each player to the
table where he has met the fewest of those already seated.

Duty is the turns at a table of five, or at a table of three (the blind
man's): a plan has one of the two, and ``Problem.five_before`` counts the
turns at that size.
"""

import numpy as np

from .problem import Problem


def _pick(count: np.ndarray, pool: np.ndarray, n: int, rng) -> np.ndarray:
    """The n players of ``pool`` with the lowest count, ties at random."""
    if n <= 0:
        return pool[:0]
    order = np.lexsort((rng.random(len(pool)), count[pool]))
    return pool[order[:n]]


def _pick_apart(count, pool, n, met, rng) -> np.ndarray:
    """The n players of ``pool`` with the lowest count (the 5-table duty in
    turn); among those tied at the threshold, one by one the player who met
    the fewest of those already picked, so the players at the tables of five
    have met each other as little as the turn allows."""
    if n <= 0:
        return pool[:0]
    ordered = _pick(count, pool, len(pool), rng)
    threshold = count[ordered[n - 1]]
    picked = list(ordered[count[ordered] < threshold])
    tied = list(ordered[count[ordered] == threshold])
    load = met[np.ix_(tied, picked)].sum(1) if picked else np.zeros(len(tied))
    load = np.asarray(load, dtype=float)
    while len(picked) < n:
        i = int(rng.choice(np.flatnonzero(load == load.min())))
        p = tied.pop(i)
        load = np.delete(load, i)
        picked.append(p)
        if tied:
            load += met[tied, p]
    return np.array(picked, dtype=pool.dtype)


def greedy_rounds(
    problem: Problem,
    rounds: int,
    fixed: dict[int, int],
    rng: np.random.Generator,
) -> np.ndarray:
    """R x k group ids; ``fixed`` maps a player to his table every round."""
    k, sizes = problem.k, problem.sizes
    tables = len(sizes) - (1 if problem.bye >= 0 else 0)
    # the tables that go round in turn: of five, or of three (never both)
    fives = np.flatnonzero(sizes[:tables] != 4)
    fours = np.flatnonzero(sizes[:tables] == 4)
    met = problem.history + problem.weight
    five_count = problem.five_before.copy()
    bye_count = problem.bye_before.copy()
    out = np.zeros((rounds, k), dtype=int)
    everyone = np.arange(k)
    free = np.array([p not in fixed for p in everyone], dtype=bool)
    for r in range(rounds):
        groups = np.full(k, -1)
        room = sizes.astype(int).copy()
        hot = np.zeros((k, tables))
        for p, t in fixed.items():
            groups[p] = t
            room[t] -= 1
            hot[p, t] = 1.0
        if problem.bye >= 0:
            out_now = _pick(bye_count, everyone[free], int(room[problem.bye]), rng)
            groups[out_now] = problem.bye
            room[problem.bye] = 0
        pool = everyone[groups < 0]
        at_five = _pick_apart(five_count, pool, int(room[fives].sum()), met, rng)
        at_four = np.setdiff1d(pool, at_five)
        # load[p, t]: how often p met those already at table t (kept up to
        # date as players sit down: O(k) per player, not O(k * tables))
        load = met @ hot
        for players, choice in ((at_five, fives), (at_four, fours)):
            for p in rng.permutation(players):
                onto = choice[room[choice] > 0]
                cost = load[p, onto]
                t = onto[rng.choice(np.flatnonzero(cost == cost.min()))]
                groups[p] = t
                hot[p, t] = 1.0
                load[:, t] += met[:, p]
                room[t] -= 1
        out[r] = groups
        five_count += (sizes[groups] != 4) & (groups != problem.bye)
        bye_count += groups == problem.bye
        for t in range(tables):
            mates = np.flatnonzero(groups == t)
            met[np.ix_(mates, mates)] += 1
        np.fill_diagonal(met, 0)
    return out
