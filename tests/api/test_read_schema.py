"""Every read endpoint's answer fits its schema in the generated OpenAPI
document (``/api/v1/openapi.json``), checked with ``jsonschema``; so do the
error answers. The document lists exactly the read endpoints tested here,
and no answer needs or sets a session cookie."""

import json

import pytest
from jsonschema import Draft202012Validator

from tests.seasons import conftest as seasons

season = seasons.season  # the season fixture, shared

READ_TAGS = {"clubs", "seasons", "events", "players"}


@pytest.fixture(autouse=True)
def english(client):
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"


def openapi(client) -> dict:
    response = client.get("/api/v1/openapi.json")
    assert response.status_code == 200
    return response.json()


def check(document: dict, name: str, value) -> None:
    """``value`` against the component schema ``name`` (references resolved
    in the document itself)."""
    schema = {"$ref": f"#/components/schemas/{name}", **document}
    Draft202012Validator(schema).validate(value)


def answer_schema(document: dict, template: str, status: str = "200") -> str:
    """The component schema the document gives for ``template``'s answer."""
    response = document["paths"][template]["get"]["responses"][status]
    return response["content"]["application/json"]["schema"]["$ref"].rsplit("/", 1)[1]


def read_paths(client, small_event, season) -> dict[str, str]:
    """{path template: a real path} for every read endpoint."""
    event = f"/api/v1/events/{small_event.slug}/"
    player = client.get(event + "standings/").json()["rows"][0]["player"]
    return {
        "/api/v1/clubs/": "/api/v1/clubs/",
        "/api/v1/clubs/{club_id}/": f"/api/v1/clubs/{season.club_id}/",
        "/api/v1/seasons/": "/api/v1/seasons/",
        "/api/v1/seasons/{slug}/": f"/api/v1/seasons/{season.slug}/",
        "/api/v1/events/": "/api/v1/events/",
        "/api/v1/events/{slug}/": event,
        "/api/v1/events/{slug}/standings/": event + "standings/",
        "/api/v1/events/{slug}/rounds/{number}/": event + "rounds/2/",
        "/api/v1/players/{public_id}/": f"/api/v1/players/{player}/",
    }


def test_every_read_endpoint_answers_to_its_schema(client, small_event, season):
    document = openapi(client)
    paths = read_paths(client, small_event, season)
    listed = {
        template
        for template, item in document["paths"].items()
        if "get" in item and READ_TAGS & set(item["get"].get("tags", []))
    }
    assert listed == set(paths)
    for template, path in paths.items():
        response = client.get(path)
        assert response.status_code == 200, path
        assert response["Content-Type"].startswith("application/json")
        check(document, answer_schema(document, template), response.json())
        assert not response.cookies, path  # no session, no CSRF cookie


def test_errors_answer_to_their_schema(client, small_event):
    document = openapi(client)
    for path, status in [
        ("/api/v1/events/no-such-event/", 404),
        (f"/api/v1/events/{small_event.slug}/rounds/9/", 404),
        ("/api/v1/players/nobody/", 404),
        ("/api/v1/seasons/none/", 404),
        ("/api/v1/clubs/999999/", 404),
        ("/api/v1/clubs/not-a-number/", 422),
    ]:
        response = client.get(path)
        assert response.status_code == status, path
        body = response.json()
        check(document, "Errors", body)
        assert body["errors"][0]["message"]


def test_the_document_is_exact_about_answers(client):
    """Every read answer names its schema; a 404 and a 429 name ``Errors``."""
    document = openapi(client)
    for template, item in document["paths"].items():
        operation = item.get("get")
        if not operation or not READ_TAGS & set(operation.get("tags", [])):
            continue
        assert answer_schema(document, template) in document["components"]["schemas"]
        assert answer_schema(document, template, "404") == "Errors"
        assert answer_schema(document, template, "429") == "Errors"


def test_the_schema_and_the_page_need_no_login(client, db):
    assert client.get("/api/v1/openapi.json").status_code == 200
    page = client.get("/api/v1/docs")
    assert page.status_code == 200
    assert b"/static/ninja/swagger-ui-bundle.js" in page.content
    assert b"cdn" not in page.content.lower()
    assert b'href="/api/v1/docs"' in client.get("/").content


def test_an_unknown_path_has_a_json_answer_ready(rf, client, db):
    """``api.v1.unknown_path``, for a path no route matches (once
    ``api/urls.py`` routes the rest of ``/api/v1/`` to it)."""
    from api.v1 import unknown_path

    response = unknown_path(rf.get("/api/v1/nothing/"))
    assert response.status_code == 404
    check(openapi(client), "Errors", json.loads(response.content))
