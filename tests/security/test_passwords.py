"""Passwords follow Django's four validators (length, common, similar to
the account, all digits) wherever a person chooses one: their own password
change, and the admin's forms for changing or making an account. Accounts
made before (tests' "pw", the demo's) still log in: a login never asks."""

import pytest
from django.contrib.auth import get_user_model

STRONG = "kwartet-harten-negen"

#: (a weak new password, the validator's code that refuses it)
WEAK = [
    ("k4rt3n", "password_too_short"),
    ("password123", "password_too_common"),
    ("20261121", "password_entirely_numeric"),
    ("jandevries1", "password_too_similar"),
]


@pytest.fixture
def member(make_user):
    return make_user("jandevries", email="jan.de.vries@example.org")


@pytest.fixture
def admin_client(client, make_user):
    admin = make_user("root", is_staff=True, is_superuser=True)
    client.force_login(admin)
    return client


def form_errors(response) -> list[str]:
    context = response.context
    form = context["adminform"].form if "adminform" in context else context["form"]
    return [e.code for error in form.errors.as_data().values() for e in error]


@pytest.mark.django_db
@pytest.mark.parametrize("weak, code", WEAK)
def test_a_member_cannot_change_to_a_weak_password(client, member, weak, code):
    client.force_login(member)
    response = client.post(
        "/accounts/password_change/",
        {"old_password": "pw", "new_password1": weak, "new_password2": weak},
    )
    assert response.status_code == 200
    assert code in form_errors(response)
    member.refresh_from_db()
    assert member.check_password("pw")


@pytest.mark.django_db
def test_a_strong_password_is_taken(client, member):
    client.force_login(member)
    response = client.post(
        "/accounts/password_change/",
        {"old_password": "pw", "new_password1": STRONG, "new_password2": STRONG},
    )
    assert response.status_code == 302
    member.refresh_from_db()
    assert member.check_password(STRONG)


@pytest.mark.django_db
@pytest.mark.parametrize("weak, code", WEAK)
def test_the_admin_cannot_set_a_weak_password(admin_client, member, weak, code):
    response = admin_client.post(
        f"/admin/auth/user/{member.pk}/password/",
        {"password1": weak, "password2": weak},
    )
    assert response.status_code == 200
    assert code in form_errors(response)
    member.refresh_from_db()
    assert member.check_password("pw")


@pytest.mark.django_db
def test_the_admin_cannot_make_an_account_with_a_weak_password(admin_client):
    response = admin_client.post(
        "/admin/auth/user/add/",
        {
            "username": "pietjansen",
            "usable_password": "true",
            "password1": "pietjansen",
            "password2": "pietjansen",
        },
    )
    assert response.status_code == 200
    assert "password_too_similar" in form_errors(response)
    assert not get_user_model().objects.filter(username="pietjansen").exists()


@pytest.mark.django_db
def test_an_account_made_before_still_logs_in(client, member):
    response = client.post(
        "/accounts/login/", {"username": "jandevries", "password": "pw"}
    )
    assert response.status_code == 302 and "_auth_user_id" in client.session
