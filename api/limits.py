"""How many API requests one client may make: a fixed window per minute,
counted in the shared cache (Redis when configured, so every worker counts
together). Reads count per client (``core.clients``: the client's own
address behind trusted proxies, an IPv6 /64 as one client), writes per
token. Requests refused for their token count per client too
(``WRONG_TOKENS``): past the limit a wrong token is answered 429."""

from ninja.throttling import BaseThrottle

from core.clients import client_key
from core.window_counter import ClientLimit, count

WINDOW = 60
READS_PER_MINUTE = 120
WRITES_PER_MINUTE = 60
#: Requests refused for their token (missing, wrong, revoked) one client
#: may send within ten minutes; a live token is never refused for them.
WRONG_TOKENS = ClientLimit("api-token-refused", limit=20, window=600)


def over_limit(bucket: str, per_minute: int) -> int:
    """0 while ``bucket`` is within ``per_minute`` this window, else the
    seconds to wait (for ``Retry-After``). Counts this request."""
    return WINDOW if count(f"api-rate:{bucket}", WINDOW) > per_minute else 0


class ReadThrottle(BaseThrottle):
    """Ninja's throttle hook over ``over_limit``: ``READS_PER_MINUTE`` per
    client (``core.clients``). Ninja answers a refusal through the API's handler of
    ``Throttled`` (429, JSON) with ``Retry-After`` set from ``wait``."""

    def allow_request(self, request) -> bool:
        return not over_limit(f"read:{client_key(request)}", READS_PER_MINUTE)

    def wait(self) -> int:
        return WINDOW  # a fixed window: at most this long


#: Every read router's throttle (``Router(throttle=READS)``).
READS = ReadThrottle()
