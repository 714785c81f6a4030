"""What changed in an event's results, said by the service that changed it.

A service that stores a change the results show (a deal, a round's status,
the event's settings, its entries, an import) calls ``announce`` with one of
these typed events, inside its transaction. Whoever must follow results
subscribes with ``@receiver(result_changed)``: the public pages' cache
(``tournaments.page_versions``), the ratings (``seasons.rating_events``) and
anything later (season totals, mail). Each subscriber decides what an event
means for it; none reads the audit log, which stays the record of who did
what, for people.

Delivery is immediate and in the service's transaction: a subscriber that
must wait for the commit (work outside the request) says so itself with
``transaction.on_commit``.
"""

from dataclasses import dataclass, field
from enum import StrEnum

from django.db.models.signals import post_delete
from django.dispatch import Signal, receiver

from tournaments.models import Tournament
from tournaments.visibility import is_public

#: Sent with ``event=`` one of the classes below; ``sender`` is its class.
result_changed = Signal()


@dataclass(frozen=True)
class ResultChange:
    """Something the results of event ``tournament_id`` show has changed."""

    tournament_id: int


@dataclass(frozen=True)
class DealsChanged(ResultChange):
    """A table's deals were stored, corrected or deleted (or its totals,
    or a jury call on them). ``public``: whether the round is one the public
    sees (``tournaments.visibility``) at the moment of the change;
    ``correction``: a public round's table reopened after publication (a
    table still playing since it was published changes nothing published:
    ``tournaments.corrections``)."""

    round: int
    table: int
    public: bool
    correction: bool = False


class RoundChange(StrEnum):
    SEATED = "seated"
    SEATS = "seats"  # a swap, a substitute, a seat taken away
    TABLES = "tables"  # a table closed or reopened
    CLOSED = "closed"
    REOPENED = "reopened"
    PUBLISHED = "published"
    UNPUBLISHED = "unpublished"
    UNSEATED = "unseated"


#: The round changes that change which tables count (for the ratings).
COUNTING = frozenset(
    {
        RoundChange.CLOSED,
        RoundChange.REOPENED,
        RoundChange.PUBLISHED,
        RoundChange.UNPUBLISHED,
        RoundChange.UNSEATED,
    }
)


@dataclass(frozen=True)
class RoundChanged(ResultChange):
    round: int
    change: RoundChange


@dataclass(frozen=True)
class EventEdited(ResultChange):
    """The event's settings changed: ``fields`` are their names (e.g.
    ``date`` moves it among other events, ``hide_last_rounds`` shows or
    hides its last rounds)."""

    fields: frozenset[str] = field(default_factory=frozenset)


@dataclass(frozen=True)
class EntriesChanged(ResultChange):
    """Players entered, checked in or out, withdrawn or back."""


@dataclass(frozen=True)
class PlayersMerged(ResultChange):
    """Two register players became one (``tournaments.merge``): this event's
    results now name the one kept, and the ratings, which follow players
    across events, are all due again."""


@dataclass(frozen=True)
class EventImported(ResultChange):
    """A whole event arrived from a backup (a copy, a restore)."""


@dataclass(frozen=True)
class EventRemoved(ResultChange):
    """The event was deleted with everything in it."""


def deals_changed(table) -> DealsChanged:
    """The event for a change to ``table``'s deals (its round loaded)."""
    round_ = table.round
    public = is_public(round_)
    return DealsChanged(
        round_.tournament_id,
        round_.number,
        table.number,
        public=public,
        correction=public and table.reopened_after_publication,
    )


def announce(event: ResultChange) -> None:
    """Tell every subscriber; a subscriber's error is the service's error
    (the transaction rolls back: nothing is half-followed)."""
    result_changed.send(sender=type(event), event=event)


@receiver(post_delete, sender=Tournament, dispatch_uid="result_events.removed")
def _removed(sender, instance: Tournament, **kwargs) -> None:
    """Events are deleted whole (the admin, a demo reloaded): no service
    of ours runs, so the row's deletion says it."""
    announce(EventRemoved(instance.pk))
