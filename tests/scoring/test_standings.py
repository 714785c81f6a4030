"""Pure standings: primary keys, the tie-break chain, placement, normalisation."""

from scoring.standings import Options, SeatResult, compute


def seat(player, rnd, table, points, **kw):
    return SeatResult(player, rnd, table, points, **kw)


def test_it_ranks_by_total_points_and_shares_equal_ranks():
    results = [seat(1, 1, 10, 30), seat(2, 1, 10, -10), seat(3, 1, 10, -10),
               seat(4, 1, 10, -10)]  # fmt: skip
    rows = compute(results, [1, 2, 3, 4], Options(tiebreaks=()))
    assert rows[0].player == 1
    assert [r.rank for r in rows] == [1, 2, 2, 2]
    assert sum(r.raw_points for r in rows) == 0


def test_it_breaks_ties_by_rounds_won_then_best_round():
    # 1 and 2 both total 20: 1 won a table-round (30 at table 10), 2 did not
    results = [
        seat(1, 1, 10, 30), seat(5, 1, 10, 0), seat(6, 1, 10, -10),
        seat(7, 1, 10, -20), seat(2, 1, 11, 10), seat(8, 1, 11, 20),
        seat(9, 1, 11, -10), seat(3, 1, 11, -20),
        seat(1, 2, 12, -10), seat(2, 2, 13, 10),
    ]  # fmt: skip
    rows = compute(results, range(1, 10), Options(tiebreaks=("rounds_won",)))
    by = {r.player: r for r in rows}
    assert by[1].raw_points == by[2].raw_points == 20
    assert by[1].rank < by[2].rank


def test_it_uses_fewest_sanction_points_ascending():
    results = [seat(1, 1, 10, 0, sanction_points=6), seat(2, 1, 11, 0)]
    rows = compute(results, [1, 2], Options(tiebreaks=("sanction_points",)))
    assert [r.player for r in rows] == [2, 1]


def test_it_awards_placement_points_with_shared_places():
    results = [seat(1, 1, 10, 40), seat(2, 1, 10, 0), seat(3, 1, 10, 0),
               seat(4, 1, 10, -40)]  # fmt: skip
    rows = compute(results, [1, 2, 3, 4], Options(method="placement", tiebreaks=()))
    assert {r.player: r.placement for r in rows} == {1: 4, 2: 3, 3: 3, 4: 1}


def test_it_normalises_five_player_tables_per_deal_played():
    # player 1 sat out 2 of 10 deals: 80 points over 8 deals -> 100 over 10
    results = [seat(1, 1, 10, 80, deals_played=8), seat(2, 1, 11, 90, deals_played=10)]
    rows = compute(results, [1, 2], Options(tiebreaks=(), normalise_to=10))
    assert rows[0].player == 1 and rows[0].points == 100.0


def test_it_breaks_remaining_ties_head_to_head():
    # 1 and 2 tie on points; at the table they shared, 1 scored more
    results = [
        seat(1, 1, 10, 20), seat(2, 1, 10, -20), seat(3, 1, 10, 0), seat(4, 1, 10, 0),
        seat(2, 2, 11, 40), seat(1, 2, 12, 0),
    ]  # fmt: skip
    rows = compute(results, [1, 2, 3, 4], Options(tiebreaks=("h2h",)))
    order = [r.player for r in rows]
    assert order.index(1) < order.index(2)


def test_it_lists_players_without_results_with_zero():
    rows = compute([], [5, 6])
    assert {r.player for r in rows} == {5, 6}
    assert all(r.points == 0 and r.rank == 1 for r in rows)
