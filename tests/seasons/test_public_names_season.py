"""The season's public pages name players as each chose (issue 28): hidden
("Player 12"), short ("Krelis K."), or full; the TD's season pages and the
club's exports keep the full name, with what tells two members apart."""

import re

import pytest
from django.urls import reverse
from django.utils import translation

from seasons.month import prize_lists
from seasons.services import season_standings, teams_of
from seasons.stats_service import club_season
from tournaments.models import Player
from tournaments.people import for_public

HIDDEN, SHORT = "Zwaantje Verborgen", "Krelis Kortenaam"


@pytest.fixture
def named(season):
    """Two members of the season's first team: one hidden (with a mark that
    would tell who it is), one short (with a mark that tells it apart)."""
    team = season.teams.order_by("pk").first()
    hidden, short = team.members.order_by("pk")[:2]
    Player.objects.filter(pk=hidden.pk).update(
        name=HIDDEN, distinction="dochter van Verborgen", public_name="hidden"
    )
    Player.objects.filter(pk=short.pk).update(
        name=SHORT, distinction="1978", public_name="short"
    )
    last = season.evenings.order_by("-number").first()
    last.prize_evening = True
    last.save(update_fields=["prize_evening"])
    return season, hidden.pk, short.pk


def pseudonym(pk: int) -> re.Pattern:
    return re.compile(rf"\b(?:Speler|Player) {pk}\b")


def test_the_public_season_ranking_names_players_as_they_chose(named):
    season, hidden, short = named
    with for_public(), translation.override("en"):
        names = season_standings(season, public=True).names
        members = dict(m for *_team, ms in teams_of(competition=season) for m in ms)
        lines = [line for month in prize_lists(season, True) for line in month.lines]
    prizes = {line["player"]: line["name"] for line in lines}
    assert names[hidden] == members[hidden] == f"Player {hidden}"
    # the distinction (a birth year) is the organisers' unless the member
    # chose to show it (``Player.distinction_public``, issue 38)
    assert names[short] == members[short] == "Krelis K."
    assert prizes[hidden] == f"Player {hidden}"
    assert prizes[short] == "Krelis K."


def test_the_td_sees_the_full_names_with_their_marks(named):
    season, hidden, short = named
    names = season_standings(season).names
    members = dict(m for *_team, ms in teams_of(competition=season) for m in ms)
    assert names[hidden] == members[hidden] == f"{HIDDEN} (dochter van Verborgen)"
    assert names[short] == members[short] == f"{SHORT} (1978)"


def test_the_club_page_lists_the_public_forms(named):
    season, hidden, _short = named
    with for_public(), translation.override("en"):
        players = {name for _id, name, _n in club_season(season.club).players}
    assert f"Player {hidden}" in players and "Krelis K." in players
    assert not [n for n in players if "1978" in n]
    assert not [n for n in players if "Verborgen" in n or "Kortenaam" in n]


@pytest.mark.parametrize(
    "url",
    [
        "public:season",
        "public:season-teams",
        "public:season-notice-board",
        "public:club",
        "public:season-player",
        "public:ratings",
        "public:rating-history",
    ],
)
def test_no_season_page_names_a_hidden_or_short_player(client, named, url):
    from seasons.ratings import recompute_ratings

    season, hidden, _short = named
    recompute_ratings()
    public_id = Player.objects.get(pk=hidden).public_id
    args = {
        "public:club": [season.club_id],
        "public:season-player": [season.slug, public_id],
        "public:ratings": [],
        "public:rating-history": [public_id],
    }.get(url, [season.slug])
    response = client.get(reverse(url, args=args))
    assert response.status_code == 200
    html = response.content.decode()
    assert "Verborgen" not in html and "Kortenaam" not in html
    assert pseudonym(hidden).search(html)
    assert "1978" not in html  # a birth year is not the public's
    if url not in ("public:season-player", "public:rating-history"):
        assert "Krelis K." in html


def test_the_td_season_page_shows_the_full_names(client, named, make_user):
    season, _hidden, _short = named
    client.force_login(make_user("secretary", organiser=True, clubs=[season.club]))
    html = client.get(reverse("td:season", args=[season.slug])).content.decode()
    assert f"{HIDDEN} (dochter van Verborgen)" in html
    assert f"{SHORT} (1978)" in html
