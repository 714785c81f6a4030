"""Every stored change the public pages show raises its event's ``version``
(they are cached under it). Every write of the TD's pages and of deal entry
writes an audit line, so the audit line is where an event's version goes up;
a renamed player or club changes the pages of every event they are in.

A deal stored in a round that is not published yet changes no public page
(they show published rounds only), so it leaves the version alone: in a
hall where 100 tables enter deals, the public pages stay cached until the
TD publishes the round."""

from django.core.cache import cache
from django.db import transaction
from django.db.models import F
from django.db.models.signals import post_save
from django.dispatch import receiver

from tournaments.models import AuditLog, Club, Player, Round, Tournament

#: How long a process may trust an event's version it read from the cache: a
#: public page is at most this stale if the cache could not be told in time.
VERSION_SECONDS = 2


def version_key(slug: str) -> str:
    return f"event-version:{slug}"


def touch(**filters) -> None:
    """Raise the version and forget the cached versions, now and again once
    committed (a reader in between may have cached the old one)."""
    events = Tournament.objects.filter(**filters)
    keys = [version_key(s) for s in events.values_list("slug", flat=True)]
    events.update(version=F("version") + 1)
    cache.delete_many(keys)
    transaction.on_commit(lambda: cache.delete_many(keys))


def shown_publicly(line: AuditLog) -> bool:
    """Whether the change this audit line records can show on a public page."""
    detail = line.detail if isinstance(line.detail, dict) else {}
    if "deal" not in detail or "round" not in detail or line.imported:
        return True
    return Round.objects.filter(
        tournament_id=line.tournament_id, number=detail["round"], published=True
    ).exists()


@receiver(post_save, sender=AuditLog)
def _audited(sender, instance: AuditLog, **kwargs) -> None:
    if shown_publicly(instance):
        touch(pk=instance.tournament_id)


@receiver(post_save, sender=Player)
def _player_saved(sender, instance: Player, created: bool, **kwargs) -> None:
    if not created:
        touch(entries__player=instance)


@receiver(post_save, sender=Club)
def _club_saved(sender, instance: Club, created: bool, **kwargs) -> None:
    if not created:
        touch(entries__player__club=instance)
