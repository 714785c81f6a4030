"""Season seating against a plain local search, and tables of five in turn.

A club season is seated partij by partij with the earlier evenings as
history (``seasons.seating.earlier_evenings``). Figures:

``season_seating_repeats``: the repeat meetings of a season-shaped case
(18 members, 3 evenings x 2 partijen, 17-18 present, seeds 0-3) seated by
Rikscore's engine beside a plain local search (``plain_search``: a random
start, swaps of two players while the repeats do not grow, restarts; the
same history, the same 5-table rule, the same 1 s budget a partij).
``season_five_duty_spread``: over that season, the most minus the fewest
partijen at a table of five among the members present equally often.
``season_demo_repeats``: the demo season (``load_demo``) seated by the
season seating, beside the mean of random seatings of the same tables.
"""

import random
import time
from collections import Counter
from itertools import combinations

BUDGET = 1.0  # tournaments.seating_screen.TIME_LIMIT
MEMBERS, EVENINGS, PARTIJEN = 18, 3, 2
SEEDS = range(4)
RANDOM_SEATINGS = 200


def plan_sizes(n: int) -> list[int]:
    """Tables of 4 first, then of 5 (as ``plan_tables``)."""
    fives = n % 4
    return [4] * ((n - 5 * fives) // 4) + [5] * fives


def five_counts(history, players) -> dict:
    """Partijen each player sat at a table of five in ``history``."""
    count = Counter(p for tables in history for t in tables if len(t) == 5 for p in t)
    return {p: count[p] for p in players}


def met_counts(history) -> Counter:
    met: Counter = Counter()
    for tables in history:
        for t in tables:
            met.update(frozenset(pair) for pair in combinations(t, 2))
    return met


def new_repeats(met: Counter, tables) -> int:
    return sum(met[frozenset(pair)] for t in tables for pair in combinations(t, 2))


def plain_search(
    players, history, seed=0, seconds=BUDGET, fives_in_turn=True
) -> list[list]:
    """A plain local search for one round: random start (the tables of five
    to the players with the fewest so far, ties at random), then swaps of
    two players at different tables while the new round's repeats do not
    grow; a 5-table seat only changes hands between players with as many
    5-table partijen; a random restart after 2000 swaps without a gain.
    The reference the season seating must match or beat. Without
    ``fives_in_turn`` anyone may take a 5-table seat (fewer repeats at times:
    the turns are a rule, and a rule can cost a repeat)."""
    rng = random.Random(seed)
    met = met_counts(history)
    five = five_counts(history, players)
    sizes = plan_sizes(len(players))
    n_five = sum(s for s in sizes if s == 5)

    def start():
        order = sorted(
            players, key=lambda p: (five[p] if fives_in_turn else 0, rng.random())
        )
        at5, at4 = order[:n_five], order[n_five:]
        rng.shuffle(at4)
        rng.shuffle(at5)
        seq = at4 + at5
        tables, i = [], 0
        for s in sizes:
            tables.append(seq[i : i + s])
            i += s
        return tables

    def cost_of(p, table, skip=None):
        return sum(met[frozenset((p, q))] for q in table if q != p and q != skip)

    deadline = time.perf_counter() + seconds
    best, best_cost = None, None
    while time.perf_counter() < deadline:
        tables = start()
        cost = new_repeats(met, tables)
        idle = 0
        while idle < 2000 and cost > 0 and time.perf_counter() < deadline:
            ta, tb = rng.sample(range(len(tables)), 2)
            ia, ib = rng.randrange(len(tables[ta])), rng.randrange(len(tables[tb]))
            a, b = tables[ta][ia], tables[tb][ib]
            if (
                fives_in_turn
                and len(tables[ta]) != len(tables[tb])
                and five[a] != five[b]
            ):
                idle += 1
                continue
            delta = (
                cost_of(b, tables[ta], a)
                + cost_of(a, tables[tb], b)
                - cost_of(a, tables[ta])
                - cost_of(b, tables[tb])
            )
            if delta <= 0:
                tables[ta][ia], tables[tb][ib] = b, a
                cost += delta
                idle = 0 if delta < 0 else idle + 1
            else:
                idle += 1
        if best_cost is None or cost < best_cost:
            best, best_cost = [t[:] for t in tables], cost
        if best_cost == 0:
            break
    return best


def rikscore_seat(players, history, seed=0, seconds=BUDGET, planned=PARTIJEN):
    """One partij as the round page seats it (``seating_screen``)."""
    from tournaments.seating import schedule

    found = schedule(
        players, 1, seed=seed, time_limit=seconds, history=history,
        planned_rounds=planned,
    )  # fmt: skip
    return found.rounds[0]


def season_case(seed: int):
    """Who is present each evening: 18 members, 17-18 present."""
    rng = random.Random(seed)
    members = list(range(1, MEMBERS + 1))
    return [sorted(rng.sample(members, rng.randint(17, 18))) for _ in range(EVENINGS)]


def seat_season(seater, evenings, seed: int, seconds=BUDGET):
    """Seat every partij with the season so far as history. ``seater``
    (players, history, seed, seconds) -> tables. Returns the season's rounds
    and, per partij, its new repeats."""
    season, per_partij = [], []
    for number, present in enumerate(evenings):
        for _p in range(PARTIJEN):
            tables = seater(present, season, seed * 100 + number, seconds)
            per_partij.append(new_repeats(met_counts(season), tables))
            season.append(tables)
    return season, per_partij


def duty_spread(season, evenings) -> int:
    """Most minus fewest 5-table partijen among members present equally
    often (the largest such spread over the groups)."""
    attended = Counter(p for present in evenings for p in present)
    five = Counter(p for tables in season for t in tables if len(t) == 5 for p in t)
    groups: dict = {}
    for p, times in attended.items():
        groups.setdefault(times, []).append(five[p])
    return max((max(v) - min(v) for v in groups.values()), default=0)


def compare(seeds=SEEDS, seconds=BUDGET) -> dict:
    from tournaments.seating import count_repeats

    out = {"rikscore": 0, "plain": 0, "spread": 0, "per_seed": []}
    for seed in seeds:
        evenings = season_case(seed)
        ours, _a = seat_season(rikscore_seat, evenings, seed, seconds)
        ref, _b = seat_season(plain_search, evenings, seed, seconds)
        r, p = count_repeats(ours), count_repeats(ref)
        out["rikscore"] += r
        out["plain"] += p
        out["spread"] = max(out["spread"], duty_spread(ours, evenings))
        out["per_seed"].append((r, p))
    return out


def random_mean(season, tries=RANDOM_SEATINGS, seed=0) -> float:
    """Mean repeats of the same partijen (same players, same table sizes)
    seated at random."""
    from tournaments.seating import count_repeats

    rng = random.Random(seed)
    total = 0
    for _try in range(tries):
        shuffled = []
        for tables in season:
            players = [p for t in tables for p in t]
            rng.shuffle(players)
            out, i = [], 0
            for t in tables:
                out.append(players[i : i + len(t)])
                i += len(t)
            shuffled.append(out)
        total += count_repeats(shuffled)
    return total / tries


def demo_season() -> tuple[int, float, int, int]:
    """(repeats, random mean, counting bound, five-duty spread) of the demo
    season as
    ``load_demo`` makes it (2 deals a partij instead of 20: the seating does
    not depend on them), in a throw-away test database."""
    from django.db import connection
    from django.test.utils import setup_test_environment, teardown_test_environment

    setup_test_environment()
    old_name = connection.settings_dict["NAME"]
    connection.creation.create_test_db(verbosity=0)
    try:
        from demo.season import generate_season
        from seasons.seating import season_repeats
        from tournaments.models import Seat
        from tournaments.seating import counting_bound

        season = generate_season(
            "demo-seizoen", players=26, evenings=8, deals=2, seed=2026,
            attendance=(18, 26), teams=4, season_seating=True,
        )  # fmt: skip
        report = season_repeats(season)
        seats = (
            Seat.objects.filter(table__round__tournament__evening__competition=season)
            .order_by("table__round__tournament__evening__number",
                      "table__round__number", "table__number", "position")
            .values_list("table__round_id", "table_id", "entry__player_id")
        )  # fmt: skip
        rounds: dict = {}
        for r, t, p in seats:
            rounds.setdefault(r, {}).setdefault(t, []).append(p)
        played = [list(tables.values()) for tables in rounds.values()]
        present = [sorted({p for t in tables for p in t}) for tables in played]
        evenings = [present[i] for i in range(0, len(present), 2)]
        slots: Counter = Counter()
        for tables in played:
            for t in tables:
                for p in t:
                    slots[p] += len(t) - 1
        bound = counting_bound(slots.values(), len(slots))
        spread = duty_spread(played, evenings)
        return report.repeats, random_mean(played), bound, spread
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)
        teardown_test_environment()


def run() -> None:
    from tournaments.seating import warm

    warm()
    found = compare()
    print(
        f"season_seating_repeats: {found['rikscore']} repeats "
        f"(plain local search {found['plain']}; seeds {list(SEEDS)}: "
        f"{found['per_seed']})"
    )
    print(f"season_five_duty_spread: {found['spread']}")
    repeats, mean, bound, spread = demo_season()
    print(
        f"season_demo_repeats: {repeats} repeats (random seating of the same "
        f"tables: mean {mean:.0f}; counting bound {bound})"
    )
    print(f"season_demo_five_duty_spread: {spread}")
