"""Players with the same name in one event: told apart, or refused.

Two entries of one event may share a name only when something tells them
apart: different clubs, or both a federation number (numbers are unique in
the register). Otherwise the second is most likely the first one entered
twice (a late arrival typed in again), and is refused with the reason.
How the pages then tell them apart is ``tournaments.people``.
"""

from collections.abc import Iterable

from django.utils.translation import gettext as _

from core.text import name_key
from tournaments.models import Entry, Player, Tournament


class DuplicateNameError(ValueError):
    """A player the event cannot tell apart from one entered already."""


def told_apart(a: Player, b: Player) -> bool:
    return apart(
        (a.club_id, a.distinction, a.federation_number),
        (b.club_id, b.distinction, b.federation_number),
    )


def apart(a: tuple, b: tuple) -> bool:
    """Whether two players of one name are told apart, each given as (club,
    distinction, federation number): different clubs, different
    distinctions (the register's), or both a federation number. The club is
    any key that names it (a row id, a backup's club name), or empty."""
    (club_a, mark_a, number_a), (club_b, mark_b, number_b) = a, b
    clubs = club_a and club_b and club_a != club_b
    marks = name_key(mark_a or "") != name_key(mark_b or "")
    return bool(clubs or marks or (number_a and number_b))


def check_new_players(tournament: Tournament, players: Iterable[Player]) -> None:
    """Raise ``DuplicateNameError`` for a player the event cannot tell apart."""
    present = [
        e.player
        for e in Entry.objects.filter(tournament=tournament).select_related(
            "player__club"
        )
    ]
    for player in players:
        for other in present:
            if other.pk == player.pk or name_key(other.name) != name_key(player.name):
                continue
            if not told_apart(player, other):
                raise DuplicateNameError(_clash_message(player, other))
        present.append(player)


def _clash_message(player: Player, other: Player) -> str:
    where = other.club.name if other.club_id else _("no club")
    return _(
        "%(name)s (%(where)s) is already in this event. If this is someone "
        "else, give a club or federation number that tells them apart."
    ) % {"name": other.name, "where": where}
