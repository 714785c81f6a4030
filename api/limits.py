"""How many API requests one client may make: a fixed window per minute,
counted in the shared cache (Redis when configured, so every worker counts
together). Reads count per address (``REMOTE_ADDR`` is the client's own
behind trusted proxies: rikscore/client_address.py), writes per token."""

from ninja.throttling import BaseThrottle

from tournaments.window_counter import count

WINDOW = 60
READS_PER_MINUTE = 120
WRITES_PER_MINUTE = 60


def over_limit(bucket: str, per_minute: int) -> int:
    """0 while ``bucket`` is within ``per_minute`` this window, else the
    seconds to wait (for ``Retry-After``). Counts this request."""
    return WINDOW if count(f"api-rate:{bucket}", WINDOW) > per_minute else 0


class ReadThrottle(BaseThrottle):
    """Ninja's throttle hook over ``over_limit``: ``READS_PER_MINUTE`` per
    client address. Ninja answers a refusal through the API's handler of
    ``Throttled`` (429, JSON) with ``Retry-After`` set from ``wait``."""

    def allow_request(self, request) -> bool:
        address = request.META.get("REMOTE_ADDR") or "unknown"
        return not over_limit(f"read:{address}", READS_PER_MINUTE)

    def wait(self) -> int:
        return WINDOW  # a fixed window: at most this long


#: Every read router's throttle (``Router(throttle=READS)``).
READS = ReadThrottle()
