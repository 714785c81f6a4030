"""A register player's data request (``tournaments.privacy_signals``): the
answers kept for idempotent writes may name them; those of their events go
(a repeated write then meets the stored deal and is told it is stale)."""

from django.dispatch import receiver

from api.models import ApiWrite
from tournaments.privacy_signals import player_erased


@receiver(player_erased, dispatch_uid="api.erase")
def _erase(sender, player, **kwargs) -> None:
    ApiWrite.objects.filter(tournament__entries__player=player).delete()
