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
