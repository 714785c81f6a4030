"""The public pages' fast path (``publicpages.middleware``): a phone that polls
gets the kept page without a query (gzipped when it asks), every visitor the
same bytes; a logged-in visitor and an htmx partial go the normal way."""

import gzip

import pytest
from django.test import Client
from django.urls import reverse

from demo.events import generate_event
from tests.public.test_query_count import count_queries


@pytest.fixture
def event(db):
    return generate_event("fast", 8, 2, 4, seed=9)


def test_a_polling_phone_costs_no_query_and_gets_gzip(event):
    phone = Client(enforce_csrf_checks=True)
    path = reverse("public:standings", args=["fast"])
    first = phone.get(path).content
    assert count_queries(phone, path) == 0
    response = phone.get(path, HTTP_ACCEPT_ENCODING="gzip, deflate, br")
    assert response["Content-Encoding"] == "gzip"
    assert gzip.decompress(response.content) == first
    assert "Content-Security-Policy" in response and response["X-Frame-Options"]
    assert Client().get(path).content == first  # the same bytes for everyone


def test_the_language_links_switch_and_each_language_is_kept_apart(event):
    path = reverse("public:standings", args=["fast"])
    phone = Client()
    assert 'lang="nl"' in phone.get(path).content.decode()
    switch = phone.get(reverse("language"), {"language": "en", "next": path})
    assert switch.status_code == 302 and switch["Location"] == path
    for _ in range(2):
        assert '<html lang="en"' in phone.get(path).content.decode()
    assert '<html lang="nl"' in Client().get(path).content.decode()


def test_the_language_switch_never_sends_a_visitor_elsewhere(event):
    away = {"language": "xx", "next": "https://evil.example/"}
    switch = Client().get(reverse("language"), away)
    assert switch["Location"] == "/" and "django_language" not in switch.cookies


def test_a_logged_in_visitor_and_an_htmx_partial_go_the_normal_way(event, make_user):
    path = reverse("public:standings", args=["fast"])
    td = Client()
    td.force_login(make_user("someone"))
    td.get(path)
    assert count_queries(td, path) > 0
    phone = Client()
    phone.get(path)
    phone.get(path)
    response = phone.get(path, HTTP_HX_REQUEST="true")
    assert "<html" not in response.content.decode()
