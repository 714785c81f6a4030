"""The self-service form cannot flood anyone's inbox, nor be used to mail
strangers in bulk: confirmation mails are counted per mailbox and per
client (``core.window_counter``).

A mailbox is the address as it reaches one person, whatever an attacker
varies: case, a ``+tag`` after the local part, and dots in it (ignored by
large providers, and harmless to ignore for counting). A client is its
address as ``core.clients`` counts it (an IPv6 /64 is one client).
"""

import hashlib

from core.clients import client_key
from core.window_counter import count

PER_MAILBOX = 3
PER_CLIENT = 10
WINDOW = 3600


def mailbox(address: str) -> str:
    """``Jan.de.Vries+rik@Example.org`` → ``jandevries@example.org``."""
    local, _at, domain = address.strip().lower().rpartition("@")
    local = local.split("+", 1)[0].replace(".", "")
    return f"{local}@{domain}"


def _key(kind: str, value: str) -> str:
    return f"mail-confirm:{kind}:" + hashlib.sha256(value.encode()).hexdigest()[:32]


def allowed(request, address: str) -> bool:
    """Count one more confirmation mail asked by this client for
    ``address``; False once either is over its limit."""
    by_client = count(_key("client", client_key(request)), WINDOW)
    by_mailbox = count(_key("box", mailbox(address)), WINDOW)
    return by_client <= PER_CLIENT and by_mailbox <= PER_MAILBOX
