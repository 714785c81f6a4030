"""Two players with one name in one event: refused unless told apart by club or
federation number; the public pages then show the club."""

import json

import pytest

from documents.event_backup import BackupError, export_event, import_event
from tournaments.models import Club, ClubRole, Entry, Player
from tournaments.people import Person, shown_names


def quick(client, event, **data):
    fields = {
        "name": "Speler 00",
        "club": "",
        "federation_number": "",
        "check_in": "on",
        **data,
    }
    return client.post(f"/manage/{event.slug}/entries/quick/", fields)


@pytest.mark.django_db
def test_a_late_entry_with_a_name_already_entered_is_refused(fresh_client, fresh_event):
    response = quick(fresh_client, fresh_event)
    assert response.status_code == 400
    error = str(response.context["quick_form"].errors["name"])
    # the register's rule (issue 27) answers first: same name, both clubless
    assert "in the register already" in error and "To tell apart" in error
    assert Player.objects.filter(name="Speler 00").count() == 1
    assert fresh_event.entries.count() == 10


@pytest.mark.django_db
def test_the_same_name_told_apart_by_club_is_accepted_and_shown(
    client, fresh_client, fresh_event
):
    a, b = Club.objects.create(name="De Troefaas"), Club.objects.create(name="Ons")
    ClubRole.objects.create(club=b, user=fresh_client.user)  # b's players are theirs
    Player.objects.filter(name="Speler 00").update(club=a)
    response = quick(fresh_client, fresh_event, club=str(b.pk), name=" speler  00 ")
    assert response.status_code == 302
    # stored as every way in stores a name: single spaces (issue 38)
    assert fresh_event.entries.filter(player__name="speler 00").count() == 1
    page = client.get(f"/t/{fresh_event.slug}/", HTTP_ACCEPT_LANGUAGE="en")
    names = {r["name"] for r in page.context["table"].data.data}
    assert {"Speler 00 (De Troefaas)", "speler 00 (Ons)"} <= names


@pytest.mark.django_db
def test_registering_from_the_register_checks_names_too(fresh_client, fresh_event):
    twin = Player.objects.create(name="SPELER 01")
    response = fresh_client.post(
        f"/manage/{fresh_event.slug}/entries/", {"players": [twin.pk]}
    )
    assert response.status_code == 400
    assert not Entry.objects.filter(player=twin).exists()


def test_federation_numbers_tell_players_apart_on_the_pages():
    shown = shown_names(
        {
            1: Person("Jan Smit", club="Rik", federation="101"),
            2: Person("Jan Smit", club="Rik", federation="102"),
            3: Person("Els"),
        },
        public=False,
    )
    assert shown == {1: "Jan Smit (Rik, 101)", 2: "Jan Smit (Rik, 102)", 3: "Els"}


@pytest.mark.django_db
def test_a_backup_with_two_players_not_told_apart_is_refused(small_event):
    data = json.loads(json.dumps(export_event(small_event)))
    data["players"][1]["name"] = data["players"][0]["name"]
    data["players"][1]["club"] = data["players"][0]["club"]
    data["players"][1]["federation_number"] = ""
    data["players"][0]["federation_number"] = ""
    with pytest.raises(BackupError) as err:
        import_event(data, "twins")
    assert err.value.path == "players[1].name"


@pytest.mark.django_db
def test_members_told_apart_by_the_register_are_two_names_on_the_pages(small_event):
    """Two members of one club with the same name, told apart by a birth
    year, may both play; standings and every export name them apart."""
    from scoring.rowsource import event_names
    from scoring.services import standings_for

    club = Club.objects.create(name="De Troef")
    entries = list(small_event.entries.select_related("player")[:2])
    for entry, year in zip(entries, ("1955", "1984"), strict=True):
        Player.objects.filter(pk=entry.player_id).update(
            name="Anna Brouwers", club=club, distinction=year
        )
    names = event_names(small_event)
    assert {names[e.pk] for e in entries} == {
        "Anna Brouwers (1955)",
        "Anna Brouwers (1984)",
    }
    _rows, shown, _numbers = standings_for(small_event)
    assert {shown[e.pk] for e in entries} == set(names[e.pk] for e in entries)
