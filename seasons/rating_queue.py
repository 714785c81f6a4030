"""Ratings catch up with results in the worker, never in a web request.

A change that moves a rating (``seasons.rating_events`` decides which) marks
its event due in the change's own transaction: a row of ``RatingsDue``, so a
change that commits is never forgotten and one rolled back leaves nothing.
Once committed, the worker runs ``catch_up`` (``core.background``): the
TD's save answers at once and the ratings are current a moment later.
``catch_up`` is idempotent and repairs anything left due (the worker's
sweep; by hand ``manage.py catch_up_ratings``).
"""

from django.db import transaction

from core.background import after_change, catches_up
from seasons.models import RatingsDue
from seasons.ratings import one_writer, recompute_ratings, update_after
from tournaments.models import Tournament

#: ``mark_due(EVERYTHING)``: every rating again (the events' order changed).
EVERYTHING = None


def mark_due(tournament_id: int | None) -> None:
    RatingsDue.objects.create(tournament_id=tournament_id)
    after_change()


@catches_up
def catch_up() -> str:
    """Work off every due change: "recomputed", "updated" or "current"."""
    with transaction.atomic():
        one_writer()
        due = list(RatingsDue.objects.values_list("pk", "tournament_id"))
        if not due:
            return "current"
        outcome = _rate({event for _pk, event in due})
        RatingsDue.objects.filter(pk__in=[pk for pk, _event in due]).delete()
    return outcome


def _rate(events: set[int | None]) -> str:
    if EVERYTHING in events:
        recompute_ratings()
        return "recomputed"
    ordered = Tournament.objects.filter(pk__in=events).order_by("date", "pk")
    if len(ordered) < len(events):  # one was deleted meanwhile
        recompute_ratings()
        return "recomputed"
    outcome = "updated"
    for tournament in ordered:
        if update_after(tournament) == "recomputed":
            return "recomputed"  # every later event is rated again as well
    return outcome
