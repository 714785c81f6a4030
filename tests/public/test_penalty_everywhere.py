"""Issue 37: penalty points reach every reader of a standing, and no
setting turns a penalty-point ranking around.

Before, the notice board, the monthly prizes, the result and season mails,
the player pages and the embed showed the zero-sum total only; and a season
counted "lowest wins" ranked its worst player first, with 0 penalty points
and the first prize, under a legend saying the lowest penalty leads.

A club season and an event, each built once for the module with a rule set
that shows penalty points; each test rolls its own changes back."""

import datetime
import re

import pytest
from django.core.cache import cache
from django.urls import reverse

from rules.engine.penalty_points import KEY
from tests.pdf_text import pdf_text
from tests.scoring.penalty_display import season_switch_on, switch_on

LEGEND = "the lowest leads"
LOWEST_WINS = "Lowest wins: the fewest penalty points win"


@pytest.fixture(scope="module")
def world(django_db_setup, django_db_blocker):
    """A season counted "lowest wins" with a prize table and a prize
    evening, its rule set showing penalty points; and an event of its own
    with the switch on. Both in English (a season's documents, its notice
    board and an event's embed speak their own language)."""
    from django.db import transaction

    from demo.events import generate_event
    from demo.season import generate_season
    from tournaments.models import Tournament

    with django_db_blocker.unblock():
        outer = transaction.atomic()
        outer.__enter__()
        try:
            season = generate_season(
                "straf", players=10, evenings=3, deals=4, seed=3,
                attendance=(8, 10), order="low", prizes={"top": 3},
            )  # fmt: skip
            season.evenings.filter(number=3).update(prize_evening=True)
            season_switch_on(season)
            Tournament.objects.filter(evening__competition=season).update(language="en")
            event = generate_event(
                "strafevent", 10, 2, 4, rules="nl", seed=7, language="en"
            )
            switch_on(event)
            yield {"season": season, "event": event}
        finally:
            transaction.set_rollback(True)
            outer.__exit__(None, None, None)


@pytest.fixture
def english(client):
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    return client


def standings(world):
    from seasons.models import Competition
    from seasons.services import season_standings

    return season_standings(Competition.objects.get(pk=world["season"].pk), True)


def header(html: str) -> list[str]:
    head = re.search(r"<thead.*?</thead>", html, re.S)[0]
    cells = re.findall(r"<th[ >].*?</th>", head, re.S)
    return [re.sub(r"<[^>]+>", "", h).strip() for h in cells]


def subscribe(players, flags=("mail_results", "mail_season")) -> None:
    for player in players:
        player.email = f"p{player.pk}@example.org"
        player.mail_consent_at = datetime.date(2026, 9, 1)
        player.mail_language = "en"
        for flag in flags:
            setattr(player, flag, True)
        player.save()


# -- the season's order --------------------------------------------------------------


@pytest.mark.django_db
def test_lowest_wins_ranks_the_fewest_penalty_points_first(world):
    rows = [r for r in standings(world).rows if r.qualified]
    totals = [r.total for r in rows]
    assert totals == sorted(totals, reverse=True)  # the best score leads
    assert rows[0].penalty == 0 and rows[-1].penalty == totals[0] - totals[-1]
    assert [r.penalty for r in rows] == sorted(r.penalty for r in rows)
    prizes = standings(world).prizes
    assert prizes[rows[0].player].place == 1 and rows[-1].player not in prizes


@pytest.mark.django_db
def test_an_evenings_ranks_read_the_penalty_points_too(world):
    """Each evening's rank (its placement points, its wins) follows the
    same order: the evening's best score is first."""
    rows = standings(world).rows
    for number in standings(world).evenings:
        cells = [r.cells[number] for r in rows if number in r.cells]
        best = max(c.points for c in cells)
        assert {c.rank for c in cells if c.points == best} == {1}


@pytest.mark.django_db
def test_the_season_page_says_how_lowest_wins_reads_them(english, world):
    html = english.get(reverse("public:season", args=[world["season"].slug]))
    text = html.content.decode()
    assert LEGEND in text and LOWEST_WINS in text
    assert header(text)[-2:] == ["Total", "Penalty points"]


# -- the notice board and the monthly prizes -----------------------------------------


@pytest.mark.django_db
def test_the_notice_board_shows_them(english, world):
    path = reverse("public:season-notice-board", args=[world["season"].slug])
    html = english.get(path).content.decode()
    board = html.split('class="notice-ranking"', 1)[1].split("</section>", 1)[0]
    heads = header(board)
    assert heads.index("Penalty points") == heads.index("Total") + 1
    leader = standings(world).rows[0]
    first = re.search(r"<tbody><tr[^>]*>(.*?)</tr>", board, re.S)[1]
    assert "<strong>0</strong>" in first and LEGEND in board
    assert LOWEST_WINS in board
    assert leader.penalty == 0


@pytest.mark.django_db
def test_the_monthly_prizes_show_them(english, world):
    from seasons.models import Competition
    from seasons.month import prize_lists

    (october,) = prize_lists(Competition.objects.get(pk=world["season"].pk), True)
    assert october.standings.penalty_points
    lines = october.lines
    assert lines[0]["penalty"] == 0
    assert lines[0]["total"] == max(line["total"] for line in lines)
    assert lines[0]["prize"].place == 1
    html = english.get(reverse("public:season", args=[world["season"].slug]))
    month = html.content.decode().split('class="month-prizes"', 1)[1]
    assert "Penalty points" in header(month)


# -- the player pages ----------------------------------------------------------------


@pytest.mark.django_db
def test_an_event_players_page_shows_them(english, world):
    from scoring.rowsource import standings_rows
    from tournaments.models import Tournament

    event = Tournament.objects.get(pk=world["event"].pk)
    last = standings_rows(event, public=True).rows[-1]
    path = reverse("public:player", args=[event.slug, last["entry"]])
    html = english.get(path).content.decode()
    assert "Penalty points" in html
    assert f"<dd>{last[KEY]}</dd>" in html and LEGEND in html


@pytest.mark.django_db
def test_a_season_players_page_shows_them(english, world):
    from tournaments.models import Player

    last = [r for r in standings(world).rows if r.qualified][-1]
    public_id = Player.objects.get(pk=last.player).public_id
    path = reverse("public:season-player", args=[world["season"].slug, public_id])
    html = english.get(path).content.decode()
    assert "Penalty points" in html and f"<dd>{last.penalty:g}</dd>" in html


@pytest.mark.django_db
def test_the_embedded_standings_show_them(english, world):
    event = world["event"]
    html = english.get(reverse("public:embed", args=[event.slug])).content.decode()
    assert "Penalty points" in header(html) and LEGEND in html
    path = reverse("public:embed-season", args=[world["season"].slug])
    html = english.get(path).content.decode()
    assert "Penalty points" in header(html) and LOWEST_WINS in html


# -- the mails -----------------------------------------------------------------------


@pytest.mark.django_db
def test_the_results_mail_gives_them(world):
    from mailings.models import Mail
    from mailings.results_mail import write_results
    from scoring.rowsource import standings_rows
    from tournaments.models import Player, Tournament

    event = Tournament.objects.get(pk=world["event"].pk)
    last = standings_rows(event, public=True).rows[-1]
    player = Player.objects.get(entries__pk=last["entry"])
    subscribe([player])
    assert write_results(event, [2]) == 1
    mail = Mail.objects.get(player=player, kind="results")
    assert f"Penalty points: {last[KEY]}" in mail.text and LEGEND in mail.text
    assert "Penalty points" in mail.html


@pytest.mark.django_db
def test_the_season_mail_gives_them(world):
    from mailings.models import Mail
    from mailings.results_mail import write_results
    from tournaments.models import Player

    evening = world["season"].evenings.order_by("-number").first()
    event = evening.tournament
    subscribe(Player.objects.filter(entries__tournament=event), ("mail_season",))
    cache.clear()
    assert write_results(event, [1, 2]) > 0
    last = [r for r in standings(world).rows if r.qualified][-1]
    mail = Mail.objects.get(player_id=last.player, kind="season")
    assert f"Penalty points: {last.penalty:g}" in mail.text
    assert LOWEST_WINS in mail.text and "Penalty points" in mail.html


# -- the season's documents and the API -----------------------------------------------


@pytest.mark.django_db
def test_the_season_pdf_names_the_prize_winners_penalty_points(world):
    from documents.season_pdf import season_pdf
    from seasons.models import Competition

    competition = Competition.objects.get(pk=world["season"].pk)
    data = season_pdf(competition)[2]
    text = " ".join(pdf_text(data).split())
    prizes = text.split("Prize Player Total", 1)[1]
    assert prizes.startswith(" Penalty points") and LOWEST_WINS in text


@pytest.mark.django_db
def test_the_api_gives_the_seasons_words(english, world):
    from tests.api.test_read_schema import check, openapi

    body = english.get(f"/api/v1/seasons/{world['season'].slug}/").json()
    check(openapi(english), "SeasonDetail", body)
    assert any(LEGEND in line for line in body["legends"])
    assert any(LOWEST_WINS in line for line in body["legends"])
    ranked = [r for r in body["ranking"] if r["qualified"]]
    assert ranked[0]["penalty_points"] == 0
    assert ranked[0]["total"] == max(r["total"] for r in ranked)
