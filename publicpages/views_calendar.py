"""The calendar feeds a player subscribes to (``webcal://``): an event's
rounds with their times, and a season's evenings with the club's weekly
evening after the last one.

Only events the public list shows have a feed (``listed_events``): a copy
waiting to be published is a 404, as it is missing from the home page. The
words are the event's (the season's) language, not the asking calendar's:
a subscription sends no language, and the feed is the same for everyone.
"""

import datetime
from zoneinfo import ZoneInfo

from django.conf import settings
from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils import translation
from django.utils.cache import patch_cache_control
from django.utils.translation import gettext as _

from core.site import absolute
from documents.season_exports import language_of
from publicpages.calendar_feed import Slot, calendar, round_slots
from seasons.club_evening import next_club_evening
from seasons.models import Competition, Evening
from tournaments.models import Tournament
from tournaments.visibility import listed_events

#: The club's next evenings the season's feed repeats after its last one
#: (a quarter of a year; the series moves on with every evening played).
WEEKS_AHEAD = 13
#: Seconds a browser or proxy may keep a feed.
KEEP_SECONDS = 60 * 60


def _zone() -> ZoneInfo:
    return ZoneInfo(settings.TIME_ZONE)


def _feed(content: bytes, slug: str) -> HttpResponse:
    response = HttpResponse(content, content_type="text/calendar; charset=utf-8")
    response["Content-Disposition"] = f'inline; filename="{slug}.ics"'
    patch_cache_control(response, public=True, max_age=KEEP_SECONDS)
    return response


def event_calendar(request, slug: str):
    """One entry per round: round 1 at the event's start time, each next
    one ``round_minutes`` later; all-day without a start time."""
    events = listed_events(Tournament.objects.defer("rules_snapshot"))
    tournament = get_object_or_404(events, slug=slug)
    page = absolute(reverse("public:standings", args=[slug]), request)
    with translation.override(tournament.language):
        slots = round_slots(
            str(tournament.uid),
            lambda n: _("%(event)s — round %(n)s") % {"event": tournament.name, "n": n},
            tournament.date,
            tournament.start_time,
            tournament.round_minutes,
            tournament.rounds,
            tournament.venue,
            page,
        )
    content = calendar(
        f"event-{tournament.uid}",
        tournament.name,
        page,
        slots,
        _zone(),
        tournament.created,
        tournament.language,
    )
    return _feed(content, slug)


def _evenings(competition: Competition):
    """The season's evenings the public list shows, in order."""
    shown = listed_events(Tournament.objects.all()).values("pk")
    return (
        Evening.objects.filter(competition=competition, tournament__in=shown)
        .select_related("tournament")
        .only(
            "number",
            "tournament__uid",
            "tournament__slug",
            "tournament__date",
            "tournament__venue",
            "tournament__rounds",
            "tournament__round_minutes",
        )
        .order_by("number")
    )


def _weekly(competition: Competition, last, page: str) -> Slot | None:
    """The club's weekly evening from the first weekday after the last
    evening (none: after the season was made); none for a closed season or
    one without a weekday."""
    if competition.weekday is None or competition.closed:
        return None
    after = last.tournament.date if last else competition.created.date()
    first = next_club_evening(competition.weekday, after + datetime.timedelta(1))
    rounds, minutes = competition.partijen, 90
    if last is not None:
        minutes = last.tournament.round_minutes
    return Slot(
        f"season-{competition.pk}-club-evening",
        _("%(season)s — club evening") % {"season": competition.name},
        first,
        competition.start_time,
        rounds * minutes,
        last.tournament.venue if last else "",
        page,
        weekly=WEEKS_AHEAD,
    )


def season_calendar(request, slug: str):
    """The season's evenings (their dates, the season's start time, as long
    as their rounds), then the club's weekly evening."""
    competition = get_object_or_404(Competition, slug=slug)
    evenings = list(_evenings(competition))
    page = absolute(reverse("public:season", args=[slug]), request)
    language = language_of(competition)
    with translation.override(language):
        slots = [
            Slot(
                str(e.tournament.uid),
                _("%(season)s — evening %(n)s")
                % {"season": competition.name, "n": e.number},
                e.tournament.date,
                competition.start_time,
                e.tournament.rounds * e.tournament.round_minutes,
                e.tournament.venue,
                absolute(
                    reverse("public:standings", args=[e.tournament.slug]), request
                ),
            )
            for e in evenings
        ]
        last = max(evenings, key=lambda e: e.tournament.date, default=None)
        weekly = _weekly(competition, last, page)
    content = calendar(
        f"season-{competition.pk}",
        competition.name,
        page,
        [*slots, weekly] if weekly else slots,
        _zone(),
        competition.created,
        language,
    )
    return _feed(content, slug)
