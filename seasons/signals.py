"""Keep the ratings up to date when an event's rated results change.

The ``tournaments`` layer knows nothing of ratings, but every result change
writes an audit line, so this listens for those: a round closed, reopened,
published, unpublished or unseated changes which tables count; a deal saved
or deleted in a round that counts changes a result; a rated event moved to
another date changes the order, and hidden last rounds shown at the
prize-giving add results, so those recompute everything. The update runs
once the change is committed (never on a write that is rolled back) and a
failure there is logged, not shown to the TD: ``manage.py recompute_ratings``
repairs.
Imported audit lines (a backup's history) trigger nothing.
"""

from django.db import transaction
from django.db.models.signals import post_save
from django.dispatch import receiver

from seasons.models import Rating
from seasons.ratings import RATED_ROUND, recompute_ratings, update_after
from tournaments.models import AuditLog, Seat

ROUND_ACTIONS = {"round.close", "round.reopen", "round.publish", "round.unpublish",
                 "round.unseat"}  # fmt: skip
DEAL_ACTIONS = {"deal.save", "deal.delete"}


def _detail(line: AuditLog) -> dict:
    return line.detail if isinstance(line.detail, dict) else {}


def reorders_ratings(line: AuditLog) -> bool:
    """A rated event's date changed: the events' order is another one."""
    if line.imported or line.action != "tournament.edit":
        return False
    fields = set(_detail(line).get("fields", ()))
    if "hide_last_rounds" in fields:  # hidden rounds shown (or hidden again)
        return True
    return "date" in fields and (
        Rating.objects.filter(tournament_id=line.tournament_id).exists()
    )


def changes_ratings(line: AuditLog) -> bool:
    """Whether the change this audit line records can move a rating."""
    if line.imported:
        return False
    if line.action in ROUND_ACTIONS:
        return True
    detail = _detail(line)
    if line.action not in DEAL_ACTIONS or "round" not in detail:
        return False
    return (Seat.objects.filter(RATED_ROUND, table__round__number=detail["round"],
                                table__round__tournament_id=line.tournament_id)
            .exists())  # fmt: skip


@receiver(post_save, sender=AuditLog, dispatch_uid="seasons.ratings")
def _audited(sender, instance: AuditLog, created: bool, **kwargs) -> None:
    if not created:
        return
    if reorders_ratings(instance):
        transaction.on_commit(recompute_ratings, robust=True)
    elif changes_ratings(instance):
        tournament = instance.tournament
        transaction.on_commit(lambda: update_after(tournament), robust=True)
