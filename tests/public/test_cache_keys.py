"""A query string the page does not read never makes a new cache
entry (nor a new render): the page is served as if it were absent. A
parameter the page reads keys its own entry, in one canonical order."""

import pytest
from django.core.cache import cache
from django.test import Client, RequestFactory
from django.urls import reverse

from demo.events import generate_event
from publicpages.cache import page_path
from tests.public.test_query_count import count_queries

JUNK = [
    "?x=1",
    "?x=2",
    "?utm_source=qr&utm_medium=sheet",
    "?page=2",
    "?a=1&b=2",
    "?b=2&a=1",
    "?" + "y" * 2000,
    "?x",
    "?%3Cscript%3E=1",
    "?x=1&x=2",
    "?rules=nl&order=whatif",
]


@pytest.fixture
def event(db):
    return generate_event("keys", 8, 2, 4, seed=9)


def entries() -> int:
    if not hasattr(cache, "_cache"):
        pytest.skip("counts the local-memory cache's entries")
    return len(cache._cache)


@pytest.mark.parametrize(
    "name", ["standings", "round", "player", "table", "screen", "player-stats"]
)
def test_junk_query_strings_neither_render_again_nor_fill_the_cache(event, name):
    args = {
        "round": [1],
        "table": [1, 1],
        "player": [event.entries.first().pk],
        "player-stats": [event.entries.first().pk],
    }.get(name, [])
    path = reverse(f"public:{name}", args=["keys", *args])
    phone = Client()
    plain = phone.get(path)
    assert plain.status_code == 200
    before = entries()
    for junk in JUNK:
        response = phone.get(path + junk)
        assert response.status_code == 200, junk
        assert b"utm_" not in response.content and b"yyy" not in response.content
        if name != "screen":  # the screen keeps its content, not the page
            assert response.content == plain.content, junk
    assert entries() == before
    if name != "screen":
        assert count_queries(phone, path + "?fresh=1") == 0  # the kept page


def test_the_parameters_a_page_reads_key_it_in_one_order(rf: RequestFactory):
    whatif = reverse("public:whatif", args=["keys"])
    key = {junk: page_path(rf.get(whatif + junk)) for junk in JUNK}
    assert key["?x=1"] == key["?page=2"] == whatif
    assert key["?rules=nl&order=whatif"] == whatif + "?order=whatif&rules=nl"
    assert page_path(rf.get(whatif + "?x=1&order=whatif&rules=nl")) == (
        whatif + "?order=whatif&rules=nl"
    )
    assert page_path(rf.get(whatif + "?rules=iwwa")) != page_path(
        rf.get(whatif + "?rules=nl")
    )
    assert page_path(rf.get(whatif + "?rules=a&rules=b")) == whatif + "?rules=b"
    standings = reverse("public:standings", args=["keys"])
    assert page_path(rf.get(standings + "?rules=nl&page=3")) == standings


def test_the_what_if_still_reads_its_parameters(event, client):
    from tournaments.models import Round

    Round.objects.filter(tournament=event).update(published=True)
    path = reverse("public:whatif", args=["keys"])
    pagat = client.get(path + "?rules=pagat&junk=1")
    assert pagat.status_code == 200
    iwwa = client.get(path + "?junk=2&rules=iwwa")
    assert pagat.content != iwwa.content
