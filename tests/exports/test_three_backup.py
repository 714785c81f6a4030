"""Backups with tables of three (issue 29): the event's setting and its
tables of three travel with the file (format 8), a restore gives the same
scores, older files import with the setting off, and a deal at a table of
three is accepted or refused by the import exactly as the deal pipeline
(``scoring.pipeline.run_deal``) accepts or refuses it. The season's backup
(format 3) carries the season's setting.

Rule source 000, "Rikken for three players": the blind man's hand (chair 4)
is dealt to, never declares and is never paid (``tests/exports/three_event.py``).
"""

import copy
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from documents.event_backup import (
    IMPORT_ACTION,
    VERSION,
    BackupError,
    export_event,
    import_event,
    restore_event,
)
from scoring.pipeline import run_deal
from tests.examples import examples
from tests.exports.test_backup import as_format_6, as_format_7
from tests.exports.three_event import RIK_SCORES, four_and_three, three_event
from tournaments.dealing import BLIND_LABEL
from tournaments.models import Seat

pytestmark = pytest.mark.django_db


def exported(event) -> dict:
    return json.loads(json.dumps(export_event(event)))


def points(event) -> list[tuple]:
    return sorted(
        Seat.objects.filter(table__round__tournament=event).values_list(
            "table__round__number", "table__number", "position", "points",
            "deals_played", "solo_made", "declared_made", "sanction_points",
        )
    )  # fmt: skip


def without_import(data: dict, slug: str) -> dict:
    data = copy.deepcopy(data)
    data["tournament"]["slug"] = slug
    data["audit"] = [a for a in data["audit"] if a["action"] != IMPORT_ACTION]
    return data


def table_two(data: dict, round_number: int = 1) -> dict:
    rnd = next(r for r in data["rounds"] if r["number"] == round_number)
    return next(t for t in rnd["tables"] if t["number"] == 2)


def test_the_backup_carries_the_setting_and_the_tables_of_three():
    event = three_event()
    data = exported(event)
    assert data["version"] == VERSION == 10
    assert data["tournament"]["tables_of_three"] is True
    table = table_two(data)
    assert [s["position"] for s in table["seats"]] == [1, 2, 3]
    first = table["deals"][0]
    record = first["record"]
    names = [s["player"] for s in table["seats"]]
    # deal 1: seat 1 deals, so seats 2, 3, the blind man's hand, seat 1
    assert record["players"] == [names[1], names[2], BLIND_LABEL, names[0]]
    assert record["blind"] == BLIND_LABEL
    assert record["plays"][0]["partner"] == BLIND_LABEL
    assert first["scores"] == {
        names[0]: RIK_SCORES[0], names[1]: RIK_SCORES[1],
        names[2]: RIK_SCORES[2], BLIND_LABEL: 0,
    }  # fmt: skip
    assert first["seat_scores"] == [*RIK_SCORES, 0, 0]
    for deal in table["deals"]:
        assert deal["seat_scores"][3:] == [0, 0]  # chair 4 is never paid
        assert deal["scores"][BLIND_LABEL] == 0


def test_a_restore_gives_identical_scores_and_the_same_file():
    event = three_event()
    data = exported(event)
    copy_ = import_event(json.dumps(data), slug="drie-kopie")
    assert copy_.tables_of_three
    assert points(copy_) == points(event)
    assert without_import(exported(copy_), event.slug) == data
    web = restore_event(data)  # the web's door: a new code, nothing published
    assert web.slug != event.slug and points(web) == points(event)


def test_an_older_file_imports_with_tables_of_three_off(small_event):
    data = as_format_7(exported(small_event))
    assert "tables_of_three" not in data["tournament"]
    assert not import_event(data, slug="zeven").tables_of_three
    six = as_format_6(exported(small_event))
    assert not import_event(six, slug="zes").tables_of_three
    data = exported(small_event)
    del data["tournament"]["tables_of_three"]  # a version 8 file needs it
    with pytest.raises(BackupError) as caught:
        import_event(data, slug="acht")
    assert caught.value.path == "tournament.tables_of_three"


def test_an_older_file_with_a_table_of_three_still_imports():
    """A table of three needs no new key: a file of version 7 holding one
    (written by hand, or by a site of this version told to write 7)
    imports with its deals checked as any other."""
    event = three_event()
    data = as_format_7(exported(event))
    copy_ = import_event(data, slug="drie-zeven")
    assert not copy_.tables_of_three
    assert points(copy_) == points(event)


@pytest.mark.parametrize(
    ("change", "path", "words"),
    [
        pytest.param(
            lambda d: d["record"].update(blind=d["record"]["players"][0]),
            "record.blind",
            "blind man",
            id="blind-moved",
        ),
        pytest.param(
            lambda d: d["record"]["players"].reverse(),
            "record.players",
            "players",
            id="players-turned",
        ),
        pytest.param(
            lambda d: d["record"]["plays"][0].update(declarer=BLIND_LABEL),
            "record.plays[0].declarer",
            "blind",
            id="blind-declares",
        ),
        pytest.param(
            lambda d: d["scores"].update({BLIND_LABEL: 15}),
            "scores",
            "scores",
            id="blind-paid",
        ),
        pytest.param(
            lambda d: d.update(seat_scores=[-15, 30, -30, 15, 0]),
            "seat_scores",
            "scores",
            id="chair-4-paid",
        ),
    ],
)
def test_a_tampered_deal_at_a_table_of_three_is_refused_with_its_place(
    change, path, words
):
    event = three_event()
    data = exported(event)
    deal = table_two(data)["deals"][0]
    change(deal)
    with pytest.raises(BackupError) as caught:
        import_event(data, slug="vals")
    error = caught.value
    assert error.path.startswith("rounds[0].tables[1].deals[0].")
    assert error.path.endswith(path)
    assert words in error.message


def test_the_blind_man_at_a_table_of_four_is_refused():
    event = three_event()
    data = exported(event)
    rnd = data["rounds"][0]
    four = next(t for t in rnd["tables"] if len(t["seats"]) == 4)
    four["deals"][0]["record"]["blind"] = four["deals"][0]["record"]["players"][2]
    with pytest.raises(BackupError) as caught:
        import_event(data, slug="vier")
    assert caught.value.path.endswith("deals[0].record.blind")


def test_a_table_of_two_is_refused():
    data = exported(three_event())
    table = table_two(data)
    table["seats"].pop()
    with pytest.raises(BackupError) as caught:
        import_event(data, slug="twee")
    assert caught.value.path == "rounds[0].tables[1].seats"
    assert "1–3" in caught.value.message


# -- the import accepts what the pipeline accepts ------------------------------------
def pipeline_answer(event, table: dict, deal: dict):
    """``run_deal`` on the file's record, as the entry form runs it."""
    from tournaments.dealing import unique_labels

    names = {p["ref"]: p["name"] for p in EVENT_PLAYERS[event.slug]}
    labels = unique_labels([names[s["player"]] for s in table["seats"]])
    return run_deal(event.schedule, labels, deal["number"], deal["record"])


EVENT_PLAYERS: dict[str, list] = {}


@settings(
    max_examples=examples(6),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(seed=st.integers(1, 10_000), rules=st.sampled_from(["nl", "pagat", "iwwa"]))
def test_every_deal_the_pipeline_scores_at_a_table_of_three_imports_alike(seed, rules):
    """Random deals at tables of three (sanctions too) scored by the
    pipeline; the backup of the event imports, each deal settled again by
    the import the same; a deal the pipeline refuses (the blind man
    declaring) the import refuses with the pipeline's own message."""
    from django.db import transaction

    from demo.events import generate_event

    with transaction.atomic():
        event = generate_event(
            f"r{seed}", 7, 2, 5, rules=rules, seed=seed, sanction_rate=0.4,
            seater=four_and_three, tables_of_three=True,
        )  # fmt: skip
        data = exported(event)
        EVENT_PLAYERS[event.slug] = data["players"]
        for rnd in data["rounds"]:
            table = next(t for t in rnd["tables"] if len(t["seats"]) == 3)
            for deal in table["deals"]:
                outcome = pipeline_answer(event, table, deal)
                assert outcome.ok
                assert list(outcome.seat_scores) == deal["seat_scores"]
        copy_ = import_event(json.dumps(data), slug=f"r{seed}-kopie")
        assert points(copy_) == points(event)
        # the blind man declares: the pipeline and the import refuse alike
        table = table_two(data)
        deal = table["deals"][random.Random(seed).randrange(len(table["deals"]))]
        deal["record"]["plays"] = [
            {"contract": "misere", "declarer": BLIND_LABEL, "tricks": 0}
        ]
        deal["record"].pop("sanctions", None)
        refused = pipeline_answer(event, table, deal)
        assert not refused.ok
        assert refused.violations[0].code == "blind_declares"
        with pytest.raises(BackupError) as caught:
            import_event(data, slug=f"r{seed}-vals")
        assert caught.value.message == refused.violations[0].message
        transaction.set_rollback(True)


# -- the season's backup ---------------------------------------------------------------
def a_season(threes: bool = True):
    from demo.events import generate_event, make_players
    from seasons.models import Competition, Evening
    from tournaments.models import Club

    club = Club.objects.create(name="Drie")
    members = make_players(7, random.Random(5))
    season = Competition.objects.create(
        club=club, name="Drie", slug="drie-seizoen", partijen=2,
        deals_per_partij=4, tables_of_three=threes,
    )  # fmt: skip
    event = generate_event(
        "drie-1", 7, 2, 4, seed=5, players=members, seater=four_and_three,
        tables_of_three=True,
    )  # fmt: skip
    Evening.objects.create(competition=season, tournament=event, number=1)
    return season, event


def test_the_season_backup_carries_its_setting_and_its_tables_of_three():
    from documents.season_backup import VERSION as SEASON
    from documents.season_backup import export_competition, import_competition

    season, event = a_season()
    data = json.loads(json.dumps(export_competition(season)))
    assert data["version"] == SEASON == 5
    assert data["competition"]["tables_of_three"] is True
    assert data["evenings"][0]["event"]["tournament"]["tables_of_three"] is True
    copy_ = import_competition(data, slug="drie-kopie")
    assert copy_.tables_of_three
    restored = copy_.evenings.get(number=1).tournament
    assert restored.tables_of_three and points(restored) == points(event)


def test_an_older_season_file_imports_with_tables_of_three_off():
    from documents.season_backup import export_competition, import_competition

    season, _event = a_season(threes=False)
    data = json.loads(json.dumps(export_competition(season)))
    data["version"] = 2
    del data["competition"]["tables_of_three"]
    del data["rule_set"]  # version 5's
    assert not import_competition(data, slug="oud").tables_of_three
    data["version"] = 3  # a version 3 file needs it
    with pytest.raises(BackupError, match="tables_of_three"):
        import_competition(data, slug="oud-2")


def test_the_commands_export_and_import_a_table_of_three(tmp_path):
    from django.core.management import CommandError, call_command

    event = three_event()
    path = tmp_path / "drie.json"
    call_command("export_tournament", event.slug, "--format", "json", "-o", str(path))
    call_command("import_tournament", str(path), "--slug", "drie-cli")
    from tournaments.models import Tournament

    copy_ = Tournament.objects.get(slug="drie-cli")
    assert copy_.tables_of_three and points(copy_) == points(event)
    data = json.loads(path.read_text())
    table_two(data)["deals"][1]["record"]["blind"] = table_two(data)["seats"][0][
        "player"
    ]
    path.write_text(json.dumps(data))
    with pytest.raises(CommandError, match=r"deals\[1\]\.record\.blind"):
        call_command("import_tournament", str(path), "--slug", "drie-cli-2")
