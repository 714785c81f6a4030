"""The tabu search's inner loop, compiled with numba.

One call runs up to ``iters`` steps and leaves its state in the arrays it was
given, so the Python driver can check the clock between calls (numba cannot)
and never overrun the time budget by more than one chunk. A step costs
O(R * k^2) plain loops, about 50 times fewer seconds than the vectorised numpy
step it replaced, which is what gets small fields with 5-tables to zero.

``state`` holds the scalars: cost, best cost, step, last gain, restarts.

The search stops as soon as the schedule sits at its lower bound (``at_bound``:
no more repeats than the counting bound of the meeting slots it has),
whatever the duty terms of the cost still say. Byes are never traded: a
player may take another's bye in round r only when both had as many byes
before r and neither sits out later, so every prefix of rounds keeps its
byes as even as the start made them.
"""

import numpy as np
from numba import njit

EPS = 1e-9
COST, BEST, STEP, GAIN, RESTARTS = range(5)
#: The run's options, packed in one float array (numba takes no objects):
#: the bye group, the 5-table duty weight, the history's repeats (< 0: no stop
#: at the bound), steps without gain before a restart, restarts without gain
#: before giving up (< 0: never), steps in this call.
BYE, DUTY, HIST, STALL, PATIENCE, ITERS = range(6)
RUNNING, AT_TARGET, GAVE_UP = range(3)


@njit(cache=True)
def seed(value):
    np.random.seed(value)


@njit(cache=True)
def meetings(history, groups, bye):
    """History plus every meeting of ``groups``."""
    met = history.copy()
    rounds, k = groups.shape
    for r in range(rounds):
        for a in range(k):
            g = groups[r, a]
            if g == bye:
                continue
            for b in range(a + 1, k):
                if groups[r, b] == g:
                    met[a, b] += 1.0
                    met[b, a] += 1.0
    return met


@njit(cache=True)
def cost_of(met, weight, five, duty_weight):
    """Pairs cost c(c-1)/2 + w c; 5-table duty costs duty_weight * count^2."""
    total = 0.0
    k = met.shape[0]
    for a in range(k):
        total += duty_weight * five[a] ** 2
        for b in range(a + 1, k):
            c = met[a, b]
            total += c * (c - 1.0) / 2.0 + weight[a, b] * c
    return total


@njit(cache=True)
def _duty_delta(count_a, count_b, in_a, in_b):
    """Change of count_a^2 + count_b^2 when a and b trade places."""
    if in_a == in_b:
        return 0.0
    step = 1 if in_b else -1  # a joins b's kind, b joins a's
    after = (count_a + step) ** 2 + (count_b - step) ** 2
    return float(after - count_a**2 - count_b**2)


@njit(cache=True)
def duties(groups, sizes, bye, five_before, bye_before, five, away):
    """Each player's 5-table and bye counts, history included, into five/away."""
    rounds, k = groups.shape
    for p in range(k):
        five[p] = five_before[p]
        away[p] = bye_before[p]
        for r in range(rounds):
            g = groups[r, p]
            if g == bye:
                away[p] += 1
            elif sizes[g] == 5:
                five[p] += 1


@njit(cache=True)
def at_bound(met, hist_repeats):
    """No more repeats than this schedule's meeting slots force (the counting
    bound of ``repeats.counting_bound``, or the history's own repeats)."""
    k = met.shape[0]
    repeats, total, per_player = 0.0, 0.0, 0.0
    for a in range(k):
        slots = 0.0
        for b in range(k):
            c = met[a, b]
            slots += c
            if b > a:
                total += c
                if c > 1.0:
                    repeats += c - 1.0
        if slots > k - 1:
            per_player += slots - (k - 1)
    pairs = k * (k - 1) / 2.0
    bound = max(hist_repeats, np.ceil(per_player / 2.0 - EPS), total - pairs)
    return repeats <= bound + EPS


@njit(cache=True)
def _bye_counts(groups, bye, bye_before, prefix, later):
    """Per round and player: byes before the round, and any bye after it."""
    rounds, k = groups.shape
    for p in range(k):
        count = bye_before[p]
        for r in range(rounds):
            prefix[r, p] = count
            if groups[r, p] == bye:
                count += 1
        after = False
        for r in range(rounds - 1, -1, -1):
            later[r, p] = after
            if groups[r, p] == bye:
                after = True


@njit(cache=True)
def _conflicts(met, weight):
    """Does any pair cost something (a repeat, or a weight)?"""
    k = met.shape[0]
    for a in range(k):
        for b in range(a + 1, k):
            if met[a, b] > 1.0 or (met[a, b] > 0.0 and weight[a, b] > 0.0):
                return True
    return False


@njit(cache=True)
def _move(met, groups, r, p, src, dst, bye, other):
    """Player p leaves group src for dst in round r (``other`` is skipped)."""
    k = groups.shape[1]
    for m in range(k):
        if m == p or m == other:  # noqa: SIM109 (plain compares compile best)
            continue
        g = groups[r, m]
        if g == src and src != bye:
            met[p, m] -= 1.0
            met[m, p] -= 1.0
        elif g == dst and dst != bye:
            met[p, m] += 1.0
            met[m, p] += 1.0


@njit(cache=True)
def swap(met, groups, sizes, bye, five, away, r, a, b):
    ga, gb = groups[r, a], groups[r, b]
    _move(met, groups, r, a, ga, gb, bye, b)
    _move(met, groups, r, b, gb, ga, bye, a)
    groups[r, a], groups[r, b] = gb, ga
    for p, old, new in ((a, ga, gb), (b, gb, ga)):
        away[p] += (new == bye) - (old == bye)
        five[p] += (new != bye and sizes[new] == 5) - (old != bye and sizes[old] == 5)


@njit(cache=True)
def _perturb(met, groups, sizes, bye, pinned, five, away):
    """A few random swaps between groups of the same size and kind."""
    rounds, k = groups.shape
    for _ in range(2 + np.random.randint(3)):
        r = np.random.randint(rounds)
        a, b = np.random.randint(k), np.random.randint(k)
        ga, gb = groups[r, a], groups[r, b]
        if a == b or ga == gb or pinned[r, a] or pinned[r, b]:
            continue
        if (ga == bye) != (gb == bye) or sizes[ga] != sizes[gb]:
            continue
        swap(met, groups, sizes, bye, five, away, r, a, b)


@njit(cache=True)
def run(
    groups,
    best,
    met,
    history,
    weight,
    sizes,
    pinned,
    five_before,
    bye_before,
    five,
    away,
    tabu,
    state,
    knobs,
):
    """Up to ``iters`` tabu steps; returns RUNNING, AT_TARGET or GAVE_UP.

    With ``duty_weight`` 0 a swap between a 5-table and a 4-table must keep
    the 5-table counts a permutation; above 0 it is allowed and pays for the
    unevenness it adds. ``hist_repeats`` < 0: never stop at the bound (the
    weights, not the repeats, are what is minimised).
    """
    bye, duty_weight = int(knobs[BYE]), knobs[DUTY]
    hist_repeats, stall = knobs[HIST], knobs[STALL]
    patience, iters = int(knobs[PATIENCE]), int(knobs[ITERS])
    rounds, k = groups.shape
    n_groups = sizes.shape[0]
    cost = state[COST]
    towards = np.zeros((k, n_groups))
    leave = np.zeros(k)
    prefix = np.zeros((rounds, k), np.int64)
    later = np.zeros((rounds, k), np.bool_)
    check = hist_repeats >= 0.0
    if check and state[STEP] == 0.0 and at_bound(met, hist_repeats):
        best[:, :] = groups
        state[BEST] = cost
        return AT_TARGET
    for _ in range(iters):
        it = state[STEP] + 1.0
        state[STEP] = it
        low, ties = np.inf, 0
        pick_r, pick_a, pick_b = -1, -1, -1
        any_valid = False
        # Only players in a conflict move, unless none is (duty left to even).
        hot = EPS if _conflicts(met, weight) else -1.0
        if bye >= 0:
            _bye_counts(groups, bye, bye_before, prefix, later)
        for r in range(rounds):
            towards[:] = 0.0
            for p in range(k):
                for m in range(k):
                    g = groups[r, m]
                    if m != p and g != bye:
                        towards[p, g] += met[p, m] + weight[p, m]
            for p in range(k):
                g = groups[r, p]
                leave[p] = 0.0 if g == bye else towards[p, g] - (sizes[g] - 1)
            for a in range(k):
                if pinned[r, a] or leave[a] <= hot:
                    continue
                ga = groups[r, a]
                five_a = ga != bye and sizes[ga] == 5
                for b in range(k):
                    gb = groups[r, b]
                    if gb == ga or pinned[r, b] or (leave[b] > hot and b < a):
                        continue
                    five_b = gb != bye and sizes[gb] == 5
                    bye_a, bye_b = ga == bye, gb == bye
                    if bye_a != bye_b and (
                        prefix[r, a] != prefix[r, b] or later[r, a] or later[r, b]
                    ):
                        continue  # byes stay as even as they are, round by round
                    duty = 0.0
                    if duty_weight > 0.0:
                        duty = _duty_delta(five[a], five[b], five_a, five_b)
                    elif five_a != five_b and five[a] - five_a != five[b] - five_b:
                        continue
                    any_valid = True
                    pair = met[a, b] + weight[a, b]
                    join_a = 0.0 if gb == bye else towards[a, gb] - pair
                    join_b = 0.0 if ga == bye else towards[b, ga] - pair
                    delta = join_a + join_b - leave[a] - leave[b] + duty_weight * duty
                    banned = tabu[r, a, gb] > it or tabu[r, b, ga] > it
                    if banned and cost + delta >= state[BEST] - EPS:
                        continue
                    if delta < low - EPS:
                        low, ties = delta, 1
                        pick_r, pick_a, pick_b = r, a, b
                    elif delta <= low + EPS:
                        ties += 1
                        if np.random.randint(ties) == 0:
                            pick_r, pick_a, pick_b = r, a, b
        if pick_r < 0:
            if not any_valid:
                state[COST] = cost
                return GAVE_UP
            tabu[:] = 0.0
            continue
        r, a, b = pick_r, pick_a, pick_b
        ga, gb = groups[r, a], groups[r, b]
        swap(met, groups, sizes, bye, five, away, r, a, b)
        tenure = it + 4 + np.random.randint(max(4, k // 2))
        tabu[r, a, ga] = tenure
        tabu[r, b, gb] = tenure
        cost += low
        if cost < state[BEST] - EPS:
            state[BEST] = cost
            best[:, :] = groups
            state[GAIN] = it
            state[RESTARTS] = 0
            if check and at_bound(met, hist_repeats):
                state[COST] = cost
                return AT_TARGET
        elif it - state[GAIN] > stall:
            state[RESTARTS] += 1
            if patience >= 0 and state[RESTARTS] > patience:
                state[COST] = cost
                return GAVE_UP
            groups[:, :] = best
            duties(groups, sizes, bye, five_before, bye_before, five, away)
            _perturb(met, groups, sizes, bye, pinned, five, away)
            met[:, :] = meetings(history, groups, bye)
            cost = cost_of(met, weight, five, duty_weight)
            tabu[:] = 0.0
            state[GAIN] = it
    state[COST] = cost
    return RUNNING
