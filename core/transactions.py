"""A write that lost its turn: a deadlock the database broke, or SQLite's
write lock still held when its busy timeout ran out. ``atomic_retry`` runs
a transaction once more after a deadlock, then says ``BusyError``, which
``core.busy`` answers with 503 and a plain message, never a 500."""

from collections.abc import Callable
from typing import TypeVar

from django.db import OperationalError, transaction
from django.utils.translation import gettext_lazy

T = TypeVar("T")

#: What a person reads when a write lost its turn, wherever it did (a page,
#: a phone, the API, ``core.busy``'s 503): said once, here.
BUSY_MESSAGE = gettext_lazy("Busy: nothing was saved. Please try again in a moment.")


class BusyError(Exception):
    """Others are changing the same round right now: try again."""


def is_deadlock(exc: OperationalError) -> bool:
    cause = getattr(exc, "__cause__", None)
    code = getattr(cause, "sqlstate", None) or getattr(cause, "pgcode", None)
    return code in ("40P01", "40001") or "deadlock" in str(exc).lower()


def is_busy(exc: BaseException) -> bool:
    """A write that lost its turn: a deadlock, or SQLite's write lock still
    held by another request when its busy timeout ran out."""
    if not isinstance(exc, OperationalError):
        return False
    return is_deadlock(exc) or "is locked" in str(exc).lower()  # database, table


def atomic_retry(job: Callable[[], T]) -> T:
    """Run ``job`` in a transaction; a deadlock once more, then ``BusyError``."""
    for attempt in (1, 2):
        try:
            with transaction.atomic():
                return job()
        except OperationalError as exc:
            if not is_deadlock(exc) or attempt == 2:
                if is_deadlock(exc):
                    raise BusyError from exc
                raise
    raise AssertionError("unreachable")
