"""Making a device a table's tablet, and unlocking it (``tableside.tablet``).

Both are the TD's: making one is a button on the TD's round page (the TD
is then logged out on that device, so the players holding it reach no page
of the TD's); unlocking asks the TD of that event (or staff) to log in on
the device, and logs them out again once it is done.
"""

from django.contrib import messages
from django.contrib.auth import logout
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import Resolver404, resolve, reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from scoring.tableside import services
from tableside import tablet
from td.access import td_required
from tournaments.audit import table_line
from tournaments.models import TableRound, Tournament
from tournaments.permissions import is_td


@td_required
@require_POST
def make(request, tournament, round: int, table: int):
    round_number = round
    table = get_object_or_404(
        TableRound, round__tournament=tournament, round__number=round, number=table
    )
    if tournament.entry_mode == Tournament.EntryMode.TD:
        messages.error(
            request,
            _("At this event the TD enters the deals: a tablet has nothing to do."),
        )
        return redirect("td:round", tournament.slug, round_number)
    key = services.key_for(table)
    base = reverse("tableside:table", args=[key.slot, key.secret])
    table_line(table, request.user, "table.tablet")
    logout(request)  # the players hold this device now
    return tablet.lock(redirect(base), base)


def unlock(request):
    base = tablet.base_of(request)
    key = _key_of(base)
    if key is None:
        return render(request, "tableside/unlock.html", {"done": base is None})
    tournament = key.table.round.tournament
    may = request.user.is_authenticated and (
        request.user.is_staff or is_td(request.user, tournament)
    )
    if request.method == "POST" and may:
        logout(request)
        return tablet.unlock(render(request, "tableside/unlock.html", {"done": True}))
    return render(
        request,
        "tableside/unlock.html",
        {"table": key.table, "may": may, "base": base},
    )


def _key_of(base: str | None):
    """The table key of the link the device is locked to (None: none)."""
    try:
        match = resolve(base or "")
    except Resolver404:
        return None
    if match.view_name != "tableside:table":
        return None
    return services.find_key(match.kwargs["slot"], match.kwargs["secret"])
