"""Checking the shapes of a house-rule set: one error code per kind of
problem, each naming the field; and the one deal check a shape changes
(several open piek / open misère declarers). Pure, but for the model test."""

import pytest
from django.core.exceptions import ValidationError
from django.utils import translation

from rules.engine.house_rules import (
    SHAPE_APPLIES,
    SHAPE_FORMS,
    apply_overrides,
    check_overrides,
    shape_contracts,
)
from rules.engine.presets import PRESETS, get_preset
from rules.engine.problems import PROBLEMS
from rules.engine.validation import validate_record
from rules.models import HouseRuleSet

P = ["Anna", "Bert", "Cor", "Dirk"]
SHAPE_CODES = {"shape_unknown", "shape_format", "shape_contract",
               "shape_not_applicable", "shape_duplicate", "shape_amount"}  # fmt: skip


def problems(preset, shapes):
    with translation.override("en"):
        return [
            (v.code, v.field, v.message)
            for v in check_overrides(preset, {"shapes": shapes})
        ]


REJECTED = [
    # (preset, shapes, code, field, a word the message names)
    ("nl", {"double_rik": True}, "shape_unknown", "shapes.double_rik", "double_rik"),
    ("nl", {"failed_step": [10]}, "shape_format", "shapes.failed_step", "map"),
    ("nl", {"solo13_steps": 10}, "shape_format", "shapes.solo13_steps", "map"),
    ("nl", {"pair_pays_each": True}, "shape_format", "shapes.pair_pays_each",
     "list"),
    ("nl", {"open_simultaneous": "open-piek"}, "shape_format",
     "shapes.open_simultaneous", "list"),
    ("nl", {"open_simultaneous": [7]}, "shape_format",
     "shapes.open_simultaneous[0]", "contract"),
    ("nl", {"mie_double": "yes"}, "shape_format", "shapes.mie_double", "true"),
    ("nl", {"mie_double": 1}, "shape_format", "shapes.mie_double", "true"),
    ("nl", {"failed_step": {"misery": 10}}, "shape_contract",
     "shapes.failed_step.misery", "misery"),
    ("nl", {"pair_pays_each": ["troel"]}, "shape_contract",
     "shapes.pair_pays_each.troel", "troel"),
    ("nl", {"solo13_steps": {"solo-12": 5}}, "shape_not_applicable",
     "shapes.solo13_steps.solo-12", "13"),
    ("nl", {"open_simultaneous": ["piek"]}, "shape_not_applicable",
     "shapes.open_simultaneous.piek", "open piek"),
    ("pagat", {"open_simultaneous": ["open-piek"]}, "shape_not_applicable",
     "shapes.open_simultaneous.open-piek", "open piek"),
    ("nl", {"failed_step": {"solo-8": 5}}, "shape_not_applicable",
     "shapes.failed_step.solo-8", "misère"),
    ("nl", {"pair_pays_each": ["solo-8"]}, "shape_not_applicable",
     "shapes.pair_pays_each.solo-8", "partner"),
    ("nl", {"abondance_flat": {"solo-13": 70}}, "shape_not_applicable",
     "shapes.abondance_flat.solo-13", "per trick"),
    ("iwwa", {"abondance_flat": {"abondance-9": 5}}, "shape_not_applicable",
     "shapes.abondance_flat.abondance-9", "per trick"),
    ("iwwa", {"mie_double": True}, "shape_not_applicable", "shapes.mie_double",
     "iwwa"),
    ("nl", {"pair_pays_each": ["rik", "rik"]}, "shape_duplicate",
     "shapes.pair_pays_each.rik", "twice"),
    ("nl", {"failed_step": {"misere": 0}}, "shape_amount",
     "shapes.failed_step.misere", "1 to 10000"),
    ("nl", {"abondance_flat": {"solo-9": 10_001}}, "shape_amount",
     "shapes.abondance_flat.solo-9", "10000"),
    ("nl", {"solo13_steps": {"solo-13": "10"}}, "shape_amount",
     "shapes.solo13_steps.solo-13", "whole number"),
    ("nl", {"solo13_steps": {"solo-13": True}}, "shape_amount",
     "shapes.solo13_steps.solo-13", "whole number"),
    ("nl", {"failed_step": {"piek": 2.5}}, "shape_amount",
     "shapes.failed_step.piek", "whole number"),
]  # fmt: skip


@pytest.mark.parametrize(("preset", "shapes", "code", "field", "word"), REJECTED)
def test_every_kind_of_problem_has_its_code_and_names_the_field(
    preset, shapes, code, field, word
):
    found = problems(preset, shapes)
    assert [(c, f) for c, f, _m in found] == [(code, field)]
    assert word.lower() in found[0][2].lower()


def test_every_shape_code_is_registered_explained_and_tested():
    assert set(PROBLEMS) >= SHAPE_CODES
    assert {code for _p, _s, code, _f, _w in REJECTED} == SHAPE_CODES
    for code in SHAPE_CODES:
        assert str(PROBLEMS[code].help_text).strip()


def test_shapes_that_are_no_object_are_the_overrides_own_problem():
    with translation.override("en"):
        [v] = check_overrides("nl", {"shapes": ["mie_double"]})
    assert (v.code, v.field) == ("override_shape", "shapes")
    assert "shapes" in v.message


def test_it_reports_every_problem_at_once():
    found = problems(
        "nl", {"x": 1, "failed_step": {"rik": 5, "misere": -1}, "mie_double": None}
    )
    assert [(c, f) for c, f, _m in found] == [
        ("shape_unknown", "shapes.x"),
        ("shape_not_applicable", "shapes.failed_step.rik"),
        ("shape_amount", "shapes.failed_step.misere"),
        ("shape_format", "shapes.mie_double"),
    ]


@pytest.mark.parametrize(
    ("preset", "shapes"),
    [
        ("nl", {}),
        ("nl", {"mie_double": False, "open_simultaneous": [], "failed_step": {}}),
        ("nl", {"solo13_steps": {"solo-13": 10, "solo-13-beter": 10},
                "open_simultaneous": ["open-piek", "open-misere",
                                      "open-piek-praatje", "open-misere-praatje"],
                "mie_double": True,
                "failed_step": {"piek": 10, "misere": 10, "open-piek": 20},
                "pair_pays_each": ["troela", "rik", "rik-beter"],
                "abondance_flat": {"solo-8": 10, "solo-12-beter": 60}}),
        ("pagat", {"mie_double": True, "abondance_flat": {"solo-7": 1},
                   "solo13_steps": {"open-solo-13": 2}}),
        ("iwwa", {"solo13_steps": {"solo": 5, "solo-slim": 5},
                  "failed_step": {"open-misere": 2},
                  "pair_pays_each": ["troel", "troela"]}),
    ],
)  # fmt: skip
def test_it_accepts_good_shapes(preset, shapes):
    assert check_overrides(preset, {"shapes": shapes}) == []


def test_every_shape_applies_somewhere_and_the_editor_order_is_the_issues():
    assert (
        list(SHAPE_FORMS)
        == list(SHAPE_APPLIES)
        == [
            "solo13_steps",
            "open_simultaneous",
            "mie_double",
            "failed_step",
            "pair_pays_each",
            "abondance_flat",
            "failed_step_from",
            "failed_prices",
            "penalty_points",
        ]
    )
    for key in SHAPE_FORMS:
        assert any(shape_contracts(get_preset(p), key) for p in PRESETS), key


def test_only_what_changes_something_is_kept_on_the_schedule():
    club = apply_overrides(
        "nl",
        {"shapes": {"mie_double": False, "failed_step": {}, "pair_pays_each": ["rik"]}},
        "c",
        "c",
    )
    assert club.shapes == {"pair_pays_each": ["rik"]}


# ---- the deal check a shape changes ------------------------------------------


def codes(schedule, plays):
    record = {"rules": schedule.code, "players": P, "plays": plays}
    return [
        v.code
        for v in validate_record(record, {schedule.code: schedule}.get).violations
    ]


def two(contract, other=None, tricks=(1, 1)):
    return [
        {"contract": contract, "declarer": "Anna", "tricks": tricks[0]},
        {"contract": other or contract, "declarer": "Bert", "tricks": tricks[1]},
    ]


OPEN = apply_overrides(
    "nl", {"shapes": {"open_simultaneous": ["open-piek", "open-misere"]}}, "c", "c"
)


def test_nl_refuses_two_open_piek_declarers_without_the_shape():
    """rulesets.md: in nl the open contracts may not be played together."""
    assert codes(get_preset("nl"), two("open-piek")) == ["simultaneous_not_allowed"]


def test_the_shape_allows_several_declarers_of_the_contracts_it_names():
    assert codes(OPEN, two("open-piek")) == []
    assert codes(OPEN, two("open-misere", tricks=(0, 3))) == []
    three = [
        *two("open-piek"),
        {"contract": "open-piek", "declarer": "Cor", "tricks": 2},
    ]
    assert codes(OPEN, three) == []


def test_only_the_same_open_contract_and_only_those_named():
    # open piek with open misère: two bids of different levels (002:46-49)
    assert codes(OPEN, two("open-piek", "open-misere", (1, 0))) == [
        "simultaneous_not_allowed"
    ]
    # not named: still one declarer only
    assert codes(OPEN, two("open-piek-praatje")) == ["simultaneous_not_allowed"]
    # the other checks of simultaneous plays still hold
    assert codes(OPEN, two("open-piek", tricks=(7, 7))) == ["tricks_total"]
    same = [{"contract": "open-piek", "declarer": "Anna", "tricks": 1}] * 2
    assert codes(OPEN, same) == ["simultaneous_not_allowed"]
    # piek and misère keep their own groups
    assert codes(OPEN, two("piek", "open-piek")) == ["simultaneous_not_allowed"]


# ---- the stored model ---------------------------------------------------------


@pytest.mark.django_db
def test_save_refuses_bad_shapes_naming_the_key():
    overrides = {"shapes": {"failed_step": {"rik": 5}}}
    rule_set = HouseRuleSet(slug="club", name="Club", preset="nl", overrides=overrides)
    with pytest.raises(ValidationError) as info:
        rule_set.save()
    [message] = info.value.message_dict["overrides"]
    assert message.startswith("shapes.failed_step.rik: ")
    assert not HouseRuleSet.objects.exists()
