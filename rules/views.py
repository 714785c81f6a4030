"""Rule-schedule overview: every contract and its numbers, per schedule."""

from django.http import Http404
from django.shortcuts import render

from rules.resolver import resolve_schedule, schedule_choices


def overview(request):
    return render(request, "rules/overview.html", {"schedules": schedule_choices()})


def detail(request, code: str):
    schedule = resolve_schedule(code)
    if schedule is None:
        raise Http404
    return render(request, "rules/detail.html", {"schedule": schedule})
