"""The API shows what the public pages show, by the one rule
(``tournaments.visibility``): a round unpublished or hidden until the
prize-giving is gone from the API exactly as from its page, for every
round; the events listed are the home page's; a player who played no public
round is not found, as on the rating page."""

import re

import pytest

from tests.seasons import conftest as seasons
from tournaments.models import Round, Tournament
from tournaments.page_versions import touch
from tournaments.rounds import publish_round
from tournaments.visibility import public_round_numbers

season = seasons.season  # the season fixture, shared

STATES = [
    ("all published", {}, 0),
    ("round 2 unpublished", {2: False}, 0),
    ("round 1 unpublished", {1: False}, 0),
    ("nothing published", {1: False, 2: False}, 0),
    ("the last round hidden", {}, 1),
    ("both hidden", {}, 2),
]


@pytest.fixture(autouse=True)
def english(client):
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"


def put(event: Tournament, published: dict[int, bool], hide: int) -> None:
    for round_ in event.round_set.all():
        publish_round(round_, published.get(round_.number, True))
    Tournament.objects.filter(pk=event.pk).update(hide_last_rounds=hide)
    touch(pk=event.pk)  # as the event's settings form announces it


def status(client, path: str) -> int:
    return client.get(path).status_code


@pytest.mark.parametrize("name, published, hide", STATES, ids=[s[0] for s in STATES])
def test_every_round_shows_in_the_api_exactly_as_on_its_page(
    client, small_event, name, published, hide
):
    # seen once while all was public: a kept answer must not outlive the change
    slug = small_event.slug
    for n in (1, 2):
        client.get(f"/api/v1/events/{slug}/rounds/{n}/")
    client.get(f"/api/v1/events/{slug}/standings/")

    put(small_event, published, hide)
    small_event.refresh_from_db()
    shown = public_round_numbers(small_event)
    for n in range(0, small_event.rounds + 2):
        api = status(client, f"/api/v1/events/{slug}/rounds/{n}/")
        page = status(client, f"/t/{slug}/round/{n}/")
        assert (api == 200) == (page == 200) == (n in shown), (name, n)
        assert api in (200, 404)

    standings = client.get(f"/api/v1/events/{slug}/standings/")
    if not shown:
        assert standings.status_code == 404
        return
    body = standings.json()
    assert body["rounds"] == shown
    page = client.get(f"/t/{slug}/").content.decode()
    headers = re.findall(r"<th[^>]*>\s*R(\d+)\s*</th>", page)
    assert [int(n) for n in headers] == shown
    assert all([r["round"] for r in row["rounds"]] == shown for row in body["rows"])
    detail = client.get(f"/api/v1/events/{slug}/").json()
    assert [r["number"] for r in detail["rounds"]] == shown


def test_the_event_list_is_the_home_pages(client, small_event):
    copy = Tournament.objects.create(
        slug="small-copy", name="Copy", date=small_event.date, uid=small_event.uid
    )
    Tournament.objects.create(slug="next-week", name="Next week", date=small_event.date)
    home = client.get("/").content.decode()
    on_home = re.findall(r'href="/t/([^/"]+)/"', home)
    api = client.get("/api/v1/events/").json()["events"]
    assert sorted(e["slug"] for e in api) == sorted(on_home)
    assert copy.slug not in on_home and "next-week" in on_home
    assert status(client, f"/api/v1/events/{copy.slug}/") == 404
    assert status(client, "/api/v1/events/next-week/") == 200
    assert status(client, "/api/v1/events/next-week/standings/") == 404


def test_a_player_without_a_public_round_is_not_found(client, small_event):
    rows = client.get(f"/api/v1/events/{small_event.slug}/standings/").json()["rows"]
    public_id = rows[0]["player"]
    assert status(client, f"/api/v1/players/{public_id}/") == 200
    put(small_event, {1: False, 2: False}, 0)
    assert status(client, f"/api/v1/players/{public_id}/") == 404
    assert status(client, f"/ratings/{public_id}/") == 404


def test_a_players_events_show_only_public_rounds(client, small_event):
    rows = client.get(f"/api/v1/events/{small_event.slug}/standings/").json()["rows"]
    put(small_event, {2: False}, 0)
    api = client.get(f"/api/v1/players/{rows[0]['player']}/").json()
    (event,) = api["events"]
    assert [r["round"] for r in event["rounds"]] == [1]


def test_standings_name_no_player_who_sat_at_no_public_table(client, small_event):
    put(small_event, {2: False}, 0)
    body = client.get(f"/api/v1/events/{small_event.slug}/standings/").json()
    for row in body["rows"]:
        played = any(r["points"] is not None for r in row["rounds"])
        assert (row["player"] is not None) == played


def test_a_season_shows_published_evenings_only(client, season):
    evening = season.evenings.get(number=4)
    for round_ in Round.objects.filter(tournament=evening.tournament):
        publish_round(round_, False)
    body = client.get(f"/api/v1/seasons/{season.slug}/").json()
    (fourth,) = [e for e in body["evenings"] if e["number"] == 4]
    assert not fourth["has_results"]
    assert all(c["evening"] != 4 for row in body["ranking"] for c in row["cells"])
    assert status(client, f"/api/v1/events/{evening.tournament.slug}/standings/") == 404
