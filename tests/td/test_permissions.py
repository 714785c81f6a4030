"""Every TD URL refuses anonymous visitors and other tournaments' TDs (403)."""

import pytest
from django.urls import reverse

from tournaments.models import TournamentRole


def td_urls(t):
    s = t.slug
    role = t.roles.first()
    entry = t.entries.first()
    names = [
        ("tournaments:detail", [s]),
        ("tournaments:td-settings", [s]),
        ("tournaments:td-role-add", [s]),
        ("tournaments:td-audit", [s]),
        ("tournaments:td-entries", [s]),
        ("tournaments:td-entry-quick", [s]),
        ("tournaments:td-checkin-all", [s]),
        ("scoring:td-jury", [s]),
        ("tournaments:td-role-remove", [s, role.pk]),
        ("tournaments:td-entry-action", [s, entry.pk]),
        ("tournaments:td-round", [s, 1]),
        ("tournaments:td-seat", [s, 1]),
        ("tournaments:td-swap", [s, 1]),
        ("tournaments:td-round-close", [s, 1]),
        ("tournaments:td-round-reopen", [s, 1]),
        ("tournaments:td-round-publish", [s, 1]),
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
