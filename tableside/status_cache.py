"""What a table's phones poll for (``views.status``), kept in the cache
between changes (issue 40: the other side sees a new entry within 3 s).

The phones ask every 3 s instead of every 15 s, so 30 phones ask five
times as often; most answers are "nothing changed", and those now cost
one cache read instead of three queries. The kept answer is dropped the
moment an entry, a deal, the table or its round is saved or deleted
(``forget``, connected in ``apps.py``); a change made past the model's
signals (a bulk update: an import, the TD's round status) is seen after
``KEEP_SECONDS`` at the latest, as soon as the phones saw it before.
Kept only where every serving process reads the same cache
(``settings.CACHE_IS_SHARED``: Redis, or one process).

Most of a poll's cost was then Django itself (the middleware, the URL
resolver, the view): ``StatusFastPathMiddleware``, the first of all,
answers a poll whose link and answer are both kept before any of that
runs (with the headers Django's security middleware would have added), so 30 phones
asking every 3 s cost the server less than they did asking every 15 s
(``make bench`` ``polls_every_3s``). A link it has not seen, or a wrong
secret, goes the whole way as before (counted by ``tableside.throttle``).
"""

import hashlib
import hmac
import json
import re

from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.http import HttpResponse

#: The longest a kept answer is used (the phones' old poll interval).
KEEP_SECONDS = 15


def _name(table_id: int) -> str:
    return f"tableside-status:{table_id}"


def _link_name(slot: str) -> str:
    return f"tableside-status-link:{slot}"


def _digest(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def remember_link(key) -> None:
    """The link ``key`` is good and names its table: for the fast path
    (its secret kept as a digest only)."""
    if settings.CACHE_IS_SHARED:
        link = (_digest(key.secret), key.table_id)
        cache.set(_link_name(key.slot), link, KEEP_SECONDS)


#: A phone's poll: ``/k/<slot>/<secret>/status/`` (``tableside.urls``).
STATUS_PATH = re.compile(r"^/k/([^/]{1,40})/([^/]{1,100})/status/$")


def kept_answer(slot: str, secret: str) -> str | None:
    """The kept status of the table behind this link as JSON, or None
    (not kept, or not this link's: the view decides)."""
    link = cache.get(_link_name(slot))
    if link is None:
        return None
    digest, table_id = link
    if not hmac.compare_digest(digest, _digest(secret)):
        return None
    answer = cache.get(_name(table_id))
    return None if answer is None else json.dumps(answer)


class StatusFastPathMiddleware:
    """A poll whose answer is kept, answered before the rest of Django."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if request.method == "GET" and settings.CACHE_IS_SHARED:
            found = STATUS_PATH.match(request.path_info)
            if found and (answer := kept_answer(*found.groups())) is not None:
                response = HttpResponse(answer, content_type="application/json")
                # what SecurityMiddleware would add, which this answer skips
                response["X-Content-Type-Options"] = "nosniff"
                response["Referrer-Policy"] = settings.SECURE_REFERRER_POLICY
                response["Cache-Control"] = "no-store"
                return response
        return self.get_response(request)


def status_of(table, make) -> dict:
    """The table's status for its phones: kept, or ``make()`` and kept
    (made every time where the processes share no cache: a drop in one
    would leave the others' answer stale)."""
    if not settings.CACHE_IS_SHARED:
        return make()
    answer = cache.get(_name(table.pk))
    if answer is None:
        answer = make()
        cache.set(_name(table.pk), answer, KEEP_SECONDS)
    return answer


def forget(*table_ids: int) -> None:
    """Drop the kept answers once the change is committed: a phone asking
    in between would otherwise keep the answer from before it."""
    names = [_name(pk) for pk in table_ids]
    if names:
        transaction.on_commit(lambda: cache.delete_many(names))


def forget_table_of(sender, instance, **kwargs) -> None:
    """An entry or a deal saved or deleted: its table's phones ask afresh."""
    forget(instance.table_id)


def forget_table(sender, instance, **kwargs) -> None:
    forget(instance.pk)


def forget_round(sender, instance, **kwargs) -> None:
    """A round seated, closed or published: every table of it."""
    forget(*instance.tables.values_list("pk", flat=True))
