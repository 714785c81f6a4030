"""Guests: a visitor of one event or club evening (``Entry.guest``).

A guest scores at the table and in the event's own standings (which stay
complete and zero-sum), but never in a season ranking, a prize list, a
team or a season's player count, and is not ticked again at the next
check-in (docs/seasons.md, "Guests"). Marking is per entry; becoming a
member later (``make_member``) clears the mark on every entry of the
player, so every evening they played counts from then on.

Each write is one transaction with an audit line per event, refused like
every other write of results while the results are held (a closed season).
"""

from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.audit import audit
from tournaments.models import Entry, Player
from tournaments.result_events import EntriesChanged, announce
from tournaments.result_lock import refuse_if_locked


class GuestRefusedError(Exception):
    """The mark may not change now; the message says why."""


@transaction.atomic
def mark_guest(entry: Entry, guest: bool, user=None) -> bool:
    """Mark ``entry`` a guest (or a member again); False when it already was.
    The caller checked the user may run the event."""
    refuse_if_locked(entry.tournament_id, GuestRefusedError)
    changed = Entry.objects.filter(pk=entry.pk).exclude(guest=guest).update(guest=guest)
    entry.guest = guest
    if not changed:
        return False
    audit(entry.tournament, user, "entry.guest", entry=entry.pk, guest=guest)
    announce(EntriesChanged(entry.tournament_id))
    return True


def guest_entries(player: Player):
    """The player's entries marked guest, with their events."""
    return Entry.objects.filter(player=player, guest=True).select_related("tournament")


@transaction.atomic
def make_member(player: Player, may_change, user=None) -> tuple[int, int]:
    """A guest becomes a member and keeps their results: ``guest`` cleared
    on their entries in every event ``may_change(event)`` allows (the
    caller's permission: the events the user runs), one audit line per
    entry. A held event (a closed season) refuses the whole change
    (``GuestRefusedError``), nothing half-done. Returns (entries changed,
    entries left marked in events the user does not run)."""
    entries = list(guest_entries(player).select_for_update(of=("self",)))
    allowed = {}
    for entry in entries:
        event = entry.tournament
        if event.pk not in allowed:
            allowed[event.pk] = bool(may_change(event))
            if allowed[event.pk]:
                refuse_if_locked(event, _held)
    mine = [e for e in entries if allowed[e.tournament_id]]
    Entry.objects.filter(pk__in=[e.pk for e in mine]).update(guest=False)
    for entry in mine:
        audit(entry.tournament, user, "entry.member", entry=entry.pk)
    for event_id in sorted({e.tournament_id for e in mine}):
        announce(EntriesChanged(event_id))
    return len(mine), len(entries) - len(mine)


def _held(reason: str) -> GuestRefusedError:
    return GuestRefusedError(_("Nothing changed: %(why)s") % {"why": reason})
