"""One name, one member (issue 27): a second same name in a club is refused
unless told apart (``register_rules.check_name_free``), on every path that
adds or renames a player."""

import json

import pytest
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import translation

from documents import player_import as pi
from documents.event_backup import export_event, import_event
from tournaments.models import Club, Player, TournamentRole
from tournaments.register_rules import (
    check_name_free,
    free_distinction,
    name_clash,
    untold_pairs,
)
from tournaments.roster import quick_add

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def english(client):
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"


@pytest.fixture
def club():
    return Club.objects.create(name="Rikclub Proef")


@pytest.fixture
def sanne(club):
    return Player.objects.create(name="Sanne van Mierlo", club=club)


def test_the_same_name_in_the_same_club_is_refused_naming_the_other(club, sanne):
    with translation.override("en"), pytest.raises(ValidationError) as exc:
        check_name_free("  sanne  VAN mierlo ", club, "")
    message = exc.value.messages[0]
    assert "Sanne van Mierlo (Rikclub Proef)" in message and "To tell apart" in message


def test_a_distinction_another_club_or_two_numbers_tell_them_apart(club, sanne):
    other = Club.objects.create(name="Ons Genoegen")
    check_name_free("Sanne van Mierlo", club, "1985")
    check_name_free("Sanne van Mierlo", other, "")
    check_name_free("Sanne van Mierlo", None, "")  # clubless: among clubless
    sanne.federation_number = "111"
    sanne.save()
    check_name_free("Sanne van Mierlo", club, "", federation_number="222")
    with pytest.raises(ValidationError):  # one number tells nobody apart
        check_name_free("Sanne van Mierlo", club, "")


def test_the_clubless_follow_the_same_rule():
    Player.objects.create(name="Jan Zonder")
    assert name_clash("jan zonder", None) is not None


def test_a_player_is_never_refused_for_their_own_name(sanne):
    check_name_free(sanne.name, sanne.club, "", exclude_pk=sanne.pk)
    sanne.full_clean()


def test_model_clean_refuses_a_rename_onto_another_member(club, sanne):
    piet = Player.objects.create(name="Piet", club=club)
    piet.name = "Sanne van Mierlo"
    with pytest.raises(ValidationError) as exc:
        piet.full_clean()
    assert "name" in exc.value.message_dict
    piet.distinction = "1990"
    piet.full_clean()


def test_free_distinction_finds_a_free_mark(club, sanne):
    assert free_distinction(sanne.name, club, "", "", ("Club X",)) == "Club X"
    Player.objects.create(name=sanne.name, club=club, distinction="Club X")
    assert free_distinction(sanne.name, club, "", "", ("Club X",)) == "Club X 2"


def test_untold_pairs_are_found(club, sanne):
    twin = Player.objects.create(name="sanne van mierlo", club=club)
    Player.objects.create(name="Sanne van Mierlo", club=club, distinction="1990")
    assert untold_pairs(Player.objects.all()) == [(sanne, twin)]


# --- every path -------------------------------------------------------------


def organiser(client, make_user, club, **kw):
    user = make_user("sec", organiser=True, clubs=[club], **kw)
    client.force_login(user)
    return user


def test_the_register_page_refuses_a_second_member(client, make_user, club, sanne):
    organiser(client, make_user, club)
    data = {"name": "Sanne van Mierlo", "club": club.pk, "active": "on"}
    response = client.post("/players/", data)
    assert response.status_code == 200
    assert "in the register already" in response.content.decode()
    assert Player.objects.filter(club=club).count() == 1
    response = client.post("/players/", {**data, "distinction": "1985"})
    assert response.status_code == 302
    assert Player.objects.get(distinction="1985").label == "Sanne van Mierlo (1985)"


def test_the_register_edit_refuses_a_rename_onto_another(
    client, make_user, club, sanne
):
    organiser(client, make_user, club)
    piet = Player.objects.create(name="Piet", club=club)
    response = client.post(
        f"/players/{piet.pk}/", {"name": "Sanne van Mierlo", "club": club.pk}
    )
    assert response.status_code == 200
    piet.refresh_from_db()
    assert piet.name == "Piet"


def test_the_admin_refuses_a_second_member(admin_client, club, sanne):
    response = admin_client.post(
        "/admin/tournaments/player/add/",
        {"name": "Sanne van Mierlo", "club": club.pk, "active": "on"},
    )
    assert response.status_code == 200
    assert "staat al in het spelersregister" in response.content.decode()
    assert Player.objects.count() == 1


def test_a_late_arrival_is_refused_by_the_service(small_event, club, sanne):
    with pytest.raises(ValidationError):
        quick_add(small_event, "Sanne van Mierlo", club)
    entry = quick_add(small_event, "Sanne van Mierlo", club, distinction="1990")
    assert entry.player.label == "Sanne van Mierlo (1990)"


def test_a_late_arrival_form_shows_the_refusal(client, make_user, small_event, club):
    Player.objects.create(name="Jan Zonder")
    user = organiser(client, make_user, club)
    TournamentRole.objects.create(tournament=small_event, user=user, role="td")
    response = client.post(
        f"/manage/{small_event.slug}/entries/quick/",
        {"name": "Jan Zonder", "club": "", "federation_number": ""},
    )
    assert response.status_code == 400
    assert "in the register already" in str(response.context["quick_form"].errors)


def test_a_substitute_by_name_is_refused_when_the_name_is_taken(small_event):
    from tournaments.models import Seat
    from tournaments.withdrawal import WithdrawalRefusedError, _substitute

    Player.objects.create(name="Jan Zonder")
    seat = Seat.objects.filter(table__round__tournament=small_event).first()
    with (
        translation.override("en"),
        pytest.raises(WithdrawalRefusedError, match="in the register already"),
    ):
        _substitute(seat, "Jan Zonder", None)


def test_the_player_import_refuses_a_clash_on_its_line(club, sanne):
    text = (
        "Naam;Vereniging;Onderscheid\n"
        "Sanne van Mierlo;Rikclub Proef;\n"
        "Sanne van Mierlo;Rikclub Proef;1985\n"
        "Kees Twee;;\nkees  twee;;\n"
    )
    with translation.override("en"):
        rows = pi.preview(pi.parse(text.encode(), "p.csv"))
    assert [r.ok for r in rows] == [False, True, True, False]
    assert "Sanne van Mierlo (Rikclub Proef)" in rows[0].errors[0]
    assert "line 4" in rows[3].errors[0]
    stored = pi.store(rows)
    assert [p.label for p in stored.players] == ["Sanne van Mierlo (1985)", "Kees Twee"]


def test_the_import_page_names_the_line(client, make_user, club, sanne):
    organiser(client, make_user, club)
    file = SimpleUploadedFile("p.csv", b"Naam;Club\nSanne van Mierlo;Rikclub Proef\n")
    page = client.post("/import/players/", {"file": file}).content.decode()
    assert "Line 2" in page and "in the register already" in page


def test_an_event_backup_matches_a_member_it_would_clash_with(small_event):
    data = export_event(small_event)
    member = Player.objects.get(name=data["players"][0]["name"])
    member.federation_number = "999"  # the file has no number: before, a double
    member.save()
    event = import_event(json.dumps(data).encode(), "copy", None)
    assert event.entries.filter(player=member).exists()
    assert Player.objects.filter(name=member.name).count() == 1


def test_a_backup_player_the_file_uses_twice_is_told_apart(club, sanne):
    from tournaments.register_rules import player_from_file

    again = player_from_file(sanne.name, club, "", file_club="Rikclub Proef")
    assert again == sanne  # the same person
    other = player_from_file(sanne.name, None, "", file_club="Nergens")
    assert other.club is None and other.distinction == ""
    third = player_from_file(sanne.name, None, "", "Nergens", used={other.pk})
    assert third.label == "Sanne van Mierlo (Nergens)"


def test_a_season_backup_team_member_is_matched_not_doubled(make_user):
    from documents.season_backup import _register
    from tournaments.register_rules import ClubsOfAFile

    club = Club.objects.create(name="Club Q")
    held = Player.objects.create(name="Outsider", club=club, federation_number="5")
    person = {"name": "Outsider", "club": "Club Q", "federation_number": ""}
    person["distinction"] = ""  # the competition backup's version 2
    assert _register(person, ClubsOfAFile(None)) == held


def test_the_demo_tells_its_namesakes_apart_by_birth_year():
    import random

    from demo.events import make_players

    make_players(60, random.Random(1))
    make_players(60, random.Random(2))
    make_players(60, random.Random(3))
    assert untold_pairs(Player.objects.all()) == []
    marked = Player.objects.exclude(distinction="")
    assert marked.exists() and all(p.distinction.isdigit() for p in marked)


def test_two_members_told_apart_both_play_in_one_event(small_event, club, sanne):
    from tournaments.services import register

    other = Player.objects.create(name=sanne.name, club=club, distinction="1985")
    entries = register(small_event, [sanne, other])
    assert len(entries) == 2
