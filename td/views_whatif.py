"""The TD's what-if: the event's standings rescored under another preset or
house-rule set, beside the real ones (``scoring.whatif``; nothing stored).

``page_context`` is shared with the public page of a finished event: the
choice of rules, the rows in words and the refused deals.
"""

from collections import Counter

from django.shortcuts import render
from django.utils.translation import gettext as _

from rules.resolver import resolve_schedule, schedule_choices
from scoring.whatif import what_if
from td.access import td_required
from tournaments.models import Tournament
from tournaments.ranking import METRICS

#: Refused deals listed one by one (all of them are counted and summed up).
REFUSED_SHOWN = 500


def page_context(tournament: Tournament, code: str, order: str = "") -> dict:
    """What a what-if page shows for the rules ``code`` ("" shows the
    choice only); ``order`` "whatif" lists players by their what-if rank."""
    choices = schedule_choices()
    context = {
        "choices": choices,
        "chosen": code,
        "order": order,
        "own_rules": tournament.rules,
    }
    if not code:
        return context
    try:
        schedule = resolve_schedule(code) if code in dict(choices) else None
    except ValueError:  # a stored set the checks of today refuse
        schedule = None
    if schedule is None:
        context["error"] = _("“%(code)s” is no preset or house-rule set.") % {
            "code": code
        }
        return context
    result = what_if(tournament, schedule)
    rows = [_row(line, result.metric) for line in result.lines]
    if order == "whatif":
        rows.sort(key=lambda r: (r["other_rank"] is None, r["other_rank"] or 0))
    reasons = Counter(m for deal in result.refused for m in deal.messages)
    context.update(
        schedule=schedule,
        result=result,
        rows=rows,
        metric=METRICS[result.metric].name,
        moved=sum(1 for r in rows if r["change"]),
        reasons=reasons.most_common(),
        refused=result.refused[:REFUSED_SHOWN],
        refused_more=max(0, len(result.refused) - REFUSED_SHOWN),
    )
    return context


def _row(line, metric: str) -> dict:
    change = line.rank_change
    return {
        "entry": line.entry,
        "name": line.name,
        "rank": line.real.rank,
        "real": _number(line.real.value(metric)),
        "other": _number(line.other.value(metric)),
        "other_rank": line.other.rank,
        "change": change,
        "up": change is not None and change > 0,
        "down": change is not None and change < 0,
        "amount": abs(change) if change else 0,
    }


def _number(value):
    """Points as a player writes them: 12, not 12.0."""
    return int(value) if isinstance(value, float) and value.is_integer() else value


@td_required
def whatif_td(request, tournament: Tournament):
    context = page_context(
        tournament, request.GET.get("rules", "").strip(), request.GET.get("order", "")
    )
    return render(
        request,
        "td/whatif.html",
        {"tournament": tournament, "td": True, **context},
    )
