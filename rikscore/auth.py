"""Logging in: Django's model backend, minus the demo's accounts in
production, one password check at a time.

``load_demo`` creates ``td`` / ``rikken`` for trying the site; a site that
runs a real event (``DJANGO_PRODUCTION=1``) must not let that password in,
whoever still has it.

Checking a password costs about a quarter second of a core (PBKDF2, on
purpose): eight logins at once took both cores of the hall's laptop and
every thread of the server, and every other visitor waited 60–170 times
longer. So a worker process checks one password at a time and lets one
more login wait for it (``PASSWORD_CHECKS``); a login beyond those is
shown the form again, at once, with "try again in a moment". It is not a
failed login (the lockout counts nothing: ``authenticate`` never finished),
and it holds no thread. Figures: bench/load/login_burst.py.
"""

import threading
from contextlib import contextmanager

from django.conf import settings
from django.contrib.auth.backends import ModelBackend
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _


class PasswordChecksBusyError(ValidationError):
    """Every place for a password check is taken. A ``ValidationError`` on
    purpose: raised inside the login form's ``clean`` (Django's and the
    admin's), it is shown as the form's error instead of a failed login."""

    def __init__(self):
        super().__init__(
            _("Many people are logging in at this moment: try again in a moment."),
            code="busy",
        )


class OneAtATime:
    """One holder at a time, ``waiting`` more waiting for it at most
    ``wait_seconds`` each; anyone beyond is refused at once
    (``PasswordChecksBusyError``), so waiting never takes more threads."""

    def __init__(self, waiting: int, wait_seconds: float):
        self.wait_seconds = wait_seconds
        self._turn = threading.Lock()
        self._places = threading.BoundedSemaphore(1 + waiting)

    @contextmanager
    def place(self):
        if not self._places.acquire(blocking=False):
            raise PasswordChecksBusyError
        try:
            if not self._turn.acquire(timeout=self.wait_seconds):
                raise PasswordChecksBusyError
            try:
                yield
            finally:
                self._turn.release()
        finally:
            self._places.release()


#: This process's password checks: one at a time, one more waiting up to
#: two seconds (eight checks' time).
PASSWORD_CHECKS = OneAtATime(waiting=1, wait_seconds=2.0)


class PasswordBackend(ModelBackend):
    def authenticate(self, request, username=None, password=None, **kwargs):
        with PASSWORD_CHECKS.place():
            user = super().authenticate(request, username, password, **kwargs)
            if user is None:
                return None
            if settings.PRODUCTION and is_demo_login(user, password):
                return None
        return user


def is_demo_login(user, password) -> bool:
    return password in settings.DEMO_LOGINS.values() and user.check_password(password)


#: The longest name an account may have (Django's user model): a longer one
#: typed at the login is no account, and the lockout stores at most 255.
USERNAME_LENGTH = 150


def lockout_name(request, credentials) -> str:
    """The name the login lockout counts (django-axes): what was typed, cut
    to the longest account name, so a 5,000-character name is refused as a
    wrong login instead of breaking the lockout's own table."""
    typed = (credentials or {}).get("username")
    if typed is None and request is not None:
        typed = request.POST.get("username", "")
    return str(typed or "")[:USERNAME_LENGTH]
