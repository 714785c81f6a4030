"""Pairs the seating keeps apart (family, partners): the TD's list, add,
remove. Club-mates are kept apart without a list (``tournaments.keep_apart``).
"""

from django import forms
from django.contrib import messages
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from td.access import td_required
from tournaments.keep_apart import KeepApartRefusedError, add_pair, remove_pair
from tournaments.models import Entry, KeepApart
from tournaments.people import entry_name, event_names, in_name_order


class PairForm(forms.Form):
    """Two entries of the event (not withdrawn)."""

    first = forms.ModelChoiceField(
        queryset=Entry.objects.none(), label=gettext_lazy("Player")
    )
    second = forms.ModelChoiceField(
        queryset=Entry.objects.none(), label=gettext_lazy("and player")
    )

    def __init__(self, tournament, *args, **kwargs):
        super().__init__(*args, **kwargs)
        entries = tournament.entries.exclude(status=Entry.Status.WITHDRAWN)
        names = event_names(tournament)  # as every page shows them
        offered = in_name_order(
            {pk: names[pk] for pk in entries.values_list("pk", flat=True)}
        )
        choices = [("", "---------"), *((pk, names[pk]) for pk in offered)]
        for name in ("first", "second"):
            self.fields[name].queryset = entries
            self.fields[name].choices = choices
            self.fields[name].error_messages["invalid_choice"] = _(
                "Choose a player entered in this event."
            )
            self.fields[name].error_messages["required"] = _("Choose a player.")


def _page(request, tournament, form=None, status=200):
    pairs = KeepApart.objects.filter(tournament=tournament).select_related(
        "first__player", "second__player"
    )
    return render(
        request,
        "td/keep_apart.html",
        {
            "tournament": tournament,
            "pairs": pairs,
            "names": event_names(tournament),
            "form": form or PairForm(tournament),
        },
        status=status,
    )


@td_required
def keep_apart(request, tournament):
    """GET: the pairs and the form; POST: add a pair."""
    if request.method != "POST":
        return _page(request, tournament)
    form = PairForm(tournament, request.POST)
    if not form.is_valid():
        return _page(request, tournament, form, status=400)
    a, b = form.cleaned_data["first"], form.cleaned_data["second"]
    try:
        add_pair(tournament, a, b, request.user)
    except KeepApartRefusedError as exc:
        form.add_error(None, str(exc))
        return _page(request, tournament, form, status=400)
    messages.success(
        request,
        _("%(a)s and %(b)s will be seated at different tables where possible.")
        % {"a": entry_name(a), "b": entry_name(b)},
    )
    return redirect("td:keep-apart", tournament.slug)


@td_required
@require_POST
def keep_apart_remove(request, tournament, pk: int):
    try:
        remove_pair(tournament, pk, request.user)
    except KeepApartRefusedError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, _("The pair is no longer kept apart."))
    return redirect("td:keep-apart", tournament.slug)
