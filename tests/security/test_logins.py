"""Logins: locked out after repeated failures (django-axes); the demo's
account is refused when the site runs in production mode."""

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError


@pytest.mark.django_db
def test_five_wrong_passwords_lock_the_name_out(client, make_user):
    make_user("td")  # password "pw"
    for _ in range(5):
        response = client.post(
            "/accounts/login/", {"username": "td", "password": "wrong"}
        )
        assert response.status_code in (200, 429)
    response = client.post("/accounts/login/", {"username": "td", "password": "pw"})
    assert response.status_code == 429
    assert "_auth_user_id" not in client.session


@pytest.mark.django_db
def test_a_right_password_logs_in(client, make_user):
    make_user("td")
    response = client.post("/accounts/login/", {"username": "td", "password": "pw"})
    assert response.status_code == 302 and "_auth_user_id" in client.session


@pytest.mark.django_db
def test_the_demo_login_is_refused_in_production(client, settings):
    # the demo's login, not its season (10 of its 12 s)
    call_command("load_demo", "--without-season", verbosity=0)
    settings.PRODUCTION = True
    response = client.post("/accounts/login/", {"username": "td", "password": "rikken"})
    assert response.status_code == 200  # the form again, with its error
    assert "_auth_user_id" not in client.session
    with pytest.raises(CommandError, match="production"):
        call_command("load_demo", "--without-season", verbosity=0)
    settings.PRODUCTION = False
    response = client.post("/accounts/login/", {"username": "td", "password": "rikken"})
    assert response.status_code == 302


@pytest.mark.django_db
def test_a_name_longer_than_the_lockout_stores_is_a_wrong_login(client, make_user):
    """The lockout keeps at most 255 characters of a name (PostgreSQL
    refused a longer one with a 500): a name longer than any account is
    counted cut, and refused as any wrong login."""
    make_user("td")
    for length in (151, 256, 5000):
        response = client.post(
            "/accounts/login/", {"username": "u" * length, "password": "x"}
        )
        assert response.status_code == 200, length
    assert "_auth_user_id" not in client.session
