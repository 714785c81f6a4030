"""The hall sends what waits, in the worker, never in a web request.

``send_due`` (a catch-up of ``core.background``, run after each change
and on every sweep) sends each event with changes waiting: the whole
results file, gzipped, as it is at that moment, so ten changes made while
the hotspot was down go as one upload once it is back. What the site
answers decides what happens next:

- stored (or stored already: the same file twice is stored once): the
  changes counted before sending are done;
- no connection, a timeout, the site busy or down: tried again by itself
  after ``BACKOFF`` (10 s, 30 s, 1, 2, then every 5 minutes), the TD's page
  showing the count waiting and the last reason;
- refused (a change made online, a deal the site refuses, a key no longer
  valid): a person must look; nothing is sent until the TD sends again.
"""

import gzip
import json
import logging
import urllib.error
import urllib.request
from datetime import timedelta
from urllib.parse import quote

from django.db.models import F, Q
from django.db.models.functions import Greatest
from django.utils import timezone
from django.utils.translation import gettext as _

from core.background import catch_up_later, catches_up
from core.numbers import load_json
from documents.event_backup import export_event
from publishing.models import Outbox
from seasons.models import Evening

log = logging.getLogger(__name__)

PATH = "/publish/v1/event/"
#: Wait before the n-th retry after no connection (the last one repeats).
BACKOFF = (
    timedelta(seconds=10),
    timedelta(seconds=30),
    timedelta(minutes=1),
    timedelta(minutes=2),
    timedelta(minutes=5),
)
#: Header values are Latin-1: a venue "Café Ĳsselmonde" goes percent-encoded.
SAFE = " ,.-'()&/:;=+_!*@~"
#: A 400-player event is about 1 MB gzipped: a slow 4G link takes seconds.
TIMEOUT = 60


@catches_up
def send_due() -> int:
    """Send every event whose turn it is: how many were stored."""
    now = timezone.now()
    waiting = Outbox.objects.filter(due__gt=0, refused="").filter(
        Q(next_attempt__isnull=True) | Q(next_attempt__lte=now)
    )
    stored = 0
    for outbox in waiting.select_related("tournament", "destination"):
        stored += send(outbox)
    return stored


def send(outbox: Outbox) -> int:
    """One upload of ``outbox``'s event: 1 when the site stored it."""
    seen = outbox.due
    event = outbox.tournament
    body = gzip.compress(
        json.dumps(export_event(event), ensure_ascii=False).encode(), 6
    )
    status, answer = post(outbox, body)
    now = timezone.now()
    done = Outbox.objects.filter(pk=outbox.pk)
    if status == 200:
        done.update(
            due=Greatest(F("due") - seen, 0),
            attempts=0,
            next_attempt=None,
            last_attempt=now,
            last_sent=now,
            last_error="",
            online_url=(answer.get("url") or "")[:300],
        )
        done.filter(due=0).update(due_since=None)
        return 1
    if status is None or status >= 500 or status == 429:
        delay = BACKOFF[min(outbox.attempts, len(BACKOFF) - 1)]
        done.update(
            attempts=F("attempts") + 1,
            last_attempt=now,
            next_attempt=now + delay,
            last_error=str(answer.get("error", ""))[:300],
        )
        catch_up_later(delay)
        return 0
    done.update(last_attempt=now, attempts=0, refused=refusal(status, answer))
    return 0


def post(outbox: Outbox, body: bytes) -> tuple[int | None, dict]:
    """POST the file: (HTTP status or None without an answer, the JSON)."""
    event = outbox.tournament
    headers = {
        "Authorization": f"Bearer {outbox.destination.key}",
        "Content-Type": "application/json",
        "Content-Encoding": "gzip",
        "Rikscore-Source": (event.venue or _("the hall"))[:120],
        "User-Agent": "Rikscore hall",
    }
    evening = Evening.objects.filter(tournament=event).select_related("competition")
    evening = evening.first()
    if evening is not None:
        headers["Rikscore-Season"] = evening.competition.slug
        headers["Rikscore-Evening"] = str(evening.number)
    request = urllib.request.Request(
        outbox.destination.site.rstrip("/") + PATH,
        data=body,
        headers={k: quote(v, safe=SAFE) for k, v in headers.items()},
        method="POST",
    )
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT) as response:
            return response.status, _json(response.read())
    except urllib.error.HTTPError as exc:
        return exc.code, _json(exc.read()) | {"error": f"HTTP {exc.code}"}
    except (urllib.error.URLError, OSError, ValueError) as exc:
        reason = getattr(exc, "reason", exc)
        log.info("upload of %s not through: %s", event.slug, reason)
        return None, {"error": _("no connection (%(r)s)") % {"r": reason}}


def _json(raw: bytes) -> dict:
    """The site's answer (what a server sends: read as people's JSON)."""
    try:
        answer = load_json(raw)
    except (ValueError, UnicodeDecodeError, RecursionError):
        return {}
    return answer if isinstance(answer, dict) else {}


def refusal(status: int, answer: dict) -> str:
    """The site's refusal in words for the TD's page."""
    problems = answer.get("problems") or []
    lines = [
        f"{p.get('path')}: {p.get('message')}"
        if p.get("path")
        else str(p.get("message"))
        for p in problems
        if isinstance(p, dict)
    ]
    if status == 409:
        head = _("The site refused: the event was changed there since the last upload.")
    elif status in (401, 403):
        head = _("The site refused the upload key.")
    else:
        head = _("The site refused the file (HTTP %(s)s).") % {"s": status}
    return "\n".join([head, *lines])[:2000]


def send_again(outbox: Outbox) -> None:
    """The TD's "send now": a refusal set aside, the wait cut short."""
    from core.background import after_change

    Outbox.objects.filter(pk=outbox.pk).update(
        refused="", next_attempt=None, attempts=0, due=Greatest(F("due"), 1)
    )
    after_change()
