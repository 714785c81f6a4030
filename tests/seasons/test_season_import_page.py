"""A season backup restored from the web (``/manage/seasons/import/``): by the
organisers of the club the file names and by staff; anyone else is refused
before anything is stored; a bad file names its place and stores nothing."""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from documents.season_backup import export_competition
from seasons.models import Competition
from seasons.ratings import Rating
from tournaments.models import Club, Tournament, TournamentRole

URL = "/manage/seasons/import/"


@pytest.fixture(autouse=True)
def english(client):
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"


def upload(client, data, **fields):
    body = data if isinstance(data, bytes) else json.dumps(data).encode()
    file = SimpleUploadedFile("season.json", body, "application/json")
    return client.post(URL, {"file": file, **fields})


def counts() -> tuple[int, int]:
    return Competition.objects.count(), Tournament.objects.count()


def test_the_url_is_the_seasons_import():
    assert reverse("documents:import-season") == URL


def test_the_clubs_organiser_restores_the_season_with_its_ratings(
    client, make_user, season, django_capture_on_commit_callbacks
):
    user = make_user("secretary", clubs=[season.club])
    client.force_login(user)
    assert "Import a season from a backup" in client.get(URL).content.decode()
    data = export_competition(season)
    for evening in season.evenings.all():  # lost: the backup restores them
        evening.tournament.delete()
    Rating.objects.all().delete()
    with django_capture_on_commit_callbacks(execute=True):
        response = upload(client, data, slug="najaar-copy")
    copy = Competition.objects.get(slug="najaar-copy")
    assert response.status_code == 302
    assert response.url == reverse("td:season", args=[copy.slug])
    assert copy.club == season.club and copy.evenings.count() == 4
    events = [e.tournament for e in copy.evenings.all()]
    assert all(
        TournamentRole.objects.filter(tournament=t, user=user).exists() for t in events
    )
    assert Rating.objects.filter(tournament__in=events).exists()
    page = client.get(response.url).content.decode()
    assert "with 4 evenings" in page


def test_an_organiser_of_another_club_is_refused_and_nothing_stored(
    client, make_user, season
):
    other = Club.objects.create(name="De Troef")
    client.force_login(make_user("neighbour", clubs=[other]))
    data = export_competition(season)
    before = counts()
    page = upload(client, data).content.decode()
    assert "Refused at club" in page and season.club.name in page
    assert counts() == before


def test_only_staff_bring_in_a_club_that_does_not_exist(client, make_user, season):
    data = export_competition(season)
    data["club"] = "Nieuwe Club"
    client.force_login(make_user("secretary", clubs=[season.club]))
    assert "Refused at club" in upload(client, data).content.decode()
    client.force_login(make_user("boss", is_staff=True))
    assert upload(client, data).status_code == 302
    assert Competition.objects.filter(club__name="Nieuwe Club").count() == 1


def test_who_runs_no_club_gets_403_and_anonymous_the_login(client, make_user):
    assert client.get(URL).status_code == 302
    client.force_login(make_user("stranger", organiser=True))
    assert client.get(URL).status_code == 403
    assert client.post(URL).status_code == 403


@pytest.mark.parametrize(
    "damage, where",
    [
        (lambda d: d["competition"].update(method="best"), "competition.method"),
        (
            lambda d: d["evenings"][2]["event"]["rounds"][0]["tables"][0]["deals"][0][
                "scores"
            ].clear(),
            "evenings[2].event.rounds[0].tables[0].deals[0].scores",
        ),
        (lambda d: d.update(format="rikscore.event"), "format"),
    ],
    ids=["setting", "a deal of the third evening", "an event backup"],
)
def test_a_bad_file_names_its_place_and_stores_nothing(
    client, make_user, season, damage, where
):
    client.force_login(make_user("secretary", clubs=[season.club]))
    data = json.loads(json.dumps(export_competition(season)))
    damage(data)
    before = counts()
    page = upload(client, data).content.decode()
    assert f"Refused at {where}" in page, page[:3000]
    assert counts() == before


def test_not_json_and_too_large_are_named(client, make_user, season, monkeypatch):
    client.force_login(make_user("secretary", clubs=[season.club]))
    assert "Refused at /" in upload(client, b"\x00not json").content.decode()
    monkeypatch.setattr("documents.views_season.MAX_UPLOAD", 10)
    page = upload(client, export_competition(season)).content.decode()
    assert "The file is too large." in page


def test_the_command_restores_the_season_and_rates_it(
    season, tmp_path, django_capture_on_commit_callbacks
):
    from io import StringIO

    from django.core.management import call_command

    path = tmp_path / "season.json"
    path.write_text(json.dumps(export_competition(season)))
    from seasons.ratings import recompute_ratings

    recompute_ratings()
    rated = sorted(Rating.objects.values_list("player_id", "ordinal"))
    out = StringIO()
    with django_capture_on_commit_callbacks(execute=True):
        call_command("import_competition", str(path), "--slug", "copy", stdout=out)
    copy = Competition.objects.get(slug="copy")  # beside its original: the same
    assert not Rating.objects.filter(tournament__evening__competition=copy).exists()
    assert sorted(Rating.objects.values_list("player_id", "ordinal")) == rated
    for evening in [*season.evenings.all(), *copy.evenings.all()]:
        evening.tournament.delete()  # both lost: the backup restores them
    Rating.objects.all().delete()
    with django_capture_on_commit_callbacks(execute=True):
        call_command("import_competition", str(path), "--slug", "terug", stdout=out)
    assert "its results rated" in out.getvalue()
    restored = Competition.objects.get(slug="terug")
    assert Rating.objects.filter(tournament__evening__competition=restored).exists()
