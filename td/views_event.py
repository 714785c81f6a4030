"""The TD's tournament pages: list and create, dashboard, settings, roles, audit.

Function views behind the permission decorators of ``tournaments.permissions``;
every write goes through a service function that writes the audit line.
"""

from collections import Counter

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.db.models import Count, Q
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from django_tables2 import RequestConfig

from scoring.table_result import event_table_results
from td.access import organiser_required, td_required
from td.forms import RoleForm, TournamentForm, sit_out_sentence
from td.tables import AuditTable
from tournaments.models import Entry, Tournament, TournamentRole
from tournaments.permissions import (
    can_create_events,
    can_manage_register,
    is_staff,
    is_td,
)
from tournaments.roster import add_role, remove_role
from tournaments.rounds import settings_changed
from tournaments.services import create_tournament


def _my_tournaments(user):
    qs = Tournament.objects.all()
    if not is_staff(user):
        qs = qs.filter(roles__user=user).distinct()
    return [(t, is_td(user, t)) for t in qs]


@login_required
def manage(request):
    """The user's tournaments (TD or jury) and, for organisers and staff, a
    new one or one restored from a backup: on a fresh site this page is the
    only way to either, so both are linked here (``can_create_events``)."""
    return render(
        request,
        "td/manage.html",
        {
            "tournaments": _my_tournaments(request.user),
            "may_create": can_create_events(request.user),
            "may_keys": can_manage_register(request.user),
        },
    )


@organiser_required
def create(request):
    """A new event: for organisers (an admin grants it) and staff
    (docs/roles.md)."""
    form = TournamentForm(request.POST or None, user=request.user)
    if request.method == "POST" and form.is_valid():
        tournament = create_tournament(user=request.user, **form.cleaned_data)
        messages.success(request, _("Tournament created."))
        _warn_five(request, tournament)
        return redirect("td:event", tournament.slug)
    return render(request, "td/create.html", {"form": form})


def _round_rows(tournament):
    rounds = tournament.round_set.annotate(
        n_tables=Count("tables", distinct=True),
        n_closed=Count("tables", filter=Q(tables__closed=True), distinct=True),
    )
    # how far each round is: its tables' results (scoring.table_result), a
    # table typed as totals played with no deals stored
    deals, typed = Counter(), Counter()
    for result in event_table_results(tournament, with_deals=False):
        deals[result.round] += result.deals_entered
        typed[result.round] += result.typed
    return [(r, deals[r.number], typed[r.number]) for r in rounds]


@td_required
def detail(request, tournament):
    counts = dict(tournament.entries.values_list("status").annotate(n=Count("id")))
    roles = tournament.roles.select_related("user").order_by("role", "user__username")
    return render(
        request,
        "td/detail.html",
        {
            "tournament": tournament,
            "rounds": _round_rows(tournament),
            "counts": {s: counts.get(s, 0) for s in Entry.Status.values},
            "roles": roles,
            "role_form": RoleForm(),
        },
    )


def _warn_five(request, tournament) -> None:
    """Saved, but a table of five will not share sitting out evenly."""
    note = sit_out_sentence(tournament.deals_per_round, tournament.normalise_five)
    if note:
        messages.warning(request, note)


@td_required
def settings(request, tournament):
    form = TournamentForm(request.POST or None, instance=tournament)
    if request.method == "POST":
        if form.is_valid():
            with transaction.atomic():
                form.save()
                settings_changed(tournament, request.user, form.changed_data)
            messages.success(request, _("Settings saved."))
            _warn_five(request, tournament)
            return redirect("td:event", tournament.slug)
        if "rules" in form.errors and tournament.rules_frozen:
            messages.error(request, form.errors["rules"][0])
    return render(
        request,
        "td/settings.html",
        {"tournament": tournament, "form": form},
    )


@td_required
@require_POST
def role_add(request, tournament):
    form = RoleForm(request.POST)
    if form.is_valid():
        user, role = form.cleaned_data["username"], form.cleaned_data["role"]
        if add_role(tournament, user, role, request.user):
            messages.success(request, _("Role added."))
        else:
            messages.info(request, _("That user already has this role."))
    else:
        for errors in form.errors.values():
            messages.error(request, errors[0])
    return redirect("td:event", tournament.slug)


@td_required
@require_POST
def role_remove(request, tournament, pk: int):
    role = get_object_or_404(TournamentRole, pk=pk, tournament=tournament)
    last_td = (
        role.role == TournamentRole.Role.TD
        and tournament.roles.filter(role=TournamentRole.Role.TD).count() == 1
    )
    if last_td:
        messages.error(request, _("A tournament keeps at least one TD."))
    else:
        remove_role(role, request.user)
        messages.success(request, _("Role removed."))
    return redirect("td:event", tournament.slug)


@td_required
def audit_log(request, tournament):
    table = AuditTable(tournament.audit.select_related("user"))
    RequestConfig(request, paginate={"per_page": 50}).configure(table)
    table.describe_page(tournament)
    return render(request, "td/audit.html", {"tournament": tournament, "table": table})
