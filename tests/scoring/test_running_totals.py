"""Running totals are added in one place (``rowsource.add_up``): a
table-round's per seat in the deal rows, an entry's over the event in
``player_deals``; the exports read them, and they agree with the scores."""

from itertools import accumulate

import pytest

from scoring.rowsource import add_up, deal_rows, player_deals


def test_add_up_adds_place_by_place():
    assert add_up([0, 0, 0, 0, 0], [3, -1, -1, -1, 0]) == [3, -1, -1, -1, 0]
    assert add_up([3], (4,)) == [7]


@pytest.mark.django_db
def test_each_table_rounds_running_totals_are_its_scores_accumulated(small_event):
    by_table: dict[tuple, list[dict]] = {}
    for row in deal_rows(small_event):
        by_table.setdefault((row["round"], row["table"]), []).append(row)
    assert by_table
    for rows in by_table.values():
        for seat in range(len(rows[0]["seats"])):
            scores = [row["scores"][seat] for row in rows]
            running = [row["running"][seat] for row in rows]
            assert running == list(accumulate(scores))


@pytest.mark.django_db
def test_an_entrys_running_total_runs_over_the_whole_event(small_event):
    seen: dict[int, list[tuple[int, int]]] = {}
    for entry, _row, _seat, points, total in player_deals(deal_rows(small_event)):
        seen.setdefault(entry, []).append((points, total))
    assert seen
    for pairs in seen.values():
        assert [t for _p, t in pairs] == list(accumulate(p for p, _t in pairs))
