"""A member's erasure (issue 28): the name goes from every table, every
score, standing, season ranking and zero sum stays, backups exported
before and after still import; the data export holds their deals."""

import dataclasses
import datetime
import io
import json

import pytest
from django.core.management import call_command
from django.db.models import F

from documents.event_backup import export_event, import_event
from scoring.models import Deal, JuryCall
from scoring.rowsource import events_deal_rows, standings_rows
from seasons.models import Rating, SeasonLog, Team
from seasons.privacy import Scrubber, erase_player, player_data, pseudonym
from seasons.services import season_standings
from tournaments.audit import audit
from tournaments.models import AuditLog, Entry, Player, Tournament
from tournaments.privacy_signals import personal_data, player_erased
from tournaments.result_events import EntriesChanged, result_changed

NAME = "Xandra Quëst"


@pytest.fixture
def member(season):
    """The season's most regular player, with every personal field filled
    and named in the logs as the services write them."""
    counts = {}
    for entry in Entry.objects.filter(tournament__evening__competition=season):
        counts[entry.player_id] = counts.get(entry.player_id, 0) + 1
    player = Player.objects.get(pk=max(counts, key=counts.get))
    Player.objects.filter(pk=player.pk).update(
        name=NAME,
        distinction="1978",
        federation_number="NL-4711",
        email="xandra@example.org",
        phone="06-12345678",
        member_since=datetime.date(2001, 9, 1),
        mail_consent_at=datetime.date(2025, 1, 2),
        mail_results=True,
        mail_language="nl",
    )
    player.refresh_from_db()
    entry = player.entries.select_related("tournament").first()
    event = entry.tournament
    table = entry.seats.first().table
    audit(event, None, "player.merge", keep=player.label, gone=NAME, id=1)
    AuditLog.objects.create(
        tournament=event,
        action="deal.save",
        detail={
            "round": 1,
            "table": table.number,
            "deal": 1,
            "record": {"plays": [{"declarer": NAME, "contract": "solo"}]},
            "scores": {NAME: 30},
        },
    )
    JuryCall.objects.create(
        table=table, deal_number=1, entry=entry, contract="solo", decision="approved",
        decided_by=f"jury ({NAME})",
    )  # fmt: skip
    SeasonLog.objects.create(
        competition=season, season=season.name, action="note", detail={"who": NAME}
    )
    team = Team.objects.filter(members=player).first() or Team.objects.create(
        name="Team", competition=season
    )
    team.members.add(player)
    Team.objects.filter(pk=team.pk).update(name=f"{NAME} en co")
    Rating.objects.create(player=player, tournament=event, mu=25, sigma=8, ordinal=1)
    return player


def results(season) -> dict:
    """Every number the results show, by entry and player id (no names)."""
    events = list(Tournament.objects.filter(evening__competition=season))
    standings = {
        e.slug: [
            {k: v for k, v in row.items() if k != "name"}
            for row in standings_rows(e).rows
        ]
        for e in events
    }
    deals = [
        (r["event"], r["round"], r["table"], r["deal"], r["scores"], r["running"])
        for r in events_deal_rows(events)
    ]
    ranking = [dataclasses.asdict(r) for r in season_standings(season).rows]
    return {"standings": standings, "deals": deals, "ranking": ranking}


def whole_database() -> str:
    out = io.StringIO()
    call_command("dumpdata", stdout=out)
    return out.getvalue()


def named(text: str, name: str = NAME) -> bool:
    return name.casefold() in text.casefold() or json.dumps(name)[1:-1] in text


@pytest.mark.django_db(transaction=True)
def test_erasure_keeps_every_number_and_leaves_no_name(season, member):
    before = results(season)
    assert named(whole_database())
    new = erase_player(member, None)
    # "Speler 12" (the site's language; "Player 12" until the catalogue has it)
    assert new == pseudonym(member) and new.endswith(f" {member.pk}")
    assert results(season) == before
    assert not Deal.objects.exclude(
        s1=-(F("s2") + F("s3") + F("s4") + F("s5"))
    ).exists()
    dump = whole_database()
    for private in (NAME, "xandra@example.org", "06-12345678", "NL-4711"):
        assert not named(dump, private), private
    member.refresh_from_db()
    assert (member.name, member.public_name, member.active) == (new, "hidden", False)
    assert member.club_id is not None and member.email == ""
    assert member.ratings.count() == 1 and member.teams.exists()
    assert Team.objects.get(members=member).name == f"{new} en co"


@pytest.mark.django_db(transaction=True)
def test_erasure_writes_lines_naming_no_one_and_announces(season, member):
    heard = []

    def listen(sender, event, **kwargs):
        heard.append(event)

    result_changed.connect(listen)
    try:
        erase_player(member, None)
    finally:
        result_changed.disconnect(listen)
    events = set(member.entries.values_list("tournament_id", flat=True))
    assert {e.tournament_id for e in heard if isinstance(e, EntriesChanged)} == events
    lines = AuditLog.objects.filter(action="player.erase")
    assert set(lines.values_list("tournament_id", flat=True)) == events
    detail = {"player": member.pk, "pseudonym": pseudonym(member)}
    assert all(line.detail == detail for line in lines)
    assert SeasonLog.objects.get(action="player.erase").detail == detail


@pytest.mark.django_db(transaction=True)
def test_backups_before_and_after_erasure_import(season, member):
    event = member.entries.first().tournament
    before = json.dumps(export_event(event))
    erase_player(member, None)
    after = export_event(event)
    assert not named(json.dumps(after))
    copy = import_event(json.dumps(after), slug="copy-after")
    assert copy.entries.filter(player=member).exists()  # the same member
    old = import_event(before, slug="copy-before")
    for imported in (copy, old):
        assert numbers(imported) == numbers(event)


def numbers(event) -> list[dict]:
    """The standings without names or entry ids (a copy's are its own)."""
    return [
        {k: v for k, v in row.items() if k not in ("name", "entry")}
        for row in standings_rows(event).rows
    ]


@pytest.mark.django_db(transaction=True)
def test_signals_reach_the_apps_above(season, member):
    erased = []

    def answer(sender, player, **kwargs):
        return ("test_mails", [{"to": player.email}])

    def forget(sender, player, **kwargs):
        erased.append(player.email)  # still there: the app finds its rows

    personal_data.connect(answer)
    player_erased.connect(forget)
    try:
        data = player_data(member)
        erase_player(member, None)
    finally:
        personal_data.disconnect(answer)
        player_erased.disconnect(forget)
    assert data["test_mails"] == [{"to": "xandra@example.org"}]
    assert erased == ["xandra@example.org"]


@pytest.mark.django_db
def test_export_holds_register_results_deals_and_logs(season, member):
    data = player_data(member)
    assert data["register"]["name"] == NAME
    assert data["register"]["email"] == "xandra@example.org"
    entries = member.entries.count()
    assert len(data["events"]) == entries
    assert all(e["seats"] for e in data["events"])
    assert data["deals"], "the deals they took part in"
    seats = sum(s["points"] for e in data["events"] for s in e["seats"])
    assert sum(d["points"] for d in data["deals"]) == seats
    assert any(
        NAME in json.dumps(d["record"], ensure_ascii=False) for d in data["deals"]
    )
    assert data["ratings"] and data["teams"] and data["seasons"]
    actions = {line["action"] for line in data["log"]}
    assert {"player.merge", "deal.save", "note"} <= actions
    json.dumps(data)  # JSON-ready


@pytest.mark.django_db
def test_export_hides_a_tablemate_who_chose_a_hidden_name(season, member):
    entry = member.entries.first()
    table = entry.seats.first().table
    mate = table.seats.exclude(entry=entry).select_related("entry__player").first()
    mate_player = mate.entry.player
    Player.objects.filter(pk=mate_player.pk).update(public_name="hidden")
    text = json.dumps(player_data(member)["deals"], ensure_ascii=False)
    assert mate_player.name not in text
    assert f"Player {mate_player.pk}" in text or f"Speler {mate_player.pk}" in text


@pytest.mark.django_db
def test_a_player_without_results_leaves_the_register(season):
    loner = Player.objects.create(name=NAME, email="x@example.org")
    assert erase_player(loner, None) is None
    assert not Player.objects.filter(pk=loner.pk).exists()
    line = SeasonLog.objects.get(action="player.erase")
    assert line.detail == {"player": loner.pk, "removed": True}


@pytest.mark.django_db
def test_scrubber_keeps_another_players_longer_name(season, member):
    Player.objects.create(name=f"{NAME}-Berg")
    scrub = Scrubber(member, "Speler 1")
    assert scrub.text(f"{NAME} en {NAME}-Berg") == f"Speler 1 en {NAME}-Berg"
    assert scrub.json({NAME: [f"{NAME} (1978)"]}) == {"Speler 1": ["Speler 1"]}


@pytest.mark.django_db
def test_a_namesakes_lines_keep_their_name(season, member):
    from tournaments.models import Club
    from tournaments.services import create_tournament, register

    elsewhere = Club.objects.create(name="Elders")
    namesake = Player.objects.create(name=NAME, club=elsewhere)
    event = create_tournament(None, slug="theirs", name="Theirs", date="2026-12-01")
    register(event, [namesake])
    audit(event, None, "note", who=NAME)
    erase_player(member, None)
    assert AuditLog.objects.get(tournament=event, action="note").detail == {"who": NAME}
    own = AuditLog.objects.filter(action="player.merge").get()
    assert NAME not in json.dumps(own.detail, ensure_ascii=False)
    namesake.refresh_from_db()
    assert namesake.name == NAME
