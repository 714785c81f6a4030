"""A deal kept on a phone is sent with the page's current CSRF token, and a
refused one is said in words the page's script reads (issue 36, finding 16;
the browser's side is tests/e2e/test_tableside_browser.py)."""

import pytest
from django.test import Client

from scoring.models import Submission
from scoring.tableside import services
from tests.tableside.helpers import JSON, deal_seats, link, rik, running, seated

pytestmark = pytest.mark.django_db


def strict_phone() -> Client:
    """A phone whose posts are checked for their CSRF token, as a browser's."""
    return Client(enforce_csrf_checks=True, HTTP_ACCEPT_LANGUAGE="en")


def strict_seated(table, seat: int) -> Client:
    """A phone holding ``seat``, its posts checked from then on."""
    client = seated(table, seat)
    client.handler.enforce_csrf_checks = True
    return client


def test_a_refused_token_answers_json_the_page_understands():
    table = running("token", "confirm")
    d, p, _o, _o2 = deal_seats(table)
    mine = strict_seated(table, d)
    path = link(services.key_for(table), "tableside:deal", 1)
    stale = {**rik(d, p), "key": "k1", "csrfmiddlewaretoken": "x" * 32}
    answer = mine.post(path, stale, **JSON)
    assert answer.status_code == 403
    assert answer.json()["code"] == "csrf" and answer.json()["ok"] is False
    assert not Submission.objects.exists()
    fresh = mine.get(link(services.key_for(table), "tableside:token"))
    assert fresh["Cache-Control"] == "no-store"
    token = fresh.json()["token"]
    answer = mine.post(path, {**stale, "csrfmiddlewaretoken": token}, **JSON)
    assert answer.status_code == 200 and answer.json()["ok"]
    assert Submission.objects.filter(table=table).count() == 1


def test_a_browser_without_script_still_gets_django_s_page():
    table = running("token-page", "confirm")
    d, p, _o, _o2 = deal_seats(table)
    mine = strict_seated(table, d)
    path = link(services.key_for(table), "tableside:deal", 1)
    answer = mine.post(path, {**rik(d, p), "key": "k2"})
    assert answer.status_code == 403 and answer["Content-Type"].startswith("text/html")


def test_a_wrong_link_gets_no_token():
    table = running("token-wrong", "confirm")
    key = services.key_for(table)
    wrong = key.secret[:-1] + ("y" if key.secret.endswith("x") else "x")
    answer = strict_phone().get(link(key, "tableside:token", secret=wrong), **JSON)
    assert answer.status_code == 404
