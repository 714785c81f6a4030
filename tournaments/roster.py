"""Who plays: check-in, late arrivals, withdrawals, and the event's roles.

Each write is one transaction with an audit line.
"""

from collections.abc import Iterable

from django.db import transaction

from core.text import clean_name
from tournaments.audit import audit
from tournaments.models import Club, Entry, Player, Tournament, TournamentRole
from tournaments.register_rules import check_name_free, check_new_player
from tournaments.result_events import EntriesChanged, announce
from tournaments.services import register


@transaction.atomic
def check_in(entries: Iterable[Entry], user=None) -> int:
    """Mark registered entries present; withdrawn ones stay withdrawn."""
    todo = [e for e in entries if e.status == Entry.Status.REGISTERED]
    if not todo:
        return 0
    ids = [e.id for e in todo]
    Entry.objects.filter(pk__in=ids).update(status=Entry.Status.PRESENT)
    audit(todo[0].tournament, user, "entry.checkin", entries=ids)
    announce(EntriesChanged(todo[0].tournament_id))
    return len(ids)


@transaction.atomic
def check_out(entry: Entry, user=None) -> None:
    """Undo a check-in (a mistake at the desk)."""
    if entry.status == Entry.Status.PRESENT:
        entry.status = Entry.Status.REGISTERED
        entry.save(update_fields=["status"])
        audit(entry.tournament, user, "entry.checkout", entry=entry.id)
        announce(EntriesChanged(entry.tournament_id))


@transaction.atomic
def unwithdraw(entry: Entry, user=None) -> None:
    if entry.status != Entry.Status.WITHDRAWN:
        return
    entry.status = Entry.Status.PRESENT
    entry.withdrawn_after = None
    entry.save(update_fields=["status", "withdrawn_after"])
    audit(entry.tournament, user, "entry.unwithdraw", entry=entry.id)
    announce(EntriesChanged(entry.tournament_id))


@transaction.atomic
def quick_add(
    tournament: Tournament,
    name: str,
    club: Club | None = None,
    federation_number: str = "",
    present: bool = True,
    user=None,
    distinction: str = "",
) -> Entry:
    """A new register player entered straight into the event (late arrival).
    Into a club only by its organisers (``RegisterRefusedError``); without a club
    by anyone who runs the event."""
    check_new_player(user, club)
    name, distinction = clean_name(name), clean_name(distinction)  # as stored
    check_name_free(name, club, distinction, federation_number)
    player = Player.objects.create(
        name=name,
        club=club,
        federation_number=federation_number,
        distinction=distinction,
    )
    (entry,) = register(tournament, [player], user)
    if present:
        check_in([entry], user)
        entry.refresh_from_db()
    return entry


@transaction.atomic
def add_role(tournament: Tournament, target, role: str, user=None) -> bool:
    _, created = TournamentRole.objects.get_or_create(
        tournament=tournament, user=target, role=role
    )
    if created:
        audit(tournament, user, "role.add", username=target.username, role=role)
    return created


@transaction.atomic
def remove_role(role: TournamentRole, user=None) -> None:
    audit(
        role.tournament,
        user,
        "role.remove",
        username=role.user.username,
        role=role.role,
    )
    role.delete()
