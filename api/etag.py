"""The API's answers as JSON with an ETag, kept like the public pages.

An answer that hangs on events (standings, a round, a season, a player) is
keyed by their rows and versions (``tournaments.page_versions.page_token``),
which every change the public can see raises: its ETag is known before
anything is built, so ``If-None-Match`` is answered 304 at the cost of the
queries that read the versions, and the JSON is built once per version and
language and kept in the shared cache. A list that hangs on no version
(clubs, seasons, events) is built every time and tagged by its bytes.
"""

import hashlib
from collections.abc import Callable

from django.core.cache import cache
from django.http import HttpResponse
from django.utils.encoding import escape_uri_path
from django.utils.translation import get_language
from ninja import Schema

from publicpages.cache import cache_key

#: Raised when an answer's shape changes, so a running cache never hands new
#: code an old body.
FORMAT = 1
#: Seconds a client or proxy may reuse an answer without asking (a phone
#: polling the standings asks again with ``If-None-Match``).
MAX_AGE = 30
KEEP_SECONDS = 6 * 60 * 60


def tag(*parts: object) -> str:
    digest = hashlib.sha256("|".join(map(str, parts)).encode()).hexdigest()
    return f'"{digest[:32]}"'


def client_has(request, etag: str) -> bool:
    """``If-None-Match`` names ``etag`` (weak or strong), or is ``*``."""
    header = request.headers.get("If-None-Match", "")
    if header.strip() == "*":
        return True
    sent = {t.strip().removeprefix("W/") for t in header.split(",")}
    return etag in sent


def _headed(response: HttpResponse, etag: str) -> HttpResponse:
    response["ETag"] = etag
    response["Cache-Control"] = f"public, max-age={MAX_AGE}"
    response["Vary"] = "Accept-Language, Cookie"
    return response


def _answer(request, etag: str, body: bytes) -> HttpResponse:
    if client_has(request, etag):
        return _headed(HttpResponse(status=304), etag)
    return _headed(
        HttpResponse(body, content_type="application/json; charset=utf-8"), etag
    )


def _json(answer: Schema) -> bytes:
    return answer.model_dump_json().encode()


def versioned(request, token: str, build: Callable[[], Schema]) -> HttpResponse:
    """The answer for ``request`` at ``token`` (the versions it hangs on):
    304 when the client has it, else from the cache or ``build()``. Kept
    under the public pages' key (``publicpages.cache.cache_key``): the
    version, the language and the audience the names were built for."""
    versions = hashlib.sha256(token.encode()).hexdigest()[:32]  # a season's is long
    key = cache_key(f"api{FORMAT}", versions, escape_uri_path(request.path))
    etag = tag(key)
    if client_has(request, etag):
        return _answer(request, etag, b"")
    body = cache.get(key)
    if body is None:
        body = _json(build())
        cache.set(key, body, KEEP_SECONDS)
    return _answer(request, etag, body)


def fresh(request, build: Callable[[], Schema]) -> HttpResponse:
    """An answer built every time, tagged by its bytes."""
    body = _json(build())
    etag = tag(FORMAT, get_language() or "", hashlib.sha256(body).hexdigest())
    return _answer(request, etag, body)
