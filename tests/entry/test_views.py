"""The entry screen over HTTP: save, preview, correct, stale, closed, permissions."""

import pytest

from scoring.models import Deal
from scoring.services import save_deal, table_view
from tests.entry.conftest import url
from tournaments.models import AuditLog, TournamentRole

HX = {"HTTP_HX_REQUEST": "true"}


def players(table, number=4):
    return table_view(table).players_for(number)


def rik(table, number=4, **extra):
    p = players(table, number)
    data = {
        "p0_contract": "rik",
        "p0_declarer": p[0],
        "p0_partner": p[1],
        "p0_tricks": "9",
        "version": "",
    }
    data.update(extra)
    return data


def test_it_shows_the_table_with_dealer_sitting_out_and_next_deal(td_client, table):
    response = td_client.get(url("entry-table", table), HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200
    html = response.content.decode()
    assert response.context["number"] == 4
    assert 'name="p0_contract"' in html and "autofocus" in html
    assert html.count("(sits out)") == 4
    assert 'list="entry-contracts"' in html


def test_it_saves_a_deal_and_updates_seat_totals(td_client, table):
    response = td_client.post(url("entry-deal", table, 4), rik(table))
    assert response.status_code == 302
    deal = Deal.objects.get(table=table, number=4)
    assert deal.version == 1 and sum(deal.seat_scores) == 0
    for seat in table.seats.all():
        expected = sum(d.seat_scores[seat.position - 1] for d in table.deals.all())
        assert seat.points == expected


def test_it_answers_htmx_with_the_panel_and_the_next_deal(td_client, table):
    table.deals.filter(number=3).delete()
    response = td_client.post(url("entry-deal", table, 3), rik(table, 3), **HX)
    assert response.status_code == 200
    assert response.templates[0].name == "td/entry/_panel.html"
    assert response.context["number"] == 4
    assert response["HX-Push-Url"] == url("entry-table", table)


def test_it_accepts_seat_numbers_and_contract_names(td_client, table):
    p = players(table)
    seat = {label: pos for pos, label in enumerate(table_view(table).labels, 1)}
    data = rik(table, p0_contract="RIK", p0_declarer=str(seat[p[0]]))
    td_client.post(url("entry-deal", table, 4), data)
    record = table_view(table).named(Deal.objects.get(table=table, number=4).record)
    assert record["plays"][0]["declarer"] == p[0]


def test_it_puts_the_engine_message_on_the_partner_field(td_client, table):
    data = rik(table, p0_partner="")
    response = td_client.post(
        url("entry-deal", table, 4), data, HTTP_ACCEPT_LANGUAGE="en"
    )
    form = response.context["form"]
    assert response.status_code == 200
    assert form.errors["p0_partner"] == [
        "Rik needs the partner who holds the called ace."
    ]
    assert form.has_error("p0_partner", "partner_missing")
    assert not Deal.objects.filter(table=table, number=4).exists()


def test_it_puts_sanction_and_multi_play_errors_on_their_rows(td_client, table):
    p = players(table)
    data = {
        "p0_contract": "misere",
        "p0_declarer": p[0],
        "p0_tricks": "0",
        "p1_contract": "misere",
        "p1_declarer": p[1],
        "p1_tricks": "x",
        "s0_code": "penalty",
        "s0_player": p[2],
        "s0_points": "4",
    }
    response = td_client.post(url("entry-deal", table, 4), data)
    form = response.context["form"]
    assert form.has_error("p1_tricks", "tricks_out_of_range")
    assert form.has_error("s0_points", "sanction_points")
    assert not form.has_error("p0_tricks")


def test_it_asks_for_a_contract_when_the_form_is_empty(td_client, table):
    response = td_client.post(url("entry-deal", table, 4), {"version": ""})
    assert response.context["form"].errors["p0_contract"]
    response = td_client.post(url("entry-deal", table, 4), {"thrown_in": "on"})
    assert response.status_code == 302
    response = td_client.post(
        url("entry-deal", table, 3), {"thrown_in": "on", "p0_contract": "rik"}
    )
    assert response.context["form"].has_error("thrown_in")
    assert Deal.objects.get(table=table, number=4).record["plays"] == []


def test_it_previews_scores_without_storing(td_client, table):
    response = td_client.post(url("entry-preview", table, 4), rik(table))
    assert response.status_code == 200
    scores = dict(response.context["scores"])
    assert sum(scores.values()) == 0 and scores[players(table)[0]] == 15
    assert not Deal.objects.filter(table=table, number=4).exists()
    bad = td_client.post(url("entry-preview", table, 4), rik(table, p0_tricks="99"))
    assert [v.code for v in bad.context["violations"]] == ["tricks_out_of_range"]


def test_it_prefills_a_stored_deal_and_keeps_its_history(td_client, table):
    deal = Deal.objects.get(table=table, number=2)
    form = td_client.get(url("entry-deal", table, 2)).context["form"]
    assert form.initial["version"] == 1
    assert form.initial["p0_contract"] == deal.record["plays"][0]["contract"]
    data = rik(table, 2, version="1")
    response = td_client.post(url("entry-deal", table, 2), data)
    assert response.status_code == 302
    deal.refresh_from_db()
    assert deal.version == 2 and deal.record["plays"][0]["contract"] == "rik"
    page = td_client.get(url("entry-deal", table, 2))
    history = page.context["history"]
    assert history[0]["version"] == 2 and history[0]["old"] and history[0]["new"]
    assert history[0]["user"] == td_client.user


def test_it_refuses_a_stale_version_and_keeps_the_input(td_client, table):
    save_deal(table, 2, {"plays": []}, None, expected_version=1)  # someone else
    data = rik(table, 2, version="1", p0_tricks="11")
    response = td_client.post(
        url("entry-deal", table, 2), data, HTTP_ACCEPT_LANGUAGE="en"
    )
    assert response.status_code == 200
    form = response.context["form"]
    assert "someone else saved this deal meanwhile" in str(form.errors).lower()
    assert form["p0_tricks"].value() == "11"
    assert form["version"].value() == "2"
    assert response.context["stale"]["deal"].version == 2
    assert Deal.objects.get(table=table, number=2).record["plays"] == []


def test_it_refuses_saves_at_a_closed_table(td_client, table):
    table.closed = True
    table.save()
    response = td_client.post(url("entry-deal", table, 4), rik(table))
    assert response.status_code == 200
    assert response.context["form"].non_field_errors()
    assert not Deal.objects.filter(table=table, number=4).exists()


def test_it_closes_only_a_complete_table_and_reopens(td_client, table):
    td_client.post(url("entry-close", table))
    table.refresh_from_db()
    assert not table.closed
    td_client.post(url("entry-deal", table, 4), rik(table))
    td_client.post(url("entry-close", table))
    table.refresh_from_db()
    assert table.closed
    td_client.post(url("entry-reopen", table), {"confirmed": "1", "reason": "Fout"})
    table.refresh_from_db()
    assert not table.closed
    actions = set(AuditLog.objects.values_list("action", flat=True))
    assert {"table.close", "table.reopen"} <= actions


def test_it_deletes_a_deal_after_confirmation(td_client, table):
    confirm = td_client.get(url("entry-delete", table, 3))
    assert confirm.status_code == 200
    assert Deal.objects.filter(table=table, number=3).exists()
    td_client.post(url("entry-delete", table, 3))
    assert not Deal.objects.filter(table=table, number=3).exists()
    log = AuditLog.objects.filter(action="deal.delete").first()
    assert log.detail["record"]["plays"]


def test_it_stores_the_sheet_and_flags_a_wrong_sign(td_client, table):
    deals = {d.number: d.seat_scores for d in table.deals.all()}
    view = table_view(table)
    data = {}
    for seat in view.seats:
        total = sum(s[seat.position - 1] for s in deals.values())
        data[f"seat{seat.position}"] = total - 2 * deals[2][seat.position - 1]
    response = td_client.post(url("entry-sheet", table), data)
    assert response.status_code == 302
    table.refresh_from_db()
    assert table.sheet_totals == {str(k[4:]): v for k, v in data.items()}
    sheet = td_client.get(url("entry-table", table)).context["sheet"]
    assert not sheet["ok"]
    assert any("2" in s for s in sheet["suspects"])


@pytest.mark.parametrize("who", ["anonymous", "other_td", "jury"])
def test_it_forbids_everyone_but_this_tournaments_td(client, make_user, table, who):
    tournament = table.round.tournament
    if who != "anonymous":
        user = make_user(who)
        if who == "jury":
            TournamentRole.objects.create(tournament=tournament, user=user, role="jury")
        else:
            from demo.events import generate_event

            other = generate_event("other", 8, 1, 1)
            TournamentRole.objects.create(tournament=other, user=user, role="td")
        client.force_login(user)
    for name, extra, method in [
        ("entry-table", (), "get"),
        ("entry-deal", (4,), "get"),
        ("entry-deal", (4,), "post"),
        ("entry-preview", (4,), "post"),
        ("entry-delete", (3,), "post"),
        ("entry-sheet", (), "post"),
        ("entry-close", (), "post"),
        ("entry-reopen", (), "post"),
    ]:
        response = getattr(client, method)(url(name, table, *extra), rik(table))
        if who == "anonymous":  # sent to log in first
            assert response.status_code == 302, name
            assert response["Location"].startswith("/accounts/login/"), name
        else:
            assert response.status_code == 403, name
    assert not Deal.objects.filter(table=table, number=4).exists()
    assert Deal.objects.filter(table=table, number=3).exists()


def test_it_404s_on_a_deal_number_outside_the_round(td_client, table):
    assert td_client.get(url("entry-deal", table, 5)).status_code == 404
    assert td_client.get(url("entry-deal", table, 0)).status_code == 404


@pytest.mark.parametrize("said", ["rikken", "Rik", "RIK"])
def test_the_form_understands_a_contract_as_the_table_says_it(td_client, table, said):
    td_client.post(url("entry-deal", table, 4), rik(table, p0_contract=said))
    stored = Deal.objects.get(table=table, number=4).record
    assert stored["plays"][0]["contract"] == "rik"
