"""Seating right the first time (issue 26, items 4-5): zero repeats whatever
the seed, club-mates and named pairs apart, tables of five in turn, the
next round's own bound, the compiled search loaded at a server's start.
Pure: no database."""

import os
import subprocess
import sys
from collections import Counter
from itertools import combinations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.examples import examples
from tournaments.dealing import sit_out_spread
from tournaments.seating import count_repeats, plan_tables, schedule
from tournaments.seating.engine import round_bound

# Fields of ``make bench`` with tables of five whose best schedule has no
# repeat meeting: zero with every seed (a stored schedule, data/fives.json,
# or the search). The budget is a busy machine's second (the round page's
# is 1 s).
SEARCHED = [(30, 6), (25, 6), (37, 8), (46, 10), (101, 8)]
#: Every ``make bench`` case whose bound is 0 and reached (bench/seating.py).
ATTAINABLE = [
    *[(16, 5), (20, 5), (24, 7), (28, 9), (32, 10), (36, 11), (40, 13)],
    *[(64, 21), (100, 8), (160, 6)],
    *SEARCHED,
]


@pytest.mark.parametrize(("n", "rounds"), SEARCHED)
@pytest.mark.parametrize("seed", [1, 7, 11])
def test_zero_repeats_whatever_the_seed(n, rounds, seed):
    result = schedule(list(range(n)), rounds, seed=seed, time_limit=3.0)
    assert result.repeats == count_repeats(result.rounds) == 0
    assert fives_in_turn(result.rounds, list(range(n)))


def fives_in_turn(rounds, players) -> bool:
    """After every round, 5-table counts differ by at most one."""
    count = Counter()
    for tables in rounds:
        for table in tables:
            if len(table) == 5:
                count.update(table)
        values = [count[p] for p in players]
        if max(values) - min(values) > 1:
            return False
    return True


def seatable(n: int) -> bool:
    try:
        plan_tables(n)
    except ValueError:
        return False
    return n % 4 != 0


@settings(
    max_examples=examples(12),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(
    n=st.integers(9, 41).filter(seatable),
    rounds=st.integers(2, 6),
    seed=st.integers(0, 1000),
    one_by_one=st.booleans(),
)
def test_nobody_sits_at_a_five_twice_before_everyone_once(n, rounds, seed, one_by_one):
    players = list(range(n))
    if one_by_one:
        history: list = []
        for _ in range(rounds):
            history += schedule(
                players, 1, seed=seed, history=history, time_limit=0.3
            ).rounds
    else:
        history = schedule(players, rounds, seed=seed, time_limit=0.5).rounds
    assert fives_in_turn(history, players)


def test_a_latecomer_takes_a_five_before_anyone_a_second():
    players = list(range(21))
    first = schedule([*players[:-1], 99], 1, seed=2, time_limit=0.3).rounds
    first_five = {p for t in first[0] if len(t) == 5 for p in t}
    nxt = schedule(players, 1, seed=2, history=first, time_limit=0.3)
    second_five = {p for t in nxt.rounds[0] if len(t) == 5 for p in t}
    assert not first_five & second_five


def test_round_two_of_22_players_knows_its_own_bound():
    """Round 1's ten players at the tables of five sit at tables of four in
    round 2, and the ten seats at the fives come from three tables of four:
    8 repeat meetings no seating avoids (the counting bound says 0)."""
    players = list(range(22))
    first = schedule(players, 1, seed=5, time_limit=0.3)
    for five in first.rounds[0][3:]:
        assert len(five) == 5
    counts = [1 if any(p in t for t in first.rounds[0][3:]) else 0 for p in players]
    assert round_bound(first.rounds[0], players, counts, plan_tables(22)) == 8
    second = schedule(players, 1, seed=5, history=first.rounds, time_limit=10.0)
    assert second.repeats == second.lower_bound == 8
    assert second.seconds < 5.0  # stops at that bound, not the budget


def test_round_two_of_32_players_has_no_repeats():
    players = list(range(32))
    first = schedule(players, 1, seed=3, time_limit=0.5, planned_rounds=4)
    nxt = schedule(
        players, 1, seed=3, history=first.rounds, time_limit=0.5, planned_rounds=4
    )
    assert nxt.repeats == 0 == nxt.lower_bound


@settings(max_examples=examples(15), deadline=None)
@given(
    n=st.integers(16, 60).filter(lambda n: n % 4 in (0, 1, 2)),
    clubs=st.integers(2, 8),
    seed=st.integers(0, 1000),
)
def test_club_mates_apart_in_round_one_when_possible(n, clubs, seed):
    """Clubs no larger than the number of tables: nobody meets a
    club-mate in round 1."""
    tables = len(plan_tables(n).sizes)
    players = list(range(n))
    clubs = max(clubs, -(-n // tables))  # no club larger than the tables
    club = {p: p % clubs for p in players}
    result = schedule(players, 1, seed=seed, clubs=club, time_limit=0.5)
    assert result.club_meetings == 0
    assert together(result.rounds, club) == 0


def together(rounds, club) -> int:
    return sum(
        club[a] == club[b]
        for tables in rounds
        for t in tables
        for a, b in combinations(t, 2)
    )


def test_club_mates_weigh_less_than_a_repeat():
    """Later rounds: repeats first, then as few club-mate meetings as the
    search finds."""
    players = list(range(32))
    club = {p: p % 4 for p in players}  # 4 clubs of 8, 8 tables
    history: list = []
    for _ in range(4):
        result = schedule(
            players, 1, seed=1, history=history, clubs=club, time_limit=1.0
        )
        history += result.rounds
        assert result.repeats == 0
    assert together(history[:1], club) == 0


def test_club_mates_apart_in_round_one_of_a_design():
    """16 players follow AG(2,4); the relabelling keeps clubs apart in round 1."""
    players = list(range(16))
    club = {p: p // 4 for p in players}
    result = schedule(players, 5, seed=2, clubs=club, time_limit=0.5)
    assert result.repeats == 0
    assert together(result.rounds[:1], club) == 0


def test_pairs_the_td_names_sit_apart():
    players = list(range(22))
    pairs = [(0, 1), (2, 3), (4, 5), (6, 7)]
    history: list = []
    for _ in range(4):
        result = schedule(
            players, 1, seed=4, history=history, keep_apart=pairs, time_limit=1.0
        )
        assert result.apart_meetings == 0
        history += result.rounds
    for tables in history:
        for t in tables:
            for a, b in pairs:
                assert not {a, b} <= set(t)


@pytest.mark.parametrize(
    ("deals", "per_seat", "spread", "even"),
    [
        (8, (2, 2, 2, 1, 1), 1, (5, 10)),
        (10, (2, 2, 2, 2, 2), 0, (10, 10)),
        (5, (1, 1, 1, 1, 1), 0, (5, 5)),
        (3, (1, 1, 1, 0, 0), 1, (0, 5)),
        (12, (3, 3, 2, 2, 2), 1, (10, 15)),
    ],
)
def test_sit_out_spread(deals, per_seat, spread, even):
    result = sit_out_spread(deals, 5)
    assert result.per_seat == per_seat
    assert result.spread == spread
    assert (result.even_below, result.even_above) == even


def test_nobody_sits_out_at_a_table_of_four():
    assert sit_out_spread(8, 4).per_seat == (0, 0, 0, 0)


def test_a_fresh_server_process_loads_the_compiled_search_at_start():
    """Importing the WSGI module (what granian and runserver do at start)
    loads the numba kernel, so the first seating is as fast as the rest."""
    code = (
        "import time\n"
        "import rikscore.wsgi\n"
        "from tournaments.seating import kernel, schedule, warmed\n"
        "assert warmed()\n"
        "assert kernel.run.signatures\n"
        "t = time.perf_counter()\n"
        "schedule(list(range(22)), 2, seed=1, time_limit=1.0)\n"
        "print(time.perf_counter() - t)\n"
    )
    env = dict(os.environ, DJANGO_SETTINGS_MODULE="rikscore.settings")
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert out.returncode == 0, out.stderr
    # compiling takes 10-30 s; a loaded kernel answers in about the 1 s
    # budget, with room for a busy machine
    assert float(out.stdout.split()[-1]) < 5.0


@pytest.mark.parametrize(("n", "rounds"), ATTAINABLE)
def test_zero_repeats_for_every_attainable_bench_case_and_seed(n, rounds):
    """Seeds 0..7 of every bench case whose bound is 0 (bench/seating.py
    measures the same at the 1 s budget: ``seat_zero_rate_1s``); a generous
    budget here, as CI machines are busy."""
    players = list(range(n))
    for seed in range(8):
        result = schedule(players, rounds, seed=seed, time_limit=5.0)
        assert result.repeats == count_repeats(result.rounds) == 0, seed
        assert fives_in_turn(result.rounds, players)


def test_stored_schedules_with_fives_are_repeat_free_and_fair():
    from tournaments.seating.designs import _fives

    stored = [e for entries in _fives().values() for e in entries]
    assert stored
    for entry in stored:
        n, rounds = entry["n"], entry["rounds"]
        plan = plan_tables(n)
        for tables in rounds:
            assert sorted(p for t in tables for p in t) == list(range(n))
            assert sorted(map(len, tables)) == sorted(plan.sizes)
        assert count_repeats(rounds) == 0, entry["name"]
        assert fives_in_turn(rounds, list(range(n))), entry["name"]


@pytest.mark.parametrize(("n", "rounds"), [(25, 6), (30, 6)])
def test_the_search_alone_reaches_zero_with_fives(n, rounds, monkeypatch):
    """Without the stored schedules the search still gets there (slower:
    docs/seating.md)."""
    from tournaments.seating import engine

    monkeypatch.setattr(engine, "stored_fives", lambda n, rounds: None)
    result = schedule(list(range(n)), rounds, seed=3, time_limit=10.0)
    assert result.method == "greedy"
    assert result.repeats == 0
    assert fives_in_turn(result.rounds, list(range(n)))


def test_round_by_round_follows_a_stored_schedule_with_fives():
    players = list(range(25))
    history: list = []
    for _round in range(6):
        result = schedule(players, 1, history=history, seed=4, planned_rounds=6)
        history += result.rounds
        assert result.method.startswith("stored 25x6")
    assert count_repeats(history) == 0
    assert fives_in_turn(history, players)


def test_club_mates_with_a_stored_schedule_with_fives():
    players = list(range(25))
    clubs = {p: p % 8 for p in players[:16]}  # eight pairs of club-mates
    result = schedule(players, 6, seed=2, time_limit=3.0, clubs=clubs)
    plain = schedule(players, 6, seed=2, time_limit=3.0)
    assert result.repeats == 0
    assert fives_in_turn(result.rounds, players)
    together = sum(
        clubs.get(a, -1) == clubs.get(b, -2)
        for tables in plain.rounds
        for table in tables
        for a, b in combinations(table, 2)
    )
    assert result.club_meetings <= together
