"""Who plays in a tournament: register from the register, quick-add, check in,
withdraw between rounds and come back."""

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Count
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from core.transactions import BUSY_MESSAGE, BusyError
from td.access import td_required
from td.forms import (
    EntryActionForm,
    QuickAddForm,
    RegisterForm,
    SearchForm,
    WithdrawForm,
)
from tournaments.guests import GuestRefusedError, make_member, mark_guest
from tournaments.models import Entry
from tournaments.names import DuplicateNameError
from tournaments.people import entry_name, event_names
from tournaments.permissions import is_td
from tournaments.register_rules import RegisterRefusedError, clubs_for
from tournaments.roster import check_in, check_out, quick_add, unwithdraw
from tournaments.seating_screen import generate_tables
from tournaments.services import register, seat_round
from tournaments.withdrawal import WithdrawalRefusedError, open_seats, withdraw


def _search(request) -> str:
    form = SearchForm(request.GET)
    return form.cleaned_data["q"].strip() if form.is_valid() else ""


def _page(request, tournament, register_form=None, quick_form=None, status=200):
    q = _search(request)
    entries = tournament.entries.select_related("player__club").annotate(
        n_seats=Count("seats")
    )
    return render(
        request,
        "td/entries.html",
        {
            "tournament": tournament,
            "entries": entries,
            "names": event_names(tournament),  # as every page shows them
            "q": q,
            "register_form": register_form
            or RegisterForm(tournament, user=request.user, search=q),
            "quick_form": quick_form or _quick_form(request),
            "actions": dict(EntryActionForm.ACTIONS),
        },
        status=status,
    )


@td_required
def entries(request, tournament):
    """GET: the list; POST: register the ticked players from the register."""
    if request.method != "POST":
        return _page(request, tournament)
    form = RegisterForm(tournament, request.POST, user=request.user)
    if not form.is_valid():
        return _page(request, tournament, register_form=form, status=400)
    try:
        with transaction.atomic():
            players = list(form.cleaned_data["players"])
            new = register(tournament, players, request.user)
            if form.cleaned_data["check_in"]:
                check_in(new, request.user)
    except DuplicateNameError as exc:
        form.add_error("players", str(exc))
        return _page(request, tournament, register_form=form, status=400)
    messages.success(request, _("%(n)d players registered.") % {"n": len(new)})
    return redirect("td:entries", tournament.slug)


def _quick_form(request, data=None) -> QuickAddForm:
    """The late arrival's form: the clubs this user adds players to, or none
    (an event-only player)."""
    form = QuickAddForm(data)
    form.fields["club"].queryset = clubs_for(request.user)
    return form


@td_required
@require_POST
def entry_quick(request, tournament):
    """A new player straight into the register and this event (late arrival)."""
    form = _quick_form(request, request.POST)
    if not form.is_valid():
        return _page(request, tournament, quick_form=form, status=400)
    data = form.cleaned_data
    try:
        entry = quick_add(
            tournament,
            data["name"],
            data["club"],
            data["federation_number"],
            present=data["check_in"],
            user=request.user,
            distinction=data.get("distinction", ""),
        )
    except DuplicateNameError as exc:
        form.add_error("name", str(exc))
        return _page(request, tournament, quick_form=form, status=400)
    except ValidationError as exc:
        form.add_error("name", exc.messages[0])
        return _page(request, tournament, quick_form=form, status=400)
    except RegisterRefusedError as exc:
        form.add_error("club", str(exc))
        return _page(request, tournament, quick_form=form, status=400)
    messages.success(request, _("%(name)s added.") % {"name": entry_name(entry)})
    return redirect("td:entries", tournament.slug)


ACTIONS = {
    "checkin": lambda e, u: check_in([e], u),
    "checkout": check_out,
    "withdraw": lambda e, u: withdraw(e, u),
    "unwithdraw": unwithdraw,
}


def _guest_action(request, entry: Entry, action: str) -> None:
    """Mark a guest, or make a guest a member: in every event of theirs
    this user runs (``tournaments.guests``), the results kept."""
    try:
        if action == "guest":
            mark_guest(entry, True, request.user)
            messages.success(
                request, _("%(name)s: guest.") % {"name": entry_name(entry)}
            )
            return
        _done, left = make_member(
            entry.player, lambda event: is_td(request.user, event), request.user
        )
    except GuestRefusedError as exc:
        messages.error(request, str(exc))
        return
    text = _("%(name)s is a member: their results count in the season.")
    messages.success(request, text % {"name": entry_name(entry)})
    if left:
        more = ngettext(
            "%(n)d entry in an event you do not run stays a guest's.",
            "%(n)d entries in events you do not run stay a guest's.",
            left,
        )
        messages.warning(request, more % {"n": left})


@td_required
@require_POST
def entry_action(request, tournament, pk: int):
    entry = get_object_or_404(Entry, pk=pk, tournament=tournament)
    form = EntryActionForm(request.POST)
    withdrawing = form.is_valid() and form.cleaned_data["action"] == "withdraw"
    if withdrawing and open_seats(entry)[0]:
        return redirect("td:withdraw", tournament.slug, entry.pk)
    if not form.is_valid():
        messages.error(request, _("Unknown action."))
    elif form.cleaned_data["action"] in ("guest", "member"):
        _guest_action(request, entry, form.cleaned_data["action"])
    else:
        ACTIONS[form.cleaned_data["action"]](entry, request.user)
        entry.refresh_from_db()
        messages.success(
            request,
            _("%(name)s: %(status)s.")
            % {"name": entry_name(entry), "status": entry.get_status_display()},
        )
    return redirect("td:entries", tournament.slug)


@td_required
@require_POST
def check_in_all(request, tournament):
    n = check_in(list(tournament.entries.all()), request.user)
    messages.success(request, _("%(n)d players checked in.") % {"n": n})
    return redirect("td:entries", tournament.slug)


@td_required
def withdraw_page(request, tournament, pk: int):
    """Ask how to fill the seats a withdrawing player leaves; then withdraw."""
    entry = get_object_or_404(
        Entry.objects.select_related("player"), pk=pk, tournament=tournament
    )
    to_fill, finishing = open_seats(entry)
    allowed = set.intersection(*(set(s.choices) for s in to_fill)) if to_fill else set()
    form = WithdrawForm(tournament, allowed, request.POST or None, user=request.user)
    if request.method == "POST" and form.is_valid():
        try:
            rounds = withdraw(
                entry,
                request.user,
                form.cleaned_data["choice"],
                form.substitute_value(),
            )
        except (WithdrawalRefusedError, BusyError) as exc:
            form.add_error(None, str(exc) or BUSY_MESSAGE)
        else:
            for round_ in rounds:
                _seat_again(request, round_)
            messages.success(
                request, _("%(name)s withdrawn.") % {"name": entry_name(entry)}
            )
            return redirect("td:entries", tournament.slug)
    return render(
        request,
        "td/withdraw.html",
        {
            "tournament": tournament,
            "entry": entry,
            "name": entry_name(entry),
            "to_fill": to_fill,
            "finishing": finishing,
            "form": form,
            "allowed": allowed,
        },
    )


def _seat_again(request, round_) -> None:
    """Seat a round cleared by a withdrawal; with byes if the count needs them."""
    tables, out, diag = generate_tables(round_)
    if diag["code"] == "unseatable":
        tables, out, diag = generate_tables(round_, byes=True)
    if diag["error"]:
        messages.error(request, diag["error"])
        return
    seat_round(round_, tables, request.user, source="engine", byes=out)
    messages.info(
        request,
        _("Round %(n)s seated again: %(tables)d tables.")
        % {"n": round_.number, "tables": len(tables)},
    )
