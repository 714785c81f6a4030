"""A register player's erasure, from their register page, after a page
where the organiser types the player's name. Only the organisers of the
player's club and staff, checked on the server (``player_required``, as
the register). Their data export is a download: ``documents.views_member``."""

from django.contrib import messages
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from seasons.privacy import erase_player
from td.access import player_required
from tournaments.models import Entry, Player
from tournaments.names import name_key

#: The longest answer the confirmation field takes (a name is at most 120).
TYPED = 200


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
            return redirect("td:players")
        error = _("Type the player's name exactly as shown to erase their data.")
    return render(
        request,
        "td/season/privacy_erase.html",
        {
            "player": player,
            "events": Entry.objects.filter(player=player).count(),
            "error": error,
            "maxlength": TYPED,
        },
        status=400 if error else 200,
    )
