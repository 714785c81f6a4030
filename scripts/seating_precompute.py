"""Find the cyclic seating designs stored in tournaments/seating/data/cyclic.json.

Run once (minutes): ``python scripts/seating_precompute.py``. Deterministic for
a given seed list, so anyone can reproduce the data file.

The designs are 1-rotational-style: players are (x, level) for x in Z_q and a
few fixed players; round t is the base round shifted by t on every x. A pair
then meets as often as its level pair and difference (x' - x mod q) occurs in
the base round, so the search runs over one round of n / 4 tables instead of
the whole schedule. Simulated annealing on point swaps finds base rounds with
zero repeats for 24 x 7; the other maximal cases come from
scripts/seating_designs.py.
"""

import json
import math
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tournaments.seating.designs import DATA, develop, group_add
from tournaments.seating.repeats import count_repeats

# (players, group moduli, levels, fixed, base rounds): rounds = q * base rounds,
# q = product of the moduli. Cases already in the data file are skipped.
SEEDS, SECONDS = 12, 15
CASES = [
    (24, [7], 3, 3, 1),
    (44, [14], 3, 2, 1),
    (48, [15], 3, 3, 1),
]


class Bases:
    """Base rounds and the multiset of (level, level, difference) they cover."""

    def __init__(
        self, mods: list[int], levels: int, fixed: int, bases: int, rng
    ) -> None:
        self.mods, self.q = mods, math.prod(mods)
        self.levels, self.n = levels, self.q * levels + fixed
        self.rounds: list[list[list[int]]] = []
        self.where: list[dict[int, int]] = []
        for _ in range(bases):
            points = list(range(self.n))
            rng.shuffle(points)
            tables = [points[i : i + 4] for i in range(0, self.n, 4)]
            self.rounds.append(tables)
            self.where.append({p: i for i, t in enumerate(tables) for p in t})
        self.count: dict[tuple, int] = {}
        self.cost = 0
        for tables in self.rounds:
            for t in tables:
                for i, p in enumerate(t):
                    self._change(p, t[i + 1 :], +1)

    def _key(self, p: int, o: int) -> tuple:
        q, finite = self.q, self.q * self.levels
        if p < finite and o < finite:
            return (p // q, o // q, group_add(o % q, p % q, self.mods, -1))
        if p >= finite and o >= finite:
            return ("fixed", min(p, o), max(p, o))
        return (p if p >= finite else p // q, o if o >= finite else o // q, 0)

    def _change(self, p: int, others: list[int], step: int) -> None:
        for o in others:
            for key in (self._key(p, o), self._key(o, p)):
                before = self.count.get(key, 0)
                after = before + step
                self.count[key] = after
                weight = 50 if key[0] == "fixed" else 1
                free = 0 if key[0] == "fixed" else 1
                self.cost += weight * (max(0, after - free) - max(0, before - free))

    def swap(self, r: int, a: int, b: int) -> None:
        where = self.where[r]
        ta, tb = self.rounds[r][where[a]], self.rounds[r][where[b]]
        rest_a = [o for o in ta if o != a]
        rest_b = [o for o in tb if o != b]
        self._change(a, rest_a, -1)
        self._change(b, rest_b, -1)
        self._change(a, rest_b, +1)
        self._change(b, rest_a, +1)
        ta[ta.index(a)], tb[tb.index(b)] = b, a
        where[a], where[b] = where[b], where[a]


def anneal(mods, levels: int, fixed: int, bases: int, seed: int, seconds: float):
    rng = random.Random(seed)
    base = Bases(mods, levels, fixed, bases, rng)
    deadline = time.perf_counter() + seconds
    temp, best = 1.0, base.cost
    steps = 0
    while base.cost and time.perf_counter() < deadline:
        steps += 1
        r = rng.randrange(bases) if bases > 1 else 0
        a, b = rng.sample(range(base.n), 2)
        if base.where[r][a] == base.where[r][b]:
            continue
        before = base.cost
        base.swap(r, a, b)
        gain = base.cost - before
        if gain > 0 and rng.random() >= math.exp(-gain / temp):
            base.swap(r, a, b)
        best = min(best, base.cost)
        temp = max(0.08, temp * 0.99995)
        if steps % 200_000 == 0:
            temp = 1.0
    return base, steps


def main() -> None:
    only = {int(a) for a in sys.argv[1:]}
    stored = {e["n"]: e for e in json.loads(DATA.read_text())} if DATA.exists() else {}
    for n, mods, levels, fixed, bases in CASES:
        if (only and n not in only) or (not only and n in stored):
            continue
        q = math.prod(mods)
        for seed in range(SEEDS):
            base, steps = anneal(mods, levels, fixed, bases, seed, SECONDS)
            entry = {
                "n": n,
                "q": q,
                "group": mods,
                "levels": levels,
                "rounds": q * bases,
                "seed": seed,
                "bases": [sorted(sorted(t) for t in r) for r in base.rounds],
            }
            repeats = count_repeats(develop(entry))
            print(
                f"{n} x {q}: seed {seed}, {steps} steps, cost {base.cost}, "
                f"repeats {repeats}",
                flush=True,
            )
            if repeats == 0:
                stored[n] = entry
                _save(stored)
                break


def _save(stored: dict[int, dict]) -> None:
    rows = ",\n".join(json.dumps(stored[n]) for n in sorted(stored))
    DATA.write_text("[\n" + rows + "\n]\n")


if __name__ == "__main__":
    main()
