"""Every TD URL refuses anonymous visitors and other tournaments' TDs (403)."""

import pytest
from django.urls import reverse

from tournaments.models import TournamentRole


def td_urls(t):
    s = t.slug
    role = t.roles.first()
    entry = t.entries.first()
    names = [
        ("td:event", [s]),
        ("td:settings", [s]),
        ("td:role-add", [s]),
        ("td:audit", [s]),
        ("td:entries", [s]),
        ("td:entry-quick", [s]),
        ("td:checkin-all", [s]),
        ("td:jury", [s]),
        ("td:role-remove", [s, role.pk]),
        ("td:entry-action", [s, entry.pk]),
        ("td:round", [s, 1]),
        ("td:seat", [s, 1]),
        ("td:swap", [s, 1]),
        ("td:round-close", [s, 1]),
        ("td:round-reopen", [s, 1]),
        ("td:round-publish", [s, 1]),
    ]
    return [reverse(name, args=args) for name, args in names]


@pytest.fixture
def event_with_td(small_event, make_user):
    owner = make_user("owner")
    TournamentRole.objects.create(tournament=small_event, user=owner, role="td")
    return small_event


@pytest.mark.django_db
@pytest.mark.parametrize("method", ["get", "post"])
def test_it_sends_anonymous_visitors_to_the_login_page(client, event_with_td, method):
    before = event_with_td.audit.count()
    for url in [
        *td_urls(event_with_td),
        "/manage/",
        "/manage/new/",
        "/players/",
        "/clubs/",
    ]:
        response = getattr(client, method)(url)
        assert response.status_code == 302, url
        assert response["Location"].startswith("/accounts/login/?next="), url
    assert event_with_td.audit.count() == before


@pytest.mark.django_db
@pytest.mark.parametrize("method", ["get", "post"])
def test_it_refuses_another_tournaments_td(
    client, event_with_td, fresh_event, make_user, method
):
    other = make_user("other")
    TournamentRole.objects.create(tournament=fresh_event, user=other, role="td")
    client.force_login(other)
    before = event_with_td.audit.count()
    for url in td_urls(event_with_td):
        response = getattr(client, method)(url, {"publish": "1", "action": "withdraw"})
        assert response.status_code == 403, url
    assert event_with_td.audit.count() == before


@pytest.mark.django_db
def test_it_refuses_the_register_to_users_without_a_role(client, make_user):
    client.force_login(make_user("nobody"))
    assert client.get("/players/").status_code == 403
    assert client.post("/clubs/", {"name": "X"}).status_code == 403
    assert client.get("/manage/").status_code == 200


@pytest.mark.django_db
def test_it_lets_the_jury_in_on_the_jury_page_only(client, event_with_td, make_user):
    juror = make_user("juror")
    TournamentRole.objects.create(tournament=event_with_td, user=juror, role="jury")
    client.force_login(juror)
    slug = event_with_td.slug
    assert client.get(f"/manage/{slug}/jury/").status_code == 200
    assert client.get(f"/manage/{slug}/").status_code == 403
    assert client.post(f"/manage/{slug}/round/1/close/").status_code == 403


@pytest.mark.django_db
def test_it_shows_a_friendly_403_to_a_stranger(client, event_with_td, make_user):
    client.force_login(make_user("stranger"))
    response = client.get(f"/manage/{event_with_td.slug}/")
    assert response.status_code == 403
    assert b"/accounts/login/?next=" in response.content  # log in as someone else


@pytest.mark.django_db
def test_only_organisers_create_events(client, make_user):
    client.force_login(make_user("td-somewhere"))
    assert client.get("/manage/new/").status_code == 403
    assert client.post("/manage/new/", {"name": "X", "slug": "x"}).status_code == 403
    client.force_login(make_user("organiser", organiser=True))
    assert client.get("/manage/new/").status_code == 200


@pytest.mark.django_db
def test_staff_may_use_every_events_td_pages(client, event_with_td, make_user):
    """docs/roles.md: staff may do everything; the TD pages let only
    superusers in before."""
    client.force_login(make_user("staff", is_staff=True))
    for url in td_urls(event_with_td):
        assert client.get(url).status_code in (200, 405), url  # 405: POST only
    assert client.get(td_urls(event_with_td)[0]).status_code == 200
    assert event_with_td.name in client.get("/manage/").content.decode()


# ---- staff start on a fresh site (issue 36, finding 6) ---------------------------
@pytest.fixture(scope="module")
def backups(django_db_setup, django_db_blocker):
    """An event backup and a season backup, written by a site that is then
    rolled back: the tests start on an empty site (no club, no event)."""
    import json

    from django.db import transaction

    from demo.events import generate_event
    from demo.season import generate_season
    from documents.event_backup import export_event
    from documents.season_backup import export_competition

    with django_db_blocker.unblock(), transaction.atomic():
        event = json.dumps(export_event(generate_event("open", 8, 1, 4, seed=3)))
        season = generate_season(
            "najaar", players=8, evenings=2, deals=4, seed=3, attendance=(8, 8)
        )
        season = json.dumps(export_competition(season))
        transaction.set_rollback(True)
    return {"event": event, "season": season}


@pytest.fixture
def staff_client(client, make_user):
    """Staff (the admin site's flag), not a superuser, with no role anywhere."""
    client.force_login(make_user("staff", is_staff=True))
    return client


def _upload(client, url, body, **fields):
    from django.core.files.uploadedfile import SimpleUploadedFile

    file = SimpleUploadedFile("backup.json", body.encode(), "application/json")
    return client.post(url, {"file": file, **fields})


def _empty_site() -> bool:
    from seasons.models import Competition
    from tournaments.models import Club, Tournament

    return not (
        Club.objects.exists()
        or Tournament.objects.exists()
        or Competition.objects.exists()
    )


@pytest.mark.django_db
def test_staff_create_the_first_event_of_an_empty_site(staff_client):
    from tests.td.test_manage import NEW
    from tournaments.models import Tournament

    assert _empty_site()
    home = staff_client.get("/manage/").content.decode()
    assert 'href="/manage/new/"' in home and 'href="/import/tournament/"' in home
    assert staff_client.get("/manage/new/").status_code == 200
    response = staff_client.post("/manage/new/", NEW)
    assert response.status_code == 302
    assert Tournament.objects.get(slug="open").roles.filter(role="td").exists()


@pytest.mark.django_db
def test_staff_import_an_event_backup_into_an_empty_site(staff_client, backups):
    from tournaments.models import Club, Player, Tournament

    assert _empty_site()
    assert staff_client.get("/import/tournament/").status_code == 200
    response = _upload(staff_client, "/import/tournament/", backups["event"])
    assert response.status_code == 302
    event = Tournament.objects.get(slug="open")
    assert event.entries.count() == 8
    # the file's clubs are made, and its players are their members
    assert Club.objects.exists()
    assert not Player.objects.filter(club__isnull=True).exists()


@pytest.mark.django_db
def test_staff_import_a_season_backup_into_an_empty_site(staff_client, backups):
    from seasons.models import Competition

    assert _empty_site()
    seasons = staff_client.get("/manage/seasons/").content.decode()
    assert 'href="/manage/seasons/import/"' in seasons
    assert staff_client.get("/manage/seasons/import/").status_code == 200
    response = _upload(staff_client, "/manage/seasons/import/", backups["season"])
    assert response.status_code == 302
    season = Competition.objects.get(slug="najaar")
    assert season.club.name == "De Vrolijke Rikkers"  # a missing club is made
    assert season.evenings.count() == 2


@pytest.mark.django_db
def test_whoever_may_not_import_sees_no_import_link_and_is_refused(
    client, make_user, backups
):
    from tournaments.models import Tournament

    client.force_login(make_user("nobody"))
    assert "/import/tournament/" not in client.get("/manage/").content.decode()
    seasons = client.get("/manage/seasons/").content.decode()
    assert "/manage/seasons/import/" not in seasons
    assert _upload(client, "/import/tournament/", backups["event"]).status_code == 403
    response = _upload(client, "/manage/seasons/import/", backups["season"])
    assert response.status_code == 403
    assert not Tournament.objects.exists()


@pytest.mark.django_db
def test_an_organiser_of_no_club_is_sent_to_add_the_club_first(client, make_user):
    client.force_login(make_user("organiser", organiser=True))
    page = client.get("/manage/seasons/").content.decode()
    assert 'href="/clubs/">add the club</a>' in page
    assert "/manage/seasons/import/" not in page
    assert 'href="/import/tournament/"' in client.get("/manage/").content.decode()


@pytest.mark.django_db
def test_a_refused_site_page_says_why_not_that_it_is_another_tournament(
    client, make_user
):
    client.force_login(make_user("nobody"))
    reasons = {
        "/manage/new/": "Creating tournaments is for organisers",
        "/import/tournament/": "Creating tournaments is for organisers",
        "/manage/seasons/import/": "Seasons are run by a club's organisers",
        "/players/": "The player register and the clubs are for",
        "/clubs/": "The player register and the clubs are for",
    }
    for url, reason in reasons.items():
        page = client.get(url)
        assert page.status_code == 403, url
        text = page.content.decode().replace("&#x27;", "'")
        assert reason in text, url
        assert "a tournament you do not direct" not in text, url
