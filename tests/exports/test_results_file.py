"""The open results file (issue 39, part 3; docs/results-file.md): its
JSON Schema, its examples, the validator (``documents.results_file_check``),
the command ``check_results_file`` and the public check page.

The key test writes a file from the specification alone
(``tests/exports/spec_writer.py``, which imports nothing of the site) and
has it validated and imported. The events the site's own writer exports
are built once for the module (``exported``); tests that only read files
stay off the database.
"""

import copy
import json
import runpy
from io import StringIO
from pathlib import Path

import pytest
from django.apps import apps
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command
from django.urls import reverse

from documents import event_backup_schema as hand
from documents import views_results_file
from documents.event_backup import VERSION, import_event
from documents.results_file_check import check_results_file
from documents.results_file_schema import (
    NEWEST,
    SCHEMAS,
    Problem,
    pattern_message,
    schema,
    schema_problems,
    schema_text,
)
from scoring.models import Deal
from tests.exports import spec_writer

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "docs" / "results-file" / "examples"
EXAMPLE_FILES = sorted(EXAMPLES.glob("*.json"))
OLD = sorted((ROOT / "tests" / "exports").glob("format[0-9]*/*.json"))
CHECK = "documents:results-file-check"


def example(name: str) -> dict:
    return json.loads((EXAMPLES / f"{name}.json").read_text())


def raw(data) -> bytes:
    return json.dumps(data, ensure_ascii=False).encode()


def rows() -> dict[str, int]:
    """How many rows each model has: a dry run changes none."""
    return {m._meta.label: m.objects.count() for m in apps.get_models()}


# -- the schema, read as a file ---------------------------------------------------
def test_the_schema_files_are_what_their_script_writes():
    maker = runpy.run_path(str(ROOT / "docs" / "results-file" / "make_schemas.py"))
    assert set(maker["SCHEMAS"]) == set(SCHEMAS)
    for version, make in maker["SCHEMAS"].items():
        assert schema_text(version).decode() == maker["text"](make()), version


@pytest.mark.parametrize("version", sorted(SCHEMAS))
def test_each_schema_is_draft_2020_12_and_its_id_is_its_address(version):
    from jsonschema import Draft202012Validator

    Draft202012Validator.check_schema(schema(version))
    address = reverse(f"documents:results-file-schema-{version}")
    assert schema(version)["$id"] == address
    assert schema(version)["properties"]["version"] == {
        "description": "The version of the format this file follows.",
        "const": version,
    }


def test_the_newest_schema_is_the_version_the_site_writes():
    assert NEWEST == VERSION == max(SCHEMAS)


#: The hand-written checks' objects by the schema's names, per version.
HAND = {
    9: {
        "tournament": hand.TOURNAMENT_8,
        "player": hand.PLAYER_9,
        "round": hand.ROUND_6,
        "table": hand.TABLE_6,
        "seat": hand.SEAT_6,
        "deal": hand.DEAL,
        "juryCall": hand.JURY_5,
        "auditLine": hand.AUDIT,
    },
}
HAND[10] = {**HAND[9], "round": hand.ROUND_10, "table": hand.TABLE_10}


@pytest.mark.parametrize("version", sorted(SCHEMAS))
def test_the_schema_asks_for_exactly_the_keys_the_checks_ask_for(version):
    document = schema(version)
    assert set(document["required"]) == set(document["properties"])
    assert set(document["required"]) == set(hand.DOCUMENTS[version])
    for name, fields in HAND[version].items():
        part = document["$defs"][name]
        assert part["additionalProperties"] is False, name
        assert set(part["required"]) == set(part["properties"]) == set(fields), name
    snapshot = document["$defs"]["rulesSnapshot"]
    assert set(snapshot["required"]) == {"preset", "overrides", "name"}


def patterns(node):
    if isinstance(node, dict):
        if isinstance(node.get("pattern"), str):
            yield node["pattern"]
        for value in node.values():
            yield from patterns(value)
    elif isinstance(node, list):
        for value in node:
            yield from patterns(value)


def test_every_pattern_of_the_schema_is_said_in_words():
    fallback = pattern_message("no such pattern")
    found = set(patterns(schema(NEWEST)))
    assert len(found) >= 8
    assert [p for p in found if pattern_message(p) == fallback] == []


# -- the schema's problems, by path (no database) ---------------------------------
def test_a_bad_file_gets_every_schema_problem_with_its_path():
    data = example("table-of-four")
    data["players"][0]["name"] = ""
    data["players"][1]["club"] = ""
    data["players"][2]["nickname"] = "Cootje"
    del data["players"][3]["guest"]
    data["tournament"]["date"] = "20 november"
    data["tournament"]["slug"] = "new"
    deal = data["rounds"][0]["tables"][0]["deals"][3]
    deal["seat_scores"] = [1, 2]
    deal["record"]["plays"][0]["tricks"] = 14
    deal["record"]["plays"][0]["trump"] = "stars"
    problems = schema_problems(data)
    assert set(problems) == {
        Problem("players[0].name", "may not be empty"),
        Problem("players[1].club", "may not be empty"),
        Problem("players[2].nickname", "unknown key"),
        Problem("players[3].guest", "missing"),
        Problem("tournament.date", "not a date (YYYY-MM-DD)"),
        Problem("tournament.slug", "“new” is reserved; choose another code."),
        Problem("rounds[0].tables[0].deals[3].seat_scores", "fewer than 5 entries"),
        Problem("rounds[0].tables[0].deals[3].record.plays[0].tricks", "out of range"),
        Problem(
            "rounds[0].tables[0].deals[3].record.plays[0].trump",
            "expected one of hearts, diamonds, clubs, spades, none",
        ),
    }


def test_schema_problems_stop_at_the_limit():
    data = example("table-of-four")
    data["players"] = [{"ref": i} for i in range(300)]
    problems = schema_problems(data, most=100)
    assert len(problems) == 100
    assert problems[:2] == [
        Problem("players[0].name", "missing"),
        Problem("players[0].club", "missing"),
    ]
    assert Problem("players[0].ref", "expected text") in problems


@pytest.mark.parametrize(
    ("raw_bytes", "message"),
    [
        (b'{"format": "rikscore.event",', "Not JSON (line 1, column 29)"),
        (b"\xff\xfe\x00garbage\x00\x01", "Not JSON"),
        (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "not UTF-8"),
        (b'{"version": 1' + b"0" * 400 + b"}", "no number a backup may hold"),
        (b'{"version": NaN}', "no number a backup may hold"),
        (b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
        ("{}".encode("utf-16"), "missing"),
        (b"", "Not JSON"),
        (b"null", "expected a JSON object"),
        (b'"rikscore.event"', "expected a JSON object"),
        (b'{"format": "rikscore.event", "version": 99}', "expected one of"),
        (b'{"format": "rikscore.event", "version": true}', "expected one of"),
    ],
)
def test_garbage_gets_a_problem_not_an_error(raw_bytes, message):
    report = check_results_file(raw_bytes)
    assert not report.ok
    assert message in " ".join(p.message for p in report.problems)


def test_a_deeply_nested_record_is_one_problem():
    data = example("table-of-four")
    nested: list = []
    for _level in range(500):
        nested = [nested]
    data["audit"][0]["detail"] = {"deep": nested}
    report = check_results_file(raw(data))
    assert report.problems[-1].path.startswith("audit[0].detail.deep")


# -- the examples and older files (database: the dry-run import) ------------------
def test_the_examples_are_the_files_the_site_serves():
    assert [p.stem for p in EXAMPLE_FILES] == sorted(views_results_file.EXAMPLES)


@pytest.mark.django_db
@pytest.mark.parametrize("path", EXAMPLE_FILES, ids=lambda p: p.stem)
def test_every_example_validates_and_imports(path):
    data = json.loads(path.read_text())
    assert data["version"] == NEWEST
    assert schema_problems(data) == []
    report = check_results_file(path.read_bytes())
    assert report.ok, report.problems
    event = import_event(path.read_bytes(), "example")
    deals = [d for r in data["rounds"] for t in r["tables"] for d in t["deals"]]
    stored = Deal.objects.filter(table__round__tournament=event)
    assert sorted(d.seat_scores for d in stored) == sorted(
        d["seat_scores"] for d in deals
    )


@pytest.mark.django_db
@pytest.mark.parametrize("path", OLD, ids=lambda p: f"{p.parent.name}-{p.stem}")
def test_files_of_earlier_versions_still_pass(path):
    report = check_results_file(path.read_bytes())
    assert report.ok, report.problems
    assert report.summary.version == json.loads(path.read_text())["version"] < 9


def as_version(data: dict, version: int) -> dict:
    """An example as a writer of ``version`` wrote it (tests/exports/test_backup's
    downgrades, then 4 without who decided and the pairs, 3 without the
    identity)."""
    from tests.exports import test_backup

    if version >= 5:
        return getattr(test_backup, f"as_format_{version}")(data)
    test_backup.as_format_5(data)
    del data["keep_apart"]
    for round_ in data["rounds"]:
        for table in round_["tables"]:
            for call in table["jury_calls"]:
                del call["decided_by"]
    data["version"] = 4
    if version == 3:
        del data["tournament"]["uid"]
        data["version"] = 3
    return data


@pytest.mark.django_db
@pytest.mark.parametrize("version", range(3, NEWEST))
def test_an_example_as_an_earlier_version_wrote_it_passes(version):
    data = as_version(example("table-of-five"), version)
    assert data["version"] == version
    report = check_results_file(raw(data))
    assert report.ok, report.problems
    assert str(report.summary) == (
        f"rikscore.event version {version}: 5 players, 1 round, 1 table, 5 deals"
    )


# -- what only the import can say ------------------------------------------------
@pytest.mark.django_db
def test_a_score_the_rules_do_not_give_is_named_by_its_path():
    data = example("table-of-four")
    deal = data["rounds"][0]["tables"][0]["deals"][2]
    deal["scores"]["Dirk Peeters"] = 93  # the rules give 92
    report = check_results_file(raw(data))
    assert report.problems == [
        Problem(
            "rounds[0].tables[0].deals[2].scores",
            "the stored scores do not match the rules",
        )
    ]


@pytest.mark.django_db
def test_schema_problems_and_the_first_import_problem_come_together():
    data = example("table-of-five")
    data["tournament"]["venue"] = "x" * 151  # the schema's, and the checks' first
    data["rounds"][0]["tables"][0]["deals"][0]["seat_scores"].append(0)
    report = check_results_file(raw(data))
    assert report.problems == [
        Problem("tournament.venue", "longer than 150 characters"),
        Problem("rounds[0].tables[0].deals[0].seat_scores", "more than 5 entries"),
    ]


@pytest.mark.django_db
def test_an_import_problem_after_a_clean_schema_is_named():
    data = example("table-of-three")
    play = data["rounds"][0]["tables"][0]["deals"][0]["record"]["plays"][0]
    play["declarer"] = "Blinde"
    report = check_results_file(raw(data))
    assert [p.path for p in report.problems] == [
        "rounds[0].tables[0].deals[0].record.plays[0].declarer"
    ]


@pytest.mark.django_db
def test_a_check_stores_nothing():
    before = rows()
    assert check_results_file((EXAMPLES / "table-of-five.json").read_bytes()).ok
    assert rows() == before


@pytest.mark.django_db
def test_a_federation_number_of_the_register_never_names_its_owner():
    from tournaments.models import Player

    Player.objects.create(name="Geheime Speler", federation_number="104233")
    report = check_results_file((EXAMPLES / "table-of-four.json").read_bytes())
    assert report.problems == [
        Problem(
            "players[0].federation_number",
            "belongs to another player in this register",
        )
    ]


# -- what the site writes, built once ------------------------------------------------
@pytest.fixture(scope="module")
def exported(django_db_setup, django_db_blocker) -> dict[str, dict]:
    """Events exported by the site's writer: tables of five with jury calls
    (iwwa), tables of four and three with the blind man, a table typed as
    totals beside tables of deals; and a season of two of them."""
    from django.db import transaction

    with django_db_blocker.unblock():
        outer = transaction.atomic()
        outer.__enter__()
        try:
            yield make_exports()
        finally:
            transaction.set_rollback(True)
            outer.__exit__(None, None, None)


def make_exports() -> dict[str, dict]:
    from demo.events import generate_event
    from documents.event_backup import export_event
    from documents.season_backup import export_competition
    from seasons.models import Competition, Evening
    from tests.exports.three_event import three_event
    from tests.scoring.totals_event import typed
    from tournaments.models import Club

    iwwa = generate_event("iwwa", 10, 2, 5, rules="iwwa", seed=11, sanction_rate=0.2)
    three = three_event("drie")
    totals = generate_event("totalen", 8, 1, 4, rules="nl", seed=5)
    typed(totals, [(1, 1)])
    club = Club.objects.create(name="De Seizoensclub")
    season = Competition.objects.create(club=club, slug="seizoen", name="Seizoen")
    for number, event in enumerate((three, totals), start=1):
        Evening.objects.create(competition=season, tournament=event, number=number)
    made = {"iwwa": iwwa, "three": three, "totals": totals}
    out = {name: export_event(event) for name, event in made.items()}
    out["season"] = export_competition(season)
    return json.loads(json.dumps(out))


@pytest.mark.parametrize("name", ["iwwa", "three", "totals"])
def test_the_schema_takes_what_the_site_writes(exported, name):
    data = exported[name]
    assert data["version"] == NEWEST
    assert schema_problems(data) == []


def test_the_exports_hold_what_the_schema_is_tested_on(exported):
    tables = [t for r in exported["totals"]["rounds"] for t in r["tables"]]
    assert any(t["totals_only"] for t in tables)
    assert any(t["jury_calls"] for r in exported["iwwa"]["rounds"] for t in r["tables"])
    seats = {len(t["seats"]) for r in exported["three"]["rounds"] for t in r["tables"]}
    assert seats == {3, 4}


@pytest.mark.django_db
def test_a_season_file_is_checked_by_its_evenings_paths(exported):
    season = copy.deepcopy(exported["season"])
    report = check_results_file(raw(season))
    assert report.ok, report.problems
    assert str(report.summary).startswith("rikscore.competition version 5: 2 evenings")
    evening = season["evenings"][1]["event"]
    evening["players"][0]["guest"] = "no"
    evening["rounds"][0]["tables"][1]["closed"] = None
    before = rows()
    report = check_results_file(raw(season))
    assert rows() == before
    assert report.problems == [
        Problem("evenings[1].event.players[0].guest", "expected true or false"),
        Problem(
            "evenings[1].event.rounds[0].tables[1].closed", "expected true or false"
        ),
    ]


# -- the key test: a file written from the specification alone ---------------------
@pytest.mark.django_db
def test_a_file_written_from_the_spec_alone_validates_and_imports():
    data = spec_writer.the_file()
    assert schema_problems(data) == []
    report = check_results_file(raw(data))
    assert report.ok, report.problems
    assert str(report.summary) == (
        "rikscore.event version 10: 7 players, 1 round, 2 tables, 8 deals"
    )
    event = import_event(raw(data))
    stored = {
        (d.table.number, d.number): d.seat_scores
        for d in Deal.objects.filter(table__round__tournament=event).select_related(
            "table"
        )
    }
    assert stored == {
        (t["number"], d["number"]): d["seat_scores"]
        for t in data["rounds"][0]["tables"]
        for d in t["deals"]
    }


@pytest.mark.django_db
def test_a_wrong_hand_score_from_the_spec_is_refused_where_it_is():
    data = spec_writer.the_file()
    deal = data["rounds"][0]["tables"][1]["deals"][1]
    deal["scores"].update({"Gerda van Gils": -45, "Els Verhoeven": 15 + 7})  # no
    deal["scores"]["Frans Dekkers"] = 23
    deal["seat_scores"] = [22, 23, -45, 0, 0]
    report = check_results_file(raw(data))
    assert report.problems == [
        Problem(
            "rounds[0].tables[1].deals[1].scores",
            "the stored scores do not match the rules",
        )
    ]


# -- the command ------------------------------------------------------------------
@pytest.mark.django_db
def test_the_command_prints_ok_or_each_problem_and_fails_on_any(tmp_path):
    good = EXAMPLES / "typed-totals.json"
    out = StringIO()
    call_command("check_results_file", str(good), stdout=out)
    assert out.getvalue() == (
        f"OK rikscore.event version {NEWEST}: 4 players, 1 round, 1 table, 0 deals\n"
    )
    data = example("typed-totals")
    data["players"][0]["status"] = "ill"
    data["rounds"][0]["tables"][0]["seats"][0]["points"] = 46
    bad = tmp_path / "bad.json"
    bad.write_bytes(raw(data))
    out = StringIO()
    with pytest.raises(CommandError) as failed:
        call_command("check_results_file", str(good), str(bad), stdout=out)
    assert failed.value.returncode == 1
    assert out.getvalue().splitlines() == [
        f"{good}: OK rikscore.event version {NEWEST}: 4 players, 1 round, 1 table, "
        "0 deals",
        f"{bad}: players[0].status: expected one of registered, present, "
        "withdrawn, substitute",
    ]


def test_the_command_names_a_file_it_cannot_read(tmp_path):
    err = StringIO()
    with pytest.raises(CommandError):
        call_command("check_results_file", str(tmp_path / "gone.json"), stderr=err)
    assert "cannot read" in err.getvalue()


# -- the page and the addresses -------------------------------------------------------
@pytest.fixture
def no_checks_counted():
    from django.core.cache import cache

    cache.clear()
    yield
    cache.clear()


def upload(client, content: bytes, name="avond.json"):
    return client.post(
        reverse(CHECK), {"file": SimpleUploadedFile(name, content)}, follow=False
    )


@pytest.mark.django_db
def test_anyone_checks_a_file_and_nothing_is_stored(client, no_checks_counted):
    page = client.get(reverse(CHECK))
    assert page.status_code == 200
    assert reverse("documents:results-file-spec") in page.content.decode()
    before = rows()
    good = upload(client, (EXAMPLES / "table-of-three.json").read_bytes())
    assert rows() == before
    text = good.content.decode()
    assert "No problems: Rikscore accepts avond.json." in text
    assert f"version {NEWEST}: 3 players, 1 round, 1 table, 3 deals" in text
    data = example("table-of-three")
    data["rounds"][0]["tables"][0]["seats"][2]["position"] = 9
    bad = upload(client, raw(data)).content.decode()
    assert "<code>rounds[0].tables[0].seats[2].position</code>: out of range" in bad
    assert rows() == before


@pytest.mark.django_db
@pytest.mark.parametrize(
    "content",
    [b"\x00\x01\x02\xff" * 100, b"[" * 50_000, b'{"version": 1e999}', b"{}"],
    ids=["binary", "deep", "huge", "empty-object"],
)
def test_the_page_answers_garbage_with_problems(client, no_checks_counted, content):
    response = upload(client, content)
    assert response.status_code == 200
    assert 'class="card results-file-problems"' in response.content.decode()


@pytest.mark.django_db
def test_the_page_keeps_its_csrf_check(no_checks_counted):
    from django.test import Client

    strict = Client(enforce_csrf_checks=True, HTTP_ACCEPT_LANGUAGE="en")
    assert upload(strict, b"{}").status_code == 403
    strict.get(reverse(CHECK))
    response = strict.post(
        reverse(CHECK),
        {
            "file": SimpleUploadedFile("a.json", b"{}"),
            "csrfmiddlewaretoken": strict.cookies["csrftoken"].value,
        },
    )
    assert response.status_code == 200


@pytest.mark.django_db
def test_anonymous_checks_are_limited_logged_in_ones_not(
    client, make_user, monkeypatch, no_checks_counted
):
    from core.window_counter import ClientLimit

    monkeypatch.setattr(views_results_file, "CHECKS", ClientLimit("rf-test", 2, 600))
    assert upload(client, b"{}").status_code == 200
    assert upload(client, b"{}").status_code == 200
    refused = upload(client, b"{}")
    assert refused.status_code == 429
    assert refused["Retry-After"] == "600"
    client.force_login(make_user("secretaris"))
    assert upload(client, b"{}").status_code == 200


@pytest.mark.django_db
def test_the_page_asks_for_a_file(client, no_checks_counted):
    response = client.post(reverse(CHECK), {})
    assert response.status_code == 200
    assert "This field is required." in response.content.decode()


@pytest.mark.parametrize(
    "name", ["results-file-schema", f"results-file-schema-{NEWEST}"]
)
def test_the_schema_is_served_for_anyone_anywhere(client, name):
    response = client.get(reverse(f"documents:{name}"))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/schema+json"
    assert response["Access-Control-Allow-Origin"] == "*"
    assert "public" in response["Cache-Control"]
    assert "max-age=" in response["Cache-Control"]
    assert (
        json.loads(response.content)["$id"]
        == f"/results-file/schema/rikscore-event-{NEWEST}.json"
    )
    again = client.get(
        reverse(f"documents:{name}"), HTTP_IF_NONE_MATCH=response["ETag"]
    )
    assert again.status_code == 304
    assert client.post(reverse(f"documents:{name}")).status_code == 405


def test_each_version_with_a_schema_has_its_own_address(client):
    assert reverse("documents:results-file-schema-9") == (
        "/results-file/schema/rikscore-event-9.json"
    )
    response = client.get(reverse("documents:results-file-schema-9"))
    assert json.loads(response.content)["properties"]["version"]["const"] == 9


def test_the_specification_and_the_examples_are_served(client):
    spec = client.get(reverse("documents:results-file-spec"))
    assert spec["Content-Type"] == "text/markdown; charset=utf-8"
    assert spec.content == (ROOT / "docs" / "results-file.md").read_bytes()
    for name in views_results_file.EXAMPLES:
        response = client.get(reverse(f"documents:results-file-example-{name}"))
        assert response["Content-Type"] == "application/json"
        assert response.content == (EXAMPLES / f"{name}.json").read_bytes()
