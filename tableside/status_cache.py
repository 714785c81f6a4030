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
"""

from django.conf import settings
from django.core.cache import cache
from django.db import transaction

#: The longest a kept answer is used (the phones' old poll interval).
KEEP_SECONDS = 15


def _name(table_id: int) -> str:
    return f"tableside-status:{table_id}"


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
