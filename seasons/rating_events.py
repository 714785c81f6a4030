"""Which result events move the ratings (``tournaments.result_events``).

A deal of a round the public sees, a round closed, reopened, published,
unpublished or unseated: that event's ratings. An event moved to another
date among rated ones, an import (a copy may be older than what is rated,
or the same event again), a deleted event or two players merged into one:
every rating again, in order.
A name, a registration or a check-in moves nothing.
"""

from django.dispatch import receiver

from seasons.models import Rating
from seasons.rating_queue import EVERYTHING, mark_due
from tournaments.result_events import (
    COUNTING,
    DealsChanged,
    EventEdited,
    EventImported,
    EventRemoved,
    PlayersMerged,
    ResultChange,
    RoundChanged,
    result_changed,
)

NOTHING = ()


def due_for(event: ResultChange) -> tuple[int | None, ...]:
    """What must be rated again: (), (the event's id,) or (EVERYTHING,)."""
    own = (event.tournament_id,)
    if isinstance(event, DealsChanged):
        return own if event.public else NOTHING
    if isinstance(event, RoundChanged):
        return own if event.change in COUNTING else NOTHING
    if isinstance(event, EventEdited):
        if "date" in event.fields and _rated(event.tournament_id):
            return (EVERYTHING,)
        return own if "hide_last_rounds" in event.fields else NOTHING
    if isinstance(event, EventImported | EventRemoved | PlayersMerged):
        return (EVERYTHING,)
    return NOTHING


def _rated(tournament_id: int) -> bool:
    return Rating.objects.filter(tournament_id=tournament_id).exists()


@receiver(result_changed, dispatch_uid="seasons.ratings")
def _results_changed(sender, event: ResultChange, **kwargs) -> None:
    for due in due_for(event):
        mark_due(due)
