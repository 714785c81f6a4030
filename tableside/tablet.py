"""A device made the terminal of one table (issue 40: clubs and
championships that ban phones at the table; a third of the over-65s have
none).

The TD opens the round on the device, chooses "this device is table N's
tablet" and is logged out there; the device keeps a signed cookie naming
the table's link, and ``TabletLockMiddleware`` sends every other page it
asks for back to that table's page, until the TD unlocks it
(``views_tablet.unlock``, which asks the TD to log in). On its page every
deal is entered, and confirmed, with the code of the acting seat from the
score sheet (``scoring.tableside.seat_codes``); the queue kept on the
device, the two-person rule, blind entry and the TD's hall view are the
phones' own.
"""

from django.conf import settings
from django.core import signing
from django.shortcuts import redirect
from django.urls import reverse

#: The cookie that makes a device a table's tablet.
COOKIE = "rik-tablet"
SALT = "rikscore.tableside.tablet"
#: A long playing day; the TD unlocks it sooner.
MAX_AGE = 24 * 3600


def base_of(request) -> str | None:
    """The table link this device is locked to, or None."""
    value = request.COOKIES.get(COOKIE)
    if not value:
        return None
    try:
        return signing.loads(value, salt=SALT, max_age=MAX_AGE)["base"]
    except (signing.BadSignature, KeyError, TypeError):
        return None


def lock(response, base: str):
    response.set_cookie(
        COOKIE,
        signing.dumps({"base": base}, salt=SALT),
        max_age=MAX_AGE,
        httponly=True,
        samesite="Lax",
        secure=settings.SESSION_COOKIE_SECURE,
    )
    return response


def unlock(response):
    response.delete_cookie(COOKIE, samesite="Lax")
    return response


def _open_paths() -> tuple[str, ...]:
    """What a locked device may still ask for besides its table: files,
    the page's worker, the language, and the TD's way to unlock it."""
    return (
        settings.STATIC_URL,
        "/favicon.ico",
        reverse("tableside:worker"),
        reverse("tableside:unlock"),
        reverse("login"),
        reverse("language"),
    )


class TabletLockMiddleware:
    """A locked device sees its table's page and nothing else."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        base = base_of(request)
        if base and not request.path.startswith((base, *_open_paths())):
            return redirect(base)
        return self.get_response(request)
