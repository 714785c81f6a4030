"""What the table's page keeps made between answers (issue 40, part 5):
the empty deal forms (``tableside.form_templates``) and the status the
phones poll every 3 s (``tableside.status_cache``). Kept, they must still
be each answer's own (its CSRF token, its idempotency key) and go the
moment what they say changes."""

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from scoring.models import Submission
from scoring.tableside import services
from tests.tableside.helpers import (
    JSON,
    deal_seats,
    enter,
    link,
    rik,
    running,
    seated,
)
from tournaments.models import Player

TOKENS = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
HEADER = re.compile(r'"X-CSRFToken": "[^"]+"')
KEYS = re.compile(r'name="key" value="([0-9a-f]{32})"')


@pytest.fixture
def table(db):
    return running("kept", "confirm")


def test_each_load_has_its_own_token_and_key_though_the_forms_are_kept(table):
    d, _p, _o, _o2 = deal_seats(table)
    mine = seated(table, d)
    url = link(services.key_for(table))
    first = mine.get(url).content.decode()
    with CaptureQueriesContext(connection) as second_load:
        second = mine.get(url).content.decode()
    assert "rikscore-csrf-token" not in second and "rikscore-idempotency" not in second
    # each answer's forms carry tokens masked for that answer (Django masks
    # each one afresh: a kept form gives away no more than a fresh page)
    assert not set(TOKENS.findall(first)) & set(TOKENS.findall(second))
    assert KEYS.findall(first) != KEYS.findall(second)
    # the kept page is the page made afresh, but for the token and the key
    strip = lambda html: HEADER.sub("", KEYS.sub("", TOKENS.sub("", html)))  # noqa: E731
    assert strip(first) == strip(second)
    assert first.count('class="deal-form-variant"') >= 1
    assert len(second_load) <= 9, [q["sql"] for q in second_load]


def test_a_player_renamed_is_named_in_the_kept_forms_at_once(table):
    d, _p, _o, _o2 = deal_seats(table)
    mine = seated(table, d)
    url = link(services.key_for(table))
    mine.get(url)
    player = table.seats.get(position=d).entry.player
    Player.objects.filter(pk=player.pk).update(name="Wilhelmina Wortel")
    assert "Wilhelmina" in mine.get(url).content.decode()


def test_the_polled_status_is_kept_and_goes_with_an_entry(
    table, django_capture_on_commit_callbacks
):
    d, p, o, _o2 = deal_seats(table)
    mine, theirs = seated(table, d), seated(table, o)
    status = link(services.key_for(table), "tableside:status")
    assert theirs.get(status).json()["waiting"] == []
    with CaptureQueriesContext(connection) as asked_again:
        theirs.get(status)
    assert len(asked_again) == 0  # answered before a view runs
    with django_capture_on_commit_callbacks(execute=True):
        assert enter(mine, table, 1, rik(d, p), "k1").json()["ok"]
    assert Submission.objects.filter(table=table).count() == 1
    assert theirs.get(status, **JSON).json()["waiting"] == [
        {"deal": 1, "status": "waiting"}
    ]


def test_a_closed_table_is_said_to_its_phones_at_once(
    table, django_capture_on_commit_callbacks
):
    d, _p, _o, _o2 = deal_seats(table)
    mine = seated(table, d)
    status = link(services.key_for(table), "tableside:status")
    assert mine.get(status).json()["open"] is True
    with django_capture_on_commit_callbacks(execute=True):
        table.closed = True
        table.save()
    assert mine.get(status).json()["open"] is False


def test_processes_without_a_shared_cache_keep_no_status(table, settings):
    """``make serve`` without Redis: two processes, two memories; a change
    dropped in one would stay stale in the other, so nothing is kept."""
    settings.CACHE_IS_SHARED = False
    d, _p, _o, _o2 = deal_seats(table)
    mine = seated(table, d)
    status = link(services.key_for(table), "tableside:status")
    mine.get(status)
    with CaptureQueriesContext(connection) as asked_again:
        mine.get(status)
    assert len(asked_again) > 1


def test_a_kept_answer_is_given_to_its_own_link_only(table):
    """The fast path knows the link by its secret's digest: another secret
    with the same slot goes the whole way and is refused, counted."""
    d, _p, _o, _o2 = deal_seats(table)
    mine = seated(table, d)
    key = services.key_for(table)
    status = link(key, "tableside:status")
    mine.get(status)  # kept now
    guessed = link(key, "tableside:status", secret="x" * len(key.secret))
    answer = mine.get(guessed, **JSON)
    assert answer.status_code == 404
    assert mine.get(status).json()["open"] is True
