"""Seat order within each table: every player in every seat about equally often.

A balanced 4-edge-colouring of the player/table graph always exists (West,
Combinatorial Mathematics, ex. 8.3.27), so each player can take each of seats
1-4 floor(R/4) or ceil(R/4) times. A greedy pass and a local repair get there
almost always in milliseconds; CP-SAT finishes the rare rest within the budget.
Seat 1 deals first. A player with f rounds at a 5-table may take seat 5 up to
ceil(f/5) times, and seats 1-4 then at least floor((R - f)/4) times. A table
of three fills seats 1-3 (chair 4 is the blind man's): see ``seat_bounds``.
"""

import time
from itertools import permutations

import numpy as np

from .euler import balance_pairs

PERMS = {size: np.array(list(permutations(range(size)))) for size in (3, 4, 5)}


def seat_bounds(
    played: np.ndarray, fives: np.ndarray, threes: np.ndarray | None = None
) -> tuple[np.ndarray, np.ndarray]:
    """Per player and seat (k x 5), the fewest and most times it is fair.

    A player with t rounds at a table of three (seats 1-3; the blind man
    holds chair 4) takes seats 1-3 about (R - t)/4 + t/3 times each and
    seat 4 about (R - t)/4 times."""
    if threes is None:
        threes = np.zeros_like(played)
    four = played - threes  # rounds at tables of four and five
    lo = np.repeat(((four - fives) // 4)[:, None], 5, axis=1)
    hi = np.repeat((-(-four // 4))[:, None], 5, axis=1)
    lo[:, :3] += threes[:, None] // 3
    hi[:, :3] += -(-threes[:, None] // 3)
    lo[:, 4] = 0
    hi[:, 4] = -(-fives // 5)
    return lo, hi


def _excess(counts: np.ndarray, lo: np.ndarray, hi: np.ndarray) -> np.ndarray:
    return np.maximum(counts - hi, 0) + np.maximum(lo - counts, 0)


#: Weight of a player's deals sat out (squared) against his seat counts.
SIT_OUT_WEIGHT = 10


def _order(table, counts, lo, hi, rng, sit=None, per_seat=None) -> list[int]:
    """The seat permutation that is fairest given everybody else's seats;
    at a table of five with ``per_seat`` (deals each seat sits out) also
    the one that evens the deals sat out (``sit``: each player's so far)."""
    rows = np.asarray(table)
    perms = PERMS[len(rows)]
    seats = np.arange(len(rows))
    trial = np.repeat(counts[rows][None], len(perms), axis=0)
    trial[np.arange(len(perms))[:, None], perms, seats[None, :]] += 1
    score = _excess(trial, lo[rows], hi[rows]).sum((1, 2)) * 1000
    score += (trial * trial).sum((1, 2))
    if sit is not None and per_seat is not None and len(rows) == 5:
        # perms[i, j]: the seat of the j-th player of the table
        out = sit[rows][None, :] + per_seat[perms]
        score += SIT_OUT_WEIGHT * (out * out).sum(1)
    pick = perms[rng.choice(np.flatnonzero(score == score.min()))]
    return [int(p) for p in rows[pick]]


def balance_seats(
    rounds: list[list[list[int]]],
    counts: np.ndarray,
    lo: np.ndarray,
    hi: np.ndarray,
    deadline: float,
    rng: np.random.Generator,
    sit_before: np.ndarray | None = None,
    per_seat: np.ndarray | None = None,
) -> tuple[list[list[list[int]]], np.ndarray]:
    """Reorder every table; ``counts`` (k x 5) holds seats taken before;
    ``sit_before`` (k) the deals each player sat out before and ``per_seat``
    (5) the deals each seat of a table of five sits out in a round."""
    fresh = not counts.any()
    counts = counts.copy()
    sit = None if sit_before is None else sit_before.astype(int).copy()
    out = [[list(t) for t in tables] for tables in rounds]
    for sweep in range(12):
        if sweep and not _excess(counts, lo, hi).any():
            break
        if time.perf_counter() > deadline:
            break
        for tables in out:
            for i, table in enumerate(tables):
                seats = np.arange(len(table))
                five = sit is not None and per_seat is not None and len(table) == 5
                if sweep:
                    counts[table, seats] -= 1
                    if five:
                        sit[table] -= per_seat
                tables[i] = _order(table, counts, lo, hi, rng, sit, per_seat)
                counts[tables[i], seats] += 1
                if five:
                    sit[tables[i]] += per_seat
    if _excess(counts, lo, hi).any() and fresh:
        out, counts = balance_pairs(out, counts)
    if _excess(counts, lo, hi).any() and time.perf_counter() < deadline - 0.05:
        from .seats_cpsat import solve

        out, counts = solve(out, counts, lo, hi, deadline)
    return out, counts
