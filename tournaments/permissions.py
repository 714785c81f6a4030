"""Who may do what (docs/roles.md): TD and jury per tournament, organisers
per club, staff everywhere, the public for published results.

Every write goes through one of these checks; anyone else, logged in or not,
gets 403 (an anonymous visitor of a TD page is sent to the login page).
"""

from functools import wraps

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404

from tournaments.models import Club, ClubRole, Tournament, TournamentRole


def is_staff(user) -> bool:
    """Staff may do everything (docs/roles.md): the admin site's staff flag,
    or a superuser."""
    return user.is_authenticated and (user.is_staff or user.is_superuser)


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
    """An admin grants it: the "Organisers" group, or the permission itself."""
    return user.is_authenticated and user.has_perm("tournaments.add_tournament")


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
    if not user.is_authenticated:
        return False
    return (
        is_staff(user)
        or can_create_events(user)
        or ClubRole.objects.filter(user=user).exists()
    )


def can_manage_register(user) -> bool:
    """The shared player register: staff, and the clubs' organisers."""
    if not user.is_authenticated:
        return False
    return user.is_staff or ClubRole.objects.filter(user=user).exists()


def can_edit_player(user, player) -> bool:
    """Staff, or an organiser of the player's club (a player without a club
    is staff's)."""
    if not user.is_authenticated:
        return False
    if user.is_staff:
        return True
    return (
        player.club_id is not None
        and ClubRole.objects.filter(user=user, club_id=player.club_id).exists()
    )


def is_any_td(user) -> bool:
    return (
        user.is_authenticated
        and TournamentRole.objects.filter(
            user=user, role=TournamentRole.Role.TD
        ).exists()
    )


def _scoped(check):
    def decorator(view):
        @wraps(view)
        def wrapper(request, slug, *args, **kwargs):
            if not request.user.is_authenticated:
                return redirect_to_login(request.get_full_path())
            tournament = get_object_or_404(Tournament, slug=slug)
            if not check(request.user, tournament):
                raise PermissionDenied
            return view(request, tournament, *args, **kwargs)

        return wrapper

    return decorator


#: View decorators: the view receives the tournament instead of the slug.
td_required = _scoped(is_td)
jury_required = _scoped(is_jury)


def _site_wide(check):
    """A view decorator for a page of no one event: log in, then ``check``."""

    def decorator(view):
        @wraps(view)
        def wrapper(request, *args, **kwargs):
            if not request.user.is_authenticated:
                return redirect_to_login(request.get_full_path())
            if not check(request.user):
                raise PermissionDenied
            return view(request, *args, **kwargs)

        return wrapper

    return decorator


#: Views that create an event (new, import): organisers and staff.
organiser_required = _site_wide(can_create_events)
register_required = _site_wide(can_manage_register)
#: The clubs page: whoever may create clubs.
clubs_required = _site_wide(can_create_clubs)
