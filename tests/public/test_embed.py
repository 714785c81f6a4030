"""The standings widget: framed by the club's own websites and no others,
the public standings' totals, a variant without script, and the club form
that takes the websites."""

import re

import pytest
from django.urls import reverse
from django.utils import translation

from seasons.models import Evening
from tournaments.models import Club, ClubRole, Player, TournamentRole
from tournaments.people import for_public

TOTAL = re.compile(r'<td class="num pin-total[^"]*">([^<]*)</td>')
NAME = re.compile(r'<td class="pin-name">(?:<a [^>]*>)?([^<]*)<')


def ancestors(response) -> list[str]:
    """The ``frame-ancestors`` sources of the response's CSP."""
    for directive in response["Content-Security-Policy"].split(";"):
        name, *sources = directive.split()
        if name == "frame-ancestors":
            return sources
    raise AssertionError("no frame-ancestors")


def get(client, name: str, slug: str, **headers):
    response = client.get(reverse(name, args=[slug]), **headers)
    assert response.status_code == 200, name
    return response


@pytest.fixture
def club_of_the_td(td_client):
    """The first club the event's TD organises, with two websites."""
    club = Club.objects.filter(roles__user=td_client.user).order_by("pk").first()
    club.embed_origins = "https://www.troefaas.nl\nhttp://localhost:8000"
    club.save()
    return club


def test_the_club_websites_may_frame_the_widget_and_no_others(
    client, small_event, club_of_the_td
):
    for name in ("public:embed", "public:embed-plain"):
        response = get(client, name, small_event.slug)
        assert ancestors(response) == [
            "'self'",
            "https://www.troefaas.nl",
            "http://localhost:8000",
        ]
        assert "X-Frame-Options" not in response


def test_an_event_without_organising_clubs_is_framed_by_this_site_only(
    client, small_event
):
    response = get(client, "public:embed", small_event.slug)
    assert ancestors(response) == ["'self'"]
    assert "X-Frame-Options" not in response


def test_the_public_pages_still_refuse_every_frame(client, small_event, club_of_the_td):
    response = get(client, "public:standings", small_event.slug)
    assert response["X-Frame-Options"] == "DENY"
    assert ancestors(response) == ["'none'"]


def test_a_bad_line_stored_before_the_form_checked_it_never_reaches_the_header(
    client, small_event, club_of_the_td
):
    club_of_the_td.embed_origins = (
        "https://ok.example\nhttps://evil.example; script-src *\n'unsafe-inline'\n*"
    )
    club_of_the_td.save()
    response = get(client, "public:embed", small_event.slug)
    assert ancestors(response) == ["'self'", "https://ok.example"]
    assert "script-src *" not in response["Content-Security-Policy"]


def test_the_plain_variant_has_no_script(client, small_event):
    html = get(client, "public:embed-plain", small_event.slug).content.decode()
    assert "<script" not in html.lower()
    assert "hx-" not in html
    assert '<table class="standings">' in html


def test_the_widget_shows_the_public_standings_totals(client, small_event):
    public = get(client, "public:standings", small_event.slug).content.decode()
    expected = list(zip(NAME.findall(public), TOTAL.findall(public), strict=True))
    assert len(expected) == 10
    for name in ("public:embed", "public:embed-plain"):
        html = get(client, name, small_event.slug).content.decode()
        assert list(zip(NAME.findall(html), TOTAL.findall(html), strict=True)) == (
            expected
        )


def test_the_widget_names_players_as_the_public_sees_them(client, small_event):
    entry = small_event.entries.select_related("player").first()
    Player.objects.filter(pk=entry.player.pk).update(
        public_name=Player.PublicName.HIDDEN
    )
    html = get(client, "public:embed", small_event.slug).content.decode()
    assert entry.player.name not in html


def test_htmx_gets_the_refreshing_table_only(client, small_event):
    response = get(client, "public:embed", small_event.slug, HTTP_HX_REQUEST="true")
    html = response.content.decode()
    assert html.lstrip().startswith('<div id="live"')
    assert "<html" not in html
    assert ancestors(response) == ["'self'"]


def test_the_widget_speaks_the_event_language(client, small_event):
    small_event.language = "en"
    small_event.save()
    response = get(client, "public:embed", small_event.slug, HTTP_ACCEPT_LANGUAGE="nl")
    assert '<th class="num pin-rank">' in response.content.decode()
    assert '<html lang="en">' in response.content.decode()


def test_an_unknown_event_or_season_is_404(client, db):
    assert client.get("/embed/t/nothing/").status_code == 404
    assert client.get("/embed/t/nothing/plain/").status_code == 404
    assert client.get("/embed/s/nothing/").status_code == 404


# --- seasons --------------------------------------------------------------


@pytest.fixture
def season(db):
    from demo.season import generate_season

    competition = generate_season(
        "club", players=10, evenings=2, deals=4, seed=3, attendance=(8, 10)
    )
    competition.club.embed_origins = "https://www.club.example"
    competition.club.save()
    return competition


def test_the_season_widget_is_framed_by_its_club_and_shows_the_ranking(client, season):
    from seasons.services import season_standings

    response = get(client, "public:embed-season", season.slug)
    assert ancestors(response) == ["'self'", "https://www.club.example"]
    assert "X-Frame-Options" not in response
    html = response.content.decode()
    assert "<script" not in html.lower()
    with translation.override("nl"), for_public():
        standings = season_standings(season, public=True)
    first = standings.rows[0]
    assert re.search(
        r'<td class="num pin-rank">1</td>\s*<td class="pin-name">'
        + re.escape(standings.names[first.player]),
        html,
    )
    assert f'<td class="num pin-total">{first.total:g}</td>' in html


def test_an_evening_is_framed_by_its_season_club_not_its_td_clubs(
    client, season, make_user
):
    evening = Evening.objects.filter(competition=season).select_related("tournament")
    tournament = evening.first().tournament
    other = Club.objects.create(name="Elders", embed_origins="https://elders.example")
    user = make_user("evening-td", clubs=[other])
    TournamentRole.objects.create(tournament=tournament, user=user, role="td")
    response = get(client, "public:embed", tournament.slug)
    assert ancestors(response) == ["'self'", "https://www.club.example"]


# --- the club form and the organiser's snippet ------------------------------


@pytest.fixture
def organiser(client, make_user):
    club = Club.objects.create(name="De Troefaas")
    user = make_user("secretary", clubs=[club])
    client.force_login(user)
    client.club = club
    return client


def post_origins(client, text: str):
    return client.post(
        reverse("td:club-edit", args=[client.club.pk]),
        {"name": client.club.name, "city": "", "embed_origins": text},
        HTTP_ACCEPT_LANGUAGE="en",
    )


@pytest.mark.parametrize(
    "line",
    [
        "https://www.troefaas.nl/uitslagen",
        "www.troefaas.nl",
        "ftp://troefaas.nl",
        "https://*.troefaas.nl",
        "https://troefaas.nl; script-src *",
        "https://troefaas.nl?x=1",
        "https://troefaas.nl:99999",
        "javascript:alert(1)",
    ],
)
def test_the_club_form_refuses_what_is_not_a_website_address(organiser, line):
    response = post_origins(organiser, f"https://ok.example\n{line}")
    assert response.status_code == 200
    html = response.content.decode()
    assert "is not a website address" in html
    assert "https://www.myclub.nl" in html
    organiser.club.refresh_from_db()
    assert organiser.club.embed_origins == ""


def test_the_club_form_keeps_origins_as_browsers_write_them(organiser):
    response = post_origins(
        organiser,
        " HTTPS://WWW.Troefaas.nl/ \n\nhttp://localhost:8000\nhttps://www.troefaas.nl",
    )
    assert response.status_code == 302
    organiser.club.refresh_from_db()
    assert organiser.club.embed_origins == (
        "https://www.troefaas.nl\nhttp://localhost:8000"
    )


def test_the_club_form_takes_at_most_ten_websites(organiser):
    lines = "\n".join(f"https://site{n}.example" for n in range(11))
    response = post_origins(organiser, lines)
    assert response.status_code == 200
    assert "At most 10 websites." in response.content.decode()


def test_the_td_event_page_offers_the_iframe_code(td_client, small_event):
    url = reverse("td:settings", args=[small_event.slug])
    html = td_client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert (
        "&lt;iframe src=&quot;http://testserver/embed/t/small/&quot;" in html
        or '&lt;iframe src="http://testserver/embed/t/small/"' in html
    )
    assert "/embed/t/small/plain/" in html


def test_a_club_role_of_another_user_does_not_count(client, small_event, make_user):
    """Only the clubs of the event's TDs: an organiser of a club who does
    not direct the event gives it no website."""
    club = Club.objects.create(name="Vreemd", embed_origins="https://vreemd.example")
    ClubRole.objects.create(club=club, user=make_user("stranger"))
    response = get(client, "public:embed", small_event.slug)
    assert ancestors(response) == ["'self'"]


def test_while_a_round_is_played_the_widget_refreshes(client, small_event):
    """htmx polls the widget's own address; the plain one reloads itself."""
    from tournaments.models import Round

    Round.objects.filter(tournament=small_event, number=2).update(published=False)
    html = get(client, "public:embed", small_event.slug).content.decode()
    assert 'data-hx-get="/embed/t/small/" data-hx-trigger="every 30s, refresh"' in html
    plain = get(client, "public:embed-plain", small_event.slug).content.decode()
    assert '<meta http-equiv="refresh" content="30">' in plain
    assert "hx-" not in plain and "<script" not in plain


def test_a_widget_shown_before_costs_three_queries(client, small_event):
    """The event's row and, for the header, the clubs' websites (season's
    club, then the TDs' clubs): the standings come from the cache."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    url = reverse("public:embed", args=[small_event.slug])
    client.get(url)
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    assert len(queries) <= 3, [q["sql"] for q in queries]
