"""Why a deal was refused is worded once (``scoring.services.errors``) and
read alike by the TD's deal form, the hall's disputes page, the phones at
the table and the API; the busy text is one (``core.transactions``); the
API's deal is logged in one line, written once; JSON with NaN is refused by
the one parser; the API's cache keys carry the audience (issue 37)."""

import json

import pytest
from django.contrib.messages import get_messages
from django.db import connection
from django.test import Client, RequestFactory
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from ninja import Schema

from core.transactions import BUSY_MESSAGE, BusyError
from scoring.services import ClosedError, StaleDealError
from scoring.services.deals import DealRejectedError, TotalsOnlyError
from scoring.services.errors import CLOSED, GONE, STALE, refusal
from tournaments.locks import GoneError


@pytest.fixture(autouse=True)
def _english():
    """These tests read the English words (a fresh process speaks the
    site's Dutch: tests/conftest.py)."""
    from django.utils import translation

    with translation.override("en"):
        yield


# -- the mapping, without the database -----------------------------------------


def test_each_refusal_has_its_words_code_and_status():
    from rules.engine.validation import Violation

    rejected = DealRejectedError((Violation("bad_tricks", "plays", "Too many."),))
    assert refusal(rejected).message == "Too many."
    assert (refusal(rejected).code, refusal(rejected).status) == ("rejected", 422)
    closed = refusal(ClosedError())
    assert (closed.code, closed.status, closed.message) == (
        "table_closed",
        409,
        str(CLOSED),
    )
    assert refusal(ClosedError("The season is closed.")).message == (
        "The season is closed."
    )
    assert "totals only" in refusal(TotalsOnlyError()).message
    assert refusal(StaleDealError()).message == str(STALE)
    assert (refusal(GoneError()).status, refusal(GoneError()).message) == (
        404,
        str(GONE),
    )
    busy = refusal(BusyError())
    assert (busy.code, busy.status, busy.message) == ("busy", 503, str(BUSY_MESSAGE))
    with pytest.raises(TypeError):
        refusal(ValueError())


# -- the readers ---------------------------------------------------------------------
@pytest.fixture(scope="module")
def world(django_db_setup, django_db_blocker):
    """A table entered blind by its phones (8 players, round 2 open), its TD
    and an API token, built once for the module in a transaction rolled back
    at its end (each test's own is a savepoint)."""
    from django.db import transaction

    with django_db_blocker.unblock():
        outer = transaction.atomic()
        outer.__enter__()
        try:
            yield _world()
        finally:
            transaction.set_rollback(True)
            outer.__exit__(None, None, None)


def _world() -> dict:
    from django.contrib.auth import get_user_model

    from api.tokens import create_token
    from tests.tableside.helpers import running
    from tournaments.models import TournamentRole

    table = running("worded", "blind")
    event = table.round.tournament
    td = get_user_model().objects.create_user("worded-td", password="x")
    TournamentRole.objects.create(tournament=event, user=td, role="td")
    _row, secret = create_token(event, "pad", td)
    return {"table": table, "event": event, "td": td, "secret": secret}


@pytest.fixture
def table(db, world):
    from tournaments.models import TableRound

    return TableRound.objects.select_related("round__tournament").get(
        pk=world["table"].pk
    )


@pytest.fixture
def td(db, world) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(world["td"])
    return client


def _said(response) -> list[str]:
    return [str(m) for m in get_messages(response.wsgi_request)]


def _disputed(table) -> int:
    """Deal 2 entered differently by the two sides: the id of one entry."""
    from scoring.models import Submission
    from tests.tableside.helpers import deal_seats, enter, rik, seated

    d, p, o, _o2 = deal_seats(table, 2)
    enter(seated(table, d), table, 2, rik(d, p, 9), "a2")
    enter(seated(table, o), table, 2, rik(d, p, 7), "b2")
    entries = Submission.objects.filter(table=table, number=2, status="disputed")
    assert entries.count() == 2
    return entries.order_by("created").last().pk


def test_a_dispute_decided_at_a_closed_table_says_the_table_is_closed(table, td):
    from tournaments.models import TableRound

    entry = _disputed(table)
    TableRound.objects.filter(pk=table.pk).update(closed=True)
    url = reverse("td:disputes", args=[table.round.tournament.slug, 2, table.number])
    response = td.post(url, {"entry": entry, "reason": "the sheet says 7"})
    assert _said(response) == [str(CLOSED)]


def _raise(error):
    def fail(*args, **kwargs):
        raise error

    return fail


def test_the_td_is_told_busy_in_the_one_busy_text(table, td, monkeypatch):
    from td import views_entry

    monkeypatch.setattr(views_entry, "save_deal", _raise(BusyError()))
    from tests.tableside.helpers import deal_seats, rik

    d, p, _o, _o2 = deal_seats(table, 1)
    slug = table.round.tournament.slug
    url = reverse("td:entry-deal", args=[slug, 2, table.number, 1])
    response = td.post(url, {**rik(d, p, 9), "version": ""})
    assert _said(response) == [str(BUSY_MESSAGE)]


def test_a_phone_is_told_busy_in_the_one_busy_text(table, monkeypatch):
    from scoring.tableside import services
    from tests.tableside.helpers import deal_seats, enter, rik, seated

    d, p, _o, _o2 = deal_seats(table, 1)
    phone = seated(table, d)
    monkeypatch.setattr(services, "submit", _raise(BusyError()))
    answer = enter(phone, table, 1, rik(d, p, 9), "busy-1")
    assert answer.status_code == 503
    assert answer.json()["message"] == str(BUSY_MESSAGE)


def _send(world, table, data, key="k-1"):
    raw = data if isinstance(data, str) else json.dumps(data)
    return Client(HTTP_ACCEPT_LANGUAGE="en").post(
        reverse("api-v1:api-send-deal", args=[world["event"].slug]),
        raw,
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Bearer {world['secret']}",
        HTTP_IDEMPOTENCY_KEY=key,
    )


def _deal(table, number: int = 1, tricks: int = 9) -> dict:
    from scoring.services import table_view

    players = table_view(table).players_for(number)
    play = {
        "contract": "rik",
        "declarer": players[0],
        "partner": players[1],
        "tricks": tricks,
    }
    return {
        "round": table.round.number,
        "table": table.number,
        "deal": number,
        "record": {"plays": [play]},
    }


def test_the_api_is_told_busy_in_the_one_busy_text(world, table, monkeypatch):
    from api import write

    monkeypatch.setattr(write, "save_deal", _raise(BusyError()))
    answer = _send(world, table, _deal(table))
    assert answer.status_code == 503
    assert answer.json()["errors"][0]["message"] == str(BUSY_MESSAGE)


def test_the_apis_deal_is_logged_in_one_line_written_once(world, table):
    from tournaments.models import AuditLog

    with CaptureQueriesContext(connection) as queries:
        answer = _send(world, table, _deal(table))
    assert answer.status_code == 201, answer.content
    line = AuditLog.objects.get(action="deal.save", detail__deal=1)
    assert line.detail["api_token"] == "pad" and line.user == world["td"]
    table_name = AuditLog._meta.db_table
    rewrites = [
        q["sql"]
        for q in queries.captured_queries
        if q["sql"].startswith("UPDATE") and table_name in q["sql"]
    ]
    assert rewrites == []


@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity"])
def test_the_api_refuses_nan_as_every_json_upload_does(world, table, constant):
    text = json.dumps(_deal(table)).replace('"tricks": 9', f'"tricks": {constant}')
    answer = _send(world, table, text, key=f"nan-{constant}")
    assert answer.status_code == 422
    error = answer.json()["errors"][0]
    assert error["code"] == "bad_json" and constant in error["message"]


class _Answer(Schema):
    who: str


def test_an_api_answer_is_kept_for_its_audience_only(db, monkeypatch):
    """Built for the staff (full names), it never answers the public."""
    from api import etag
    from publicpages import cache

    request = RequestFactory().get("/api/v1/events/x/standings/")
    monkeypatch.setattr(cache, "audience", lambda: "staff")
    staff = etag.versioned(request, "1.1", lambda: _Answer(who="staff"))
    monkeypatch.setattr(cache, "audience", lambda: "public")
    public = etag.versioned(request, "1.1", lambda: _Answer(who="public"))
    assert json.loads(staff.content) == {"who": "staff"}
    assert json.loads(public.content) == {"who": "public"}
    assert staff["ETag"] != public["ETag"]
