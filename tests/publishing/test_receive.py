"""The site's door for halls (issue 39, part 1): an event file under an
upload key is stored once, replaces the copy's earlier state in place,
is checked by the import's pipeline (refused by path, nothing stored),
and never writes over a change made on the site (docs/publishing.md)."""

import copy
import gzip
import json
import uuid

import pytest

from documents.event_backup import export_event
from publishing.keys import make_key
from publishing.models import OnlineCopy, UploadConflict
from tournaments.models import Club, Tournament

URL = "/publish/v1/event/"


@pytest.fixture
def hall_file(small_event):
    """The small event as a hall would send it: its own identity and code,
    not this site's (the site's event is deleted; the file lives on)."""
    data = json.loads(json.dumps(export_event(small_event)))
    small_event.delete()
    data["tournament"]["uid"] = str(uuid.uuid4())
    data["tournament"]["slug"] = "hall-day"
    return data


@pytest.fixture
def key(make_user):
    club = Club.objects.create(name="De Kroon")
    organiser = make_user("secretaris", clubs=[club])
    return make_key(club, "hall laptop", organiser)[1]


def send(client, data, key, zipped=True, **headers):
    body = json.dumps(data, ensure_ascii=False).encode()
    extra = {"HTTP_AUTHORIZATION": f"Bearer {key}"} if key else {}
    if zipped:
        body = gzip.compress(body)
        extra["HTTP_CONTENT_ENCODING"] = "gzip"
    for name, value in headers.items():
        extra["HTTP_" + name.upper()] = value
    return client.post(URL, body, content_type="application/json", **extra)


def test_an_upload_lands_published_and_a_second_identical_one_stores_nothing(
    client, hall_file, key
):
    answer = send(client, hall_file, key, rikscore_source="Caf%C3%A9 De Kroon")
    assert answer.status_code == 200, answer.json()
    body = answer.json()
    assert body["stored"] is True and body["event"] == "hall-day"
    assert body["url"].endswith("/t/hall-day/")
    event = Tournament.objects.get(slug="hall-day")
    online = OnlineCopy.objects.get(tournament=event)
    assert online.source == "Café De Kroon" and online.uploads == 1
    published = [r["number"] for r in hall_file["rounds"] if r["published"]]
    assert (
        list(event.round_set.filter(published=True).values_list("number", flat=True))
        == published
    )
    page = client.get("/t/hall-day/").content.decode()
    assert "Café De Kroon" in page

    again = send(client, hall_file, key)
    assert again.status_code == 200 and again.json()["stored"] is False
    online.refresh_from_db()
    assert online.uploads == 1
    assert Tournament.objects.filter(uid=event.uid).count() == 1


def test_the_next_upload_replaces_the_copy_in_place(client, hall_file, key):
    send(client, hall_file, key)
    event = Tournament.objects.get(slug="hall-day")
    later = copy.deepcopy(hall_file)
    later["tournament"]["name"] = "Hall day (final)"
    later["rounds"][-1]["correction_reason"] = "Table 2 deal 3: tricks were 9"
    later["rounds"][-1]["corrected_at"] = "2026-11-28T21:00:00+00:00"
    later["rounds"][-1]["published"] = True
    assert send(client, later, key).json()["stored"] is True
    same = Tournament.objects.get(pk=event.pk)
    assert same.name == "Hall day (final)" and same.slug == "hall-day"
    last = same.round_set.order_by("number").last()
    assert last.correction_reason == "Table 2 deal 3: tricks were 9"
    page = client.get("/t/hall-day/").content.decode()
    assert "Table 2 deal 3: tricks were 9" in page
    assert OnlineCopy.objects.get(tournament=same).uploads == 2


def test_a_wrong_score_is_refused_by_its_path_and_nothing_is_stored(
    client, hall_file, key
):
    deal = hall_file["rounds"][0]["tables"][0]["deals"][0]
    first = next(iter(deal["scores"]))
    deal["scores"][first] += 10
    answer = send(client, hall_file, key)
    assert answer.status_code == 400
    problem = answer.json()["problems"][0]
    assert problem["path"].startswith("rounds[0].tables[0].deals[0]")
    assert not Tournament.objects.filter(slug="hall-day").exists()
    assert not OnlineCopy.objects.exists()


def test_a_change_made_on_the_site_is_never_written_over(client, hall_file, key):
    send(client, hall_file, key)
    event = Tournament.objects.get(slug="hall-day")
    Tournament.objects.filter(pk=event.pk).update(venue="Changed online")
    later = copy.deepcopy(hall_file)
    later["tournament"]["name"] = "From the hall"
    answer = send(client, later, key)
    assert answer.status_code == 409
    event.refresh_from_db()
    assert event.venue == "Changed online" and event.name != "From the hall"
    conflict = UploadConflict.objects.get(tournament=event, resolved="")

    # the organiser sees both sides, then takes the hall's
    client.force_login(conflict.key.created_by)
    page = client.get(f"/manage/uploads/{conflict.pk}/").content.decode()
    assert "Changed online" in page and "From the hall" in page
    client.post(f"/manage/uploads/{conflict.pk}/choose/", {"keep": "hall"})
    event.refresh_from_db()
    assert event.name == "From the hall"
    # and the next upload goes through again
    later["tournament"]["name"] = "From the hall, round 3"
    assert send(client, later, key).json()["stored"] is True


def test_keeping_the_sites_copy_refuses_the_halls_next_uploads(client, hall_file, key):
    send(client, hall_file, key)
    event = Tournament.objects.get(slug="hall-day")
    Tournament.objects.filter(pk=event.pk).update(venue="Changed online")
    later = copy.deepcopy(hall_file)
    later["tournament"]["name"] = "From the hall"
    send(client, later, key)
    conflict = UploadConflict.objects.get(tournament=event)
    client.force_login(conflict.key.created_by)
    client.post(f"/manage/uploads/{conflict.pk}/choose/", {"keep": "site"})
    later["tournament"]["name"] = "From the hall again"
    assert send(client, later, key).status_code == 409
    event.refresh_from_db()
    assert event.venue == "Changed online"


def test_only_a_valid_key_of_the_events_club_may_send(
    client, hall_file, key, make_user
):
    assert send(client, hall_file, None).status_code == 401
    assert send(client, hall_file, key + "x").status_code == 401
    send(client, hall_file, key)
    other = Club.objects.create(name="Elders")
    other_key = make_key(other, "their laptop", make_user("anders", clubs=[other]))[1]
    later = copy.deepcopy(hall_file)
    later["tournament"]["name"] = "Taken over"
    assert send(client, later, other_key).status_code == 403
    assert Tournament.objects.get(slug="hall-day").name != "Taken over"


def test_a_key_for_one_event_brings_that_event_only(client, hall_file, make_user):
    club = Club.objects.create(name="Een Avond")
    secret = make_key(club, "one", make_user("een", clubs=[club]), one_event=True)[1]
    assert send(client, hall_file, secret).status_code == 200
    other = copy.deepcopy(hall_file)
    other["tournament"]["uid"] = str(uuid.uuid4())
    other["tournament"]["slug"] = "another-day"
    assert send(client, other, secret).status_code == 403


def test_a_gzip_bomb_and_garbage_get_an_answer_not_a_500(client, key):
    bomb = gzip.compress(b"[" * (40 * 1024 * 1024))
    answer = client.post(
        URL,
        bomb,
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Bearer {key}",
        HTTP_CONTENT_ENCODING="gzip",
    )
    assert answer.status_code == 413
    for body in (b"\xff\xfe", b"{", b"[]", b'{"format": "rikscore.event"}', b"1e999"):
        answer = client.post(
            URL,
            body,
            content_type="application/json",
            HTTP_AUTHORIZATION=f"Bearer {key}",
        )
        assert answer.status_code == 400, body
        assert answer.json()["problems"]
    not_gzip = client.post(
        URL,
        b"plain",
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Bearer {key}",
        HTTP_CONTENT_ENCODING="gzip",
    )
    assert not_gzip.status_code == 400


def test_a_season_evening_lands_on_the_same_season(client, hall_file, make_user):
    from seasons.models import Competition, Evening

    club = Club.objects.create(name="Seizoensclub")
    season = Competition.objects.create(club=club, name="Winter", slug="winter")
    secret = make_key(club, "club laptop", make_user("sec", clubs=[club]))[1]
    answer = send(
        client, hall_file, secret, rikscore_season="winter", rikscore_evening="3"
    )
    assert answer.status_code == 200, answer.json()
    event = Tournament.objects.get(slug="hall-day")
    evening = Evening.objects.get(tournament=event)
    assert (evening.competition_id, evening.number) == (season.pk, 3)
    missing = copy.deepcopy(hall_file)
    missing["tournament"]["uid"] = str(uuid.uuid4())
    missing["tournament"]["slug"] = "other-evening"
    answer = send(client, missing, secret, rikscore_season="no-such-season")
    assert answer.status_code == 400
    assert "no-such-season" in answer.json()["problems"][0]["message"]
    assert not Tournament.objects.filter(slug="other-evening").exists()


def test_a_keyed_upload_may_be_larger_than_an_anonymous_request(client, key):
    """A 400-player event is about 1 MB zipped: past the 256 kB an
    anonymous request may carry (``core.request_limits``), within what a
    keyed door takes; without the key it is refused before it is read."""
    body = b" " * (2 * 1024 * 1024)
    keyed = client.post(
        URL, body, content_type="application/json", HTTP_AUTHORIZATION=f"Bearer {key}"
    )
    assert keyed.status_code == 400  # read, and found no JSON
    assert client.post(URL, body, content_type="application/json").status_code == 413
