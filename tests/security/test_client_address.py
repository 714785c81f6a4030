"""The client's own address behind the trusted proxies (``DJANGO_PROXIES``)
is what the login lockout and the table-link throttle count; a forged
X-Forwarded-For without a trusted proxy is ignored."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.cache import cache
from django.test import Client, RequestFactory
from django.urls import reverse

from core.client_address import client_address
from core.redis_check import redis_answers
from scoring.tableside import services
from tableside import throttle
from tests.tableside.helpers import running

ROOT = Path(__file__).resolve().parents[2]
PROXY = "10.0.0.2"  # the TLS proxy in front, as the server sees it


@pytest.mark.parametrize(
    "forwarded, proxies, expected",
    [
        ("", 0, PROXY),
        ("203.0.113.9", 0, PROXY),  # no trusted proxy: the header is the client's word
        ("203.0.113.9", 1, "203.0.113.9"),
        ("6.6.6.6, 203.0.113.9", 1, "203.0.113.9"),  # the forged part is left of it
        ("6.6.6.6, 203.0.113.9, 10.0.0.1", 2, "203.0.113.9"),
        ("203.0.113.9", 2, PROXY),  # shorter than the proxies: misconfigured
        ("not-an-address", 1, PROXY),
        (" 2001:db8::1 ", 1, "2001:db8::1"),
    ],
)
def test_the_client_is_the_address_the_outermost_trusted_proxy_saw(
    forwarded, proxies, expected
):
    meta = {"REMOTE_ADDR": PROXY, "HTTP_X_FORWARDED_FOR": forwarded}
    assert client_address(meta, proxies) == expected


def behind_proxy(address: str) -> Client:
    """A phone behind the proxy: the server sees the proxy, the header the phone."""
    return Client(
        REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR=address, HTTP_ACCEPT_LANGUAGE="en"
    )


def wrong(key, guess: str) -> str:
    return reverse("tableside:table", args=[key.slot, guess])


def guess_until_refused(client, key) -> None:
    for i in range(throttle.LIMIT + 1):
        client.get(wrong(key, f"wrong{i}"))
    assert client.get(wrong(key, "x")).status_code == 429


@pytest.mark.django_db
def test_a_guessing_phone_behind_the_proxy_locks_out_no_other_phone(settings):
    settings.TRUSTED_PROXIES = 1
    key = services.key_for(running("proxy-guess"))
    guesser, other = behind_proxy("192.168.1.66"), behind_proxy("192.168.1.67")
    guess_until_refused(guesser, key)
    assert other.get(wrong(key, "y")).status_code == 404
    own = reverse("tableside:table", args=[key.slot, key.secret])
    assert other.get(own).status_code == 200
    assert guesser.get(own).status_code == 200  # a valid link is never refused


@pytest.mark.django_db
def test_without_a_trusted_proxy_a_forged_header_changes_nothing(settings):
    settings.TRUSTED_PROXIES = 0
    key = services.key_for(running("proxy-forged"))
    guess_until_refused(behind_proxy("192.168.1.66"), key)
    # the same real address with another forged header is still the same client
    other = behind_proxy("192.168.1.99")
    assert other.get(wrong(key, "y")).status_code == 429


@pytest.mark.django_db
def test_wrong_passwords_from_one_phone_do_not_lock_the_name_out_elsewhere(
    settings, make_user
):
    settings.TRUSTED_PROXIES = 1
    make_user("td")
    attacker, td = behind_proxy("198.51.100.7"), behind_proxy("198.51.100.8")
    for _ in range(settings.AXES_FAILURE_LIMIT):
        attacker.post("/accounts/login/", {"username": "td", "password": "wrong"})
    refused = attacker.post("/accounts/login/", {"username": "td", "password": "pw"})
    assert refused.status_code == 429  # the guessing address is locked out
    answer = td.post("/accounts/login/", {"username": "td", "password": "pw"})
    assert answer.status_code == 302 and "_auth_user_id" in td.session
    from axes.models import AccessAttempt

    assert set(AccessAttempt.objects.values_list("ip_address", flat=True)) == {
        "198.51.100.7"
    }


COUNT_ELSEWHERE = """
import django, os, sys
os.environ["DJANGO_SETTINGS_MODULE"] = "rikscore.settings"
django.setup()
from django.test import RequestFactory
from tableside import throttle
request = RequestFactory().get("/", REMOTE_ADDR=sys.argv[1])
for _ in range(int(sys.argv[2])):
    throttle.miss(request)
"""


def test_several_worker_processes_count_guesses_together_in_the_shared_cache(
    settings,
):
    """Guesses counted by two other processes (workers) through Redis, as
    ``REDIS_URL`` configures them, add up here: the limit holds across
    processes."""
    url = os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/7")
    if not redis_answers(url):
        pytest.skip("no Redis running")
    settings.CACHES = {
        "default": {
            "BACKEND": "django_redis.cache.RedisCache",
            "LOCATION": url,
            "OPTIONS": {"CLIENT_CLASS": "django_redis.client.DefaultClient"},
            "KEY_PREFIX": "rikscore",  # as rikscore/settings.py names it
        }
    }
    request = RequestFactory().get("/", REMOTE_ADDR=f"192.0.2.{os.getpid() % 250}")
    cache.delete(throttle._key(request))
    try:
        env = {**os.environ, "REDIS_URL": url}
        env.pop("DATABASE_URL", None)
        for _ in range(2):  # two other processes, each half the limit
            assert not throttle.blocked(request)
            subprocess.run(
                [
                    sys.executable,
                    "-c",
                    COUNT_ELSEWHERE,
                    request.META["REMOTE_ADDR"],
                    str(throttle.LIMIT // 2),
                ],
                cwd=ROOT,
                env=env,
                check=True,
                timeout=120,
            )
        assert throttle.blocked(request)
    finally:
        cache.delete(throttle._key(request))
