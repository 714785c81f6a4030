"""The calendar feeds' iCalendar text, built by the ``icalendar`` library
(its escaping, line folding and time zones are the standard's fine print).

Pure: the views hand in plain values (``Slot``), so the feed's shape is
tested without a database. Times are local to the site's zone and carry it
(``TZID`` with its ``VTIMEZONE``), so a calendar abroad shows 20:00 in
Geertruidenberg as 20:00 there; a slot without a start time is all-day.
"""

import datetime
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from zoneinfo import ZoneInfo

from icalendar import Calendar, Event, vDuration

PRODID = "-//Rikscore//Rikscore calendar//NL"
#: How often a subscribed calendar asks again: times change seldom.
REFRESH = datetime.timedelta(hours=6)


@dataclass(frozen=True)
class Slot:
    """One calendar entry: a round, an evening, or (``weekly``) the club's
    weekly evening, repeated ``weekly`` times."""

    uid: str
    summary: str
    day: datetime.date
    start: datetime.time | None  # None: all-day
    minutes: int
    location: str = ""
    url: str = ""
    weekly: int = 0


def round_slots(
    uid: str,
    summary,
    day: datetime.date,
    start: datetime.time | None,
    minutes: int,
    rounds: int,
    location: str = "",
    url: str = "",
) -> list[Slot]:
    """An event's rounds: round 1 at ``start``, each next one ``minutes``
    later. ``summary(n)`` names round ``n``; ``uid`` is the event's."""
    slots = []
    for n in range(1, rounds + 1):
        on, at = day, start
        if start is not None:
            begins = datetime.datetime.combine(day, start) + datetime.timedelta(
                minutes=minutes * (n - 1)
            )
            on, at = begins.date(), begins.time()
        slots.append(
            Slot(f"{uid}-round-{n}", summary(n), on, at, minutes, location, url)
        )
    return slots


def _event(slot: Slot, zone: ZoneInfo, stamp: datetime.datetime) -> Event:
    if slot.start is None:
        begin = slot.day
        end = slot.day + datetime.timedelta(days=1)
    else:
        begin = datetime.datetime.combine(slot.day, slot.start, tzinfo=zone)
        end = begin + datetime.timedelta(minutes=slot.minutes)
    event = Event.new(
        uid=slot.uid,
        summary=slot.summary,
        start=begin,
        end=end,
        stamp=stamp,
        location=slot.location or None,
        url=slot.url or None,
    )
    if slot.weekly:
        event.add("rrule", {"freq": "weekly", "count": slot.weekly})
    return event


def calendar(
    uid: str,
    name: str,
    url: str,
    slots: Sequence[Slot] | Iterable[Slot],
    zone: ZoneInfo,
    stamp: datetime.datetime,
    language: str = "",
) -> bytes:
    """The feed as bytes. ``stamp`` (the DTSTAMP of every entry) is a fixed
    moment, not now, so the same plan gives the same bytes."""
    cal = Calendar.new(
        uid=uid,
        name=name,
        url=url,
        prodid=PRODID,
        refresh_interval=REFRESH,
        language=language or None,
    )
    cal.add("x-published-ttl", vDuration(REFRESH))  # Outlook's and Google's refresh
    stamp = stamp.astimezone(datetime.UTC)
    for slot in slots:
        cal.add_component(_event(slot, zone, stamp))
    cal.add_missing_timezones()
    return cal.to_ical()
