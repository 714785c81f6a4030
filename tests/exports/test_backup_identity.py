"""A register member is one person across backups (issue 38): the event
and season backups carry ``Player.public_id``, and every import finds the
member by it first, when the file's name and club agree
(``register_rules.identity_match``).

One event, built once for the module in a transaction rolled back at its
end: two namesakes "Jan de Vries" of one club (1956, 1971) among eight
others. Each test works inside it and undoes nothing itself."""

import json

import pytest
from django.db import transaction

from documents.event_backup import export_event, import_event, restore_event
from tests.exports.test_backup import as_format_8

JAN = "Jan de Vries"
pytestmark = pytest.mark.django_db


def build():
    from demo.events import generate_event
    from tournaments.models import Club, Player

    club = Club.objects.create(name="De Troef")
    players = [
        Player.objects.create(name=JAN, distinction="1956", club=club),
        Player.objects.create(name=JAN, distinction="1971", club=club),
        *(Player.objects.create(name=f"Lid {n}", club=club) for n in range(8)),
    ]
    event = generate_event("ident", 0, 2, 4, players=players, seed=5)
    return {"event": event, "club": club, "players": players}


@pytest.fixture(scope="module")
def world(django_db_setup, django_db_blocker):
    with django_db_blocker.unblock():
        outer = transaction.atomic()
        outer.__enter__()
        try:
            yield build()
        finally:
            transaction.set_rollback(True)
            outer.__exit__(None, None, None)


@pytest.fixture
def inside(world):
    """The module's event; each test's writes are rolled back after it."""
    return world


def exported(event) -> dict:
    return json.loads(json.dumps(export_event(event)))


def count():
    from tournaments.models import Player

    return Player.objects.count()


def entries_of(event) -> dict[str, int]:
    return {
        f"{e.player.name} {e.player.distinction}": e.player_id
        for e in event.entries.select_related("player")
    }


def test_every_player_carries_the_registers_identifier(inside):
    data = exported(inside["event"])
    assert data["version"] == 10
    ids = {p["public_id"] for p in data["players"]}
    assert ids == {p.public_id for p in inside["players"]}


def test_importing_a_backup_twice_is_the_same_people(inside):
    data = exported(inside["event"])
    before = count()
    first = import_event(data, slug="ident-a")
    second = restore_event(data)
    assert count() == before
    assert entries_of(first) == entries_of(second) == entries_of(inside["event"])


def test_the_identifier_survives_a_changed_distinction(inside):
    """A distinction the register corrected after the backup no longer
    matches the file's; the identifier still finds the member."""
    jan = inside["players"][0]
    data = exported(inside["event"])
    jan.distinction = "1956 sr."
    jan.save()
    before = count()
    copy = import_event(data, slug="ident-b")
    assert count() == before
    assert copy.entries.filter(player=jan).exists()


def test_namesakes_new_to_the_register_restore_as_two_and_again_as_the_same(inside):
    """On a site that does not know them: two players with their
    distinctions and the file's identifiers; imported again, the same two."""
    data = exported(inside["event"])
    for p in data["players"]:
        if p["name"] == JAN:
            p["public_id"] = "new-" + p["distinction"]
            p["club"] = "Elders"
    before = count()
    first = import_event(data, slug="ident-c")
    assert count() == before + 2
    jans = first.entries.filter(player__name=JAN, player__club__name="Elders")
    assert sorted(jans.values_list("player__public_id", "player__distinction")) == [
        ("new-1956", "1956"),
        ("new-1971", "1971"),
    ]
    second = import_event(data, slug="ident-d")
    assert count() == before + 2
    assert entries_of(second) == entries_of(first)


def test_an_old_file_without_identifiers_still_imports_by_name(inside):
    data = as_format_8(exported(inside["event"]))
    before = count()
    copy = import_event(data, slug="ident-e")
    assert count() == before
    assert entries_of(copy) == entries_of(inside["event"])


def test_an_identifier_under_another_name_or_club_attaches_nothing(inside):
    """The identifier is public (a player page's address): a file naming
    another club's member by it, under another name or club, is read by
    the other rules and never renames the member."""
    from tournaments.models import Club, Player

    other_club = Club.objects.create(name="De Buren")
    victim = Player.objects.create(name="Truus Bakker", club=other_club)
    namesake = Player.objects.create(name="Lid 2", club=other_club)
    data = exported(inside["event"])
    by_name = {p["name"] + p["distinction"]: p for p in data["players"]}
    by_name["Lid 0"]["public_id"] = victim.public_id  # another name: not her
    by_name[JAN + "1956"]["public_id"] = victim.public_id  # nor him
    by_name["Lid 2"]["public_id"] = namesake.public_id  # the name, not the club
    copy = import_event(data, slug="ident-f")
    for member in (victim, namesake):
        before = (member.name, member.club_id, member.distinction)
        member.refresh_from_db()
        assert (member.name, member.club_id, member.distinction) == before
        assert not copy.entries.filter(player=member).exists()
    assert entries_of(copy) == entries_of(inside["event"])


def test_the_season_then_an_evening_of_it_is_the_same_people(inside):
    """A season's backup restored, then one of its evenings' backups: no
    second player."""
    from documents.season_backup import export_competition, import_competition
    from seasons.models import Competition, Evening

    season = Competition.objects.create(
        club=inside["club"], slug="ident-seizoen", name="Seizoen", rules="nl"
    )
    Evening.objects.create(competition=season, tournament=inside["event"], number=1)
    data = json.loads(json.dumps(export_competition(season)))
    assert data["version"] == 5
    before = count()
    restored = import_competition(data)
    evening = exported(restored.evenings.get().tournament)
    import_event(evening, slug="ident-avond")
    assert count() == before


def test_the_api_lists_an_event_imported_twice_once(inside, client):
    jan = inside["players"][1]
    data = exported(inside["event"])
    import_event(data, slug="ident-g")  # the command line's import: published
    import_event(data, slug="ident-h")
    answer = client.get(f"/api/v1/players/{jan.public_id}/").json()
    assert [e["event"] for e in answer["events"]] == [inside["event"].slug]


def test_an_erased_member_keeps_one_pseudonym_after_a_restore_elsewhere(inside):
    """The pseudonym is the stored name and is shown as stored: restored on
    another site (another register number) it is still the same."""
    from seasons.privacy import erase_player
    from tournaments.people import Person, shown

    member = inside["players"][3]
    pseudonym = erase_player(member, None)
    data = exported(inside["event"])
    for p in data["players"]:
        if p["name"] == pseudonym:
            p["public_id"], p["club"] = "elsewhere", "Elders"  # not known there
    copy = import_event(data, slug="ident-i")
    again = copy.entries.select_related("player").get(player__public_id="elsewhere")
    assert again.player.pk != member.pk
    assert shown(Person.of(again.player), public=True) == pseudonym
    assert shown(Person.of(again.player), public=False) == pseudonym


def test_another_sites_erased_member_is_not_this_sites(inside):
    """A backup from elsewhere names its erased member "Speler 93" in the
    same club, under an identifier unknown here, while this site's erased
    member is called "Speler 93" too: two people, never one (matched by
    name, one person's results went to the other)."""
    from seasons.privacy import erase_player
    from tournaments.models import Player

    member = inside["players"][4]
    pseudonym = erase_player(member, None)
    data = exported(inside["event"])
    for p in data["players"]:
        if p["name"] == pseudonym:
            p["public_id"] = "elsewhere"  # the same club, an unknown identifier
            p["distinction"] = ""
    copy = import_event(data, slug="ident-erased")
    theirs = copy.entries.get(player__public_id="elsewhere").player
    assert theirs.pk != member.pk
    assert Player.objects.get(pk=member.pk).name == pseudonym  # ours unchanged
    assert theirs.name == pseudonym and theirs.distinction  # told apart
    # the same file again: the same person as the first import, by identifier
    again = import_event(data, slug="ident-erased-2")
    assert again.entries.get(player__name=pseudonym).player_id == theirs.pk
