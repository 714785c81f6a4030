"""The online site's door for halls: ``POST /publish/v1/event/`` takes an
event's results file (gzip or plain JSON) with ``Authorization: Bearer
<upload key>``; ``GET /publish/v1/key/`` says what a key is for, so the
hall can check it when it is told. The answers are JSON: ``stored``, the
event's code and public address, and ``problems`` (each a ``path`` in the
file and a ``message``). No cookie, no CSRF token: the key is the
credential, checked on the server for every request."""

import zlib
from urllib.parse import unquote

from django.http import JsonResponse
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_GET, require_POST

from core.site import absolute
from publishing.keys import key_for
from publishing.receive import Upload, receive

#: An event's file: a 400-player event is about 10 MB of JSON, 1 MB gzipped.
MAX_FILE = 30 * 1024 * 1024


def _answer(status: int, **body) -> JsonResponse:
    return JsonResponse(body, status=status, json_dumps_params={"ensure_ascii": False})


def _problem(status: int, message: str) -> JsonResponse:
    return _answer(
        status, stored=False, problems=[{"path": "", "message": str(message)}]
    )


def _body(request) -> bytes | None:
    """The file, unzipped, or None when it is larger than ``MAX_FILE``
    (also a small gzip that would unzip to more: no bomb is opened)."""
    try:
        length = int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        length = 0
    if length > MAX_FILE:
        return None
    raw = request.read(MAX_FILE + 1)
    if len(raw) > MAX_FILE:
        return None
    if request.headers.get("Content-Encoding", "").lower() == "gzip":
        unzip = zlib.decompressobj(wbits=31)
        raw = unzip.decompress(raw, MAX_FILE + 1)
        if len(raw) > MAX_FILE or unzip.unconsumed_tail:
            return None
    return raw


@csrf_exempt
@never_cache
@require_POST
def upload_event(request):
    key = key_for(request.headers.get("Authorization", ""))
    if key is None:
        return _problem(401, _("No valid upload key: make one on the site."))
    try:
        raw = _body(request)
    except zlib.error:
        return _problem(400, _("The file is not gzip as its header says."))
    if raw is None:
        return _problem(413, _("The file is larger than 30 MB."))
    evening = request.headers.get("Rikscore-Evening", "")
    upload = Upload(
        raw=raw,
        source=unquote(request.headers.get("Rikscore-Source", ""))[:120] or _("a hall"),
        season=request.headers.get("Rikscore-Season", "")[:60],
        evening=int(evening) if evening.isdigit() and len(evening) < 4 else None,
    )
    outcome = receive(upload, key)
    event = outcome.tournament
    return _answer(
        outcome.status,
        stored=outcome.stored,
        event=event.slug if event else None,
        url=absolute(reverse("public:standings", args=[event.slug]), request)
        if event
        else None,
        problems=outcome.problems,
    )


@never_cache
@require_GET
def key_info(request):
    key = key_for(request.headers.get("Authorization", ""))
    if key is None:
        return _problem(401, _("No valid upload key: make one on the site."))
    return _answer(200, club=key.club.name, name=key.name, one_event=key.one_event)
