"""Paper sheet totals against entered deals. Pure: no database."""

from hypothesis import given
from hypothesis import strategies as st

from scoring.sheet_check import Suspect, check

# four deals at a table of four (seat 5 empty)
DEALS = {
    1: [15, 15, -15, -15, 0],
    2: [-30, 10, 10, 10, 0],
    3: [0, 0, 0, 0, 0],
    4: [20, -20, 20, -20, 0],
}
TOTALS = {1: 5, 2: 5, 3: 15, 4: -25}


def sheet(**changes):
    out = dict(TOTALS)
    for key, delta in changes.items():
        out[int(key[1:])] += delta
    return out


def test_it_accepts_a_matching_sheet():
    result = check(DEALS, TOTALS)
    assert result.ok and result.diffs == {} and result.suspects == []
    assert result.computed == TOTALS


def test_it_finds_a_deal_entered_with_the_wrong_sign():
    result = check(DEALS, sheet(s1=60, s2=-20, s3=-20, s4=-20))
    assert not result.ok
    assert result.diffs == {1: 60, 2: -20, 3: -20, 4: -20}
    assert result.suspects[0] == Suspect("sign", 2, (1, 2, 3, 4))


def test_it_finds_a_deal_missing_from_the_sheet():
    result = check(DEALS, sheet(s1=-15, s2=-15, s3=15, s4=15))
    kinds = {(s.kind, s.deal) for s in result.suspects}
    assert ("missing", 1) in kinds


def test_it_finds_a_deal_counted_twice_on_the_sheet():
    result = check(DEALS, sheet(s1=20, s2=-20, s3=20, s4=-20))
    assert Suspect("double", 4, (1, 2, 3, 4)) in result.suspects


def test_it_finds_two_players_swapped_at_one_deal():
    # deal 2 written with seats 1 and 2 swapped: seat 1 +40, seat 2 -40
    result = check(DEALS, sheet(s1=40, s2=-40))
    assert Suspect("swapped", 2, (1, 2)) in result.suspects


def test_it_finds_swapped_totals():
    result = check(DEALS, sheet(s3=-40, s4=40))
    assert Suspect("swapped_totals", None, (3, 4)) in result.suspects


def test_it_finds_one_players_line_matching_the_difference():
    result = check(DEALS, sheet(s2=-10))  # deal 2 forgotten for seat 2 only
    assert Suspect("player", 2, (2,)) in result.suspects
    assert all(s.seats == (2,) for s in result.suspects)


def test_it_lists_nothing_when_no_deal_explains_the_gap():
    result = check(DEALS, sheet(s1=7, s2=-7))
    assert not result.ok and result.suspects == []


def test_it_works_without_deals():
    result = check({}, {1: 0, 2: 10, 3: -10, 4: 0})
    assert result.diffs == {2: 10, 3: -10} and result.suspects == []


def test_it_ignores_seat_five_when_the_sheet_has_four_seats():
    assert check(DEALS, TOTALS).computed.keys() == {1, 2, 3, 4}


deals = st.dictionaries(
    st.integers(1, 16),
    st.lists(st.integers(-100, 100), min_size=4, max_size=4).map(
        lambda s: [*s, -sum(s)]
    ),
    max_size=16,
)


@given(deals, st.integers(1, 16))
def test_it_always_names_a_deal_whose_sign_was_flipped(deals, number):
    if number not in deals or not any(deals[number]):
        return
    flipped = {n: [-x for x in s] if n == number else s for n, s in deals.items()}
    true_totals = check(flipped, dict.fromkeys(range(1, 6), 0)).computed
    result = check(deals, true_totals)
    assert Suspect("sign", number, tuple(sorted(result.diffs))) in result.suspects
