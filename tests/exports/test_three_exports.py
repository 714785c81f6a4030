"""What is printed and exported for a table of three (issue 29), read back:
the score sheet, the seating list, the player cards (PDF, pdfplumber) and
the event's workbook (openpyxl, values only, nothing calculated).

Rule source 000, "Rikken for three players": "Cards are dealt as if there
are four players. The fourth player, who is not present, is "the blind
man"." Chair 4 of a table of three is the blind man's hand: dealt to, never
dealing, never paid; the dealer goes round the three players (see
``tests/exports/three_event.py`` for the golden deal).
"""

import io
import re

import pytest
from django.utils import translation
from openpyxl import load_workbook

from documents.registry import make_export
from tests.exports.pdf_boxes import tables, text_faults, unwrap
from tests.exports.three_event import DEALS, RIK_SCORES, three_event
from tests.pdf_text import pdf_pages
from tournaments.dealing import BLIND_LABEL
from tournaments.models import Seat

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(db):
    return three_event()


def blind_in(language: str) -> str:
    """The blind man's hand as the exports name it in ``language``."""
    from td.forms_deal import shown_name

    with translation.override(language):
        return shown_name(BLIND_LABEL)


def seats_of(event, round_number=1, table=2) -> list[Seat]:
    return list(
        Seat.objects.filter(
            table__round__tournament=event,
            table__round__number=round_number,
            table__number=table,
        )
        .select_related("entry__player")
        .order_by("position")
    )


def no_label(text: str) -> bool:
    """The deal record's name of the blind man's hand is never printed."""
    return not re.search(rf"\b{BLIND_LABEL}\b", text)


def deal_grid(data: bytes, page: int) -> list[list[str]]:
    """The deal table (header "#") of the ``page``-th sheet (0 first)."""
    grids = [t for t in tables(data) if t[0][0] == "#"]
    return grids[page]


# -- the score sheet ---------------------------------------------------------------
def test_the_filled_sheet_of_a_table_of_three_has_three_columns(event):
    data = make_export(event, "pdf", "sheets", 1)[2]
    texts = pdf_pages(data)
    assert len(texts) == 2  # table 1 (four), table 2 (three)
    three = unwrap(texts[1])
    assert "Round 1 · Table 2" in three
    # says plainly what chair 4 is
    assert "chair 4 is the blind man's hand" in three
    assert "never deals" in three and "is never paid" in three
    assert "The dealer goes round seats 1–3" in three
    assert no_label(three) and "blind man" not in texts[0]
    people = [row for t in tables(data) if t[0][0] == "Seat" for row in t[1:]]
    seats = seats_of(event)
    assert people[4:] == [
        *([str(s.position), s.entry.player.name, d] for s, d in zip(
            seats, ["1, 4", "2", "3"], strict=True)),
        ["4", "the blind man (dealt to, never deals, never paid)", "–"],
    ]  # fmt: skip
    grid = deal_grid(data, 1)
    assert len(grid[0]) == 6 + 2 * 3  # three players: points and Σ each
    assert grid[1][6:] == ["pts", "Σ"] * 3
    rows = grid[2 : 2 + DEALS]
    # the dealer goes round seats 1, 2, 3 and back to 1: never chair 4
    assert [row[1].split()[0] for row in rows] == ["1", "2", "3", "1"]
    first = rows[0]
    assert first[2] == "Rik" and first[3].startswith("2 ")
    assert first[4].startswith("4 the blind")  # the blind man's ace
    assert [int(first[c]) for c in (6, 8, 10)] == RIK_SCORES
    totals = next(row for row in grid if row[0] == "Total")
    assert [int(v) for v in totals[6:] if v] == [s.points for s in seats]
    assert sum(s.points for s in seats) == 0
    assert "(Σ = 0)" in grid[-1][0]
    assert text_faults(data) == []


def test_a_blank_sheet_of_a_table_of_three_in_dutch(event):
    event.language = "nl"
    event.save()
    data = make_export(event, "pdf", "blank-sheets", 2)[2]
    texts = [unwrap(t) for t in pdf_pages(data)]
    three = next(t for t in texts if "(Σ = ______)" in t and blind_in("nl") in t)
    assert no_label(three)
    grid = next(
        g for g in (deal_grid(data, 0), deal_grid(data, 1)) if len(g[0]) == 6 + 2 * 3
    )
    rows = grid[2 : 2 + DEALS]
    assert [row[1].split()[0] for row in rows] == ["1", "2", "3", "1"]
    assert all(cell == "" for row in rows for cell in row[2:])
    assert text_faults(data) == []


def test_the_seating_list_marks_the_table_of_three(event):
    data = make_export(event, "pdf", "seating", 1)[2]
    by_table, by_name = (unwrap(t) for t in pdf_pages(data))
    assert "Table 2 · table of 3" in by_table
    assert "Table 1 · table of 3" not in by_table
    assert "4 the blind man" in by_table and no_label(by_table)
    assert "the blind man's hand at chair 4" in by_table
    names = [row for t in tables(data) if len(t[0]) == 3 for row in t[1:]]
    marked = {row[0]: row[1] for row in names}
    for seat in seats_of(event):
        assert marked.pop(seat.entry.player.name) == "2*"
    assert set(marked.values()) == {"1"}  # the table of four is not marked
    assert "* Table of 3" in by_name
    assert text_faults(data) == []


def test_a_player_card_names_the_blind_man_as_partner(event):
    seat2 = seats_of(event)[1]
    data = make_export(event, "pdf", "cards", entry_id=seat2.entry_id)[2]
    rows = [row for t in tables(data) for row in t[1:]]
    first = next(r for r in rows if r[:4] == ["1", "2", "2", "1"])
    assert first[4] == "Rik" and first[6] == "the blind man"
    assert int(first[8]) == RIK_SCORES[1]
    assert no_label("\n".join(pdf_pages(data)))


# -- the workbook --------------------------------------------------------------------
def sheet_rows(data: bytes, title: str) -> list[tuple]:
    book = load_workbook(io.BytesIO(data), data_only=True, read_only=True)
    return list(book[title].iter_rows(values_only=True))


@pytest.mark.parametrize("language", ["en", "nl"])
def test_the_workbook_shows_the_blind_mans_hand_and_three_scores(event, language):
    event.language = language
    event.save()
    data = make_export(event, "xlsx", "workbook")[2]
    with translation.override(language):
        from django.utils.translation import gettext as _

        deals_title, round_title = _("Deals"), _("Round %(n)s") % {"n": 1}
    blind = blind_in(language)
    rows = sheet_rows(data, deals_title)
    head = rows[0]
    assert len(head) == 11 + 2 * 4  # seat blocks up to the table of four
    at_three = [r for r in rows[1:] if r[0] == 1 and r[1] == 2]
    assert [r[2] for r in at_three] == list(range(1, DEALS + 1))
    seats = seats_of(event)
    names = [s.entry.player.name for s in seats]
    for row in at_three:
        blocks = row[11:]
        assert list(blocks[0:6:2]) == names
        scores = list(blocks[1:6:2])
        assert all(isinstance(v, int) for v in scores) and sum(scores) == 0
        assert blocks[6:] == (blind, None)  # dealt to, never paid
        assert BLIND_LABEL not in row
    first = at_three[0]
    assert (first[4], first[5], first[6], first[7]) == ("rik", names[1], blind, 9)
    assert list(first[12:17:2]) == RIK_SCORES
    # the round's sheet: a row per player of the table, with the totals
    table = [r for r in sheet_rows(data, round_title)[1:] if r[0] == 2]
    assert [(r[1], r[2], r[-1]) for r in table] == [
        (s.position, s.entry.player.name, s.points) for s in seats
    ]
    assert all(isinstance(v, int) for r in table for v in r[3 : 3 + DEALS])


def test_a_workbook_of_tables_of_three_only_still_has_the_blind_mans_block(db):
    """Six players: two tables of three and no table of four."""
    from demo.events import generate_event

    def threes(round_, playing, rng):
        return [playing[:3], playing[3:]]

    event = generate_event(
        "zes", 6, 1, 3, rules="nl", seed=6, seater=threes, tables_of_three=True,
        language="en",
    )  # fmt: skip
    rows = sheet_rows(make_export(event, "xlsx", "workbook")[2], "Deals")
    assert rows[0][-2:] == ("Seat 4", "Points 4")
    assert {r[-2:] for r in rows[1:]} == {("the blind man", None)}
    assert all(sum(r[12:17:2]) == 0 for r in rows[1:])


def test_the_season_workbook_counts_an_evening_with_a_table_of_three(db):
    import random

    from demo.events import generate_event, make_players
    from documents.season_exports import make_season_export
    from seasons.models import Competition, Evening
    from tests.exports.three_event import four_and_three
    from tournaments.models import Club

    club = Club.objects.create(name="Drie")
    members = make_players(7, random.Random(3))
    season = Competition.objects.create(
        club=club, name="Drie", slug="drie-seizoen", partijen=2,
        deals_per_partij=DEALS, tables_of_three=True,
    )  # fmt: skip
    event = generate_event(
        "drie-1", 7, 2, DEALS, seed=3, players=members, seater=four_and_three,
        tables_of_three=True, language="en",
    )  # fmt: skip
    Evening.objects.create(competition=season, tournament=event, number=1)
    data = make_season_export(season, "xlsx")[2]
    evening = sheet_rows(data, "Evening 1")
    points = {name: pts for _rank, name, _club, pts, _deals in evening[1:] if name}
    totals = {}
    for seat in Seat.objects.filter(table__round__tournament=event).select_related(
        "entry__player"
    ):
        name = seat.entry.player.name
        totals[name] = totals.get(name, 0) + seat.points
    assert points == totals and len(points) == 7
    assert sum(points.values()) == 0
