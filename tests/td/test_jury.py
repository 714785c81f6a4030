"""The jury records decisions; the solo-limit count is shown per player."""

import datetime

import pytest

from scoring.models import JuryCall
from tournaments.models import Entry, Player, Seat, TableRound, TournamentRole
from tournaments.services import create_tournament, seat_round


@pytest.fixture
def iwwa_event(db):
    """The iwwa schedule has jury and solo-limit contracts; one seated table."""
    t = create_tournament(
        slug="iwwa",
        name="IWWA",
        date=datetime.date(2026, 1, 9),
        rules="iwwa",
        rounds=2,
        deals_per_round=8,
    )
    for i in range(8):
        Entry.objects.create(
            tournament=t, status="present", player=Player.objects.create(name=f"P{i}")
        )
    entries = list(t.entries.all())
    seat_round(t.round_set.get(number=1), [entries[:4], entries[4:]])
    return t


@pytest.mark.django_db
def test_it_records_a_jury_call(client, iwwa_event, make_user):
    small_event = iwwa_event
    juror = make_user("juror")
    TournamentRole.objects.create(tournament=small_event, user=juror, role="jury")
    client.force_login(juror)
    table = TableRound.objects.get(
        round__tournament=small_event, round__number=1, number=1
    )
    seat = table.seats.first()
    url = f"/manage/{small_event.slug}/jury/"
    page = client.get(url)
    contracts = [c for c, _ in page.context["form"].fields["contract"].choices]
    assert "open-misere" in contracts and "solo" in contracts
    assert "rik" not in contracts
    data = {
        "round": 1,
        "table": 1,
        "deal_number": 3,
        "declarer": seat.entry_id,
        "contract": "open-misere",
        "decision": "approved",
    }
    assert client.post(url, data).status_code == 302
    call = JuryCall.objects.get()
    assert (call.table, call.deal_number, call.entry_id) == (table, 3, seat.entry_id)
    assert call.user == juror
    assert small_event.audit.filter(action="jury.call").exists()
    assert b"open-misere" in client.get(url).content


@pytest.mark.django_db
def test_it_refuses_a_declarer_from_another_table(td_client, small_event):
    other = Seat.objects.get(
        table__round__tournament=small_event,
        table__round__number=1,
        table__number=2,
        position=1,
    )
    data = {
        "round": 1,
        "table": 1,
        "deal_number": 2,
        "declarer": other.entry_id,
        "contract": "rik",
        "decision": "refused",
    }
    response = td_client.post(f"/manage/{small_event.slug}/jury/", data)
    assert response.status_code == 400
    assert "declarer" in response.context["form"].errors
    response = td_client.post(f"/manage/{small_event.slug}/jury/", dict(data, table=9))
    assert "table" in response.context["form"].errors
    assert not JuryCall.objects.exists()


@pytest.mark.django_db
def test_it_shows_solo_limit_counts(td_client, small_event):
    seat = Seat.objects.filter(table__round__tournament=small_event).first()
    Seat.objects.filter(pk=seat.pk).update(solo_made=2)
    response = td_client.get(f"/manage/{small_event.slug}/jury/")
    solo = dict(response.context["solo"])
    assert solo[seat.entry.player.name] >= 2
    assert response.context["solo_limit"] == small_event.schedule.solo_limit


@pytest.mark.django_db
def test_it_offers_every_contract_when_none_is_flagged(td_client, small_event):
    form = td_client.get(f"/manage/{small_event.slug}/jury/").context["form"]
    assert not form.flagged
    assert "rik" in dict(form.fields["contract"].choices)
