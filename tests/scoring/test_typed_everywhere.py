"""Issue 37: a table entered as typed totals is played, on every reader.

A table's result is one read model (``scoring.table_result``): played or
not, how it was entered (deal by deal, as totals typed from the paper
sheet, or both), the seat scores, the deals played and sat out, its deals.
Before, every reader decided for itself, and a table of typed totals looked
unplayed: "open 0/4 deals" on the TD's round page, an empty deal form and
"the paper sheet does not match … entered 0 0 0 0" on its table page, "No
deals entered yet" on the public table page, "table —" and no opponents on
the player page, no line on the player card, no round sheet in the
workbook for a round of totals and the typed tables left out of the others,
"0/4 deals" on the hall's screen, nothing said in the API.

One event, built once for the module: 13 players (tables of 4, 4 and 5) in
2 rounds of 4 deals, a totals evening; every table of round 1 typed as
totals and table 2 of round 2, the rest scored deal by deal (the typed
totals are what the deals had added up to, so the standings are as
scored). Each test rolls its own changes back."""

import io

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.pdf_text import pdf_text
from tests.scoring.totals_event import seated_evening, typed

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def event(django_db_setup, django_db_blocker):
    from django.db import transaction

    from demo.events import generate_event

    with django_db_blocker.unblock():
        outer = transaction.atomic()
        outer.__enter__()
        try:
            made = generate_event(
                "getypt", 13, 2, 4, seed=5, score_entry="totals", language="en"
            )
            typed(made, [(1, 1), (1, 2), (1, 3), (2, 2)])
            yield made
        finally:
            transaction.set_rollback(True)
            outer.__exit__(None, None, None)


@pytest.fixture
def client(client):
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    cache.clear()
    return client


@pytest.fixture
def td(client, make_user, event):
    """The client, logged in as the event's TD."""
    from tournaments.models import TournamentRole

    user = make_user("td")
    TournamentRole.objects.create(tournament=event, user=user, role="td")
    client.force_login(user)
    return client


def seats_at(event, number: int, table: int) -> list:
    from tournaments.models import Seat

    return list(
        Seat.objects.filter(
            table__round__tournament=event,
            table__round__number=number,
            table__number=table,
        ).order_by("position")
    )


def typed_then_dealt(event):
    """A seat of round 1 (typed as totals) whose player played round 2 deal
    by deal, and the table that player sat at in round 2."""
    from tournaments.models import Seat

    dealt = Seat.objects.filter(
        table__round__tournament=event, table__round__number=2
    ).exclude(table__number=2)
    later = {s.entry_id: s.table.number for s in dealt.select_related("table")}
    for table in (1, 2, 3):
        for seat in seats_at(event, 1, table):
            if seat.entry_id in later:
                return seat, later[seat.entry_id]
    raise AssertionError("nobody moved from a typed table to a dealt one")


def html(response) -> str:
    assert response.status_code == 200
    return response.content.decode()


# -- the model ---------------------------------------------------------------------


def test_a_table_of_typed_totals_is_played_with_its_seat_scores(event):
    from scoring.table_result import Entered, round_table_results

    results = round_table_results(event, 1) + round_table_results(event, 2)
    entered = {(r.round, r.table): r.entered for r in results}
    assert entered == {
        (1, 1): Entered.TOTALS,
        (1, 2): Entered.TOTALS,
        (1, 3): Entered.TOTALS,
        (2, 1): Entered.DEALS,
        (2, 2): Entered.TOTALS,
        (2, 3): Entered.DEALS,
    }
    for result in results:
        assert result.played and result.complete
        stored = seats_at(event, result.round, result.table)
        assert [s.points for s in result.seats] == [s.points for s in stored]
        assert sum(s.points for s in result.seats) == 0
        if result.typed:  # every deal of the round was played there
            assert result.deals == () and result.missing_deals == []
            assert result.deals_at_table == 4
        else:
            assert len(result.deals) == result.deals_entered == 4
        five = len(result.seats) == 5
        assert sum(s.deals_sat_out for s in result.seats) == (4 if five else 0)


def test_the_results_load_in_a_constant_number_of_queries(event):
    from scoring.table_result import event_table_results

    for with_deals, queries in ((False, 1), (True, 2)):
        with CaptureQueriesContext(connection) as ctx:
            found = event_table_results(event, with_deals=with_deals)
        assert len(found) == 6 and len(ctx.captured_queries) == queries


def test_a_table_moved_to_deals_is_both_and_waits_for_its_sheet(event):
    from scoring.table_result import Entered, table_result
    from tournaments.models import TableRound

    table = TableRound.objects.get(round__tournament=event, round__number=2, number=1)
    TableRound.objects.filter(pk=table.pk).update(
        from_totals=True, sheet_totals={"1": 0, "2": 0, "3": 0, "4": 0}
    )
    result = table_result(table)
    assert result.entered is Entered.BOTH and result.played
    off = [s.position for s in result.sheet_differences]
    assert off == [s.position for s in result.seats if s.points != 0]


# -- the TD's pages ----------------------------------------------------------------


def test_the_round_page_shows_a_totals_table_as_typed_and_links_to_the_totals(
    td, event
):
    page = html(td.get(reverse("td:round", args=[event.slug, 1])))
    totals = reverse("td:totals", args=[event.slug, 1])
    assert page.count("totals typed") == 3
    assert "0/4 deals" not in page and "enter deals" not in page
    for table in (1, 2, 3):
        assert f'href="{totals}#totals-table-{table}"' in page
    assert "Generate seating again" not in page  # the round has results
    mixed = html(td.get(reverse("td:round", args=[event.slug, 2])))
    assert mixed.count("4/4 deals") == 2 and "totals typed" in mixed


def test_on_a_totals_evening_an_unplayed_table_links_to_the_totals(client, make_user):
    td_user = make_user("td-avond")
    evening = seated_evening("leeg", sizes=(4, 4), rounds=1, deals=4, td=td_user)
    client.force_login(td_user)
    page = html(client.get(reverse("td:round", args=[evening.slug, 1])))
    totals = reverse("td:totals", args=[evening.slug, 1])
    assert f'href="{totals}#totals-table-1"' in page
    assert "enter totals" in page and "enter deals" not in page


def test_the_table_page_of_a_totals_table_shows_its_totals(td, event):
    page = html(td.get(reverse("td:entry-table", args=[event.slug, 1, 1])))
    assert "Totals typed from the paper sheet" in page
    assert "entry-form" not in page  # no empty deal form
    assert "The paper sheet does not match" not in page
    assert "Paper sheet check" not in page
    for seat in seats_at(event, 1, 1):
        css = "num neg" if seat.points < 0 else "num"
        assert f'<td class="{css}">{seat.points}</td>' in page


def test_on_a_totals_evening_the_table_page_offers_no_sheet_check_that_does_not_count(
    client, make_user
):
    from scoring.services.table_actions import SheetRefusedError, store_sheet
    from tournaments.models import TableRound

    td_user = make_user("td-avond")
    evening = seated_evening("blad", sizes=(4, 4), rounds=1, deals=4, td=td_user)
    client.force_login(td_user)
    page = html(client.get(reverse("td:entry-table", args=[evening.slug, 1, 1])))
    assert "Store paper totals" not in page
    assert reverse("td:totals", args=[evening.slug, 1]) in page
    table = TableRound.objects.get(round__tournament=evening, number=1)
    with pytest.raises(SheetRefusedError, match="totals page"):
        store_sheet(table, {"1": 5, "2": -5, "3": 0, "4": 0}, td_user)
    table.refresh_from_db()
    assert table.sheet_totals is None


def test_the_hall_view_shows_a_totals_table_as_done(td, event):
    from tournaments.models import TableRound

    tables = TableRound.objects.filter(round__tournament=event, round__number=2)
    tables.update(closed=False)  # the round still running
    page = html(td.get(reverse("td:hall-tables", args=[event.slug, 2])))
    assert page.count("totals typed") == 1 and '"num">0/4<' not in page
    assert page.count('class="done"') == 3  # every table has its result


def test_the_event_page_counts_the_tables_typed_as_totals(td, event):
    page = html(td.get(reverse("td:event", args=[event.slug])))
    assert "3 tables typed as totals" in page and "1 table typed as totals" in page


# -- the public pages --------------------------------------------------------------


def test_the_public_table_page_shows_a_totals_table_as_played(client, event):
    page = html(client.get(reverse("public:table", args=[event.slug, 1, 2])))
    assert "totals were typed from the paper sheet" in page
    assert "No deals entered yet" not in page
    for seat in seats_at(event, 1, 2):
        assert f"<strong>{seat.points}</strong>" in page


def test_the_public_round_page_names_a_totals_table(client, event):
    page = html(client.get(reverse("public:round", args=[event.slug, 2])))
    assert page.count("totals typed, no deals") == 1


def test_the_player_page_shows_table_and_opponents_of_a_totals_round(client, event):
    from tournaments.people import event_names

    mine, _later = typed_then_dealt(event)
    seats = seats_at(event, 1, mine.table.number)
    page = client.get(reverse("public:player", args=[event.slug, mine.entry_id]))
    rounds = {r.number: r for r in page.context["player_rounds"]}
    assert rounds[1].table == mine.table.number and rounds[1].typed
    names = event_names(event, public=True)
    assert rounds[1].opponents == [
        names[s.entry_id] for s in seats if s.entry_id != mine.entry_id
    ]
    assert rounds[1].points == mine.points and rounds[1].deals == []
    # the running total goes on through the round of typed totals
    first = rounds[2].deals[0]
    assert first["total"] == mine.points + first["points"]
    assert "totals typed, no deals" in html(page)


def test_the_hall_screen_shows_a_totals_table_as_typed(client, event):
    from tournaments.models import TableRound

    tables = TableRound.objects.filter(round__tournament=event, round__number=2)
    tables.update(closed=False)  # the round still running: no table "ready"
    page = html(client.get(reverse("public:screen-round", args=[event.slug])))
    assert "totals typed" in page and "0/4 deals" not in page


def test_the_api_says_how_a_table_was_entered(client, event):
    from tests.api.test_read_schema import check, openapi

    answer = client.get(f"/api/v1/events/{event.slug}/rounds/2/")
    assert answer.status_code == 200
    tables = {t["table"]: t for t in answer.json()["tables"]}
    assert tables[2]["entered"] == "totals" and tables[2]["deals"] == 0
    assert tables[1]["entered"] == "deals" and tables[1]["deals"] == 4
    assert [s["points"] for s in tables[2]["seats"]] == [
        s.points for s in seats_at(event, 2, 2)
    ]
    check(openapi(client), "RoundResults", answer.json())


# -- the documents -----------------------------------------------------------------


def test_the_workbook_has_a_sheet_for_every_round_adding_up_to_the_standings(event):
    from openpyxl import load_workbook

    from documents.xlsx_event import workbook
    from scoring.rowsource import standings_rows

    _name, _kind, data = workbook(event)
    book = load_workbook(io.BytesIO(data), read_only=True)
    assert book.sheetnames[:4] == ["Standings", "Deals", "Round 1", "Round 2"]
    standings = {row["name"]: row for row in standings_rows(event).rows}
    summed = dict.fromkeys(standings, 0)
    for number in (1, 2):
        rows = list(book[f"Round {number}"].iter_rows(min_row=2, values_only=True))
        players = [row for row in rows if isinstance(row[0], int)]
        assert len(players) == 13  # every player, typed tables too
        for row in players:
            assert row[-1] == standings[row[2]][f"r{number}"]
            summed[row[2]] += row[-1]
        assert any("totals typed" in str(row[2]) for row in rows)
    assert summed == {name: row["points"] for name, row in standings.items()}


def test_the_player_card_lists_a_round_of_typed_totals(event):
    from documents.pdf_cards import card_rows, player_cards

    mine, later = typed_then_dealt(event)
    card = card_rows(event, {mine.entry_id})[mine.entry_id]
    first = card.rows[0]
    assert first[:3] == (1, mine.table.number, mine.position)
    assert first[8] == first[9] == mine.points  # its points, the running total
    dealt = [row for row in card.rows if row[0] == 2]
    assert [row[1] for row in dealt] == [later] * len(dealt) and dealt
    assert dealt[0][9] == mine.points + dealt[0][8]
    _n, _k, data = player_cards(event, mine.entry_id)
    assert "totals typed" in pdf_text(data)


def test_a_filled_score_sheet_prints_the_typed_totals(event):
    from documents.pdf_sheets import score_sheets

    _n, _k, data = score_sheets(event, 2, filled=True, base="http://hall.example")
    text = pdf_text(data)
    assert "typed from the paper sheet" in text
    for seat in seats_at(event, 2, 2):
        assert str(seat.points) in text
