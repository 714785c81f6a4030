"""The public pages' cache: rendered content kept under the event's version.

Every change a page can show raises ``Tournament.version``
(``tournaments.page_versions``),
so a key never needs deleting: a new version is a new key, and the old ones
expire. The cache is shared by every process when ``REDIS_URL`` is set (a
hall with several app processes), else each process keeps its own. Only the
content is cached, never the page around it (which carries the visitor's
CSRF token and language menu).

A page is kept under its path and only the query parameters its view reads
(``reads``): any other query string is served the kept page, so fresh
``?x=n`` can neither make the server render again nor fill the cache.

Every key carries who the names were built for (``audience``): the public
pages are built for the public (``publicpages.names_middleware``), but a value
built outside a request, or by a staff page, must never answer the public
with full names, nor the other way round.
"""

import gzip
from urllib.parse import urlencode

from django.conf import settings
from django.core.cache import cache
from django.template.loader import render_to_string
from django.urls import resolve
from django.utils.encoding import escape_uri_path
from django.utils.safestring import mark_safe
from django.utils.translation import get_language

from tournaments.page_versions import VERSION_SECONDS, page_token, version_key
from tournaments.people import is_public

KEEP_SECONDS = 6 * 60 * 60


def audience() -> str:
    """Who the names of what is being built are for, as a key part: the
    public's forms or the staff's full names (``tournaments.people``)."""
    return "public" if is_public() else "staff"


def cache_key(kind: str, token: str, *parts: str, language: str | None = None) -> str:
    """The one shape of every key of what an event's version decides (a
    page, a fragment, a value, an API answer): ``kind``, ``token`` (the
    event's row and version, ``page_token``; or several joined), the
    language, the audience (``audience``), then what else tells two values
    apart. Built here only, so no key forgets the audience or the version.
    ``language``: the request's, when it is not active yet (the middleware
    answers before any view activates it)."""
    if language is None:
        language = get_language() or ""
    return ":".join([kind, token, language, audience(), *parts])


def reads(*names: str):
    """Declares the query parameters a public view reads: only these key
    its cached pages (``page_path``); ``publicpages.middleware`` drops the rest."""

    def declare(view):
        view.query_params = frozenset(names)
        return view

    return declare


def kept_query(query, view) -> str:
    """The parameters ``view`` reads, by name, each with the value
    ``GET.get`` returns (the last): the canonical query string."""
    names = sorted(getattr(view, "query_params", ()))
    return urlencode([(name, query[name]) for name in names if name in query])


def page_path(request) -> str:
    """The path a page is kept under: the unknown parameters left out."""
    path = escape_uri_path(request.path)
    if not request.GET:
        return path
    match = request.resolver_match or resolve(request.path_info)
    query = kept_query(request.GET, match.func)
    return f"{path}?{query}" if query else path


def cached_fragment(request, tournament, template: str, build, title=None):
    """(html, title, context): the template rendered with ``build()``'s
    context (and ``title(context)``), from the cache when this version of the
    event was shown before (the context is then empty)."""
    key = cache_key("public", page_token(tournament), template, page_path(request))
    found = cache.get(key)
    if found is not None:
        html, heading = found
        return mark_safe(html), heading, {}
    context = build()
    html = render_to_string(template, context, request=request)
    heading = str(title(context)) if title else ""
    cache.set(key, (html, heading), KEEP_SECONDS)
    return mark_safe(html), heading, context


def is_shared(request) -> bool:
    """Whether the visitor sees public pages as everyone does: not logged
    in, no messages waiting, not an htmx partial."""
    cookies = request.COOKIES
    return not (
        settings.SESSION_COOKIE_NAME in cookies
        or "messages" in cookies
        or request.headers.get("HX-Request") == "true"
    )


#: Raised when what a page key holds changes shape, so that a running cache
#: never hands new code an old value.
PAGE_FORMAT = 3


def page_key(slug: str, token: str, language: str, path: str) -> str:
    """``token``: the event's row and version (``page_token``)."""
    return cache_key(f"page{PAGE_FORMAT}", token, slug, path, language=language)


def shared_page_key(request, tournament) -> str | None:
    """The key of the whole page for a visitor who sees it as everyone does,
    else None. Under load nearly every visitor is such a phone: its page is
    one cache read (``SharedPageMiddleware``)."""
    if not is_shared(request):
        return None
    token = page_token(tournament)
    cache.set(version_key(tournament.slug), token, VERSION_SECONDS)
    return page_key(tournament.slug, token, get_language() or "", page_path(request))


def keep_page(key: str, content: bytes) -> None:
    """A whole page, as it is and gzipped once (phones ask for gzip; a
    400-player standings page shrinks from 200 KB to about 15 KB)."""
    cache.set(key, (content, gzip.compress(content, 6)), KEEP_SECONDS)


def per_version(tournament, name: str, build):
    """``build()``'s value, computed once per version of the event and
    language (e.g. the standings every player page of a version reads)."""
    key = cache_key("value", page_token(tournament), name)
    value = cache.get(key)
    if value is None:
        value = build()
        cache.set(key, value, KEEP_SECONDS)
    return value
