"""Two members who are one person become one (``tournaments.merge``): every
reference moves to the one kept, refused when both played in one event."""

import pytest
from django.utils import translation

from seasons.models import Rating, RatingsDue, Team
from tournaments.merge import MergeRefusedError, merge_players
from tournaments.models import AuditLog, Club, Entry, Player

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def english(client):
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"


@pytest.fixture
def club():
    return Club.objects.create(name="Rikclub Proef")


@pytest.fixture
def twins(club, small_event):
    """The event's first player, and a double stored before the rule."""
    keep = small_event.entries.first().player
    keep.club = club
    keep.save()
    gone = Player.objects.bulk_create([Player(name=keep.name, club=club)])[0]
    return keep, gone


def test_everything_moves_to_the_player_kept(small_event, twins):
    from demo.events import generate_event

    keep, gone = twins
    other = generate_event("other", 4, 1, 1, rules="nl", seed=3)
    entry = other.entries.first()
    moved = entry.player
    Entry.objects.filter(pk=entry.pk).update(player=gone)
    moved.delete()
    gone.email = "sanne@example.org"
    gone.save()
    team = Team.objects.create(name="T", tournament=small_event)
    team.members.add(gone)
    both = Team.objects.create(name="B", tournament=small_event)
    both.members.add(gone, keep)
    Rating.objects.create(
        player=gone, tournament=other, mu=25, sigma=8, ordinal=1, events=1
    )
    version = other.version
    RatingsDue.objects.all().delete()

    merge_players(keep, gone)

    assert not Player.objects.filter(pk=gone.pk).exists()
    assert Entry.objects.get(pk=entry.pk).player == keep
    assert list(team.members.all()) == [keep]
    assert list(both.members.all()) == [keep]
    assert Rating.objects.get(tournament=other).player == keep
    keep.refresh_from_db()
    assert keep.email == "sanne@example.org"  # a blank field filled
    other.refresh_from_db()
    assert other.version > version
    assert RatingsDue.objects.filter(tournament_id=None).exists()
    line = AuditLog.objects.get(tournament=other, action="player.merge")
    assert line.detail["gone"] == gone.name


def test_two_players_of_one_event_are_two_people(small_event, twins):
    keep, gone = twins
    Entry.objects.create(tournament=small_event, player=gone)
    with (
        translation.override("en"),
        pytest.raises(MergeRefusedError, match="both played in"),
    ):
        merge_players(keep, gone)
    assert Player.objects.filter(pk=gone.pk).exists()


def test_only_the_clubs_organisers_merge(make_user, twins):
    keep, gone = twins
    stranger = make_user("stranger", clubs=[Club.objects.create(name="Elders")])
    with pytest.raises(MergeRefusedError):
        merge_players(keep, gone, stranger)
    merge_players(keep, gone, make_user("sec", clubs=[keep.club]))
    assert not Player.objects.filter(pk=gone.pk).exists()


def test_the_page_confirms_then_merges(client, make_user, twins):
    keep, gone = twins
    client.force_login(make_user("sec", clubs=[keep.club]))
    register = client.get("/players/").content.decode()
    url = f"/players/{keep.pk}/merge/{gone.pk}/"
    assert url in register  # the pair is marked with its merge link
    page = client.get(url)
    assert page.status_code == 200 and "cannot be undone" in page.content.decode()
    assert client.post(url).status_code == 302
    assert not Player.objects.filter(pk=gone.pk).exists()


def test_the_page_refuses_with_the_reason(client, make_user, small_event, twins):
    keep, gone = twins
    Entry.objects.create(tournament=small_event, player=gone)
    client.force_login(make_user("sec", clubs=[keep.club]))
    url = f"/players/{keep.pk}/merge/{gone.pk}/"
    page = client.get(url).content.decode()
    assert "two people" in page and 'type="submit"' not in page.split("<main")[-1]
    assert client.post(url).status_code == 400
    assert Player.objects.filter(pk=gone.pk).exists()


def test_an_organiser_of_another_club_gets_403(client, make_user, twins):
    keep, gone = twins
    client.force_login(make_user("x", clubs=[Club.objects.create(name="Elders")]))
    assert client.get(f"/players/{keep.pk}/merge/{gone.pk}/").status_code == 403
