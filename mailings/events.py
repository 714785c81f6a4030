"""Which result events call for mail (``tournaments.result_events``).

A round published, closed or a table of it closed, or last rounds no
longer hidden: its results, once public with every table closed (a club
evening's once the evening is complete; ``mailings.results_mail``
decides). A deal of a round the public sees: that round's results again, a
corrected mail to whom the figures changed. A round seated or its seats changed: the
seats. Nothing else mails. Noted here in the change's transaction, cheaply;
written and sent after the response (``mailings.queue``).
"""

from django.dispatch import receiver

from mailings.models import MailDue
from mailings.queue import note_due
from tournaments.result_events import (
    DealsChanged,
    EventEdited,
    ResultChange,
    RoundChange,
    RoundChanged,
    result_changed,
)

SEATING_CHANGES = frozenset({RoundChange.SEATED, RoundChange.SEATS})
#: A round published, or its last open table (all of them) closed: a
#: public round whose tables are all closed mails its results.
RESULT_CHANGES = frozenset(
    {RoundChange.PUBLISHED, RoundChange.CLOSED, RoundChange.TABLES}
)


def due_for(event: ResultChange) -> tuple[str, int] | None:
    """(what, round) the event calls for (round 0: every public round)."""
    if isinstance(event, RoundChanged):
        if event.change in RESULT_CHANGES:
            return MailDue.What.RESULTS, event.round
        if event.change in SEATING_CHANGES:
            return MailDue.What.SEATING, event.round
    if isinstance(event, DealsChanged) and event.public:
        return MailDue.What.CORRECTION, event.round
    if isinstance(event, EventEdited) and "hide_last_rounds" in event.fields:
        return MailDue.What.RESULTS, 0
    return None


@receiver(result_changed, dispatch_uid="mailings.results")
def _results_changed(sender, event: ResultChange, **kwargs) -> None:
    due = due_for(event)
    if due is not None:
        note_due(event.tournament_id, *due)
