"""The search state shared by the greedy start and the tabu search.

Players are 0..k-1 (the active field). A round is a vector of group ids:
tables 0..T-1 and, when players sit out, one bye group T whose members meet
nobody. Cost is sum over pairs of c(c-1)/2 + w*c for c meetings: zero when no
pair meets twice, and convex, so beyond the limit meetings spread evenly.
"""

from dataclasses import dataclass, field

import numpy as np


@dataclass
class Problem:
    history: np.ndarray  # k x k meetings already played
    weight: np.ndarray  # k x k extra cost per meeting (keep apart, Swiss ranks)
    sizes: np.ndarray  # group sizes; the last one is the bye group if bye >= 0
    bye: int  # id of the bye group, or -1
    pinned: np.ndarray  # R x k: player may not move in that round
    #: k: rounds at a table of the plan's odd size (5, or 3 with the blind
    #: man) before these rounds: the duty that goes round in turn
    five_before: np.ndarray
    bye_before: np.ndarray  # k: byes before these rounds
    groups: np.ndarray = field(default_factory=lambda: np.zeros((0, 0), int))
    #: Weighted meetings (history included) at which the search may stop once
    #: the repeats are at their bound; < 0: never stop early (Swiss ranks).
    weight_target: float = 0.0
    #: Repeats (history included) no seating avoids, beyond the counting
    #: bound the kernel knows (``engine.round_bound``): the search stops there.
    repeat_floor: int = 0

    @property
    def k(self) -> int:
        return self.history.shape[0]

    @property
    def tables(self) -> int:
        """Groups that are tables (the bye group, if any, comes last)."""
        return len(self.sizes) - (1 if self.bye >= 0 else 0)

    def onehot(self, groups: np.ndarray) -> np.ndarray:
        """R x k x H membership; the bye column is left empty."""
        rounds, k = groups.shape
        out = np.zeros((rounds, k, len(self.sizes)))
        out[np.arange(rounds)[:, None], np.arange(k)[None, :], groups] = 1.0
        if self.bye >= 0:
            out[:, :, self.bye] = 0.0
        return out

    def meetings(self, groups: np.ndarray) -> np.ndarray:
        """History plus the meetings of ``groups``, as floats (table by table:
        O(R k) numpy calls instead of an R x k x tables product)."""
        met = self.history.copy()
        for row in groups:
            order = np.argsort(row, kind="stable")
            ids, starts = np.unique(row[order], return_index=True)
            for g, members in zip(ids, np.split(order, starts[1:]), strict=True):
                if g != self.bye:
                    met[np.ix_(members, members)] += 1.0
        met[np.diag_indices_from(met)] = self.history.diagonal()
        return met

    def cost(self, met: np.ndarray) -> float:
        pairs = met * (met - 1) / 2 + self.weight * met
        return float(np.triu(pairs, 1).sum())

    def target(self, met: np.ndarray) -> float:
        """The cost of spreading the same meetings perfectly evenly."""
        k = self.k
        pairs = k * (k - 1) // 2
        total = round(float(np.triu(met, 1).sum()))
        q, r = divmod(total, pairs) if pairs else (0, 0)
        return r * (q + 1) * q / 2 + (pairs - r) * q * (q - 1) / 2
