"""The jury page: record decisions on jury contracts; what was decided (by
contract name, who decided, who recorded it and when); solo-limit counts.
The TD mostly records a decision on the deal form itself (``scoring.entry``)."""

from django.contrib import messages
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from scoring.jury import decider_name, record_call, solo_counts
from scoring.models import JuryCall
from td.access import jury_required
from td.forms_jury import JuryCallForm
from tournaments.people import entry_name, event_names
from tournaments.permissions import is_td


def contract_name(schedule, code: str) -> str:
    """A contract's name in the active language; a code the schedule does
    not know (any more) as stored."""
    contract = schedule.contracts.get(code)
    return contract.name if contract is not None else code


@jury_required
def jury(request, tournament):
    form = JuryCallForm(tournament, request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        call = record_call(
            data["table_round"],
            data["deal_number"],
            data["declarer"],
            data["contract"],
            data["decision"],
            request.user,
            data.get("decided_by") or decider_name(request.user),
        )
        messages.success(
            request,
            _("%(decision)s: %(contract)s by %(name)s.")
            % {
                "decision": call.get_decision_display(),
                "contract": contract_name(tournament.schedule, call.contract),
                "name": entry_name(call.entry),
            },
        )
        return redirect("td:jury", tournament.slug)
    calls = list(
        JuryCall.objects.filter(table__round__tournament=tournament)
        .select_related("table__round", "entry__player", "user")
        .order_by("-at", "-id")[:50]
    )
    schedule = tournament.schedule
    for call in calls:
        call.contract_name = contract_name(schedule, call.contract)
    counts = solo_counts(tournament)
    names = event_names(tournament)  # as every page shows them
    solo = sorted(
        ((name, counts.get(pk, 0)) for pk, name in names.items()),
        key=lambda row: (-row[1], row[0]),
    )
    return render(
        request,
        "td/jury.html",
        {
            "tournament": tournament,
            "form": form,
            "calls": calls,
            "names": names,
            "solo": solo,
            "solo_limit": tournament.schedule.solo_limit,
            "is_td": is_td(request.user, tournament),
        },
        status=400 if form.errors else 200,
    )
