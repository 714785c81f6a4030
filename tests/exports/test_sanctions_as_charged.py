"""Sanction points shown as charged, everywhere; sit-outs and a withdrawal
marked (issue 26, item 6).

At a table of five the dealer sits out, and a forgotten turn-up card costs
them 4: 1 to each of the four players (deal-record.md, "Who pays whom").
Anna-at-seat-1 of round 1, table 1 pays that 4 at deal 1 and a penalty of 6
while playing at deal 2: 10 sanction points, which the old readers showed
as 3 + 6 = 9. The score sheet, the public table and round pages, the
workbook, the standings PDF, the player card and the "fewest sanction
points" tie-break all show 4 and 10.
"""

import io
from importlib import import_module

import pytest
from django.apps import apps
from django.urls import reverse
from openpyxl import load_workbook

from demo.events import generate_event
from documents.pdf_cards import card_rows, player_cards
from documents.pdf_sheets import score_sheets
from documents.pdf_standings import standings_pdf
from documents.xlsx_event import workbook
from scoring.models import Deal
from scoring.rowsource import deal_rows, sanction_points, standings_rows
from tests.exports.pdf_boxes import tables, text_faults, unwrap
from tests.pdf_text import pdf_pages
from tournaments.dealing import sitting_out
from tournaments.models import Seat, TournamentRole
from tournaments.withdrawal import withdraw

#: Round 1, table 1 (five players): deal 1 thrown in with the turn-up card
#: forgotten by the dealer sitting out (seat 1); deal 2 a rik with a penalty
#: of 6 on seat 1, who plays that deal (the last of the four).
SPECIAL = {
    (1, 1): {
        1: {"plays": [],
            "sanctions": [{"code": "turn-up-forgotten", "player": "@out"}]},
        2: {"plays": [{"contract": "rik", "declarer": "@0", "partner": "@1",
                       "tricks": 9}],
            "sanctions": [{"code": "penalty", "player": "@3", "points": 6}]},
    },
}  # fmt: skip
TURN_UP = "Turn-up card forgotten"


@pytest.fixture
def charged(db):
    """iwwa, 10 players at two tables of five, 2 rounds × 5 deals, English;
    the only sanctions are ``SPECIAL``'s."""
    event = generate_event(
        "charged", 10, 2, 5, rules="iwwa", seed=7, special=SPECIAL,
        sanction_rate=0, language="en",
    )  # fmt: skip
    for deal in Deal.objects.filter(table__round__tournament=event):
        if deal.record.get("sanctions"):
            assert (deal.table.round.number, deal.table.number) == (1, 1)
    return event


def offender(event) -> Seat:
    return Seat.objects.select_related("entry__player").get(
        table__round__tournament=event,
        table__round__number=1,
        table__number=1,
        position=1,
    )


def test_the_settlement_charges_the_dealer_sitting_out_four(charged):
    deal = Deal.objects.get(
        table__round__tournament=charged,
        table__round__number=1,
        table__number=1,
        number=1,
    )
    assert deal.record["sitting_out"] == 1
    assert deal.seat_scores == [-4, 1, 1, 1, 1]
    second = Deal.objects.get(table=deal.table, number=2)
    assert 1 in second.record["players"]  # seat 1 plays deal 2
    assert offender(charged).sanction_points == 10  # 4 + 6, not 3 + 6


def test_each_deal_row_says_what_the_seat_was_charged(charged):
    rows = {
        r["deal"]: r
        for r in deal_rows(charged, 1)
        if r["table"] == 1 and r["deal"] in (1, 2)
    }
    assert sanction_points(rows[1], 1) == 4
    assert sanction_points(rows[1], 2) == 0
    assert sanction_points(rows[2], 1) == 6
    name = offender(charged).entry.player.name
    assert rows[1]["sanction_text"] == f"{TURN_UP}: {name} (4)"
    assert rows[2]["sanction_text"] == f"Penalty: {name} (6)"


def test_the_tie_break_counts_the_points_charged(charged):
    seat = offender(charged)
    row = next(r for r in standings_rows(charged).rows if r["entry"] == seat.entry_id)
    assert row["sanction_points"] == 10
    others = [r["sanction_points"] for r in standings_rows(charged).rows]
    assert sorted(others) == [0] * 9 + [10]


def test_the_score_sheet_prints_four_in_the_jury_box(charged):
    data = score_sheets(charged, 1)[2]
    name = offender(charged).entry.player.name
    box = next(t for t in tables(data) if "Sanction or jury decision" in t[0][2])
    lines = [[unwrap(c) for c in row] for row in box[1:] if row[0]]
    assert ["1", name, TURN_UP, "4", ""] in lines
    assert ["2", name, "Penalty", "6", ""] in lines
    assert not text_faults(data)


def test_the_workbook_holds_four_and_ten_as_values(charged):
    book = load_workbook(io.BytesIO(workbook(charged)[2]))
    name = offender(charged).entry.player.name
    deals = book.worksheets[1]
    header = [c.value for c in deals[1]]
    found = {}
    for values in deals.iter_rows(min_row=2, values_only=True):
        row = dict(zip(header, values, strict=True))
        if (row["Round"], row["Table"]) == (1, 1):
            found[row["Deal"]] = row
    assert found[1]["Sanctions"] == f"{TURN_UP}: {name} (4)"
    assert found[1]["Points 1"] == -4
    assert found[2]["Sanctions"] == f"Penalty: {name} (6)"
    standings = book.worksheets[0]
    header = [c.value for c in standings[1]]
    rows = [dict(zip(header, r, strict=True)) for r in standings.iter_rows(
        min_row=2, values_only=True)]  # fmt: skip
    mine = next(r for r in rows if r["Player"] == name)
    assert mine["Fewest sanction points"] == 10
    assert all(isinstance(r["Deals sat out"], int) for r in rows)


def test_the_public_table_and_round_pages_show_four(client, charged):
    name = offender(charged).entry.player.name
    table = client.get(reverse("public:table", args=["charged", 1, 1]))
    html = table.content.decode()
    assert f"{TURN_UP}: {name} (4)" in html
    assert "(3)" not in html
    page = client.get(reverse("public:round", args=["charged", 1]))
    html = page.content.decode()
    assert f"Deal 1: {TURN_UP}: {name} (4)" in html
    assert f"Deal 2: Penalty: {name} (6)" in html


def test_the_td_standings_show_ten(client, make_user, charged):
    user = make_user("td")
    TournamentRole.objects.create(tournament=charged, user=user, role="td")
    client.force_login(user)
    response = client.get(reverse("td:standings", args=["charged"]))
    table = response.context["table"]
    row = next(r for r in table.data if r["entry"] == offender(charged).entry_id)
    assert row["sanction_points"] == 10
    assert "Deals sat out" in response.content.decode()


def test_the_card_marks_sit_outs_and_explains_sanctions(charged):
    seat = offender(charged)
    name = seat.entry.player.name
    card = card_rows(charged, {seat.entry_id})[seat.entry_id]
    assert (card.sat_out, card.sanction_points) == (2, 10)
    assert len(card.rows) == 10  # 2 rounds × 5 deals: played or sat out
    first = next(r for r in card.rows if r[:4] == (1, 1, 1, 1))
    assert first[8] == -4
    assert first[10] == f"sat out (dealer) · {TURN_UP}: {name} (4)"
    sat = [r for r in card.rows if r[10].startswith("sat out")]
    assert [r[8] for r in sat].count(0) == 1  # the other sit-out cost nothing
    data = player_cards(charged, seat.entry_id)[2]
    text = unwrap(" ".join(pdf_pages(data)))
    assert "deals sat out: 2" in text
    assert "sanction points: 10" in text
    (grid,) = tables(data)
    assert grid[0][-1] == "Note"
    cells = {tuple(row[:4]): [unwrap(c) for c in row] for row in grid[1:]}
    assert cells["1", "1", "1", "1"][-3:] == [
        "-4",
        "-4",
        f"sat out (dealer) · {TURN_UP}: {name} (4)",
    ]
    assert cells["1", "1", "1", "2"][-1] == f"Penalty: {name} (6)"
    assert not text_faults(data)


def test_a_card_of_a_player_who_never_sat_out_lists_no_sit_out(db):
    event = generate_event("fours", 8, 1, 4, rules="iwwa", seed=2, language="en")
    card = next(iter(card_rows(event).values()))
    assert card.sat_out == 0 and len(card.rows) == 4
    assert not any(r[10].startswith("sat out") for r in card.rows)


def test_a_withdrawn_player_is_marked_in_standings_and_cards(
    client, make_user, charged
):
    seat = Seat.objects.select_related("entry__player").get(
        table__round__tournament=charged,
        table__round__number=2,
        table__number=2,
        position=3,
    )
    entry = seat.entry
    withdraw(entry)
    note = "withdrawn after round 2"
    row = next(r for r in standings_rows(charged).rows if r["entry"] == entry.id)
    assert note in row["notes"] and row["withdrawn"]
    assert note not in next(
        r["notes"] for r in standings_rows(charged, 1).rows if r["entry"] == entry.id
    )
    public = client.get(reverse("public:standings", args=["charged"]))
    assert note in public.content.decode()
    own = client.get(reverse("public:player", args=["charged", entry.id]))
    assert "Withdrawn after round 2" in own.content.decode()
    user = make_user("td")
    TournamentRole.objects.create(tournament=charged, user=user, role="td")
    client.force_login(user)
    td = client.get(reverse("td:standings", args=["charged"]))
    assert note in td.content.decode()
    book = load_workbook(io.BytesIO(workbook(charged)[2]))
    ws = book.worksheets[0]
    header = [c.value for c in ws[1]]
    rows = [dict(zip(header, r, strict=True)) for r in ws.iter_rows(
        min_row=2, values_only=True)]  # fmt: skip
    assert note in next(r for r in rows if r["Player"] == entry.player.name)["Note"]
    pdf = standings_pdf(charged)[2]
    assert note in unwrap(" ".join(pdf_pages(pdf)))
    assert not text_faults(pdf)
    card = player_cards(charged, entry.id)[2]
    assert note in unwrap(" ".join(pdf_pages(card)))


def test_sat_out_counts_at_a_table_of_five(charged):
    """Five deals a round: each of the five sits out once a round."""
    rows = standings_rows(charged).rows
    assert [r["sat_out"] for r in rows] == [2] * 10
    for row in rows:
        assert row["deals_played"] == 8


def test_sat_out_counts_when_the_deals_do_not_divide_by_five(db):
    """Eight deals at a table of five: seats 1–3 deal (and sit out) twice,
    seats 4 and 5 once; the counts are the deals, not a formula."""
    event = generate_event("eight", 5, 1, 8, rules="nl", seed=4, language="en")
    by_entry = {r["entry"]: r for r in standings_rows(event).rows}
    for seat in Seat.objects.filter(table__round__tournament=event):
        deals = Deal.objects.filter(table=seat.table).values_list("number", flat=True)
        expected = sum(1 for n in deals if sitting_out(5, n) == seat.position)
        assert by_entry[seat.entry_id]["sat_out"] == expected
        assert expected == (2 if seat.position <= 3 else 1)
    book = load_workbook(io.BytesIO(workbook(event)[2]))
    header = [c.value for c in book.worksheets[0][1]]
    assert "Deals sat out" in header


def test_an_event_of_tables_of_four_has_no_sat_out_column(db):
    event = generate_event("fours2", 8, 1, 4, rules="nl", seed=2, language="en")
    assert "sat_out" not in [c.key for c in standings_rows(event).columns]


def test_the_migration_recounts_stored_sanction_points_as_charged(charged):
    seat = offender(charged)
    Seat.objects.filter(pk=seat.pk).update(sanction_points=9)  # as summed before
    migration = import_module("scoring.migrations.0007_sanction_points_as_charged")
    migration.forwards(apps, None)
    seat.refresh_from_db()
    assert seat.sanction_points == 10
    migration.backwards(apps, None)
    seat.refresh_from_db()
    assert seat.sanction_points == 9
    migration.forwards(apps, None)
    seat.refresh_from_db()
    assert seat.sanction_points == 10
