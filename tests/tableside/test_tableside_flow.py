"""Table-side entry through the table's own link: confirm and blind modes,
the TD's decision, idempotent submits, refused and guessed links."""

import pytest
from django.urls import reverse

from scoring.models import Deal, Submission
from scoring.services import table_view
from scoring.tableside import services, throttle
from tournaments.models import AuditLog, Round, TableRound


@pytest.fixture(autouse=True)
def english(client):
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"


@pytest.fixture
def table(db):
    """Round 2 of a scored event, reopened: its table 1 has no deals yet."""
    from scoring.demo import generate_event

    event = generate_event("side", 8, 2, 4, rules="nl", seed=5)
    Round.objects.filter(tournament=event, number=2).update(
        status=Round.Status.SEATED, published=False
    )
    table = TableRound.objects.get(round__tournament=event, round__number=2, number=1)
    table.deals.all().delete()
    TableRound.objects.filter(pk=table.pk).update(closed=False)
    table.refresh_from_db()
    return table


def mode(table, value):
    type(table.round.tournament).objects.filter(pk=table.round.tournament_id).update(
        entry_mode=value
    )
    table.refresh_from_db()


def link(key, name="scoring:tableside", *extra):
    return reverse(name, args=[key.slot, key.secret, *extra])


def rik_form(table, number=1, declarer=1, partner=2, tricks=9):
    """The deal form's fields for a rik by seat numbers."""
    return {"p0_contract": "rik", "p0_declarer": str(declarer),
            "p0_partner": str(partner), "p0_tricks": str(tricks)}  # fmt: skip


def post(client, key, number, seat, data, idem):
    return client.post(link(key, "scoring:tableside-deal", number),
                       {**data, "seat": seat, "key": idem},
                       HTTP_ACCEPT="application/json")  # fmt: skip


def test_a_key_carries_192_bits_and_a_wrong_secret_finds_nothing(table):
    key = services.key_for(table)
    assert len(key.secret) >= 32  # token_urlsafe(24): 192 bits
    assert services.find_key(key.slot, key.secret) == key
    assert services.find_key(key.slot, key.secret[:-1] + "x") is None
    assert services.find_key("nothing", key.secret) is None
    assert services.key_for(table.pk) == key  # one key per table


def test_confirm_mode_counts_only_after_the_other_side(client, table):
    mode(table, "confirm")
    key = services.key_for(table)
    players = table_view(table).players_for(1)
    view = table_view(table)
    first, second = view.position_of(players[0]), view.position_of(players[1])
    data = rik_form(table, declarer=first, partner=second)
    answer = post(client, key, 1, first, data, "k1")
    assert answer.status_code == 200, answer.content
    assert answer.json()["status_code"] == "waiting"
    assert not Deal.objects.filter(table=table).exists()  # not counted yet
    entry = Submission.objects.get(table=table)
    assert answer.json()["entry"] == entry.pk
    # the declarer's partner is on the same side: may not confirm
    refused = client.post(link(key, "scoring:tableside-confirm", entry.pk),
                          {"seat": second}, HTTP_ACCEPT="application/json")  # fmt: skip
    assert refused.status_code == 403
    opponent = view.position_of(players[2])
    ok = client.post(link(key, "scoring:tableside-confirm", entry.pk),
                     {"seat": opponent}, HTTP_ACCEPT="application/json")  # fmt: skip
    assert ok.json()["ok"] is True
    assert Deal.objects.filter(table=table, number=1).count() == 1
    again = client.post(link(key, "scoring:tableside-confirm", entry.pk),
                        {"seat": opponent}, HTTP_ACCEPT="application/json")  # fmt: skip
    assert again.json()["ok"] is True  # a double tap changes nothing
    assert Deal.objects.filter(table=table).count() == 1


def test_the_same_key_twice_stores_one_entry(client, table):
    mode(table, "confirm")
    key = services.key_for(table)
    view = table_view(table)
    p = [view.position_of(x) for x in view.players_for(1)]
    data = rik_form(table, declarer=p[0], partner=p[1])
    for _ in range(3):
        assert post(client, key, 1, p[0], data, "same").status_code == 200
    assert Submission.objects.filter(table=table).count() == 1


def test_blind_mode_equal_entries_count_and_different_ones_go_to_the_td(
    client, table, make_user
):
    mode(table, "blind")
    key = services.key_for(table)
    view = table_view(table)
    p = [view.position_of(x) for x in view.players_for(1)]
    data = rik_form(table, declarer=p[0], partner=p[1], tricks=9)
    post(client, key, 1, p[0], data, "a1")
    assert not Deal.objects.exists() or not Deal.objects.filter(table=table).exists()
    post(client, key, 1, p[2], data, "b1")  # the other side, the same deal
    assert Deal.objects.filter(table=table, number=1).count() == 1
    # deal 2: the two sides disagree on the tricks
    p2 = [view.position_of(x) for x in view.players_for(2)]
    post(client, key, 2, p2[0], rik_form(table, 2, p2[0], p2[1], 9), "a2")
    post(client, key, 2, p2[2], rik_form(table, 2, p2[0], p2[1], 7), "b2")
    assert not Deal.objects.filter(table=table, number=2).exists()
    disputed = Submission.objects.filter(table=table, number=2, status="disputed")
    assert disputed.count() == 2
    # the TD picks the second version, with a reason
    td = make_user("td-side")
    from tournaments.models import TournamentRole

    TournamentRole.objects.create(tournament=table.round.tournament, user=td,
                                  role="td")  # fmt: skip
    client.force_login(td)
    url = reverse("scoring:disputes", args=["side", 2, 1])
    page = client.get(url).content.decode()
    assert page.count("This version counts") == 2
    chosen = disputed.order_by("created").last()
    client.post(url, {"entry": chosen.pk, "reason": "the sheet says 7"})
    deal = Deal.objects.get(table=table, number=2)
    assert deal.record["plays"][0]["tricks"] == 7
    line = AuditLog.objects.filter(action="table.decide").get()
    assert line.detail["reason"] == "the sheet says 7"


def test_td_mode_refuses_table_entries(client, table):
    key = services.key_for(table)
    view = table_view(table)
    p = [view.position_of(x) for x in view.players_for(1)]
    answer = post(client, key, 1, p[0], rik_form(table, declarer=p[0], partner=p[1]),
                  "x")  # fmt: skip
    assert answer.status_code == 403
    assert not Submission.objects.exists()


def test_a_wrong_entry_is_refused_at_the_table_with_the_engines_words(client, table):
    mode(table, "confirm")
    key = services.key_for(table)
    view = table_view(table)
    p = [view.position_of(x) for x in view.players_for(1)]
    answer = post(client, key, 1, p[0], rik_form(table, declarer=p[0], partner=p[0]),
                  "bad")  # fmt: skip
    assert answer.status_code == 400
    assert answer.json()["errors"]
    assert not Submission.objects.exists()


def test_a_closed_round_stops_the_link_and_unknown_links_are_slowed(client, table):
    mode(table, "confirm")
    key = services.key_for(table)
    assert client.get(link(key)).status_code == 200
    Round.objects.filter(pk=table.round_id).update(status=Round.Status.CLOSED)
    page = client.get(link(key))
    assert "This table is closed" in page.content.decode()
    view = table_view(table)
    p = [view.position_of(x) for x in view.players_for(1)]
    answer = post(client, key, 1, p[0], rik_form(table, declarer=p[0], partner=p[1]),
                  "late")  # fmt: skip
    assert answer.status_code == 409
    for i in range(throttle.LIMIT):
        guessed = reverse("scoring:tableside", args=[key.slot, f"guess{i}"])
        assert client.get(guessed).status_code == 404
    assert client.get(link(key)).status_code == 429  # even the right one waits


def test_a_guessed_link_never_shows_another_tables_data(client, table):
    key = services.key_for(table)
    other = TableRound.objects.exclude(pk=table.pk).filter(round=table.round).first()
    other_key = services.key_for(other)
    page = client.get(reverse("scoring:tableside", args=[key.slot, other_key.secret]))
    assert page.status_code == 404
    html = page.content.decode()
    for seat in other.seats.select_related("entry__player"):
        assert seat.entry.player.name not in html


def test_the_sheets_qr_leads_to_the_table_link_when_the_table_enters(table):
    from scoring.exports.pdf_sheets import qr_target

    mode(table, "confirm")
    table.round.tournament.refresh_from_db()
    key = services.key_for(table)
    assert qr_target(table, "") == link(key)


def test_the_hall_view_shows_waiting_disputed_and_calls(client, table, make_user):
    from tournaments.models import TournamentRole

    mode(table, "confirm")
    key = services.key_for(table)
    view = table_view(table)
    p = [view.position_of(x) for x in view.players_for(1)]
    post(client, key, 1, p[0], rik_form(table, declarer=p[0], partner=p[1]), "h1")
    client.post(link(key, "scoring:tableside-call"))
    td = make_user("td-hall")
    TournamentRole.objects.create(tournament=table.round.tournament, user=td,
                                  role="td")  # fmt: skip
    client.force_login(td)
    part = client.get(reverse("scoring:hall-tables", args=["side", 2]))
    html = part.content.decode()
    assert 'class="called"' in html and "hx-trigger" in html
    client.post(reverse("scoring:hall-answered", args=["side", 2, 1]))
    html = client.get(reverse("scoring:hall-tables", args=["side", 2])).content.decode()
    assert 'class="called"' not in html
