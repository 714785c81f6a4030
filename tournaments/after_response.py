"""Work a request caused that its answer need not wait for.

``after_response(job)`` runs ``job`` once the response has gone out (Django's
``request_finished``, which the WSGI server sends after the last byte), in
the same worker, once per request however often it was asked for. Outside a
request (a management command, a test calling a service) the job runs at
once. A job's failure is logged, never shown to the user who caused it: the
work it does must be repairable by running it again.
"""

import logging
from collections.abc import Callable
from contextvars import ContextVar

from django.core.signals import request_finished, request_started
from django.dispatch import receiver

log = logging.getLogger(__name__)

#: The jobs of the request this thread is answering (None: no request).
_due: ContextVar[list[Callable[[], object]] | None] = ContextVar(
    "after_response", default=None
)


def after_response(job: Callable[[], object]) -> None:
    jobs = _due.get()
    if jobs is None:
        _run(job)
    elif job not in jobs:
        jobs.append(job)


def _run(job: Callable[[], object]) -> None:
    try:
        job()
    except Exception:
        log.exception("work after the response failed: %s", job)


@receiver(request_started, dispatch_uid="after_response.started")
def _started(**kwargs) -> None:
    _due.set([])


@receiver(request_finished, dispatch_uid="after_response.finished")
def _finished(**kwargs) -> None:
    jobs = _due.get()
    _due.set(None)
    for job in jobs or ():
        _run(job)
