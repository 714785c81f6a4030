"""Each sheet's layout: an autofilter, a frozen header row printed on every
page, column widths and number formats."""

import pytest
from openpyxl.utils import get_column_letter

from demo.events import generate_event
from documents.xlsx_event import workbook
from scoring.rowsource import standings_rows
from tests.exports.test_xlsx_values import five_event, read
from tournaments.models import Seat


@pytest.fixture
def event(db):
    return five_event("vijf", "nl")


def test_each_sheet_filters_freezes_and_sizes_its_columns(event):
    for ws in read(event).worksheets:
        last = get_column_letter(ws.max_column)
        assert ws.auto_filter.ref == f"A1:{last}{ws.max_row}", ws.title
        assert ws.freeze_panes == "A2", ws.title
        assert ws.print_title_rows == "$1:$1", ws.title
        for n in range(1, ws.max_column + 1):
            dims = ws.column_dimensions[get_column_letter(n)]
            assert dims.customWidth and dims.width >= 5, (ws.title, n)
        assert all(c.font.b for c in ws[1]), ws.title
    names = Seat.objects.filter(table__round__tournament=event).values_list(
        "entry__player__name", flat=True
    )
    declarer = read(event).worksheets[1].column_dimensions["F"]
    assert declarer.width >= max(map(len, names))


def test_numbers_are_numbers_with_a_number_format(event):
    for ws in read(event).worksheets:
        for row in ws.iter_rows(min_row=2):
            for cell in row:
                if isinstance(cell.value, int):
                    assert cell.number_format == "0", cell.coordinate
                elif isinstance(cell.value, str):
                    assert cell.data_type == "s", cell.coordinate


@pytest.mark.django_db
def test_a_normalised_score_keeps_its_decimal():
    event = generate_event("norm", 9, 2, 5, rules="nl", seed=3, normalise_five=True)
    ws = read(event).worksheets[0]
    column = [c.key for c in standings_rows(event).columns].index("points")
    cells = [row[column] for row in ws.iter_rows(min_row=2)]
    assert any(c.value != int(c.value) for c in cells)
    assert all(isinstance(c.value, float) and c.number_format == "0.0##" for c in cells)


def test_the_same_event_gives_the_same_bytes(event):
    assert workbook(event) == workbook(event)
