"""The times the calendar reads, as the TD and the club's secretary enter
them: the event's start and minutes per round, the season's start time; an
older form that leaves them out changes nothing."""

import datetime

from django.urls import reverse

from td.forms import TournamentForm
from td.forms_season import CompetitionForm


def event_data(tournament, **changes) -> dict:
    """What the settings form posts for ``tournament`` as it is."""
    form = TournamentForm(instance=tournament)
    data = {}
    for name in form.fields:
        value = form[name].value()
        if value is None or value is False:
            continue
        if name == "date":
            value = value.isoformat()
        data[name] = value
    data.update(changes)
    return {k: v for k, v in data.items() if v is not None}


def post_settings(client, tournament, data):
    url = reverse("td:settings", args=[tournament.slug])
    return client.post(url, data, HTTP_ACCEPT_LANGUAGE="en")


def test_the_td_sets_the_start_and_the_minutes_per_round(td_client, small_event):
    data = event_data(small_event, start_time="13:30", round_minutes="75")
    assert post_settings(td_client, small_event, data).status_code == 302
    small_event.refresh_from_db()
    assert small_event.start_time == datetime.time(13, 30)
    assert small_event.round_minutes == 75


def test_an_older_form_without_them_keeps_them(td_client, small_event):
    small_event.start_time = datetime.time(13, 30)
    small_event.round_minutes = 75
    small_event.save()
    data = event_data(small_event)
    del data["start_time"], data["round_minutes"]
    assert post_settings(td_client, small_event, data).status_code == 302
    small_event.refresh_from_db()
    assert (small_event.start_time, small_event.round_minutes) == (
        datetime.time(13, 30),
        75,
    )


def test_an_empty_start_time_makes_the_rounds_all_day(td_client, small_event):
    small_event.start_time = datetime.time(13, 30)
    small_event.save()
    data = event_data(small_event, start_time="")
    assert post_settings(td_client, small_event, data).status_code == 302
    small_event.refresh_from_db()
    assert small_event.start_time is None


def test_junk_times_get_a_clear_message(td_client, small_event):
    data = event_data(small_event, start_time="25:99", round_minutes="5")
    response = post_settings(td_client, small_event, data)
    assert response.status_code == 200
    html = response.content.decode()
    assert "Enter a valid time." in html
    assert "greater than or equal to 10" in html


def test_the_season_form_takes_a_start_time(db):
    from tournaments.models import Club

    club = Club.objects.create(name="Club")
    form = CompetitionForm(
        {
            "club": str(club.pk),
            "name": "Competitie",
            "slug": "competitie",
            "rules": "nl",
            "partijen": "2",
            "deals_per_partij": "20",
            "weekday": "3",
            "start_time": "19:45",
        },
        clubs=Club.objects.all(),
    )
    assert form.is_valid(), form.errors
    assert form.save().start_time == datetime.time(19, 45)
    assert 'type="time"' in str(form["start_time"])
