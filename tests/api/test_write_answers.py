"""The token routes say nothing a token does not open: an unknown event
answers exactly as a known event does to a missing or wrong token; tokens
refused too often from one client are answered 429. Every answer of the
token routes fits the schema the OpenAPI document gives for its status,
and every error under ``/api/`` (a method a route does not take, a path no
route has, a request too large) is the API's JSON error."""

import json

import pytest
from django.test import Client
from jsonschema import Draft202012Validator

from api import limits
from api.tokens import create_token
from core.window_counter import ClientLimit
from tests.api import test_write_deals as deals
from tests.api.test_write_deals import body, codes, rik, send
from tournaments.models import TableRound

table, td = deals.table, deals.td  # the fixtures, shared

SEND = "/api/v1/events/{slug}/deals/"
TABLE = "/api/v1/events/{slug}/deals/tables/{round_number}/{table_number}/"


@pytest.fixture(autouse=True)
def english(client):
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"


@pytest.fixture
def token(table, td):
    return create_token(table.round.tournament, "pad 1", td)


class NoEvent:
    """An event code no event has, to ``send``."""

    slug = "no-such-event"


def comparable(response) -> tuple:
    """What a client learns from an answer."""
    headers = {name: response.get(name) for name in ("WWW-Authenticate", "Allow")}
    return response.status_code, response.json(), headers


# -- an unknown event answers as a wrong token does ---------------------------------
@pytest.mark.django_db
@pytest.mark.parametrize("secret", [None, "guessed-token"])
def test_an_unknown_event_answers_as_a_known_one_to_a_wrong_token(
    client, table, token, secret
):
    event = table.round.tournament
    known = send(client, event, secret, body(table))
    unknown = send(client, NoEvent, secret, body(table))
    assert known.status_code == 401
    assert comparable(unknown) == comparable(known)
    auth = {"HTTP_AUTHORIZATION": f"Bearer {secret}"} if secret else {}
    known = client.get(f"/api/v1/events/{event.slug}/deals/tables/1/1/", **auth)
    unknown = client.get("/api/v1/events/no-such-event/deals/tables/1/1/", **auth)
    assert known.status_code == 401
    assert comparable(unknown) == comparable(known)


@pytest.mark.django_db
def test_a_live_token_still_finds_its_event(client, table, token):
    answer = send(client, table.round.tournament, token[1], body(table))
    assert answer.status_code == 201


# -- refused tokens are counted per client --------------------------------------------
@pytest.mark.django_db
def test_tokens_refused_too_often_from_one_client_are_429(
    client, table, token, monkeypatch
):
    monkeypatch.setattr(limits, "WRONG_TOKENS", ClientLimit("wrong-token", 2, 600))
    event = table.round.tournament
    answers = [
        send(Client(REMOTE_ADDR=f"2001:db8::{i}"), event, "wrong", body(table))
        for i in range(1, 4)
    ]
    assert [a.status_code for a in answers] == [401, 401, 429]
    assert codes(answers[2]) == ["rate_limited"]
    assert int(answers[2]["Retry-After"]) > 0
    unknown = send(Client(REMOTE_ADDR="2001:db8::9"), NoEvent, "wrong", body(table))
    assert unknown.status_code == 429  # an unknown event counts the same
    # the event's own app behind the same address keeps working
    own = send(Client(REMOTE_ADDR="2001:db8::5"), event, token[1], body(table))
    assert own.status_code == 201
    elsewhere = send(Client(REMOTE_ADDR="2001:db8:0:1::1"), event, "x", body(table))
    assert elsewhere.status_code == 401


# -- the document says every answer ---------------------------------------------------
def document(client) -> dict:
    return client.get("/api/v1/openapi.json").json()


def documented_schema(doc: dict, template: str, method: str, status: int) -> dict:
    responses = doc["paths"][template][method]["responses"]
    assert str(status) in responses, (template, method, status)
    schema = responses[str(status)]["content"]["application/json"]["schema"]
    return {**schema, "components": doc["components"]}


def fits(doc, template, method, response) -> None:
    schema = documented_schema(doc, template, method, response.status_code)
    Draft202012Validator(schema).validate(json.loads(response.content))


@pytest.mark.django_db
def test_every_answer_of_the_send_route_is_documented(client, table, token, td):
    doc = document(client)
    event = table.round.tournament
    answers = [
        send(client, event, token[1], body(table)),  # 201
        send(client, event, token[1], body(table), key=None),  # 400
        send(client, event, None, body(table)),  # 401
        send(client, event, token[1], {**body(table), "table": 9}, "k404"),  # 404
        send(client, event, token[1], body(table, record=rik(table, tricks=5))),  # 409
        send(client, event, token[1], "[]", "k422"),  # 422
    ]
    statuses = [a.status_code for a in answers]
    assert statuses == [201, 400, 401, 404, 409, 422]
    for answer in answers:
        fits(doc, SEND, "post", answer)
    stale = send(client, event, token[1], body(table, record=rik(table, 5)), "k5")
    assert stale.status_code == 409 and stale.json()["version"] == 1
    fits(doc, SEND, "post", stale)
    TableRound.objects.filter(pk=table.pk).update(closed=True)
    fits(doc, SEND, "post", send(client, event, token[1], body(table), "k6"))
    for status in (429, 503):
        documented_schema(doc, SEND, "post", status)


@pytest.mark.django_db
def test_every_answer_of_the_table_route_is_documented(client, table, token):
    doc = document(client)
    slug = table.round.tournament.slug
    auth = {"HTTP_AUTHORIZATION": f"Bearer {token[1]}"}
    answers = [
        client.get(f"/api/v1/events/{slug}/deals/tables/1/1/", **auth),
        client.get(f"/api/v1/events/{slug}/deals/tables/1/1/"),
        client.get(f"/api/v1/events/{slug}/deals/tables/1/9/", **auth),
        client.get(f"/api/v1/events/{slug}/deals/tables/x/1/", **auth),
    ]
    assert [a.status_code for a in answers] == [200, 401, 404, 422]
    for answer in answers:
        fits(doc, TABLE, "get", answer)
    documented_schema(doc, TABLE, "get", 429)


# -- every error under /api/ is JSON -------------------------------------------------
def errors_schema(client) -> Draft202012Validator:
    doc = document(client)
    return Draft202012Validator(
        {"$ref": "#/components/schemas/Errors", "components": doc["components"]}
    )


@pytest.mark.django_db
@pytest.mark.parametrize(
    "method, path, status, code",
    [
        ("post", "/api/v1/events/", 405, "method_not_allowed"),
        ("delete", "/api/v1/clubs/", 405, "method_not_allowed"),
        ("get", "/api/v1/events/some-event/deals/", 405, "method_not_allowed"),
        ("get", "/api/", 404, "not_found"),
        ("get", "/api/v2/events/", 404, "not_found"),
        ("get", "/api/v1/events/?q=%00", 400, "bad_request"),
    ],
)
def test_every_error_under_api_is_json(client, method, path, status, code):
    response = getattr(client, method)(path)
    assert response.status_code == status
    assert response["Content-Type"].startswith("application/json")
    answer = response.json()
    errors_schema(client).validate(answer)
    assert answer["errors"][0]["code"] == code
    assert answer["errors"][0]["message"]
    if status == 405:
        assert response["Allow"]


@pytest.mark.django_db
def test_a_request_too_large_is_a_json_413(client):
    response = client.post(
        "/api/v1/events/some-event/deals/",
        "x" * 300_000,
        content_type="application/json",
    )
    assert response.status_code == 413
    answer = response.json()
    errors_schema(client).validate(answer)
    assert answer["errors"][0]["code"] == "too_large"


@pytest.mark.django_db
def test_the_sites_own_pages_keep_their_html_errors(client):
    response = client.post("/accounts/logout/x/")
    assert response.status_code == 404
    assert response["Content-Type"].startswith("text/html")
