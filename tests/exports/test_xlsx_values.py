"""The workbook read back as a reader that does not calculate reads it:
values in every cell, headers in the event's language, schoppen mie and
sanctions in words.

On a tables-of-five event with schoppen mie deals and sanctions (``SPECIAL``);
its fixtures and helpers serve the other ``test_xlsx_*`` modules too.
"""

import io

import pytest
from django.utils import translation
from django.utils.translation import gettext as _
from openpyxl import load_workbook

from demo.events import generate_event
from documents.xlsx_event import workbook
from scoring.models import Deal
from scoring.rowsource import standings_rows
from tournaments.models import Seat

#: Round 1, table 1: schoppen mie (deal 2), a penalty on the dealer sitting
#: out (deal 3) and on a player (deal 4); round 2, table 2: one player took
#: both the queen of spades and the last trick (deal 1).
SPECIAL = {
    (1, 1): {
        2: {"plays": [{"contract": "schoppen-mie", "queen_of_spades": "@1",
                       "last_trick": "@3"}]},
        3: {"plays": [{"contract": "rik", "declarer": "@0", "partner": "@1",
                       "tricks": 9}],
            "sanctions": [{"code": "penalty", "player": "@out", "points": 3}]},
        4: {"plays": [{"contract": "rik", "declarer": "@0", "partner": "@1",
                       "tricks": 9}],
            "sanctions": [{"code": "penalty", "player": "@2", "points": 6}]},
    },
    (2, 2): {1: {"plays": [{"contract": "schoppen-mie", "queen_of_spades": "@0",
                            "last_trick": "@0"}]}},
}  # fmt: skip


def five_event(slug: str, language: str):
    """10 players at two tables of five, 2 rounds × 5 deals, nl rules."""
    return generate_event(
        slug, 10, 2, 5, rules="nl", seed=3, special=SPECIAL, language=language
    )


def read(event, **options):
    return load_workbook(io.BytesIO(workbook(event)[2]), **options)


def deal_row(book, round_no: int, table: int, deal: int) -> dict:
    """One row of *Deals* as {header: value}."""
    ws = book.worksheets[1]
    header = [c.value for c in ws[1]]
    for row in ws.iter_rows(min_row=2, values_only=True):
        if row[:3] == (round_no, table, deal):
            return dict(zip(header, row, strict=True))
    raise AssertionError(f"no deal {round_no}/{table}/{deal}")


def seat_name(row: dict, seat: int, language: str) -> str:
    """The name in seat ``seat``'s block of a *Deals* row."""
    with translation.override(language):
        return row[_("Seat %(n)s") % {"n": seat}]


def stored(event, round_no: int, table: int, deal: int) -> dict:
    """A deal's record as stored: players by seat position."""
    return Deal.objects.get(
        table__round__tournament=event,
        table__round__number=round_no,
        table__number=table,
        number=deal,
    ).record


@pytest.fixture
def nl_event(db):
    return five_event("vijf", "nl")


@pytest.fixture
def en_event(db):
    return five_event("five", "en")


def test_every_cell_holds_a_value_and_no_formula(nl_event):
    book = read(nl_event)
    cached = read(nl_event, data_only=True)  # what a non-calculating reader sees
    for ws, seen in zip(book.worksheets, cached.worksheets, strict=True):
        for row, values in zip(
            ws.iter_rows(), seen.iter_rows(values_only=True), strict=True
        ):
            assert [c.value for c in row] == list(values)
            for cell in row:
                assert cell.data_type != "f", cell.coordinate
                assert not str(cell.value or "").startswith("="), cell.coordinate


def test_the_totals_are_the_events_own(nl_event):
    book = read(nl_event, data_only=True)
    rowset = standings_rows(nl_event)
    keys = [c.key for c in rowset.columns]
    rows = list(book.worksheets[0].iter_rows(min_row=2, values_only=True))
    assert [r[keys.index("points")] for r in rows] == [r["points"] for r in rowset.rows]
    for number in (1, 2):
        ws = book.worksheets[1 + number]
        for table, position, name, *deals, total in ws.iter_rows(
            min_row=2, values_only=True
        ):
            seat = Seat.objects.get(
                table__round__tournament=nl_event,
                table__round__number=number,
                table__number=table,
                position=position,
            )
            assert isinstance(total, int)
            assert total == seat.points == sum(d or 0 for d in deals), name


DUTCH = {
    "sheets": ["Stand", "Spellen", "Ronde 1", "Ronde 2"],
    "deals": ["Ronde", "Tafel", "Spel", "Contract", "Code", "Bieder", "Maat",
              "Slagen"],
    "round": ["Tafel", "Stoel", "Speler", "S1"],
}  # fmt: skip
ENGLISH = {
    "sheets": ["Standings", "Deals", "Round 1", "Round 2"],
    "deals": ["Round", "Table", "Deal", "Contract", "Code", "Declarer", "Partner",
              "Tricks"],
    "round": ["Table", "Seat", "Player", "D1"],
}  # fmt: skip


@pytest.mark.parametrize("event, words", [("nl_event", DUTCH), ("en_event", ENGLISH)])
def test_every_header_speaks_the_events_language(request, event, words):
    """Whatever language the request is in (the tests run in English)."""
    event = request.getfixturevalue(event)
    book = read(event)
    assert book.sheetnames == words["sheets"]
    deals = [c.value for c in book.worksheets[1][1]]
    assert deals[:8] == words["deals"]
    round_one = [c.value for c in book.worksheets[2][1]]
    assert round_one[:4] == words["round"]
    with translation.override(event.language):
        assert deals[8:11] == [_("Queen of spades"), _("Last trick"), _("Sanctions")]
        assert deals[11:13] == [
            _("Seat %(n)s") % {"n": 1},
            _("Points %(n)s") % {"n": 1},
        ]
        assert round_one[-1] == _("Total")
        labels = [str(c.label) for c in standings_rows(event).columns]
    assert [c.value for c in book.worksheets[0][1]] == labels


def test_schoppen_mie_names_who_took_the_queen_and_the_last_trick(nl_event):
    book = read(nl_event)
    for where in ((1, 1, 2), (2, 2, 1)):
        play = stored(nl_event, *where)["plays"][0]
        row = deal_row(book, *where)
        with translation.override("nl"):
            queen, last = row[_("Queen of spades")], row[_("Last trick")]
        assert queen == seat_name(row, play["queen_of_spades"], "nl")
        assert last == seat_name(row, play["last_trick"], "nl")
        assert row["Contract"] == "Schoppen mie"
    assert queen == last  # round 2, table 2: one player took both


@pytest.mark.parametrize(
    "event, word", [("nl_event", "Straf"), ("en_event", "Penalty")]
)
def test_sanctions_are_written_in_words(request, event, word):
    event = request.getfixturevalue(event)
    book = read(event)
    header = "Sancties" if event.language == "nl" else "Sanctions"
    # as charged: a penalty of 3 on the dealer sitting out is 1 to each of 4
    for deal, points in ((3, 4), (4, 6)):
        record = stored(event, 1, 1, deal)
        row = deal_row(book, 1, 1, deal)
        who = seat_name(row, record["sanctions"][0]["player"], event.language)
        assert row[header] == f"{word}: {who} ({points})"
    texts = [
        v
        for ws in book.worksheets
        for r in ws.iter_rows(values_only=True)
        for v in r
        if isinstance(v, str)
    ]
    assert not [t for t in texts if "penalty" in t]  # the code never shows
