"""The register page (issue 27): filters by club, active and search; an
organiser sees and edits only their clubs' members; e-mail and phone for
their organisers and staff; a secretary without a club makes one."""

import pytest

from tournaments.models import Club, ClubRole, Player

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def english(client):
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"


@pytest.fixture
def register():
    a, b = Club.objects.create(name="Club A"), Club.objects.create(name="Club B")
    Player.objects.create(name="Anna Actief", club=a, email="anna@example.org")
    Player.objects.create(name="Oud Lid", club=a, active=False, phone="0612345678")
    Player.objects.create(name="Bert Ander", club=b, email="bert@example.org")
    Player.objects.create(name="Zonder Club")
    return a, b


def names(response) -> set[str]:
    return {p.name for p in response.context["table"].data.data}


def test_an_organiser_sees_only_their_clubs_members(client, make_user, register):
    a, _b = register
    client.force_login(make_user("sec", clubs=[a]))
    response = client.get("/players/")
    assert names(response) == {"Anna Actief", "Oud Lid"}
    page = response.content.decode()
    assert "anna@example.org" in page and "0612345678" in page
    assert "bert@example.org" not in page
    other = Player.objects.get(name="Bert Ander")
    assert client.get(f"/players/{other.pk}/").status_code == 403


def test_staff_see_everyone_and_filter(admin_client, register):
    a, b = register
    assert len(names(admin_client.get("/players/"))) == 4
    assert names(admin_client.get(f"/players/?club={b.pk}")) == {"Bert Ander"}
    assert names(admin_client.get(f"/players/?club={a.pk}&active=0")) == {"Oud Lid"}
    assert names(admin_client.get("/players/?active=1&q=anna")) == {"Anna Actief"}
    assert len(names(admin_client.get("/players/?club=junk&active=x"))) == 4


def test_the_club_filter_offers_only_ones_own_clubs(client, make_user, register):
    a, b = register
    client.force_login(make_user("sec", clubs=[a]))
    response = client.get(f"/players/?club={b.pk}")
    assert names(response) == {"Anna Actief", "Oud Lid"}  # another's: ignored
    assert "Club B" not in response.content.decode()


def test_the_edit_form_has_the_new_fields(client, make_user, register):
    a, _b = register
    client.force_login(make_user("sec", clubs=[a]))
    anna = Player.objects.get(name="Anna Actief")
    response = client.post(
        f"/players/{anna.pk}/",
        {
            "name": "Anna Actief",
            "distinction": "1970",
            "club": a.pk,
            "email": "a@example.org",
            "phone": "06",
            "place": "Zwolle",
            "member_since": "2001-09-01",
        },
    )
    assert response.status_code == 302
    anna.refresh_from_db()
    assert anna.place == "Zwolle"  # issue 38: the member list's "Plaats"
    assert 'name="place"' in client.get(f"/players/{anna.pk}/").content.decode()
    assert (anna.label, anna.active, str(anna.member_since)) == (
        "Anna Actief (1970)",
        False,
        "2001-09-01",
    )


def test_a_secretary_in_the_organisers_group_makes_their_first_club(client, make_user):
    user = make_user("secretaris", organiser=True)
    client.force_login(user)
    assert client.get("/players/").status_code == 403  # no club yet
    response = client.post("/clubs/", {"name": "De Nieuwe Rikkers", "city": ""})
    assert response.status_code == 302
    club = Club.objects.get(name="De Nieuwe Rikkers")
    assert ClubRole.objects.filter(club=club, user=user).exists()
    assert client.get("/players/").status_code == 200
    page = client.get("/players/").content.decode()
    assert "/import/players/" in page  # "Import players" from the register


def test_a_user_outside_the_group_makes_no_club(client, make_user):
    client.force_login(make_user("someone"))
    assert client.post("/clubs/", {"name": "X", "city": ""}).status_code == 403
    assert not Club.objects.filter(name="X").exists()
