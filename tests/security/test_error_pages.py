"""The error pages speak the site's language, look like the site and offer
a way back (issue 40): a page not found, a request the site cannot answer
("Unknown export."), a form whose security token expired, a server error."""

import pytest
from django.test import Client, RequestFactory

pytestmark = pytest.mark.django_db


def page_of(answer) -> str:
    text = answer.content.decode()
    assert "<html lang=" in text and 'class="skip-link"' in text
    assert 'href="/"' in text  # the way back
    return text


def test_a_page_not_found_in_dutch_and_in_english(client):
    answer = client.get("/t/no-such-event/")
    assert answer.status_code == 404
    assert "Pagina niet gevonden" in page_of(answer)
    client.cookies["django_language"] = "en"
    english = client.get("/no/such/page/", HTTP_ACCEPT_LANGUAGE="en")
    assert english.status_code == 404
    assert "Page not found" in page_of(english)


def test_an_unknown_export_says_so_on_a_page(td_client, small_event):
    answer = td_client.get(f"/manage/{small_event.slug}/export/pdf/nonsense/")
    assert answer.status_code == 400
    assert "Onbekende export." in page_of(answer)


def test_an_expired_form_is_explained_with_a_way_back(make_user):
    make_user("anna")
    client = Client(enforce_csrf_checks=True)
    answer = client.post("/accounts/login/", {"username": "anna", "password": "pw"})
    assert answer.status_code == 403
    assert "Het formulier is verlopen" in page_of(answer)
    script = client.post(
        "/accounts/login/", {}, HTTP_ACCEPT="application/json"
    )  # a page's script still gets JSON it can act on
    assert script.status_code == 403 and script.json()["code"] == "csrf"


def test_a_server_error_is_a_page_of_the_site():
    from django.contrib.auth.models import AnonymousUser

    from rikscore.errors import server_error

    request = RequestFactory().get("/")
    request.user = AnonymousUser()
    answer = server_error(request)
    assert answer.status_code == 500
    assert "Er ging iets mis" in page_of(answer)
