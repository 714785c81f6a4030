"""The shared cache several app processes use (django-redis): runs when a
Redis answers on ``REDIS_URL`` (or 127.0.0.1:6379), skipped otherwise.

Two separate cache clients stand for two app processes: a page one process
kept is served by the other, and a stored change is seen by both at once.
"""

import os

import pytest
from django.core.cache.backends.base import InvalidCacheBackendError
from django.test import Client
from django.urls import reverse

from core.redis_check import redis_answers
from demo.events import generate_event

URL = os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/7")


pytestmark = pytest.mark.skipif(not redis_answers(URL), reason="no Redis running")


@pytest.fixture
def redis_cache(settings):
    settings.CACHES = {
        "default": {
            "BACKEND": "django_redis.cache.RedisCache",
            "LOCATION": URL,
            "KEY_PREFIX": f"rikscore-test-{os.getpid()}",
        }
    }
    from django.core.cache import caches

    try:
        cache = caches.create_connection("default")
    except InvalidCacheBackendError:  # pragma: no cover
        pytest.skip("django-redis not installed")
    cache.clear()
    yield cache
    cache.clear()


@pytest.mark.django_db
def test_two_processes_share_pages_and_see_a_change_at_once(redis_cache):
    from django.core.cache import caches

    event = generate_event("redis", 8, 2, 4, seed=2)
    path = reverse("public:standings", args=["redis"])
    first, second = Client(), Client()
    first.get(path)
    other_process = caches.create_connection("default")  # a new connection
    keys = other_process.keys("*page*redis*")
    assert keys, "the page one process built is in the shared cache"
    assert second.get(path).status_code == 200

    player = event.entries.first().player
    player.name = "Renamed Player"
    player.save()
    assert "Renamed Player" in second.get(path).content.decode()
    assert "Renamed Player" in first.get(path).content.decode()
