"""Public pages name only people who played in a round the public
may see, and their addresses carry no counting id: a player is reached by an
opaque public identifier; an event's player page by the entry, for entries
that took part in a public round of that event. Everyone else is a 404,
the same as an unknown address."""

import re

import pytest
from django.urls import reverse

from seasons.models import Rating
from tournaments.models import Entry, Player, Round
from tournaments.page_versions import touch

pytestmark = pytest.mark.django_db
COUNTING = re.compile(r'href="/(?:ratings|s/[-\w]+/player)/\d+/"')


def url(name, *args):
    return reverse(f"public:{name}", args=args)


@pytest.fixture
def season(db):
    from demo.season import generate_season
    from seasons.ratings import recompute_ratings

    season = generate_season(
        "club", players=10, evenings=2, deals=4, seed=3, attendance=(8, 10)
    )
    recompute_ratings()
    return season


@pytest.fixture
def unpublished_only(season) -> Player:
    """A player whose one evening is not published yet (rated earlier,
    before the round was taken back: a stale rating)."""
    player = Player.objects.create(name="Nog Niet Gepubliceerd")
    last = season.evenings.order_by("-number").first().tournament
    seat = last.round_set.get(number=2).tables.first().seats.first()
    entry = Entry.objects.create(tournament=last, player=player)
    type(seat).objects.filter(pk=seat.pk).update(entry=entry)
    Round.objects.filter(tournament=last, number=2).update(published=False)
    Rating.objects.create(
        player=player, tournament=last, mu=40, sigma=1, ordinal=37, events=9
    )
    return player


def test_walking_the_rating_ids_names_nobody(client, season):
    Player.objects.create(name="Alleen In Het Register")
    for pk in Player.objects.values_list("pk", flat=True):
        assert client.get(f"/ratings/{pk}/").status_code == 404, pk


def test_every_player_gets_an_opaque_public_identifier(db):
    made = [Player.objects.create(name=f"P{i}") for i in range(50)]
    made += Player.objects.bulk_create([Player(name=f"B{i}") for i in range(50)])
    ids = {p.public_id for p in made}
    assert len(ids) == 100
    assert all(re.fullmatch(r"[-\w]{12}", i) and not i.isdigit() for i in ids)
    assert Player.objects.filter(public_id__in=ids).count() == 100


def test_the_rating_pages_name_only_who_played_a_public_round(
    client, season, unpublished_only
):
    page = client.get(url("ratings")).content.decode()
    assert "Nog Niet Gepubliceerd" not in page and not COUNTING.search(page)
    rated = Rating.objects.exclude(player=unpublished_only).first().player
    assert url("rating-history", rated.public_id) in page
    assert client.get(url("rating-history", rated.public_id)).status_code == 200
    stranger = Player.objects.create(name="Alleen In Het Register")
    for nobody in (stranger, unpublished_only):
        assert client.get(url("rating-history", nobody.public_id)).status_code == 404
    assert client.get(url("rating-history", "no-such-id00")).status_code == 404


def test_a_season_player_is_reached_by_the_public_identifier(
    client, season, unpublished_only
):
    club = client.get(url("club", season.club_id)).content.decode()
    assert "Nog Niet Gepubliceerd" not in club and not COUNTING.search(club)
    regular = (
        Player.objects.filter(entries__seats__isnull=False)
        .exclude(pk=unpublished_only.pk)
        .first()
    )
    path = url("season-player", season.slug, regular.public_id)
    assert path in club and client.get(path).status_code == 200
    assert client.get(f"/s/{season.slug}/player/{regular.pk}/").status_code == 404
    hidden = url("season-player", season.slug, unpublished_only.public_id)
    assert client.get(hidden).status_code == 404


def test_a_team_roster_names_only_who_played_a_public_round(
    client, season, unpublished_only
):
    from seasons.models import Team

    regular = (
        Player.objects.filter(entries__seats__isnull=False)
        .exclude(pk=unpublished_only.pk)
        .first()
    )
    stranger = Player.objects.create(name="Alleen In Het Register")
    team = Team.objects.create(name="Ploeg", competition=season)
    team.members.set([regular, stranger, unpublished_only])
    page = client.get(url("season-teams", season.slug)).content.decode()
    assert "Ploeg" in page and regular.name in page
    assert "Alleen In Het Register" not in page
    assert "Nog Niet Gepubliceerd" not in page


def test_an_event_names_only_entries_that_played_a_public_round(client, small_event):
    newcomer = Player.objects.create(name="Laatkomer")
    late = Entry.objects.create(tournament=small_event, player=newcomer)
    for name in ("player", "player-stats"):
        assert client.get(url(name, "small", late.pk)).status_code == 404
    standings = client.get(url("standings", "small")).content.decode()
    assert url("player", "small", late.pk) not in standings
    played = small_event.entries.exclude(pk=late.pk).first()
    assert url("player", "small", played.pk) in standings
    Round.objects.filter(tournament=small_event).update(published=False)
    touch(pk=small_event.pk)  # a new version: nothing cached is shown
    for name in ("player", "player-stats"):
        assert client.get(url(name, "small", played.pk)).status_code == 404
    table = client.get(url("table", "small", 1, 1)).content.decode()
    assert url("player", "small", played.pk) not in table  # no link to a 404


@pytest.mark.django_db(transaction=True)
def test_the_migration_gives_every_existing_player_an_identifier():
    from django.db import connection
    from django.db.migrations.executor import MigrationExecutor

    from tests.upgrade import migrate_to_the_end

    before = [("tournaments", "0010_round_ends_at_tournament_entry_mode")]
    after = [("tournaments", "0011_player_public_id")]
    executor = MigrationExecutor(connection)
    executor.migrate(before)
    old = executor.loader.project_state(before).apps.get_model("tournaments.Player")
    old.objects.bulk_create([old(name=f"Oud {i}") for i in range(30)])
    executor = MigrationExecutor(connection)
    executor.migrate(after)
    ids = list(Player.objects.values_list("public_id", flat=True))
    assert len(ids) == len(set(ids)) == 30 and all(len(i) == 12 for i in ids)
    MigrationExecutor(connection).migrate(before)  # and back
    migrate_to_the_end()  # every later migration too, for the tests after
