"""Tabu search for cyclic seating designs with several base rounds (numba).

Run: ``python scripts/seating_orbit_tabu.py 32`` (needs ``pip install numba``;
the project itself does not). Writes the first design found into
tournaments/seating/data/cyclic.json in the format of
scripts/seating_precompute.py. Deterministic per seed.

Players are (x, level) for x in Z_q plus fixed players; round b * q + t is base
round b shifted by t. A pair's meetings are the occurrences of its orbit
(level, level, difference) in the base rounds, so the search moves players
between the tables of a handful of base rounds instead of a whole schedule:
32 x 10 is two base rounds on Z_5 x 6 levels + 2 fixed players (a resolvable
4-GDD of type 2^16, the social golfer instance 8-4-10).
"""

import json
import sys
import time
from pathlib import Path

import numpy as np
from numba import njit

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tournaments.seating.designs import DATA, develop
from tournaments.seating.repeats import count_repeats

# players: (q, levels, fixed, base rounds)
CASES = {32: (5, 6, 2, 2)}
SEEDS, SECONDS = 40, 60
FIXED_WEIGHT = 50


def orbit_keys(q: int, levels: int, fixed: int):
    """Key of every ordered pair, the weight and the free count of each key."""
    n = q * levels + fixed
    finite = q * levels
    ids: dict[tuple, int] = {}
    key = np.full((n, n), -1, dtype=np.int64)
    for p in range(n):
        for o in range(n):
            if p == o:
                continue
            if p < finite and o < finite:
                k = (p // q, o // q, (o % q - p % q) % q)
            elif p >= finite and o >= finite:
                k = ("fixed", min(p, o), max(p, o))
            else:
                k = (p if p >= finite else p // q, o if o >= finite else o // q)
            key[p, o] = ids.setdefault(k, len(ids))
    weight = np.ones(len(ids), dtype=np.int64)
    free = np.ones(len(ids), dtype=np.int64)
    for k, i in ids.items():
        if k[0] == "fixed":
            weight[i], free[i] = FIXED_WEIGHT, 0
    return key, weight, free


@njit(cache=True)
def _change(occ, key, weight, free, p, mates, skip, step):
    """Apply +-1 for p with every mate except ``skip``; return the cost change."""
    gain = 0
    for o in mates:
        if o == p or o == skip:
            continue
        for k in (key[p, o], key[o, p]):
            before = occ[k]
            occ[k] = before + step
            over_b = before - free[k] if before > free[k] else 0
            over_a = occ[k] - free[k] if occ[k] > free[k] else 0
            gain += weight[k] * (over_a - over_b)
    return gain


@njit(cache=True)
def _swap(tables, where, occ, key, weight, free, b, a, c):
    ta, tc = where[b, a], where[b, c]
    gain = _change(occ, key, weight, free, a, tables[b, ta], a, -1)
    gain += _change(occ, key, weight, free, c, tables[b, tc], c, -1)
    for s in range(tables.shape[2]):
        if tables[b, ta, s] == a:
            tables[b, ta, s] = c
        if tables[b, tc, s] == c:
            tables[b, tc, s] = a
    where[b, a], where[b, c] = tc, ta
    gain += _change(occ, key, weight, free, a, tables[b, tc], a, 1)
    gain += _change(occ, key, weight, free, c, tables[b, ta], c, 1)
    return gain


@njit(cache=True)
def _cost(occ, weight, free):
    total = 0
    for k in range(occ.shape[0]):
        if occ[k] > free[k]:
            total += weight[k] * (occ[k] - free[k])
    return total


@njit(cache=True)
def _hot(tables, where, occ, key, free, b, p):
    """Is player p in a repeated orbit in base round b?"""
    for o in tables[b, where[b, p]]:
        if o != p and (occ[key[p, o]] > free[key[p, o]]):
            return True
    return False


@njit(cache=True)
def tabu(tables, occ, key, weight, free, seed, max_iters):
    np.random.seed(seed)
    bases, n_tables, size = tables.shape
    n = n_tables * size
    where = np.zeros((bases, n), dtype=np.int64)
    for b in range(bases):
        for t in range(n_tables):
            for s in range(size):
                where[b, tables[b, t, s]] = t
    cost = _cost(occ, weight, free)
    best_cost, best = cost, tables.copy()
    tabu_until = np.zeros((bases, n, n_tables), dtype=np.int64)
    last_gain = 0
    for it in range(max_iters):
        if cost == 0:
            break
        low, count, pick_b, pick_a, pick_c = 1 << 40, 0, -1, -1, -1
        for b in range(bases):
            for a in range(n):
                if not _hot(tables, where, occ, key, free, b, a):
                    continue
                for c in range(n):
                    if where[b, c] == where[b, a]:
                        continue
                    d = _swap(tables, where, occ, key, weight, free, b, a, c)
                    _swap(tables, where, occ, key, weight, free, b, a, c)
                    banned = (
                        tabu_until[b, a, where[b, c]] > it
                        or tabu_until[b, c, where[b, a]] > it
                    )
                    if banned and cost + d >= best_cost:
                        continue
                    if d < low:
                        low, count = d, 1
                        pick_b, pick_a, pick_c = b, a, c
                    elif d == low:
                        count += 1
                        if np.random.randint(count) == 0:
                            pick_b, pick_a, pick_c = b, a, c
        if pick_b < 0:
            tabu_until[:] = 0
            continue
        b, a, c = pick_b, pick_a, pick_c
        ta, tc = where[b, a], where[b, c]
        cost += _swap(tables, where, occ, key, weight, free, b, a, c)
        tenure = it + 5 + np.random.randint(10)
        tabu_until[b, a, ta] = tenure
        tabu_until[b, c, tc] = tenure
        if cost < best_cost:
            best_cost, best, last_gain = cost, tables.copy(), it
        elif it - last_gain > 2000:
            for _ in range(3 + np.random.randint(4)):
                b = np.random.randint(bases)
                a, c = np.random.randint(n), np.random.randint(n)
                if where[b, a] != where[b, c]:
                    cost += _swap(tables, where, occ, key, weight, free, b, a, c)
            last_gain = it
    return best, best_cost


def search(n: int, seed: int, seconds: float):
    q, levels, fixed, bases = CASES[n]
    key, weight, free = orbit_keys(q, levels, fixed)
    rng = np.random.default_rng(seed)
    tables = np.stack([rng.permutation(n).reshape(n // 4, 4) for _ in range(bases)])
    occ = np.zeros(len(weight), dtype=np.int64)
    for b in range(bases):
        for t in tables[b]:
            for i, p in enumerate(t):
                for o in t[i + 1 :]:
                    occ[key[p, o]] += 1
                    occ[key[o, p]] += 1
    deadline = time.perf_counter() + seconds
    chunk = 0
    while time.perf_counter() < deadline:
        tables, cost = tabu(tables, occ, key, weight, free, seed * 1000 + chunk, 20000)
        chunk += 1
        occ[:] = 0
        for b in range(bases):
            for t in tables[b]:
                for i, p in enumerate(t):
                    for o in t[i + 1 :]:
                        occ[key[p, o]] += 1
                        occ[key[o, p]] += 1
        if cost == 0:
            break
    entry = {
        "n": n,
        "q": q,
        "group": [q],
        "levels": levels,
        "rounds": q * bases,
        "seed": seed,
        "bases": [sorted(sorted(int(p) for p in t) for t in r) for r in tables],
    }
    return entry, int(cost), chunk


def main() -> None:
    for n in [int(a) for a in sys.argv[1:]] or sorted(CASES):
        for seed in range(SEEDS):
            entry, cost, chunks = search(n, seed, SECONDS)
            repeats = count_repeats(develop(entry))
            print(f"{n}: seed {seed}, cost {cost}, repeats {repeats}", flush=True)
            if repeats == 0:
                stored = {e["n"]: e for e in json.loads(DATA.read_text())}
                stored[n] = entry
                rows = ",\n".join(json.dumps(stored[k]) for k in sorted(stored))
                DATA.write_text("[\n" + rows + "\n]\n")
                break


if __name__ == "__main__":
    main()
