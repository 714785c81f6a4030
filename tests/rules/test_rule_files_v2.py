"""Version 2 of the rule-file format (issue 29): it carries the shapes
``failed_step_from``, ``failed_prices`` and ``penalty_points``; version-1 files
still load as they always did, a version-1 file holding a version-2 shape is
refused with the reason, a newer version is refused as before, and export
writes version 2 (docs/rule-files.md)."""

import json

import pytest
from django.utils import translation

from rules import rule_files
from rules.models import HouseRuleSet
from rules.rule_files import (
    V2_SHAPES,
    VERSION,
    check_document,
    export_rule_set,
    import_rule_set,
    read_document,
    schedule_of,
)

NEW = {
    "contracts": {"rik": {"base": 2, "step": 2, "bonus13": 2}},
    "shapes": {
        "failed_step": {"piek": 1},
        "failed_step_from": {"piek": 2},
        "failed_prices": {"rik": {"base": 4, "step": 4}, "misere": {"base": 15}},
        "penalty_points": True,
    },
}


def document(version=2, overrides=None, **changes) -> dict:
    doc = {
        "format": "rikscore.rules",
        "version": version,
        "name": "Strafpuntenclub",
        "slug": "strafpunten",
        "preset": "pagat",
        "description": "Laagste totaal wint.",
        "overrides": NEW if overrides is None else overrides,
        "exported": "2026-11-25T20:00:00+00:00",
    }
    return {**doc, **changes}


def problems(doc) -> list[tuple[str, str, str]]:
    with translation.override("en"):
        return [(v.code, v.field, v.message) for v in check_document(doc)]


def test_the_format_is_version_2_and_names_its_new_shapes():
    assert VERSION == 2
    assert V2_SHAPES == ("failed_step_from", "failed_prices", "penalty_points")


def test_a_version_2_file_carries_the_new_shapes_there_and_back(db):
    loaded = import_rule_set(json.loads(rule_files.dumps(document())))
    assert loaded.overrides == NEW
    exported = export_rule_set(loaded)
    assert exported["version"] == 2 and exported["overrides"] == NEW
    again = import_rule_set(json.loads(rule_files.dumps(exported)))
    assert again.slug == "strafpunten-2" and again.overrides == NEW
    schedule = again.schedule()
    assert schedule.shapes["penalty_points"] is True
    assert schedule.contracts["piek"].fail_from == 2
    assert schedule.contracts["rik"].lost_base == 4


def test_a_file_scores_as_the_set_without_storing_it():
    schedule = schedule_of(read_document(rule_files.dumps(document())))
    assert schedule.contracts["misere"].lost_base == 15
    assert schedule.shapes["penalty_points"] is True


def test_a_version_1_file_still_loads(db):
    old = document(
        version=1,
        overrides={"shapes": {"failed_step": {"piek": 10}}, "solo_limit": 3},
        preset="nl",
    )
    assert problems(old) == []
    loaded = import_rule_set(old)
    assert loaded.overrides == {
        "shapes": {"failed_step": {"piek": 10}},
        "solo_limit": 3,
    }
    piek = loaded.schedule().contracts["piek"]
    assert (piek.fail_step, piek.fail_from, piek.lost_base) == (10, 1, None)
    # what it exports is version 2 now
    assert export_rule_set(loaded)["version"] == 2


def test_a_version_1_file_with_a_version_2_shape_is_refused_with_the_reason(db):
    found = problems(document(version=1))
    assert [(c, f) for c, f, _m in found] == [
        ("file_version", "overrides.shapes.failed_step_from"),
        ("file_version", "overrides.shapes.failed_prices"),
        ("file_version", "overrides.shapes.penalty_points"),
    ]
    assert found[2][2] == (
        "“penalty_points” came with version 2 of the format: a version-1 file "
        'cannot hold it. Write "version": 2.'
    )
    with pytest.raises(rule_files.RuleFileError):
        import_rule_set(document(version=1))
    assert not HouseRuleSet.objects.exists()


@pytest.mark.parametrize(
    ("version", "message"),
    [
        (3, "Version 3 of the format comes from a newer Rikscore; this one reads "
            "versions 1 to 2."),
        (0, "Version 0 of the format does not exist; this Rikscore reads versions "
            "1 to 2."),
    ],
)  # fmt: skip
def test_other_versions_are_refused_as_before(version, message):
    assert problems(document(version=version)) == [("file_version", "version", message)]


def test_a_bad_new_shape_in_a_file_is_named_with_its_field():
    bad = document(
        overrides={"shapes": {"failed_prices": {"rik": {"base": 4, "stap": 4}}}}
    )
    assert [(c, f) for c, f, _m in problems(bad)] == [
        ("shape_price_key", "overrides.shapes.failed_prices.rik.stap")
    ]
    no_step = document(overrides={"shapes": {"failed_step_from": {"misere": 2}}})
    assert [c for c, _f, _m in problems(no_step)] == ["shape_from_no_step"]


def test_the_upload_page_names_a_bad_new_shape_in_words(client, make_user):
    from django.core.files.uploadedfile import SimpleUploadedFile

    client.force_login(make_user("organiser", organiser=True))
    bad = document(overrides={"shapes": {"failed_prices": {"rik": {"base": -4}}}})
    upload = SimpleUploadedFile("rules.json", json.dumps(bad).encode())
    response = client.post(
        "/rules/import/file/", {"file": upload}, HTTP_ACCEPT_LANGUAGE="en"
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert (
        "Rik · Failed: own base and step · Failed base: Must be a whole number "
        "from 0 to 10000." in html
    )
    assert not HouseRuleSet.objects.exists()
