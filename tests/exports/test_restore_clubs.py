"""A backup restored on another site brings its players' clubs (issue 39):
an organiser who may create clubs has the missing ones made, and then
organises them; without that choice, or for a club of the receiving site
that someone else organises, the player comes without it and the page says
so, as before. Staff get every club. Event and season restores alike."""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from demo.events import generate_event
from documents.event_backup import export_event
from documents.season_backup import export_competition
from tournaments.models import Club, ClubRole, Entry, Player, Tournament

pytestmark = pytest.mark.django_db


def fresh_site_backup() -> tuple[bytes, set[str]]:
    """A backup of an event whose players are in clubs, and a site that
    has none of its rows any more (the receiving site)."""
    event = generate_event("clubs", 8, 1, 4, rules="nl", seed=4)
    data = json.dumps(export_event(event)).encode()
    clubs = {p["club"] for p in json.loads(data)["players"] if p["club"]}
    event.delete()
    Player.objects.all().delete()
    Club.objects.all().delete()
    return data, clubs


def restore(client, data: bytes, **extra):
    file = SimpleUploadedFile("event.json", data, "application/json")
    return client.post(reverse("documents:import-event"), {"file": file, **extra})


def clubs_of_entries(slug: str) -> dict[str, str | None]:
    return {
        e.player.name: e.player.club.name if e.player.club_id else None
        for e in Entry.objects.filter(tournament__slug=slug).select_related(
            "player__club"
        )
    }


def test_an_organiser_has_the_missing_clubs_made_and_organises_them(client, make_user):
    data, clubs = fresh_site_backup()
    assert len(clubs) >= 2
    user = make_user("org", organiser=True)
    client.force_login(user)
    form = client.get(reverse("documents:import-event"))
    assert 'name="make_clubs"' in form.content.decode()
    assert form.context["form"].fields["make_clubs"].initial is True
    response = restore(client, data, make_clubs="on")
    assert response.status_code == 302
    assert set(Club.objects.values_list("name", flat=True)) == clubs
    assert None not in clubs_of_entries("clubs").values()
    assert (
        set(ClubRole.objects.filter(user=user).values_list("club__name", flat=True))
        == clubs
    )
    page = client.get(response["Location"], HTTP_ACCEPT_LANGUAGE="en")
    said = " ".join(str(m) for m in page.context["messages"])
    assert "Clubs made for the file's players" in said


def test_without_the_choice_the_players_come_without_their_club(client, make_user):
    data, clubs = fresh_site_backup()
    client.force_login(make_user("org", organiser=True))
    response = restore(client, data)  # the box unticked
    assert response.status_code == 302
    assert not Club.objects.exists()
    assert set(clubs_of_entries("clubs").values()) == {None}
    # the file's club is kept as the entry's text
    assert (
        set(
            Entry.objects.filter(tournament__slug="clubs").values_list(
                "club_name", flat=True
            )
        )
        == clubs
    )


def test_a_club_someone_else_organises_is_never_taken_over(client, make_user):
    data, clubs = fresh_site_backup()
    theirs = sorted(clubs)[0]
    Club.objects.create(name=theirs)
    client.force_login(make_user("org", organiser=True))
    assert restore(client, data, make_clubs="on").status_code == 302
    shown = clubs_of_entries("clubs")
    names = json.loads(data)["players"]
    in_theirs = {p["name"] for p in names if p["club"] == theirs}
    assert in_theirs and all(shown[n] is None for n in in_theirs)
    assert all(shown[p["name"]] == p["club"] for p in names if p["club"] != theirs)


def test_staff_get_every_club_without_a_choice(client, make_user):
    data, clubs = fresh_site_backup()
    client.force_login(make_user("boss", is_staff=True, is_superuser=True))
    assert (
        "make_clubs"
        not in client.get(reverse("documents:import-event")).context["form"].fields
    )
    assert restore(client, data).status_code == 302
    assert set(Club.objects.values_list("name", flat=True)) == clubs


def test_a_season_restore_brings_its_players_clubs(client, make_user):
    from demo.season import generate_season
    from seasons.models import Competition

    season = generate_season(
        "clubjaar", players=10, evenings=2, deals=4, seed=3, attendance=(8, 10)
    )
    data = json.dumps(export_competition(season)).encode()
    home = season.club.name
    player_clubs = {
        p.club.name
        for p in Player.objects.filter(entries__tournament__evening__competition=season)
        .exclude(club=None)
        .select_related("club")
    }
    Competition.objects.all().delete()
    Tournament.objects.all().delete()
    Player.objects.all().delete()
    Club.objects.exclude(name=home).delete()
    user = make_user("secretary", organiser=True, clubs=[Club.objects.get(name=home)])
    client.force_login(user)
    file = SimpleUploadedFile("season.json", data, "application/json")
    response = client.post(
        reverse("documents:import-season"), {"file": file, "make_clubs": "on"}
    )
    assert response.status_code == 302, response.content[:2000]
    assert player_clubs <= set(Club.objects.values_list("name", flat=True))
    restored = Competition.objects.get()
    players = Player.objects.filter(
        entries__tournament__evening__competition=restored
    ).distinct()
    assert players.exists() and not players.filter(club=None).exists()
