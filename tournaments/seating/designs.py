"""Repeat-free schedules that need no search: finite geometry, cyclic designs.

Players are 0..n-1 and every table has 4 seats. ``best_design`` returns the
construction with the most rounds (at most the number asked for), so the search
only has to add rounds beyond what mathematics gives for free.
"""

import json
from dataclasses import dataclass
from functools import cache
from math import gcd
from pathlib import Path

Schedule = list[list[list[int]]]

DATA = Path(__file__).with_name("data") / "cyclic.json"
SCHEDULES = Path(__file__).with_name("data") / "schedules.json"
#: Zero-repeat schedules for fields with tables of five (scripts/seating_fives.py)
FIVES = Path(__file__).with_name("data") / "fives.json"

# GF(4) = {0, 1, x, x+1} coded 0..3: addition is XOR, multiplication below.
_GF4_MUL = ((0, 0, 0, 0), (0, 1, 2, 3), (0, 2, 3, 1), (0, 3, 1, 2))


@dataclass(frozen=True, slots=True)
class Design:
    name: str
    rounds: Schedule


def _scale(t: int, v: int, dim: int) -> int:
    """t * v for v in GF(4)^dim packed two bits per coordinate."""
    return sum(_GF4_MUL[t][(v >> 2 * i) & 3] << 2 * i for i in range(dim))


@cache
def affine_geometry(dim: int) -> Schedule:
    """Parallel classes of lines of AG(dim, 4): 4^dim players, every pair once."""
    n = 4**dim
    directions = [v for v in range(1, n) if (v >> 2 * ((v.bit_length() - 1) // 2)) == 1]
    rounds = []
    for v in directions:
        multiples = [_scale(t, v, dim) for t in range(4)]
        seen: set[int] = set()
        tables = []
        for p in range(n):
            if p not in seen:
                line = [p ^ m for m in multiples]
                seen.update(line)
                tables.append(line)
        rounds.append(tables)
    return rounds


def transversal(q: int) -> Schedule:
    """Resolvable transversal design over Z_q: 4q players, groups never meet.

    Table b of round a is {(i, a*i + b) : i = 0..3}. Two rounds a, a' share a
    pair only when (a - a') * d = 0 mod q for some d in 1..3, so the first
    min(q, q / gcd(q, 2), q / gcd(q, 3)) rounds are repeat-free.
    """
    limit = min(q, q // gcd(q, 2), q // gcd(q, 3))
    return [
        [[i * q + (a * i + b) % q for i in range(4)] for b in range(q)]
        for a in range(limit)
    ]


def group_add(x: int, t: int, mods: list[int], sign: int = 1) -> int:
    """x + sign * t in Z_m1 x Z_m2 x ..., elements coded in mixed radix."""
    out, scale = 0, 1
    for m in reversed(mods):
        out += ((x // scale % m + sign * (t // scale % m)) % m) * scale
        scale *= m
    return out


def develop(entry: dict) -> Schedule:
    """Rounds of a stored cyclic design: shift each base round along Z_q.

    Players are (x, level) -> level * q + x for x in the group (Z_q, or the
    product of ``group`` moduli), plus fixed players from q * levels who never
    move. Base round b shifted by t is round b * q + t.
    """
    q, finite = entry["q"], entry["q"] * entry["levels"]
    mods = entry.get("group", [q])

    def shift(p: int, t: int) -> int:
        return p if p >= finite else p - p % q + group_add(p % q, t, mods)

    return [
        [[shift(p, t) for p in table] for table in base]
        for base in entry["bases"]
        for t in range(q)
    ]


@cache
def _stored() -> dict[int, dict]:
    if not DATA.exists():
        return {}
    return {e["n"]: e for e in json.loads(DATA.read_text())}


def _by_players(path) -> dict[int, list[dict]]:
    """Stored schedules by their number of players (none without the file)."""
    if not path.exists():
        return {}
    out: dict[int, list[dict]] = {}
    for entry in json.loads(path.read_text()):
        out.setdefault(entry["n"], []).append(entry)
    return out


@cache
def _schedules() -> dict[int, list[dict]]:
    """Full schedules from ``data/schedules.json`` (scripts/seating_designs.py)."""
    return _by_players(SCHEDULES)


@cache
def _fives() -> dict[int, list[dict]]:
    """Zero-repeat schedules with tables of five (scripts/seating_fives.py)."""
    return _by_players(FIVES)


def stored_fives(n: int, rounds: int) -> Design | None:
    """A stored repeat-free schedule of ``n`` players at tables of 4 and 5
    (``data/fives.json``) with at least ``rounds`` rounds, capped at
    rounds, whole (the same one whatever the rounds asked, so an event seated
    round by round keeps following it). Its 5-table seats go round in every
    prefix of rounds (nobody sits at a five a second time while someone has
    not sat at one), which a relabelling keeps."""
    found = [e for e in _fives().get(n, []) if len(e["rounds"]) >= rounds]
    if not found or rounds <= 0:
        return None
    best = max(found, key=lambda e: len(e["rounds"]))
    return Design(best["name"], best["rounds"])


def best_design(n: int, rounds: int) -> Design | None:
    """The construction giving the most repeat-free rounds, capped at ``rounds``."""
    if n % 4:
        return None
    found: list[Design] = []
    dim = {16: 2, 64: 3, 256: 4}.get(n)
    if dim:
        found.append(Design(f"AG({dim},4)", affine_geometry(dim)))
    if n in _stored():
        found.append(Design(f"cyclic {n}", develop(_stored()[n])))
    for entry in _schedules().get(n, []):
        found.append(Design(entry["name"], entry["rounds"]))
    if n >= 16:
        found.append(Design(f"TD(4,{n // 4})", transversal(n // 4)))
    if not found:
        return None
    best = max(found, key=lambda d: len(d.rounds))
    return Design(best.name, best.rounds[:rounds])
