"""The site's address is one setting (``RIKSCORE_SITE_URL``, ``core.site``)
for every absolute link: the score sheets' QR codes, calendar feeds, the
embed code, the API's endpoint, mails. Unset, pages use the address their
browser asked for, and a TD printing sheets from this computer's own
address is told before printing that phones cannot open those codes."""

import pytest
from django.core.exceptions import ImproperlyConfigured
from django.test import Client, RequestFactory
from django.urls import reverse

from core import site
from core.env import web_address
from tests.pdf_text import pdf_text

SITE = "https://rik.example"
LOCAL = {"HTTP_HOST": "127.0.0.1:8000"}
LAN = {"HTTP_HOST": "192.168.1.10:8000"}
NOTE = "this computer's own address"


# -- without the database -------------------------------------------------------
@pytest.mark.parametrize(
    "raw, address",
    [
        ("", ""),
        ("  ", ""),
        ("https://rik.example/", "https://rik.example"),
        ("http://192.168.1.10:8000", "http://192.168.1.10:8000"),
    ],
)
def test_the_setting_is_an_address_or_unset(raw, address):
    assert web_address("RIKSCORE_SITE_URL", {"RIKSCORE_SITE_URL": raw}) == address


@pytest.mark.parametrize(
    "raw",
    [
        "rik.example",
        "ftp://rik.example",
        "https://",
        "https://rik.example/?x=1",
        "https://club.example/rik/",
        "https://user@rik.example",
        "http://rik.example:port",
    ],
)
def test_anything_else_stops_the_start_naming_it(raw):
    with pytest.raises(ImproperlyConfigured, match="RIKSCORE_SITE_URL"):
        web_address("RIKSCORE_SITE_URL", {"RIKSCORE_SITE_URL": raw})


@pytest.mark.parametrize(
    "host, loopback",
    [
        ("localhost", True),
        ("localhost:8000", True),
        ("127.0.0.1:8000", True),
        ("127.0.1.1", True),
        ("[::1]:8000", True),
        ("rik.localhost", True),
        ("192.168.1.10:8000", False),
        ("rik.example", False),
    ],
)
def test_loopback_hosts(host, loopback):
    assert site.is_loopback(host) is loopback


def test_the_address_set_wins_over_the_browsers(settings):
    settings.SITE_URL = SITE
    request = RequestFactory().get("/", **LOCAL)
    assert site.absolute("/t/x/", request) == SITE + "/t/x/"
    assert site.absolute("/t/x/") == SITE + "/t/x/"
    assert site.webcal("/t/x/cal.ics", request) == "webcal://rik.example/t/x/cal.ics"
    assert not site.loopback_only(request)


def test_unset_a_page_uses_its_browsers_address_and_a_mail_the_fallback(settings):
    settings.SITE_URL = ""
    request = RequestFactory().get("/", **LOCAL)
    assert site.absolute("/t/x/", request) == "http://127.0.0.1:8000/t/x/"
    assert site.absolute("/t/x/") == site.FALLBACK + "/t/x/"
    assert site.loopback_only(request)
    lan = RequestFactory().get("/", **LAN)
    assert not site.loopback_only(lan)


# -- the pages and documents ------------------------------------------------------
@pytest.fixture(scope="module")
def event(django_db_setup, django_db_blocker):
    """A scored event (8 players, 1 round of 4 deals) and its TD, built once
    for the module in a transaction rolled back at its end."""
    from django.db import transaction

    with django_db_blocker.unblock():
        outer = transaction.atomic()
        outer.__enter__()
        try:
            yield _event()
        finally:
            transaction.set_rollback(True)
            outer.__exit__(None, None, None)


def _event():
    from django.contrib.auth import get_user_model

    from demo.events import generate_event
    from tournaments.models import Round, TournamentRole

    event = generate_event("adres", 8, 1, 4, rules="nl", seed=3)
    Round.objects.filter(tournament=event).update(published=True)
    td = get_user_model().objects.create_user("adres-td", password="x")
    TournamentRole.objects.create(tournament=event, user=td, role="td")
    event.td = td
    return event


@pytest.fixture(autouse=True)
def _lan_allowed(settings):
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "192.168.1.10"]


@pytest.fixture
def td(db, event) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(event.td)
    return client


def _pdf_text(data: bytes) -> str:
    return pdf_text(data)


def test_sheets_printed_at_localhost_carry_the_address_set(td, event, settings):
    settings.SITE_URL = SITE
    url = reverse("documents:pdf", args=[event.slug, "blank-sheets"])
    response = td.get(url, {"round": 1}, **LOCAL)
    text = _pdf_text(b"".join(response.streaming_content))
    assert SITE + reverse("public:table", args=[event.slug, 1, 1]) in text
    assert "127.0.0.1" not in text


def test_unset_the_sheets_carry_the_address_the_browser_asked(td, event, settings):
    settings.SITE_URL = ""
    url = reverse("documents:pdf", args=[event.slug, "sheets"])
    response = td.get(url, {"round": 1}, **LAN)
    text = _pdf_text(b"".join(response.streaming_content))
    path = reverse("public:table", args=[event.slug, 1, 1])
    assert "http://192.168.1.10:8000" + path in text


def test_the_calendar_feed_names_the_address_set(client, event, settings):
    settings.SITE_URL = SITE
    feed = client.get(reverse("public:event-calendar", args=[event.slug]), **LOCAL)
    text = feed.content.decode().replace("\r\n ", "")  # unfolded lines
    assert SITE + reverse("public:standings", args=[event.slug]) in text
    assert "127.0.0.1" not in text


def test_the_calendar_subscription_names_the_address_set(client, event, settings):
    settings.SITE_URL = SITE
    page = client.get(reverse("public:standings", args=[event.slug]), **LOCAL)
    ics = reverse("public:event-calendar", args=[event.slug])
    assert f'href="webcal://rik.example{ics}"' in page.content.decode()


def test_the_embed_code_names_the_address_set(td, event, settings):
    settings.SITE_URL = SITE
    page = td.get(reverse("td:settings", args=[event.slug]), **LOCAL)
    html = page.content.decode()
    assert f'src="{SITE}{reverse("public:embed", args=[event.slug])}"' in html
    assert "127.0.0.1" not in html


def test_the_api_endpoint_names_the_address_set(td, event, settings):
    settings.SITE_URL = SITE
    url = reverse("api-manage:tokens", args=[event.slug])
    page = td.post(url, {"name": "pad"}, follow=True, **LOCAL)  # shown once
    endpoint = SITE + reverse("api-v1:api-send-deal", args=[event.slug])
    assert endpoint in page.content.decode()


@pytest.mark.parametrize("name", ["documents:index", "td:round"])
def test_unset_at_localhost_the_td_is_told_before_printing(td, event, settings, name):
    settings.SITE_URL = ""
    args = [event.slug] if name == "documents:index" else [event.slug, 1]
    html = td.get(reverse(name, args=args), **LOCAL).content.decode()
    assert NOTE in html and "RIKSCORE_SITE_URL" in html and "127.0.0.1:8000" in html
    assert reverse("documents:pdf", args=[event.slug, "blank-sheets"]) in html


@pytest.mark.parametrize("name", ["documents:index", "td:round"])
def test_set_or_asked_from_the_network_nothing_is_said(td, event, settings, name):
    args = [event.slug] if name == "documents:index" else [event.slug, 1]
    settings.SITE_URL = SITE
    assert NOTE not in td.get(reverse(name, args=args), **LOCAL).content.decode()
    settings.SITE_URL = ""
    lan = td.get(reverse(name, args=args), **LAN)
    assert NOTE not in lan.content.decode()
