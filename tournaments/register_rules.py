"""Who may add what to the player register, for every path that adds one
(docs/roles.md): the register form, a late arrival added on an
event's roster, the player import, event and season backups.

- A club's players are added only by that club's organisers (and staff).
- Clubs are created by staff, and by organisers (``can_create_clubs``):
  a club an organiser creates is organised by them (``create_club``).
- Anyone who may add a player at all may add one without a club: an
  event-only player, in nobody's club and nobody's season check-in.
- A file (a backup, a list) may name clubs its importer does not manage: its
  players are matched to who is in the register already, and a player found
  nowhere is added without that club, never as a new member of it.

``user`` None is the command line (``manage.py import_tournament``…): whoever
runs it runs the site, as staff.
"""

from django.utils.translation import gettext as _

from tournaments import permissions
from tournaments.models import Club, ClubRole


class RegisterRefusedError(Exception):
    """This user may not add that player; the message says why."""


def is_staff(user) -> bool:
    return user is None or permissions.is_staff(user)


def managed_club_ids(user) -> set[int] | None:
    """The ids of the clubs ``user`` organises; None: every club (staff)."""
    if is_staff(user):
        return None
    return set(permissions.organised_clubs(user).values_list("id", flat=True))


def may_create_clubs(user) -> bool:
    return user is None or permissions.can_create_clubs(user)


def create_club(user, name: str, city: str = "") -> Club:
    """A new club; its maker (unless staff) becomes its organiser."""
    if not may_create_clubs(user):
        raise RegisterRefusedError(_("You may not create clubs."))
    club = Club.objects.create(name=name, city=city)
    if not is_staff(user):
        ClubRole.objects.create(club=club, user=user)
    return club


def clubs_for(user):
    """The clubs a form offers ``user`` for a new player."""
    return Club.objects.all() if is_staff(user) else permissions.organised_clubs(user)


def may_add_to(user, club: Club | None) -> bool:
    if club is None:
        return True
    managed = managed_club_ids(user)
    return managed is None or club.pk in managed


def check_new_player(user, club: Club | None) -> None:
    """Raise ``RegisterRefusedError`` unless ``user`` may add a player to ``club``."""
    if not may_add_to(user, club):
        raise RegisterRefusedError(
            _(
                "Only the organisers of %(club)s add its players. Add the player "
                "without a club, or ask them."
            )
            % {"club": club.name}
        )


class ClubsOfAFile:
    """The club a file's new player joins, by the club's name in the file:
    an existing club the importer manages; a new club when staff imports;
    else none (the player is added without it, and the file's club is noted
    in ``left_out``)."""

    def __init__(self, user):
        self.user = user
        self.managed = managed_club_ids(user)
        self.by_name = {c.name: c for c in Club.objects.all()}
        self.left_out: set[str] = set()

    def existing(self, name: str) -> Club | None:
        """The register's club of that name (to match players already in it)."""
        return self.by_name.get(name) if name else None

    def for_new_player(self, name: str) -> Club | None:
        if not name:
            return None
        club = self.by_name.get(name)
        if club is None and self.managed is None:
            club = self.by_name[name] = Club.objects.create(name=name)
        if club is not None and (self.managed is None or club.pk in self.managed):
            return club
        self.left_out.add(name)
        return None
