"""Next week's check-in (issue 27): the date proposed from the club's
weekday, last evening's players ticked, a newcomer added in place, the
season's defaults copied into the evening, and only organisers."""

import datetime

import pytest
from django.urls import reverse

from seasons.check_in import proposed_date
from seasons.models import Competition, Evening
from seasons.services import create_evening
from tournaments.models import Club, Entry, Player

D = datetime.date


@pytest.mark.parametrize(
    ("today", "weekday", "last", "expected"),
    [
        (D(2026, 11, 25), None, None, D(2026, 11, 25)),  # no evening: today
        (D(2026, 11, 25), None, D(2026, 11, 17), D(2026, 11, 24)),  # last + 7
        (D(2026, 11, 25), 1, None, D(2026, 12, 1)),  # Wednesday → Tuesday
        (D(2026, 11, 24), 1, None, D(2026, 11, 24)),  # on the day: today
        (D(2026, 11, 24), 1, D(2026, 11, 24), D(2026, 12, 1)),  # made today
        (D(2026, 12, 30), 0, D(2026, 12, 21), D(2027, 1, 4)),  # into a new year
        (D(2026, 12, 28), None, D(2026, 12, 28), D(2027, 1, 4)),
    ],
)
def test_the_date_is_the_clubs_next_playing_day(today, weekday, last, expected):
    assert proposed_date(today, weekday, last) == expected


@pytest.fixture(autouse=True)
def english(client):
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"


@pytest.fixture
def club(db):
    return Club.objects.create(name="De Troef", city="Tilburg")


@pytest.fixture
def members(club):
    return [Player.objects.create(name=f"Lid {i:02d}", club=club) for i in range(10)]


@pytest.fixture
def season(club):
    return Competition.objects.create(
        club=club, name="Winter", slug="winter", rules="nl", weekday=1
    )


@pytest.fixture
def secretary(client, make_user, club):
    client.force_login(make_user("secretary", clubs=[club]))
    return client


def url(season) -> str:
    return reverse("td:season-new-evening", args=[season.slug])


def ticked(html: str, player: Player) -> bool:
    return f'value="{player.pk}" checked' in html


def test_last_evenings_players_are_ticked(secretary, season, members):
    create_evening(season, D(2026, 11, 17), members[:6])
    html = secretary.get(url(season)).content.decode()
    assert all(ticked(html, p) for p in members[:6])
    assert not any(ticked(html, p) for p in members[6:])
    assert "Everyone from last evening" in html and "All active members" in html


def test_the_proposed_date_is_on_the_page(secretary, season, members, monkeypatch):
    from django.utils import timezone

    monkeypatch.setattr(timezone, "localdate", lambda: D(2026, 11, 25))
    html = secretary.get(url(season)).content.decode()
    assert 'value="2026-12-01"' in html  # the next Tuesday


def test_all_active_members_are_marked_and_inactive_ones_folded(
    secretary, season, members, club
):
    members[9].active = False
    members[9].save()
    guest = Player.objects.create(name="Gast", club=Club.objects.create(name="Elders"))
    create_evening(season, D(2026, 11, 17), [guest, *members[:3]])
    html = secretary.get(url(season)).content.decode()
    for member in members[:9]:
        assert f'value="{member.pk}" data-active' in html or (
            f'value="{member.pk}" checked data-last data-active' in html
        )
    assert f'value="{guest.pk}" checked data-last>' in html  # a guest: no member
    fold = html.split("data-fold", 1)[1]
    assert "1 inactive member" in fold and "Lid 09" in fold
    assert "Lid 08" not in fold


def test_same_names_are_told_apart_as_on_every_page(secretary, season, members, club):
    """The one way of ``tournaments.people``: the club where a name repeats
    (a number only where the club repeats too)."""
    guest = Player.objects.create(
        name="Lid 01", club=Club.objects.create(name="Elders")
    )
    members[1].federation_number = "4711"
    members[1].save()
    create_evening(season, D(2026, 11, 17), [guest, *members[:4]])
    html = secretary.get(url(season)).content.decode()
    assert "Lid 01 (De Troef)</label>" in html and "4711" not in html
    assert "Lid 01 (Elders)</label>" in html
    assert "Lid 02</label>" in html  # a single name stays plain


def test_a_newcomer_is_added_in_place_and_ticked(secretary, season, members):
    response = secretary.post(
        url(season),
        {
            "date": "2026-12-01",
            "players": [members[0].pk, members[3].pk],
            "new-name": "  Sanne  van Mierlo ",
            "new-distinction": "",
            "add_player": "1",
        },
        follow=True,  # stored, then redirected (a reload adds nobody twice)
    )
    assert response.redirect_chain[0][1] == 302
    sanne = Player.objects.get(name="Sanne van Mierlo")
    assert sanne.club == season.club and sanne.active
    html = response.content.decode()
    assert ticked(html, sanne) and ticked(html, members[0]) and ticked(html, members[3])
    assert not ticked(html, members[1])
    assert 'value="2026-12-01"' in html
    assert "Sanne van Mierlo is now a member of De Troef, and ticked." in html
    assert not season.evenings.exists()


def test_a_same_name_newcomer_is_refused_with_a_message(secretary, season, members):
    data = {"date": "2026-12-01", "players": [members[0].pk], "add_player": "1"}
    response = secretary.post(url(season), {**data, "new-name": "lid 02"})
    assert response.status_code == 200
    html = response.content.decode()
    assert "is in the register already" in html
    assert Player.objects.filter(name__iexact="lid 02").count() == 1
    assert ticked(html, members[0])
    told_apart = {**data, "new-name": "Lid 02", "new-distinction": "1978"}
    html = secretary.post(url(season), told_apart, follow=True).content.decode()
    assert "Lid 02 (1978) is now a member of De Troef" in html


def test_an_empty_newcomer_name_is_a_message_not_a_500(secretary, season, members):
    response = secretary.post(url(season), {"date": "", "add_player": "1"})
    assert response.status_code == 200
    assert "This field is required" in response.content.decode()


def test_the_evening_takes_the_seasons_defaults(secretary, season, members):
    season.score_entry, season.entry_mode = "totals", "confirm"
    season.save()
    response = secretary.post(
        url(season),
        {"date": "2026-12-01", "players": [p.pk for p in members[:8]], "create": "1"},
    )
    assert response.status_code == 302
    event = Evening.objects.get(competition=season).tournament
    assert (event.score_entry, event.entry_mode) == ("totals", "confirm")
    assert event.date == D(2026, 12, 1)
    assert event.entries.filter(status=Entry.Status.PRESENT).count() == 8


def test_the_defaults_are_set_on_the_season_page(secretary, season):
    response = secretary.post(
        reverse("td:season-ranking", args=[season.slug]),
        {
            "method": "sum",
            "min_evenings": 0,
            "absent": "nothing",
            "order": "high",
            "prize_top": 3,
            "weekday": "3",
            "score_entry": "totals",
            "entry_mode": "blind",
        },
    )
    assert response.status_code == 302
    season.refresh_from_db()
    assert (season.weekday, season.score_entry, season.entry_mode) == (
        3,
        "totals",
        "blind",
    )


def test_a_new_season_has_its_weekday_and_defaults(secretary, club):
    secretary.post(
        reverse("td:seasons"),
        {
            "club": club.pk,
            "name": "Zomer",
            "slug": "zomer",
            "rules": "nl",
            "partijen": 2,
            "deals_per_partij": 20,
            "weekday": "4",
            "score_entry": "totals",
            "entry_mode": "td",
        },
    )
    zomer = Competition.objects.get(slug="zomer")
    assert (zomer.weekday, zomer.score_entry) == (4, "totals")


def test_a_non_organiser_gets_403(client, make_user, season, members):
    client.force_login(make_user("stranger", organiser=True))
    assert client.get(url(season)).status_code == 403
    data = {"new-name": "Indringer", "add_player": "1"}
    assert client.post(url(season), data).status_code == 403
    assert not Player.objects.filter(name="Indringer").exists()


def test_a_closed_season_takes_no_evening(secretary, season, members):
    season.closed = True
    season.save()
    response = secretary.get(url(season), follow=True)
    assert "takes no new evenings" in response.content.decode()
