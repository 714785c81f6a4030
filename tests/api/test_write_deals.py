"""Deals sent with an event's token: stored through the one pipeline, as
the TD's; refused with score_deal's codes; each answer kept under its
idempotency key; tokens checked, counted and never taken from a cookie."""

import json

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from api import write
from api.models import ApiWrite
from api.tokens import create_token, revoke_token
from scoring.models import Deal
from scoring.services import recompute_table, table_view
from tournaments.models import AuditLog, TableRound
from tournaments.questions import results_held


@pytest.fixture
def table(small_event):
    """Round 1, table 1 of ``small_event`` (five players), open, deal 4 empty."""
    table = small_event.round_set.get(number=1).tables.get(number=1)
    TableRound.objects.filter(pk=table.pk).update(closed=False)
    table.refresh_from_db()
    table.deals.filter(number=4).delete()
    recompute_table(table)
    return table


@pytest.fixture
def td(make_user, small_event):
    from tournaments.models import TournamentRole

    user = make_user("td")
    TournamentRole.objects.create(tournament=small_event, user=user, role="td")
    return user


@pytest.fixture
def token(small_event, td):
    """(the token's row, the token itself)."""
    return create_token(small_event, "pad 1", td)


def url(event) -> str:
    return reverse("api-v1:api-send-deal", args=[event.slug])


def rik(table, number=4, tricks=9) -> dict:
    players = table_view(table).players_for(number)
    play = {
        "contract": "rik",
        "declarer": players[0],
        "partner": players[1],
        "tricks": tricks,
    }
    return {"plays": [play]}


def body(table, number=4, record=None, **extra) -> dict:
    return {
        "round": table.round.number,
        "table": table.number,
        "deal": number,
        "record": rik(table, number) if record is None else record,
        **extra,
    }


def send(client, event, secret, data, key="key-1", **headers):
    if secret is not None:
        headers["HTTP_AUTHORIZATION"] = f"Bearer {secret}"
    if key is not None:
        headers["HTTP_IDEMPOTENCY_KEY"] = key
    raw = data if isinstance(data, str | bytes) else json.dumps(data)
    with translation.override("en"):
        return client.post(url(event), raw, content_type="application/json", **headers)


def codes(response) -> list[str]:
    return [e["code"] for e in response.json()["errors"]]


def test_a_deal_is_stored_and_answered_with_its_scores(client, table, token):
    event = table.round.tournament
    response = send(client, event, token[1], body(table))
    assert response.status_code == 201, response.content
    deal = Deal.objects.get(table=table, number=4)
    answer = response.json()
    view = table_view(table)
    assert answer["deal"] == 4 and answer["table"] == 1 and answer["round"] == 1
    assert answer["version"] == deal.version == 1
    assert answer["record"] == view.named(deal.record)
    assert answer["scores"] == {
        view.label_of(s.position): deal.seat_scores[s.position - 1] for s in view.seats
    }
    assert sum(answer["scores"].values()) == 0


def test_the_deal_counts_as_the_token_makers_and_the_log_names_the_token(
    client, table, token, td
):
    send(client, table.round.tournament, token[1], body(table))
    line = AuditLog.objects.filter(action="deal.save").order_by("-id").first()
    assert line.user == td
    assert line.detail["api_token"] == "pad 1"
    assert line.detail["deal"] == 4
    assert Deal.objects.get(table=table, number=4).updated_by in (None, td)
    token[0].refresh_from_db()
    assert token[0].last_used is not None


def test_a_correction_needs_the_version_it_replaces(client, table, token):
    event = table.round.tournament
    assert send(client, event, token[1], body(table)).status_code == 201
    again = send(
        client, event, token[1], body(table, record=rik(table, tricks=5)), "k2"
    )
    assert again.status_code == 409
    assert codes(again) == ["stale"]
    assert again.json()["version"] == 1
    fixed = body(table, record=rik(table, tricks=5), expected_version=1)
    done = send(client, event, token[1], fixed, "k3")
    assert done.status_code == 201
    assert done.json()["version"] == 2


def test_the_same_key_and_body_again_gives_the_first_answer(client, table, token):
    event = table.round.tournament
    first = send(client, event, token[1], body(table))
    reordered = json.dumps(dict(reversed(list(body(table).items()))))
    second = send(client, event, token[1], reordered)
    assert (first.status_code, second.status_code) == (201, 201)
    assert first.json() == second.json()
    assert second["Idempotent-Replayed"] == "true"
    assert Deal.objects.filter(table=table, number=4).count() == 1
    assert Deal.objects.get(table=table, number=4).version == 1
    assert AuditLog.objects.filter(action="deal.save", detail__deal=4).count() == 1
    assert ApiWrite.objects.count() == 1


def test_the_same_key_with_another_body_is_refused(client, table, token):
    event = table.round.tournament
    send(client, event, token[1], body(table))
    other = send(client, event, token[1], body(table, record=rik(table, tricks=5)))
    assert other.status_code == 409
    assert codes(other) == ["idempotency_key_reused"]


def test_a_refusal_keeps_nothing_so_the_key_may_be_sent_again(client, table, token):
    event = table.round.tournament
    players = table_view(table).players_for(4)
    bad = {"plays": [{"contract": "rik", "declarer": players[0], "tricks": 9}]}
    refused = send(client, event, token[1], body(table, record=bad))
    assert refused.status_code == 422
    assert refused.json()["errors"][0]["code"] == "partner_missing"
    assert refused.json()["errors"][0]["field"] == "record.plays[0].partner"
    assert not ApiWrite.objects.exists()
    assert send(client, event, token[1], body(table)).status_code == 201


@pytest.mark.parametrize(
    "headers, code",
    [
        ({}, "token_missing"),
        ({"HTTP_AUTHORIZATION": "Basic abc"}, "token_missing"),
        ({"HTTP_AUTHORIZATION": "Bearer nonsense"}, "token_invalid"),
    ],
)
def test_a_request_without_a_token_of_the_event_is_401(
    client, table, token, headers, code
):
    response = send(client, table.round.tournament, None, body(table), **headers)
    assert response.status_code == 401
    assert codes(response) == [code]
    assert response["WWW-Authenticate"] == "Bearer"
    assert not Deal.objects.filter(table=table, number=4).exists()


def test_a_revoked_token_is_401(client, table, token, td):
    event = table.round.tournament
    revoke_token(event, token[0].pk, td)
    response = send(client, event, token[1], body(table))
    assert response.status_code == 401
    assert codes(response) == ["token_revoked"]


def test_a_token_of_another_event_is_invalid_here(client, table, td):
    from demo.events import generate_event

    other = generate_event("other", 8, 1, 4, rules="nl", seed=3)
    _row, secret = create_token(other, "elsewhere", td)
    response = send(client, table.round.tournament, secret, body(table))
    assert response.status_code == 401
    assert codes(response) == ["token_invalid"]


def test_a_session_cookie_is_no_token(client, table, td):
    client.force_login(td)
    response = send(client, table.round.tournament, None, body(table))
    assert response.status_code == 401
    assert codes(response) == ["token_missing"]


def test_no_csrf_token_is_asked_of_a_token_request(table, token):
    strict = Client(enforce_csrf_checks=True)
    response = send(strict, table.round.tournament, token[1], body(table))
    assert response.status_code == 201


def test_too_many_writes_with_one_token_are_429(client, table, token, monkeypatch):
    monkeypatch.setattr(write, "WRITES_PER_MINUTE", 2)
    event = table.round.tournament
    answers = [send(client, event, token[1], body(table)) for _ in range(3)]
    assert [a.status_code for a in answers] == [201, 201, 429]
    assert codes(answers[2]) == ["rate_limited"]
    assert int(answers[2]["Retry-After"]) > 0


@pytest.mark.parametrize("key", [None, "", "x" * 101])
def test_an_idempotency_key_is_required(client, table, token, key):
    response = send(client, table.round.tournament, token[1], body(table), key=key)
    assert response.status_code == 400
    assert codes(response) == ["idempotency_key_missing"]


@pytest.mark.parametrize(
    "change, status, code",
    [
        ({"round": 9}, 404, "not_found"),
        ({"table": 9}, 404, "not_found"),
        ({"deal": 99}, 404, "not_found"),
        ({"deal": "4"}, 422, "bad_request"),
        ({"round": True}, 422, "bad_request"),
        # longer than any number (core.numbers, the one JSON parser): the body
        ({"table": 10**30}, 422, "bad_json"),
        ({"expected_version": 2**63}, 422, "bad_json"),
        ({"expected_version": -1}, 422, "bad_request"),
        ({"record": [1]}, 422, "bad_json"),
        ({"extra": 1}, 422, "unknown_field"),
        ({"record": {"plays": [], "rules": "pagat"}}, 422, "not_this_deal"),
        (
            {"record": {"plays": [], "players": ["a", "b", "c", "d"]}},
            422,
            "not_this_deal",
        ),
        ({"record": {"plays": "x"}}, 422, "bad_plays"),
        ({"record": {"plays": [{"contract": "nonsense"}]}}, 422, "unknown_contract"),
    ],
)
def test_junk_is_refused_with_a_code(client, table, token, change, status, code):
    response = send(client, table.round.tournament, token[1], {**body(table), **change})
    assert response.status_code == status, response.content
    assert code in codes(response)


@pytest.mark.parametrize("raw", ["", "[]", "{", '"text"', b"\xff\xfe"])
def test_a_body_that_is_no_json_object_is_bad_json(client, table, token, raw):
    response = send(client, table.round.tournament, token[1], raw)
    assert response.status_code == 422
    assert codes(response) == ["bad_json"]


def test_a_closed_table_is_409(client, table, token):
    TableRound.objects.filter(pk=table.pk).update(closed=True)
    response = send(client, table.round.tournament, token[1], body(table))
    assert response.status_code == 409
    assert codes(response) == ["table_closed"]


def test_a_closed_seasons_evening_refuses_the_deal(client, table, token):
    def held(sender, tournament_id, **kwargs):
        return "The season is closed."

    results_held.connect(held)
    try:
        response = send(client, table.round.tournament, token[1], body(table))
    finally:
        results_held.disconnect(held)
    assert response.status_code == 409
    assert codes(response) == ["table_closed"]
    assert response.json()["errors"][0]["message"] == "The season is closed."
    assert not Deal.objects.filter(table=table, number=4).exists()


def test_the_app_reads_the_tables_names_with_its_token(client, table, token):
    event = table.round.tournament
    path = reverse("api-v1:api-deal-table", args=[event.slug, 1, table.number])
    assert client.get(path).status_code == 401
    huge = reverse("api-v1:api-deal-table", args=[event.slug, 10**30, 1])
    auth = {"HTTP_AUTHORIZATION": f"Bearer {token[1]}"}
    assert client.get(huge, **auth).status_code == 404
    response = client.get(path, HTTP_AUTHORIZATION=f"Bearer {token[1]}")
    assert response.status_code == 200
    data = response.json()
    view = table_view(table)
    assert [s["name"] for s in data["seats"]] == view.labels
    deal4 = data["deals"][3]
    assert deal4["players"] == view.players_for(4)
    assert deal4["sitting_out"] == view.sitting_out_for(4)
    assert deal4["version"] is None
    assert data["deals"][0]["version"] == 1


def test_the_audit_page_says_the_deal_came_via_the_token(client, table, token, td):
    send(client, table.round.tournament, token[1], body(table))
    client.force_login(td)
    with translation.override("en"):
        page = client.get(reverse("td:audit", args=[table.round.tournament.slug]))
    assert "via API-sleutel “pad 1”" in page.content.decode()  # a Dutch event


def test_the_schema_documents_the_send(client, db):
    schema = client.get("/api/v1/openapi.json").json()
    send_op = schema["paths"]["/api/v1/events/{slug}/deals/"]["post"]
    headers = {p["name"] for p in send_op["parameters"] if p["in"] == "header"}
    assert {"Idempotency-Key", "Authorization"} <= headers
    assert (
        "record"
        in send_op["requestBody"]["content"]["application/json"]["schema"]["properties"]
    )
