"""The self-service form is counted per address: at most ``LIMIT``
confirmation mails to one address within ``WINDOW`` seconds, so the form
cannot be used to flood someone's inbox. Counted in the shared cache
(Redis when configured), so several worker processes count together."""

import hashlib

from django.core.cache import cache

LIMIT = 3
WINDOW = 3600


def _key(address: str) -> str:
    digest = hashlib.sha256(address.strip().lower().encode()).hexdigest()[:32]
    return "mail-confirm:" + digest


def allowed(address: str) -> bool:
    """Count one more mail to ``address``; False once over the limit."""
    key = _key(address)
    if cache.add(key, 1, WINDOW):
        return True
    try:
        return cache.incr(key) <= LIMIT
    except ValueError:  # expired in between
        cache.add(key, 1, WINDOW)
        return True
