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
from itertools import combinations

import numpy as np
from django.utils.translation import gettext as _

from tournaments.dealing import sit_out_spread

from .designs import best_design, stored_fives
from .greedy import greedy_rounds
from .problem import Problem
from .repeats import count_repeats, count_repeats_matrix, counting_bound, meeting_counts
from .search import tabu_search
from .seats import balance_seats, seat_bounds
from .tables import SeatingError, TablePlan, plan_tables

Player = Hashable
Round = list[list[Player]]
KEEP_APART = 1000.0
#: Soft rules, weighed against a repeat meeting (cost 1): club-mates at one
#: table, and pairs the TD keeps apart (family), per meeting.
CLUB_WEIGHT = 0.25
PAIR_WEIGHT = 0.5
#: Relabellings of a design tried to keep club-mates and named pairs apart.
RELABELS = 64
#: Restarts without a better schedule after which a search stops although its
#: bound is not reached: small fields, whose counting bound is weak (7 players
#: in 3 rounds repeat twice, the bound says 0), settle in milliseconds.
STALE_RESTARTS = 200
#: With tables of five a run gives way to a fresh greedy start (another
#: fair 5-table duty) sooner: one long run under the duty rule stalls (each
#: restart also trades a few 5-table turns, ``search.PERTURB_TRADES``).
FIVES_RESTARTS = 25
FIVES_STALL = 150  # steps without a gain before a restart
#: Fresh starts in a row without a better schedule before the search gives
#: up early: few without tables of five (small fields whose counting bound is
#: weak settle in milliseconds), with them practically until the budget (the
#: duty each start draws decides what the search can reach: 25 x 6 reaches 0
#: in one start out of a few).
FRESH_STARTS = 6
FIVES_FRESH = 1000
#: One more round after a history (the round page, a club season): the
#: duty each start draws matters little for one round, and the best is
#: found in the first starts (18 members, 36 partijen: the same repeats with
#: 4 starts in a row without a gain as with 1000, in 0.15 s a partij
#: instead of the budget's 0.85 s).
ROUND_FRESH = 8
#: Tables of three (small fields: 3, 6, 7, 11 players, or the TD's threes
#: for fives): a start takes milliseconds and the duty it draws decides
#: much (11 x 4: 12-15 repeats with 6 starts, measured), so more starts.
THREES_FRESH = 60
#: Seconds the seat orders may take after the search, whatever is left of
#: the budget (never more than the budget itself: a 0.05 s budget stays a
#: small one): every seat about equally often is a promise, not a best
#: effort, and the repair that keeps it (CP-SAT, loaded lazily in about
#: half a second) must not be skipped because a busy machine let the search
#: eat the whole budget (CI, 11 players in 5 rounds with threes).
SEAT_REPAIR_SECONDS = 1.0


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
    clubs: Mapping[Player, Hashable] = field(default_factory=dict)
    keep_apart: Sequence[tuple[Player, Player]] = ()
    deals_per_round: int = 0  # > 0: even the deals sat out at tables of five
    #: tables of three with the blind man for counts 4s and 5s do not seat
    threes: bool = False
    #: tables of three instead of tables of five, for any count (the TD asks)
    threes_for_fives: bool = False


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
    club_meetings: int = 0  # club-mates at one table in the new rounds
    apart_meetings: int = 0  # pairs kept apart at one table in the new rounds
    #: rounds at a table of three (the blind man's), history included
    three_duty: dict[Player, int] = field(default_factory=dict)

    def as_json(self) -> dict:
        return {
            "rounds": self.rounds,
            "repeats": self.repeats,
            "seconds": round(self.seconds, 3),
            "lower_bound": self.lower_bound,
            "method": self.method,
            "seats_balanced": self.seats_balanced,
            "club_meetings": self.club_meetings,
            "apart_meetings": self.apart_meetings,
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
    clubs: Mapping[Player, Hashable] | None = None,
    keep_apart: Sequence[tuple[Player, Player]] = (),
    deals_per_round: int = 0,
    threes: bool = False,
    threes_for_fives: bool = False,
) -> SeatingResult:
    """Seat ``players`` for ``rounds`` more rounds after ``history``.

    ``threes`` (the event's tables of three with the blind man): counts that
    tables of 4 and 5 do not seat (3, 6, 7, 11) get as few tables of three as
    possible; ``threes_for_fives`` seats tables of three instead of tables of
    five for any count (``plan_tables``). Tables of three go round in turn as
    tables of five do: nobody sits at one a second time while someone present
    has not sat at one (history included).

    ``deals_per_round`` (> 0) lets the seat order at a table of five even
    out the deals each player sits out over the event (the dealer sits out;
    with 8 deals seats 1-3 sit out twice, seats 4-5 once), after the seat
    balance.

    ``clubs`` (player -> club) and ``keep_apart`` (pairs the TD names) are
    soft rules: a meeting of club-mates costs ``CLUB_WEIGHT``, of a named pair
    ``PAIR_WEIGHT``, a repeat meeting 1, so repeats are avoided first.
    ``avoid_pairs`` is the hard version (never at one table if avoidable).

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
        clubs=clubs or {},
        keep_apart=keep_apart,
        deals_per_round=deals_per_round,
        threes=threes,
        threes_for_fives=threes_for_fives,
    )
    return run(players, rounds, options)


def warm() -> float:
    """Compile (first run after install, ~10 s) or load the search kernel;
    seconds taken. Every compiled function is called once with the types the
    search uses, whatever the clock says (a server calls this at start, so
    the TD's first click does not compile)."""
    from . import kernel

    began = time.perf_counter()
    kernel.warm_up()
    # and the Python around it (a 5-table: the search runs)
    schedule(list(range(9)), 2, time_limit=0.2)
    return time.perf_counter() - began


def warmed() -> bool:
    """Whether this process has the compiled search loaded."""
    import sys

    kernel = sys.modules.get(__package__ + ".kernel")
    return bool(kernel is not None and kernel.run.signatures)


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
    plan = plan_tables(
        len(players),
        byes_allowed=byes,
        threes=options.threes,
        threes_for_fives=options.threes_for_fives,
    )
    # the turns that go round: at the plan's tables of five, or of three
    odd = plan.odd or 5
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
    by_size = {5: np.zeros(k, dtype=int), 3: np.zeros(k, dtype=int)}
    for past in history:
        present = np.zeros(k, dtype=bool)
        for table in past:
            ids = [index[p] for p in table if p in index]
            present[ids] = True
            problem.history[np.ix_(ids, ids)] += 1
            for seat, p in enumerate(table):
                if p in index:
                    seat_before[index[p], seat] += 1
            if len(table) in by_size:
                by_size[len(table)][ids] += 1
        played += present
        problem.bye_before += ~present
    problem.five_before = by_size[odd].copy()
    np.fill_diagonal(problem.history, 0)
    for a, b in avoid_pairs:
        if a in index and b in index:
            problem.weight[index[a], index[b]] = problem.weight[index[b], index[a]] = (
                KEEP_APART
            )
    soft = _soft_weights(players, index, options.clubs, options.keep_apart)
    problem.weight += soft
    problem.weight_target = _weight_target(
        problem.history, problem.weight, soft, options.clubs, players, plan, rounds
    )
    if ranks is not None:
        r = np.array([ranks[p] for p in players], dtype=float)
        problem.weight += np.abs(r[:, None] - r[None, :]) / (3.0 * k)
        np.fill_diagonal(problem.weight, 0)
        problem.weight_target = -1.0  # Swiss: the rank distance has no bound
    for p in fixed_idx:
        problem.pinned[:, p] = True

    floor = 0  # the next round's unavoidable repeats
    if rounds == 1 and history:
        floor = round_bound(history[-1], players, problem.five_before, plan)
        problem.repeat_floor = count_repeats_matrix(problem.history) + floor
    past = _indexed(history, index, k)
    method, groups, search = _start(
        problem, plan, rounds, fixed_idx, past, avoid_pairs, ranks, rng, planned, soft
    )
    if search:
        patience, stall, starts = STALE_RESTARTS, 400, FRESH_STARTS
        if problem.weight_target < 0:
            patience = 15
        elif plan.fives:  # fair 5-table duty: fresh starts help more
            patience, stall, starts = FIVES_RESTARTS, FIVES_STALL, FIVES_FRESH
            if rounds == 1 and history:
                starts = ROUND_FRESH
        elif plan.threes:  # the same duty at tables of three; small fields
            patience, stall, starts = FIVES_RESTARTS, FIVES_STALL, THREES_FRESH
            if rounds == 1 and history:
                starts = ROUND_FRESH

        def fresh():
            return greedy_rounds(problem, rounds, fixed_idx, rng)

        groups = tabu_search(
            problem,
            groups,
            start + 0.85 * time_limit,
            rng,
            stall=stall,
            patience=patience,
            # Swiss ranks have no bound to stop at: one run, as before; a
            # stored schedule with club-mates gives way to greedy starts too
            # (its zero repeats can seat more club-mates together)
            fresh=fresh
            if (method == "greedy" or method.startswith("stored")) and ranks is None
            else None,
            fresh_patience=starts,
        )
    new_rounds, new_byes = _tables(groups, plan)
    at_table = groups != problem.bye
    fives_total = by_size[5] + ((sizes[groups] == 5) & at_table).sum(0)
    threes_total = by_size[3] + ((sizes[groups] == 3) & at_table).sum(0)
    played_total = played + at_table.sum(0)
    lo, hi = seat_bounds(played_total, fives_total, threes_total)
    sit_before, per_seat = None, None
    if options.deals_per_round > 0 and plan.fives:
        per_seat = np.array(sit_out_spread(options.deals_per_round, 5).per_seat)
        sit_before = np.zeros(k, dtype=int)
        for tables in history:
            for table in tables:
                if len(table) == 5:
                    for seat, p in enumerate(table):
                        if p in index:
                            sit_before[index[p]] += per_seat[seat]
    new_rounds, seats = balance_seats(
        new_rounds,
        seat_before,
        lo,
        hi,
        max(
            start + 0.97 * time_limit,
            time.perf_counter() + min(SEAT_REPAIR_SECONDS, time_limit),
        ),
        rng,
        sit_before,
        per_seat,
    )
    labelled = [[[players[p] for p in t] for t in tables] for tables in new_rounds]
    every = [list(map(list, past)) for past in history] + labelled
    counts = meeting_counts(every)
    repeats = count_repeats(every)
    bound = history_bound(history, labelled, players, floor)
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
        club_meetings=_together(labelled, _club_pairs(options.clubs, players)),
        apart_meetings=_together(labelled, options.keep_apart),
        three_duty={p: int(threes_total[i]) for i, p in enumerate(players)},
    )


def history_bound(history, new_rounds, players, floor: int = 0) -> int:
    """Repeats no seating of ``new_rounds`` after ``history`` avoids: the
    history's own (they are played), plus ``floor`` (``round_bound``), and
    at least the counting bound of the present ``players``' meeting slots.
    The round page and the season page (``seasons.seating``) both say this
    number, so they agree."""
    index = {p: i for i, p in enumerate(players)}
    every = [*history, *new_rounds]
    slots = [0] * len(players)
    for tables in every:
        for t in tables:
            for p in t:
                if p in index:
                    slots[index[p]] += len(t) - 1
    everyone = {p for tables in every for t in tables for p in t} | set(players)
    before = count_repeats(history)
    return max(before + floor, counting_bound(slots, len(everyone)))


def _club_pairs(clubs: Mapping, players) -> list[tuple]:
    by_club: dict = {}
    for p in players:
        c = clubs.get(p)
        if c is not None and c != "":
            by_club.setdefault(c, []).append(p)
    return [(a, b) for mates in by_club.values() for a, b in combinations(mates, 2)]


def _together(rounds: list[Round], pairs) -> int:
    """Meetings of ``pairs`` at one table in ``rounds``."""
    wanted = {frozenset(p) for p in pairs if len(set(p)) == 2}
    if not wanted:
        return 0
    return sum(
        frozenset(pair) in wanted
        for tables in rounds
        for t in tables
        for pair in combinations(t, 2)
    )


def _soft_weights(players, index, clubs, keep_apart) -> np.ndarray:
    """k x k: CLUB_WEIGHT for club-mates, plus PAIR_WEIGHT for named pairs."""
    k = len(players)
    weight = np.zeros((k, k))
    for a, b in _club_pairs(clubs, players):
        weight[index[a], index[b]] = weight[index[b], index[a]] = CLUB_WEIGHT
    for a, b in keep_apart:
        if a in index and b in index and a != b:
            weight[index[a], index[b]] += PAIR_WEIGHT
            weight[index[b], index[a]] += PAIR_WEIGHT
    return weight


def _weight_target(history, weight, soft, clubs, players, plan, rounds) -> float:
    """The weighted meetings no seating avoids: the history's, and per new
    round each club spread over the tables as evenly as it goes."""
    if not weight.any():
        return 0.0
    past = float(np.triu(history * weight, 1).sum())
    tables = len(plan.sizes)
    size: dict = {}
    for p in players:
        c = clubs.get(p)
        if c is not None and c != "":
            size[c] = size.get(c, 0) + 1
    per_round = 0
    for m in size.values():
        m = max(0, m - plan.byes)
        q, extra = divmod(m, tables)
        per_round += extra * (q + 1) * q // 2 + (tables - extra) * q * (q - 1) // 2
    return past + rounds * CLUB_WEIGHT * per_round


def _spread_pairs(x: int, tables: int) -> int:
    """Fewest pairs at one table when x players sit at ``tables`` tables."""
    if x <= 0 or tables <= 0:
        return 0 if x <= 0 else x * (x - 1) // 2
    q, extra = divmod(x, tables)
    return extra * (q + 1) * q // 2 + (tables - extra) * q * (q - 1) // 2


def round_bound(last: Round, players, five_before, plan: TablePlan) -> int:
    """Repeat meetings the next round cannot avoid among players who shared
    a table in the last round, given who may sit at a table of five now.

    Under the 5-table rule (``kernel``: a seat changes hands only between
    players with as many 5-table rounds) the players with the fewest 5-table
    rounds take the seats;
    a group of last round's table-mates with y players at the tables of five
    and the rest at the tables of four meets at least
    spread(y, fives) + spread(rest, fours) times again. That cost is convex
    in y, so handing the 5-table seats out one by one to the group where the
    next costs least gives the least total (22 players, round 2: 8)."""
    if plan.byes:
        return 0
    # the tables that go round in turn: of five, or of three (the same rule)
    fives, fours = plan.fives + plan.threes, plan.fours
    seats = plan.odd * fives
    index = {p: i for i, p in enumerate(players)}
    counts = [int(five_before[i]) for i in range(len(players))]
    # the seats go to the fewest turns: everyone below the threshold sits at
    # a table of five, those at it share the rest (a season's counts can
    # differ by more than one: absent evenings, newcomers)
    threshold = sorted(counts)[seats - 1] if 0 < seats <= len(counts) else 0

    def turns(ids) -> tuple[int, int]:
        forced = sum(counts[i] < threshold for i in ids)
        return forced, forced + sum(counts[i] == threshold for i in ids)

    groups = []  # (members, least and most of them at a 5-table)
    for table in last:
        ids = [index[p] for p in table if p in index]
        if not ids:
            continue
        groups.append((len(ids), *(turns(ids) if fives else (0, 0))))
    seated_here = {p for t in last for p in t}
    others = [i for p, i in index.items() if p not in seated_here]
    if fives and others:  # new players: one group of strangers
        groups.append((len(others), *turns(others)))
        strangers = len(groups) - 1
    else:
        strangers = -1

    def cost(g: int, y: int) -> int:
        m = groups[g][0]
        if g == strangers:
            return 0
        return _spread_pairs(y, fives) + _spread_pairs(m - y, fours)

    taken = [g[1] for g in groups]
    left = seats - sum(taken)
    if left < 0 or left > sum(g[2] - g[1] for g in groups):
        return 0  # the history breaks the rule: no claim
    for _seat in range(left):
        best, best_gain = -1, None
        for g, (_size, _least, hi) in enumerate(groups):
            if taken[g] < hi:
                gain = cost(g, taken[g] + 1) - cost(g, taken[g])
                if best_gain is None or gain < best_gain:
                    best, best_gain = g, gain
        taken[best] += 1
    return sum(cost(g, y) for g, y in enumerate(taken))


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


def _start(problem, plan, rounds, fixed, past, avoid, ranks, rng, planned, soft):
    """(method, groups, search needed): a design when the field fits one (and
    the history follows it), else a greedy start.

    Fields with tables of five start greedy: a 4-design for the players of
    the tables plus the rest joining its tables reached fewer repeats in a few
    cases only by seating the same players at a table of five every round
    (docs/seating.md), which an even 5-table duty rules out; a stored
    schedule with tables of five in turn (``_stored_start``) comes first."""
    plain = not (avoid or fixed or ranks is not None) and past is not None
    done = len(past or ())
    wanted = max(planned, done + rounds)
    if plan.fives and not plan.byes and not plan.threes and plain:
        stored = _stored_start(problem, plan, rounds, done, wanted, past, rng, soft)
        if stored is not None:
            return stored
    design = best_design(problem.k, wanted) if plain else None
    if plan.odd or plan.byes or design is None or len(design.rounds) <= done:
        return "greedy", greedy_rounds(problem, rounds, fixed, rng), True
    k = problem.k
    label = rng.permutation(k)  # design player i is field player label[i]
    if soft.any():  # club-mates and named pairs: the relabelling that meets least
        label = _best_label(design, soft, label, rng, wanted)
        if done == 0:  # round 1 first: dealt over its tables
            label = _dealt_label(design, soft, label, rng)
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
        weight_target=problem.weight_target,
    )
    more = greedy_rounds(ahead, rounds - len(groups), fixed, rng)
    return f"{design.name} + tabu", np.vstack([groups, more]), True


def _stored_start(problem, plan, rounds, done, wanted, past, rng, soft):
    """(method, groups, search needed) from a stored repeat-free schedule
    with tables of five (``designs.stored_fives``: the search's own results
    for fields where it takes longest to reach 0), relabelled as a design
    is; None when none covers the rounds or the history left it. With
    club-mates or named pairs the search goes on from it."""
    design = stored_fives(problem.k, done + rounds)
    sizes = np.asarray(plan.sizes)
    if design is None or any(
        sorted(map(len, tables)) != sorted(plan.sizes) for tables in design.rounds
    ):
        return None
    k = problem.k
    label = rng.permutation(k)  # stored player i is field player label[i]
    if soft.any():
        label = _best_label(design, soft, label, rng, wanted)
        if done == 0:
            label = _dealt_label(design, soft, label, rng)
    groups = np.zeros((len(design.rounds), k), dtype=int)
    for r, tables in enumerate(design.rounds):
        ids = {s: list(rng.permutation(np.flatnonzero(sizes == s))) for s in (4, 5)}
        for table in tables:
            groups[r, label[list(table)]] = ids[len(table)].pop()
    for r, tables in enumerate(past):
        ours = {
            frozenset(np.flatnonzero(groups[r] == t).tolist()) for t in set(groups[r])
        }
        if tables != ours:
            return None
    groups = groups[done : done + rounds]
    search = bool(soft.any())
    return design.name + (" + tabu" if search else ""), groups, search


def _dealt_label(design, soft, label, rng) -> np.ndarray:
    """A relabelling whose first round seats club-mates and named pairs apart
    as far as they go: players with the most of them first, each to the
    table of round 1 where he weighs least (ties at random). Kept only when
    it does better in round 1 than ``label``."""
    first = design.rounds[0]
    k = len(label)
    order = np.lexsort((rng.random(k), -(soft > 0).sum(1)))
    room = [len(t) for t in first]
    seated: list[list[int]] = [[] for _ in first]
    for p in order:
        load = [
            soft[p, seated[t]].sum() if room[t] else np.inf for t in range(len(first))
        ]
        best = np.flatnonzero(np.isclose(load, min(load)))
        t = int(rng.choice(best))
        seated[t].append(int(p))
        room[t] -= 1
    seated = _swap_apart(soft, seated)
    dealt = np.empty(k, dtype=int)
    for table, players in zip(first, seated, strict=True):
        dealt[list(table)] = players
    return (
        dealt
        if _round_one(soft, first, dealt) < _round_one(soft, first, label)
        else label
    )


def _swap_apart(soft, seated: list[list[int]], passes: int = 20) -> list[list[int]]:
    """Swaps of two players between tables of one round while one lowers
    the weight of the pairs seated together (a dealt round can get stuck)."""
    k = soft.shape[0]
    table_of = np.empty(k, dtype=int)
    for t, players in enumerate(seated):
        table_of[players] = t
    for _pass in range(passes):
        onehot = np.zeros((k, len(seated)))
        onehot[np.arange(k), table_of] = 1.0
        load = soft @ onehot  # load[p, t]: p's weight with the players at t
        own = load[np.arange(k), table_of]
        improved = False
        for p in np.flatnonzero(own > 0):
            tp = table_of[p]
            # p to q's table and q to p's: p's and q's new loads minus old
            delta = (
                load[p, table_of] - soft[p] + load[:, tp] - soft[:, p] - own[p] - own
            )
            delta[table_of == tp] = np.inf
            q = int(np.argmin(delta))
            if delta[q] < -1e-9:
                table_of[p], table_of[q] = table_of[q], tp
                improved = True
                break
        if not improved:
            break
    return [sorted(np.flatnonzero(table_of == t).tolist()) for t in range(len(seated))]


def _round_one(soft, first, label) -> float:
    return sum(float(soft[np.ix_(label[list(t)], label[list(t)])].sum()) for t in first)


def _best_label(design, soft, label, rng, wanted) -> np.ndarray:
    """Of ``RELABELS`` relabellings (the same ones every call with the same
    seed, so an event seated round by round keeps following the design), the
    one whose planned rounds seat the fewest weighted pairs together (round 1
    counting most)."""
    k = len(label)
    used = design.rounds[: max(1, wanted)]
    groups = np.zeros((len(used), k), dtype=int)  # design player -> table
    for r, tables in enumerate(used):
        for t, table in enumerate(tables):
            groups[r, list(table)] = t
    ia, ib = np.nonzero(np.triu(soft, 1))
    w = soft[ia, ib]
    per_round = 1.0 / (1.0 + np.arange(len(used)))
    best, best_cost = label, None
    for _try in range(RELABELS):
        field_groups = groups[:, np.argsort(label)]  # field player -> table
        same = field_groups[:, ia] == field_groups[:, ib]
        cost = float(per_round @ (same @ w))
        if best_cost is None or cost < best_cost:
            best, best_cost = label, cost
        label = rng.permutation(k)
    return best


def _tables(groups: np.ndarray, plan: TablePlan):
    rounds, byes = [], []
    for row in groups:
        rounds.append([list(np.flatnonzero(row == t)) for t in range(len(plan.sizes))])
        byes.append(list(np.flatnonzero(row == len(plan.sizes))) if plan.byes else [])
    return rounds, byes
