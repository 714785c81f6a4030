"""Table-side entry through the table's own link: confirm and blind modes,
the TD's decision, idempotent submits, refused and guessed links. Every
phone picks its seat first; the server binds it (test_tableside_phones)."""

import pytest
from django.urls import reverse

from scoring.models import Deal, Submission
from scoring.tableside import services
from tableside import throttle
from td.views_hall import hall_rows
from tests.tableside.helpers import (
    confirm,
    deal_seats,
    enter,
    link,
    phone,
    rik,
    running,
    seated,
    set_mode,
)
from tournaments.models import AuditLog, Round, TableRound, TournamentRole


@pytest.fixture(autouse=True)
def english(client):
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"


@pytest.fixture
def table(db):
    return running("side", "td")


def test_a_key_carries_192_bits_and_a_wrong_secret_finds_nothing(table):
    key = services.key_for(table)
    assert len(key.secret) >= 32  # token_urlsafe(24): 192 bits
    assert services.find_key(key.slot, key.secret) == key
    last = "y" if key.secret.endswith("x") else "x"  # never the secret itself
    assert services.find_key(key.slot, key.secret[:-1] + last) is None
    assert services.find_key("nothing", key.secret) is None
    assert services.key_for(table.pk) == key  # one key per table


def test_confirm_mode_counts_only_after_the_other_side(table):
    set_mode(table, "confirm")
    d, p, o, _o2 = deal_seats(table)
    declarer, partner, opponent = seated(table, d), seated(table, p), seated(table, o)
    answer = enter(declarer, table, 1, rik(d, p), "k1")
    assert answer.status_code == 200, answer.content
    assert answer.json()["status_code"] == "waiting"
    assert not Deal.objects.filter(table=table).exists()  # not counted yet
    entry = Submission.objects.get(table=table)
    assert answer.json()["entry"] == entry.pk and entry.seat == d
    assert confirm(partner, table, entry.pk).status_code == 403  # the same side
    assert confirm(declarer, table, entry.pk).status_code == 403  # its own entry
    assert confirm(opponent, table, entry.pk).json()["ok"] is True
    assert Deal.objects.filter(table=table, number=1).count() == 1
    again = confirm(opponent, table, entry.pk)
    assert again.json()["ok"] is True  # a double tap changes nothing
    assert Deal.objects.filter(table=table).count() == 1


def test_the_same_key_twice_stores_one_entry(table):
    set_mode(table, "confirm")
    d, p, _o, _o2 = deal_seats(table)
    mine = seated(table, d)
    for _ in range(3):
        assert enter(mine, table, 1, rik(d, p), "same").status_code == 200
    assert Submission.objects.filter(table=table).count() == 1


def test_an_entry_is_stored_by_seat_so_a_rename_changes_nothing(table):
    set_mode(table, "confirm")
    d, p, o, _o2 = deal_seats(table)
    enter(seated(table, d), table, 1, rik(d, p), "r1")
    entry = Submission.objects.get(table=table)
    assert entry.record["plays"][0]["declarer"] == d
    assert entry.record["plays"][0]["partner"] == p
    seat = table.seats.get(position=d)
    seat.entry.player.name = "Someone Else Entirely"
    seat.entry.player.save()
    assert confirm(seated(table, o), table, entry.pk).json()["ok"] is True
    deal = Deal.objects.get(table=table, number=1)
    assert deal.record["plays"][0]["declarer"] == d


def test_blind_mode_equal_entries_count_and_different_ones_go_to_the_td(
    client, table, make_user
):
    set_mode(table, "blind")
    phones = {seat: seated(table, seat) for seat in range(1, 5)}
    d, p, o, _o2 = deal_seats(table)
    enter(phones[d], table, 1, rik(d, p, 9), "a1")
    assert not Deal.objects.filter(table=table).exists()
    enter(phones[o], table, 1, rik(d, p, 9), "b1")  # the other side, the same deal
    assert Deal.objects.filter(table=table, number=1).count() == 1
    # deal 2: the two sides disagree on the tricks
    d2, p2, o2, _x = deal_seats(table, 2)
    enter(phones[d2], table, 2, rik(d2, p2, 9), "a2")
    enter(phones[o2], table, 2, rik(d2, p2, 7), "b2")
    assert not Deal.objects.filter(table=table, number=2).exists()
    disputed = Submission.objects.filter(table=table, number=2, status="disputed")
    assert disputed.count() == 2
    td = make_user("td-side")
    TournamentRole.objects.create(tournament=table.round.tournament, user=td, role="td")
    client.force_login(td)
    url = reverse("td:disputes", args=["side", 2, 1])
    page = client.get(url).content.decode()
    assert page.count("This version counts") == 2
    chosen = disputed.order_by("created").last()
    client.post(url, {"entry": chosen.pk, "reason": "the sheet says 7"})
    deal = Deal.objects.get(table=table, number=2)
    assert deal.record["plays"][0]["tricks"] == 7
    line = AuditLog.objects.filter(action="table.decide").get()
    assert line.detail["reason"] == "the sheet says 7"


def test_td_mode_refuses_table_entries(table):
    d, p, _o, _o2 = deal_seats(table)
    answer = enter(seated(table, d), table, 1, rik(d, p), "x")
    assert answer.status_code == 403
    assert not Submission.objects.exists()


def test_a_wrong_entry_is_refused_at_the_table_with_the_engines_words(table):
    set_mode(table, "confirm")
    d, _p, _o, _o2 = deal_seats(table)
    answer = enter(seated(table, d), table, 1, rik(d, d), "bad")
    assert answer.status_code == 400
    assert answer.json()["errors"]
    assert not Submission.objects.exists()


def test_a_closed_round_stops_the_link(table):
    set_mode(table, "confirm")
    key = services.key_for(table)
    d, p, _o, _o2 = deal_seats(table)
    mine = seated(table, d)
    assert mine.get(link(key)).status_code == 200
    Round.objects.filter(pk=table.round_id).update(status=Round.Status.CLOSED)
    assert "This table is closed" in mine.get(link(key)).content.decode()
    assert enter(mine, table, 1, rik(d, p), "late").status_code == 409


def test_guesses_past_the_limit_wait_but_the_right_link_never_does(table):
    key = services.key_for(table)
    guesser = phone()
    for i in range(throttle.LIMIT):
        guessed = reverse("tableside:table", args=[key.slot, f"guess{i}"])
        assert guesser.get(guessed).status_code == 404
    more = guesser.get(reverse("tableside:table", args=[key.slot, "guess-more"]))
    assert more.status_code == 429 and more["Retry-After"]
    assert guesser.get(link(key)).status_code == 200  # its own link still works


def test_a_guessed_link_never_shows_another_tables_data(client, table):
    key = services.key_for(table)
    other = TableRound.objects.exclude(pk=table.pk).filter(round=table.round).first()
    other_key = services.key_for(other)
    page = client.get(reverse("tableside:table", args=[key.slot, other_key.secret]))
    assert page.status_code == 404
    html = page.content.decode()
    for seat in other.seats.select_related("entry__player"):
        assert seat.entry.player.name not in html


def test_the_sheets_qr_leads_to_the_table_link_when_the_table_enters(table):
    from documents.pdf_sheets import qr_target

    set_mode(table, "confirm")
    key = services.key_for(table)
    assert qr_target(table, "") == link(key)


def test_the_hall_view_shows_waiting_disputed_phones_and_calls(
    client, table, make_user
):
    set_mode(table, "blind")
    d, p, o, _o2 = deal_seats(table)
    ours, theirs = seated(table, d), seated(table, o)
    enter(ours, table, 1, rik(d, p, 9), "h1")
    enter(theirs, table, 1, rik(d, p, 7), "h2")  # one disputed deal, two entries
    enter(ours, table, 2, rik(*deal_seats(table, 2)[:2]), "h3")  # one waiting
    ours.post(link(services.key_for(table), "tableside:call"))
    td = make_user("td-hall")
    TournamentRole.objects.create(tournament=table.round.tournament, user=td, role="td")
    client.force_login(td)
    row = next(r for r in hall_rows(table.round) if r["table"].pk == table.pk)
    assert (row["disputed"], row["waiting"], row["phones"]) == (1, 1, 2)
    part = client.get(reverse("td:hall-tables", args=["side", 2]))
    html = part.content.decode()
    assert 'class="called"' in html and "hx-trigger" in html
    assert "2/4" in html  # phones holding seats
    client.post(reverse("td:hall-answered", args=["side", 2, 1]))
    html = client.get(reverse("td:hall-tables", args=["side", 2])).content.decode()
    assert 'class="called"' not in html


def test_a_phone_without_script_enters_through_the_plain_form(table):
    """The page's own form carries a key made by the server: posted without
    script it stores the entry once and comes back with the message."""
    import re

    set_mode(table, "confirm")
    d, p, _o, _o2 = deal_seats(table)
    mine = seated(table, d)
    key = services.key_for(table)
    html = mine.get(link(key)).content.decode()
    idem = re.search(r'name="key" value="([0-9a-f]{32})"', html).group(1)
    for _ in range(2):  # the browser's resend
        answer = mine.post(
            link(key, "tableside:deal", 1),
            {**rik(d, p), "key": idem},
            follow=True,
        )
        assert "saved on the server" in answer.content.decode()
    assert Submission.objects.filter(table=table).count() == 1


def test_a_phone_may_type_the_contract_as_the_table_says_it(table):
    """The table-side page reads the same form as the TD's: "rikken"."""
    set_mode(table, "confirm")
    d, p, o, _o2 = deal_seats(table)
    declarer, opponent = seated(table, d), seated(table, o)
    said = {**rik(d, p), "p0_contract": "rikken"}
    answer = enter(declarer, table, 1, said, "k-spoken")
    assert answer.status_code == 200, answer.content
    assert confirm(opponent, table, answer.json()["entry"]).json()["ok"] is True
    stored = Deal.objects.get(table=table, number=1).record
    assert stored["plays"][0]["contract"] == "rik"
