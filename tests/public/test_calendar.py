"""The calendar feeds, read back by the iCalendar library: an event's rounds
with their times, a season's evenings and the club's weekly evening; only
events the public list shows."""

import datetime
from zoneinfo import ZoneInfo

import pytest
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext
from icalendar import Calendar

from seasons.models import Competition, Evening
from tournaments.services import create_tournament

AMSTERDAM = ZoneInfo("Europe/Amsterdam")


def dutch(msgid: str, **values) -> str:
    """``msgid`` as a Dutch feed says it (the catalogue's, once compiled)."""
    with translation.override("nl"):
        return gettext(msgid) % values


def feed(client, url: str) -> Calendar:
    response = client.get(url)
    assert response.status_code == 200, url
    assert response["Content-Type"] == "text/calendar; charset=utf-8"
    assert "max-age=" in response["Cache-Control"]
    assert "public" in response["Cache-Control"]
    return Calendar.from_ical(response.content)


def event_feed(client, event) -> Calendar:
    return feed(client, reverse("public:event-calendar", args=[event.slug]))


def test_each_round_at_its_time_in_the_event_language(client, small_event):
    small_event.start_time = datetime.time(13, 30)
    small_event.round_minutes = 75
    small_event.save()
    cal = event_feed(client, small_event)
    assert cal["X-WR-CALNAME"] == "Demo small"
    rounds = cal.events
    assert [e["UID"] for e in rounds] == [
        f"{small_event.uid}-round-1",
        f"{small_event.uid}-round-2",
    ]
    assert [str(e["SUMMARY"]) for e in rounds] == [
        dutch("%(event)s — round %(n)s", event="Demo small", n=n) for n in (1, 2)
    ]
    first, second = rounds
    day = small_event.date
    assert first.start == datetime.datetime.combine(
        day, datetime.time(13, 30), tzinfo=AMSTERDAM
    )
    assert second.start == datetime.datetime.combine(
        day, datetime.time(14, 45), tzinfo=AMSTERDAM
    )
    assert second.end - second.start == datetime.timedelta(minutes=75)
    assert str(first["LOCATION"]) == "Geertruidenberg"
    assert str(first["URL"]) == "http://testserver/t/small/"
    assert first.start.tzinfo.key == "Europe/Amsterdam"  # VTIMEZONE sent along
    assert [tz["TZID"] for tz in cal.timezones] == ["Europe/Amsterdam"]
    # calendars that poll read the interval as a duration (RFC 7986, Outlook)
    assert cal["REFRESH-INTERVAL"].dt == datetime.timedelta(hours=6)
    assert "X-PUBLISHED-TTL:PT6H" in cal.to_ical().decode()


def test_an_english_event_says_round(client, small_event):
    small_event.language = "en"
    small_event.start_time = datetime.time(10, 0)
    small_event.save()
    cal = event_feed(client, small_event)
    assert str(cal.events[1]["SUMMARY"]) == "Demo small — round 2"


def test_without_a_start_time_the_rounds_are_all_day(client, small_event):
    cal = event_feed(client, small_event)
    for event in cal.events:
        assert event.start == small_event.date
        assert event.end == small_event.date + datetime.timedelta(days=1)


def test_the_same_plan_gives_the_same_bytes(client, small_event):
    url = reverse("public:event-calendar", args=[small_event.slug])
    assert client.get(url).content == client.get(url).content


def test_an_event_the_list_does_not_show_has_no_feed(client, small_event):
    """A copy of a published event, waiting to be published itself, is not
    on the home page, and neither is its calendar."""
    copy = create_tournament(
        slug="small-copy",
        name="Demo small",
        date=small_event.date,
        uid=small_event.uid,
    )
    assert (
        client.get(reverse("public:event-calendar", args=[copy.slug])).status_code
        == 404
    )
    assert client.get("/t/nothing-here/calendar.ics").status_code == 404


def test_the_standings_page_offers_the_feed(client, small_event):
    url = reverse("public:standings", args=[small_event.slug])
    html = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Add to your calendar" in html
    assert 'href="webcal://testserver/t/small/calendar.ics"' in html
    assert 'href="/t/small/calendar.ics"' in html


# --- the season -----------------------------------------------------------


@pytest.fixture
def season(db):
    from demo.season import generate_season

    competition = generate_season(
        "club", players=10, evenings=3, deals=4, seed=3, attendance=(8, 10)
    )
    competition.start_time = datetime.time(19, 45)
    competition.weekday = 3  # Thursday
    competition.save()
    return competition


def season_feed(client, competition) -> Calendar:
    return feed(client, reverse("public:season-calendar", args=[competition.slug]))


def test_the_season_feed_has_each_evening_and_the_weekly_club_evening(client, season):
    cal = season_feed(client, season)
    assert cal["X-WR-CALNAME"] == season.name
    evenings = list(
        Evening.objects.filter(competition=season)
        .select_related("tournament")
        .order_by("number")
    )
    *dated, weekly = cal.events
    assert [str(e["UID"]) for e in dated] == [str(e.tournament.uid) for e in evenings]
    for event, evening in zip(dated, evenings, strict=True):
        tournament = evening.tournament
        assert event.start == datetime.datetime.combine(
            tournament.date, datetime.time(19, 45), tzinfo=AMSTERDAM
        )
        assert event.end - event.start == datetime.timedelta(
            minutes=tournament.rounds * tournament.round_minutes
        )
        assert str(event["SUMMARY"]) == dutch(
            "%(season)s — evening %(n)s", season=season.name, n=evening.number
        )
        assert str(event["URL"]).endswith(f"/t/{tournament.slug}/")
    last = max(e.tournament.date for e in evenings)
    assert weekly["UID"] == f"season-{season.pk}-club-evening"
    assert weekly.start.date() > last
    assert weekly.start.date() - last <= datetime.timedelta(days=7)
    assert weekly.start.weekday() == 3
    assert weekly.start.time() == datetime.time(19, 45)
    rule = weekly["RRULE"]
    assert rule["FREQ"] == ["WEEKLY"] and rule["COUNT"] == [13]
    assert str(weekly["SUMMARY"]) == dutch(
        "%(season)s — club evening", season=season.name
    )


def test_a_closed_season_has_no_weekly_evening_and_no_time_is_all_day(client, season):
    Competition.objects.filter(pk=season.pk).update(closed=True, start_time=None)
    cal = season_feed(client, season)
    assert len(cal.events) == season.evenings.count()
    for event in cal.events:
        assert "RRULE" not in event
        assert isinstance(event.start, datetime.date)
        assert not isinstance(event.start, datetime.datetime)


def test_a_season_without_evenings_starts_its_weekly_evening_after_it_was_made(
    client, db, make_user
):
    from tournaments.models import Club

    club = Club.objects.create(name="Club")
    competition = Competition.objects.create(
        club=club, name="Nieuw", slug="nieuw", weekday=0
    )
    (weekly,) = season_feed(client, competition).events
    assert weekly.start.weekday() == 0
    assert weekly.start > competition.created.date()


def test_the_season_page_offers_the_feed(client, season):
    html = client.get(reverse("public:season", args=[season.slug])).content.decode()
    assert f'href="webcal://testserver/s/{season.slug}/calendar.ics"' in html
    assert client.get("/s/nothing-here/calendar.ics").status_code == 404


def test_rounds_past_midnight_fall_on_the_next_day():
    """Pure: the builder plans on the clock, and a late round moves a day."""
    from publicpages.calendar_feed import round_slots

    slots = round_slots(
        "u", str, datetime.date(2026, 12, 31), datetime.time(22, 0), 90, 3
    )
    assert [(s.day.day, s.start) for s in slots] == [
        (31, datetime.time(22, 0)),
        (31, datetime.time(23, 30)),
        (1, datetime.time(1, 0)),
    ]
    assert [s.uid for s in slots] == ["u-round-1", "u-round-2", "u-round-3"]
