"""The public pages' version of an event: every change they can show raises
``Tournament.version`` (the pages are cached under it, ``public.cache``).

It follows the result events (``tournaments.result_events``), never the
audit log: a deal stored in a round the public does not see yet changes no
public page, so it leaves the version alone (in a hall where 100 tables
enter deals, the public pages stay cached until the TD publishes the
round). A renamed player or club changes the pages of every event they are
in. A cached page is keyed by the event's row, not only its code, so an
event deleted and created again under the same code never shows the old
one's pages.
"""

from django.core.cache import cache
from django.db import connection, transaction
from django.db.models import F
from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from tournaments.models import Club, Player, Tournament
from tournaments.result_events import DealsChanged, ResultChange, result_changed

#: How long a process may trust an event's version it read from the cache: a
#: public page is at most this stale if the cache could not be told in time.
VERSION_SECONDS = 2


def version_key(slug: str) -> str:
    return f"event-version:{slug}"


def page_token(tournament: Tournament) -> str:
    """The event's identity and version: what a cached page is kept under."""
    return f"{tournament.pk}.{tournament.version}"


def _forget(slugs: list[str]) -> None:
    """Forget the cached versions now and again once committed (a reader in
    between may have cached the old one)."""
    keys = [version_key(s) for s in slugs]
    cache.delete_many(keys)
    transaction.on_commit(lambda: cache.delete_many(keys))


def touch(**filters) -> None:
    """Raise the version of the events ``filters`` select."""
    events = Tournament.objects.filter(**filters)
    slugs = list(events.values_list("slug", flat=True))
    events.update(version=F("version") + 1)
    _forget(slugs)


def touch_one(tournament_id: int) -> None:
    """Raise one event's version: one statement (the deal save's path)."""
    table = Tournament._meta.db_table
    with connection.cursor() as cursor:
        cursor.execute(
            f"UPDATE {table} SET version = version + 1 WHERE id = %s RETURNING slug",
            [tournament_id],
        )
        slugs = [row[0] for row in cursor.fetchall()]
    _forget(slugs)


@receiver(result_changed, dispatch_uid="tournaments.page_versions")
def _results_changed(sender, event: ResultChange, **kwargs) -> None:
    if isinstance(event, DealsChanged) and not event.public:
        return
    touch_one(event.tournament_id)


@receiver(post_save, sender=Tournament, dispatch_uid="page_versions.created")
@receiver(post_delete, sender=Tournament, dispatch_uid="page_versions.deleted")
def _event_row_changed(sender, instance: Tournament, **kwargs) -> None:
    """A code that now names another row (or none) has no cached version."""
    if kwargs.get("created", True):
        _forget([instance.slug])


@receiver(post_save, sender=Player, dispatch_uid="page_versions.player")
def _player_saved(sender, instance: Player, created: bool, **kwargs) -> None:
    if not created:
        touch(entries__player=instance)


@receiver(post_save, sender=Club, dispatch_uid="page_versions.club")
def _club_saved(sender, instance: Club, created: bool, **kwargs) -> None:
    if not created:
        touch(entries__player__club=instance)
