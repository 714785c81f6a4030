"""A register player's data request, from their register page: the data
export (a JSON download) and the erasure (after a page where the organiser
types the player's name). Only the organisers of the player's club and
staff, checked here on the server (``can_edit_player``, as the register)."""

import json
from functools import wraps

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from seasons.privacy import erase_player, export_player
from tournaments.models import Entry, Player
from tournaments.names import name_key
from tournaments.permissions import can_edit_player

#: The longest answer the confirmation field takes (a name is at most 120).
TYPED = 200


def player_required(view):
    """Log in; then the player's club's organisers and staff only. The view
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


@require_GET
@player_required
def player_data(request, player: Player):
    """Everything Rikscore holds about the player, as a JSON file."""
    data = export_player(player, request.user)
    body = json.dumps(data, ensure_ascii=False, indent=1, default=str)
    response = HttpResponse(body, content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = (
        f'attachment; filename="player-{player.pk}-data.json"'
    )
    response["Cache-Control"] = "no-store"
    return response


@player_required
def player_erase(request, player: Player):
    """Ask first (what goes, what stays), then erase on the typed name."""
    error = ""
    if request.method == "POST":
        typed = request.POST.get("name", "")[:TYPED]
        if name_key(typed) and name_key(typed) == name_key(player.name):
            new = erase_player(player, request.user)
            if new is None:
                messages.success(
                    request, _("The player was removed from the register.")
                )
            else:
                messages.success(
                    request,
                    _(
                        "The player's personal data were erased; their results "
                        "stay under “%(pseudonym)s”."
                    )
                    % {"pseudonym": new},
                )
            return redirect("tournaments:td-players")
        error = _("Type the player's name exactly as shown to erase their data.")
    return render(
        request,
        "seasons/td/privacy_erase.html",
        {
            "player": player,
            "events": Entry.objects.filter(player=player).count(),
            "error": error,
            "maxlength": TYPED,
        },
        status=400 if error else 200,
    )
