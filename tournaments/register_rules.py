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

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from core.text import clean_name
from tournaments import permissions
from tournaments.models import Club, ClubRole, Player, clash_message
from tournaments.people import pseudonymous

#: Three or more printable ASCII characters in a row (no space): what a
#: database compares case-insensitively everywhere.


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


def create_club(user, name: str, city: str = "", embed_origins: str = "") -> Club:
    """A new club; its maker (unless staff) becomes its organiser."""
    if not may_create_clubs(user):
        raise RegisterRefusedError(_("You may not create clubs."))
    club = Club.objects.create(
        name=clean_name(name), city=clean_name(city), embed_origins=embed_origins
    )
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
    an existing club the importer manages; a new club when staff imports,
    or when the importer may create clubs and asked for the missing ones
    (``make_missing``: they then organise it, ``create_club``); else none
    (the player is added without it, and the file's club is noted in
    ``left_out``). A club of this site that the importer does not organise
    is never taken over: its players stay its organisers' to add."""

    def __init__(self, user, make_missing: bool = False):
        self.user = user
        self.managed = managed_club_ids(user)
        self.make_missing = make_missing and may_create_clubs(user)
        self.by_name = {c.name: c for c in Club.objects.all()}
        self.left_out: set[str] = set()
        #: The clubs this file made, by name (for the page to say).
        self.made: list[str] = []

    def existing(self, name: str) -> Club | None:
        """The register's club of that name (to match players already in it)."""
        return self.by_name.get(clean_name(name)) if name else None

    def for_new_player(self, name: str) -> Club | None:
        name = clean_name(name)  # as club names are stored
        if not name:
            return None
        club = self.by_name.get(name)
        if club is None and self.managed is None:
            club = self.by_name[name] = Club.objects.create(name=name)
            self.made.append(name)
        elif club is None and self.make_missing:
            club = self.by_name[name] = create_club(self.user, name)
            self.managed.add(club.pk)
            self.made.append(name)
        if club is not None and (self.managed is None or club.pk in self.managed):
            return club
        self.left_out.add(name)
        return None


# --- One name, one member (issue 27) -----------------------------------------


def name_clash(name, club, distinction="", federation_number="", exclude_pk=None):
    """``PlayerQuerySet.name_clash``: the rule sits with the register's model."""
    return Player.objects.name_clash(
        name, club, distinction, federation_number, exclude_pk
    )


def namesakes(name: str, club) -> list[Player]:
    return Player.objects.namesakes(name, club)


def check_name_free(
    name: str,
    club,
    distinction: str = "",
    federation_number: str = "",
    exclude_pk: int | None = None,
) -> None:
    """Raise ``ValidationError`` when the register has this member already
    (``name_clash``): every path that adds or renames a player asks here."""
    other = name_clash(name, club, distinction, federation_number, exclude_pk)
    if other is not None:
        raise ValidationError(clash_message(other), code="name_taken")


def free_distinction(
    name: str, club, distinction: str, federation_number: str, hints=()
) -> str:
    """A distinction under which ``name`` is free, for imports that cannot
    ask anyone (backups): the given one, else the first free hint (the
    file's club, its federation number), else the hint numbered."""
    tried = [distinction, *(h for h in hints if h)]
    for mark in tried:
        if name_clash(name, club, mark, federation_number) is None:
            return mark[:40]
    base = (tried[-1] or name)[:35]
    n = 2
    while name_clash(name, club, f"{base} {n}", federation_number) is not None:
        n += 1
    return f"{base} {n}"


def identity_match(public_id: str, name: str, file_club: str, used=()) -> Player | None:
    """The register's member a file names by its identifier
    (``Player.public_id``, which backups carry since event format 9 and
    season format 4), when the file says who it is: the same name (as
    ``name_key`` compares) and the same club by name, or a member without a
    club (an event-only player, whose club the entry keeps as text). The
    identifier is public (a player page's address), so it alone attaches
    nothing: a file naming another club's member by it, under another
    name or club, gets no match here and is read by today's rules
    (``register_match``), and an import never renames anyone."""
    from tournaments.names import name_key

    if not public_id:
        return None
    found = Player.objects.select_related("club").filter(public_id=public_id).first()
    if found is None or found.pk in used or name_key(found.name) != name_key(name):
        return None
    if found.club_id is not None and found.club.name != (file_club or ""):
        return None
    return found


def register_match(
    name: str,
    club,
    federation_number: str,
    distinction: str,
    used=(),
    distinction_known: bool = True,
) -> Player | None:
    """The register's row of a backup's player (event and season backups),
    when its identifier did not find it (``identity_match``):
    the one with its federation number; without a number, the same name in
    the same club (``club`` None: among the clubless), without a number,
    with the same distinction and not ``used`` by another of the file's
    players. So two members of one name and club told apart by the
    register are found again as the two rows they are, and a file's
    "Jan de Vries (1956)" is never taken for the register's "(1971)".

    ``distinction_known`` False: a file written before backups carried the
    distinction (event format 1-5, season format 1) says nothing about it;
    the name's row with none is taken first, else its oldest free one, as
    those files were always read. None: the caller adds the player
    (``player_from_file``)."""
    from tournaments.names import name_key

    if federation_number:
        return Player.objects.filter(federation_number=federation_number).first()
    if pseudonymous(name):  # an erased member: known by identifier only
        return None
    mark = name_key(distinction or "")
    free = [
        p for p in namesakes(name, club) if not p.federation_number and p.pk not in used
    ]
    same = [p for p in free if name_key(p.distinction) == mark]
    if same or distinction_known:
        return next(iter(same), None)
    return next(iter(free), None)


def player_from_file(
    name: str,
    club,
    federation_number: str,
    file_club: str = "",
    used=(),
    distinction: str = "",
    public_id: str = "",
) -> Player:
    """A backup's player the register does not hold by number or by name
    and club: the member this name would clash with when not taken by
    another of the file's players (the same person), else a new player told
    apart automatically (the file's club, else its number, else numbered),
    so a backup always imports. ``distinction``: the file's, if it has one;
    ``public_id``: the file's identifier, which a new player keeps when no
    one here has it (so importing the file again finds the same person).
    A pseudonym (an erased member, ``tournaments.people.pseudonymous``) is
    found by its identifier only (``identity_match``): by name it would
    take another site's erased member for this site's, and hand one
    person's results to another; it becomes a player of its own, told
    apart as any namesake."""
    name, distinction = clean_name(name), clean_name(distinction)
    other = name_clash(name, club, distinction, federation_number)
    # An erased member's pseudonym ("Speler 93") names nobody by itself:
    # another site's erased member 93 is not this site's (issue 38).
    if other is not None and other.pk not in used and not pseudonymous(name):
        return other
    hints = (federation_number, file_club if club is None else "")
    mark = free_distinction(name, club, distinction, federation_number, hints)
    player = Player(
        name=name, club=club, federation_number=federation_number, distinction=mark
    )
    if public_id and not Player.objects.filter(public_id=public_id).exists():
        player.public_id = public_id
    player.save()
    return player


def untold_pairs(players) -> list[tuple[Player, Player]]:
    """Pairs stored before the rule (or by hand in the database) that
    ``name_clash`` would refuse now: for the register page to mark and offer
    to merge or tell apart. ``players``: a queryset or list."""
    from tournaments.names import name_key

    groups: dict[tuple, list[Player]] = {}
    for p in players:
        key = (p.club_id, name_key(p.name), name_key(p.distinction))
        groups.setdefault(key, []).append(p)
    pairs = []
    for group in groups.values():
        group.sort(key=lambda p: p.pk)
        for i, a in enumerate(group):
            pairs += [
                (a, b)
                for b in group[i + 1 :]
                if not (a.federation_number and b.federation_number)
            ]
    return pairs
