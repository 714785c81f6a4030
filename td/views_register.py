"""The shared player register and the clubs: staff, and each club's organisers
for their own club's players (docs/roles.md)."""

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.db.models import Count
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from django_tables2 import RequestConfig

from core.text import clean_name, fold
from td.access import clubs_required, register_required
from td.forms import ClubForm
from td.forms_register import MemberForm, RegisterFilterForm
from td.tables import ClubTable
from td.tables_register import RegisterTable
from tournaments.merge import MergeRefusedError, check_merge, merge_players
from tournaments.models import Club, MailSubscription, Player
from tournaments.people import name_order, shown_sort_key
from tournaments.permissions import can_edit_player, organised_clubs
from tournaments.register_rules import (
    RegisterRefusedError,
    clubs_for,
    create_club,
    is_staff,
    managed_club_ids,
    untold_pairs,
)
from tournaments.subscriptions import approve, refuse, waiting_for_club


def _player_form(request, instance=None) -> MemberForm:
    """A member form whose clubs are the ones this user organises."""
    form = MemberForm(request.POST or None, instance=instance)
    form.fields["club"].queryset = clubs_for(request.user)
    form.fields["club"].required = not is_staff(request.user)
    return form


def visible_players(user):
    """Staff see the whole register; an organiser their clubs' members."""
    rows = Player.objects.select_related("club")
    if is_staff(user):
        return rows
    return rows.filter(club__in=organised_clubs(user))


def _filtered(rows, filters: RegisterFilterForm) -> list[Player]:
    """The members the filters keep, in the Dutch order of their names
    (``tournaments.people.name_order``). The search finds a name however it
    was typed: spaces, case and diacritics do not count ("anneke  smulders"
    finds "Anneke Smulders", "emile" finds "Émile"); SQL cannot compare so,
    so it runs here, on the club's list (a few hundred rows)."""
    club = filters.value("club")
    if club is not None:
        rows = rows.filter(club_id=club)
    active = filters.value("active")
    if active in ("0", "1"):
        rows = rows.filter(active=active == "1")
    found = list(rows)
    q = fold(clean_name(filters.value("q") or ""))
    if q:
        found = [p for p in found if _matches(p, q)]
    for player in found:
        player.name_order = shown_sort_key(player.name)
    return name_order(found, lambda p: p.name)


def _matches(player: Player, folded: str) -> bool:
    """Whether the search (``fold``-ed) is in the member's name, distinction
    or club, or is their federation number."""
    texts = (player.name, player.distinction, player.club.name if player.club else "")
    return any(folded in fold(text) for text in texts) or (
        folded == fold(player.federation_number)
    )


@register_required
def players(request):
    """The register: filter by club, active and search; POST adds a member
    (to a club the user organises). Same-name pairs not told apart are
    listed with a merge link (``register_rules.untold_pairs``)."""
    form = _player_form(request)
    if request.method == "POST" and form.is_valid():
        player = form.save()
        messages.success(request, _("%(name)s added.") % {"name": player.label})
        return redirect("td:players")
    mine = visible_players(request.user)
    filters = RegisterFilterForm(request.GET, organised_clubs(request.user))
    pairs = untold_pairs(
        mine.only("pk", "name", "club", "distinction", "federation_number")
    )
    twins = {}
    for a, b in pairs:
        twins.setdefault(a.pk, b)
        twins.setdefault(b.pk, a)
    table = RegisterTable(
        _filtered(mine, filters),
        contact_clubs=managed_club_ids(request.user),
        twins=twins,
    )
    RequestConfig(request, paginate={"per_page": 50}).configure(table)
    return render(
        request,
        "td/players.html",
        {
            "table": table,
            "form": form,
            "filters": filters,
            "pairs": pairs,
            "mail_requests": waiting_for_club(mine),
        },
    )


@register_required
@require_POST
def mail_request(request, pk: int, decision: str):
    """An organiser of the member's club (or staff) decides whether an
    address someone confirmed on the public pages is the member's: approved,
    the member's mail goes there; refused, the request is gone."""
    if decision not in ("approve", "refuse"):
        raise Http404
    sub = get_object_or_404(MailSubscription.objects.select_related("player"), pk=pk)
    if not can_edit_player(request.user, sub.player):
        raise PermissionDenied
    names = {"email": sub.email, "name": sub.player.label}
    if decision == "approve":
        approve(sub, request.user)
        message = _("%(name)s's mail now also goes to %(email)s.")
    else:
        refuse(sub)
        message = _("The request of %(email)s for %(name)s is removed.")
    messages.success(request, message % names)
    return redirect("td:players")


def _saved(request, form, back: str):
    obj = form.save()
    messages.success(request, _("%(name)s saved.") % {"name": obj})
    return redirect(back)


def _edit_page(request, form, title: str, back: str):
    return render(
        request,
        "td/edit.html",
        {"form": form, "title": title, "back": back},
    )


@register_required
def player_edit(request, pk: int):
    """A player's organisers (their club's) and staff may change them."""
    player = get_object_or_404(Player, pk=pk)
    if not can_edit_player(request.user, player):
        raise PermissionDenied
    form = _player_form(request, player)
    back = "td:players"
    if request.method == "POST" and form.is_valid():
        return _saved(request, form, back)
    return _edit_page(request, form, player.label, back)


@register_required
def player_merge(request, keep: int, gone: int):
    """Two members who are one person: confirm, then ``merge_players``.
    Organisers of the players' club (and staff) only; refused, with the
    reason, when both played in one event."""
    keep_p = get_object_or_404(Player.objects.select_related("club"), pk=keep)
    gone_p = get_object_or_404(Player.objects.select_related("club"), pk=gone)
    if not (
        can_edit_player(request.user, keep_p) and can_edit_player(request.user, gone_p)
    ):
        raise PermissionDenied
    refusal = None
    try:
        check_merge(keep_p, gone_p, request.user)
    except MergeRefusedError as exc:
        refusal = str(exc)
    if request.method == "POST" and refusal is None:
        try:
            merge_players(keep_p, gone_p, request.user)
        except MergeRefusedError as exc:
            refusal = str(exc)
        else:
            messages.success(
                request,
                _("%(gone)s merged into %(keep)s.")
                % {"gone": gone_p.label, "keep": keep_p.label},
            )
            return redirect("td:players")
    return render(
        request,
        "td/merge.html",
        {
            "keep": keep_p,
            "gone": gone_p,
            "refusal": refusal,
            "keep_events": keep_p.entries.count(),
            "gone_events": gone_p.entries.count(),
        },
        status=400 if refusal and request.method == "POST" else 200,
    )


@clubs_required
def clubs(request):
    """The clubs the user organises (staff: all), and a new club, which its
    maker then organises (``register_rules.create_club``)."""
    form = ClubForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            club = create_club(
                request.user, data["name"], data["city"], data["embed_origins"]
            )
        except RegisterRefusedError as exc:
            raise PermissionDenied(str(exc)) from None
        messages.success(request, _("%(name)s added.") % {"name": club.name})
        return redirect("td:clubs")
    table = ClubTable(organised_clubs(request.user).annotate(players=Count("player")))
    RequestConfig(request, paginate={"per_page": 50}).configure(table)
    return render(
        request,
        "td/clubs.html",
        {"table": table, "form": form, "staff": is_staff(request.user)},
    )


@clubs_required
def club_edit(request, pk: int):
    """A club's name and city: its organisers and staff."""
    club = get_object_or_404(Club, pk=pk)
    if not organised_clubs(request.user).filter(pk=club.pk).exists():
        raise PermissionDenied
    form = ClubForm(request.POST or None, instance=club)
    back = "td:clubs"
    if request.method == "POST" and form.is_valid():
        return _saved(request, form, back)
    return _edit_page(request, form, club.name, back)
