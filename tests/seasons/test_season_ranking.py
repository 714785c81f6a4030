"""Every season ranking method on small hand-computed seasons, with ties and
absences. Pure: no database.

The season below: four evenings, players 1-5. Evening points (deals played):

    player   e1        e2        e3        e4
    1        40 (20)   -10 (20)  30 (20)   —
    2        40 (20)   20 (20)   —         -20 (20)
    3        -30 (16)  50 (20)   10 (20)   60 (20)
    4        -50 (20)  —         —         —
    5        0 (20)    -60 (20)  -40 (20)  -40 (20)
"""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from seasons.prizes import BOOBY, NEWCOMER, TOP, Prize, PrizeTable, award
from seasons.ranking import EveningResult, SeasonRules, evening_ranks, season_ranking

POINTS = {
    1: {1: (40, 20), 2: (-10, 20), 3: (30, 20)},
    2: {1: (40, 20), 2: (20, 20), 4: (-20, 20)},
    3: {1: (-30, 16), 2: (50, 20), 3: (10, 20), 4: (60, 20)},
    4: {1: (-50, 20)},
    5: {1: (0, 20), 2: (-60, 20), 3: (-40, 20), 4: (-40, 20)},
}
EVENINGS = [1, 2, 3, 4]


def results(high: bool = True):
    by_evening = {
        e: {p: POINTS[p][e][0] for p in POINTS if e in POINTS[p]} for e in EVENINGS
    }
    ranks = {e: evening_ranks(pts, high) for e, pts in by_evening.items()}
    return {
        p: {e: EveningResult(pts, deals, ranks[e][p]) for e, (pts, deals) in ev.items()}
        for p, ev in POINTS.items()
    }


def table(rows):
    return [(r.player, r.rank, r.total) for r in rows]


def test_evening_ranks_share_a_rank_on_equal_points():
    assert evening_ranks({1: 40, 2: 40, 3: -30, 5: 0}) == {1: 1, 2: 1, 5: 3, 3: 4}
    assert evening_ranks({1: 40, 2: 40, 3: -30}, high=False) == {3: 1, 1: 2, 2: 2}


def test_sum_of_points_absent_counts_nothing():
    rows = season_ranking(EVENINGS, results(), SeasonRules())
    # 3: 90; 1: 60; 2: 40; 4: -50; 5: -140
    assert table(rows) == [
        (3, 1, 90),
        (1, 2, 60),
        (2, 3, 40),
        (4, 4, -50),
        (5, 5, -140),
    ]


def test_a_tie_on_points_is_broken_by_evenings_played_then_best_evening():
    res = results()
    res[2][4] = EveningResult(0, 20, 3)  # 2 now has 60 over 3 evenings, like 1
    rows = season_ranking(EVENINGS, res, SeasonRules(tiebreaks=("evenings", "best")))
    # equal on points and evenings; best single evening: 1 has 40, 2 has 40
    assert [(r.player, r.rank) for r in rows[:3]] == [(3, 1), (1, 2), (2, 2)]
    rows = season_ranking(EVENINGS, res, SeasonRules(tiebreaks=("points",)))
    assert [(r.player, r.rank) for r in rows[:3]] == [(3, 1), (1, 2), (2, 2)]
    rows = season_ranking(EVENINGS, res, SeasonRules(tiebreaks=("wins",)))
    # wins: 1 won e1 (shared) and e3; 2 only e1 (shared)
    assert [(r.player, r.rank) for r in rows[:3]] == [(3, 1), (1, 2), (2, 3)]


def test_absent_counts_as_zero_or_as_the_players_average():
    zero = season_ranking(EVENINGS, results(), SeasonRules(absent="zero"))
    assert table(zero) == table(season_ranking(EVENINGS, results(), SeasonRules()))
    assert zero[0].cells[1].played and not zero[1].cells[4].played
    avg = season_ranking(EVENINGS, results(), SeasonRules(absent="average"))
    # 1: 60 + 20 = 80; 2: 40 + 40/3 = 53.33; 4: -50 × 4 = -200; 5: -140
    totals = {r.player: round(r.total, 2) for r in avg}
    assert totals == {3: 90, 1: 80, 2: 53.33, 4: -200, 5: -140}
    assert [r.player for r in avg] == [3, 1, 2, 5, 4]


def test_best_n_of_m_drops_the_worst_evenings_and_marks_them():
    rows = season_ranking(EVENINGS, results(), SeasonRules(best_of=2))
    totals = {r.player: r.total for r in rows}
    # 3: 60 + 50; 1: 40 + 30; 2: 40 + 20; 4: -50; 5: 0 + -40
    assert totals == {3: 110, 1: 70, 2: 60, 4: -50, 5: -40}
    three = next(r for r in rows if r.player == 3)
    assert [e for e, c in three.cells.items() if c.dropped] == [1, 3]
    assert [r.player for r in rows] == [3, 1, 2, 5, 4]


def test_a_minimum_attendance_lists_the_others_below_without_a_rank():
    rows = season_ranking(EVENINGS, results(), SeasonRules(min_evenings=3))
    assert [(r.player, r.rank) for r in rows] == [
        (3, 1),
        (1, 2),
        (2, 3),
        (5, 4),
        (4, None),
    ]
    assert not rows[-1].qualified


def test_average_per_deal_played():
    rows = season_ranking(EVENINGS, results(), SeasonRules(method="average"))
    totals = {r.player: round(r.total, 4) for r in rows}
    # 3: 90 / 76; 1: 60 / 60; 2: 40 / 60; 4: -50 / 20; 5: -140 / 80
    assert totals == {3: 1.1842, 1: 1.0, 2: 0.6667, 4: -2.5, 5: -1.75}
    assert [r.player for r in rows] == [3, 1, 2, 5, 4]
    zero = season_ranking(
        EVENINGS, results(), SeasonRules(method="average", absent="zero")
    )
    # an absent evening adds 20 deals at 0: 1: 60/80; 2: 40/80; 4: -50/80
    assert {r.player: round(r.total, 4) for r in zero}[1] == 0.75
    assert {r.player: round(r.total, 4) for r in zero}[4] == -0.625


def test_placement_points_per_evening():
    rules = SeasonRules(method="placement", placement_points=(10, 8, 6, 5))
    rows = season_ranking(EVENINGS, results(), rules)
    # ranks e1: 1,2 → 1; 5 → 3; 3 → 4; 4 → 5 (no points)
    # e2: 3 → 1, 2 → 2, 1 → 3, 5 → 4; e3: 1 → 1, 3 → 2, 5 → 3; e4: 3, 2, 5
    totals = {r.player: r.total for r in rows}
    assert totals == {
        1: 10 + 6 + 10,
        2: 10 + 8 + 8,
        3: 5 + 10 + 8 + 10,
        4: 0,
        5: 6 + 5 + 6 + 6,
    }
    assert [(r.player, r.rank) for r in rows[:3]] == [(3, 1), (1, 2), (2, 2)]


def test_lowest_wins_turns_the_order_around():
    rows = season_ranking(EVENINGS, results(high=False), SeasonRules(order="low"))
    assert [r.player for r in rows] == [5, 4, 2, 1, 3]
    best = season_ranking(EVENINGS, results(False), SeasonRules(order="low", best_of=1))
    assert {r.player: r.total for r in best}[3] == -30


def test_penalty_points_rank_lowest_first_whatever_the_order():
    """Issue 37: with "lowest wins" a penalty-point ranking turned upside
    down: the worst player (-285) first, with 0 penalty points and the first
    prize. Penalty points rank lowest first by definition: the highest total
    leads, in either order, and the worst player is last."""
    worst = {1: {1: EveningResult(120, 8, 2)}, 2: {1: EveningResult(165, 8, 1)}}
    worst[3] = {1: EveningResult(-285, 8, 3)}
    for order in ("high", "low"):
        rules = SeasonRules(order=order, penalty_points=True)
        rows = season_ranking([1], worst, rules)
        assert [(r.player, r.rank, r.penalty) for r in rows] == [
            (2, 1, 0),
            (1, 2, 45),
            (3, 3, 450),
        ]
        prizes = award([(r.player, r.rank) for r in rows], PrizeTable(top=1))
        assert prizes == {2: Prize(TOP, 1)}


@given(
    st.dictionaries(
        st.integers(1, 8),
        st.dictionaries(st.sampled_from(EVENINGS), st.integers(-300, 300), min_size=1),
        min_size=1,
    ),
    st.sampled_from(["high", "low"]),
    st.sampled_from(["sum", "average", "placement"]),
    st.none() | st.integers(1, 3),
)
def test_no_setting_turns_a_penalty_point_ranking_around(points, order, method, best):
    by_evening = {
        e: {p: ev[e] for p, ev in points.items() if e in ev} for e in EVENINGS
    }
    ranks = {e: evening_ranks(pts) for e, pts in by_evening.items()}
    season = {
        p: {e: EveningResult(v, 8, ranks[e][p]) for e, v in ev.items()}
        for p, ev in points.items()
    }
    rules = SeasonRules(
        method=method,
        placement_points=(10, 8, 6, 4),
        best_of=best,
        order=order,
        penalty_points=True,
    )
    rows = season_ranking(EVENINGS, season, rules)
    shown = [r.penalty for r in rows]
    assert shown[0] == 0 and shown == sorted(shown)  # the leader at 0, rising
    leader = max(r.total for r in rows)
    assert all(r.penalty == pytest.approx(leader - r.total) for r in rows)


def test_best_n_keeps_the_best_evenings_of_a_penalty_point_season():
    """Under "lowest wins" with penalty points, the evenings that count are
    the highest-scoring ones (the fewest penalty points), not the worst."""
    rules = SeasonRules(order="low", best_of=1, penalty_points=True)
    rows = season_ranking(EVENINGS, results(), rules)
    by = {r.player: r for r in rows}
    assert by[3].total == 60 and by[3].best == 60
    dropped = {e for e, cell in by[3].cells.items() if cell.dropped}
    assert dropped == {1, 2, 3}


def test_each_cell_keeps_the_players_rank_that_evening():
    rows = season_ranking(EVENINGS, results(), SeasonRules(absent="zero"))
    by = {r.player: r for r in rows}
    assert [by[3].cells[e].rank for e in EVENINGS] == [4, 1, 2, 1]
    assert by[4].cells[1].rank == 5 and by[4].cells[2].rank is None  # filled in


def test_unknown_settings_are_refused():
    for bad in (
        SeasonRules(method="x"),
        SeasonRules(absent="x"),
        SeasonRules(order="x"),
        SeasonRules(tiebreaks=("x",)),
        SeasonRules(best_of=0),
    ):
        with pytest.raises(ValueError):
            season_ranking(EVENINGS, results(), bad)


def test_prizes_top_newcomer_and_booby():
    ranked = [(3, 1), (1, 2), (2, 2), (5, 4), (6, 5), (4, None)]
    prizes = award(
        ranked,
        PrizeTable(top=2, newcomer=True, booby=True),
        newcomers=frozenset({1, 5}),
    )
    assert prizes == {
        3: Prize(TOP, 1),
        1: Prize(TOP, 2),
        2: Prize(TOP, 2),
        5: Prize(NEWCOMER, 0),
        6: Prize(BOOBY, 0),
    }
    assert award(ranked, PrizeTable(top=0)) == {}
    assert PrizeTable.of({"top": "10", "booby": 1}) == PrizeTable(10, False, True)
