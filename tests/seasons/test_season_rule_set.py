"""A season refers to its house-rule set itself: the set keeps its
code while the season uses it, the next evening plays by that set, and a
season whose rules are gone says so instead of answering 500."""

import datetime

import pytest
from django.db.models import ProtectedError
from django.urls import reverse

from rules.models import HouseRuleSet
from rules.rule_files import import_rule_set
from seasons.models import Competition
from seasons.services import RulesGoneError, create_evening
from tournaments.models import Club, Player


@pytest.fixture(autouse=True)
def _english():
    """These tests read the English words (a fresh process speaks the
    site's Dutch: tests/conftest.py)."""
    from django.utils import translation

    with translation.override("en"):
        yield


DAY = datetime.date(2027, 1, 5)
PIEK_25 = {"contracts": {"piek": {"value": 25}}}


@pytest.fixture
def club(db):
    return Club.objects.create(name="Club A", city="Tilburg")


@pytest.fixture
def club_set(db, make_user):
    return HouseRuleSet.objects.create(
        slug="club", name="Club", preset="nl", owner=make_user("b"), overrides=PIEK_25
    )


@pytest.fixture
def secretary(client, make_user, club):
    client.force_login(make_user("secretary", organiser=True, clubs=[club]))
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    return client


def four(club):
    return [Player.objects.create(name=n, club=club) for n in ("A", "B", "C", "D")]


def test_a_season_made_on_the_page_refers_to_the_set(secretary, club, club_set):
    secretary.post(
        reverse("td:seasons"),
        {
            "club": club.pk,
            "name": "Winter",
            "slug": "winter",
            "rules": "club",
            "partijen": 2,
            "deals_per_partij": 20,
        },
    )
    assert Competition.objects.get(slug="winter").rule_set == club_set
    secretary.post(
        reverse("td:seasons"),
        {
            "club": club.pk,
            "name": "Spring",
            "slug": "spring",
            "rules": "pagat",
            "partijen": 2,
            "deals_per_partij": 20,
        },
    )
    spring = Competition.objects.get(slug="spring")
    assert (spring.rule_set, spring.rules) == (None, "pagat")  # a preset: by code


def test_the_next_evening_plays_by_the_seasons_set_not_a_strangers(
    club, club_set, make_user
):
    """The defect's story: the set's maker renames it, a stranger loads a
    file under the freed code, the season plays by the stranger's rules."""
    season = Competition.objects.create(club=club, name="W", slug="w", rules="club")
    club_set.slug = "renamed"
    with pytest.raises(Exception, match="the code stays"):
        club_set.save()
    stranger = {
        "format": "rikscore.rules",
        "version": 1,
        "name": "Piek 1500",
        "slug": "club",
        "preset": "nl",
        "overrides": {"contracts": {"piek": {"value": 1500}}},
    }
    assert import_rule_set(stranger, make_user("stranger")).slug == "club-2"
    event = create_evening(season, DAY, four(club))
    assert event.rules == "club"
    assert event.schedule.contract("piek").value == 25


def test_the_evening_takes_the_rules_from_the_reference(club, club_set):
    season = Competition.objects.create(club=club, name="W", slug="w", rules="club")
    Competition.objects.filter(pk=season.pk).update(rules="something-else")
    season.refresh_from_db()
    assert create_evening(season, DAY, four(club)).rules == "club"


def test_a_set_a_season_uses_cannot_be_deleted(club, club_set):
    Competition.objects.create(club=club, name="W", slug="w", rules="club")
    with pytest.raises(ProtectedError):
        club_set.delete()


def test_a_season_whose_rules_are_gone_is_refused_with_a_message(secretary, club):
    season = Competition.objects.create(club=club, name="W", slug="w", rules="gone")
    assert season.rule_set is None and season.rules == "gone"
    with pytest.raises(RulesGoneError):
        create_evening(season, DAY, [])
    players = [p.pk for p in four(club)]
    response = secretary.post(
        reverse("td:season-new-evening", args=["w"]),
        {"date": "2027-01-05", "players": players},
        follow=True,
    )
    assert response.status_code == 200
    assert "rule schedule “gone” no longer exists" in response.content.decode()
    assert not season.evenings.exists()
