"""Guessed table links are counted: an address that tries more than
``LIMIT`` unknown links within ``WINDOW`` seconds gets 429 for every further
guess until the window has passed, and the log says so once. A valid link is
never refused, whatever its address guessed before: behind one Wi-Fi router
or proxy every phone may share an address, and a guessing phone must not
lock the hall out. What stops guessing is the link's 192 random bits; this
keeps the noise visible and slow to repeat.

The address is the client's own behind trusted proxies
(rikscore/client_address.py). Counted by ``tournaments.window_counter``."""

import logging

from django.core.cache import cache

from tournaments.window_counter import count

LIMIT = 20
WINDOW = 600
log = logging.getLogger(__name__)


def _key(request) -> str:
    return "table-key-miss:" + (request.META.get("REMOTE_ADDR") or "?")


def blocked(request) -> bool:
    return (cache.get(_key(request)) or 0) >= LIMIT


def miss(request) -> None:
    if count(_key(request), WINDOW) == LIMIT:
        log.warning(
            "table links guessed: %s tried %s unknown links",
            request.META.get("REMOTE_ADDR"),
            LIMIT,
        )
