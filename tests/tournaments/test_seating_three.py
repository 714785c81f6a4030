"""Tables of three with the blind man (issue 29; rule source 000, "Rikken for
three players": the cards are dealt as if there are four players, the
fourth, "the blind man", is not present). Pure: the table plan, the turns at
a table of three over an event, repeats, seat order and the command."""

import json
import subprocess
import sys
from collections import Counter
from io import StringIO

import pytest
from django.core.management import call_command
from django.utils import translation
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.examples import examples
from tournaments.seating import (
    SeatingError,
    count_repeats,
    meeting_counts,
    plan_tables,
    schedule,
)
from tournaments.seating.tables import fits_fours_and_fives

UNSEATABLE = {6, 7, 11}


def decompositions(n):
    """Every (fours, fives, threes) with 4a + 5b + 3c = n."""
    return [
        (a, b, c)
        for c in range(n // 3 + 1)
        for b in range((n - 3 * c) // 5 + 1)
        for a in [(n - 3 * c - 5 * b) // 4]
        if 4 * a + 5 * b + 3 * c == n
    ]


@pytest.mark.parametrize("n", range(3, 41))
def test_without_the_option_the_plan_is_as_before(n):
    if n == 3 or n in UNSEATABLE:
        with translation.override("en"), pytest.raises(SeatingError) as info:
            plan_tables(n)
        assert info.value.code == ("too_few" if n == 3 else "unseatable")
        assert "Tables of three with the blind man are an option" in str(info.value)
        return
    plan = plan_tables(n)
    assert plan.threes == 0 and plan.byes == 0
    assert plan.fives == n % 4 and plan.seated == n


@pytest.mark.parametrize("n", range(3, 41))
def test_with_the_option_only_the_counts_4s_and_5s_miss_get_threes(n):
    plan = plan_tables(n, threes=True)
    assert plan.seated == n and plan.byes == 0
    assert not (plan.threes and plan.fives)
    if n in UNSEATABLE or n == 3:
        assert not fits_fours_and_fives(n)
        fewest = min(c for _a, _b, c in decompositions(n))
        assert plan.threes == fewest > 0
    else:
        assert plan == plan_tables(n)  # 4s and 5s first: the plan of before
    # table-number order: tables of 4, then of 5, then of 3
    assert plan.sizes == sorted(plan.sizes, key=[4, 5, 3].index)


@pytest.mark.parametrize(
    ("n", "sizes"), [(3, [3]), (6, [3, 3]), (7, [4, 3]), (11, [4, 4, 3])]
)
def test_the_issue_counts(n, sizes):
    assert plan_tables(n, threes=True).sizes == sizes


@pytest.mark.parametrize("n", range(3, 41))
def test_byes_only_when_asked_and_then_no_threes(n):
    if n < 4:
        with pytest.raises(SeatingError):
            plan_tables(n, byes_allowed=True, threes=True)
        return
    plan = plan_tables(n, byes_allowed=True, threes=True)
    assert plan.threes == 0 and plan.byes == n % 4


@pytest.mark.parametrize("n", range(3, 41))
def test_threes_instead_of_fives_when_the_td_asks(n):
    plan = plan_tables(n, threes_for_fives=True)
    assert plan.seated == n
    if n == 5:
        assert plan.sizes == [5]  # 4s and 3s cannot seat 5
    else:
        assert plan.fives == 0
        fewest = min(c for a, b, c in decompositions(n) if b == 0)
        assert plan.threes == fewest


@pytest.mark.parametrize("n", [1, 2])
def test_fewer_than_three_is_refused(n):
    with pytest.raises(SeatingError) as info:
        plan_tables(n, threes=True)
    assert info.value.code == "too_few"


def assert_three_turns(players, rounds, before=None):
    """After every round the turns at a table of three differ by at most
    one, and those at a table of three had no more turns than anyone at a
    table of four or five."""
    turns = dict.fromkeys(players, 0) | dict(before or {})
    for tables in rounds:
        at3 = [p for t in tables if len(t) == 3 for p in t]
        others = [p for t in tables if len(t) != 3 for p in t]
        if at3 and others:
            assert max(turns[p] for p in at3) <= min(turns[p] for p in others)
        for p in at3:
            turns[p] += 1
        assert max(turns.values()) - min(turns.values()) <= 1, turns
    return turns


def assert_well_formed(players, rounds, sizes):
    for tables in rounds:
        assert [len(t) for t in tables] == sizes
        assert sorted(p for t in tables for p in t) == sorted(players)


@pytest.mark.parametrize("n", [6, 7, 11])
@pytest.mark.parametrize("rounds", [3, 4, 5, 6])
def test_whole_schedules_share_the_tables_of_three_in_turn(n, rounds):
    players = list(range(n))
    result = schedule(players, rounds, seed=rounds, time_limit=0.5, threes=True)
    sizes = plan_tables(n, threes=True).sizes
    assert_well_formed(players, result.rounds, sizes)
    turns = assert_three_turns(players, result.rounds)
    assert turns == result.three_duty
    # a meeting at a table of three counts like any meeting
    assert result.repeats == count_repeats(result.rounds)
    assert result.lower_bound <= result.repeats
    assert result.max_meetings == max(meeting_counts(result.rounds).values())
    assert result.seats_balanced


# Repeats found (seeds 0-3, 0.5 s; python -m bench seating prints them):
# at the counting bound where it is tight (6 x 4, 7 x 6, 11 x 6) and near it
# elsewhere. 7 players in 3 rounds: round 2 must seat three of round 1's four
# at the table of three (the turn rule) and the fourth with round 1's three:
# 6 repeats, then 4 more in round 3 (10), against a counting bound of 6. 11
# players: a table of four in round 2 takes two players of one of round 1's
# three tables, so every round after the first repeats at least twice.
KNOWN = {(6, 3): 5, (7, 3): 10, (11, 3): 8, (6, 4): 9, (7, 6): 33, (11, 6): 35}


@pytest.mark.parametrize(("n", "rounds"), sorted(KNOWN))
def test_repeats_stay_low(n, rounds):
    players = list(range(n))
    result = schedule(players, rounds, seed=0, time_limit=0.5, threes=True)
    assert result.repeats <= KNOWN[n, rounds]


@pytest.mark.parametrize("n", [6, 7, 11])
def test_round_by_round_with_history_as_the_round_page_seats(n):
    players = list(range(n))
    history = []
    for _r in range(6):
        result = schedule(
            players, 1, seed=5, time_limit=0.3, threes=True, history=history
        )
        history.append(result.rounds[0])
        assert_three_turns(players, history)
    assert_well_formed(players, history, plan_tables(n, threes=True).sizes)
    assert result.repeats == count_repeats(history)


def test_stored_history_counts_a_turn_at_a_table_of_three():
    """Round 1 as played (in the database): 1-2-3 sat with the blind man.
    Round 2 gives the table of three to three of the other four."""
    players = list(range(1, 8))
    round_1 = [[4, 5, 6, 7], [1, 2, 3]]
    for seed in range(6):
        result = schedule(
            players, 1, seed=seed, time_limit=0.3, threes=True, history=[round_1]
        )
        (three,) = [t for t in result.rounds[0] if len(t) == 3]
        assert not set(three) & {1, 2, 3}
        assert result.three_duty[1] == 1 and sum(result.three_duty.values()) == 6


def test_a_meeting_at_a_table_of_three_is_a_meeting():
    """9 players after a round of three tables of three: the next round's
    tables of 4 and 5 cannot avoid every pair of those tables (3 tables for
    9 players: two of one earlier table meet again), and say so."""
    players = list(range(9))
    before = [[0, 1, 2], [3, 4, 5], [6, 7, 8]]
    result = schedule(players, 1, seed=1, time_limit=0.3, history=[before])
    again = count_repeats([before, result.rounds[0]])
    assert result.repeats == again > 0


def test_the_blind_mans_chair_is_never_a_seat():
    """Seat 4 is the blind man's at a table of three: only tables of four
    give a player seat 4; seats 1-3 spread evenly."""
    result = schedule(list(range(6)), 6, seed=2, time_limit=0.3, threes=True)
    for counts in result.seat_counts.values():
        assert counts[3] == 0 and counts[4] == 0
        assert counts[:3] == [2, 2, 2]
    result = schedule(list(range(3)), 3, seed=2, time_limit=0.3, threes=True)
    assert all(c == [1, 1, 1, 0, 0] for c in result.seat_counts.values())
    assert result.repeats == 6  # the same three meet every round


@settings(max_examples=examples(30), deadline=None)
@given(
    n=st.sampled_from([3, 6, 7, 11, 9, 10, 13, 14, 15]),
    rounds=st.integers(1, 6),
    seed=st.integers(0, 2**16),
    whole=st.booleans(),
)
def test_turns_at_tables_of_three_are_fair_whatever_the_field(n, rounds, seed, whole):
    players = list(range(n))
    asked = n not in (3, 6, 7, 11)  # others: the TD asks for threes
    kw = {"threes": True, "threes_for_fives": asked, "seed": seed}
    if whole:
        got = schedule(players, rounds, time_limit=0.2, **kw).rounds
    else:
        got = []
        for _r in range(rounds):
            got += schedule(players, 1, time_limit=0.1, history=got, **kw).rounds
    sizes = plan_tables(n, threes=True, threes_for_fives=asked).sizes
    assert_well_formed(players, got, sizes)
    assert_three_turns(players, got)


def test_a_field_that_changes_keeps_the_turns_of_the_players_present():
    """11 players, then one leaves (10: tables of 5, no threes), then 11
    again: the turns at tables of three count over the rounds played."""
    eleven = list(range(11))
    history = schedule(eleven, 2, seed=3, time_limit=0.3, threes=True).rounds
    turns = Counter(p for tables in history for t in tables if len(t) == 3 for p in t)
    ten = eleven[:-1]
    history += schedule(
        ten, 1, seed=3, time_limit=0.3, threes=True, history=history
    ).rounds
    assert [len(t) for t in history[-1]] == [5, 5]
    nxt = schedule(eleven, 1, seed=3, time_limit=0.3, threes=True, history=history)
    (three,) = [t for t in nxt.rounds[0] if len(t) == 3]
    assert all(turns[p] == 0 for p in three)


def test_the_command_seats_tables_of_three():
    out = StringIO()
    call_command("seat", players=7, rounds=3, threes=True, json=True, stdout=out)
    data = json.loads(out.getvalue())
    assert [[len(t) for t in tables] for tables in data["rounds"]] == [[4, 3]] * 3
    out = StringIO()
    call_command("seat", players=7, rounds=2, threes=True, time_limit=0.3, stdout=out)
    assert "(+blind)" in out.getvalue()


def test_the_command_without_threes_names_the_option():
    done = subprocess.run(
        [sys.executable, "manage.py", "seat", "--players", "7", "--rounds", "2"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2
    assert "--threes" in done.stderr
