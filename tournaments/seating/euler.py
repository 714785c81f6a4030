"""Balance two seats at a time by orienting Euler trails.

For seats s and t, each table is an edge between the player in s and the
player in t. Walking closed trails (after joining odd vertices to a dummy) and
giving the tail seat s, the head seat t, leaves every player with s and t
within one of each other. Repeating over seat pairs strictly lowers the sum of
squared seat counts until all of seats 1-4 are within floor/ceil.
"""

from itertools import combinations

import numpy as np

from tournaments.dealing import has_blind_man

DUMMY = -1


def orient(edges: list[tuple[int, int]]) -> list[bool]:
    """For each edge (u, v), whether to flip it so in/out degrees balance."""
    adj: dict[int, list[int]] = {}
    ends = list(edges)
    for i, (u, v) in enumerate(edges):
        adj.setdefault(u, []).append(i)
        adj.setdefault(v, []).append(i)
    odd = [x for x, e in adj.items() if len(e) % 2]
    for x in odd:
        ends.append((x, DUMMY))
        adj[x].append(len(ends) - 1)
        adj.setdefault(DUMMY, []).append(len(ends) - 1)
    used = [False] * len(ends)
    flip = [False] * len(ends)
    for start in list(adj):
        while adj[start]:
            x = start
            while adj[x]:
                e = adj[x].pop()
                if used[e]:
                    continue
                used[e] = True
                u, v = ends[e]
                flip[e] = u != x
                x = v if u == x else u
    return flip[: len(edges)]


def balance_pairs(rounds: list[list[list[int]]], counts: np.ndarray, steps: int = 60):
    """Re-orient seat pairs s < t (below 4) while some player differs by 2+.

    Only unbalanced pairs are touched, so every step lowers the sum of squared
    seat counts and the loop ends.
    """
    tables = [t for r in rounds for t in r]
    # with tables of three seat 4 rightly lags behind seats 1-3 (the blind
    # man's chair): only seats 1-3 are evened here
    seats = 3 if any(has_blind_man(len(t)) for t in tables) else 4
    for _ in range(steps):
        gaps = [
            (s, t)
            for s, t in combinations(range(seats), 2)
            if (np.abs(counts[:, s] - counts[:, t]) > 1).any()
        ]
        if not gaps:
            break
        s, t = gaps[0]
        edges = [(table[s], table[t]) for table in tables]
        for table, flip in zip(tables, orient(edges), strict=True):
            if flip:
                counts[table[s], s] -= 1
                counts[table[t], t] -= 1
                table[s], table[t] = table[t], table[s]
                counts[table[s], s] += 1
                counts[table[t], t] += 1
    return rounds, counts
