"""Getting around a season and its prizes: an evening names its season (TD
and public), the club page is linked, a prize evening has its month's
prize list, the season PDF prints the teams, and the notice board prints."""

import datetime

import pytest
from django.urls import reverse
from django.utils import dateformat, timezone, translation

from demo.events import generate_event
from documents.season_exports import make_season_export
from seasons.club_evening import next_club_evening
from seasons.month import month_standings, prize_lists, restrict
from seasons.ranking import EveningResult
from seasons.services import season_standings
from tests.exports.pdf_boxes import text_faults
from tests.pdf_text import pdf_pages
from tournaments.models import Tournament, TournamentRole


@pytest.fixture(autouse=True)
def english(client):
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"


@pytest.fixture
def two_months(db):
    """Six weekly evenings from Tuesday 6 October 2026: 1-4 in October,
    5 and 6 (3 and 10 November) in November; evening 6 the prize evening."""
    from demo.season import generate_season

    season = generate_season(
        "maanden", players=12, evenings=6, deals=4, seed=7, attendance=(8, 12), teams=2
    )
    season.prizes = {"top": 2, "newcomer": False, "booby": True}
    season.save()
    season.evenings.filter(number=6).update(prize_evening=True)
    return season


def html_of(client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200, url
    return response.content.decode()


# -- evening ↔ season ------------------------------------------------------------
def test_the_tds_evening_pages_name_and_link_the_season(client, make_user, season):
    evening = season.evenings.select_related("tournament").get(number=2)
    user = make_user("td")
    TournamentRole.objects.create(tournament=evening.tournament, user=user, role="td")
    client.force_login(user)
    link = f'Season: <a href="{reverse("td:season", args=[season.slug])}">'
    for url in (
        reverse("td:event", args=[evening.tournament.slug]),
        reverse("td:round", args=[evening.tournament.slug, 1]),
        reverse("td:standings", args=[evening.tournament.slug]),
    ):
        html = html_of(client, url)
        assert link + f"{season.name}</a>, evening 2" in html, url


def test_a_plain_event_names_no_season(client, make_user, db):
    event = generate_event("los", 8, 1, 4, seed=2)
    user = make_user("td")
    TournamentRole.objects.create(tournament=event, user=user, role="td")
    client.force_login(user)
    assert "season-of-evening" not in html_of(client, reverse("td:event", args=["los"]))
    assert "season-of-evening" not in html_of(
        client, reverse("public:standings", args=["los"])
    )


def test_the_public_evening_page_links_the_public_season(client, season):
    evening = season.evenings.select_related("tournament").get(number=3)
    html = html_of(client, reverse("public:standings", args=[evening.tournament.slug]))
    url = reverse("public:season", args=[season.slug])
    assert f'Season: <a href="{url}">{season.name}</a>, evening 3' in html


def test_the_season_pages_link_every_evening(client, make_user, season):
    html = html_of(client, reverse("public:season", args=[season.slug]))
    client.force_login(make_user("secretary", organiser=True, clubs=[season.club]))
    td = html_of(client, reverse("td:season", args=[season.slug]))
    for evening in season.evenings.select_related("tournament"):
        slug = evening.tournament.slug
        assert reverse("public:standings", args=[slug]) in html
        assert reverse("td:event", args=[slug]) in td


# -- the club page ---------------------------------------------------------------
def test_the_club_page_is_linked_from_the_season_pages_and_home(
    client, make_user, season
):
    club = f'href="{reverse("public:club", args=[season.club_id])}"'
    for url in (
        "/",
        reverse("public:seasons"),
        reverse("public:season", args=[season.slug]),
        reverse("public:season-teams", args=[season.slug]),
        reverse("public:season-notice-board", args=[season.slug]),
    ):
        assert club in html_of(client, url), url
    client.force_login(make_user("secretary", organiser=True, clubs=[season.club]))
    assert club in html_of(client, reverse("td:season", args=[season.slug]))


# -- the month's prize list -----------------------------------------------------
def test_restrict_keeps_the_months_evenings_and_drops_who_played_none():
    results = {
        1: {1: EveningResult(10, 4, 1), 5: EveningResult(3, 4, 2)},
        2: {1: EveningResult(-10, 4, 2)},
    }
    assert restrict(results, {5}) == {1: {5: EveningResult(3, 4, 2)}}


def test_the_month_ranking_counts_only_that_months_evenings(two_months):
    season = season_standings(two_months)
    november = month_standings(two_months, 2026, 11)
    october = month_standings(two_months, 2026, 10)
    assert november.evenings == [5, 6] and october.evenings == [1, 2, 3, 4]
    for month, evenings in ((november, (5, 6)), (october, (1, 2, 3, 4))):
        expected = {
            r.player: sum(r.cells[n].points for n in evenings if n in r.cells)
            for r in season.rows
            if any(n in r.cells for n in evenings)
        }
        assert {r.player: r.total for r in month.rows} == expected
        totals = [r.total for r in month.rows]
        assert totals == sorted(totals, reverse=True)
        assert month.rows[0].rank == 1
    # the season's prize table on the month: places 1-2 and the last place
    first, second, last = november.rows[0], november.rows[1], november.rows[-1]
    assert november.prizes[first.player].kind == "top"
    assert november.prizes[second.player].place == second.rank
    assert november.prizes[last.player].kind == "booby"


def test_the_month_ignores_the_seasons_best_of_and_minimum(two_months):
    two_months.best_of, two_months.min_evenings = 1, 5
    two_months.save()
    november = month_standings(two_months, 2026, 11)
    assert all(r.qualified and r.rank for r in november.rows)
    assert not any(c.dropped for r in november.rows for c in r.cells.values())


def test_the_season_pages_show_the_prize_evenings_list(client, make_user, two_months):
    (prize,) = prize_lists(two_months, public=True)
    assert prize.evening == 6 and prize.standings.evenings == [5, 6]
    winner = prize.winners[0]["name"]
    html = html_of(client, reverse("public:season", args=[two_months.slug]))
    assert 'id="prizes-6"' in html and 'href="#prizes-6"' in html
    section = html[html.index('id="prizes-6"') :]
    assert "Prize evening 6: ranking of November 2026" in section
    assert winner in section and "prize 1" in section and "booby prize" in section
    client.force_login(make_user("secretary", organiser=True, clubs=[two_months.club]))
    td = html_of(client, reverse("td:season", args=[two_months.slug]))
    assert 'id="prizes-6"' in td and winner in td[td.index('id="prizes-6"') :]


# -- teams in the PDF -------------------------------------------------------------
def test_the_season_pdf_prints_the_teams(season):
    Tournament.objects.filter(evening__competition=season).update(language="en")
    data = make_season_export(season, "pdf")[2]
    text = "\n".join(pdf_pages(data))
    assert "Teams" in text
    assert "Team 1" in text and "Team 2" in text
    member = season.teams.get(name="Team 1").members.first().name
    assert member.split()[0] in text[text.index("Teams") :]
    assert text_faults(data) == []


# -- the notice board -------------------------------------------------------------
def test_next_club_evening():
    tuesday = datetime.date(2026, 11, 24)
    assert next_club_evening(None, tuesday) is None
    assert next_club_evening(1, tuesday) == tuesday
    assert next_club_evening(1, tuesday, last=tuesday) == datetime.date(2026, 12, 1)
    assert next_club_evening(3, tuesday, last=datetime.date(2026, 11, 3)) == (
        datetime.date(2026, 11, 26)
    )


def test_the_notice_board_prints_the_leader_and_the_next_evening(client, two_months):
    two_months.weekday = 1  # Tuesday
    two_months.save()
    standings = season_standings(two_months, public=True)
    leader = standings.names[standings.rows[0].player]
    html = html_of(
        client, reverse("public:season-notice-board", args=[two_months.slug])
    )
    assert leader in html[html.index("notice-ranking") :]
    assert "css/notice_board.css" in html and "data-print" in html
    last = max(e.tournament.date for e in two_months.evenings.all())
    today = timezone.localdate()
    expected = next_club_evening(1, today, last)
    with translation.override("nl"):
        day = dateformat.format(expected, "l j F Y")
    assert day in html  # Dutch, whatever the browser asks
    assert "Team 1" in html and 'id="prizes-6"' in html
    assert '<html lang="nl">' in html
    # the prize words too, though this client asks for no language
    assert "1e prijs" in html and "prize 1" not in html


def test_the_notice_board_of_a_season_without_evenings(client, db):
    from seasons.models import Competition
    from tournaments.models import Club

    Competition.objects.create(
        club=Club.objects.create(name="Nieuw"), name="Leeg", slug="leeg"
    )
    html = html_of(client, reverse("public:season-notice-board", args=["leeg"]))
    assert "Leeg" in html and "notice-next" not in html
    assert html_of(client, reverse("public:season", args=["leeg"]))


def test_two_members_of_one_name_are_two_names_in_the_season(two_months):
    """The register tells them apart by a birth year: so do the ranking,
    the season pages and the notice board."""
    from tournaments.models import Player

    standings = season_standings(two_months)
    first, second = (row.player for row in standings.rows[:2])
    for pk, year in ((first, "1955"), (second, "1984")):
        Player.objects.filter(pk=pk).update(name="Anna Brouwers", distinction=year)
    names = season_standings(two_months).names
    assert {names[first], names[second]} == {
        "Anna Brouwers (1955)",
        "Anna Brouwers (1984)",
    }
