"""Issue 38: guests and absent players, through every reader.

A guest (``Entry.guest``) scores at the table and in the evening's own
standings, and nowhere in the season: not its ranking, prize lists, teams,
player count, nor ticked at the next check-in; made a member later, they
keep their results. An entry never seated is out of an event's standings
(pages, workbook, results mail) unless the season's absent players score.

One season for the module (``tests/seasons/conftest.py``: 14 players, 4
evenings, two teams); each test's changes are rolled back."""

import io

import pytest
from django.urls import reverse
from django.utils import translation


@pytest.fixture(autouse=True)
def _english():
    """These tests read the English words (a fresh process speaks the
    site's Dutch: tests/conftest.py)."""
    from django.utils import translation

    with translation.override("en"):
        yield


pytestmark = pytest.mark.django_db


def evening(season, number: int = 4):
    return season.evenings.select_related("tournament").get(number=number)


def a_player_of(ev):
    """An entry of the evening that sat at a table, and is in a team."""
    from seasons.models import Team

    members = set(
        Team.members.through.objects.filter(
            team__competition=ev.competition
        ).values_list("player_id", flat=True)
    )
    entries = ev.tournament.entries.filter(seats__isnull=False).distinct()
    return next(e for e in entries.order_by("pk") if e.player_id in members)


def make_guest(season, player_id: int) -> None:
    """The player came to every evening of the season as a guest."""
    from tournaments.models import Entry

    Entry.objects.filter(
        player_id=player_id, tournament__evening__competition=season
    ).update(guest=True)


def test_a_guest_is_in_no_season_reader_but_in_the_evenings_standings(season):
    from scoring.rowsource import standings_rows
    from seasons.check_in import last_evening_players
    from seasons.month import prize_lists
    from seasons.services import season_standings, season_team_rows
    from seasons.stats_service import club_season

    ev = evening(season)
    entry = a_player_of(ev)
    guest = entry.player_id
    assert guest in last_evening_players(season)
    before = season_standings(season)
    assert guest in {r.player for r in before.rows}
    season.evenings.filter(number=ev.number).update(prize_evening=True)

    make_guest(season, guest)

    standings = season_standings(season)
    assert guest not in {r.player for r in standings.rows}
    assert guest not in standings.prizes
    for prizes in prize_lists(season):
        assert guest not in {r.player for r in prizes.standings.rows}
    named = [
        m
        for team in season_team_rows(season, standings=standings)
        for m in team.members
        if m.name.startswith(entry.player.name)
    ]
    assert named and all(m.score is None and not m.counted for m in named)
    assert entry.player.public_id not in {
        p[0] for p in club_season(season.club).players
    }
    assert guest not in last_evening_players(season)
    with translation.override("en"):
        rows = standings_rows(ev.tournament).rows  # the evening's own: complete
    mine = next(r for r in rows if r["entry"] == entry.pk)
    assert mine["guest"] and "guest" in mine["notes"]
    assert sum(r["points"] for r in rows) == 0  # zero-sum, the guest in it


def test_make_member_keeps_the_results_and_writes_audit_lines(season, make_user):
    from seasons.services import season_standings
    from tournaments.guests import make_member
    from tournaments.models import AuditLog, Entry

    entry = a_player_of(evening(season))
    before = {r.player: r.total for r in season_standings(season).rows}
    make_guest(season, entry.player_id)
    user = make_user("sec")

    done, left = make_member(entry.player, lambda event: True, user)

    assert (
        done
        == season.evenings.filter(tournament__entries__player=entry.player_id).count()
    )
    assert left == 0
    assert not Entry.objects.filter(player=entry.player, guest=True).exists()
    after = {r.player: r.total for r in season_standings(season).rows}
    assert after[entry.player_id] == before[entry.player_id]
    lines = AuditLog.objects.filter(action="entry.member", detail__entry=entry.pk)
    assert lines.count() == 1


def test_make_member_leaves_events_the_user_does_not_run(season):
    from tournaments.guests import make_member
    from tournaments.models import Entry

    entry = a_player_of(evening(season))
    make_guest(season, entry.player_id)
    done, left = make_member(entry.player, lambda e: e.pk == entry.tournament_id)
    assert done == 1 and left >= 1
    assert not Entry.objects.get(pk=entry.pk).guest


@pytest.fixture
def td_of(client, make_user):
    from tournaments.models import TournamentRole

    def login(event, name="td"):
        user = make_user(name)
        TournamentRole.objects.create(tournament=event, user=user, role="td")
        client.force_login(user)
        client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
        return client

    return login


def test_the_entries_page_marks_a_guest_and_makes_a_member(season, td_of, client):
    ev = evening(season)
    entry = a_player_of(ev)
    slug = ev.tournament.slug
    url = reverse("td:entry-action", args=[slug, entry.pk])
    td = td_of(ev.tournament)
    td.post(url, {"action": "guest"})
    entry.refresh_from_db()
    assert entry.guest
    page = td.get(reverse("td:entries", args=[slug])).content.decode()
    assert "data-guest" in page and 'value="member"' in page
    td.post(url, {"action": "member"})
    entry.refresh_from_db()
    assert not entry.guest


def test_only_the_td_marks_a_guest(season, make_user, client):
    ev = evening(season)
    entry = a_player_of(ev)
    client.force_login(make_user("stranger"))
    url = reverse("td:entry-action", args=[ev.tournament.slug, entry.pk])
    assert client.post(url, {"action": "guest"}).status_code == 403
    entry.refresh_from_db()
    assert not entry.guest


def test_the_check_in_enters_a_guest_and_a_guest_newcomer(season, make_user, client):
    from seasons.models import Evening
    from tournaments.models import ClubRole, Entry

    user = make_user("secretary")
    ClubRole.objects.create(club=season.club, user=user)
    client.force_login(user)
    url = reverse("td:season-new-evening", args=[season.slug])
    page = client.post(
        url,
        {"date": "2027-06-01", "new-name": "Gerda Gast", "new-guest": "on",
         "add_player": "1"},
    )  # fmt: skip
    assert page.status_code == 302 and "guests=" in page["Location"]
    answer = client.get(page["Location"])
    assert answer.context["added_guest"]  # "… plays this evening as a guest"
    shown = answer.content.decode()
    newcomer = Entry._meta.apps.get_model("tournaments", "Player").objects.get(
        name="Gerda Gast"
    )
    assert f'name="guests" value="{newcomer.pk}" checked' in shown
    assert not newcomer.active
    members = [e.player_id for e in evening(season).tournament.entries.all()][:4]
    client.post(
        url,
        {"date": "2027-06-01", "players": [*members, newcomer.pk],
         "guests": [newcomer.pk], "create": "1"},
    )  # fmt: skip
    made = Evening.objects.get(competition=season, number=5).tournament
    guests = set(made.entries.filter(guest=True).values_list("player_id", flat=True))
    assert guests == {newcomer.pk}


def test_a_guest_goes_through_the_event_and_season_backups(season):
    from documents.event_backup import export_event, import_event
    from documents.season_backup import export_competition

    ev = evening(season)
    entry = a_player_of(ev)
    make_guest(season, entry.player_id)
    data = export_event(ev.tournament)
    assert [p["guest"] for p in data["players"]].count(True) == 1
    season_file = export_competition(season)
    inner = season_file["evenings"][ev.number - 1]["event"]["players"]
    assert [p["guest"] for p in inner].count(True) == 1
    copy = import_event(data, slug="gast-kopie")
    assert list(copy.entries.filter(guest=True).values_list("player_id", flat=True))
    # a file of version 8 knew no guests: its players come in as members
    old = export_event(ev.tournament)
    old["version"] = 8
    for player in old["players"]:
        del player["public_id"], player["guest"]
    for round_ in old["rounds"]:  # version 10's corrections
        del round_["corrected_at"], round_["correction_reason"]
        for table in round_["tables"]:
            del table["reopened_after_publication"]
    older = import_event(old, slug="gast-oud")
    assert not older.entries.filter(guest=True).exists()


# -- absent players ---------------------------------------------------------
def with_an_absent_player(season):
    """Evening 4 with one more entry, checked in and never seated."""
    from tournaments.models import Player
    from tournaments.roster import check_in
    from tournaments.services import register

    ev = evening(season)
    player = Player.objects.create(name="Afwezige Anna", club=season.club)
    check_in(register(ev.tournament, [player]))
    return ev.tournament, ev.tournament.entries.get(player=player)


def test_an_absent_player_is_out_of_the_standings_page_workbook_and_mail(season, td_of):
    import openpyxl

    from documents.xlsx_event import workbook
    from mailings.results_mail import _standing_lines
    from scoring.rowsource import standings_rows

    event, absent = with_an_absent_player(season)
    seated = event.entries.filter(seats__isnull=False).distinct().count()
    rows = standings_rows(event).rows
    assert absent.pk not in {r["entry"] for r in rows}
    assert len(rows) == seated
    page = td_of(event).get(reverse("td:standings", args=[event.slug]))
    assert "Afwezige Anna" not in page.content.decode()
    lines = _standing_lines(event, None)
    assert absent.pk not in lines
    assert {line["of"] for line in lines.values()} == {seated}
    _name, _type, data = workbook(event)
    book = openpyxl.load_workbook(io.BytesIO(data))
    cells = {c.value for sheet in book for row in sheet.iter_rows() for c in row}
    assert "Afwezige Anna" not in cells


def test_an_absent_player_stays_where_the_season_scores_absence(season):
    from scoring.rowsource import standings_rows

    season.absent = "zero"
    season.save(update_fields=["absent"])
    event, absent = with_an_absent_player(season)
    row = next(r for r in standings_rows(event).rows if r["entry"] == absent.pk)
    assert row["absent"] and "absent" in row["notes"]


def test_a_plain_events_unseated_entry_is_out_of_its_standings(small_event):
    from scoring.rowsource import standings_rows
    from tournaments.models import Player
    from tournaments.services import register

    [entry] = register(small_event, [Player.objects.create(name="Laat Lotte")])
    assert entry.pk not in {r["entry"] for r in standings_rows(small_event).rows}
