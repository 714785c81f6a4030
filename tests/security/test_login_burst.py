"""A burst of logins cannot starve the site: a worker checks one password
at a time (each costs about a quarter second of a core) and lets one more
login wait for it; any further login at that moment is shown the form
again with "try again in a moment", at once, without hashing, and without
counting as a failed login. The figures: bench/load/login_burst.py."""

import threading
import time
from contextlib import contextmanager

import pytest

from rikscore import auth


@contextmanager
def checking(slots, seconds: float = 10):
    """Another thread inside ``slots`` (an ``auth.OneAtATime``: a password
    being checked) until the block ends, or ``seconds`` have passed."""
    inside, leave = threading.Event(), threading.Event()

    def check():
        with slots.place():
            inside.set()
            leave.wait(seconds)

    thread = threading.Thread(target=check)
    thread.start()
    assert inside.wait(10)
    try:
        yield
    finally:
        leave.set()
        thread.join(10)


# -- the slots (no database) ----------------------------------------------------------
def test_one_check_at_a_time_one_waiting_and_the_rest_refused_at_once():
    slots = auth.OneAtATime(waiting=1, wait_seconds=5)
    with checking(slots):
        waiter_in = threading.Event()

        def wait_for_a_place():
            with slots.place():
                waiter_in.set()

        waiter = threading.Thread(target=wait_for_a_place)
        waiter.start()
        time.sleep(0.1)  # the waiter now waits for the check
        assert not waiter_in.is_set()
        start = time.monotonic()
        with pytest.raises(auth.PasswordChecksBusyError), slots.place():
            pass
        assert time.monotonic() - start < 1  # refused at once, not after a wait
    waiter.join(10)
    assert waiter_in.is_set()  # the waiting one had its turn
    with slots.place():  # and the places are free again
        pass


def test_a_wait_longer_than_allowed_is_refused():
    slots = auth.OneAtATime(waiting=1, wait_seconds=0.05)
    with checking(slots), pytest.raises(auth.PasswordChecksBusyError), slots.place():
        pass


# -- the login form -------------------------------------------------------------------
def post_login(client):
    return client.post("/accounts/login/", {"username": "td", "password": "pw"})


@pytest.fixture
def no_waiting(monkeypatch):
    slots = auth.OneAtATime(waiting=0, wait_seconds=0)
    monkeypatch.setattr(auth, "PASSWORD_CHECKS", slots)
    return slots


@pytest.mark.django_db
def test_a_login_while_the_places_are_taken_is_asked_to_retry(
    client, make_user, no_waiting
):
    from axes.models import AccessAttempt

    make_user("td")
    with checking(no_waiting):
        response = post_login(client)
    assert response.status_code == 200
    assert "_auth_user_id" not in client.session
    errors = response.context["form"].non_field_errors().as_data()
    assert [e.code for e in errors] == ["busy"]
    assert not AccessAttempt.objects.filter(failures_since_start__gt=0).exists()
    assert post_login(client).status_code == 302  # the next try goes through


@pytest.mark.django_db
def test_a_login_waits_its_turn_behind_one_check(client, make_user, monkeypatch):
    make_user("td")
    slots = auth.OneAtATime(waiting=1, wait_seconds=5)
    monkeypatch.setattr(auth, "PASSWORD_CHECKS", slots)
    with checking(slots, seconds=0.2):
        response = post_login(client)
    assert response.status_code == 302 and "_auth_user_id" in client.session


# -- three logins at once, through the real form ---------------------------------------
@pytest.mark.django_db(transaction=True)
def test_of_three_logins_at_once_one_is_asked_to_retry_at_once(
    make_user, monkeypatch, settings
):
    """Each password check made to last half a second: the first is
    checked, the second waits its turn, the third is answered at once."""
    from axes.models import AccessAttempt
    from django.contrib.auth.hashers import PBKDF2PasswordHasher
    from django.test import Client

    from tests.threads import together

    # the production hasher, whose check is slowed down below (tests hash
    # with MD5 otherwise: tests/conftest.py)
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.PBKDF2PasswordHasher"]
    make_user("td")
    verify = PBKDF2PasswordHasher.verify

    def slow_verify(self, password, encoded):
        time.sleep(0.5)
        return verify(self, password, encoded)

    monkeypatch.setattr(PBKDF2PasswordHasher, "verify", slow_verify)

    def log_in():
        start = time.monotonic()
        response = post_login(Client())
        errors = (
            response.context["form"].non_field_errors().as_data()
            if response.status_code == 200
            else []
        )
        return response.status_code, [e.code for e in errors], time.monotonic() - start

    answers = sorted(together(log_in, log_in, log_in))
    assert [(status, codes) for status, codes, _s in answers] == [
        (200, ["busy"]),
        (302, []),
        (302, []),
    ]
    assert answers[0][2] < 0.4  # the refused one did not wait for a check
    assert not AccessAttempt.objects.filter(failures_since_start__gt=0).exists()
