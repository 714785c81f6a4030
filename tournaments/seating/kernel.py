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
byes as even as the start made them. Tables of five the same way, for
every player: a 5-table seat changes hands only between two players with as
many 5-table rounds before, and if their counts would then differ in a later
prefix, they trade back in the first later round where one of them sits at
a 5-table and the other does not (``_partner_round``). So nobody sits at a
table of five a second time while someone present has not sat at one, and
the greedy start's fair 5-table duty is kept by every move.

Tables of three (the blind man's hand is the fourth) go round the same way:
a plan has tables of five or tables of three, never both, so "a 5-table"
below reads "a table that is not of four" (``sizes[g] != 4``), and the duty
counts are the turns at whichever odd size the plan has.
"""

import numpy as np
from numba import njit

EPS = 1e-9
COST, BEST, STEP, GAIN, RESTARTS = range(5)
#: The run's options, packed in one float array (numba takes no objects):
#: the bye group, the 5-table duty weight, the history's repeats (< 0: no stop
#: at the bound), steps without gain before a restart, restarts without gain
#: before giving up (< 0: never), steps in this call, the weighted meetings
#: (club-mates, pairs kept apart) at which a run may stop.
BYE, DUTY, HIST, STALL, PATIENCE, ITERS, WTARGET, SPREAD, EXACT, TRADES = range(10)
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
            elif sizes[g] != 4:  # a table of five or of three
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
        five[p] += (new != bye and sizes[new] != 4) - (old != bye and sizes[old] != 4)


@njit(cache=True)
def _perturb(met, groups, sizes, bye, pinned, five, away, five_before, trades):
    """A few random swaps between groups of the same size and kind, and up
    to ``trades`` random trades of a 5-table turn between two players (each
    takes the other's round at a table of five, ``_partner_round``)."""
    rounds, k = groups.shape
    if trades > 0:
        pre5 = np.zeros((rounds, k), np.int64)
        flag5 = np.zeros((rounds, k), np.bool_)
        for _ in range(trades):
            _five_prefix(groups, sizes, bye, five_before, pre5, flag5)
            r = np.random.randint(rounds)
            a, b = np.random.randint(k), np.random.randint(k)
            if flag5[r, a] == flag5[r, b] or pinned[r, a] or pinned[r, b]:
                continue
            if groups[r, a] == bye or groups[r, b] == bye:
                continue
            r2 = _partner_round(groups, pinned, bye, pre5, flag5, r, a, b)
            if r2 < 0:
                continue
            swap(met, groups, sizes, bye, five, away, r, a, b)
            swap(met, groups, sizes, bye, five, away, r2, a, b)
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
def weighted(met, weight):
    """Sum over pairs of weight x meetings (club-mates and pairs kept apart)."""
    k = met.shape[0]
    total = 0.0
    for a in range(k):
        for b in range(a + 1, k):
            total += weight[a, b] * met[a, b]
    return total


@njit(cache=True)
def _five_prefix(groups, sizes, bye, five_before, pre5, flag5):
    """Per round and player: 5-table rounds before it, and at a 5-table now."""
    rounds, k = groups.shape
    for p in range(k):
        count = five_before[p]
        for r in range(rounds):
            pre5[r, p] = count
            g = groups[r, p]
            at5 = g != bye and sizes[g] != 4
            flag5[r, p] = at5
            if at5:
                count += 1


@njit(cache=True)
def _spreads(pre5, flag5, post, lo, hi, n_lo, n_hi):
    """Per round: every player's 5-table rounds up to and including it, their
    least and most, and how many players have each."""
    rounds, k = pre5.shape
    for r in range(rounds):
        lo[r], hi[r] = 1 << 30, -1
        for p in range(k):
            v = pre5[r, p] + flag5[r, p]
            post[r, p] = v
            lo[r] = min(lo[r], v)
            hi[r] = max(hi[r], v)
        n_lo[r], n_hi[r] = 0, 0
        for p in range(k):
            n_lo[r] += post[r, p] == lo[r]
            n_hi[r] += post[r, p] == hi[r]


@njit(cache=True)
def _spread_ok(post, lo, hi, n_lo, n_hi, r, a, b):
    """Whether ``a`` may give his 5-table seat of round r to ``b``: in every
    prefix of rounds from r on, 5-table counts still differ by at most one
    (or by no more than they did)."""
    rounds, k = post.shape
    if k < 3:
        return True
    for rr in range(r, rounds):
        ca, cb = post[rr, a], post[rr, b]
        m, x = lo[rr], hi[rr]
        rest_lo = n_lo[rr] - (ca == m) - (cb == m)
        rest_hi = n_hi[rr] - (ca == x) - (cb == x)
        others_lo = m if rest_lo > 0 else x
        others_hi = x if rest_hi > 0 else m
        new_lo = min(others_lo, min(ca - 1, cb + 1))
        new_hi = max(others_hi, max(ca - 1, cb + 1))
        if new_hi - new_lo > max(1, x - m):
            return False
    return True


@njit(cache=True)
def _swap_delta(met, weight, groups, bye, r, a, b):
    """Exact change of the pair cost when a and b trade places in round r."""
    k = groups.shape[1]
    ga, gb = groups[r, a], groups[r, b]
    delta = 0.0
    for m in range(k):
        if m == a or m == b:  # noqa: SIM109
            continue
        g = groups[r, m]
        if g == ga and ga != bye:  # a leaves m, b joins m
            delta += met[b, m] + weight[b, m] - (met[a, m] - 1.0) - weight[a, m]
        elif g == gb and gb != bye:  # b leaves m, a joins m
            delta += met[a, m] + weight[a, m] - (met[b, m] - 1.0) - weight[b, m]
    return delta


@njit(cache=True)
def _partner_round(groups, pinned, bye, pre5, flag5, r, a, b):
    """Whether a and b may trade a 5-table seat for a 4-table seat in round r
    (the 5-table counts of every prefix of rounds stay a permutation), and
    the later round where they must trade back (-1: none needed).

    Their counts must be equal before r; then they differ by one until the
    first later round where one of them sits at a 5-table and the other does
    not, which must be the other way round: trading there too restores every
    later prefix. Returns -2 when the trade is not allowed."""
    if pre5[r, a] != pre5[r, b]:
        return -2
    rounds = groups.shape[0]
    for rr in range(r + 1, rounds):
        if flag5[rr, a] != flag5[rr, b]:
            if flag5[rr, a] == flag5[r, a]:
                return -2
            if groups[rr, a] == bye or groups[rr, b] == bye:
                return -2
            if pinned[rr, a] or pinned[rr, b]:
                return -2
            return rr
    return -1


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

    A swap between a 5-table and a 4-table keeps the 5-table counts of every
    prefix of rounds a permutation (``_partner_round``: with a trade back in
    a later round when needed), so nobody sits at a 5-table a second time
    while someone present has not sat at one. ``hist_repeats`` < 0: never
    stop at the bound (Swiss ranks, not the repeats, are what is minimised);
    else stop when the repeats are at the counting bound and the weighted
    meetings (club-mates, pairs kept apart) at ``knobs[WTARGET]``.
    """
    bye, duty_weight = int(knobs[BYE]), knobs[DUTY]
    hist_repeats, stall = knobs[HIST], knobs[STALL]
    patience, iters = int(knobs[PATIENCE]), int(knobs[ITERS])
    wtarget = knobs[WTARGET]
    spread_moves = knobs[SPREAD] > 0.0
    trades = int(knobs[TRADES])
    exact = knobs[EXACT] > 0.0
    rounds, k = groups.shape
    n_groups = sizes.shape[0]
    cost = state[COST]
    towards = np.zeros((rounds, k, n_groups))
    leave = np.zeros((rounds, k))
    prefix = np.zeros((rounds, k), np.int64)
    later = np.zeros((rounds, k), np.bool_)
    pre5 = np.zeros((rounds, k), np.int64)
    flag5 = np.zeros((rounds, k), np.bool_)
    post = np.zeros((rounds, k), np.int64)
    lo5, hi5 = np.zeros(rounds, np.int64), np.zeros(rounds, np.int64)
    n_lo5, n_hi5 = np.zeros(rounds, np.int64), np.zeros(rounds, np.int64)
    check = hist_repeats >= 0.0
    if (
        check
        and state[STEP] == 0.0
        and at_bound(met, hist_repeats)
        and weighted(met, weight) <= wtarget + EPS
    ):
        best[:, :] = groups
        state[BEST] = cost
        return AT_TARGET
    for _ in range(iters):
        it = state[STEP] + 1.0
        state[STEP] = it
        low, ties = np.inf, 0
        pick_r, pick_a, pick_b, pick_r2 = -1, -1, -1, -1
        any_valid = False
        # Only players in a conflict move, unless none is (duty left to even).
        hot = EPS if _conflicts(met, weight) else -1.0
        if bye >= 0:
            _bye_counts(groups, bye, bye_before, prefix, later)
        _five_prefix(groups, sizes, bye, five_before, pre5, flag5)
        _spreads(pre5, flag5, post, lo5, hi5, n_lo5, n_hi5)
        towards[:] = 0.0
        for r in range(rounds):
            for p in range(k):
                for m in range(k):
                    g = groups[r, m]
                    if m != p and g != bye:
                        towards[r, p, g] += met[p, m] + weight[p, m]
            for p in range(k):
                g = groups[r, p]
                leave[r, p] = 0.0 if g == bye else towards[r, p, g] - (sizes[g] - 1)
        for r in range(rounds):
            for a in range(k):
                if pinned[r, a] or leave[r, a] <= hot:
                    continue
                ga = groups[r, a]
                five_a = ga != bye and sizes[ga] != 4
                for b in range(k):
                    gb = groups[r, b]
                    if gb == ga or pinned[r, b] or (leave[r, b] > hot and b < a):
                        continue
                    five_b = gb != bye and sizes[gb] != 4
                    bye_a, bye_b = ga == bye, gb == bye
                    if bye_a != bye_b and (
                        prefix[r, a] != prefix[r, b] or later[r, a] or later[r, b]
                    ):
                        continue  # byes stay as even as they are, round by round
                    pair = met[a, b] + weight[a, b]
                    join_a = 0.0 if gb == bye else towards[r, a, gb] - pair
                    join_b = 0.0 if ga == bye else towards[r, b, ga] - pair
                    delta = join_a + join_b - leave[r, a] - leave[r, b]
                    r2 = -1
                    fair = True
                    if five_a != five_b:
                        giver, taker = (a, b) if five_a else (b, a)
                        fair = spread_moves and _spread_ok(
                            post, lo5, hi5, n_lo5, n_hi5, r, giver, taker
                        )
                    if five_a != five_b and (bye_a or bye_b):
                        # a bye for a 5-table seat: no trade back
                        if not fair and (
                            _partner_round(groups, pinned, bye, pre5, flag5, r, a, b)
                            != -1
                        ):
                            continue
                    elif five_a != five_b:
                        if duty_weight > 0.0:
                            delta += duty_weight * _duty_delta(
                                five[a], five[b], five_a, five_b
                            )
                        elif not fair:
                            r2 = _partner_round(
                                groups, pinned, bye, pre5, flag5, r, a, b
                            )
                            if r2 == -2:
                                continue
                            if r2 >= 0 and exact:  # with the trade back
                                swap(met, groups, sizes, bye, five, away, r, a, b)
                                delta += _swap_delta(met, weight, groups, bye, r2, a, b)
                                swap(met, groups, sizes, bye, five, away, r, a, b)
                            elif r2 >= 0:  # the trade back estimated apart
                                ga2, gb2 = groups[r2, a], groups[r2, b]
                                pair2 = met[a, b] + weight[a, b]
                                delta += (
                                    towards[r2, a, gb2]
                                    + towards[r2, b, ga2]
                                    - 2.0 * pair2
                                    - leave[r2, a]
                                    - leave[r2, b]
                                )
                    any_valid = True
                    banned = tabu[r, a, gb] > it or tabu[r, b, ga] > it
                    if banned and cost + delta >= state[BEST] - EPS:
                        continue
                    if delta < low - EPS:
                        low, ties = delta, 1
                        pick_r, pick_a, pick_b, pick_r2 = r, a, b, r2
                    elif delta <= low + EPS:
                        ties += 1
                        if np.random.randint(ties) == 0:
                            pick_r, pick_a, pick_b, pick_r2 = r, a, b, r2
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
        if pick_r2 >= 0:
            r2 = pick_r2
            ga2, gb2 = groups[r2, a], groups[r2, b]
            swap(met, groups, sizes, bye, five, away, r2, a, b)
            tabu[r2, a, ga2] = tenure
            tabu[r2, b, gb2] = tenure
            cost = cost_of(met, weight, five, duty_weight)  # exact again
        else:
            cost += low
        if cost < state[BEST] - EPS:
            state[BEST] = cost
            best[:, :] = groups
            state[GAIN] = it
            state[RESTARTS] = 0
            if (
                check
                and at_bound(met, hist_repeats)
                and weighted(met, weight) <= wtarget + EPS
            ):
                state[COST] = cost
                return AT_TARGET
        elif it - state[GAIN] > stall:
            state[RESTARTS] += 1
            if patience >= 0 and state[RESTARTS] > patience:
                state[COST] = cost
                return GAVE_UP
            groups[:, :] = best
            duties(groups, sizes, bye, five_before, bye_before, five, away)
            _perturb(met, groups, sizes, bye, pinned, five, away, five_before, trades)
            met[:, :] = meetings(history, groups, bye)
            cost = cost_of(met, weight, five, duty_weight)
            tabu[:] = 0.0
            state[GAIN] = it
    state[COST] = cost
    return RUNNING


def warm_up() -> None:
    """Compile (or load from numba's cache) every function with the types
    ``search._search`` passes, on a 9-player field (a 4- and a 5-table)."""
    k, rounds = 9, 2
    groups = np.zeros((rounds, k), np.int64)
    groups[:, 4:] = 1
    groups[1, 0], groups[1, 8] = 1, 0
    sizes = np.array([4, 5], np.int64)
    history = np.zeros((k, k))
    weight = np.zeros((k, k))
    pinned = np.zeros((rounds, k), np.bool_)
    zeros = np.zeros(k, np.int64)
    five, away = np.zeros(k, np.int64), np.zeros(k, np.int64)
    seed(1)
    duties(groups, sizes, 2, zeros, zeros, five, away)
    met = meetings(history, groups, 2)
    cost = cost_of(met, weight, five, 0.0)
    at_bound(met, 0.0)
    weighted(met, weight)
    state = np.array([cost, cost, 0.0, 0.0, 0.0])
    knobs = np.zeros(10)
    knobs[BYE], knobs[STALL], knobs[PATIENCE], knobs[ITERS] = 2, 5, 1, 20
    knobs[HIST] = -1.0  # no stop: the steps themselves compile
    tabu = np.zeros((rounds, k, len(sizes) + 1))
    run(
        groups, groups.copy(), met, history, weight, sizes, pinned,
        zeros, zeros, five, away, tabu, state, knobs,
    )  # fmt: skip
