"""A fixed-window counter in the shared cache: the one piece behind every
rate limit (API reads and writes, wrong API tokens, confirmation mails,
guessed table links, calls of the TD). Counted in Django's cache (Redis
when configured), so several worker processes count together.

``ClientLimit`` counts per client as ``core.clients`` says who one client
is (an IPv6 /64 is one), so a limit cannot be dodged by varying the
address."""

from dataclasses import dataclass

from django.core.cache import cache

from core.clients import client_key


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


@dataclass(frozen=True)
class ClientLimit:
    """At most ``limit`` events called ``name`` per client within ``window``
    seconds. ``scope`` parts narrow the count further (one table's calls);
    ``window`` is also what ``Retry-After`` says: the longest wait there
    can be."""

    name: str
    limit: int
    window: int

    def key(self, request, *scope) -> str:
        return ":".join([self.name, client_key(request), *map(str, scope)])

    def count(self, request, *scope) -> int:
        """Count one more event of this client; the count so far."""
        return count(self.key(request, *scope), self.window)

    def over(self, request, *scope) -> bool:
        """Count one more event; True when it is beyond the limit."""
        return self.count(request, *scope) > self.limit

    def reached(self, request, *scope) -> bool:
        """Whether the next event would be beyond the limit (counts nothing)."""
        return (cache.get(self.key(request, *scope)) or 0) >= self.limit
