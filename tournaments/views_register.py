"""The shared player register and the clubs (``register_required``)."""

from django.contrib import messages
from django.db.models import Count, Q
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django_tables2 import RequestConfig

from tournaments.forms import ClubForm, PlayerForm, SearchForm
from tournaments.models import Club, Player
from tournaments.permissions import register_required
from tournaments.tables import ClubTable, PlayerTable


def _search(request) -> str:
    form = SearchForm(request.GET)
    return form.cleaned_data["q"].strip() if form.is_valid() else ""


@register_required
def players(request):
    """List with search; POST adds a player."""
    form = PlayerForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        player = form.save()
        messages.success(request, _("%(name)s added.") % {"name": player.name})
        return redirect("tournaments:td-players")
    q = _search(request)
    rows = Player.objects.select_related("club")
    if q:
        rows = rows.filter(
            Q(name__icontains=q) | Q(club__name__icontains=q)
            | Q(federation_number__iexact=q)
        )  # fmt: skip
    table = PlayerTable(rows)
    RequestConfig(request, paginate={"per_page": 50}).configure(table)
    return render(
        request, "tournaments/td/players.html",
        {"table": table, "form": form, "q": q},
    )  # fmt: skip


@register_required
def player_edit(request, pk: int):
    player = get_object_or_404(Player, pk=pk)
    form = PlayerForm(request.POST or None, instance=player)
    if request.method == "POST" and form.is_valid():
        form.save()
        messages.success(request, _("%(name)s saved.") % {"name": player.name})
        return redirect("tournaments:td-players")
    return render(
        request, "tournaments/td/edit.html",
        {"form": form, "title": player.name, "back": "tournaments:td-players"},
    )  # fmt: skip


@register_required
def clubs(request):
    form = ClubForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        club = form.save()
        messages.success(request, _("%(name)s added.") % {"name": club.name})
        return redirect("tournaments:td-clubs")
    table = ClubTable(Club.objects.annotate(players=Count("player")))
    RequestConfig(request, paginate={"per_page": 50}).configure(table)
    return render(request, "tournaments/td/clubs.html", {"table": table, "form": form})


@register_required
def club_edit(request, pk: int):
    club = get_object_or_404(Club, pk=pk)
    form = ClubForm(request.POST or None, instance=club)
    if request.method == "POST" and form.is_valid():
        form.save()
        messages.success(request, _("%(name)s saved.") % {"name": club.name})
        return redirect("tournaments:td-clubs")
    return render(
        request, "tournaments/td/edit.html",
        {"form": form, "title": club.name, "back": "tournaments:td-clubs"},
    )  # fmt: skip
