"""The penalty-point display on the public side (docs/rule-files.md,
"Penalty points"): the standings page, the hall screen, the API and a
club season whose rule set shows its standings as penalty points. The
order and every zero-sum number are the same as without the switch."""

import re
from dataclasses import replace

import pytest
from django.urls import reverse

from rules.engine.penalty_points import KEY
from seasons.ranking import EveningResult, SeasonRules, season_ranking
from tests.api.test_read_schema import check, openapi
from tests.scoring.penalty_display import season_switch_on, switch_on
from tests.seasons import conftest as seasons

season = seasons.season  # the season fixture, shared


@pytest.fixture(autouse=True)
def english(client):
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"


def names_in_order(html: str) -> list[str]:
    """The player links of a standings table, top to bottom."""
    return re.findall(r'<td class="pin-name"><a href="[^"]+">([^<]+)</a>', html)


def header(html: str) -> list[str]:
    head = re.search(r"<thead.*?</thead>", html, re.S)[0]
    cells = re.findall(r"<th[ >].*?</th>", head, re.S)
    return [re.sub(r"<[^>]+>", "", h).strip() for h in cells]


@pytest.mark.django_db
def test_the_public_standings_read_lowest_first_in_the_same_order(client, small_event):
    path = reverse("public:standings", args=[small_event.slug])
    plain = client.get(path).content.decode()
    assert "Penalty points" not in plain
    switch_on(small_event)
    from django.core.cache import cache

    cache.clear()  # the page was kept for its version
    response = client.get(path)
    html = response.content.decode()
    heads = header(html)
    assert "Penalty points" in heads and "Total points" in heads  # both
    assert heads.index("Penalty points") == heads.index("Total points") + 1
    assert names_in_order(html) == names_in_order(plain) != []
    rows = list(response.context["table"].data)
    shown = [r[KEY] for r in rows]
    assert shown[0] == 0 and shown == sorted(shown)
    assert "pin-total" in html.split("Penalty points", 1)[0].rsplit("<th", 1)[1]
    assert "the lowest leads" in html  # the legend says what they are


@pytest.mark.django_db
def test_the_public_standings_say_strafpunten_in_dutch(client, small_event):
    switch_on(small_event)
    path = reverse("public:standings", args=[small_event.slug])
    html = client.get(path, HTTP_ACCEPT_LANGUAGE="nl").content.decode()
    assert "Strafpunten" in header(html)


@pytest.mark.django_db
def test_the_hall_screen_shows_them_too(client, small_event):
    switch_on(small_event)
    html = client.get(reverse("public:screen", args=[small_event.slug]))
    assert "Penalty points" in header(html.content.decode())


@pytest.mark.django_db
def test_the_api_gives_penalty_points_and_still_fits_its_schema(client, small_event):
    path = f"/api/v1/events/{small_event.slug}/standings/"
    plain = client.get(path).json()
    assert all(row["penalty_points"] is None for row in plain["rows"])
    assert KEY not in {c["key"] for c in plain["columns"]}
    switch_on(small_event)
    from django.core.cache import cache

    cache.clear()
    body = client.get(path).json()
    check(openapi(client), "Standings", body)
    shown = [row["penalty_points"] for row in body["rows"]]
    assert shown[0] == 0 and shown == sorted(shown)
    assert [r["entry"] for r in body["rows"]] == [r["entry"] for r in plain["rows"]]
    leader = body["rows"][0]["points"]
    for row, before in zip(body["rows"], plain["rows"], strict=True):
        assert row["penalty_points"] == leader - row["points"]
        assert row["values"][KEY] == row["penalty_points"]
        assert row["points"] == before["points"] and row["rank"] == before["rank"]


# -- a club season ---------------------------------------------------------------


def test_a_season_shows_penalty_for_ranked_players_only_in_the_same_order():
    results = {
        1: {1: EveningResult(30, 8, 1), 2: EveningResult(-10, 8, 3)},
        2: {1: EveningResult(-5, 8, 2), 2: EveningResult(25, 8, 1)},
        3: {1: EveningResult(-25, 8, 3), 2: EveningResult(-15, 8, 4)},
        4: {2: EveningResult(40, 8, 1)},  # one evening: below the minimum
    }
    rules = SeasonRules(min_evenings=2, tiebreaks=("wins",))
    plain = season_ranking([1, 2], results, rules)
    shown = season_ranking([1, 2], results, replace(rules, penalty_points=True))
    assert [(r.player, r.rank) for r in shown] == [(r.player, r.rank) for r in plain]
    assert [r.penalty for r in plain] == [None] * 4
    assert [(r.player, r.total, r.penalty) for r in shown] == [
        (1, 20, 0),  # 20 and 20 tie on points; evenings won decides, penalty equal
        (2, 20, 0),
        (3, -40, 60),
        (4, 40, None),  # not ranked: no penalty, though its total is highest
    ]


def test_a_season_counted_low_first_has_its_highest_total_at_0():
    """Issue 37: "lowest wins" reads the penalty points, the fewest win; it
    once put the lowest total first, at 0 (the ranking upside down)."""
    results = {1: {1: EveningResult(-10, 8, 2)}, 2: {1: EveningResult(10, 8, 1)}}
    rules = SeasonRules(order="low", penalty_points=True)
    rows = season_ranking([1], results, rules)
    assert [(r.player, r.rank, r.penalty) for r in rows] == [(2, 1, 0), (1, 2, 20)]


@pytest.mark.django_db
def test_the_season_page_shows_the_column_and_the_api_the_field(client, season):
    path = reverse("public:season", args=[season.slug])
    plain = client.get(path).content.decode()
    assert "Penalty points" not in plain
    season_switch_on(season)
    from django.core.cache import cache

    cache.clear()
    html = client.get(path).content.decode()
    heads = header(html)
    assert heads[-2:] == ["Total", "Penalty points"]
    assert "the lowest leads" in html
    body = client.get(f"/api/v1/seasons/{season.slug}/").json()
    check(openapi(client), "SeasonDetail", body)
    ranked = [r for r in body["ranking"] if r["qualified"]]
    assert ranked[0]["penalty_points"] == 0
    leader = ranked[0]["total"]
    assert all(
        r["penalty_points"] == pytest.approx(leader - r["total"]) for r in ranked
    )
    assert all(
        r["penalty_points"] is None for r in body["ranking"] if not r["qualified"]
    )


@pytest.mark.django_db
def test_the_secretarys_season_page_shows_them_too(client, make_user, season):
    client.force_login(make_user("secretary", organiser=True, clubs=[season.club]))
    path = reverse("td:season", args=[season.slug])
    assert "Penalty points" not in client.get(path).content.decode()
    season_switch_on(season)
    html = client.get(path).content.decode()
    ranking = html.split('id="ranking"', 1)[1]
    assert header(ranking)[-2:] == ["Total", "Penalty points"]
