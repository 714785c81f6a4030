"""Nobody writes into another club's player register: only a
club's organisers (and staff) add its players, only staff create clubs, on
every path: the register form, a late arrival, the player import, event and
season backups. A file's players of clubs the importer does not manage are
added without the club, never as new members of it."""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from documents.event_backup import export_event, import_event
from tournaments.models import Club, Player, TournamentRole

pytestmark = pytest.mark.django_db


@pytest.fixture
def season(db):
    from demo.season import generate_season

    return generate_season(
        "club", players=10, evenings=2, deals=4, seed=3, attendance=(8, 10), teams=1
    )


@pytest.fixture
def clubs():
    return Club.objects.create(name="Club A"), Club.objects.create(name="Club B")


@pytest.fixture(autouse=True)
def english(client):
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"


def td_of(small_event, make_user, name="td-a", clubs=()):
    user = make_user(name, organiser=True, clubs=clubs)
    TournamentRole.objects.create(tournament=small_event, user=user, role="td")
    return user


def test_a_late_arrival_joins_only_a_club_its_td_organises(
    client, small_event, make_user, clubs
):
    a, b = clubs
    client.force_login(td_of(small_event, make_user, clubs=[a]))
    url = f"/manage/{small_event.slug}/entries/quick/"
    refused = client.post(url, {"name": "Into B", "club": b.pk, "check_in": "on"})
    assert refused.status_code == 400
    assert not Player.objects.filter(name="Into B").exists()
    assert (
        b"Club B" not in refused.content.split(b'name="club"')[1].split(b"</select>")[0]
    )
    client.post(url, {"name": "Into A", "club": a.pk, "check_in": "on"})
    assert Player.objects.get(name="Into A").club == a
    client.post(url, {"name": "No club", "check_in": "on"})  # event-only
    assert Player.objects.get(name="No club").club is None


def test_a_td_who_organises_no_club_adds_players_without_one(
    client, small_event, make_user, clubs
):
    client.force_login(td_of(small_event, make_user))
    url = f"/manage/{small_event.slug}/entries/quick/"
    client.post(url, {"name": "Into B", "club": clubs[1].pk, "check_in": "on"})
    assert not Player.objects.filter(name="Into B").exists()
    client.post(url, {"name": "Walk-in", "check_in": "on"})
    assert Player.objects.get(name="Walk-in").club is None


def test_the_register_form_adds_only_to_ones_own_clubs(client, make_user, clubs):
    a, b = clubs
    client.force_login(make_user("sec-a", clubs=[a]))
    client.post("/players/", {"name": "Sneaky", "club": b.pk})
    assert not Player.objects.filter(name="Sneaky").exists()
    client.post("/players/", {"name": "Member", "club": a.pk})
    assert Player.objects.get(name="Member").club == a


def backup_with_clubs(small_event, clubs: dict[int, str]) -> tuple[bytes, list]:
    """The event's backup with some players moved to other clubs, so the
    register has no such player in that club yet: (the file, their names)."""
    data = export_event(small_event)
    for i, club in clubs.items():
        data["players"][i]["club"] = club
        data["players"][i]["federation_number"] = ""
    return json.dumps(data).encode(), [p["name"] for p in data["players"]]


def added(name: str) -> Player:
    """The player an import added (the newest of that name)."""
    return Player.objects.filter(name=name).order_by("-id").first()


def test_an_event_backup_adds_no_members_to_clubs_its_importer_does_not_run(
    client, small_event, make_user, clubs
):
    a, b = clubs
    client.force_login(make_user("org-a", organiser=True, clubs=[a]))
    body, names = backup_with_clubs(
        small_event, {0: "Club A", 1: "Club B", 2: "Club Z"}
    )
    before = Player.objects.count()
    file = SimpleUploadedFile("e.json", body, "application/json")
    response = client.post(
        "/import/tournament/", {"file": file, "slug": "copy"}, follow=True
    )
    assert response.status_code == 200
    assert Player.objects.count() == before + 3  # the others are found
    assert added(names[0]).club == a
    assert added(names[1]).club is None
    assert added(names[2]).club is None
    assert not Player.objects.filter(club=b).exists()
    assert not Club.objects.filter(name="Club Z").exists()
    page = response.content.decode()
    assert "without their club" in page and "Club B" in page and "Club Z" in page


def test_staff_and_the_command_line_create_the_clubs_a_backup_names(small_event):
    body, names = backup_with_clubs(small_event, {0: "Club Y"})
    import_event(body, "staff-copy", None)
    assert added(names[0]).club.name == "Club Y"


def test_a_season_backup_creates_no_club_through_a_team_member(
    client, make_user, season
):
    from documents.season_backup import export_competition

    data = export_competition(season)
    member = data["teams"][0]["members"][0]
    member.update(name="Outsider", club="Club Q", federation_number="")
    client.force_login(make_user("sec", clubs=[season.club]))
    file = SimpleUploadedFile("s.json", json.dumps(data).encode(), "application/json")
    client.post("/manage/seasons/import/", {"file": file, "slug": "copy-season"})
    assert not Club.objects.filter(name="Club Q").exists()
    assert Player.objects.get(name="Outsider").club is None


def test_the_player_import_takes_a_blank_club_and_refuses_anothers(
    client, make_user, clubs
):
    a, _b = clubs
    client.force_login(make_user("imp", clubs=[a]))
    csv = "Naam;Club\nAnna Eigen;Club A\nBert Zonder;\nCor Ander;Club B\n"
    file = SimpleUploadedFile("p.csv", csv.encode(), "text/csv")
    client.post("/import/players/", {"file": file})
    client.post("/import/players/", {"confirm": "1"})
    assert Player.objects.get(name="Anna Eigen").club == a
    assert Player.objects.get(name="Bert Zonder").club is None
    assert not Player.objects.filter(name="Cor Ander").exists()
