"""Who runs a season: the organisers of its club (``ClubRole``) and staff.
The season's evenings are events: their creator becomes their TD, as with
any event (docs/roles.md)."""

from functools import wraps

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404

from seasons.models import Competition
from tournaments.models import ClubRole
from tournaments.permissions import is_staff


def can_run(user, competition: Competition) -> bool:
    if is_staff(user):
        return True
    return (
        user.is_authenticated
        and ClubRole.objects.filter(user=user, club_id=competition.club_id).exists()
    )


def season_required(view):
    """The view receives the competition instead of its slug."""

    @wraps(view)
    def wrapper(request, slug, *args, **kwargs):
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        competition = get_object_or_404(Competition, slug=slug)
        if not can_run(request.user, competition):
            raise PermissionDenied
        return view(request, competition, *args, **kwargs)

    return wrapper
