"""Which result events the hall sends to the site (``tournaments.result_events``).

What the public sees changed: a round published or taken back, a deal of a
public round (a correction), the event's settings, its players (a name, a
withdrawal) once a round is public, two players merged. A deal entered in a
round still in play is not sent: the public cannot see it yet, and a
400-player file for every deal would flood a 4G hotspot; the round's
publication sends all of it. Noted here in the change's own transaction
(``Outbox.due`` + 1), sent by the worker after the commit
(``publishing.outbox``).
"""

from django.db.models import F
from django.db.models.functions import Coalesce
from django.dispatch import receiver
from django.utils import timezone

from core.background import after_change
from publishing.models import Outbox, SeasonLink
from tournaments.models import Round
from tournaments.result_events import (
    DealsChanged,
    EntriesChanged,
    EventEdited,
    PlayersMerged,
    ResultChange,
    RoundChange,
    RoundChanged,
    result_changed,
)
from tournaments.visibility import public_rounds_q

PUBLISHING = frozenset({RoundChange.PUBLISHED, RoundChange.UNPUBLISHED})


def may_send(event: ResultChange) -> bool:
    """Whether ``event`` can change what the public sees, from its kind
    alone (no query: a deal saved in a round in play costs nothing here)."""
    if isinstance(event, RoundChanged):
        return event.change in PUBLISHING
    if isinstance(event, DealsChanged):
        return event.public
    return isinstance(event, EventEdited | EntriesChanged | PlayersMerged)


def sends(event: ResultChange) -> bool:
    """Whether ``event`` changes what the site's public pages show."""
    if not may_send(event):
        return False
    if isinstance(event, EntriesChanged | PlayersMerged):
        return Round.objects.filter(
            public_rounds_q(), tournament_id=event.tournament_id
        ).exists()
    return True


def outbox_of(tournament_id: int) -> Outbox | None:
    """The event's place in the queue; an evening of a season the hall
    sends gets one when it first has something to send."""
    outbox = Outbox.objects.filter(tournament_id=tournament_id).first()
    if outbox is not None:
        return outbox
    link = (
        SeasonLink.objects.filter(competition__evenings__tournament_id=tournament_id)
        .select_related("destination")
        .first()
    )
    if link is None:
        return None
    return Outbox.objects.create(
        tournament_id=tournament_id, destination=link.destination
    )


def mark_due(tournament_id: int) -> None:
    """One more change waits to be sent; the worker is asked to send."""
    Outbox.objects.filter(tournament_id=tournament_id).update(
        due=F("due") + 1, due_since=Coalesce(F("due_since"), timezone.now())
    )
    after_change()


@receiver(result_changed, dispatch_uid="publishing.outbox")
def _results_changed(sender, event: ResultChange, **kwargs) -> None:
    if not may_send(event):
        return  # most changes (a deal of a round in play): no query at all
    if outbox_of(event.tournament_id) is not None and sends(event):
        mark_due(event.tournament_id)
