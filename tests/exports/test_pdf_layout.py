"""Every PDF of the registry, on the longest names the register holds and
tables of five: no text leaves its cell, and the numbers still read back."""

import pytest
from django.utils import translation
from django.utils.translation import gettext as _

from documents.registry import PDF_KINDS, make_export
from tests.examples import spread
from tests.exports.conftest import rename_players
from tests.exports.pdf_boxes import tables, text_faults, unwrap
from tests.pdf_text import pdf_pages

#: Names at the limits of the register (Player.name: 120 characters): with
#: diacritics, hyphens, capitals, and none or few spaces to wrap at.
LONG_NAMES = [
    "Wilhelmina-Henriëtte-Frederika-Charlotte-Ĳsbrandina-Geertruida-Margaretha-"
    "Josephina-Anna-Maria-Zoë-Ëlisabeth-Wassenaar-Ĳ",
    "Maximiliaan-Alexander van Oldenbarnevelt-Ĳsselmuiden tot Zuylen en "
    "Nijevelt-Brontë",
    "WOUTER-WILLEM MÖWENBERG-WÄCHTERSBACH VAN WASSENAER-OBDAM",
    "Jean-Baptiste Noël Brontë-Vanderheijden-Müller de Saint-Exupéry d'Ursel",
    "Ĳsbrandusmaximiliaanalexandervanoldenbarneveltĳsselmuidenzuylen",
    "Ëlisabeth-Ĳsbrand Côté-Vandenbroucke-Oudshoorn van Heeckeren tot Kernhem",
    "Anne-Françoise Schimmelpenninck van der Oye-Lichtenvoorde",
    "Loïc Müller",
]
LONG_CLUB = (
    "Koninklijke Rik- en Kaartvereniging Ons Genoegen Geertruidenberg-"
    "Raamsdonksveer-Drimmelen-Made en Wagenberg (sinds 1921)"
)
LONG_EVENT = (
    "Nationaal Open Kampioenschap Rikken van Noord-Brabant, Zeeland en Limburg "
    "om de Wisselbokaal van het Ĳsselmondse Kaartgenootschap – Voorjaar 2026"
)


BYE_NAME = "Zoë-Ĳsbrandina Côté-Vandenbroucke van Heeckeren-Obdam tot Kernhem"


@pytest.fixture(scope="module")
def long_event(django_db_setup, django_db_blocker):
    """14 players in 8 rounds of 10 deals (two tables of five, one of four)
    and a 15th who sits every round out; every name, a club and the event's
    name and venue at the register's limits. Built once for the module in a
    transaction rolled back at its end (each test's own is a savepoint)."""
    from django.db import transaction

    with django_db_blocker.unblock():
        outer = transaction.atomic()
        outer.__enter__()
        try:
            yield make_long_event()
        finally:
            transaction.set_rollback(True)
            outer.__exit__(None, None, None)


def make_long_event():
    from demo.events import generate_event
    from tournaments.models import Bye, Club, Entry, Player

    event = generate_event("lang", 14, 8, 10, rules="nl", seed=5)
    rename_players(event, LONG_NAMES)
    club = Player.objects.filter(entries__tournament=event).order_by("name")[0].club
    Club.objects.filter(pk=club.pk).update(name=LONG_CLUB)
    sitter = Player.objects.create(name=BYE_NAME, club=club)
    entry = Entry.objects.create(
        tournament=event, player=sitter, status=Entry.Status.PRESENT
    )
    Bye.objects.bulk_create(Bye(round=r, entry=entry) for r in event.round_set.all())
    event.name, event.venue = LONG_EVENT, LONG_CLUB
    event.save()
    return event


def test_the_names_are_at_the_limits_of_the_register():
    from tournaments.models import Club, Player, Tournament

    assert max(len(n) for n in LONG_NAMES) == Player._meta.get_field("name").max_length
    assert len(LONG_CLUB) <= Club._meta.get_field("name").max_length
    assert len(LONG_EVENT) <= Tournament._meta.get_field("name").max_length
    assert len(LONG_EVENT) > 140


#: Every PDF of the registry (its default round: the last), and the
#: standings after the first round too.
CASES = [(kind, None) for kind in PDF_KINDS] + [("standings", 1)]


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["nl", "en"])
@pytest.mark.parametrize(("kind", "round_number"), CASES)
def test_no_text_leaves_its_cell(long_event, kind, round_number, language):
    long_event.language = language
    data = make_export(long_event, "pdf", kind, round_number)[2]
    assert text_faults(data, every_page=False) == []


@pytest.mark.django_db
def test_tables_of_five_with_sixteen_deals_and_sanctions_fit_a_page_each():
    from demo.events import generate_event

    event = generate_event("vijf", 10, 1, 16, rules="pagat", seed=3, sanction_rate=0.1)
    rename_players(event, LONG_NAMES)
    event.name, event.venue = LONG_EVENT, LONG_CLUB
    data = make_export(event, "pdf", "sheets", 1)[2]
    assert text_faults(data) == []
    assert len(pdf_pages(data)) == event.round_set.get().tables.count() == 2


def same_name(shown: str, name: str) -> bool:
    """``shown`` is ``name``, or its beginning cut with "…"."""
    shown = unwrap(shown)
    return shown == name or (shown.endswith("…") and name.startswith(shown[:-1]))


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["nl", "en"])
@pytest.mark.parametrize("kind", ["standings", "cards", "sheets"])
def test_headers_break_between_words_only(long_event, kind, language):
    long_event.language = language
    first = long_event.entries.order_by("pk").first().pk  # one card: one header
    data = make_export(long_event, "pdf", kind, entry_id=first)[2]
    with translation.override(language):
        labels = header_labels(long_event, kind)
    words = {word for label in labels for word in label.split()}
    heads = [table[0] for table in tables(data)]
    if kind == "sheets":  # players and deals: the names' columns aside
        heads = [row[:6] for row in heads[:2]]
    for row in heads:
        for text in row:
            assert set(text.split()) <= words, text


def header_labels(event, kind: str) -> list[str]:
    from scoring.rowsource import DEAL_COLUMNS, standings_rows
    from tournaments.ranking import METRICS

    if kind == "standings":  # the metrics may go by their short names
        columns = standings_rows(event).columns
        return [str(c.label) for c in columns] + [str(m.abbr) for m in METRICS.values()]
    if kind == "cards":
        return [str(c.label) for c in DEAL_COLUMNS.values()]
    return [
        str(_(w))
        for w in (
            "Seat",
            "Player",
            "Deals (dealer)",
            "Deals (dealer, sits out)",
            "#",
            "Dealer",
            "Contract",
            "Declarer",
            "Partner",
            "Tricks",
        )
    ]


@pytest.mark.django_db
def test_filled_sheets_read_back_every_seats_total(long_event):
    from tournaments.models import Seat

    long_event.language = "nl"
    data = make_export(long_event, "pdf", "sheets", 8)[2]
    totals = [row for table in tables(data) for row in table if row[0] == "Totaal"]
    tables_of_round = long_event.round_set.get(number=8).tables.order_by("number")
    assert len(totals) == tables_of_round.count() == 3
    for row, table in zip(totals, tables_of_round, strict=True):
        points = Seat.objects.filter(table=table).order_by("position")
        assert [int(v) for v in row[6:] if v] == [s.points for s in points]
    assert {len(t[0]) for t in tables(data) if t[0][0] == "#"} == {6 + 2 * 4, 6 + 2 * 5}


@pytest.mark.django_db
def test_standings_read_back_every_name_and_total(long_event):
    from scoring.rowsource import standings_rows

    long_event.language = "nl"
    data = make_export(long_event, "pdf", "standings")[2]
    shown = [row for table in tables(data) for row in table[1:]]
    rows = standings_rows(long_event).rows
    assert len(shown) == len(rows) == 15
    points = tables(data)[0][0].index("Ptn")
    for cells, row in zip(shown, rows, strict=True):
        assert same_name(cells[1], row["name"]), cells[1]
        assert int(cells[points]) == row["points"]


@pytest.mark.django_db
def test_each_players_card_reads_back_the_event_total(long_event):
    from tournaments.models import Seat

    long_event.language = "nl"
    # at a desk a fifth of the players (tests.examples.spread), all in CI
    for entry in spread(long_event.entries.select_related("player").order_by("pk")):
        data = make_export(long_event, "pdf", "cards", entry_id=entry.id)[2]
        rows = [row for table in tables(data) for row in table[1:]]
        total = sum(Seat.objects.filter(entry=entry).values_list("points", flat=True))
        # every deal at the player's tables, those sat out marked
        assert len(rows) == Seat.objects.filter(entry=entry).count() * 10
        with translation.override("nl"):
            marker = _("sat out (dealer)")
        marked = [r for r in rows if r[-1].startswith(marker)]
        assert len(marked) == sat_out(entry)
        assert int(rows[-1][-2] if rows else 0) == total


def sat_out(entry) -> int:
    """Deals ``entry`` sat out as the fifth player (marked on the card)."""
    from scoring.rowsource import deal_rows

    return sum(
        1
        for row in deal_rows(entry.tournament)
        for pos, e, _n in row["seats"]
        if e == entry.id and row["sits_out"] == pos
    )


@pytest.mark.django_db
def test_the_seating_reads_back_every_name_table_and_seat(long_event):
    from tournaments.models import Seat

    long_event.language = "nl"
    data = make_export(long_event, "pdf", "seating", 8)[2]
    by_name = [row for table in tables(data) if len(table[0]) == 3 for row in table[1:]]
    seats = Seat.objects.filter(
        table__round__tournament=long_event, table__round__number=8
    ).select_related("table", "entry__player")
    expected = {
        s.entry.player.name: [str(s.table.number), str(s.position)] for s in seats
    }
    expected[BYE_NAME] = ["vrij", ""]
    assert len(by_name) == len(expected) == 15
    for name_cell, *where in by_name:
        name = next(n for n in expected if same_name(name_cell, n))
        assert where == expected.pop(name)
