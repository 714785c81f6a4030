"""The online site's pages for a club's organisers: upload keys for the
halls, the events that arrived by upload, and an upload refused because
the event was changed here (both sides shown; the organiser chooses).
Club organisers and staff (``register_required``), each seeing the keys
and events of the clubs they organise; every choice checked on the server.
"""

from django import forms
from django.contrib import messages
from django.core.exceptions import FieldDoesNotExist
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST

from core.site import absolute
from documents.event_backup import export_event
from publishing.differences import Difference, differences
from publishing.keys import make_key, revoke_key
from publishing.models import OnlineCopy, UploadConflict, UploadKey
from publishing.receive import keep_the_sites, take_the_halls
from td.access import register_required
from tournaments.models import Club, Tournament
from tournaments.people import Person, shown_names
from tournaments.permissions import organised_clubs


class KeyForm(forms.Form):
    club = forms.ModelChoiceField(
        label=gettext_lazy("Club"), queryset=Club.objects.none()
    )
    name = forms.CharField(
        label=gettext_lazy("Name"),
        max_length=80,
        help_text=gettext_lazy("Which hall or laptop uses it, e.g. “hall laptop”."),
    )
    one_event = forms.BooleanField(
        label=gettext_lazy("For one event only"),
        required=False,
        help_text=gettext_lazy(
            "The key then brings the first event it sends, no other."
        ),
    )

    def __init__(self, *args, clubs, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["club"].queryset = clubs
        if clubs.count() == 1:
            self.fields["club"].initial = clubs.first().pk


SHOWN = "publishing-key-new"


@never_cache
@register_required
def keys(request):
    clubs = organised_clubs(request.user)
    form = KeyForm(request.POST or None, clubs=clubs)
    if request.method == "POST" and form.is_valid():
        key, secret = make_key(
            form.cleaned_data["club"],
            form.cleaned_data["name"],
            request.user,
            one_event=form.cleaned_data["one_event"],
        )
        request.session[SHOWN] = {"name": key.name, "secret": secret}
        return redirect("publishing:keys")
    copies = OnlineCopy.objects.filter(key__club__in=clubs).select_related(
        "tournament", "key"
    )
    conflicts = UploadConflict.objects.filter(
        resolved="", key__club__in=clubs
    ).select_related("tournament")
    return render(
        request,
        "publishing/keys.html",
        {
            "form": form,
            "keys": UploadKey.objects.filter(club__in=clubs).select_related("club"),
            "new": request.session.pop(SHOWN, None),
            "site": absolute("", request),
            "copies": copies.order_by("-received")[:100],
            "conflicts": conflicts,
        },
        status=400 if form.errors else 200,
    )


@register_required
@require_POST
def revoke(request, pk: int):
    key = revoke_key(pk, organised_clubs(request.user))
    if key is None:
        raise Http404
    messages.success(request, _("Key “%(name)s” revoked.") % {"name": key.name})
    return redirect("publishing:keys")


def _conflict_of(request, pk: int) -> UploadConflict:
    return get_object_or_404(
        UploadConflict.objects.select_related("tournament", "key"),
        pk=pk,
        resolved="",
        key__club__in=organised_clubs(request.user),
    )


@never_cache
@register_required
def conflict(request, pk: int):
    """Both sides: what the site's copy holds and what the hall sent."""
    found = _conflict_of(request, pk)
    site = export_event(found.tournament)
    lines, more = differences(site, found.file)
    names = _names(site, found.file)
    return render(
        request,
        "publishing/conflict.html",
        {
            "conflict": found,
            "tournament": found.tournament,
            "lines": [(where(line, names), line) for line in lines],
            "more": more,
            "public": reverse("public:standings", args=[found.tournament.slug]),
        },
    )


#: The words for a compared field that is no setting of the event.
FIELDS = {
    "entered": gettext_lazy("entered"),
    "round": gettext_lazy("round"),
    "table": gettext_lazy("table"),
    "seats": gettext_lazy("seats"),
    "deal": gettext_lazy("contract and points by seat"),
    "published": gettext_lazy("results published"),
    "correction_reason": gettext_lazy("reason for the correction"),
    "status": gettext_lazy("status"),
    "name": gettext_lazy("name"),
    "club": gettext_lazy("club"),
    "public_name": gettext_lazy("name on public pages"),
    "withdrawn_after": gettext_lazy("withdrawn after round"),
}


def _names(*files: dict) -> dict[str, str]:
    """{ref: name as the TD's pages show it} of both files' players: the
    register's one way to tell namesakes apart (``people.shown_names``),
    not the file's "Jan de Vries [2]"."""
    players = {p["ref"]: p for file in files for p in file["players"]}
    return shown_names(
        {
            ref: Person(
                p["name"],
                p.get("distinction") or "",
                club=p.get("club") or "",
                federation=p.get("federation_number") or "",
            )
            for ref, p in players.items()
        },
        public=False,
    )


def where(line: Difference, names: dict[str, str]) -> str:
    """Where a difference is, in words: "Round 2, table 3, deal 5: …"."""
    parts = []
    if line.player:
        parts.append(names.get(line.player, line.player))
    if line.round is not None:
        parts.append(_("Round %(n)s") % {"n": line.round})
    if line.table is not None:
        parts.append(_("Table %(n)s") % {"n": line.table})
    if line.deal is not None:
        parts.append(_("Deal %(n)s") % {"n": line.deal})
    label = FIELDS.get(line.what)
    if label is None:
        try:
            label = Tournament._meta.get_field(line.what).verbose_name
        except FieldDoesNotExist:
            label = line.what
    return ", ".join(parts) + (": " if parts else "") + str(label)


@register_required
@require_POST
def choose(request, pk: int):
    found = _conflict_of(request, pk)
    if request.POST.get("keep") == "hall":
        outcome = take_the_halls(found, request.user)
        if not outcome.stored:
            for problem in outcome.problems:
                messages.error(request, problem["message"])
            return redirect("publishing:conflict", pk)
        messages.success(request, _("The hall's copy counts now."))
    else:
        keep_the_sites(found, request.user)
        messages.success(
            request,
            _("The site's copy stays; the hall's uploads of this event are refused."),
        )
    return redirect("publishing:keys")
