"""The penalty-point display (docs/rule-files.md, "Penalty points"): a rule
set with the switch ``penalty_points`` shows its standings as the leader's
total less each player's, lowest first; the scores, the order, the ties,
the tie-breaks and the ratings stay the zero-sum ones.

Pure tests first (no database), then the TD's page and the exports."""

import io
from dataclasses import dataclass, replace

import pytest
from django.urls import reverse
from hypothesis import given
from hypothesis import strategies as st
from openpyxl import load_workbook

from rules.engine.penalty_points import (
    KEY,
    behind,
    penalty_points,
    shows_penalty_points,
)
from rules.engine.presets import get_preset
from scoring.penalty_rows import LABEL, add_penalty_points
from tests.pdf_text import pdf_text
from tests.scoring.penalty_display import penalty_schedule, switch_on

totals = st.lists(st.integers(-500, 500), min_size=1, max_size=30)


# -- pure: the arithmetic ----------------------------------------------------


@given(totals)
def test_the_leader_has_none_and_everyone_else_is_behind(values):
    shown = penalty_points(values)
    assert min(shown) == 0
    assert all(p >= 0 for p in shown)
    assert shown[values.index(max(values))] == 0


@given(totals)
def test_lowest_penalty_first_is_the_zero_sum_order(values):
    shown = penalty_points(values)
    by_total = sorted(range(len(values)), key=lambda i: (-values[i], i))
    by_penalty = sorted(range(len(values)), key=lambda i: (shown[i], i))
    assert by_total == by_penalty


@given(totals)
def test_gaps_between_players_are_the_zero_sum_gaps(values):
    shown = penalty_points(values)
    for i in range(len(values)):
        for j in range(len(values)):
            assert shown[i] - shown[j] == values[j] - values[i]
            assert (shown[i] == shown[j]) == (values[i] == values[j])  # ties


def test_no_argument_turns_them_around():
    """Issue 37: a "lowest wins" season once asked for its lowest total to
    lead, the worst player at 0. Penalty points rank lowest first by
    definition: the highest total leads, and nothing else can be asked."""
    with pytest.raises(TypeError):
        penalty_points([-285, 120, 165], high=False)
    assert penalty_points([-285, 120, 165]) == [450, 45, 0]


def test_rows_outside_the_ranking_have_none_and_do_not_lead():
    assert penalty_points([10, None, 4, None]) == [0, None, 6, None]
    assert penalty_points([None, None]) == [None, None]
    assert penalty_points([]) == []


def test_normalised_totals_subtract_exactly_in_decimals():
    assert behind(12.3, 4.1) == 8.2  # not 8.200000000000001
    assert behind(20.5, 20.5) == 0 and isinstance(behind(20.5, 20.5), int)
    assert behind(15, -15) == 30 and isinstance(behind(15, -15), int)


def test_only_a_schedule_with_the_switch_shows_penalty_points():
    nl = get_preset("nl")
    assert not shows_penalty_points(nl)
    assert not shows_penalty_points(None)  # the rules are gone
    assert not shows_penalty_points(replace(nl, shapes={"penalty_points": False}))
    assert shows_penalty_points(penalty_schedule())


# -- pure: the column in the row source ---------------------------------------


@dataclass(frozen=True)
class Col:  # the row source's Column, as the adapter sees it
    key: str
    label: str
    numeric: bool = False


def rows_of(*points):
    return [
        {"entry": i, "rank": rank, "points": p, "r1": p}
        for i, (rank, p) in enumerate(points)
    ]


def test_the_column_follows_the_rankings_total_and_keeps_the_rest():
    columns = [Col("rank", "Rank"), Col("r1", "R1", True), Col("points", "Pts", True)]
    columns.append(Col("best_round", "Best", True))
    rows = rows_of((1, 30), (2, 12), (2, 12), (4, -20), (None, 50))
    add_penalty_points(columns, rows, "points", penalty_schedule())
    assert [c.key for c in columns] == ["rank", "r1", "points", KEY, "best_round"]
    assert columns[3].label == LABEL and columns[3].numeric
    assert [r[KEY] for r in rows] == [0, 18, 18, 50, None]  # a substitute: none
    assert [r["points"] for r in rows] == [30, 12, 12, -20, 50]  # zero-sum kept
    assert [r["r1"] for r in rows] == [30, 12, 12, -20, 50]  # rounds kept


def test_placement_ranks_by_placement_points_so_penalty_counts_those():
    columns = [Col("placement", "PP", True), Col("points", "Pts", True)]
    rows = [
        {"rank": 1, "placement": 8, "points": -4},
        {"rank": 2, "placement": 5, "points": 20},
    ]
    add_penalty_points(columns, rows, "placement", penalty_schedule())
    assert [c.key for c in columns] == ["placement", KEY, "points"]
    assert [r[KEY] for r in rows] == [0, 3]


def test_without_the_switch_nothing_changes():
    columns = [Col("rank", "Rank"), Col("points", "Pts", True)]
    rows = rows_of((1, 30), (2, -30))
    before = ([*columns], [dict(r) for r in rows])
    add_penalty_points(columns, rows, "points", get_preset("nl"))
    assert (columns, rows) == before


# -- the TD's standings, the exports, ratings -----------------------------------


def standings(event):
    from scoring.rowsource import standings_rows
    from tournaments.models import Tournament

    return standings_rows(Tournament.objects.get(pk=event.pk))


@pytest.fixture
def both(small_event):
    """(the standings without the switch, with it) of ``small_event``, with
    a tie-break chain that decides something."""
    small_event.tiebreaks = ["best_round", "declared_made"]
    small_event.save(update_fields=["tiebreaks"])
    before = standings(small_event)
    switch_on(small_event)
    return before, standings(small_event)


@pytest.mark.django_db
def test_the_order_ranks_and_every_other_column_stay_the_zero_sum_ones(both):
    before, after = both
    keys = [c.key for c in after.columns]
    assert [k for k in keys if k != KEY] == [c.key for c in before.columns]
    assert keys.index(KEY) == keys.index("points") + 1
    for old, new in zip(before.rows, after.rows, strict=True):
        assert {k: v for k, v in new.items() if k != KEY} == old


@pytest.mark.django_db
def test_the_leader_has_0_and_the_penalty_points_rise_down_the_table(both):
    _before, after = both
    shown = [r[KEY] for r in after.rows]
    assert shown[0] == 0 and shown == sorted(shown) and shown[-1] > 0
    leader = after.rows[0]["points"]
    assert all(r[KEY] == leader - r["points"] for r in after.rows)


@pytest.mark.django_db
def test_a_tie_broken_by_the_chain_keeps_its_order_and_equal_penalty(small_event):
    """Two players level on points: the tie-break decides who is above,
    as without the switch, and both show the same penalty points."""
    from tournaments.models import Seat

    rows = standings(small_event).rows
    a, b = rows[2]["entry"], rows[5]["entry"]
    seat = Seat.objects.filter(entry_id=b).order_by("table__round__number").first()
    seat.points += rows[2]["points"] - rows[5]["points"]
    seat.save(update_fields=["points"])
    before = standings(small_event)
    switch_on(small_event)
    after = standings(small_event)
    order = [(r["entry"], r["rank"]) for r in after.rows]
    assert order == [(r["entry"], r["rank"]) for r in before.rows]
    level = {r["entry"]: r for r in after.rows if r["entry"] in (a, b)}
    assert level[a]["points"] == level[b]["points"]
    assert level[a][KEY] == level[b][KEY]


@pytest.mark.django_db
def test_the_tds_standings_show_the_column_and_name_the_display(td_client, small_event):
    path = reverse("td:standings", args=[small_event.slug])
    plain = td_client.get(path)
    assert "Penalty points" not in plain.content.decode()
    switch_on(small_event)
    response = td_client.get(path, HTTP_ACCEPT_LANGUAGE="en")
    html = response.content.decode()
    assert response.status_code == 200
    assert "Penalty points" in html and "lowest first" in html
    table = response.context["table"]
    assert [c.name for c in table.columns].count(KEY) == 1
    rows = list(table.data)
    assert rows[0][KEY] == 0
    assert [r["entry"] for r in rows] == [
        r["entry"] for r in plain.context["table"].data
    ]


@pytest.mark.django_db
def test_the_tds_standings_say_strafpunten_in_dutch(td_client, small_event):
    switch_on(small_event)
    path = reverse("td:standings", args=[small_event.slug])
    html = td_client.get(path, HTTP_ACCEPT_LANGUAGE="nl").content.decode()
    assert "Strafpunten" in html


@pytest.mark.django_db
def test_the_standings_pdf_carries_the_column_and_the_zero_sum_total(small_event):
    from documents.pdf_standings import standings_pdf
    from tournaments.models import Tournament

    small_event.language = "en"
    small_event.save(update_fields=["language"])
    assert "Penalty" not in pdf_text(standings_pdf(small_event)[2])
    switch_on(small_event)
    event = Tournament.objects.get(pk=small_event.pk)
    text = pdf_text(standings_pdf(event)[2])
    assert "Penalty" in text and "Pts" in text  # both totals
    assert "the lowest leads" in text  # the legend says what they are
    rows = standings(event).rows
    last = rows[-1]
    assert f"{last[KEY]:g}" in text and f"{last['points']:g}" in text


@pytest.mark.django_db
def test_the_workbooks_standings_sheet_holds_the_numbers(small_event):
    from documents.xlsx_event import workbook
    from tournaments.models import Tournament

    small_event.language = "en"
    small_event.save(update_fields=["language"])
    switch_on(small_event)
    event = Tournament.objects.get(pk=small_event.pk)
    book = load_workbook(io.BytesIO(workbook(event)[2]), data_only=True)
    sheet = book.worksheets[0]
    header = [c.value for c in sheet[1]]
    assert "Penalty points" in header and "Total points" in header
    lines = [
        dict(zip(header, row, strict=True))
        for row in sheet.iter_rows(2, values_only=True)
    ]
    expected = standings(event).rows
    assert [line["Penalty points"] for line in lines] == [r[KEY] for r in expected]
    assert [line["Total points"] for line in lines] == [r["points"] for r in expected]
    assert lines[0]["Penalty points"] == 0
    assert all(isinstance(line["Penalty points"], int | float) for line in lines)


@pytest.mark.django_db
def test_ratings_do_not_change_with_the_switch(small_event):
    from seasons.models import Rating
    from seasons.ratings import recompute_ratings

    def ratings():
        recompute_ratings()
        return list(
            Rating.objects.order_by("player_id", "tournament_id").values_list(
                "player_id", "mu", "sigma", "ordinal"
            )
        )

    before = ratings()
    assert before  # the event is rated: the comparison means something
    switch_on(small_event)
    assert ratings() == before
