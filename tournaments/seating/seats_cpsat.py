"""CP-SAT for the seat orders the local repair could not balance.

Imported lazily: loading OR-Tools costs about half a second.
"""

import time

import numpy as np
from ortools.sat.python import cp_model


def solve(rounds, counts, lo, hi, deadline):
    """Same contract as ``balance_seats``; keeps the input if no better found."""
    tables = [t for tables in rounds for t in tables]
    start = counts.copy()
    for t in tables:
        start[t, np.arange(len(t))] -= 1
    model = cp_model.CpModel()
    x = {}
    by_player_seat: dict[tuple[int, int], list] = {}
    for ti, table in enumerate(tables):
        for i, p in enumerate(table):
            for s in range(len(table)):
                v = model.new_bool_var(f"x{ti}_{p}_{s}")
                x[ti, p, s] = v
                model.add_hint(v, i == s)
                by_player_seat.setdefault((p, s), []).append(v)
            model.add_exactly_one(x[ti, p, s] for s in range(len(table)))
        for s in range(len(table)):
            model.add_exactly_one(x[ti, p, s] for p in table)
    slack = []
    for (p, s), vs in by_player_seat.items():
        total = int(start[p, s]) + sum(vs)
        over = model.new_int_var(0, len(vs), "")
        under = model.new_int_var(0, len(vs) + int(lo[p, s]), "")
        model.add(total - over <= int(hi[p, s]))
        model.add(total + under >= int(lo[p, s]))
        slack += [over, under]
    model.minimize(sum(slack))
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = max(0.05, deadline - time.perf_counter())
    solver.parameters.num_workers = 2
    if solver.solve(model) not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return rounds, counts
    out, it = [], iter(range(len(tables)))
    for tables_r in rounds:
        ordered = []
        for table in tables_r:
            ti = next(it)
            seat_of = {
                p: s
                for p in table
                for s in range(len(table))
                if solver.value(x[ti, p, s])
            }
            ordered.append(sorted(table, key=seat_of.get))
        out.append(ordered)
    new_counts = start.copy()
    for t in (t for r in out for t in r):
        new_counts[t, np.arange(len(t))] += 1
    return out, new_counts
