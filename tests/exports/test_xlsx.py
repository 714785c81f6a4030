import io

import pytest
from django.utils import translation
from openpyxl import load_workbook

from documents.xlsx_event import column_letter, workbook
from scoring.models import Deal
from scoring.rowsource import standings_rows
from tournaments.models import Seat

#: Columns of *Deals* before the seat blocks (round … sanctions).
DEAL_FIXED = 11


@pytest.fixture
def book(dia_event):
    name, content_type, data = workbook(dia_event)
    assert name == "dia.xlsx"
    assert content_type.endswith("spreadsheetml.sheet")
    return load_workbook(io.BytesIO(data))


def test_it_writes_standings_deals_and_one_sheet_per_round(book):
    assert len(book.sheetnames) == 4
    for ws in book.worksheets:
        assert ws.freeze_panes == "A2"


def test_it_matches_the_standings_and_writes_the_total_as_a_value(book, dia_event):
    ws = book.worksheets[0]
    rowset = standings_rows(dia_event)
    header = [c.value for c in ws[1]]
    with translation.override(dia_event.language):
        assert header == [str(c.label) for c in rowset.columns]
    total_col = [c.key for c in rowset.columns].index("points")
    for r, expected in enumerate(rowset.rows, start=2):
        cells = [c.value for c in ws[r]]
        assert cells[1] == expected["name"]
        assert cells[3] == expected["r1"] and cells[4] == expected["r2"]
        assert isinstance(cells[3], int)
        assert cells[total_col] == expected["points"] == cells[3] + cells[4]


def test_it_has_one_row_per_deal_summing_to_zero(book, dia_event):
    ws = book.worksheets[1]
    rows = list(ws.iter_rows(min_row=2, values_only=True))
    assert len(rows) == Deal.objects.filter(table__round__tournament=dia_event).count()
    for row in rows:
        points = [v for v in row[DEAL_FIXED + 1 :: 2] if v is not None]
        assert len(points) == 4
        assert sum(points) == 0
        assert row[3] and row[4]  # contract in words and in code


def test_it_sums_each_round_per_player_like_the_database(book, dia_event):
    for number in (1, 2):
        ws = book.worksheets[1 + number]
        rows = list(ws.iter_rows(min_row=2, values_only=True))
        seats = Seat.objects.filter(
            table__round__tournament=dia_event, table__round__number=number
        )
        assert len(rows) == seats.count()
        for row in rows:
            table, position, name, *deals, total = row
            seat = seats.get(table__number=table, position=position)
            assert seat.entry.player.name == name
            assert sum(d or 0 for d in deals) == seat.points == total


@pytest.mark.parametrize("n, letters", [(1, "A"), (26, "Z"), (27, "AA"), (703, "AAA")])
def test_column_letters_count_like_a_spreadsheet(n, letters):
    assert column_letter(n) == letters
