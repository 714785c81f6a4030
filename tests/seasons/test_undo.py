"""Undo in a season: an evening deleted (the last at once, an earlier one
after a confirmation), the whole season deleted (its code typed), each with
a season log line that outlives the season; the ratings worked out again,
the evenings' cached pages fresh; only the club's organisers and staff."""

import pytest
from django.core.cache import cache
from django.urls import reverse

from seasons.models import Competition, Evening, Rating, RatingsDue, SeasonLog, Team
from seasons.services import next_number, season_standings
from seasons.undo import (
    ConfirmationNeededError,
    UndoRefusedError,
    delete_evening,
    delete_season,
)
from tournaments.models import AuditLog, Player, Seat, Tournament
from tournaments.page_versions import version_key


@pytest.fixture(autouse=True)
def english(client):
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"


@pytest.fixture
def secretary(make_user, season):
    return make_user("secretary", organiser=True, clubs=[season.club])


@pytest.fixture
def as_secretary(client, secretary):
    client.force_login(secretary)
    return client


def evening(season, number) -> Evening:
    return season.evenings.select_related("tournament").get(number=number)


def ratings():
    return sorted(
        Rating.objects.values_list("player_id", "tournament_id", "mu", "sigma")
    )


# --- an evening ---


def test_the_last_evening_goes_at_once_with_everything_in_it(season, secretary):
    last = evening(season, 4)
    event_pk = last.tournament_id
    detail = delete_evening(last, secretary)
    assert list(season.evenings.values_list("number", flat=True)) == [1, 2, 3]
    assert not Tournament.objects.filter(pk=event_pk).exists()
    assert not Seat.objects.filter(table__round__tournament_id=event_pk).exists()
    assert not AuditLog.objects.filter(tournament_id=event_pk).exists()
    assert season_standings(season).evenings == [1, 2, 3]
    assert next_number(season) == 4  # the last one was a mistake: its number again
    line = SeasonLog.objects.get(action="evening.delete")
    assert (line.competition, line.user) == (season, secretary)
    assert line.detail["number"] == 4 and line.detail["event"] == detail["event"]
    assert line.detail["later_evenings"] == []


def test_an_earlier_evening_goes_only_once_confirmed_and_later_ones_keep_numbers(
    season,
):
    second = evening(season, 2)
    with pytest.raises(ConfirmationNeededError):
        delete_evening(second)
    assert season.evenings.count() == 4
    assert not SeasonLog.objects.exists()
    delete_evening(second, confirmed=True)
    assert list(season.evenings.values_list("number", flat=True)) == [1, 3, 4]
    assert season_standings(season).evenings == [1, 3, 4]
    assert next_number(season) == 5
    assert SeasonLog.objects.get().detail["later_evenings"] == [3, 4]


def test_the_page_asks_first_and_says_what_follows(as_secretary, season):
    url = reverse("td:season-delete-evening", args=[season.slug, 2])
    page = as_secretary.get(url).content.decode()
    assert "keep their numbers" in page and "season ranking loses" in page
    asked = as_secretary.post(url)  # the button without the confirmation
    assert asked.status_code == 200 and "keep their numbers" in asked.content.decode()
    assert season.evenings.filter(number=2).exists()
    done = as_secretary.post(url, {"confirmed": "1"})
    assert done.status_code == 302
    assert not season.evenings.filter(number=2).exists()
    last = reverse("td:season-delete-evening", args=[season.slug, 4])
    assert "keep" not in as_secretary.get(last).content.decode()
    assert as_secretary.post(last).status_code == 302  # the last: no second step
    assert list(season.evenings.values_list("number", flat=True)) == [1, 3]
    missing = reverse("td:season-delete-evening", args=[season.slug, 9])
    assert as_secretary.get(missing).status_code == 404


def test_the_ratings_are_worked_out_again_without_it(
    season, django_capture_on_commit_callbacks
):
    from seasons.ratings import recompute_ratings

    recompute_ratings()
    last = evening(season, 4)
    gone = last.tournament_id
    assert Rating.objects.filter(tournament_id=gone).exists()
    with django_capture_on_commit_callbacks(execute=True):
        delete_evening(last)
    assert not Rating.objects.filter(tournament_id=gone).exists()
    assert not RatingsDue.objects.exists()  # worked off after the "response"
    after = ratings()
    recompute_ratings()
    assert ratings() == after


def test_ratings_are_marked_due_for_everything(season):
    delete_evening(evening(season, 4))
    assert RatingsDue.objects.filter(tournament_id=None).exists()


def test_the_cached_pages_are_fresh(season, django_capture_on_commit_callbacks):
    last, first = evening(season, 4), evening(season, 1)
    cache.set(version_key(last.tournament.slug), "stale", 60)
    before = first.tournament.version
    with django_capture_on_commit_callbacks(execute=True):
        delete_evening(last)
    assert cache.get(version_key(last.tournament.slug)) is None
    first.tournament.refresh_from_db()
    assert first.tournament.version > before


# --- the season ---


def test_the_season_goes_only_with_its_code_typed(season, secretary):
    with pytest.raises(UndoRefusedError, match=season.slug):
        delete_season(season, "something else", secretary)
    assert Competition.objects.filter(pk=season.pk).exists()
    assert not SeasonLog.objects.exists()


def test_the_whole_season_goes_and_its_log_line_stays(season, secretary):
    events = list(season.evenings.values_list("tournament_id", flat=True))
    players = Player.objects.count()
    label = f"{season.name} ({season.slug})"
    delete_season(season, f" {season.slug} ", secretary)
    assert not Competition.objects.filter(slug=season.slug).exists()
    assert not Tournament.objects.filter(pk__in=events).exists()
    assert not Evening.objects.exists() and not Team.objects.exists()
    assert Player.objects.count() == players  # the register stays
    assert RatingsDue.objects.filter(tournament_id=None).exists()
    line = SeasonLog.objects.get(action="season.delete")
    assert line.competition is None and line.season == label
    assert line.user == secretary
    assert [e["number"] for e in line.detail["evenings"]] == [1, 2, 3, 4]


def test_the_season_page_deletes_after_the_code(as_secretary, season):
    url = reverse("td:season-delete", args=[season.slug])
    page = as_secretary.get(url).content.decode()
    assert season.slug in page and "cannot be undone" in page
    wrong = as_secretary.post(url, {"code": "nope"})
    assert wrong.status_code == 200 and "to confirm" in wrong.content.decode()
    assert Competition.objects.filter(pk=season.pk).exists()
    done = as_secretary.post(url, {"code": season.slug})
    assert done.status_code == 302 and done.url == reverse("td:seasons")
    assert not Competition.objects.filter(pk=season.pk).exists()


def test_the_admin_deletes_a_season_the_same_way(admin_client, season):
    events = list(season.evenings.values_list("tournament_id", flat=True))
    url = reverse("admin:seasons_competition_delete", args=[season.pk])
    assert admin_client.post(url, {"post": "yes"}).status_code == 302
    assert not Tournament.objects.filter(pk__in=events).exists()
    line = SeasonLog.objects.get(action="season.delete")
    assert line.detail["via"] == "admin"
    log_url = reverse("admin:seasons_seasonlog_change", args=[line.pk])
    assert admin_client.get(log_url).status_code == 200  # readable
    assert admin_client.post(log_url, {"action": "x"}).status_code == 403
    assert (
        admin_client.get(reverse("admin:seasons_evening_changelist")).status_code == 200
    )


# --- who may ---


@pytest.mark.parametrize(
    "name,args,data",
    [
        ("td:season-delete-evening", (4,), {"confirmed": "1"}),
        ("td:season-delete", (), {"code": "SLUG"}),
        ("td:season-close", (), {"closed": "1"}),
        ("td:season-reopen", (), {"reason": "a mistake"}),
    ],
)
def test_only_the_clubs_organisers_and_staff(
    client, make_user, season, name, args, data
):
    url = reverse(name, args=[season.slug, *args])
    data = {k: v.replace("SLUG", season.slug) for k, v in data.items()}
    assert client.post(url, data).status_code == 302  # to the login page
    assert "login" in client.post(url, data).url
    client.force_login(make_user("stranger", organiser=True))
    assert client.get(url).status_code == 403
    assert client.post(url, data).status_code == 403
    assert season.evenings.count() == 4
    assert Competition.objects.filter(pk=season.pk, closed=False).exists()
    assert not SeasonLog.objects.exists()
    client.force_login(make_user("staff", is_staff=True))
    assert client.post(url, data).status_code == 302
