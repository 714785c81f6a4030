"""A round's results (deals, scores, points) reach the public only
once it is published and not hidden (``tournaments.visibility``). Every
public page reachable from the event, the season and the ratings is walked
with a marked deal and seat in a round that is not public yet: the marks
show nowhere, except on the running table's own page while the TD enters
its deals (where the sheet's QR code leads; docs/roles.md)."""

import html
import re

import pytest
from django.urls import reverse

from scoring.models import Deal
from tournaments.models import Round, Seat, TableRound, Tournament

MARKS = re.compile(r"97\D?531|86\D?420")
LINK = re.compile(r'href="(/(?:t|s|club|ratings)/[^"#]*)"')


def url(name, *args):
    return reverse(f"public:{name}", args=args)


@pytest.fixture(autouse=True)
def english(client):
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"


def mark(event: Tournament, number: int) -> str:
    """Marks table 1 of round ``number`` (a deal's scores, two seats'
    points); returns that table's page."""
    table = TableRound.objects.get(
        round__tournament=event, round__number=number, number=1
    )
    Deal.objects.filter(table=table, number=1).update(
        s1=97531, s2=-97531, s3=0, s4=0, s5=0
    )
    Seat.objects.filter(table=table, position=1).update(points=86420)
    Seat.objects.filter(table=table, position=2).update(points=-86420)
    return url("table", event.slug, number, 1)


def state(event: Tournament, number: int, **fields) -> None:
    Round.objects.filter(tournament=event, number=number).update(**fields)


def walk(client, *start: str) -> tuple[set[str], list[str]]:
    """Every public page reachable from ``start`` (and its htmx partial):
    (pages seen, pages that show a mark)."""
    seen, todo, leaks = set(), list(start), []
    while todo:
        path = html.unescape(todo.pop())
        if path in seen:
            continue
        seen.add(path)
        for headers in ({}, {"HTTP_HX_REQUEST": "true"}):
            text = client.get(path, **headers).content.decode()
            if MARKS.search(text):
                leaks.append(path)
            todo += LINK.findall(text)
    return seen, sorted(set(leaks))


def event_start(event: Tournament) -> list[str]:
    """The event's pages, and every table page (not all are linked)."""
    tables = TableRound.objects.filter(round__tournament=event).values_list(
        "round__number", "number"
    )
    return [
        url("standings", event.slug),
        url("screen", event.slug),
        url("screen-round", event.slug),
        url("whatif", event.slug),
        *[url("table", event.slug, r, t) for r, t in tables],
    ]


@pytest.mark.django_db
def test_a_closed_unpublished_round_shows_no_deal_and_no_point(client, small_event):
    table = mark(small_event, 2)
    state(small_event, 2, published=False)  # closed, waiting to be published
    seen, leaks = walk(client, *event_start(small_event))
    assert leaks == []
    assert len(seen) > 20  # standings, players, their statistics, tables…
    response = client.get(table)
    assert response.status_code == 200  # the seats: who sat where
    names = [
        s.entry.player.name
        for s in Seat.objects.filter(
            table__round__tournament=small_event,
            table__round__number=2,
            table__number=1,
        ).select_related("entry__player")
    ]
    page = response.content.decode()
    assert all(html.escape(name) in page for name in names)
    assert not response.context["rows"].deals and "table-deals" not in page
    assert ">Points<" not in page and "not published yet" in page


@pytest.mark.django_db
def test_a_hidden_round_shows_no_deal_and_no_point(client, small_event):
    mark(small_event, 2)
    small_event.hide_last_rounds = 1
    small_event.save()
    assert walk(client, *event_start(small_event))[1] == []


@pytest.mark.django_db
def test_a_running_round_shows_a_tables_deals_on_that_tables_page_only(
    client, small_event
):
    """The TD enters the deals: the sheet's QR code leads the table here."""
    table = mark(small_event, 2)
    state(small_event, 2, published=False, status=Round.Status.SEATED)
    TableRound.objects.filter(round__tournament=small_event).update(closed=False)
    assert walk(client, *event_start(small_event))[1] == [table]
    page = client.get(table).content.decode()
    assert "table-deals" in page and "hx-get" in page


@pytest.mark.django_db
def test_a_running_round_entered_at_the_tables_shows_seats_only(client, small_event):
    """With table-side entry the QR code opens the table's own link: the
    public page has no reason to show the deals."""
    table = mark(small_event, 2)
    state(small_event, 2, published=False, status=Round.Status.SEATED)
    Tournament.objects.filter(pk=small_event.pk).update(
        entry_mode=Tournament.EntryMode.CONFIRM
    )
    assert walk(client, *event_start(small_event))[1] == []
    assert client.get(table).status_code == 200


@pytest.mark.django_db
def test_the_season_pages_and_ratings_show_no_unpublished_result(client, season):
    from seasons.ratings import recompute_ratings

    last = season.evenings.order_by("-number").first().tournament
    mark(last, 2)
    state(last, 2, published=False)
    recompute_ratings()
    start = [
        url("season", season.slug),
        url("season-teams", season.slug),
        url("club", season.club_id),
        url("ratings"),
        url("seasons"),
    ]
    seen, leaks = walk(client, *start, *event_start(last))
    assert leaks == []
    assert any("/s/club/player/" in path for path in seen)
    assert any(path.startswith("/ratings/") and path != "/ratings/" for path in seen)


@pytest.fixture
def season(db):
    from demo.season import generate_season

    return generate_season(
        "club", players=10, evenings=2, deals=4, seed=3, attendance=(8, 10), teams=2
    )
