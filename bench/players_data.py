"""Players' data (issue 28): the API, the widget, the calendar and mail, on
the 400-player hall of the standings benchmark.

- ``api_standings_400_ms``: the API's standings of that event, built (a new
  version of the event each pass); ``api_standings_400_cached_ms``: the same
  answer again, from the cache; ``api_not_modified_ms``: a client that holds
  it (``If-None-Match``) and gets 304;
- ``embed_400_ms``: the standings widget (the page a club's website frames);
- ``event_calendar_ms``: the event's calendar feed;
- ``mail_publish_request_ms``: the TD's "publish" of a round with all 400
  players subscribed, inside the request: the mail only noted;
  ``mail_after_response_s``: the worker's job after it (``core.background``)
  that writes the 400 personal mails and hands them to the mail server
  (Django's in-memory backend here: the SMTP server's own time is not
  ours);
  ``mail_written``: how many.
"""

import statistics
import time

from bench.deal_save import in_a_request
from bench.standings import EVENT, median_ms, test_database


def run() -> None:
    from django.conf import settings
    from django.core import mail
    from django.test import Client
    from django.urls import reverse

    from demo.events import generate_event
    from mailings.models import Mail
    from tournaments.models import Player, Round
    from tournaments.page_versions import touch_one
    from tournaments.rounds import publish_round

    with test_database():
        tournament = generate_event(*EVENT)
        client = Client()
        path = f"/api/v1/events/{tournament.slug}/standings/"

        def built():
            touch_one(tournament.pk)  # a new version: nothing kept
            assert client.get(path).status_code == 200

        print(f"api_standings_400_ms: {median_ms(built):.1f} ms")
        answer = client.get(path)
        print(
            f"api_standings_400_cached_ms: {median_ms(lambda: client.get(path)):.1f} ms"
        )
        etag = answer["ETag"]

        def not_modified():
            assert client.get(path, HTTP_IF_NONE_MATCH=etag).status_code == 304

        print(f"api_not_modified_ms: {median_ms(not_modified):.1f} ms")
        widget = reverse("public:embed", args=[tournament.slug])

        def embed():
            touch_one(tournament.pk)
            assert client.get(widget).status_code == 200

        print(f"embed_400_ms: {median_ms(embed):.1f} ms")
        feed = reverse("public:event-calendar", args=[tournament.slug])
        print(f"event_calendar_ms: {median_ms(lambda: client.get(feed)):.1f} ms")

        settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
        mail.outbox = []
        Player.objects.filter(entries__tournament=tournament).update(
            email="speler@example.org",
            mail_consent_at="2026-11-01",
            mail_results=True,
        )
        round_ = Round.objects.select_related("tournament").get(
            tournament=tournament, number=EVENT[2]
        )
        Round.objects.filter(pk=round_.pk).update(published=False)
        round_.published = False
        after: list[float] = []
        with in_a_request(after):
            start = time.perf_counter()
            publish_round(round_, True)
            request_ms = (time.perf_counter() - start) * 1000
        print(f"mail_publish_request_ms: {request_ms:.1f} ms")
        print(f"mail_after_response_s: {statistics.median(after) / 1000:.2f} s")
        written = Mail.objects.filter(tournament=tournament).count()
        print(f"mail_written: {written} (delivered {len(mail.outbox)})")
