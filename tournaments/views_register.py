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


def _edit(request, model, form_class, pk: int, back: str):
    """Edit one register row (a player or a club) and go back to its list."""
    obj = get_object_or_404(model, pk=pk)
    form = form_class(request.POST or None, instance=obj)
    if request.method == "POST" and form.is_valid():
        form.save()
        messages.success(request, _("%(name)s saved.") % {"name": obj.name})
        return redirect(back)
    return render(
        request, "tournaments/td/edit.html",
        {"form": form, "title": obj.name, "back": back},
    )  # fmt: skip


@register_required
def player_edit(request, pk: int):
    return _edit(request, Player, PlayerForm, pk, "tournaments:td-players")


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
    return _edit(request, Club, ClubForm, pk, "tournaments:td-clubs")
