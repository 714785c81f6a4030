"""The secretary's season pages: who may, and each action from the page."""

import pytest
from django.urls import reverse

from seasons.models import Competition, Evening, Team
from tournaments.models import Entry


@pytest.fixture(autouse=True)
def english(client):
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"


@pytest.fixture
def secretary(client, make_user, season):
    user = make_user("secretary", organiser=True, clubs=[season.club])
    client.force_login(user)
    return client


def test_only_the_clubs_organisers_run_the_season(client, make_user, season):
    url = reverse("td:season", args=[season.slug])
    assert client.get(url).status_code == 302  # to the login page
    client.force_login(make_user("stranger", organiser=True))
    assert client.get(url).status_code == 403
    assert (
        client.post(
            reverse("td:season-ranking", args=[season.slug]), {"method": "average"}
        ).status_code
        == 403
    )
    season.refresh_from_db()
    assert season.method == "sum"


def test_the_season_page_shows_evenings_ranking_teams_and_repeats(secretary, season):
    html = secretary.get(reverse("td:season", args=[season.slug])).content.decode()
    for evening in season.evenings.select_related("tournament"):
        assert evening.tournament.name in html
    assert "8 partijen seated" in html
    assert "Team 1" in html


def test_a_secretary_creates_a_season_and_its_first_evening(secretary, season):
    response = secretary.post(
        reverse("td:seasons"),
        {
            "club": season.club.pk,
            "name": "Najaar",
            "slug": "najaar",
            "season": "2027",
            "rules": "nl",
            "partijen": 2,
            "deals_per_partij": 20,
        },
    )
    assert response.status_code == 302
    najaar = Competition.objects.get(slug="najaar")
    players = list(season.club.player_set.values_list("pk", flat=True)[:8])
    response = secretary.post(
        reverse("td:season-new-evening", args=["najaar"]),
        {"date": "2027-10-05", "players": players},
    )
    assert response.status_code == 302
    evening = Evening.objects.get(competition=najaar)
    assert evening.number == 1
    assert Entry.objects.filter(
        tournament=evening.tournament, status="present"
    ).count() == len(players)


def test_an_evening_of_three_players_is_refused_with_a_message(secretary, season):
    players = list(season.club.player_set.values_list("pk", flat=True)[:3])
    response = secretary.post(
        reverse("td:season-new-evening", args=[season.slug]),
        {"date": "2027-10-05", "players": players},
        follow=True,
    )
    assert "at least 4 players" in response.content.decode()
    assert season.evenings.count() == 4


def test_the_ranking_settings_change_until_closed(secretary, season):
    url = reverse("td:season-ranking", args=[season.slug])
    data = {
        "method": "placement",
        "placement_points": "10, 8, 6",
        "min_evenings": 2,
        "absent": "zero",
        "order": "high",
        "tiebreaks": ["best", "evenings"],
        "prize_top": 5,
        "prize_booby": "on",
        "best_of": 3,
    }
    secretary.post(url, data)
    season.refresh_from_db()
    assert (season.method, season.placement_points, season.best_of) == (
        "placement",
        [10, 8, 6],
        3,
    )
    assert season.tiebreaks == ["evenings", "best"]
    assert season.prizes == {"top": 5, "newcomer": False, "booby": True}
    bad = secretary.post(url, {**data, "placement_points": "ten"}, follow=True)
    assert "whole numbers separated by commas" in bad.content.decode()
    secretary.post(reverse("td:season-close", args=[season.slug]), {"closed": "1"})
    response = secretary.post(url, {**data, "method": "sum"}, follow=True)
    season.refresh_from_db()
    assert season.method == "placement"
    assert "The season is closed" in response.content.decode()


def test_teams_are_added_and_removed(secretary, season):
    players = list(season.club.player_set.values_list("pk", flat=True)[:3])
    secretary.post(
        reverse("td:season-add-team", args=[season.slug]),
        {"name": "De Azen", "members": players},
    )
    team = Team.objects.get(name="De Azen")
    assert team.members.count() == 3
    secretary.post(reverse("td:season-delete-team", args=[team.pk]))
    assert not Team.objects.filter(name="De Azen").exists()


def test_two_members_of_one_name_make_no_evening_and_say_so(secretary, season):
    """Two members nothing tells apart, both ticked: a message, no 500 and no
    half-made evening."""
    first, second = season.club.player_set.order_by("pk")[:2]
    second.name, second.federation_number = first.name, ""
    second.save()
    first.federation_number = ""
    first.save()
    players = list(season.club.player_set.values_list("pk", flat=True)[:8])
    before = season.evenings.count()
    response = secretary.post(
        reverse("td:season-new-evening", args=[season.slug]),
        {"date": "2027-10-05", "players": players},
        follow=True,
    )
    assert response.status_code == 200
    assert "No evening was made" in response.content.decode()
    assert season.evenings.count() == before


def test_an_evening_of_three_is_one_table_with_the_blind_man(secretary, season):
    """Issue 29: a season that plays tables of three seats three members."""
    season.tables_of_three = True
    season.save()
    players = list(season.club.player_set.values_list("pk", flat=True)[:3])
    secretary.post(
        reverse("td:season-new-evening", args=[season.slug]),
        {"date": "2027-10-05", "players": players},
        follow=True,
    )
    evening = season.evenings.order_by("-number").first()
    assert season.evenings.count() == 5
    assert evening.tournament.tables_of_three
    secretary.post(f"/manage/{evening.tournament.slug}/round/1/generate/")
    sizes = [t.seats.count() for t in evening.tournament.round_set.first().tables.all()]
    assert sizes == [3]
