"""The public pages' cache: rendered content kept under the event's version.

Every stored change raises ``Tournament.version`` (``tournaments.signals``),
so a key never needs deleting: a new version is a new key, and the old ones
expire. The cache is shared by every process when ``REDIS_URL`` is set (a
hall with several app processes), else each process keeps its own. Only the
content is cached, never the page around it (which carries the visitor's
CSRF token and language menu).
"""

from django.core.cache import cache
from django.template.loader import render_to_string
from django.utils.safestring import mark_safe
from django.utils.translation import get_language

KEEP_SECONDS = 6 * 60 * 60


def cached_fragment(request, tournament, template: str, build, title=None):
    """(html, title, context): the template rendered with ``build()``'s
    context (and ``title(context)``), from the cache when this version of the
    event was shown before (the context is then empty)."""
    key = ":".join(
        ["public", str(tournament.pk), str(tournament.version),
         get_language() or "", template, request.get_full_path()]
    )  # fmt: skip
    found = cache.get(key)
    if found is not None:
        html, heading = found
        return mark_safe(html), heading, {}
    context = build()
    html = render_to_string(template, context, request=request)
    heading = str(title(context)) if title else ""
    cache.set(key, (html, heading), KEEP_SECONDS)
    return mark_safe(html), heading, context
