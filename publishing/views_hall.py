"""The hall's pages: an event's (or a season's) road to the club's site.

The TD tells the laptop the site's address and the upload key once (a
``Destination``); from then on the event sends itself: each published
round, each correction, the final standings (``publishing.events``). The
page shows what waits and why, and sends again on request. The send itself
happens in the worker: no page waits for the network.
"""

from django import forms
from django.contrib import messages
from django.db import transaction
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST

from core.background import after_change
from publishing.models import Destination, Outbox, SeasonLink
from publishing.outbox import send_again
from td.access import season_required, td_required
from tournaments.audit import audit


class DestinationForm(forms.Form):
    """A site already told, or a new address and key."""

    destination = forms.ModelChoiceField(
        label=gettext_lazy("Site"),
        queryset=Destination.objects.none(),
        required=False,
        empty_label=gettext_lazy("A new site (below)"),
    )
    site = forms.URLField(
        label=gettext_lazy("The site's address"),
        required=False,
        max_length=200,
        assume_scheme="https",
        help_text=gettext_lazy(
            "As the club's site is reached, e.g. https://rikken.example.nl"
        ),
    )
    key = forms.CharField(
        label=gettext_lazy("Upload key"),
        required=False,
        max_length=100,
        help_text=gettext_lazy(
            "Made by the club's organiser on that site (“Upload keys”)."
        ),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        choices = Destination.objects.all()
        self.fields["destination"].queryset = choices
        if choices.exists():
            self.fields["destination"].initial = choices.first().pk

    def clean(self):
        data = super().clean()
        if data.get("destination") is None:
            if not data.get("site") or not data.get("key"):
                raise forms.ValidationError(
                    _("Choose a site, or give a new site's address and its key.")
                )
            if not data["key"].strip().startswith("rk_"):
                self.add_error(
                    "key", _("An upload key starts with “rk_”: copy all of it.")
                )
        return data

    def destination_for(self, user) -> Destination:
        data = self.cleaned_data
        if data.get("destination") is not None:
            return data["destination"]
        found = Destination.objects.filter(
            site=data["site"].rstrip("/"), key=data["key"].strip()
        ).first()
        return found or Destination.objects.create(
            site=data["site"].rstrip("/"), key=data["key"].strip(), created_by=user
        )


@never_cache
@td_required
def event_online(request, tournament):
    """GET: where the event is sent and what waits. POST: send it there."""
    outbox = Outbox.objects.filter(tournament=tournament).first()
    form = DestinationForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        with transaction.atomic():
            destination = form.destination_for(request.user)
            Outbox.objects.update_or_create(
                tournament=tournament,
                defaults={"destination": destination, "refused": "", "due": 1},
            )
            audit(tournament, request.user, "publishing.connect", site=destination.site)
            after_change()
        messages.success(
            request,
            _(
                "The event is sent to %(site)s now and after every change the "
                "public sees."
            )
            % {"site": destination.site},
        )
        return redirect("publishing:event", tournament.slug)
    return render(
        request,
        "publishing/event_online.html",
        {"tournament": tournament, "outbox": outbox, "form": form},
        status=400 if form.errors else 200,
    )


@td_required
@require_POST
def event_send_now(request, tournament):
    outbox = Outbox.objects.filter(tournament=tournament).first()
    if outbox is not None:
        send_again(outbox)
        messages.success(request, _("Sent again as soon as there is a connection."))
    return redirect("publishing:event", tournament.slug)


@td_required
@require_POST
def event_stop(request, tournament):
    deleted, _rows = Outbox.objects.filter(tournament=tournament).delete()
    if deleted:
        audit(tournament, request.user, "publishing.disconnect")
        messages.success(request, _("The event is no longer sent to the site."))
    return redirect("publishing:event", tournament.slug)


@never_cache
@season_required
def season_online(request, competition):
    """A season's evenings, each sent as it is played (and those played)."""
    link = SeasonLink.objects.filter(competition=competition).first()
    form = DestinationForm(request.POST or None)
    if request.method == "POST" and "stop" in request.POST:
        SeasonLink.objects.filter(competition=competition).delete()
        messages.success(request, _("The season's evenings are no longer sent."))
        return redirect("publishing:season", competition.slug)
    if request.method == "POST" and form.is_valid():
        with transaction.atomic():
            destination = form.destination_for(request.user)
            SeasonLink.objects.update_or_create(
                competition=competition, defaults={"destination": destination}
            )
            for evening in competition.evenings.all():
                Outbox.objects.update_or_create(
                    tournament_id=evening.tournament_id,
                    defaults={"destination": destination, "refused": "", "due": 1},
                )
            after_change()
        messages.success(
            request,
            _("The season's evenings are sent to %(site)s, each as it is played.")
            % {"site": destination.site},
        )
        return redirect("publishing:season", competition.slug)
    outboxes = Outbox.objects.filter(
        tournament__evening__competition=competition
    ).select_related("tournament__evening")
    return render(
        request,
        "publishing/season_online.html",
        {
            "competition": competition,
            "link": link,
            "outboxes": outboxes.order_by("tournament__evening__number"),
            "form": form,
        },
        status=400 if form.errors else 200,
    )
