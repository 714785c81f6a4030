"""Settings read from the environment, each kind parsed in this one place.

A flag reads ``1/0``, ``true/false``, ``yes/no`` or ``on/off`` in any case;
anything else stops the start with the variable and its value named, rather
than meaning "off": ``DJANGO_PRODUCTION=true`` once turned production mode
silently off, because only ``1`` counted.
"""

import os
from collections.abc import Mapping

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
