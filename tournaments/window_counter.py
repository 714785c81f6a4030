"""A fixed-window counter in the shared cache: the one piece behind every
rate limit (API reads and writes, confirmation mails, guessed table links).
Counted in Django's cache (Redis when configured), so several worker
processes count together."""

from django.core.cache import cache


def count(key: str, window: int) -> int:
    """Count one more event under ``key`` in a window of ``window`` seconds
    that starts with its first event; return the count so far, this one
    included."""
    if cache.add(key, 1, window):
        return 1
    try:
        return cache.incr(key)
    except ValueError:  # the window expired between add and incr
        cache.add(key, 1, window)
        return 1
