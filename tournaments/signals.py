"""Every stored change raises its event's ``version`` (the public pages are
cached under it). Every write of the TD's pages and of deal entry writes an
audit line, so the audit line is where an event's version goes up; a renamed
player or club changes the pages of every event they are in."""

from django.db.models import F
from django.db.models.signals import post_save
from django.dispatch import receiver

from tournaments.models import AuditLog, Club, Player, Tournament


def touch(**filters) -> None:
    Tournament.objects.filter(**filters).update(version=F("version") + 1)


@receiver(post_save, sender=AuditLog)
def _audited(sender, instance: AuditLog, **kwargs) -> None:
    touch(pk=instance.tournament_id)


@receiver(post_save, sender=Player)
def _player_saved(sender, instance: Player, created: bool, **kwargs) -> None:
    if not created:
        touch(entries__player=instance)


@receiver(post_save, sender=Club)
def _club_saved(sender, instance: Club, created: bool, **kwargs) -> None:
    if not created:
        touch(entries__player__club=instance)
