"""Players with the same name in one event: told apart, or refused.

Two entries of one event may share a name only when something tells them
apart: different clubs, or both a federation number (numbers are unique in
the register). Otherwise the second is most likely the first one entered
twice (a late arrival typed in again), and is refused with the reason. Where
names repeat, pages show the club (or the number) beside them.
"""

from collections import Counter
from collections.abc import Iterable

from django.utils.translation import gettext as _

from core.text import name_key
from tournaments.models import Entry, Player, Tournament
from tournaments.public_names import FULL, is_public, shown_label


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


def labelled(name: str, distinction: str) -> str:
    """A name with what tells it apart in the register ("Sanne van Mierlo
    (1978)"), as ``Player.label``: two members the register holds apart are
    two names on every page."""
    return f"{name} ({distinction})" if distinction else name


def shown_names(people: Iterable[tuple[int, str, str, str]]) -> dict[int, str]:
    """{entry id: name as shown}: "Name (Club)" where a name repeats.

    ``people``: (entry id, name, club name or "", federation number)."""
    people = list(people)
    counts = Counter(name_key(name) for _e, name, _c, _f in people)
    clubs = Counter((name_key(name), club) for _e, name, club, _f in people)
    out = {}
    for entry_id, name, club, number in people:
        key = name_key(name)
        if counts[key] == 1:
            out[entry_id] = name
            continue
        parts = [club] if club and clubs[(key, club)] == 1 else [club, number]
        tag = ", ".join(p for p in parts if p)
        out[entry_id] = f"{name} ({tag})" if tag else name
    return out


def event_shown_names(people: Iterable[tuple]) -> dict[int, str]:
    """{entry id: name as the asker may see it}, told apart where it repeats.

    ``people``: (entry id, name, distinction, choice, register number, club
    name or "", federation number), the middle four as
    ``public_names.name_fields`` reads them. Repeats are counted on the names
    as shown, so the public never learns that "Player 12" shares a name with
    anyone, and two "Anna B." of one club are told apart by the register
    number the hidden form uses, not by a federation number that says who
    they are."""
    rows = []
    for entry_id, name, mark, choice, number, club, federation in people:
        if is_public() and choice != FULL:
            federation = _("no. %(number)s") % {"number": number}
        rows.append(
            (entry_id, shown_label(name, mark, choice, number), club, federation)
        )
    return shown_names(rows)
