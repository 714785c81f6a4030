"""Whether a Redis answers: the load run and the shared-cache test use Redis
only when one is there (a hall laptop may have none)."""

import socket
from urllib.parse import urlparse


def redis_answers(url: str = "redis://127.0.0.1:6379/0") -> bool:
    parts = urlparse(url)
    try:
        address = (parts.hostname or "127.0.0.1", parts.port or 6379)
        with socket.create_connection(address, timeout=1) as s:
            s.sendall(b"PING\r\n")
            return s.recv(16).startswith(b"+PONG")
    except OSError:
        return False
