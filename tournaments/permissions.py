"""Who may do what: TD per tournament, jury per tournament, public.

Every write goes through ``td_required`` or ``jury_required``; anyone else,
logged in or not, gets 403.
"""

from functools import wraps

from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404

from tournaments.models import Tournament, TournamentRole


def has_role(user, tournament: Tournament, *roles: str) -> bool:
    if not user.is_authenticated:
        return False
    if user.is_superuser:
        return True
    return TournamentRole.objects.filter(
        tournament=tournament, user=user, role__in=roles
    ).exists()


def is_td(user, tournament: Tournament) -> bool:
    return has_role(user, tournament, TournamentRole.Role.TD)


def is_jury(user, tournament: Tournament) -> bool:
    return has_role(user, tournament, TournamentRole.Role.JURY, TournamentRole.Role.TD)


def can_manage_register(user) -> bool:
    """The shared player register: staff, or a TD of any tournament."""
    if not user.is_authenticated:
        return False
    return (
        user.is_staff
        or TournamentRole.objects.filter(
            user=user, role=TournamentRole.Role.TD
        ).exists()
    )


def _scoped(check):
    def decorator(view):
        @wraps(view)
        def wrapper(request, slug, *args, **kwargs):
            tournament = get_object_or_404(Tournament, slug=slug)
            if not check(request.user, tournament):
                raise PermissionDenied
            return view(request, tournament, *args, **kwargs)

        return wrapper

    return decorator


#: View decorators: the view receives the tournament instead of the slug.
td_required = _scoped(is_td)
jury_required = _scoped(is_jury)


def register_required(view):
    @wraps(view)
    def wrapper(request, *args, **kwargs):
        if not can_manage_register(request.user):
            raise PermissionDenied
        return view(request, *args, **kwargs)

    return wrapper
