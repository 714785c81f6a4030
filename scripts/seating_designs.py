"""Build the full seating schedules stored in tournaments/seating/data/schedules.json.

Run: ``python scripts/seating_designs.py [28 36 40 32]`` (about a minute).
Deterministic, so anyone can reproduce the data file. Every schedule is
verified before it is written: each round a partition of 0..n-1 into tables
of 4, no pair meeting twice.

* 40 x 13: a 1-rotational RBIBD(40,4,1) on Z_13 x 3 levels + 1 fixed player:
  one base round (exact cover of points and difference classes, reduced by the
  automorphism (x, i) -> (3x, i + 1)) shifted 13 times. The PG(3,3) route
  (packing invariant under an order-13 collineation) has no solution: all
  order-13 collineations are conjugate and none admits such a spread.
* 28 x 9: the Hermitian unital x^4 + y^4 + z^4 = 0 in PG(2,9) (28 points, 63
  blocks of 4 on the secant lines), resolved by exact cover into 9 parallel
  classes.
* 36 x 11: a resolvable 4-GDD of type 3^12 on Z_11 x 3 + 3 fixed players, base
  round invariant under the level shift (exact cover, seconds).
* 32 x 10: a resolvable 4-GDD of type 2^16 (the social golfer instance
  8-4-10) from two affine planes AG(2,4) on the same 16 points, no three
  points collinear in both, every line used twice with complementary lifts to
  two levels; the lifts solve a linear system over GF(2) (seconds).
"""

import json
import random
import sys
import time
from itertools import combinations, product
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tournaments.seating.designs import SCHEDULES, affine_geometry
from tournaments.seating.repeats import count_repeats

Schedule = list[list[list[int]]]


def check(n: int, rounds: Schedule) -> None:
    """Raise unless every round partitions 0..n-1 into 4s and no pair repeats."""
    for r, tables in enumerate(rounds):
        players = sorted(p for t in tables for p in t)
        if players != list(range(n)) or any(len(t) != 4 for t in tables):
            raise ValueError(f"{n}: round {r} is not a partition into tables of 4")
    if count_repeats(rounds):
        raise ValueError(f"{n}: {count_repeats(rounds)} repeats")


# ---------------------------------------------------------------- exact cover


def exact_cover(items, options: dict, limit: int = 1):
    """Knuth's Algorithm X (dict of sets): up to ``limit`` solutions."""
    cols = {i: set() for i in items}
    for name, row in options.items():
        for i in row:
            cols[i].add(name)
    out: list[list] = []

    def select(name):
        removed = []
        for i in options[name]:
            for other in cols[i]:
                for j in options[other]:
                    if j != i:
                        cols[j].discard(other)
            removed.append(cols.pop(i))
        return removed

    def deselect(name, removed):
        for i in reversed(options[name]):
            cols[i] = removed.pop()
            for other in cols[i]:
                for j in options[other]:
                    if j != i:
                        cols[j].add(other)

    def solve(partial):
        if not cols:
            out.append(list(partial))
            return len(out) >= limit
        item = min(cols, key=lambda i: len(cols[i]))
        for name in sorted(cols[item], key=str):
            removed = select(name)
            partial.append(name)
            done = solve(partial)
            partial.pop()
            deselect(name, removed)
            if done:
                return True
        return False

    solve([])
    return out


# ------------------------------------------------- 1-rotational difference families


def _class(a: tuple, b: tuple, q: int) -> tuple:
    """The orbit of the pair {a, b} under Z_q: level pair and difference."""
    (x, i), (y, j) = sorted([a, b], key=lambda p: (p[1], p[0]))
    if i == j:
        d = (y - x) % q
        return ("pure", i, min(d, q - d))
    return ("mixed", i, j, (y - x) % q)


def difference_family(q: int, n_inf: int, excluded=(), sigma=None) -> Schedule:
    """A base round over Z_q x 3 levels + n_inf fixed players, developed mod q.

    Round t is the base round shifted by t on every finite player (x, level);
    fixed players never move. Pair {a, b} of finite players meets once per
    occurrence of its class (level pair, +-difference) in the base round, so
    the base round must cover every class once, except the ``excluded`` ones
    (the never-met groups of a GDD). Each fixed player sits with one player of
    each level. ``sigma`` (optional) is a permutation of order 3 the base round
    must be invariant under: the exact cover then runs on block orbits.
    """
    points = [(x, i) for i in range(3) for x in range(q)]
    need = {_class(a, b, q) for a, b in combinations(points, 2)} - {
        ("pure", i, 0) for i in range(3)
    }
    need -= set(excluded)
    options: dict = {}

    def orbit(block: tuple) -> list[tuple]:
        out = [block]
        while sigma and set(nxt := tuple(sigma(p) for p in out[-1])) != set(block):
            out.append(nxt)
        return out

    def add(blocks: list[tuple]) -> None:
        cover = [p for b in blocks for p in b]
        classes = [
            _class(a, c, q)
            for b in blocks
            for a, c in combinations([p for p in b if p[0] != "inf"], 2)
        ]
        distinct = len(set(cover)) == len(cover) and len(set(classes)) == len(classes)
        if distinct and set(classes) <= need:
            key = tuple(sorted(tuple(sorted(b, key=str)) for b in blocks))
            options[key] = cover + classes

    for block in combinations(points, 4):
        add(orbit(block))
    for k in range(n_inf):
        for a, b, c in product(range(q), repeat=3):
            if k == 0 and a:  # translate the first fixed player's table to 0
                continue
            add(orbit((("inf", k), (a, 0), (b, 1), (c, 2))))
    items = points + sorted(need) + [("inf", k) for k in range(n_inf)]
    (solution,) = exact_cover(items, options)
    base = [b for key in solution for b in key]

    def label(p: tuple, t: int) -> int:
        return 3 * q + p[1] if p[0] == "inf" else p[1] * q + (p[0] + t) % q

    return [sorted(sorted(label(p, t) for p in b) for b in base) for t in range(q)]


def rbibd40() -> Schedule:
    """RBIBD(40,4,1): Z_13 x 3 + 1, invariant under (x, i) -> (3x, i + 1).

    (The PG(3,3) packing invariant under an order-13 collineation does not
    exist: its 10 line orbits admit no spread with one line from each.)
    """
    return difference_family(
        13, 1, sigma=lambda p: p if p[0] == "inf" else (3 * p[0] % 13, (p[1] + 1) % 3)
    )


def gdd36() -> Schedule:
    """Resolvable 4-GDD of type 3^12: Z_11 x 3 + 3, invariant under level shift.

    Groups (never met): {(x, 0), (x, 1), (x, 2)} and the three fixed players.
    """

    def shift(p: tuple) -> tuple:
        return ("inf", (p[1] + 1) % 3) if p[0] == "inf" else (p[0], (p[1] + 1) % 3)

    mixed_zero = [("mixed", i, j, 0) for i, j in ((0, 1), (0, 2), (1, 2))]
    return difference_family(11, 3, excluded=mixed_zero, sigma=shift)


# ------------------------------------------- 32 x 10: two affine planes, doubled


def gdd32(seed: int = 1) -> Schedule:
    """Resolvable 4-GDD of type 2^16 from two affine planes on 16 points.

    Player 2p + x is point p of AG(2,4) on level x; the groups (never met) are
    {2p, 2p + 1}. Plane A gives rounds 1-5 and a relabelled plane B = sigma(A)
    rounds 6-10: each round is one parallel class whose lines are each used
    twice, lifted to levels c and 1 - c (c: line -> {0, 1}), so the round
    seats every player once. Points p, q meet on the levels of one parity in
    each plane (c(p) + c(q) in A, c'(p) + c'(q) in B); every pair of players
    meets exactly once when the two parities differ for every p, q: 120
    equations over GF(2) in the 160 lift bits. They are inconsistent when a
    triple is collinear in both planes, so sigma is first chosen with none.
    """
    lines = [tuple(line) for parallel in affine_geometry(2) for line in parallel]
    rng = random.Random(seed)
    while True:
        sigma = _no_common_triple(lines, rng)
        if sigma is None:
            continue
        planes = (lines, [tuple(sigma[p] for p in line) for line in lines])
        lift = _lifts(planes)
        if lift is not None:
            break
    rounds = []
    for d, plane in enumerate(planes):
        for first in range(0, 20, 4):
            tables = []
            for j in range(first, first + 4):
                up = [lift[(d, j, p)] for p in plane[j]]
                tables.append([2 * p + c for p, c in zip(plane[j], up, strict=True)])
                tables.append(
                    [2 * p + 1 - c for p, c in zip(plane[j], up, strict=True)]
                )
            rounds.append(tables)
    return rounds


def _triples(lines) -> set[frozenset]:
    return {frozenset(t) for line in lines for t in combinations(line, 3)}


def _no_common_triple(lines, rng: random.Random, steps: int = 3000):
    """A relabelling sigma with no triple collinear in both planes (descent)."""
    ours = _triples(lines)
    sigma = list(range(16))
    rng.shuffle(sigma)

    def common() -> int:
        return len(ours & _triples([[sigma[p] for p in line] for line in lines]))

    bad = common()
    for _ in range(steps):
        if not bad:
            return sigma
        i, j = rng.sample(range(16), 2)
        sigma[i], sigma[j] = sigma[j], sigma[i]
        now = common()
        if now <= bad:
            bad = now
        else:
            sigma[i], sigma[j] = sigma[j], sigma[i]
    return None


def _lifts(planes) -> dict | None:
    """Lift bits (plane, line, point) -> 0/1 solving the parity equations."""
    bit: dict[tuple, int] = {}
    through: list[dict[frozenset, int]] = [{}, {}]
    for d, plane in enumerate(planes):
        for j, line in enumerate(plane):
            for p in line:
                bit[(d, j, p)] = len(bit)
            for a, b in combinations(line, 2):
                through[d][frozenset((a, b))] = j
    rows = []
    for a, b in combinations(range(16), 2):
        j, k = through[0][frozenset((a, b))], through[1][frozenset((a, b))]
        mask = 0
        for key in ((0, j, a), (0, j, b), (1, k, a), (1, k, b)):
            mask ^= 1 << bit[key]
        rows.append((mask, 1))
    solution = _solve_gf2(rows)
    if solution is None:
        return None
    return {key: solution >> i & 1 for key, i in bit.items()}


def _solve_gf2(rows: list[tuple[int, int]]) -> int | None:
    """One solution (free variables 0) of rows (bitmask, rhs), or None."""
    pivots: dict[int, tuple[int, int]] = {}
    for mask, rhs in rows:
        for col, (row, value) in pivots.items():
            if mask >> col & 1:
                mask, rhs = mask ^ row, rhs ^ value
        if not mask:
            if rhs:
                return None
            continue
        col = mask.bit_length() - 1
        for other, (row, value) in list(pivots.items()):
            if row >> col & 1:
                pivots[other] = (row ^ mask, value ^ rhs)
        pivots[col] = (mask, rhs)
    return sum(1 << col for col, (_row, value) in pivots.items() if value)


# ---------------------------------------------------- Hermitian unital, q = 3

# GF(9) = GF(3)[i]/(i^2 + 1): a + b i coded as (a, b).
GF9 = list(product(range(3), repeat=2))


def _m9(x: tuple, y: tuple) -> tuple:
    return ((x[0] * y[0] - x[1] * y[1]) % 3, (x[0] * y[1] + x[1] * y[0]) % 3)


def _norm9(x: tuple) -> int:
    """x^(q+1) = x * conj(x) = a^2 + b^2 in GF(3)."""
    return (x[0] ** 2 + x[1] ** 2) % 3


def _proj9(v: tuple) -> tuple:
    lead = next(c for c in v if c != (0, 0))
    inv = next(y for y in GF9 if _m9(lead, y) == (1, 0))
    return tuple(_m9(c, inv) for c in v)


def unital_resolution(limit_classes: int = 100_000) -> Schedule:
    zero = (0, 0)
    vectors = [v for v in product(GF9, repeat=3) if any(c != zero for c in v)]
    points = sorted({_proj9(v) for v in vectors})
    unital = [p for p in points if sum(_norm9(c) for c in p) % 3 == 0]
    assert len(unital) == 28
    blocks = set()
    for line in points:  # line [a, b, c]: a x + b y + c z = 0
        on = []
        for k, p in enumerate(unital):
            s = zero
            for a, x in zip(line, p, strict=True):
                s = tuple((u + w) % 3 for u, w in zip(s, _m9(a, x), strict=True))
            if s == zero:
                on.append(k)
        if len(on) == 4:
            blocks.add(tuple(on))
    blocks = sorted(blocks)
    assert len(blocks) == 63
    # All parallel classes (7 disjoint blocks), then an exact cover of the
    # blocks by 9 of them.
    classes = exact_cover(range(28), {b: list(b) for b in blocks}, limit=limit_classes)
    options = {k: [tuple(b) for b in c] for k, c in enumerate(classes)}
    (solution,) = exact_cover([tuple(b) for b in blocks], options)
    return [sorted(list(b) for b in classes[k]) for k in sorted(solution)]


# ------------------------------------------------------------------------ main


def main() -> None:
    only = set(sys.argv[1:])
    stored = {}
    if SCHEDULES.exists():
        stored = {
            (e["n"], len(e["rounds"])): e for e in json.loads(SCHEDULES.read_text())
        }
    builders = {
        "40": (40, "RBIBD(40,4,1) Z_13", rbibd40),
        "28": (28, "Hermitian unital U(3)", unital_resolution),
        "36": (36, "4-GDD 3^12 Z_11", gdd36),
        "32": (32, "4-GDD 2^16 two affine planes", gdd32),
    }
    for key, (n, name, build) in builders.items():
        if only and key not in only:
            continue
        start = time.perf_counter()
        rounds = build()
        check(n, rounds)
        print(
            f"{n} x {len(rounds)}: {name}, 0 repeats, "
            f"{time.perf_counter() - start:.1f} s",
            flush=True,
        )
        stored[(n, len(rounds))] = {"n": n, "name": name, "rounds": rounds}
        _save(stored)


def _save(stored: dict) -> None:
    rows = ",\n".join(json.dumps(stored[k]) for k in sorted(stored))
    SCHEDULES.write_text("[\n" + rows + "\n]\n")


if __name__ == "__main__":
    main()
