"""Limits of the table-side page, counted per client (``core.clients``: an
IPv6 /64 is one client) by ``core.window_counter``.

**Guessed table links.** A client that tries more than ``LIMIT`` unknown
links within ``WINDOW`` seconds gets 429 for every further guess until the
window has passed, and the log says so once. A valid link is never refused,
whatever its client guessed before: behind one Wi-Fi router or proxy every
phone may share an address, and a guessing phone must not lock the hall
out. What stops guessing is the link's 192 random bits; this keeps the
noise visible and slow to repeat.

**Calls of the TD.** One client may call the TD to one table at most
``CALLS.limit`` times within ``CALLS.window`` seconds; further presses are
answered 429. Counted per table as well as per client, so the tables of a
hall behind one address never use up each other's calls.

The client's address is its own behind trusted proxies
(core/client_address.py)."""

import logging

from core.clients import client_key
from core.window_counter import ClientLimit

LIMIT = 20
WINDOW = 600
GUESSES = ClientLimit("table-key-miss", LIMIT, WINDOW)
CALLS = ClientLimit("td-call", limit=5, window=300)
log = logging.getLogger(__name__)


def _key(request) -> str:
    return GUESSES.key(request)


def blocked(request) -> bool:
    return GUESSES.reached(request)


def miss(request) -> None:
    if GUESSES.count(request) == LIMIT:
        log.warning(
            "table links guessed: %s tried %s unknown links",
            client_key(request),
            LIMIT,
        )


def too_many_calls(request, key) -> bool:
    """Count one call of the TD to ``key``'s table by this client; True when
    it is one too many."""
    return CALLS.over(request, key.pk)
