"""Who may do what (docs/roles.md): TD and jury per tournament, organisers
per club, staff everywhere, the public for published results. The pages
ask through ``td.access`` (view decorators).

Every write goes through one of these checks; anyone else, logged in or not,
gets 403 (an anonymous visitor of a TD page is sent to the login page).
Staff is decided once, by ``is_staff``: every check here, the role backend
and the views ask it rather than read the user's flags.
"""

from django.db.models import Q

from tournaments.models import (
    Club,
    ClubRole,
    Entry,
    Player,
    Tournament,
    TournamentRole,
)


def is_staff(user) -> bool:
    """Staff may do everything (docs/roles.md): an active account with the
    admin site's staff flag, or a superuser. The one definition: a check
    that read ``user.is_staff`` or a permission instead let a staff member
    who is not a superuser in on some pages and not on others."""
    return bool(
        user.is_authenticated
        and user.is_active
        and (user.is_staff or user.is_superuser)
    )


def has_role(user, tournament: Tournament, *roles: str) -> bool:
    if not user.is_authenticated:
        return False
    if is_staff(user):
        return True
    return TournamentRole.objects.filter(
        tournament=tournament, user=user, role__in=roles
    ).exists()


def is_td(user, tournament: Tournament) -> bool:
    return has_role(user, tournament, TournamentRole.Role.TD)


def is_jury(user, tournament: Tournament) -> bool:
    return has_role(user, tournament, TournamentRole.Role.JURY, TournamentRole.Role.TD)


def can_create_events(user) -> bool:
    """Create an event or import an event backup: staff, and whom an admin
    grants it (the "Organisers" group, or the permission itself)."""
    return is_staff(user) or (
        user.is_authenticated and user.has_perm("tournaments.add_tournament")
    )


def organises_a_club(user) -> bool:
    return user.is_authenticated and ClubRole.objects.filter(user=user).exists()


def organised_clubs(user):
    """The clubs whose players ``user`` manages (staff: every club)."""
    if not user.is_authenticated:
        return Club.objects.none()
    if is_staff(user):
        return Club.objects.all()
    return Club.objects.filter(roles__user=user).distinct()


def can_create_clubs(user) -> bool:
    """A new club, which its maker then organises: staff, the organisers (who
    may create events), and whoever organises a club already. A TD who is
    neither enters a list's players with their club as text."""
    return can_create_events(user) or organises_a_club(user)


def can_manage_register(user) -> bool:
    """The shared player register: staff, and the clubs' organisers."""
    return is_staff(user) or organises_a_club(user)


def can_import_seasons(user) -> bool:
    """The season import page: staff (any club; a missing one is made), and
    whoever organises a club (the import then checks the file's club is
    theirs, ``documents.season_backup.import_competition``)."""
    return is_staff(user) or organises_a_club(user)


def can_edit_player(user, player) -> bool:
    """Staff, or an organiser of the player's club (a player without a club
    is staff's)."""
    if is_staff(user):
        return True
    return (
        user.is_authenticated
        and player.club_id is not None
        and ClubRole.objects.filter(user=user, club_id=player.club_id).exists()
    )


def register_players_for(user, tournament: Tournament):
    """The register's players ``user`` may see and pick for ``tournament``
    (its entries page, a substitute): staff everyone; a TD the players of
    the clubs they organise, the players of no club, and the players of the
    events they direct, this one included (names they were shown there
    already). Another club's members are never offered, so never sent to
    the page (docs/roles.md)."""
    if is_staff(user):
        return Player.objects.all()
    directed = TournamentRole.objects.filter(
        user=user, role=TournamentRole.Role.TD
    ).values("tournament_id")
    in_their_events = Entry.objects.filter(
        Q(tournament=tournament) | Q(tournament_id__in=directed)
    ).values("player_id")
    return Player.objects.filter(
        Q(club__isnull=True)
        | Q(club_id__in=organised_clubs(user).values("pk"))
        | Q(pk__in=in_their_events)
    )


def is_any_td(user) -> bool:
    return (
        user.is_authenticated
        and TournamentRole.objects.filter(
            user=user, role=TournamentRole.Role.TD
        ).exists()
    )
