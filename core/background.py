"""Work a change causes, done by the worker process, never in a web request.

A change that calls for later work (mail to write and send, ratings to
catch up) notes what is due in its own transaction (``MailDue``,
``RatingsDue``) and calls ``after_change``: a ``catch_up`` task goes on
the queue in that same transaction (django-tasks with its database
backend: the site's own database, SQLite in the hall or PostgreSQL online,
no broker), and ``manage.py run_worker`` runs it in its own process once
the change is committed. So a hung mail server or a slow rating never
holds a page, and a change rolled back leaves no task.

``catch_up`` runs every app's catch-up (``@catches_up``): idempotent
functions that read what is due and work it off, so running them twice,
late, or for a change that asked nothing of them, is always right and
cheap. That is why a change adds a task without looking for one already
waiting (one row, no query first): the worker runs what is extra as a
quick no-op. A ``catch_up`` that fails is queued again after ``BACKOFF``
(1, 5, 30 and 120 minutes). The worker also sweeps every ``SWEEP_MINUTES``
(``sweep``): the catch-ups, then the tidying (``@tidies``: old mails, old
task rows), so a worker that was down leaves nothing undone for long.

Where tasks run at once (the tests' immediate backend), the catch-up runs
when the change's transaction commits, and a retry waits for the next
sweep.
"""

import logging
from collections.abc import Callable
from datetime import timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.module_loading import import_string
from django_tasks import TaskResultStatus, default_task_backend, task

log = logging.getLogger(__name__)

#: Wait before the n-th retry of a failed catch-up.
BACKOFF = (
    timedelta(minutes=1),
    timedelta(minutes=5),
    timedelta(minutes=30),
    timedelta(minutes=120),
)
SWEEP_MINUTES = 5
#: How long a finished task's row is kept (what failed, for the log).
KEEP_DONE = timedelta(days=7)

_CATCH_UPS: list[str] = []
_TIDIES: list[str] = []


def path_of(func: Callable[[], object]) -> str:
    return f"{func.__module__}.{func.__qualname__}"


def catches_up(func: Callable[[], object]) -> Callable[[], object]:
    """Register ``func`` (no arguments, idempotent) with every catch-up."""
    _CATCH_UPS.append(path_of(func))
    return func


def tidies(func: Callable[[], object]) -> Callable[[], object]:
    """Register ``func`` with every sweep (housekeeping, not urgent)."""
    _TIDIES.append(path_of(func))
    return func


def after_change() -> None:
    """Ask the worker to catch up once the current transaction commits
    (one row however often a transaction asks)."""
    if not default_task_backend.supports_get_result:
        transaction.on_commit(catch_up.enqueue, robust=True)
        return
    connection = transaction.get_connection()
    if connection.in_atomic_block and _asked(connection):
        return
    catch_up.enqueue()  # a row of this transaction
    if connection.in_atomic_block:
        transaction.on_commit(_ASKED)


def _ASKED() -> None:  # noqa: N802 (a marker, not a function to call)
    """Marks a transaction that queued its catch-up already: Django keeps
    the transaction's commit hooks (``run_on_commit``) and drops them with
    the transaction or the savepoint that rolls back, as the row."""


def _asked(connection) -> bool:
    return any(hook[1] is _ASKED for hook in connection.run_on_commit)


def catch_up_later(delay: timedelta) -> None:
    """Ask for a catch-up in ``delay`` (a mail's retry), unless one is
    already due by then. Where tasks run at once, the next sweep does it."""
    if not default_task_backend.supports_defer:
        return
    when = timezone.now() + delay
    if not _waiting(catch_up.module_path, when):
        catch_up.using(run_after=when).enqueue()


def _waiting(task_path: str, when) -> bool:
    """Whether a task ``task_path`` already waits to run by ``when``. The
    database backend marks "as soon as possible" with its largest date."""
    from django_tasks_db.models import DBTaskResult, get_date_max

    soonest = get_date_max()
    waiting = DBTaskResult.objects.filter(
        status=TaskResultStatus.READY, task_path=task_path
    ).values_list("run_after", flat=True)
    return any(run_after == soonest or run_after <= when for run_after in waiting)


def _run_all(paths: list[str]) -> list[str]:
    """Run each registered function; the paths of those that failed."""
    failed = []
    for path in paths:
        try:
            import_string(path)()
        except Exception:
            log.exception("background work %s failed", path)
            failed.append(path)
    return failed


@task()
def catch_up(attempt: int = 0) -> None:
    """Every app's catch-up. When one fails, the others still run, and the
    whole catch-up is queued again after the next ``BACKOFF`` step; the
    failure then shows in this task's result."""
    failed = _run_all(_CATCH_UPS)
    if not failed:
        return
    if attempt < len(BACKOFF) and default_task_backend.supports_defer:
        when = timezone.now() + BACKOFF[attempt]
        catch_up.using(run_after=when).enqueue(attempt + 1)
    raise RuntimeError(f"catch-up failed (attempt {attempt + 1}): {failed}")


@task()
def sweep() -> None:
    """The catch-ups and the tidying, then the next sweep in
    ``SWEEP_MINUTES``: what a lost task or a stopped worker left due is
    never left for long."""
    _run_all(_CATCH_UPS + _TIDIES)
    when = timezone.now() + timedelta(minutes=SWEEP_MINUTES)
    if default_task_backend.supports_defer and not _waiting(sweep.module_path, when):
        sweep.using(run_after=when).enqueue()


def start_sweeping() -> None:
    """The worker's start: one sweep now (and so every few minutes)."""
    if not _waiting(sweep.module_path, timezone.now()):
        sweep.enqueue()


@tidies
def forget_done_tasks() -> int:
    """The queue keeps finished tasks as rows: those older than a week go."""
    if not default_task_backend.supports_get_result:
        return 0
    from django_tasks_db.models import DBTaskResult

    done = DBTaskResult.objects.filter(
        status__in=[TaskResultStatus.SUCCESSFUL, TaskResultStatus.FAILED],
        finished_at__lt=timezone.now() - KEEP_DONE,
    )
    return done.delete()[0]
