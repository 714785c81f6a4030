"""Pure standings: primary keys, the tie-break chain, placement, normalisation."""

from scoring.standings import Options, SeatResult, compute


def seat(player, rnd, table, points, **kw):
    return SeatResult(player, rnd, table, points, **kw)


def test_it_ranks_by_total_points_and_shares_equal_ranks():
    results = [
        seat(1, 1, 10, 30),
        seat(2, 1, 10, -10),
        seat(3, 1, 10, -10),
        seat(4, 1, 10, -10),
    ]
    rows = compute(results, [1, 2, 3, 4], Options(tiebreaks=()))
    assert rows[0].player == 1
    assert [r.rank for r in rows] == [1, 2, 2, 2]
    assert sum(r.raw_points for r in rows) == 0


def test_it_breaks_ties_by_rounds_won_then_best_round():
    # 1 and 2 both total 20: 1 won a table-round (30 at table 10), 2 did not
    results = [
        seat(1, 1, 10, 30),
        seat(5, 1, 10, 0),
        seat(6, 1, 10, -10),
        seat(7, 1, 10, -20),
        seat(2, 1, 11, 10),
        seat(8, 1, 11, 20),
        seat(9, 1, 11, -10),
        seat(3, 1, 11, -20),
        seat(1, 2, 12, -10),
        seat(2, 2, 13, 10),
    ]
    rows = compute(results, range(1, 10), Options(tiebreaks=("rounds_won",)))
    by = {r.player: r for r in rows}
    assert by[1].raw_points == by[2].raw_points == 20
    assert by[1].rank < by[2].rank


def test_it_uses_fewest_sanction_points_ascending():
    results = [seat(1, 1, 10, 0, sanction_points=6), seat(2, 1, 11, 0)]
    rows = compute(results, [1, 2], Options(tiebreaks=("sanction_points",)))
    assert [r.player for r in rows] == [2, 1]


def test_it_awards_placement_points_with_shared_places():
    results = [
        seat(1, 1, 10, 40),
        seat(2, 1, 10, 0),
        seat(3, 1, 10, 0),
        seat(4, 1, 10, -40),
    ]
    rows = compute(results, [1, 2, 3, 4], Options(method="placement", tiebreaks=()))
    assert {r.player: r.placement for r in rows} == {1: 4, 2: 3, 3: 3, 4: 1}


def test_it_normalises_five_player_tables_per_deal_played():
    # player 1 sat out 2 of 10 deals: 80 points over 8 deals -> 100 over 10
    results = [seat(1, 1, 10, 80, deals_played=8), seat(2, 1, 11, 90, deals_played=10)]
    rows = compute(results, [1, 2], Options(tiebreaks=(), normalise_to=10))  # per round
    assert rows[0].player == 1 and rows[0].points == 100.0


def test_a_normalised_total_says_so_and_a_total_as_scored_does_not():
    """Issue 37: a normalised total is not the sum of its rounds; the row
    says so (``normalised``), so every reader can say why."""
    results = [
        seat(1, 1, 10, 80, deals_played=8),  # sat 2 of 10 deals out: 100.0
        seat(2, 1, 11, 90, deals_played=10),  # played every deal: 90 as scored
        seat(3, 1, 10, 0, deals_played=8),  # 0 per deal stays 0
    ]
    rows = {r.player: r for r in compute(results, [1, 2, 3], Options(normalise_to=10))}
    assert (rows[1].points, rows[1].by_round[1]) == (100.0, 80)
    assert [rows[p].normalised for p in (1, 2, 3)] == [True, False, False]
    plain = compute(results, [1, 2, 3], Options())
    assert not any(r.normalised for r in plain)


def test_it_breaks_remaining_ties_head_to_head():
    # 1 and 2 tie on points; at the table they shared, 1 scored more
    results = [
        seat(1, 1, 10, 20),
        seat(2, 1, 10, -20),
        seat(3, 1, 10, 0),
        seat(4, 1, 10, 0),
        seat(2, 2, 11, 40),
        seat(1, 2, 12, 0),
    ]
    rows = compute(results, [1, 2, 3, 4], Options(tiebreaks=("h2h",)))
    order = [r.player for r in rows]
    assert order.index(1) < order.index(2)


def test_it_lists_players_without_results_with_zero():
    rows = compute([], [5, 6])
    assert {r.player for r in rows} == {5, 6}
    assert all(r.points == 0 and r.rank == 1 for r in rows)


# ---- byes: a round sat out whole scores by the event's policy ----------------
def _field():
    """Round 1: 1 scores 30, 2 scores -10; round 2: 1 sits out, 2 scores 20."""
    return [seat(1, 1, 10, 30), seat(2, 1, 10, -10), seat(2, 2, 11, 20)]


def test_a_bye_scores_zero_by_default_and_is_marked():
    rows = compute(_field(), [1, 2], Options(tiebreaks=()), byes=[(1, 2)])
    by = {r.player: r for r in rows}
    assert (by[1].points, by[1].by_round, by[1].byes) == (30, {1: 30, 2: 0}, [2])
    assert by[1].raw_points == 30 and by[2].byes == []


def test_a_bye_scores_the_players_average_per_round_played():
    # player 1 played 30 and 11 in two rounds: average 20.5 for the bye
    results = [*_field(), seat(1, 3, 12, 11)]
    options = Options(tiebreaks=(), bye_policy="average")
    by = {r.player: r for r in compute(results, [1, 2], options, byes=[(1, 2)])}
    assert by[1].by_round[2] == 20.5
    assert by[1].points == 61.5


def test_an_average_rounds_halves_away_from_zero():
    results = [seat(1, 1, 10, -10), seat(1, 2, 11, -5), seat(1, 3, 12, -4)]
    options = Options(tiebreaks=(), bye_policy="average")
    (row,) = compute(results, [1], options, byes=[(1, 4)])
    assert row.by_round[4] == -6.3  # -19 / 3 = -6.333…


def test_a_bye_scores_a_fixed_number_of_points():
    options = Options(tiebreaks=(), bye_policy="fixed", bye_points=12)
    by = {r.player: r for r in compute(_field(), [1, 2], options, byes=[(1, 2)])}
    assert by[1].points == 42 and by[1].by_round[2] == 12


def test_a_bye_never_wins_a_tie_break_or_a_best_round():
    options = Options(tiebreaks=(), bye_policy="fixed", bye_points=99)
    by = {r.player: r for r in compute(_field(), [1, 2], options, byes=[(1, 2)])}
    assert by[1].best_round == 30 and by[1].rounds_won == 1


def test_a_player_with_a_zero_bye_ranks_below_one_who_won_points():
    """The old flaw: a bye counted 0 and put its player above everyone who
    lost points. With the average policy a losing player's bye costs points."""
    results = [
        seat(1, 1, 10, -20),
        seat(3, 1, 10, 20),
        seat(2, 2, 11, -5),
        seat(4, 2, 11, 5),
        seat(1, 2, 12, -4),
        seat(5, 2, 12, 4),
    ]
    options = Options(tiebreaks=(), bye_policy="average")
    rows = compute(results, [1, 2, 3, 4, 5], options, byes=[(2, 1)])
    order = [r.player for r in rows]
    assert order.index(2) > order.index(4)
    by = {r.player: r for r in rows}
    assert by[2].points == -10  # -5 played, -5 for the bye


def test_placement_points_for_a_bye_follow_the_policy():
    results = [
        seat(1, 1, 10, 40),
        seat(2, 1, 10, 0),
        seat(3, 1, 10, -20),
        seat(4, 1, 10, -20),
    ]
    options = Options(method="placement", tiebreaks=(), bye_policy="average")
    by = {r.player: r for r in compute(results, [1, 2, 3, 4], options, byes=[(1, 2)])}
    assert by[1].placement == 8  # 4 at the table, 4 for the bye


def test_substitutes_are_listed_apart_without_a_rank():
    results = [seat(1, 1, 10, 30), seat(9, 1, 10, -30)]
    rows = compute(results, [1, 9], Options(tiebreaks=()), unranked=[9])
    assert [(r.player, r.rank) for r in rows] == [(1, 1), (9, None)]
