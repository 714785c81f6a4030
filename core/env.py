"""Settings read from the environment, each kind parsed in this one place.

A flag reads ``1/0``, ``true/false``, ``yes/no`` or ``on/off`` in any case;
anything else stops the start with the variable and its value named, rather
than meaning "off": ``DJANGO_PRODUCTION=true`` once turned production mode
silently off, because only ``1`` counted.
"""

import os
from collections.abc import Mapping
from urllib.parse import urlsplit

from django.core.exceptions import ImproperlyConfigured

TRUE_WORDS = frozenset({"1", "true", "yes", "on"})
FALSE_WORDS = frozenset({"0", "false", "no", "off"})


def flag(name: str, default: bool = False, environ: Mapping | None = None) -> bool:
    """The flag ``name``: unset or empty is ``default``."""
    raw = _raw(name, environ)
    if not raw:
        return default
    word = raw.lower()
    if word in TRUE_WORDS:
        return True
    if word in FALSE_WORDS:
        return False
    raise ImproperlyConfigured(
        f"{name}={raw!r} is not a flag: use 1, true, yes or on to turn it on, "
        f"0, false, no or off to turn it off."
    )


def count(name: str, default: int = 0, environ: Mapping | None = None) -> int:
    """A whole number of at least 0 (``DJANGO_PROXIES``): unset or empty is
    ``default``."""
    raw = _raw(name, environ)
    if not raw:
        return default
    if not raw.isascii() or not raw.isdigit():
        raise ImproperlyConfigured(
            f"{name}={raw!r} is not a whole number of at least 0."
        )
    return int(raw)


def _raw(name: str, environ: Mapping | None) -> str:
    return (os.environ if environ is None else environ).get(name, "").strip()


def web_address(name: str, environ: Mapping | None = None) -> str:
    """A site's address as people reach it (``RIKSCORE_SITE_URL``), without
    the trailing slash: ``http://`` or ``https://``, a host and maybe a
    port; nothing after it (a site served under a path has it in every
    link already, from the proxy's ``SCRIPT_NAME``). Unset or empty is
    ``""`` (unset), never a guess: ``core.site`` then says so where it
    matters."""
    raw = _raw(name, environ).rstrip("/")
    if not raw:
        return ""
    parts = urlsplit(raw)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ImproperlyConfigured(
            f"{name}={raw!r} is not a web address: write it as "
            f"https://rik.example.nl or http://192.168.1.10:8000."
        )
    if parts.path or parts.query or parts.fragment or "@" in parts.netloc:
        raise ImproperlyConfigured(
            f"{name}={raw!r}: give the site's address only, without "
            f"a user, a path, a query or a fragment."
        )
    try:
        parts.port  # noqa: B018 (raises on a port that is no number)
    except ValueError:
        raise ImproperlyConfigured(
            f"{name}={raw!r} has a port that is no number."
        ) from None
    return raw
