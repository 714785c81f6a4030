"""The jury's decision recorded on the TD's deal form itself (issue 26, item
2), stored with the deal in one transaction; the jury page shows it with the
contract's name; the players' own page cannot record one. And the entry
form's errors follow the current input (item 8): the preview carries them."""

import datetime

import pytest

from scoring.models import Deal, JuryCall
from scoring.services import table_view
from td.forms_deal import DealForm
from tests.entry.conftest import url
from tests.tableside.helpers import deal_seats, enter, seated, set_mode, table_link
from tournaments.models import AuditLog, Entry, Player, TournamentRole
from tournaments.services import create_tournament, seat_round

HX = {"HTTP_HX_REQUEST": "true"}
EN = {"HTTP_ACCEPT_LANGUAGE": "en"}


@pytest.fixture
def iwwa_table(db):
    """Round 1, table 1 of an iwwa event (jury contracts, no all-pass game)."""
    event = create_tournament(
        slug="iwwa-day",
        name="IWWA day",
        date=datetime.date(2026, 11, 28),
        rules="iwwa",
        rounds=2,
        deals_per_round=8,
    )
    entries = [
        Entry.objects.create(
            tournament=event, status="present", player=Player.objects.create(name=n)
        )
        for n in ["Anna", "Bert", "Cor", "Dirk", "Eva", "Fien", "Gijs", "Hans"]
    ]
    seat_round(event.round_set.get(number=1), [entries[:4], entries[4:]])
    return event.round_set.get(number=1).tables.get(number=1)


@pytest.fixture
def td(client, make_user, iwwa_table):
    user = make_user("td", first_name="Tineke", last_name="de Leider")
    TournamentRole.objects.create(
        tournament=iwwa_table.round.tournament, user=user, role="td"
    )
    client.force_login(user)
    client.user = user
    return client


def open_misere(table, number=1, **extra) -> dict:
    """Open misère by the deal's first player, made (no tricks)."""
    declarer = table_view(table).players_for(number)[0]
    data = {
        "p0_contract": "open-misere",
        "p0_declarer": declarer,
        "p0_tricks": "0",
        "version": "",
    }
    data.update(extra)
    return data


def test_an_approval_chosen_on_the_form_is_stored_with_the_deal(td, iwwa_table):
    data = open_misere(iwwa_table, p0_jury="approved", jury_by="Jan Jurylid")
    response = td.post(url("entry-deal", iwwa_table, 1), data, **EN)
    assert response.status_code == 302
    deal = Deal.objects.get(table=iwwa_table, number=1)
    assert deal.record["plays"][0]["jury"] == "approved"
    call = JuryCall.objects.get()
    declarer = table_view(iwwa_table).entry_of(data["p0_declarer"])
    assert (call.table, call.deal_number, call.entry) == (iwwa_table, 1, declarer)
    assert (call.contract, call.decision) == ("open-misere", "approved")
    assert (call.decided_by, call.user) == ("Jan Jurylid", td.user)
    line = AuditLog.objects.get(action="jury.call")
    assert line.detail["decided_by"] == "Jan Jurylid"


def test_nobody_named_means_the_td_decided(td, iwwa_table):
    form = td.get(url("entry-deal", iwwa_table, 1)).context["form"]
    assert form["jury_by"].initial == "Tineke de Leider"
    data = open_misere(iwwa_table, p0_jury="approved", jury_by="  ")
    assert td.post(url("entry-deal", iwwa_table, 1), data).status_code == 302
    assert JuryCall.objects.get().decided_by == "Tineke de Leider"


def test_the_preview_counts_the_approval_before_it_is_stored(td, iwwa_table):
    data = open_misere(iwwa_table, p0_jury="approved")
    response = td.post(url("entry-preview", iwwa_table, 1), data, **EN)
    assert response.context["violations"] == []
    assert response.context["scores"]
    assert "No jury approval" not in response.content.decode()
    assert not JuryCall.objects.exists()


def test_without_a_decision_the_rules_ask_for_one(td, iwwa_table):
    response = td.post(url("entry-deal", iwwa_table, 1), open_misere(iwwa_table), **EN)
    assert response.context["form"].has_error("p0_jury", "jury_required")
    assert not Deal.objects.exists() and not JuryCall.objects.exists()


def test_a_deal_refused_for_another_reason_stores_no_approval(td, iwwa_table):
    data = open_misere(iwwa_table, p0_jury="approved", p0_tricks="14")
    response = td.post(url("entry-deal", iwwa_table, 1), data, **EN)
    assert response.status_code == 200
    assert response.context["form"].has_error("p0_tricks")
    assert not Deal.objects.exists()
    assert not JuryCall.objects.exists()  # one transaction: neither is stored


def test_a_refusal_gives_the_rules_message_and_is_kept(td, iwwa_table):
    data = open_misere(iwwa_table, p0_jury="refused", jury_by="Jan Jurylid")
    response = td.post(url("entry-deal", iwwa_table, 1), data, **EN)
    assert response.status_code == 200
    form = response.context["form"]
    assert form.errors["p0_jury"] == [
        "The jury refused this contract; it was not played."
    ]
    assert not Deal.objects.exists()
    call = JuryCall.objects.get()
    assert (call.decision, call.decided_by) == ("refused", "Jan Jurylid")
    # Saved again as typed: the refusal is not stored twice.
    td.post(url("entry-deal", iwwa_table, 1), data)
    assert JuryCall.objects.count() == 1


def test_a_correction_does_not_record_the_approval_again(td, iwwa_table):
    data = open_misere(iwwa_table, p0_jury="approved")
    td.post(url("entry-deal", iwwa_table, 1), data)
    form = td.get(url("entry-deal", iwwa_table, 1)).context["form"]
    assert form.initial["p0_jury"] == "approved"
    again = {**data, "version": "1", "p0_tricks": "1"}  # lost now
    assert td.post(url("entry-deal", iwwa_table, 1), again).status_code == 302
    assert Deal.objects.get(table=iwwa_table, number=1).version == 2
    assert JuryCall.objects.count() == 1


def test_the_jury_page_shows_the_decision_by_contract_name(td, iwwa_table):
    data = open_misere(iwwa_table, p0_jury="approved", jury_by="Jan Jurylid")
    td.post(url("entry-deal", iwwa_table, 1), data)
    slug = iwwa_table.round.tournament.slug
    html = td.get(f"/manage/{slug}/jury/", **EN).content.decode()
    table = html.split('class="jury-calls"')[1]
    assert "Open misère" in table and ">open-misere<" not in table
    assert "Jan Jurylid" in table and ">td<" in table
    dutch = td.get(f"/manage/{slug}/jury/", HTTP_ACCEPT_LANGUAGE="nl")
    dutch_table = dutch.content.decode().split('class="jury-calls"')[1]
    assert "Miserie op tafel" in dutch_table and "Beslist door" in dutch_table


def test_a_jury_member_not_td_cannot_use_the_deal_form(client, make_user, iwwa_table):
    juror = make_user("juror")
    TournamentRole.objects.create(
        tournament=iwwa_table.round.tournament, user=juror, role="jury"
    )
    client.force_login(juror)
    data = open_misere(iwwa_table, p0_jury="approved")
    assert client.post(url("entry-deal", iwwa_table, 1), data).status_code == 403
    assert not JuryCall.objects.exists()


# -- the players' own page --------------------------------------------------


def test_the_players_form_cannot_record_a_decision(iwwa_table):
    view = table_view(iwwa_table)
    players = view.players_for(1)
    seats = {str(s.position): view.label_of(s.position) for s in view.seats}
    kwargs = {"schedule": iwwa_table.round.tournament.schedule, "seats": seats}
    form = DealForm(
        open_misere(iwwa_table, p0_jury="refused", jury_by="Me"),
        players=players,
        **kwargs,
    )
    assert "jury_by" not in form.fields
    choices = [c for c, _ in form.fields["p0_jury"].widget.choices]
    assert "refused" not in choices and "approved" in choices
    assert form.record()["plays"][0]["jury"] == "refused"  # the rules refuse it
    assert form.jury_decisions() is None


def test_a_phone_saying_approved_records_nothing(iwwa_table):
    """At the table's own page "approved" only says the jury approved: it
    counts once the TD has recorded it, and a phone cannot record it."""
    set_mode(iwwa_table, "confirm")
    declarer = deal_seats(iwwa_table)[0]
    phone = seated(iwwa_table, declarer)
    data = {
        "p0_contract": "open-misere",
        "p0_declarer": str(declarer),
        "p0_tricks": "0",
        "p0_jury": "approved",
        "jury_by": "Me",
    }
    answer = enter(phone, iwwa_table, 1, data, "k-jury-1")
    assert answer.status_code == 400
    assert "No jury approval is recorded" in answer.json()["message"]
    refused = enter(phone, iwwa_table, 1, {**data, "p0_jury": "refused"}, "k-jury-2")
    assert refused.status_code == 400
    assert not JuryCall.objects.exists()
    page = phone.get(table_link(iwwa_table)).content.decode()
    assert 'name="p0_jury"' in page
    assert 'name="jury_by"' not in page and 'value="refused"' not in page


# -- the form's errors follow the input (item 8) ----------------------------


def test_the_preview_carries_the_fields_errors_out_of_band(td, iwwa_table):
    data = open_misere(iwwa_table, p0_jury="approved", p0_tricks="14")
    bad = td.post(url("entry-preview", iwwa_table, 1), data, **HX, **EN)
    html = bad.content.decode()
    slot = html.split('id="errors-p0_tricks" data-hx-swap-oob="true">')[1].split(
        "</div>"
    )[0]
    assert "errorlist" in slot
    good = td.post(
        url("entry-preview", iwwa_table, 1), {**data, "p0_tricks": "0"}, **HX, **EN
    )
    html = good.content.decode()
    slot = html.split('id="errors-p0_tricks" data-hx-swap-oob="true">')[1].split(
        "</div>"
    )[0]
    assert slot == ""
    assert 'id="form-errors" class="form-errors" data-hx-swap-oob="true"></div>' in html
    assert good.context["scores"]


def slots_sent_and_found(client, table, number, data):
    page = client.get(url("entry-deal", table, number)).content.decode()
    preview = client.post(url("entry-preview", table, number), data)
    sent = preview.content.decode().count('hx-swap-oob="true"')
    ids = [
        part.split('"')[0]
        for part in preview.content.decode().split('id="')[1:]
        if part.startswith(("errors-", "form-errors"))
    ]
    assert len(ids) == sent
    return [name for name in ids if f'id="{name}"' not in page], ids


def test_every_error_slot_of_the_form_is_on_the_page(td, iwwa_table):
    """Each out-of-band slot the preview sends has its target on the page."""
    missing, ids = slots_sent_and_found(td, iwwa_table, 1, open_misere(iwwa_table))
    assert missing == [] and "errors-jury_by" in ids


def test_every_error_slot_of_an_nl_form_is_on_the_page(td_client, table):
    data = {"p0_contract": "schoppen-mie", "ap_queen": "1"}
    missing, ids = slots_sent_and_found(td_client, table, 4, data)
    assert missing == [] and "errors-ap_queen" in ids and "errors-ap_t0" in ids


def test_the_all_pass_section_only_where_the_schedule_has_one(td, iwwa_table):
    iwwa = td.get(url("entry-deal", iwwa_table, 1)).content.decode()
    assert 'id="all-pass"' not in iwwa and "ap_queen" not in iwwa
    assert "Took the queen of spades" not in iwwa
    form = td.get(url("entry-deal", iwwa_table, 1)).context["form"]
    assert not form.has_all_pass and not any(n.startswith("ap_") for n in form.fields)


def test_the_nl_form_keeps_its_all_pass_games_and_has_no_jury(td_client, table):
    html = td_client.get(url("entry-deal", table, 4)).content.decode()
    assert 'id="all-pass"' in html
    assert 'name="ap_queen"' in html and 'name="ap_t0"' in html
    # nl calls the jury for no contract: no jury field, nobody to name.
    assert 'name="p0_jury"' not in html and 'name="jury_by"' not in html


def test_the_preview_of_a_refusal_gives_the_refusal_only_and_stores_nothing(
    td, iwwa_table
):
    data = open_misere(iwwa_table, p0_jury="refused")
    response = td.post(url("entry-preview", iwwa_table, 1), data, **EN)
    assert [v.code for v in response.context["violations"]] == ["jury_refused"]
    assert not JuryCall.objects.exists()


def test_the_jury_page_names_who_decided_or_the_recorder(td, iwwa_table):
    slug = iwwa_table.round.tournament.slug
    seat = iwwa_table.seats.first()
    data = {
        "round": 1,
        "table": 1,
        "deal_number": 2,
        "declarer": seat.entry_id,
        "contract": "solo",
        "decision": "refused",
    }
    assert td.post(f"/manage/{slug}/jury/", data).status_code == 302
    assert JuryCall.objects.get().decided_by == "Tineke de Leider"
    td.post(f"/manage/{slug}/jury/", {**data, "decided_by": "Piet Jury"})
    assert JuryCall.objects.order_by("-id").first().decided_by == "Piet Jury"
