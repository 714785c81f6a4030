"""The shared player register and the clubs: staff, and each club's organisers
for their own club's players (docs/roles.md)."""

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.db.models import Count, Q
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django_tables2 import RequestConfig

from tournaments.forms import ClubForm, PlayerForm, SearchForm
from tournaments.models import Club, Player
from tournaments.permissions import (
    can_edit_player,
    clubs_required,
    organised_clubs,
    register_required,
)
from tournaments.register_rules import (
    RegisterRefusedError,
    clubs_for,
    create_club,
    is_staff,
)
from tournaments.tables import ClubTable, PlayerTable


def _search(request) -> str:
    form = SearchForm(request.GET)
    return form.cleaned_data["q"].strip() if form.is_valid() else ""


def _player_form(request, instance=None) -> PlayerForm:
    """A player form whose clubs are the ones this user organises."""
    form = PlayerForm(request.POST or None, instance=instance)
    form.fields["club"].queryset = clubs_for(request.user)
    form.fields["club"].required = not is_staff(request.user)
    return form


@register_required
def players(request):
    """List with search; POST adds a player (to a club the user organises)."""
    form = _player_form(request)
    if request.method == "POST" and form.is_valid():
        player = form.save()
        messages.success(request, _("%(name)s added.") % {"name": player.name})
        return redirect("tournaments:td-players")
    q = _search(request)
    rows = Player.objects.select_related("club")
    if q:
        rows = rows.filter(
            Q(name__icontains=q)
            | Q(club__name__icontains=q)
            | Q(federation_number__iexact=q)
        )
    table = PlayerTable(rows)
    RequestConfig(request, paginate={"per_page": 50}).configure(table)
    return render(
        request,
        "tournaments/td/players.html",
        {"table": table, "form": form, "q": q},
    )


def _saved(request, form, back: str):
    obj = form.save()
    messages.success(request, _("%(name)s saved.") % {"name": obj.name})
    return redirect(back)


def _edit_page(request, form, title: str, back: str):
    return render(
        request,
        "tournaments/td/edit.html",
        {"form": form, "title": title, "back": back},
    )


@register_required
def player_edit(request, pk: int):
    """A player's organisers (their club's) and staff may change them."""
    player = get_object_or_404(Player, pk=pk)
    if not can_edit_player(request.user, player):
        raise PermissionDenied
    form = _player_form(request, player)
    back = "tournaments:td-players"
    if request.method == "POST" and form.is_valid():
        return _saved(request, form, back)
    return _edit_page(request, form, player.name, back)


@clubs_required
def clubs(request):
    """The clubs the user organises (staff: all), and a new club, which its
    maker then organises (``register_rules.create_club``)."""
    form = ClubForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            club = create_club(request.user, data["name"], data["city"])
        except RegisterRefusedError as exc:
            raise PermissionDenied(str(exc)) from None
        messages.success(request, _("%(name)s added.") % {"name": club.name})
        return redirect("tournaments:td-clubs")
    table = ClubTable(organised_clubs(request.user).annotate(players=Count("player")))
    RequestConfig(request, paginate={"per_page": 50}).configure(table)
    return render(
        request,
        "tournaments/td/clubs.html",
        {"table": table, "form": form, "staff": is_staff(request.user)},
    )


@clubs_required
def club_edit(request, pk: int):
    """A club's name and city: its organisers and staff."""
    club = get_object_or_404(Club, pk=pk)
    if not organised_clubs(request.user).filter(pk=club.pk).exists():
        raise PermissionDenied
    form = ClubForm(request.POST or None, instance=club)
    back = "tournaments:td-clubs"
    if request.method == "POST" and form.is_valid():
        return _saved(request, form, back)
    return _edit_page(request, form, club.name, back)
