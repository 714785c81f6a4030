"""A backup the site wrote always restores (issue 36, finding 5), on the site
that wrote it and on a fresh one, on the web and on the command line, for
the event backup (``documents.event_backup``) and the season backup
(``documents.season_backup``).

The data is built once for the module (a transaction rolled back at its
end; each test's own is a savepoint): a club season of three evenings,

1. nine of the club's members, among them two "Jan de Vries" the register
   tells apart by their distinction (1956 and 1971), a member whose name is
   hidden on public pages and one shown short, one whose capitals SQLite
   cannot fold ("Émile van Ĳsselmuiden"), and a member erased after the
   evenings (``seasons.privacy.erase_player``: "Speler <n>");
2. seven of them at a table of four and a table of three with the blind man
   (``tests/exports/three_event.py``);
3. an evening entered as typed totals only (``tests/scoring/totals_event.py``),

and two teams, one of a member who played no evening. Every backup is
written by the site's own writer (the web's download, the export command)
and read back by its own reader (the web's import page, the import
command); after the restore the standings, the seats, the deals and the
names as the TD sees them are the original's.

The last tests are files the site wrote and refused for a bound of their
own (typed totals, audit lines, teams): each bound is now what the site's
forms and writers allow.

"A fresh site" keeps the clubs and the users and loses every season, event
and register player (what a restore on a new installation starts from;
a club is made by staff there, which is issue 36's finding 6, not this).
"""

import json
from io import StringIO
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.urls import reverse

from documents.event_backup import export_event, import_event
from documents.event_backup_schema import (
    MAX_ITEMS,
    check_structure,
)
from documents.season_backup import export_competition, import_competition
from scoring.models import Deal
from scoring.rowsource import event_names, standings_rows
from seasons.models import Competition, Evening, Team
from seasons.services import season_standings
from tests.exports.three_event import three_event
from tests.scoring.totals_event import seated_evening
from tournaments.models import (
    Club,
    Player,
    Seat,
    TableRound,
    Tournament,
    TournamentRole,
)

CLUB = "De Vrolijke Rikkers"
SEASON = "seizoen"
#: The members of evening 1, in this order (evening 2 seats the first seven).
MEMBERS = [
    ("Jan de Vries", "1956", "full"),
    ("Jan de Vries", "1971", "full"),
    ("Gijsbertus Onzichtbaarman", "", "hidden"),
    ("Anna Bakker", "", "short"),
    ("Ludovica Correctiemans", "", "full"),  # erased after the evenings
    ("Cor Smits", "", "full"),
    ("Dirk Hendriks", "", "full"),
    ("Émile van Ĳsselmuiden", "", "full"),  # capitals SQLite cannot fold
    ("Fien Janssens", "", "full"),
]
#: A member in a team who played no evening, and his namesake, in no team.
RESERVE = ("Piet Bakker", "1960")
RESERVE_NAMESAKE = ("Piet Bakker", "1980")
#: Typed totals of evening 3 by round and table (seats 1-4, then 1-5).
TOTALS = {
    1: {1: [30, -10, -5, -15], 2: [12, 8, -20, 4, -4]},
    2: {1: [-6, 6, 18, -18], 2: [25, -25, 0, 9, -9]},
}
EVENINGS = {"names": 1, "three": 2, "totals": 3}


# -- the data, built once --------------------------------------------------------
@pytest.fixture(scope="module")
def season(django_db_setup, django_db_blocker) -> Competition:
    from django.db import transaction

    with django_db_blocker.unblock():
        outer = transaction.atomic()
        outer.__enter__()
        try:
            yield make_season()
        finally:
            transaction.set_rollback(True)
            outer.__exit__(None, None, None)


def make_season() -> Competition:
    from django.utils import translation

    from demo.events import generate_event
    from seasons.privacy import erase_player

    club = Club.objects.create(name=CLUB)
    members = [
        Player.objects.create(name=n, distinction=d, public_name=p, club=club)
        for n, d, p in MEMBERS
    ]
    names = generate_event("avond-1", 9, 2, 5, seed=36, players=members)
    three = three_event("avond-2", language="nl", players=members[:7])
    totals = typed_totals_evening()
    competition = Competition.objects.create(
        club=club,
        slug=SEASON,
        name=f"{CLUB} 2026-2027",
        season="2026-2027",
        partijen=2,
        deals_per_partij=5,
        tables_of_three=True,
    )
    for number, event in enumerate((names, three, totals), start=1):
        Evening.objects.create(competition=competition, tournament=event, number=number)
    reserve = Player.objects.create(name=RESERVE[0], distinction=RESERVE[1], club=club)
    Player.objects.create(
        name=RESERVE_NAMESAKE[0], distinction=RESERVE_NAMESAKE[1], club=club
    )
    Team.objects.create(name="Ploeg Jan", competition=competition).members.set(
        [members[1], members[3]]
    )
    Team.objects.create(name="Reserves", competition=competition).members.set(
        [reserve, members[0]]
    )
    with translation.override("nl"):
        erase_player(members[4], None)
    return competition


def typed_totals_evening() -> Tournament:
    from django.db import transaction

    from scoring.services.table_totals import store_totals

    event = seated_evening("avond-3", sizes=(4, 5), rounds=2, deals=5)
    for table in TableRound.objects.filter(round__tournament=event).select_related(
        "round__tournament"
    ):
        with transaction.atomic():
            points = TOTALS[table.round.number][table.number]
            store_totals(table, dict(enumerate(points, start=1)))
    return event


# -- what the TD sees ------------------------------------------------------------
def as_the_td_sees(event: Tournament) -> dict:
    """Standings, seats, deals and names of an event, without database ids."""
    standings = [
        {k: v for k, v in row.items() if k != "entry"}
        for row in standings_rows(event).rows
    ]
    seats = sorted(
        (
            s.table.round.number,
            s.table.number,
            s.position,
            s.entry.player.label,
            s.points,
            s.deals_played,
        )
        for s in Seat.objects.filter(table__round__tournament=event).select_related(
            "table__round", "entry__player"
        )
    )
    deals = sorted(
        (d.table.round.number, d.table.number, d.number, d.seat_scores)
        for d in Deal.objects.filter(table__round__tournament=event).select_related(
            "table__round"
        )
    )
    players = sorted(
        (
            e.player.label,
            e.player.public_name,
            e.player.club.name if e.player.club_id else "",
        )
        for e in event.entries.select_related("player__club")
    )
    return {
        "standings": standings,
        "seats": seats,
        "deals": deals,
        "names": sorted(event_names(event).values()),
        "players": players,
    }


def season_as_the_td_sees(competition: Competition) -> dict:
    standings = season_standings(competition)
    return {
        "ranking": [
            (r.rank, standings.names[r.player], r.total, r.played)
            for r in standings.rows
        ],
        "evenings": [
            (e.number, as_the_td_sees(e.tournament))
            for e in competition.evenings.select_related("tournament").order_by(
                "number"
            )
        ],
        "teams": sorted(
            (t.name, sorted(m.label for m in t.members.all()))
            for t in Team.objects.filter(competition=competition)
        ),
    }


def evening(season: Competition, which: str) -> Tournament:
    return season.evenings.get(number=EVENINGS[which]).tournament


def register_rows(event: Tournament) -> list[tuple[str, int]]:
    return sorted(
        (e.player.label, e.player.pk) for e in event.entries.select_related("player")
    )


def empty_the_site() -> None:
    """A fresh site: no season, event or register player (clubs and users
    stay: a club is made by staff on a new site)."""
    Competition.objects.all().delete()
    Tournament.objects.all().delete()
    Team.objects.all().delete()
    Player.objects.all().delete()


# -- writing and reading as the site does ----------------------------------------
@pytest.fixture
def secretary(client, make_user, season):
    """The club's organiser, who may create events and restore them, and
    directs the season's evenings."""
    user = make_user("secretary", organiser=True, clubs=[season.club])
    for e in season.evenings.all():
        TournamentRole.objects.create(
            tournament_id=e.tournament_id, user=user, role="td"
        )
    client.force_login(user)
    return client


def downloaded(response) -> bytes:
    assert response.status_code == 200
    return (
        b"".join(response.streaming_content) if response.streaming else response.content
    )


def event_backup_by_web(client, event: Tournament) -> bytes:
    return downloaded(client.get(reverse("documents:json", args=[event.slug])))


def restore_event_by_web(client, backup: bytes) -> Tournament:
    before = set(Tournament.objects.values_list("pk", flat=True))
    file = SimpleUploadedFile("event.json", backup, "application/json")
    response = client.post(reverse("documents:import-event"), {"file": file})
    assert response.status_code == 302, refusal(response)
    return Tournament.objects.exclude(pk__in=before).get()


def event_backup_by_command(event: Tournament, folder: Path) -> Path:
    path = folder / f"{event.slug}.json"
    call_command("export_tournament", event.slug, "--format", "json", "-o", str(path))
    return path


def restore_event_by_command(path: Path, slug: str | None) -> Tournament:
    args = ["--slug", slug] if slug else []
    call_command("import_tournament", str(path), *args, stdout=StringIO())
    code = slug or json.loads(path.read_bytes())["tournament"]["slug"]
    return Tournament.objects.get(slug=code)


def season_backup_by_web(client, competition: Competition) -> bytes:
    url = reverse("documents:season-json", args=[competition.slug])
    return downloaded(client.get(url))


def restore_season_by_web(client, backup: bytes) -> Competition:
    before = set(Competition.objects.values_list("pk", flat=True))
    file = SimpleUploadedFile("season.json", backup, "application/json")
    response = client.post("/manage/seasons/import/", {"file": file})
    assert response.status_code == 302, refusal(response)
    return Competition.objects.exclude(pk__in=before).get()


def refusal(response) -> str:
    """The page's refusal, for the assertion message."""
    page = response.content.decode()
    start = page.find("Refused at")
    return page[start : start + 300] if start >= 0 else page[:2000]


# -- the data holds what the tests claim -----------------------------------------
@pytest.mark.django_db
def test_the_season_holds_every_case(season):
    names = as_the_td_sees(evening(season, "names"))
    labels = [label for label, _choice, _club in names["players"]]
    assert {"Jan de Vries (1956)", "Jan de Vries (1971)"} <= set(labels)
    choices = {label: choice for label, choice, _club in names["players"]}
    assert choices["Gijsbertus Onzichtbaarman"] == "hidden"
    assert choices["Anna Bakker"] == "short"
    erased = [label for label in labels if label.startswith("Speler ")]
    assert len(erased) == 1 and "Ludovica Correctiemans" not in labels
    three = evening(season, "three")
    assert three.tables_of_three
    assert Seat.objects.filter(table__round__tournament=three, position=4).count() < (
        Seat.objects.filter(table__round__tournament=three, position=3).count()
    )  # a table of three in each round
    totals = evening(season, "totals")
    assert totals.score_entry == "totals"
    assert not TableRound.objects.filter(
        round__tournament=totals, totals_only=False
    ).exists()
    assert not Deal.objects.filter(table__round__tournament=totals).exists()


# -- the event backup ------------------------------------------------------------
@pytest.mark.django_db
@pytest.mark.parametrize("site", ["same", "fresh"])
@pytest.mark.parametrize("which", list(EVENINGS))
def test_the_event_backup_restores_on_the_web(secretary, season, which, site):
    original = evening(season, which)
    before, rows = as_the_td_sees(original), register_rows(original)
    backup = event_backup_by_web(secretary, original)
    if site == "fresh":
        empty_the_site()
    restored = restore_event_by_web(secretary, backup)
    assert as_the_td_sees(restored) == before
    if site == "same":  # the register rows they are, namesakes too
        assert register_rows(restored) == rows


@pytest.mark.django_db
@pytest.mark.parametrize("site", ["same", "fresh"])
@pytest.mark.parametrize("which", list(EVENINGS))
def test_the_event_backup_restores_on_the_command_line(season, tmp_path, which, site):
    original = evening(season, which)
    before, rows = as_the_td_sees(original), register_rows(original)
    path = event_backup_by_command(original, tmp_path)
    if site == "fresh":
        empty_the_site()
    restored = restore_event_by_command(path, "kopie" if site == "same" else None)
    assert as_the_td_sees(restored) == before
    if site == "same":
        assert register_rows(restored) == rows


@pytest.mark.django_db
def test_namesakes_on_a_fresh_site_become_two_register_rows(season):
    data = export_event(evening(season, "names"))
    empty_the_site()
    import_event(data)
    jans = Player.objects.filter(name="Jan de Vries", club__name=CLUB)
    assert sorted(jans.values_list("distinction", flat=True)) == ["1956", "1971"]


@pytest.mark.django_db
def test_a_namesake_the_register_lacks_is_added_not_taken_for_the_other(season):
    """The register holds "Jan de Vries (1971)" only: the file's 1956 is a
    new row with his distinction, never the 1971 one."""
    original = evening(season, "names")
    data = export_event(original)
    jan71 = Player.objects.get(name="Jan de Vries", distinction="1971")
    Tournament.objects.all().delete()
    Player.objects.filter(name="Jan de Vries", distinction="1956").delete()
    restored = import_event(data)
    jans = dict(
        restored.entries.filter(player__name="Jan de Vries").values_list(
            "player__distinction", "player_id"
        )
    )
    assert jans["1971"] == jan71.pk
    assert jans["1956"] != jan71.pk
    assert Player.objects.filter(name="Jan de Vries").count() == 2
    again = export_event(restored)  # the same file again: refs by distinction
    assert (again["players"], again["rounds"]) == (data["players"], data["rounds"])


@pytest.mark.django_db
def test_a_file_before_distinctions_finds_a_member_given_one_since(season):
    """A file of format 5 or older carries no distinction: it says nothing
    about the register's, so the name's row is found as it always was."""
    from tests.exports.test_backup import as_format_5

    original = evening(season, "totals")
    data = as_format_5(json.loads(json.dumps(export_event(original))))
    member = original.entries.order_by("player__name").first().player
    Player.objects.filter(pk=member.pk).update(distinction="1950")
    restored = import_event(data, "archief")
    assert restored.entries.filter(player=member).exists()


@pytest.mark.django_db
def test_a_name_with_capitals_beyond_ascii_is_found_in_the_register(season):
    """SQLite folds the case of ASCII letters only: "Émile" was looked up as
    "émile" and missed, so a restore added him again and the register took
    a second member of his name and club."""
    from tournaments.register_rules import name_clash

    emile = Player.objects.get(name="Émile van Ĳsselmuiden")
    assert name_clash(emile.name, season.club) == emile
    assert name_clash("ÉMILE VAN ĲSSELMUIDEN", season.club) == emile
    assert name_clash("émile  van ĳsselmuiden", season.club) == emile


# -- the season backup -----------------------------------------------------------
@pytest.mark.django_db
@pytest.mark.parametrize("site", ["same", "fresh"])
def test_the_season_backup_restores_on_the_web(secretary, season, site):
    before = season_as_the_td_sees(season)
    backup = season_backup_by_web(secretary, season)
    if site == "fresh":
        empty_the_site()
    restored = restore_season_by_web(secretary, backup)
    assert season_as_the_td_sees(restored) == before


@pytest.mark.django_db
@pytest.mark.parametrize("site", ["same", "fresh"])
def test_the_season_backup_restores_on_the_command_line(season, tmp_path, site):
    before = season_as_the_td_sees(season)
    members = {
        t.name: set(t.members.values_list("pk", flat=True)) for t in season.teams.all()
    }
    path = tmp_path / "season.json"
    call_command("export_competition", season.slug, "-o", str(path))
    if site == "fresh":
        empty_the_site()
    call_command("import_competition", str(path), stdout=StringIO())
    restored = Competition.objects.order_by("-pk").first()
    assert season_as_the_td_sees(restored) == before
    if site == "same":  # the register rows they are, in the teams too
        assert {
            t.name: set(t.members.values_list("pk", flat=True))
            for t in restored.teams.all()
        } == members


@pytest.mark.django_db
def test_a_team_member_the_register_lacks_is_added_not_taken_for_his_namesake(
    season,
):
    """Piet Bakker (1960) played no evening; the register holds only his
    namesake (1980): the restore adds him, the namesake stays out of it."""
    data = export_competition(season)
    namesake = Player.objects.get(name="Piet Bakker", distinction="1980")
    Competition.objects.all().delete()
    Tournament.objects.all().delete()
    Player.objects.filter(name="Piet Bakker", distinction="1960").delete()
    restored = import_competition(data)
    reserves = Team.objects.get(competition=restored, name="Reserves")
    labels = sorted(m.label for m in reserves.members.all())
    assert labels == ["Jan de Vries (1956)", "Piet Bakker (1960)"]
    assert not reserves.members.filter(pk=namesake.pk).exists()


# -- other refusals of files the site wrote --------------------------------------
@pytest.mark.django_db
def test_typed_totals_as_large_as_the_form_takes_restore(season):
    """The totals form takes a total up to ±1,000,000 (``totals_form.LIMIT``);
    the backup took ±99,999 only, so the site refused its own file."""
    from scoring.services.table_totals import store_totals
    from td.forms_totals import LIMIT

    original = evening(season, "totals")
    table = TableRound.objects.get(
        round__tournament=original, round__number=1, number=1
    )
    store_totals(table, {1: LIMIT, 2: -LIMIT, 3: 0, 4: 0})
    before = as_the_td_sees(original)
    restored = import_event(export_event(original), "groot")
    assert as_the_td_sees(restored) == before


@pytest.mark.django_db
def test_an_audit_line_of_many_players_restores(season):
    """Checking in every player, or a list of players imported into the
    event, writes one audit line listing them all (``roster.check_in``,
    ``services.register``): the backup took lists of 500 only."""
    from tournaments.audit import audit

    original = evening(season, "totals")
    audit(original, None, "entry.checkin", entries=list(range(1, 2_001)))
    restored = import_event(export_event(original), "ingecheckt")
    line = restored.audit.get(action="entry.checkin")
    assert len(line.detail["entries"]) == 2_000


@pytest.mark.django_db
def test_the_audit_of_a_large_event_entered_at_the_tables_restores(season):
    """A deal entered at the table writes an audit line for each side's
    entry and one for the saved deal: a 400-player event of 8 rounds of 16
    deals entered blind writes about 30,700 lines; the backup took 20,000.
    (The lines are added to the file rather than the database: the
    structure check is where such a file was refused.)"""
    from tournaments.audit import audit

    original = evening(season, "totals")
    audit(original, None, "table.submit", round=1, table=1, deal=1, seat=1)
    data = json.loads(json.dumps(export_event(original)))
    line = next(a for a in data["audit"] if a["action"] == "table.submit")
    data["audit"] += [line] * (3 * 80 * 8 * 16)  # 3 a deal, 80 tables, 8 × 16
    assert len(data["audit"]) > MAX_ITEMS
    check_structure(data)


@pytest.mark.django_db
@pytest.mark.parametrize(("best_of", "count"), [("0", 201), ("5000", 2)])
def test_a_team_as_large_as_the_page_takes_restores(secretary, season, best_of, count):
    """The team form takes any number of members and a "best of" from 0 up
    (the column's range); the season backup took 200 members and 1-1000."""
    members = Player.objects.bulk_create(
        Player(name=f"Lid {n:03d}", club=season.club) for n in range(count)
    )
    response = secretary.post(
        reverse("td:season-add-team", args=[season.slug]),
        {"name": "Iedereen", "members": [p.pk for p in members], "best_of": best_of},
    )
    assert response.status_code == 302
    team = Team.objects.get(competition=season, name="Iedereen")
    assert (team.members.count(), team.best_of) == (count, int(best_of))
    restored = import_competition(export_competition(season))
    again = Team.objects.get(competition=restored, name="Iedereen")
    assert (again.members.count(), again.best_of) == (count, int(best_of))
