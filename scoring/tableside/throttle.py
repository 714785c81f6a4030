"""Guessing table links is slowed down: an address that tries more than
``LIMIT`` unknown links within ``WINDOW`` seconds is refused (429) until
the window has passed. Counted in the shared cache, so several processes
count together."""

from django.core.cache import cache

LIMIT = 20
WINDOW = 600


def _key(request) -> str:
    return "table-key-miss:" + (request.META.get("REMOTE_ADDR") or "?")


def blocked(request) -> bool:
    return (cache.get(_key(request)) or 0) >= LIMIT


def miss(request) -> None:
    key = _key(request)
    if cache.add(key, 1, WINDOW):
        return
    try:
        cache.incr(key)
    except ValueError:  # expired in between
        cache.add(key, 1, WINDOW)
