"""Undo and closing on the season page: delete an evening, delete the
season, close and reopen it. Each asks first on a page of its own (no
script needed); ``seasons.undo`` decides and writes the log. Only the
club's organisers and staff (``season_required``)."""

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from seasons.closed import refuse_if_closed
from seasons.models import Competition, Evening
from seasons.undo import (
    ConfirmationNeededError,
    SeasonClosedError,
    UndoRefusedError,
    close_season,
    delete_evening,
    delete_season,
    later_evenings,
    reopen_season,
)
from td.access import season_required
from tournaments.corrections import REASON_LENGTH


def _page(request, competition: Competition, **context):
    """The confirmation page: ``title``, ``lines`` (what happens), ``button``
    and optionally a ``field`` to fill in (the season's code, a reason)."""
    context = {"competition": competition, "action": request.path, **context}
    return render(request, "td/season/undo.html", context)


def _refused(request, competition: Competition, exc: Exception):
    messages.error(request, str(exc))
    return redirect(reverse("td:season", args=[competition.slug]))


@season_required
def evening_delete(request, competition: Competition, number: int):
    evening = get_object_or_404(
        Evening.objects.select_related("tournament"),
        competition=competition,
        number=number,
    )
    if request.method == "POST":
        confirmed = request.POST.get("confirmed") == "1"
        try:
            delete_evening(evening, request.user, confirmed=confirmed)
        except SeasonClosedError as exc:
            return _refused(request, competition, exc)
        except ConfirmationNeededError:
            pass  # the page below says what follows
        else:
            messages.success(
                request, _("Evening %(n)s deleted.") % {"n": evening.number}
            )
            return redirect(reverse("td:season", args=[competition.slug]) + "#evenings")
    return _page(
        request,
        competition,
        title=_("Delete evening %(n)s") % {"n": evening.number},
        lines=_evening_consequences(evening),
        button=_("Delete the evening"),
    )


def _evening_consequences(evening: Evening) -> list[str]:
    event = evening.tournament
    lines = [
        _(
            "“%(name)s” of %(date)s is deleted with everything in it: its "
            "players' entries, seating, deals and results. This cannot be undone; "
            "download its backup first if you may want it back."
        )
        % {"name": event.name, "date": date_format(event.date)}
    ]
    later = later_evenings(evening)
    if later:
        lines.append(
            ngettext(
                "A later evening exists (%(numbers)s). It keeps its number: the "
                "season goes on with a gap at evening %(n)s.",
                "Later evenings exist (%(numbers)s). They keep their numbers: the "
                "season goes on with a gap at evening %(n)s.",
                len(later),
            )
            % {"numbers": ", ".join(map(str, later)), "n": evening.number}
        )
    lines.append(
        _(
            "The season ranking loses this evening's results, and the ratings "
            "are worked out again without it."
        )
    )
    return lines


@season_required
def season_delete(request, competition: Competition):
    error = ""
    if request.method == "POST":
        try:
            delete_season(competition, request.POST.get("code", ""), request.user)
        except SeasonClosedError as exc:
            return _refused(request, competition, exc)
        except UndoRefusedError as exc:
            error = str(exc)
        else:
            messages.success(
                request, _("Season “%(name)s” deleted.") % {"name": competition.name}
            )
            return redirect(reverse("td:seasons"))
    evenings = competition.evenings.count()
    lines = [
        ngettext(
            "The season “%(name)s” is deleted with its %(count)d evening, every "
            "deal and result in it, its teams and its settings.",
            "The season “%(name)s” is deleted with its %(count)d evenings, every "
            "deal and result in them, its teams and its settings.",
            evenings,
        )
        % {"name": competition.name, "count": evenings},
        _(
            "This cannot be undone: download the season's backup first if you "
            "may want it back. The players stay in the register; the ratings "
            "are worked out again without these evenings."
        ),
    ]
    field = {
        "name": "code",
        "label": _("Type the season's code “%(code)s” to confirm.")
        % {"code": competition.slug},
        "maxlength": 60,
        "error": error,
    }
    return _page(
        request,
        competition,
        title=_("Delete the season"),
        lines=lines,
        button=_("Delete the season"),
        field=field,
    )


@season_required
def close(request, competition: Competition):
    """Close the season (a POST from its page); reopening asks a reason."""
    if request.method == "POST" and request.POST.get("closed", "1") == "1":
        close_season(competition, request.user)
        messages.success(
            request,
            _(
                "Season closed: its standing is final. Nothing in it changes "
                "until it is reopened."
            ),
        )
        return redirect(reverse("td:season", args=[competition.slug]))
    return redirect(reverse("td:season-reopen", args=[competition.slug]))


@season_required
def reopen(request, competition: Competition):
    if not competition.closed:
        return redirect(reverse("td:season", args=[competition.slug]))
    error = ""
    if request.method == "POST":
        try:
            reopen_season(competition, request.POST.get("reason", ""), request.user)
        except UndoRefusedError as exc:
            error = str(exc)
        else:
            messages.success(request, _("Season opened again."))
            return redirect(reverse("td:season", args=[competition.slug]))
    field = {
        "name": "reason",
        "label": _("Why is the season reopened? (kept in the season's log)"),
        "maxlength": REASON_LENGTH,
        "error": error,
    }
    lines = [
        _(
            "A closed season's standing is final. Reopened, its evenings, "
            "results, teams and ranking settings can change again, and new "
            "evenings can be added. Close it again when you are done."
        )
    ]
    return _page(
        request,
        competition,
        title=_("Reopen the season"),
        lines=lines,
        button=_("Reopen the season"),
        field=field,
    )


def closed_refusal(request, competition: Competition, anchor: str = ""):
    """A closed season's page again with the refusal, or None when open."""
    try:
        refuse_if_closed(competition)
    except SeasonClosedError as exc:
        messages.error(request, str(exc))
        return redirect(reverse("td:season", args=[competition.slug]) + anchor)
    return None
