"""The fast path of the public pages under the round-release spike.

A phone polling the standings sends the same request again and again. When
the page it asks for is kept whole in the cache (``publicpages.cache``) under the
event's current version, it is answered here, before sessions, URL routing,
the view and the database: two cache reads, gzipped when the phone accepts
it. Everything else (a logged-in TD, an htmx partial, a miss) goes the
normal way, which fills the cache.

A query parameter the page does not read (``publicpages.cache.reads``) is dropped
here, before anything reads the request: the page is built, kept and linked
(the language menu's ``next``) as if it were absent.
"""

import re

from django.core.cache import cache
from django.http import HttpResponse, QueryDict
from django.urls import Resolver404, resolve
from django.utils import translation

from publicpages.cache import is_shared, kept_query, page_key, page_path
from tournaments.page_versions import version_key

PUBLIC = re.compile(r"^/t/(?P<slug>[-a-zA-Z0-9_]+)/")


class SharedPageMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if (
            request.method in ("GET", "HEAD")
            and request.META.get("QUERY_STRING")
            and PUBLIC.match(request.path_info)
        ):
            drop_unread_parameters(request)
        return self.cached(request) or self.get_response(request)

    def cached(self, request) -> HttpResponse | None:
        if request.method not in ("GET", "HEAD"):
            return None
        match = PUBLIC.match(request.path_info)
        if not match or not is_shared(request):
            return None
        slug = match["slug"]
        token = cache.get(version_key(slug))  # the event's row and version
        if token is None:
            return None
        language = translation.get_language_from_request(request)
        key = page_key(slug, token, language, page_path(request))
        page = cache.get(key)
        if page is None:
            return None
        plain, zipped = page
        gzip_ok = "gzip" in request.headers.get("Accept-Encoding", "")
        response = HttpResponse(zipped if gzip_ok else plain)
        if gzip_ok:
            response["Content-Encoding"] = "gzip"
        response["Content-Language"] = language
        response["Vary"] = "Accept-Language, Accept-Encoding, Cookie"
        return response


def drop_unread_parameters(request) -> None:
    """Keeps only the query parameters the page's view reads."""
    try:
        view = resolve(request.path_info).func
    except Resolver404:
        return
    query = kept_query(request.GET, view)
    request.META["QUERY_STRING"] = query
    request.GET = QueryDict(query)
