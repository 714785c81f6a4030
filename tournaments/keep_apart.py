"""Who the seating keeps apart: club-mates, and pairs the TD names.

Both are soft rules of the seating engine (``tournaments.seating``): a
meeting of club-mates or of a named pair costs less than a repeat meeting,
so repeats are avoided first. The TD of the event adds and removes pairs
(checked here, on the server); each change is one transaction with an
audit line.
"""

from django.core.exceptions import PermissionDenied
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from tournaments.audit import audit
from tournaments.models import Entry, KeepApart, Tournament
from tournaments.people import entry_name
from tournaments.permissions import is_td


class KeepApartRefusedError(Exception):
    """A pair that cannot be stored (message for the user)."""


def club_key(entry: Entry) -> str:
    """The club an entry plays for, as the seating compares it: the
    register's club, else the club named as text (case and spacing
    ignored); "" without a club."""
    if entry.player.club_id is not None:
        return f"club:{entry.player.club_id}"
    text = " ".join(str(getattr(entry, "club_name", "") or "").split()).casefold()
    return f"text:{text}" if text else ""


def clubs_of(entries) -> dict[int, str]:
    """{entry id: club key} for the entries that have a club."""
    return {e.id: key for e in entries if (key := club_key(e))}


def pairs_of(tournament: Tournament) -> list[tuple[int, int]]:
    """The event's pairs kept apart, as entry ids."""
    return list(
        KeepApart.objects.filter(tournament=tournament).values_list(
            "first_id", "second_id"
        )
    )


def add_pair(tournament: Tournament, a: Entry, b: Entry, user) -> KeepApart:
    """Keep ``a`` and ``b`` apart from the next seating on (TD only)."""
    if not is_td(user, tournament):
        raise PermissionDenied
    if a.tournament_id != tournament.pk or b.tournament_id != tournament.pk:
        raise KeepApartRefusedError(_("Both players must be entered in this event."))
    if a.pk == b.pk:
        raise KeepApartRefusedError(_("Choose two different players."))
    first, second = sorted((a, b), key=lambda e: e.pk)
    try:
        with transaction.atomic():
            pair = KeepApart.objects.create(
                tournament=tournament, first=first, second=second
            )
            audit(
                tournament,
                user,
                "seating.keep_apart",
                entries=[first.pk, second.pk],
            )
    except IntegrityError:
        raise KeepApartRefusedError(
            _("%(a)s and %(b)s are already kept apart.")
            % {"a": entry_name(first), "b": entry_name(second)}
        ) from None
    return pair


@transaction.atomic
def remove_pair(tournament: Tournament, pk: int, user) -> None:
    """Stop keeping a pair apart (TD only); an unknown pair is refused."""
    if not is_td(user, tournament):
        raise PermissionDenied
    pair = KeepApart.objects.filter(tournament=tournament, pk=pk).first()
    if pair is None:
        raise KeepApartRefusedError(_("This pair is no longer kept apart."))
    audit(
        tournament,
        user,
        "seating.keep_apart_removed",
        entries=[pair.first_id, pair.second_id],
    )
    pair.delete()
