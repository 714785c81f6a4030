"""Caching, ETags, the rate limit and errors of the read API: every answer
carries an ETag and may be kept a short while by anyone; the same ETag back
is answered 304; an answer is built once per event version; too many
requests from one address are refused with 429 and Retry-After; whatever
goes wrong is answered as JSON, never as an HTML page."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from api import limits
from api.etag import MAX_AGE
from tests.seasons import conftest as seasons
from tournaments.rounds import publish_round

season = seasons.season  # the season fixture, shared


@pytest.fixture(autouse=True)
def english(client):
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"


def paths(event, season) -> list[str]:
    return [
        "/api/v1/clubs/",
        f"/api/v1/clubs/{season.club_id}/",
        "/api/v1/seasons/",
        f"/api/v1/seasons/{season.slug}/",
        "/api/v1/events/",
        f"/api/v1/events/{event.slug}/",
        f"/api/v1/events/{event.slug}/standings/",
        f"/api/v1/events/{event.slug}/rounds/1/",
    ]


def test_every_answer_has_an_etag_and_the_same_etag_gets_304(
    client, small_event, season
):
    for path in paths(small_event, season):
        first = client.get(path)
        assert first.status_code == 200, path
        etag = first["ETag"]
        assert etag.startswith('"') and etag.endswith('"')
        assert first["Cache-Control"] == f"public, max-age={MAX_AGE}"
        again = client.get(path, HTTP_IF_NONE_MATCH=etag)
        assert again.status_code == 304, path
        assert again.content == b""
        assert again["ETag"] == etag
        weak = client.get(path, HTTP_IF_NONE_MATCH=f'"other", W/{etag}')
        assert weak.status_code == 304, path
        assert client.get(path, HTTP_IF_NONE_MATCH='"other"').status_code == 200


def test_a_published_change_makes_a_new_etag(client, small_event):
    path = f"/api/v1/events/{small_event.slug}/standings/"
    before = client.get(path)
    publish_round(small_event.round_set.get(number=2), False)
    after = client.get(path, HTTP_IF_NONE_MATCH=before["ETag"])
    assert after.status_code == 200
    assert after["ETag"] != before["ETag"]
    assert after.json()["rounds"] == [1]


def test_the_language_makes_its_own_answer(client, small_event):
    path = f"/api/v1/events/{small_event.slug}/standings/"
    english = client.get(path)
    dutch = client.get(path, HTTP_ACCEPT_LANGUAGE="nl")
    assert english["ETag"] != dutch["ETag"]
    assert english.json()["columns"][0]["label"] == "Rank"
    assert dutch.json()["columns"][0]["label"] == "Rang"
    assert "Accept-Language" in english["Vary"]


def test_an_answer_is_built_once_per_version(client, small_event):
    path = f"/api/v1/events/{small_event.slug}/standings/"
    with CaptureQueriesContext(connection) as built:
        client.get(path)
    with CaptureQueriesContext(connection) as kept:
        body = client.get(path)
    assert body.status_code == 200
    assert len(kept) <= 2 < len(built)  # the event, its public rounds


def test_too_many_reads_get_429_with_retry_after(client, small_event, monkeypatch):
    monkeypatch.setattr(limits, "READS_PER_MINUTE", 3)
    path = f"/api/v1/events/{small_event.slug}/"
    assert [client.get(path).status_code for _ in range(3)] == [200, 200, 200]
    refused = client.get(path)
    assert refused.status_code == 429
    assert int(refused["Retry-After"]) == limits.WINDOW
    assert refused.json()["errors"][0]["code"] == "rate_limited"
    other = client.get(path, REMOTE_ADDR="192.0.2.7")  # counted per address
    assert other.status_code == 200


def test_a_failure_is_answered_as_json(client, small_event, monkeypatch):
    from api import read_events

    def broken(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr(read_events, "standings_rows", broken)
    response = client.get(f"/api/v1/events/{small_event.slug}/standings/")
    assert response.status_code == 500
    assert response["Content-Type"].startswith("application/json")
    assert response.json()["errors"][0]["code"] == "server_error"
    assert "boom" not in response.content.decode()
