"""Undoing in a season: an evening made by mistake, a whole season (imported
twice, say), and closing and reopening the season.

An evening is an event, so it is deleted whole, as the admin deletes an
event (``Tournament.delete``: everything in it goes; migration 0008 lets
its seats and byes go with their entries). The event's deletion is itself a
result event (``EventRemoved``): the ratings are worked out again after the
response and its public pages are forgotten. The remaining evenings keep
their numbers: a hole in the numbering is honest, renumbering would change
the codes and printed lists people already have.

Every step writes a ``SeasonLog`` line, which outlives the season.
"""

from django.db import transaction
from django.utils.translation import gettext as _

from seasons.closed import SeasonClosedError, refuse_if_closed
from seasons.models import Competition, Evening, SeasonLog
from seasons.rating_queue import EVERYTHING, mark_due
from tournaments.corrections import clean_reason
from tournaments.models import Tournament
from tournaments.page_versions import touch

__all__ = [
    "ConfirmationNeededError",
    "SeasonClosedError",
    "UndoRefusedError",
    "close_season",
    "delete_evening",
    "delete_season",
    "later_evenings",
    "remove_season",
    "reopen_season",
]


class UndoRefusedError(Exception):
    """The step is refused; the message says why (for the user)."""


class ConfirmationNeededError(Exception):
    """Later evenings exist: the organiser confirms the consequence first."""


def _label(competition: Competition) -> str:
    return f"{competition.name} ({competition.slug})"[:220]


def log(competition: Competition, user, action: str, **detail) -> SeasonLog:
    """The season's audit line (kept when the season goes)."""
    return SeasonLog.objects.create(
        competition=competition,
        season=_label(competition),
        user=user if user is not None and user.is_authenticated else None,
        action=action,
        detail=detail,
    )


def later_evenings(evening: Evening) -> list[int]:
    """The numbers of the season's evenings after ``evening``."""
    return list(
        Evening.objects.filter(
            competition_id=evening.competition_id, number__gt=evening.number
        ).values_list("number", flat=True)
    )


def _describe(evening: Evening) -> dict:
    event = evening.tournament
    return {
        "number": evening.number,
        "event": event.slug,
        "name": event.name,
        "date": event.date.isoformat(),
        "players": event.entries.count(),
    }


@transaction.atomic
def delete_evening(evening: Evening, user=None, confirmed: bool = False) -> dict:
    """Delete an evening and everything in it. The last evening goes at
    once; an earlier one only ``confirmed`` (``ConfirmationNeededError``),
    since the later evenings keep their numbers and the season ranking
    loses it. Refused in a closed season. Returns the audit detail."""
    competition = Competition.objects.select_for_update().get(pk=evening.competition_id)
    refuse_if_closed(competition)
    later = later_evenings(evening)
    if later and not confirmed:
        raise ConfirmationNeededError(later)
    detail = {**_describe(evening), "later_evenings": later}
    log(competition, user, "evening.delete", **detail)
    evening.tournament.delete()  # the evening row goes with its event
    touch(evening__competition=competition)  # pages of the season's evenings
    return detail


@transaction.atomic
def delete_season(competition: Competition, typed_code: str, user=None) -> None:
    """Delete the season with its evenings (each event whole), teams and
    settings, once the organiser typed the season's code. A closed season
    is reopened first (with a reason) like any other change."""
    competition = Competition.objects.select_for_update().get(pk=competition.pk)
    if (typed_code or "").strip() != competition.slug:
        raise UndoRefusedError(
            _("Type the season's code “%(code)s” to confirm.")
            % {"code": competition.slug}
        )
    refuse_if_closed(competition)
    remove_season(competition, user)


@transaction.atomic
def remove_season(competition: Competition, user=None, via: str = "page") -> None:
    """The deletion itself, once confirmed (the season page, the admin's own
    confirmation page): the log line, every evening's event whole, then the
    season with its teams; the ratings again after the response."""
    evenings = list(
        competition.evenings.select_related("tournament").order_by("number")
    )
    log(
        competition,
        user,
        "season.delete",
        name=competition.name,
        code=competition.slug,
        club=competition.club.name,
        evenings=[_describe(e) for e in evenings],
        teams=competition.teams.count(),
        via=via,
    )
    Tournament.objects.filter(pk__in=[e.tournament_id for e in evenings]).delete()
    competition.delete()  # teams go with it; the log keeps its lines
    if evenings:
        mark_due(EVERYTHING)  # once, whatever each event's removal said


@transaction.atomic
def close_season(competition: Competition, user=None) -> None:
    """Close the season: its standing is final until it is reopened."""
    competition = Competition.objects.select_for_update().get(pk=competition.pk)
    if competition.closed:
        return
    Competition.objects.filter(pk=competition.pk).update(closed=True)
    log(competition, user, "season.close")


@transaction.atomic
def reopen_season(competition: Competition, reason: str, user=None) -> None:
    """Open a closed season again, only with a reason (kept in the log)."""
    reason = clean_reason(reason)
    if not reason:
        raise UndoRefusedError(
            _("Give a reason for reopening the season: it is kept in the log.")
        )
    competition = Competition.objects.select_for_update().get(pk=competition.pk)
    if not competition.closed:
        raise UndoRefusedError(_("The season is not closed."))
    Competition.objects.filter(pk=competition.pk).update(closed=False)
    log(competition, user, "season.reopen", reason=reason)
