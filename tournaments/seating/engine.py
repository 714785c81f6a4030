"""``schedule``: whole schedules or next rounds, always within the time budget.

Order of work: a stored or algebraic design when one fits the field (zero
repeats instantly, players relabelled at random so seeds differ), else a greedy
start, then tabu search until the cost reaches its bound or the budget ends,
then seat orders. Everything is computed on indices 0..k-1 of the active field;
withdrawn players only count through the history.
"""

import time
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np
from django.utils.translation import gettext as _

from .designs import best_design
from .greedy import greedy_rounds
from .problem import Problem
from .repeats import count_repeats, counting_bound, meeting_counts
from .search import tabu_search
from .seats import balance_seats, seat_bounds
from .tables import SeatingError, TablePlan, plan_tables

Player = Hashable
Round = list[list[Player]]
KEEP_APART = 1000.0
#: Restarts without a better schedule after which a search stops although its
#: bound is not reached: small fields, whose counting bound is weak (7 players
#: in 3 rounds repeat twice, the bound says 0), settle in milliseconds.
STALE_RESTARTS = 200


@dataclass(frozen=True)
class Options:
    """Everything a seating run is asked for besides the players and rounds."""

    seed: int = 0
    time_limit: float = 10.0
    byes: bool = False
    history: Sequence[Round] = ()
    avoid_pairs: Sequence[tuple[Player, Player]] = ()
    fixed_tables: Mapping[Player, int] = field(default_factory=dict)
    planned_rounds: int = 0
    ranks: Mapping[Player, int] | None = None  # Swiss: standings place


@dataclass
class SeatingResult:
    """New rounds (tables in seat order, seat 1 deals first) and diagnostics."""

    rounds: list[Round]
    byes: list[list[Player]]
    repeats: int  # history included, with multiplicity
    lower_bound: int
    seconds: float
    plan: TablePlan
    method: str
    max_meetings: int
    five_duty: dict[Player, int]
    bye_duty: dict[Player, int]
    seat_counts: dict[Player, list[int]]  # seats 1..5, history included
    seats_balanced: bool
    rank_spread: list[int] = field(default_factory=list)  # Swiss: per table

    def as_json(self) -> dict:
        return {
            "rounds": self.rounds,
            "repeats": self.repeats,
            "seconds": round(self.seconds, 3),
            "lower_bound": self.lower_bound,
            "method": self.method,
            "seats_balanced": self.seats_balanced,
        }


def schedule(
    players: Sequence[Player],
    rounds: int,
    *,
    seed: int = 0,
    time_limit: float = 10.0,
    byes: bool = False,
    history: Sequence[Round] = (),
    avoid_pairs: Sequence[tuple[Player, Player]] = (),
    fixed_tables: Mapping[Player, int] | None = None,
    planned_rounds: int = 0,
) -> SeatingResult:
    """Seat ``players`` for ``rounds`` more rounds after ``history``.

    ``planned_rounds`` (the event's total) lets an event seated one round at a
    time follow a design: with the same players, seed and plan, every call
    relabels the design alike, and while the history is the design's first
    rounds the next call returns its next round (zero repeats to the limit,
    where a search one round at a time would paint itself into a corner).
    """
    options = Options(
        seed=seed,
        time_limit=time_limit,
        byes=byes,
        history=history,
        avoid_pairs=avoid_pairs,
        fixed_tables=fixed_tables or {},
        planned_rounds=planned_rounds,
    )
    return run(players, rounds, options)


def warm() -> None:
    """Compile (first run after install, ~10 s) or load the search kernel."""
    # a 5-table, so the search runs; the budget covers loading the kernel and
    # the search stops at its bound at once
    schedule(list(range(9)), 2, time_limit=2.0)


def run(players, rounds: int, options: Options) -> SeatingResult:
    """Seat ``players`` for ``rounds`` more rounds as ``options`` ask."""
    start = time.perf_counter()
    seed, time_limit, byes = options.seed, options.time_limit, options.byes
    history, avoid_pairs = options.history, options.avoid_pairs
    fixed, ranks, planned = options.fixed_tables, options.ranks, options.planned_rounds
    rng = np.random.default_rng(seed)
    players = list(players)
    if len(set(players)) != len(players):
        raise SeatingError(_("A player is listed twice."), code="duplicate")
    plan = plan_tables(len(players), byes_allowed=byes)
    index = {p: i for i, p in enumerate(players)}
    k = len(players)
    sizes = np.array(plan.sizes + ([plan.byes] if plan.byes else []))
    fixed_idx = _fixed(fixed, index, plan)
    problem = Problem(
        history=np.zeros((k, k)),
        weight=np.zeros((k, k)),
        sizes=sizes,
        bye=len(plan.sizes) if plan.byes else -1,
        pinned=np.zeros((rounds, k), dtype=bool),
        five_before=np.zeros(k, dtype=int),
        bye_before=np.zeros(k, dtype=int),
    )
    seat_before = np.zeros((k, 5), dtype=int)
    played = np.zeros(k, dtype=int)
    for past in history:
        present = np.zeros(k, dtype=bool)
        for table in past:
            ids = [index[p] for p in table if p in index]
            present[ids] = True
            problem.history[np.ix_(ids, ids)] += 1
            for seat, p in enumerate(table):
                if p in index:
                    seat_before[index[p], seat] += 1
            if len(table) == 5:
                problem.five_before[ids] += 1
        played += present
        problem.bye_before += ~present
    np.fill_diagonal(problem.history, 0)
    for a, b in avoid_pairs:
        if a in index and b in index:
            problem.weight[index[a], index[b]] = problem.weight[index[b], index[a]] = (
                KEEP_APART
            )
    if ranks is not None:
        r = np.array([ranks[p] for p in players], dtype=float)
        problem.weight += np.abs(r[:, None] - r[None, :]) / (3.0 * k)
        np.fill_diagonal(problem.weight, 0)
    for p in fixed_idx:
        problem.pinned[:, p] = True

    past = _indexed(history, index, k)
    method, groups, search = _start(
        problem, plan, rounds, fixed_idx, past, avoid_pairs, ranks, rng, planned
    )
    if search:
        patience = 15 if problem.weight.any() else STALE_RESTARTS
        groups = tabu_search(
            problem, groups, start + 0.85 * time_limit, rng, patience=patience
        )
    new_rounds, new_byes = _tables(groups, plan)
    fives_total = problem.five_before + (sizes[groups] == 5).sum(0)
    played_total = played + (groups != problem.bye).sum(0)
    lo, hi = seat_bounds(played_total, fives_total)
    new_rounds, seats = balance_seats(
        new_rounds, seat_before, lo, hi, start + 0.97 * time_limit, rng
    )
    labelled = [[[players[p] for p in t] for t in tables] for tables in new_rounds]
    every = [list(map(list, past)) for past in history] + labelled
    slots = [0] * k
    for tables in every:
        for t in tables:
            for p in t:
                if p in index:
                    slots[index[p]] += len(t) - 1
    everyone = {p for tables in every for t in tables for p in t} | set(players)
    counts = meeting_counts(every)
    repeats = count_repeats(every)
    bound = max(count_repeats(history), counting_bound(slots, len(everyone)))
    spread = []
    if ranks is not None:
        spread = [
            max(ranks[p] for p in t) - min(ranks[p] for p in t) for t in labelled[0]
        ]
    return SeatingResult(
        rounds=labelled,
        byes=[[players[p] for p in b] for b in new_byes],
        repeats=repeats,
        lower_bound=min(bound, repeats),
        seconds=time.perf_counter() - start,
        plan=plan,
        method=method,
        max_meetings=max(counts.values(), default=0),
        five_duty={p: int(fives_total[i]) for i, p in enumerate(players)},
        bye_duty={
            p: int(problem.bye_before[i] + (groups[:, i] == problem.bye).sum())
            for i, p in enumerate(players)
        },
        seat_counts={p: [int(c) for c in seats[i]] for i, p in enumerate(players)},
        seats_balanced=not ((seats > hi) | (seats < lo)).any(),
        rank_spread=spread,
    )


def _fixed(fixed: Mapping, index: dict, plan: TablePlan) -> dict[int, int]:
    out: dict[int, int] = {}
    load = [0] * len(plan.sizes)
    for p, t in fixed.items():
        if p not in index:
            continue
        if not 0 <= t < len(plan.sizes) or load[t] >= plan.sizes[t] - 1:
            raise SeatingError(
                _("Table %(table)d cannot be kept for %(player)s.")
                % {"table": t + 1, "player": p},
                code="fixed_table",
            )
        load[t] += 1
        out[index[p]] = t
    return out


def _indexed(history, index, k) -> list[set[frozenset]] | None:
    """History as sets of index tables, or None unless it seated this field."""
    out = []
    for past in history:
        tables = {frozenset(index.get(p, -1) for p in t) for t in past}
        if sum(len(t) for t in tables) != k or any(-1 in t for t in tables):
            return None
        out.append(tables)
    return out


def _start(problem, plan, rounds, fixed, past, avoid, ranks, rng, planned):
    """(method, groups, search needed): a design when the field fits one (and
    the history follows it), else a greedy start.

    Fields with tables of five start greedy: a 4-design for the players of
    the tables plus the rest joining its tables reached fewer repeats in a few
    cases only by seating the same players at a table of five every round
    (docs/seating.md), which an even 5-table duty rules out."""
    plain = not (avoid or fixed or ranks is not None) and past is not None
    done = len(past or ())
    wanted = max(planned, done + rounds)
    design = best_design(problem.k, wanted) if plain else None
    if plan.fives or plan.byes or design is None or len(design.rounds) <= done:
        return "greedy", greedy_rounds(problem, rounds, fixed, rng), True
    k = problem.k
    label = rng.permutation(k)  # design player i is field player label[i]
    groups = np.zeros((len(design.rounds), k), dtype=int)
    for r, tables in enumerate(design.rounds):
        for t, table in enumerate(rng.permutation(len(tables))):
            groups[r, label[design.rounds[r][table]]] = t
    for r, tables in enumerate(past):
        ours = {
            frozenset(np.flatnonzero(groups[r] == t).tolist()) for t in set(groups[r])
        }
        if tables != ours:
            return "greedy", greedy_rounds(problem, rounds, fixed, rng), True
    groups = groups[done : done + rounds]
    if len(groups) == rounds:
        return design.name, groups, False
    ahead = Problem(
        problem.meetings(groups),
        problem.weight,
        problem.sizes,
        problem.bye,
        problem.pinned[len(groups) :],
        problem.five_before,
        problem.bye_before,
    )
    more = greedy_rounds(ahead, rounds - len(groups), fixed, rng)
    return f"{design.name} + tabu", np.vstack([groups, more]), True


def _tables(groups: np.ndarray, plan: TablePlan):
    rounds, byes = [], []
    for row in groups:
        rounds.append([list(np.flatnonzero(row == t)) for t in range(len(plan.sizes))])
        byes.append(list(np.flatnonzero(row == len(plan.sizes))) if plan.byes else [])
    return rounds, byes
