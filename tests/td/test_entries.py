"""Register, check in, late arrivals, withdraw and come back; the register."""

import pytest

from tournaments.models import Club, Entry, Player


@pytest.mark.django_db
def test_it_registers_players_from_the_register_and_checks_them_in(
    fresh_client, fresh_event
):
    a = Player.objects.create(name="Anna Nieuw")
    b = Player.objects.create(name="Bert Nieuw")
    url = f"/manage/{fresh_event.slug}/entries/"
    page = fresh_client.get(url + "?q=Nieuw")
    assert b"Anna Nieuw" in page.content
    fresh_client.post(url, {"players": [a.pk, b.pk]})
    entries = Entry.objects.filter(tournament=fresh_event, player__in=[a, b])
    assert {e.status for e in entries} == {"registered"}
    fresh_client.post(f"/manage/{fresh_event.slug}/entries/checkin-all/")
    assert {e.status for e in entries.all()} == {"present"}
    actions = set(fresh_event.audit.values_list("action", flat=True))
    assert {"entry.register", "entry.checkin"} <= actions


@pytest.mark.django_db
def test_it_checks_in_one_and_undoes_it(fresh_client, fresh_event):
    entry = fresh_event.entries.first()
    url = f"/manage/{fresh_event.slug}/entries/{entry.pk}/"
    fresh_client.post(url, {"action": "checkout"})
    entry.refresh_from_db()
    assert entry.status == "registered"
    fresh_client.post(url, {"action": "checkin"})
    entry.refresh_from_db()
    assert entry.status == "present"


@pytest.mark.django_db
def test_it_quick_adds_a_late_arrival(td_client, small_event):
    url = f"/manage/{small_event.slug}/entries/quick/"
    response = td_client.post(url, {"name": "Laat Komer", "check_in": "on"})
    assert response.status_code == 302
    entry = small_event.entries.get(player__name="Laat Komer")
    assert entry.status == "present"


@pytest.mark.django_db
def test_it_withdraws_after_the_last_seated_round_and_undoes_it(td_client, small_event):
    entry = small_event.entries.first()
    url = f"/manage/{small_event.slug}/entries/{entry.pk}/"
    td_client.post(url, {"action": "withdraw"})
    entry.refresh_from_db()
    assert (entry.status, entry.withdrawn_after) == ("withdrawn", 2)
    td_client.post(url, {"action": "unwithdraw"})
    entry.refresh_from_db()
    assert (entry.status, entry.withdrawn_after) == ("present", None)
    actions = set(small_event.audit.values_list("action", flat=True))
    assert {"entry.withdraw", "entry.unwithdraw"} <= actions


@pytest.fixture
def staff_client(client, make_user):
    client.force_login(make_user("staff", is_staff=True))
    return client


@pytest.mark.django_db
def test_it_adds_and_edits_players_with_a_clean_duplicate_message(staff_client):
    td_client = staff_client
    club = Club.objects.create(name="De Troefaas 2")
    response = td_client.post(
        "/players/", {"name": "Fed Speler", "club": club.pk, "federation_number": "123"}
    )
    assert response.status_code == 302
    response = td_client.post(
        "/players/", {"name": "Ander", "federation_number": "123"}
    )
    assert response.status_code == 200
    assert "Fed Speler" in str(response.context["form"].errors["federation_number"])
    player = Player.objects.get(federation_number="123")
    response = td_client.post(
        f"/players/{player.pk}/", {"name": "Fed Speler Jr", "federation_number": "123"}
    )
    assert response.status_code == 302
    player.refresh_from_db()
    assert player.name == "Fed Speler Jr"
    assert b"Fed Speler Jr" in td_client.get("/players/?q=jr").content


@pytest.mark.django_db
def test_organisers_manage_their_own_clubs_players_only(td_client, small_event):
    mine = Player.objects.filter(entries__tournament=small_event).first()
    other_club = Club.objects.create(name="Elders")
    stranger = Player.objects.create(name="Vreemd", club=other_club)
    assert td_client.get(f"/players/{mine.pk}/").status_code == 200
    assert td_client.get(f"/players/{stranger.pk}/").status_code == 403
    response = td_client.post(f"/players/{stranger.pk}/", {"name": "Hacked"})
    assert response.status_code == 403
    stranger.refresh_from_db()
    assert stranger.name == "Vreemd"
    response = td_client.post("/players/", {"name": "Nieuw", "club": other_club.pk})
    assert response.status_code == 200  # not a club this organiser runs
    assert not Player.objects.filter(name="Nieuw").exists()
    # a club an organiser makes is theirs; another's stays out of reach
    assert td_client.post("/clubs/", {"name": "Mijn Club"}).status_code == 302
    assert Club.objects.get(name="Mijn Club").roles.get().user == td_client.user
    response = td_client.post(f"/clubs/{other_club.pk}/", {"name": "Hacked"})
    assert response.status_code == 403


@pytest.mark.django_db
def test_it_adds_a_club(staff_client):
    td_client = staff_client
    assert td_client.post("/clubs/", {"name": "Nieuwe Club"}).status_code == 302
    club = Club.objects.get(name="Nieuwe Club")
    assert td_client.get("/clubs/").status_code == 200
    assert td_client.post(f"/clubs/{club.pk}/", {"name": "Hernoemd"}).status_code == 302
    assert td_client.post("/clubs/", {"name": "Hernoemd"}).status_code == 200
