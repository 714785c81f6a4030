"""Repeat meetings and the counting bound, independent of any generator."""

from collections import Counter
from collections.abc import Hashable, Iterable, Sequence
from itertools import combinations

Round = Sequence[Sequence[Hashable]]


def meeting_counts(rounds: Iterable[Round]) -> Counter:
    """How often each unordered pair sat at the same table."""
    counts: Counter = Counter()
    for tables in rounds:
        for table in tables:
            for a, b in combinations(table, 2):
                counts[frozenset((a, b))] += 1
    return counts


def count_repeats(rounds: Iterable[Round]) -> int:
    """Pairs meeting more than once, with multiplicity: sum of (meetings - 1)."""
    return sum(c - 1 for c in meeting_counts(rounds).values() if c > 1)


def counting_bound(slots: Iterable[int], n_players: int) -> int:
    """Repeats no schedule avoids, given each player's meeting slots.

    A player with d meeting slots among n - 1 possible partners repeats at least
    d - (n - 1) times; every repeat involves two players. With tables of 4 only
    this is n * max(0, 3R - (n - 1)) / 2.
    """
    slots = list(slots)
    per_player = sum(max(0, d - (n_players - 1)) for d in slots)
    total = sum(slots) // 2 - n_players * (n_players - 1) // 2
    return max(0, -(-per_player // 2), total)


def count_repeats_matrix(met) -> int:
    """``count_repeats`` of a symmetric meetings matrix (numpy)."""
    import numpy as np

    upper = np.triu(np.asarray(met), 1)
    return int(np.clip(upper - 1, 0, None).sum())
