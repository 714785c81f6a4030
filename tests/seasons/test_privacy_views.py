"""The data export and the erasure from the register page: the player's
club's organisers and staff only, the erasure after the typed name."""

import json

import pytest
from django.urls import reverse

from seasons.models import SeasonLog
from tournaments.models import Club, Player


@pytest.fixture(autouse=True)
def english(client):
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"


@pytest.fixture
def member(small_event):
    player = small_event.entries.select_related("player__club").first().player
    assert player.club_id is not None
    return player


def urls(player) -> list[str]:
    return [
        reverse("documents:member-data", args=[player.pk]),
        reverse("td:player-erase", args=[player.pk]),
    ]


@pytest.mark.django_db
def test_anonymous_is_sent_to_log_in(client, member):
    for url in urls(member):
        response = client.get(url)
        assert response.status_code == 302 and "/login" in response["Location"]
    response = client.post(urls(member)[1], {"name": member.name})
    assert response.status_code == 302 and "/login" in response["Location"]
    assert Player.objects.get(pk=member.pk).name == member.name


@pytest.mark.django_db
def test_organiser_of_another_club_is_refused(client, make_user, member):
    other = Club.objects.create(name="Elders")
    client.force_login(make_user("elsewhere", organiser=True, clubs=[other]))
    for url in urls(member):
        assert client.get(url).status_code == 403
    assert client.post(urls(member)[1], {"name": member.name}).status_code == 403
    assert Player.objects.get(pk=member.pk).name == member.name


@pytest.mark.django_db
def test_the_clubs_organiser_downloads_the_data(client, make_user, member):
    client.force_login(make_user("sec", clubs=[member.club]))
    response = client.get(urls(member)[0])
    assert response.status_code == 200
    assert response["Content-Disposition"].startswith("attachment;")
    assert member.name not in response["Content-Disposition"]
    data = json.loads(response.content)
    assert data["register"]["name"] == member.name
    assert data["deals"] and data["events"]
    line = SeasonLog.objects.get(action="player.export")
    assert line.detail == {"player": member.pk}
    again = json.loads(client.get(urls(member)[0]).content)
    assert {"player": member.pk} in [row["detail"] for row in again["log"]]
    assert client.post(urls(member)[0]).status_code == 405


@pytest.mark.django_db
def test_erasure_asks_for_the_name_first(client, make_user, member):
    client.force_login(make_user("admin", is_staff=True))
    page = client.get(urls(member)[1])
    assert page.status_code == 200 and member.name in page.content.decode()
    for junk in ("", "someone else", "x" * 5000, "\x00"):
        response = client.post(urls(member)[1], {"name": junk})
        assert response.status_code == 400  # a NUL: the site's own message
    wrong = client.post(urls(member)[1], {"name": "someone else"})
    assert "Type the player" in wrong.content.decode()
    assert Player.objects.get(pk=member.pk).name == member.name
    response = client.post(urls(member)[1], {"name": f"  {member.name.upper()} "})
    assert response.status_code == 302
    assert response["Location"] == reverse("td:players")
    erased = Player.objects.get(pk=member.pk)
    assert erased.name != member.name and erased.public_name == "hidden"


@pytest.mark.django_db
def test_the_register_page_offers_both(client, make_user, member):
    client.force_login(make_user("sec", clubs=[member.club]))
    page = client.get(reverse("td:player-edit", args=[member.pk]))
    text = page.content.decode()
    for url in urls(member):
        assert url in text
    club_page = client.get(reverse("td:club-edit", args=[member.club.pk]))
    assert "/erase/" not in club_page.content.decode()
