"""The hall's side (issue 39, parts 1 and 4): what the public sees changing
puts the event in the outbox; the worker's catch-up sends it, backs off
without a connection, and stops at a refusal until the TD sends again
(docs/publishing.md). The transport is the site's answer, faked here;
tests/e2e/test_hall_to_site.py sends over real HTTP between two servers."""

import pytest

from publishing import outbox as sending
from publishing.events import sends
from publishing.models import Destination, Outbox
from tournaments.result_events import DealsChanged, RoundChange, RoundChanged
from tournaments.rounds import publish_round


@pytest.fixture
def connected(small_event):
    destination = Destination.objects.create(site="https://club.example", key="rk_x")
    return Outbox.objects.create(tournament=small_event, destination=destination)


def answers(monkeypatch, *replies):
    """The site answers ``replies`` in turn; the bodies sent are kept."""
    sent = []

    def post(outbox, body):
        sent.append(body)
        return replies[len(sent) - 1]

    monkeypatch.setattr(sending, "post", post)
    return sent


def test_what_the_public_sees_is_sent_and_a_round_in_play_is_not():
    assert sends(RoundChanged(1, 2, RoundChange.PUBLISHED))
    assert sends(RoundChanged(1, 2, RoundChange.UNPUBLISHED))
    assert not sends(RoundChanged(1, 2, RoundChange.SEATED))
    assert sends(DealsChanged(1, 1, 1, public=True, correction=True))
    assert not sends(DealsChanged(1, 1, 1, public=False))


def test_publishing_a_round_puts_the_event_in_the_outbox(small_event, connected):
    round_ = small_event.round_set.order_by("number").last()
    publish_round(round_, False)
    publish_round(round_, True)
    connected.refresh_from_db()
    assert connected.due == 2 and connected.due_since is not None


def test_no_connection_backs_off_then_a_stored_upload_empties_the_count(
    small_event, connected, monkeypatch
):
    Outbox.objects.filter(pk=connected.pk).update(due=3)
    sent = answers(
        monkeypatch,
        (None, {"error": "no connection (timed out)"}),
        (200, {"stored": True, "url": "https://club.example/t/small/"}),
    )
    assert sending.send_due() == 0
    connected.refresh_from_db()
    assert connected.due == 3 and connected.attempts == 1
    assert "no connection" in connected.last_error
    assert connected.next_attempt > connected.last_attempt
    assert sending.send_due() == 0  # not its turn yet: nothing sent
    assert len(sent) == 1
    Outbox.objects.filter(pk=connected.pk).update(next_attempt=None)
    assert sending.send_due() == 1
    connected.refresh_from_db()
    assert (connected.due, connected.attempts, connected.last_error) == (0, 0, "")
    assert connected.online_url == "https://club.example/t/small/"
    assert connected.due_since is None


def test_the_backoff_grows_and_stays_at_five_minutes(
    small_event, connected, monkeypatch
):
    answers(monkeypatch, *[(503, {})] * 7)
    waits = []
    for _ in range(7):
        Outbox.objects.filter(pk=connected.pk).update(next_attempt=None, due=1)
        sending.send_due()
        connected.refresh_from_db()
        waits.append((connected.next_attempt - connected.last_attempt).total_seconds())
    assert waits == [10, 30, 60, 120, 300, 300, 300]


def test_a_refusal_stops_sending_until_the_td_sends_again(
    small_event, connected, monkeypatch
):
    Outbox.objects.filter(pk=connected.pk).update(due=1)
    sent = answers(
        monkeypatch,
        (409, {"problems": [{"path": "", "message": "changed on the site"}]}),
        (200, {"stored": True}),
    )
    sending.send_due()
    connected.refresh_from_db()
    assert "daar gewijzigd" in connected.refused  # Dutch first
    assert "changed on the site" in connected.refused
    Outbox.objects.filter(pk=connected.pk).update(due=2)
    assert sending.send_due() == 0 and len(sent) == 1
    sending.send_again(connected)
    assert sending.send_due() == 1


def test_the_tds_pages_show_what_waits(td_client, small_event, connected):
    Outbox.objects.filter(pk=connected.pk).update(due=2, last_error="no connection")
    page = td_client.get(f"/manage/{small_event.slug}/").content.decode()
    assert "2 wijzigingen wachten om verstuurd te worden" in page
    online = td_client.get(f"/manage/{small_event.slug}/online/").content.decode()
    assert "https://club.example" in online and "no connection" in online
    assert "Nu versturen" in online


def test_a_td_connects_an_event_once_told_the_site_and_key(td_client, small_event):
    url = f"/manage/{small_event.slug}/online/"
    refused = td_client.post(url, {"site": "https://club.example", "key": "abc"})
    assert refused.status_code == 400
    td_client.post(url, {"site": "https://club.example", "key": "rk_abcdef"})
    outbox = Outbox.objects.get(tournament=small_event)
    assert outbox.due == 1 and outbox.destination.key == "rk_abcdef"
    # a second event picks the site already told
    assert Destination.objects.count() == 1
