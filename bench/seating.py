"""Seating engine on the issue's cases, beside a random-restart baseline.

Targets: 0 repeats up to the best-known limit, the counting bound beyond it,
balanced seats, <= 1 s for n <= 200 and R <= 10, <= 10 s for every case.
Fields with tables of five print their counting bound too (not always
attainable: docs/seating.md). ``seating_byes_worst_s``: the slowest seating
with byes over every field of 5 to 60 players, whole schedules and the TD's
round-by-round seating.
"""

import time

import numpy as np

from tournaments.seating import (
    count_repeats,
    counting_bound,
    next_round_swiss,
    schedule,
    warm,
)

CASES = [
    (16, 5),
    (20, 5),
    (24, 7),
    (28, 9),
    (32, 10),
    (36, 11),
    (40, 13),
    (64, 21),
    (100, 8),
    (160, 6),
    (400, 10),
    (30, 6),
    (37, 8),
    (46, 10),
    (101, 8),
    (28, 10),
    (32, 12),
    (25, 6),
    (26, 8),
    (29, 7),
    (33, 10),
    (35, 9),
]
BYES_ROUNDS = 10
TD_BUDGET = 1.0  # tournaments.seating_screen.TIME_LIMIT
SWISS = [(100, 8), (160, 8)]


def baseline(n: int, rounds: int, seconds: float = 1.0, seed: int = 0) -> int:
    """How simple tools work: random rounds, keep the best of many restarts."""
    rng = np.random.default_rng(seed)
    sizes = [4] * (n // 4 - n % 4) + [5] * (n % 4)
    cuts = np.cumsum(sizes)[:-1]
    best, deadline = None, time.perf_counter() + seconds
    while best is None or (best and time.perf_counter() < deadline):
        sched = [
            [list(t) for t in np.split(rng.permutation(n), cuts)] for _ in range(rounds)
        ]
        found = count_repeats(sched)
        best = found if best is None else min(best, found)
    return best


def run() -> None:
    start = time.perf_counter()
    warm()  # a server loads the compiled kernel once per process
    print(f"seat_kernel_load_s: {time.perf_counter() - start:.3f} s")
    for n, rounds in CASES:
        name = f"seat_{n}x{rounds}"
        limit = 1.0 if n <= 200 and rounds <= 10 else 10.0
        result = schedule(list(range(1, n + 1)), rounds, time_limit=limit)
        slots = [3 * rounds] * n if n % 4 == 0 else []
        print(f"{name}_repeats: {result.repeats} repeats")
        print(f"{name}_s: {result.seconds:.3f} s")
        print(f"{name}_baseline_repeats: {baseline(n, rounds)} repeats")
        if slots:
            print(f"{name}_bound: {counting_bound(slots, n)} repeats")
        else:
            print(f"{name}_bound: {result.lower_bound} repeats")
        print(f"{name}_seats_balanced: {int(result.seats_balanced)} bool")
    for n, rounds in SWISS:
        swiss(n, rounds)
    byes_worst()


def byes_worst() -> None:
    """The slowest seating with byes for 5-60 players (every count not a
    multiple of 4): a whole schedule, and each round seated one at a time."""
    worst, case = 0.0, ""
    for n in range(5, 61):
        if n % 4 == 0:
            continue
        players = list(range(n))
        began = time.perf_counter()
        schedule(players, BYES_ROUNDS, seed=n, time_limit=1.0, byes=True)
        took = time.perf_counter() - began
        if took > worst:
            worst, case = took, f"n={n} R={BYES_ROUNDS} whole"
        history: list = []
        for r in range(BYES_ROUNDS):
            began = time.perf_counter()
            result = schedule(
                players,
                1,
                seed=n,
                time_limit=TD_BUDGET,
                byes=True,
                history=history,
                planned_rounds=BYES_ROUNDS,
            )
            took = time.perf_counter() - began
            history += result.rounds
            if took > worst:
                worst, case = took, f"n={n} round {r + 1} of {BYES_ROUNDS}"
    print(f"seating_byes_worst_s: {worst:.3f} s")
    print(f"seating_byes_worst_case: {case}")


def swiss(n: int, rounds: int, seed: int = 0) -> None:
    """A Swiss event: random scores, each next round seated by the standings."""
    rng = np.random.default_rng(seed)
    players = list(range(1, n + 1))
    history = schedule(players, 1, seed=seed, time_limit=1.0).rounds
    score = dict.fromkeys(players, 0.0)
    spreads, seconds = [], []
    for r in range(1, rounds):
        for table in history[-1]:
            for p in table:
                score[p] += float(rng.normal())
        order = sorted(players, key=lambda p: -score[p])
        result = next_round_swiss(order, history, seed=seed + r, time_limit=1.0)
        history += result.rounds
        spreads += result.rank_spread
        seconds.append(result.seconds)
    name = f"seat_swiss_{n}x{rounds}"
    print(f"{name}_repeats: {count_repeats(history)} repeats")
    print(f"{name}_rank_spread_median: {float(np.median(spreads)):.1f} places")
    print(f"{name}_rank_spread_max: {max(spreads)} places")
    print(f"{name}_round_s_median: {float(np.median(seconds)):.3f} s")
