"""Two namesakes with long names at one table of a score sheet: wherever
a narrow column cuts their names (the deal grid's header, the dealer, the
declarer), the name is cut and the mark that tells them apart stays whole
("Wilhelmina-Henriëtte v… (1956)"); the sheet's first table still has the
whole names. Before, both read "… (19…" in the grid."""

import pytest

from tests.exports.pdf_boxes import tables, text_faults

LONG = "Wilhelmina-Henriëtte van Oldenbarnevelt-Ĳsselmuiden"
pytestmark = pytest.mark.django_db


def seat(round_, entries, rng):
    """Both namesakes at the first table, in seats 1 and 2."""
    marked = sorted(entries, key=lambda e: (e.player.name != LONG, e.player.pk))
    return [marked[:4], marked[4:]]


@pytest.fixture
def sheet():
    from demo.events import generate_event
    from documents.registry import make_export
    from tournaments.models import Club, Player

    club = Club.objects.create(name="De Troef")
    players = [
        Player.objects.create(name=LONG, distinction="1956", club=club),
        Player.objects.create(name=LONG, distinction="1971", club=club),
        *(Player.objects.create(name=f"Lid {n}", club=club) for n in range(6)),
    ]
    event = generate_event("naamgenoten-pdf", 0, 1, 8, players=players, seater=seat)
    return make_export(event, "pdf", "sheets", 1)[2]


def test_a_cut_name_keeps_the_mark_that_tells_namesakes_apart(sheet):
    players, grid = tables(sheet)[:2]
    whole = [row[1].replace("\n", " ") for row in players[1:3]]
    assert whole == [f"{LONG} (1956)", f"{LONG} (1971)"]
    header = [text.replace("\n", " ") for text in grid[0] if text]
    seats = [h for h in header if h.startswith(("1 ", "2 "))]
    assert len(seats) == 2
    assert seats[0].endswith("(1956)") and seats[1].endswith("(1971)"), seats
    assert all("…" in h for h in seats)  # too long for the column: cut
    dealers = {row[1] for row in grid[2:] if row[1].startswith(("1 ", "2 "))}
    assert {d[-6:] for d in dealers} == {"(1956)", "(1971)"}, dealers
    assert text_faults(sheet) == []
