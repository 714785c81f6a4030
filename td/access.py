"""The pages' doors: view decorators that log the visitor in, then ask
the domain's checks (``tournaments.permissions``, ``seasons.permissions``),
and hand the view the event, season or player instead of its code. Every
app by audience guards its views with these; refused: 403, with the reason
the 403 page shows."""

from functools import wraps

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext_lazy as _

from seasons.models import Competition
from seasons.permissions import can_run
from tournaments.models import Player, Tournament
from tournaments.permissions import (
    can_create_clubs,
    can_create_events,
    can_edit_player,
    can_manage_register,
    is_jury,
    is_td,
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


#: Why a page of no one event is refused: the 403 page says it instead of
#: its default (a page of a tournament the visitor does not direct).
NOT_AN_ORGANISER = _(
    "Creating tournaments is for organisers: ask the site's administrator to "
    "add you to the Organisers group."
)
NOT_A_CLUB_ORGANISER = _(
    "The player register and the clubs are for the clubs' organisers: ask the "
    "site's administrator to make you organiser of your club."
)


def _site_wide(check, reason):
    """A view decorator for a page of no one event: log in, then ``check``;
    refused with ``reason``."""

    def decorator(view):
        @wraps(view)
        def wrapper(request, *args, **kwargs):
            if not request.user.is_authenticated:
                return redirect_to_login(request.get_full_path())
            if not check(request.user):
                raise PermissionDenied(str(reason))
            return view(request, *args, **kwargs)

        return wrapper

    return decorator


#: Views that create an event (new, import): organisers and staff.
organiser_required = _site_wide(can_create_events, NOT_AN_ORGANISER)
register_required = _site_wide(can_manage_register, NOT_A_CLUB_ORGANISER)
#: The clubs page: whoever may create clubs.
clubs_required = _site_wide(can_create_clubs, NOT_A_CLUB_ORGANISER)


def player_required(view):
    """A view of one register player (``pk``): log in; then the player's
    club's organisers and staff only (``can_edit_player``). The view
    receives the player instead of its number."""

    @wraps(view)
    def wrapper(request, pk: int, *args, **kwargs):
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        player = get_object_or_404(Player.objects.select_related("club"), pk=pk)
        if not can_edit_player(request.user, player):
            raise PermissionDenied
        return view(request, player, *args, **kwargs)

    return wrapper


def season_required(view):
    """A season's page: its club's organisers and staff; the view receives
    the competition instead of its slug."""

    @wraps(view)
    def wrapper(request, slug, *args, **kwargs):
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        competition = get_object_or_404(Competition, slug=slug)
        if not can_run(request.user, competition):
            raise PermissionDenied
        return view(request, competition, *args, **kwargs)

    return wrapper
