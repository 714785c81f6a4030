"""House-rule sets as files: export, import, every check, the
command-line tools and ``score_deal --rules-file`` (docs/rule-files.md)."""

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from django.utils import translation

from rules import rule_files
from rules.engine.problems import Violation
from rules.models import HouseRuleSet
from rules.rule_files import (
    RuleFileError,
    check_document,
    export_rule_set,
    import_rule_set,
    parse,
)
from scoring.management.commands.score_deal import score_record

ROOT = Path(__file__).resolve().parents[2]
P = ["Anna", "Bert", "Cor", "Dirk"]
CLUB = {
    "contracts": {"rik": {"loss_mode": "both", "base": 15}, "piek": {"value": 25}},
    "sanctions": {},
}


def document(**changes) -> dict:
    doc = {
        "format": "rikscore.rules",
        "version": 1,
        "name": "Rikclub De Troefaas",
        "slug": "troefaas",
        "preset": "nl",
        "description": "Ons reglement.",
        "overrides": {"contracts": {"rik": {"loss_mode": "both"}}},
        "exported": "2026-11-21T20:15:00+00:00",
    }
    doc.update(changes)
    return {k: v for k, v in doc.items() if v is not ...}


def problems(doc) -> list[tuple[str, str, str]]:
    with translation.override("en"):
        return [(v.code, v.field, v.message) for v in check_document(doc)]


@pytest.fixture
def club(db):
    return HouseRuleSet.objects.create(
        slug="club",
        name="Club rules",
        preset="nl",
        overrides=CLUB,
        description="Partner pays a failed rik.\nPiek 25.",
    )


# -- the format ---------------------------------------------------------------


def test_the_export_is_the_documented_document(club):
    doc = export_rule_set(club)
    assert list(doc) == [
        "format",
        "version",
        "name",
        "slug",
        "preset",
        "description",
        "overrides",
        "exported",
    ]
    assert doc["format"] == "rikscore.rules" and doc["version"] == 2
    assert doc["overrides"] == CLUB and doc["preset"] == "nl"
    assert problems(doc) == []
    assert json.loads(rule_files.dumps(doc)) == doc


def test_export_then_import_gives_the_same_set(club):
    doc = json.loads(rule_files.dumps(export_rule_set(club)))
    club.delete()  # its code stays retired: the copy gets club-2
    loaded = import_rule_set(doc, None)
    assert (
        loaded.slug,
        loaded.name,
        loaded.preset,
        loaded.overrides,
        loaded.description,
    ) == ("club-2", "Club rules", "nl", CLUB, "Partner pays a failed rik.\nPiek 25.")
    assert loaded.schedule().contract("rik").base == 15


def test_a_taken_code_gets_the_next_free_one_and_nothing_is_overwritten(club):
    doc = export_rule_set(club)
    doc["name"] = "Another club"
    assert import_rule_set(doc).slug == "club-2"
    assert import_rule_set(doc).slug == "club-3"
    club.refresh_from_db()
    assert club.name == "Club rules"


def test_a_preset_code_counts_as_taken(db):
    assert import_rule_set(document(slug="nl")).slug == "nl-2"


def test_a_code_of_ones_own_must_be_free(club):
    with pytest.raises(RuleFileError) as caught:
        import_rule_set(document(), None, slug="club")
    assert [v.code for v in caught.value.violations] == ["file_slug_taken"]
    assert import_rule_set(document(), None, slug="mine").slug == "mine"


def test_the_owner_is_who_loads_it(db, make_user):
    user = make_user("secretary")
    assert import_rule_set(document(), user).owner == user


@pytest.mark.parametrize(
    ("doc", "expected"),
    [
        pytest.param([1, 2], ("file_json", "", "A rule file must be one JSON object."),
                     id="not-an-object"),
        pytest.param(document(format="rikscore.deal"), ("file_format", "format",
                     "This is not a Rikscore rule file: “format” must be "
                     "“rikscore.rules”."), id="format"),
        pytest.param(document(format=...), ("file_format", "format",
                     "This is not a Rikscore rule file: “format” must be "
                     "“rikscore.rules”."), id="format-missing"),
        pytest.param(document(version=3), ("file_version", "version",
                     "Version 3 of the format comes from a newer Rikscore; this "
                     "one reads versions 1 to 2."), id="version-newer"),
        pytest.param(document(version=0), ("file_version", "version",
                     "Version 0 of the format does not exist; this Rikscore "
                     "reads versions 1 to 2."), id="version-older"),
        pytest.param(document(version="1"), ("file_version", "version",
                     "“version” must be a whole number."), id="version-text"),
        pytest.param(document(version=...), ("file_missing", "version",
                     "“version” is missing."), id="version-missing"),
        pytest.param(document(colour="red"), ("file_key", "colour",
                     "Unknown key “colour”."), id="unknown-key"),
        pytest.param(document(name=...), ("file_missing", "name",
                     "“name” is missing."), id="name-missing"),
        pytest.param(document(name="  "), ("file_length", "name",
                     "Must not be empty."), id="name-empty"),
        pytest.param(document(name="x" * 121), ("file_length", "name",
                     "At most 120 characters."), id="name-long"),
        pytest.param(document(name="Club\x07"), ("file_control", "name",
                     "Remove the control character."), id="name-control"),
        pytest.param(document(name=7), ("file_type", "name", "Must be text."),
                     id="name-number"),
        pytest.param(document(slug="our club"), ("file_slug", "slug",
                     "Use only letters, digits, “-” and “_”."), id="slug-space"),
        pytest.param(document(slug="x" * 51), ("file_length", "slug",
                     "At most 50 characters."), id="slug-long"),
        pytest.param(document(description="a\x00b"), ("file_control",
                     "description", "Remove the control character."),
                     id="description-control"),
        pytest.param(document(description="x" * 5001), ("file_length",
                     "description", "At most 5000 characters."),
                     id="description-long"),
        pytest.param(document(preset="bridge"), ("file_preset", "preset",
                     "Unknown preset “bridge”: use nl, pagat or iwwa."),
                     id="preset"),
        pytest.param(document(overrides=[]), ("file_type", "overrides",
                     "Must be a JSON object."), id="overrides-list"),
        pytest.param(document(overrides={"contracts": {"rik": {"base": -5}}}),
                     ("override_number", "overrides.contracts.rik.base",
                      "Must be a whole number from 0 to 10000."),
                     id="override-number"),
        pytest.param(document(overrides={"colour": 1}), ("override_key",
                     "overrides.colour", "Unknown key “colour”."),
                     id="override-key"),
        pytest.param(document(overrides={"contracts": {"abondance-9": {}}}),
                     ("override_contract", "overrides.contracts.abondance-9",
                      "Unknown contract “abondance-9” in preset nl."),
                     id="override-contract-of-another-preset"),
        pytest.param(document(exported="last Tuesday"), ("file_date",
                     "exported", "Must be a date like 2026-11-21 or "
                     "2026-11-21T20:15:00."), id="exported"),
    ],
)  # fmt: skip
def test_every_problem_is_named_with_its_field_and_message(doc, expected):
    assert problems(doc) == [expected]


def test_the_optional_keys_may_be_left_out(db):
    doc = document(description=..., exported=...)
    assert problems(doc) == []
    assert import_rule_set(doc).description == ""
    assert problems(document(exported="2026-11-21")) == []


def test_all_problems_are_listed_at_once():
    overrides = {"contracts": {"rik": {"base": "x", "step": -1}}}
    doc = document(name="", slug="a b", preset="nl", colour=1, overrides=overrides)
    codes = [code for code, _field, _message in problems(doc)]
    assert codes == [
        "file_key",
        "file_length",
        "file_slug",
        "override_number",
        "override_number",
    ]


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        (b"{not json", "This is not a rule file: it is not readable JSON."),
        (b"\xff\xfe{}", "The file is not UTF-8 text."),
        (b" " * 200_001, "The file is larger than 200 kB: not a rule file."),
        (
            b"[" * 100_000 + b"]" * 100_000,
            "This is not a rule file: it is not readable JSON.",
        ),
    ],
)
def test_a_file_that_is_no_json_is_refused_in_words(raw, message):
    with translation.override("en"):
        data, errors = parse(raw)
    assert data is None and [e.message for e in errors] == [message]


def test_a_bom_is_fine():
    for raw in ("\ufeff" + json.dumps(document()), b"\xef\xbb\xbf{}"):
        data, errors = parse(raw)
        assert errors == [] and data in (document(), {})


def test_nothing_is_saved_when_anything_is_wrong(db):
    before = HouseRuleSet.objects.count()
    with pytest.raises(RuleFileError):
        import_rule_set(document(overrides={"contracts": {"rik": {"base": -1}}}))
    with pytest.raises(RuleFileError):
        import_rule_set(document(name="\x1b[31m"))
    assert HouseRuleSet.objects.count() == before


def test_overrides_travel_as_they_are_checked_by_the_house_rules(monkeypatch, db):
    """Whatever ``check_overrides`` accepts passes, and whatever it refuses
    is named under ``overrides.``: a new kind of override needs no change
    to the file format."""
    seen = []

    def check(preset, overrides):
        seen.append((preset, overrides))
        return [Violation("override_new", "shapes.steps", "Not like that.")]

    monkeypatch.setattr(rule_files, "check_overrides", check)
    overrides = {"shapes": {"steps": True}, "contracts": {}}
    assert problems(document(overrides=overrides)) == [
        ("override_new", "overrides.shapes.steps", "Not like that.")
    ]
    assert seen == [("nl", overrides)]


# -- the command line -------------------------------------------------------------


def test_export_rules_and_import_rules(club, tmp_path):
    path = tmp_path / "club.json"
    call_command("export_rules", "club", "-o", str(path), stderr=io.StringIO())
    assert json.loads(path.read_text(encoding="utf-8"))["slug"] == "club"
    out, err = io.StringIO(), io.StringIO()
    call_command("import_rules", str(path), stdout=out, stderr=err)
    assert out.getvalue().strip() == "club-2"
    assert "“club” is taken" in err.getvalue()
    assert HouseRuleSet.objects.get(slug="club-2").overrides == CLUB
    stdout = io.StringIO()
    call_command("export_rules", "club", stdout=stdout)
    assert json.loads(stdout.getvalue())["name"] == "Club rules"


def test_export_rules_names_an_unknown_set(db):
    with pytest.raises(CommandError, match="No house-rule set"):
        call_command("export_rules", "nope")


def test_import_rules_lists_every_problem_and_saves_nothing(db, tmp_path):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(document(slug="a b", preset="bridge")))
    err = io.StringIO()
    with translation.override("en"), pytest.raises(SystemExit) as caught:
        call_command("import_rules", str(path), stderr=err)
    assert caught.value.code == 2
    assert "slug: Use only letters" in err.getvalue()
    assert "[file_preset]" in err.getvalue() and "Nothing was saved." in err.getvalue()
    assert not HouseRuleSet.objects.exists()
    with pytest.raises(SystemExit):
        call_command("import_rules", str(tmp_path / "missing.json"), stderr=err)
    assert "file_unreadable" in err.getvalue()


# -- score_deal --rules-file -------------------------------------------------------


def score_deal(args, record):
    proc = subprocess.run(
        [sys.executable, str(ROOT / "manage.py"), "score_deal", *args],
        input=json.dumps(record).encode(),
        capture_output=True,
        cwd=ROOT,
        env={**os.environ},
        timeout=60,
        check=False,
    )
    assert b"Traceback" not in proc.stdout + proc.stderr
    return proc.returncode, json.loads(proc.stdout)


def test_score_deal_scores_against_a_file_as_against_the_stored_set(club, tmp_path):
    path = tmp_path / "club.json"
    path.write_text(rule_files.dumps(export_rule_set(club)), encoding="utf-8")
    plays = [{"contract": "rik", "declarer": "Anna", "partner": "Bert", "tricks": 7}]
    record = {"rules": "club", "players": P, "plays": plays}
    stored = score_record(record)
    code, out = score_deal(["--rules-file", str(path)], {**record, "rules": "x"})
    assert (code, out) == stored
    # the partner pays too (loss mode both): 15 + 5 for one trick short
    assert out["scores"] == {"Anna": -20, "Bert": -20, "Cor": 20, "Dirk": 20}
    assert HouseRuleSet.objects.count() == 1


def test_score_deal_refuses_a_bad_rules_file_with_exit_2_and_json(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(document(overrides={"contracts": {"rik": 5}})))
    record = {"rules": "nl", "players": P, "plays": []}
    code, out = score_deal(["--rules-file", str(path)], record)
    assert code == 2
    assert out["errors"][0]["code"] == "override_shape"
    assert out["errors"][0]["field"] == "overrides.contracts.rik"
    code, out = score_deal(["--rules-file", str(tmp_path / "none.json")], record)
    assert code == 2 and out["errors"][0]["code"] == "file_unreadable"


def test_score_deal_without_a_file_is_unchanged():
    plays = [{"contract": "misere", "declarer": "Anna", "tricks": 0}]
    code, out = score_deal([], {"rules": "pagat", "players": P, "plays": plays})
    assert code == 0 and out["scores"] == {
        "Anna": 15,
        "Bert": -5,
        "Cor": -5,
        "Dirk": -5,
    }


# -- the web pages -----------------------------------------------------------------


def test_the_rules_page_of_a_set_offers_its_file(client, club):
    html = client.get("/rules/club/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'href="/rules/club/download/"' in html
    response = client.get("/rules/club/download/")
    assert response["Content-Disposition"] == (
        'attachment; filename="club.rikrules.json"'
    )
    assert json.loads(response.content)["overrides"] == CLUB
    assert client.get("/rules/nope/download/").status_code == 404
    assert "/download/" not in client.get("/rules/nl/").content.decode()


def upload(client, content: bytes, **extra):
    from django.core.files.uploadedfile import SimpleUploadedFile

    data = {"file": SimpleUploadedFile("rules.json", content), **extra}
    return client.post("/rules/import/file/", data, HTTP_ACCEPT_LANGUAGE="en")


def test_who_may_make_sets_loads_a_file(client, make_user, club):
    client.force_login(make_user("organiser", organiser=True))
    overview = client.get("/rules/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'href="/rules/import/file/"' in overview
    response = upload(client, rule_files.dumps(export_rule_set(club)).encode())
    assert response.status_code == 302 and response["Location"] == "/rules/club-2/"
    page = client.get("/rules/club-2/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "it got the code “club-2”" in page
    assert (
        upload(client, json.dumps(document()).encode(), slug="ours")["Location"]
        == "/rules/ours/"
    )


def test_a_bad_file_is_named_in_words_and_nothing_saved(client, make_user):
    client.force_login(make_user("organiser", organiser=True))
    bad = document(name="", overrides={"contracts": {"rik": {"base": -5}}})
    response = upload(client, json.dumps(bad).encode())
    html = response.content.decode()
    assert response.status_code == 200
    assert "Name: Must not be empty." in html
    assert "Rik · Base: Must be a whole number from 0 to 10000." in html
    assert "nothing was saved" in html
    assert "not readable JSON" in upload(client, b"{oops").content.decode()
    assert not HouseRuleSet.objects.exists()


def test_loading_a_file_needs_the_right_to_make_sets(client, make_user):
    assert client.get("/rules/import/file/").status_code == 302  # to the login
    client.force_login(make_user("player"))
    assert client.get("/rules/import/file/").status_code == 403
    assert upload(client, json.dumps(document()).encode()).status_code == 403
    assert 'href="/rules/import/file/"' not in client.get("/rules/").content.decode()
    assert not HouseRuleSet.objects.exists()


def test_the_structural_options_travel_in_a_file_too(db):
    from rules.engine.house_rules import TOP_KEYS

    if "shapes" not in TOP_KEYS:
        pytest.skip("no structural options in this tree")
    overrides = {"shapes": {"pair_pays_each": ["rik"], "failed_step": {"piek": 10}}}
    doc = json.loads(rule_files.dumps(document(overrides=overrides)))
    loaded = import_rule_set(doc)
    assert loaded.overrides == overrides
    assert export_rule_set(loaded)["overrides"] == overrides
    bad = document(overrides={"shapes": {"failed_step": {"rik": 10}}})
    assert [field for _c, field, _m in problems(bad)] == [
        "overrides.shapes.failed_step.rik"
    ]


def test_the_example_in_the_documentation_loads(db):
    text = (ROOT / "docs" / "rule-files.md").read_text(encoding="utf-8")
    example = text.split("```json\n", 1)[1].split("```", 1)[0]
    loaded = import_rule_set(json.loads(example))
    assert loaded.slug == "geertruidenberg"
    assert loaded.schedule().contract("piek").value == 25
