"""The self-service form is counted per address: at most ``LIMIT``
confirmation mails to one address within ``WINDOW`` seconds, so the form
cannot be used to flood someone's inbox (``tournaments.window_counter``)."""

import hashlib

from tournaments.window_counter import count

LIMIT = 3
WINDOW = 3600


def _key(address: str) -> str:
    digest = hashlib.sha256(address.strip().lower().encode()).hexdigest()[:32]
    return "mail-confirm:" + digest


def allowed(address: str) -> bool:
    """Count one more mail to ``address``; False once over the limit."""
    return count(_key(address), WINDOW) <= LIMIT
