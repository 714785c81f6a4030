"""Every limit counts a client the way an attacker cannot vary it
(``core.clients``): an IPv6 /64 is one client, an IPv4 address written as
IPv6 is that IPv4 address. The login lockout, the API's read limit, the
table-link guesses, wrong API tokens and calls of the TD all count so; past
a limit the answer is 429 with ``Retry-After``."""

import pytest
from django.test import Client
from django.urls import reverse

from api import limits
from core.clients import client_address_of, client_key_of
from scoring.tableside import services
from tableside import throttle
from tests.tableside.helpers import running

NETWORK = "2001:db8:1:2"  # one home's /64
ELSEWHERE = "2001:db8:1:3::1"  # the next /64: another client


def within(host: int) -> str:
    """An address of ``NETWORK``: a host may pick any of them."""
    return f"{NETWORK}::{host:x}"


def from_address(address: str) -> Client:
    return Client(REMOTE_ADDR=address, HTTP_ACCEPT_LANGUAGE="en")


# -- who is one client (pure) -------------------------------------------------------
@pytest.mark.parametrize(
    "address, key",
    [
        ("198.51.100.7", "198.51.100.7"),
        ("::ffff:198.51.100.7", "198.51.100.7"),
        ("::ffff:c633:6407", "198.51.100.7"),
        ("2001:db8:1:2::a", "2001:db8:1:2::/64"),
        ("2001:0db8:0001:0002:ffff:ffff:ffff:ffff", "2001:db8:1:2::/64"),
        (" 2001:DB8:1:2:0:0:0:1 ", "2001:db8:1:2::/64"),
        ("2001:db8:1:3::a", "2001:db8:1:3::/64"),
        ("", "unknown"),
    ],
)
def test_a_client_is_its_ipv4_address_or_its_ipv6_64(address, key):
    assert client_key_of(address) == key


@pytest.mark.parametrize(
    "address, stored",
    [
        ("198.51.100.7", "198.51.100.7"),
        ("::ffff:198.51.100.7", "198.51.100.7"),
        ("2001:db8:1:2:aaaa::1", "2001:db8:1:2::"),
        ("not an address", None),
    ],
)
def test_the_lockout_stores_the_client_as_one_address(address, stored):
    assert client_address_of(address) == stored


# -- the login lockout ----------------------------------------------------------------
def login(client: Client, password: str):
    return client.post("/accounts/login/", {"username": "td", "password": password})


@pytest.mark.django_db
def test_wrong_passwords_from_one_ipv6_64_lock_the_name_out_there(settings, make_user):
    make_user("td")  # password "pw"
    for host in range(1, settings.AXES_FAILURE_LIMIT + 1):
        login(from_address(within(host)), "wrong")
    assert login(from_address(within(0xBEEF)), "pw").status_code == 429
    neighbour = from_address(ELSEWHERE)
    assert login(neighbour, "pw").status_code == 302  # another /64 is not locked
    from axes.models import AccessAttempt

    assert set(AccessAttempt.objects.values_list("ip_address", flat=True)) == {
        f"{NETWORK}::"
    }


@pytest.mark.django_db
def test_an_ipv4_address_written_as_ipv6_is_the_same_client(settings, make_user):
    make_user("td")
    for i in range(settings.AXES_FAILURE_LIMIT):
        address = "198.51.100.7" if i % 2 else "::ffff:198.51.100.7"
        login(from_address(address), "wrong")
    assert login(from_address("198.51.100.7"), "pw").status_code == 429


# -- the API's reads ------------------------------------------------------------------
@pytest.mark.django_db
def test_api_reads_from_one_ipv6_64_share_one_limit(monkeypatch):
    monkeypatch.setattr(limits, "READS_PER_MINUTE", 3)
    answers = [
        from_address(within(host)).get("/api/v1/clubs/").status_code
        for host in range(1, 5)
    ]
    assert answers == [200, 200, 200, 429]
    refused = from_address(within(9)).get("/api/v1/clubs/")
    assert refused.status_code == 429 and int(refused["Retry-After"]) > 0
    assert from_address(ELSEWHERE).get("/api/v1/clubs/").status_code == 200


# -- guessed table links ------------------------------------------------------------
@pytest.mark.django_db
def test_table_link_guesses_from_one_ipv6_64_are_counted_together():
    key = services.key_for(running("guess-64"))
    for host in range(throttle.LIMIT):
        guess = reverse("tableside:table", args=[key.slot, f"wrong{host}"])
        assert from_address(within(host + 1)).get(guess).status_code == 404
    guess = reverse("tableside:table", args=[key.slot, "again"])
    refused = from_address(within(0xFFFF)).get(guess)
    assert refused.status_code == 429 and int(refused["Retry-After"]) > 0
    assert from_address(ELSEWHERE).get(guess).status_code == 404


# -- calls of the TD -----------------------------------------------------------------
def call_td(client: Client, key, **headers):
    path = reverse("tableside:call", args=[key.slot, key.secret])
    return client.post(path, **headers)


JSON = {"HTTP_ACCEPT": "application/json"}


@pytest.mark.django_db
def test_calls_of_the_td_are_counted_per_client_and_table():
    table = running("calls-td")
    key = services.key_for(table)
    answers = [
        call_td(from_address(within(host)), key, **JSON).status_code
        for host in range(1, throttle.CALLS.limit + 2)
    ]
    assert answers == [200] * throttle.CALLS.limit + [429]
    refused = call_td(from_address(within(0xCAFE)), key, **JSON)
    assert refused.status_code == 429 and int(refused["Retry-After"]) > 0
    assert refused.json()["ok"] is False and refused.json()["message"]
    page = call_td(from_address(within(0xCAFF)), key)  # a phone without script
    assert page.status_code == 429 and int(page["Retry-After"]) > 0
    assert b"TD" in page.content
    # another client, and another table of the same hall, may still call
    assert call_td(from_address(ELSEWHERE), key, **JSON).status_code == 200
    other = services.key_for(type(table).objects.get(round=table.round, number=2))
    assert call_td(from_address(within(1)), other, **JSON).status_code == 200
