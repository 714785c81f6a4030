"""Two sends at the same moment, in threads released together through the
real view (SQLite in WAL mode here, PostgreSQL where configured): one key
sent twice stores one deal and gives both the same answer; two keys for
one new deal store it once and tell the other it is stale."""

import json

import pytest
from django.test import Client
from django.urls import reverse

from api import write
from api.models import ApiWrite
from api.tokens import create_token
from scoring.models import Deal, DealRevision
from tests.api.test_write_deals import body
from tests.examples import examples
from tests.tableside.helpers import running
from tests.threads import together
from tournaments.models import AuditLog

pytestmark = pytest.mark.django_db(transaction=True)
#: Runs of each race: every one in CI, a fifth at a desk (tests/examples.py).
RUNS = examples(15)


@pytest.fixture
def table(monkeypatch):
    monkeypatch.setattr(write, "WRITES_PER_MINUTE", 10_000)
    return running("api-race")


def fresh(table) -> None:
    Deal.objects.filter(table=table).delete()
    ApiWrite.objects.all().delete()


def sender(path, secret, data, key):
    def job():
        return Client().post(
            path,
            json.dumps(data),
            content_type="application/json",
            HTTP_AUTHORIZATION=f"Bearer {secret}",
            HTTP_IDEMPOTENCY_KEY=key,
        )

    return job


def test_one_key_sent_twice_at_once_stores_one_deal(table):
    event = table.round.tournament
    _token, secret = create_token(event, "pad", None)
    path = reverse("api-v1:api-send-deal", args=[event.slug])
    for run in range(RUNS):
        fresh(table)
        data = body(table, number=1)
        key = f"same-{run}"
        results = together(
            sender(path, secret, data, key), sender(path, secret, data, key)
        )
        assert [r.status_code for r in results] == [201, 201], (run, results)
        assert results[0].json() == results[1].json()
        deal = Deal.objects.get(table=table, number=1)
        assert deal.version == 1
        assert DealRevision.objects.filter(deal=deal).count() == 1
        assert ApiWrite.objects.filter(key=key).count() == 1
    lines = AuditLog.objects.filter(tournament=event, action="deal.save")
    assert lines.filter(detail__api_token="pad").count() == RUNS


def test_two_keys_for_one_new_deal_store_it_once(table):
    event = table.round.tournament
    _token, secret = create_token(event, "pad", None)
    path = reverse("api-v1:api-send-deal", args=[event.slug])
    for run in range(RUNS):
        fresh(table)
        data = body(table, number=1)
        results = together(
            sender(path, secret, data, f"a-{run}"),
            sender(path, secret, data, f"b-{run}"),
        )
        assert sorted(r.status_code for r in results) == [201, 409], (run, results)
        refused = next(r for r in results if r.status_code == 409)
        assert refused.json()["errors"][0]["code"] == "stale"
        assert Deal.objects.filter(table=table, number=1).count() == 1
        assert ApiWrite.objects.count() == 1
