"""Hostile values into the subscribe form and the signed links: never a
500, and a refused submission stores nothing."""

import pytest
from django.core.cache import cache
from hypothesis import given

from tests.security.test_fuzz import form_data, fuzz, junk
from tests.security.test_matrix import fingerprint

FIELDS = ["email", "mail_results", "mail_season", "mail_seating", "language"]


@pytest.mark.django_db
def test_the_subscribe_form_and_links_survive_anything(client, small_event):
    entry = small_event.entries.first()
    url = f"/mail/subscribe/{small_event.slug}/{entry.pk}/"

    @fuzz
    @given(data=form_data(FIELDS, {"language": ["", "nl", "en"]}), token=junk)
    def run(data, token):
        cache.clear()  # the throttle would hide the form's own answers
        before = fingerprint()
        response = client.post(url, data)
        assert response.status_code < 500, data
        if response.status_code != 302:
            assert fingerprint() == before, data
        safe = str(token).replace("/", "") or "x"
        stored = fingerprint()
        for path in ("confirm", "unsubscribe", "undo"):
            answer = client.post(f"/mail/{path}/{safe}/")
            assert answer.status_code < 500 and answer.status_code != 200, path
        assert fingerprint() == stored, token

    run()
