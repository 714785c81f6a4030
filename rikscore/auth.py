"""Logging in: Django's model backend, minus the demo's accounts in production.

``load_demo`` creates ``td`` / ``rikken`` for trying the site; a site that
runs a real event (``DJANGO_PRODUCTION=1``) must not let that password in,
whoever still has it.
"""

from django.conf import settings
from django.contrib.auth.backends import ModelBackend


class PasswordBackend(ModelBackend):
    def authenticate(self, request, username=None, password=None, **kwargs):
        user = super().authenticate(request, username, password, **kwargs)
        if user is not None and settings.PRODUCTION and is_demo_login(user, password):
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
