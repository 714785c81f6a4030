"""A request's size is refused before its body is read: a
visitor who is not logged in sends at most what a phone needs, so a 400 MB
upload never reaches the disk before a login check; a TD's import at most
the largest file an import takes."""

import pytest
from django.test import RequestFactory

from core.request_limits import (
    ANONYMOUS_BYTES,
    LOGGED_IN_BYTES,
    RequestLimitsMiddleware,
)


class Visitor:
    def __init__(self, logged_in: bool):
        self.is_authenticated = logged_in


def answer(length: int, logged_in: bool):
    reached = []
    request = RequestFactory().post(
        "/import/tournament/", data=b"", content_type="application/octet-stream"
    )
    request.META["CONTENT_LENGTH"] = str(length)
    request.user = Visitor(logged_in)
    response = RequestLimitsMiddleware(lambda r: reached.append(r) or "view")(request)
    return response, bool(reached)


@pytest.mark.parametrize(
    "length, logged_in, refused",
    [
        (ANONYMOUS_BYTES, False, False),
        (ANONYMOUS_BYTES + 1, False, True),
        (400 * 1024 * 1024, False, True),
        (10 * 1024 * 1024, True, False),
        (LOGGED_IN_BYTES + 1, True, True),
    ],
)
def test_the_body_size_is_judged_from_its_length_alone(length, logged_in, refused):
    response, reached = answer(length, logged_in)
    assert reached is not refused
    if refused:
        assert response.status_code == 413


@pytest.mark.django_db
def test_an_anonymous_upload_is_refused_before_the_csrf_check_reads_it(client):
    """Through the whole stack: 413, not the login page after a body read."""
    body = b"x" * (ANONYMOUS_BYTES + 10)
    response = client.post(
        "/import/tournament/", body, content_type="application/octet-stream"
    )
    assert response.status_code == 413


@pytest.mark.django_db
@pytest.mark.parametrize("where", ["query", "form", "multipart"])
def test_a_nul_character_is_refused_before_any_view_reads_it(client, where):
    """PostgreSQL refuses NUL in text: a view looking a value up answered
    500 there (the table link's key, the rule editor)."""
    if where == "query":
        response = client.get("/ratings/?page=a%00b")
    elif where == "multipart":
        response = client.post("/accounts/login/", {"username": "a\x00b"})
    else:
        response = client.post(
            "/accounts/login/",
            "username=a%00b&password=x",
            content_type="application/x-www-form-urlencoded",
        )
    assert response.status_code == 400
