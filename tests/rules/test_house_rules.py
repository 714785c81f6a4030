"""House-rule sets: checking and applying overrides (pure), and the stored model
(database tests, marked).
"""

import io
import json
import sys

import pytest
from django.core.exceptions import ValidationError
from django.core.management import call_command

from rules.engine.house_rules import (
    InvalidOverridesError,
    apply_overrides,
    check_overrides,
)
from rules.engine.presets import PAGAT_VARIANTS, get_preset
from rules.engine.types import LossMode
from rules.engine.validation import validate_record
from rules.models import HouseRuleSet
from rules.resolver import resolve_schedule
from scoring.settlement import settle

P = ["Anna", "Bert", "Cor", "Dirk"]


def scores(schedule, plays, sanctions=()):
    record = {"rules": schedule.code, "players": P, "plays": plays}
    if sanctions:
        record["sanctions"] = list(sanctions)
    result = validate_record(record, {schedule.code: schedule}.get)
    assert result.ok, result.violations
    out = settle(result.deal).scores
    assert sum(out.values()) == 0
    return [out[p] for p in P]


RIK_7 = [{"contract": "rik", "declarer": "Anna", "partner": "Bert", "tricks": 7}]

# ---- check_overrides ---------------------------------------------------------

REJECTED = [
    pytest.param("nl", {"colour": 1}, "colour", id="unknown-top-key"),
    pytest.param("nl", {"contracts": {"abondance-9": {"value": 5}}},
                 "contracts.abondance-9", id="unknown-contract"),
    pytest.param("nl", {"contracts": {"rik": {"colour": 1}}}, "contracts.rik.colour",
                 id="unknown-contract-key"),
    pytest.param("nl", {"contracts": {"rik": {"base": -5}}}, "contracts.rik.base",
                 id="negative"),
    pytest.param("nl", {"contracts": {"rik": {"base": True}}}, "contracts.rik.base",
                 id="bool-as-number"),
    pytest.param("nl", {"contracts": {"rik": {"step": "5"}}}, "contracts.rik.step",
                 id="string-as-number"),
    pytest.param("nl", {"contracts": {"rik": {"bonus13": 2.5}}},
                 "contracts.rik.bonus13", id="float-as-number"),
    pytest.param("nl", {"contracts": {"rik": {"base": 10_001}}}, "contracts.rik.base",
                 id="too-large"),
    pytest.param("nl", {"contracts": {"rik": {"loss_mode": "partner"}}},
                 "contracts.rik.loss_mode", id="wrong-loss-mode"),
    pytest.param("nl", {"contracts": {"rik": {"loss_mode": ["both"]}}},
                 "contracts.rik.loss_mode", id="loss-mode-not-a-string"),
    pytest.param("nl", {"contracts": {"rik": {"value": 5}}}, "contracts.rik.value",
                 id="value-on-a-team-contract"),
    pytest.param("nl", {"contracts": {"misere": {"loss_mode": "both"}}},
                 "contracts.misere.loss_mode", id="loss-mode-on-misere"),
    pytest.param("nl", {"contracts": {"rik": {"enabled": "no"}}},
                 "contracts.rik.enabled", id="flag-not-bool"),
    pytest.param("iwwa", {"contracts": {"solo": {"jury": 1}}}, "contracts.solo.jury",
                 id="jury-not-bool"),
    pytest.param("nl", {"contracts": {"rik": 10}}, "contracts.rik",
                 id="contract-not-object"),
    pytest.param("nl", {"contracts": []}, "contracts", id="contracts-not-object"),
    pytest.param("pagat", {"variants": ["solo-6"]}, "variants", id="unknown-variant"),
    pytest.param("nl", {"variants": ["solo-7"]}, "variants", id="variant-of-pagat"),
    pytest.param("pagat", {"variants": "solo-7"}, "variants", id="variants-not-list"),
    pytest.param("iwwa", {"solo_limit": 0}, "solo_limit", id="solo-limit-zero"),
    pytest.param("iwwa", {"solo_limit": True}, "solo_limit", id="solo-limit-bool"),
    pytest.param("iwwa", {"sanctions": {"turn-up-forgotten": 4}},
                 "sanctions.turn-up-forgotten", id="sanction-not-multiple-of-3"),
    pytest.param("iwwa", {"sanctions": {"troel-not-announced": -15}},
                 "sanctions.troel-not-announced", id="sanction-negative"),
    pytest.param("iwwa", {"sanctions": {"jury-not-called": 303}},
                 "sanctions.jury-not-called", id="sanction-over-300"),
    pytest.param("iwwa", {"sanctions": {"jury-not-called": 18}},
                 "sanctions.jury-not-called", id="jury-over-003-maximum-15"),
    pytest.param("iwwa", {"sanctions": {"turn-up-forgotten": 12}},
                 "sanctions.turn-up-forgotten", id="turn-up-over-ceiling-9"),
    pytest.param("iwwa", {"sanctions": {"troel-not-announced": 48}},
                 "sanctions.troel-not-announced", id="troel-over-ceiling-45"),
    pytest.param("nl", {"sanctions": {"turn-up-forgotten": 3}},
                 "sanctions.turn-up-forgotten", id="sanction-not-in-preset"),
    pytest.param("nl", {"sanctions": {"penalty": 3}}, "sanctions.penalty",
                 id="penalty-has-no-amount"),
    pytest.param("nl", ["contracts"], "overrides", id="not-an-object"),
    pytest.param("whist", {}, "preset", id="unknown-preset"),
]  # fmt: skip


@pytest.mark.parametrize(("preset", "overrides", "key"), REJECTED)
def test_it_rejects_bad_overrides_naming_the_key(preset, overrides, key):
    errors = check_overrides(preset, overrides)
    assert key in [e.field for e in errors]
    assert all(isinstance(e.message, str) and e.message for e in errors)
    assert all(e.code.startswith("override_") for e in errors)


def test_it_names_unknown_keys_in_the_message():
    [error] = check_overrides("nl", {"colour": 1})
    assert (error.field, error.code) == ("colour", "override_key")
    assert "colour" in error.message
    [error] = check_overrides("nl", {"contracts": {"whist": {}}})
    assert error.code == "override_contract" and "whist" in error.message


def test_it_reports_every_bad_override():
    overrides = {
        "colour": 1,
        "contracts": {"rik": {"base": -1, "loss_mode": "x"}},
        "variants": ["x"],
    }
    keys = {e.field for e in check_overrides("pagat", overrides)}
    assert keys == {
        "colour",
        "contracts.rik.base",
        "contracts.rik.loss_mode",
        "variants",
    }


@pytest.mark.parametrize(
    ("preset", "overrides"),
    [
        ("nl", {}),
        ("nl", {"contracts": {"rik": {"loss_mode": "both", "base": 20}}}),
        ("pagat", {"variants": list(PAGAT_VARIANTS)}),
        ("pagat", {"contracts": {"schoppen-mie": {"unit": 5}}}),
        ("iwwa", {"solo_limit": 3, "sanctions": {"jury-not-called": 12}}),
        ("iwwa", {"sanctions": {"turn-up-forgotten": 9, "troel-not-announced": 45}}),
        ("iwwa", {"contracts": {"solo": {"jury": False, "value": 0}}}),
        ("nl", {"contracts": {"piek": {"enabled": False}}}),
    ],
)
def test_it_accepts_good_overrides(preset, overrides):
    assert check_overrides(preset, overrides) == []


def test_apply_refuses_unchecked_overrides():
    with pytest.raises(InvalidOverridesError):
        apply_overrides("nl", {"contracts": {"rik": {"base": -1}}}, "x", "x")


# ---- apply_overrides flows through settlement -------------------------------


def test_it_switches_nl_rik_to_both_pay_as_in_source_004():
    # 004:40-42: 10 + 5 per down trick, paid by both of the pair.
    nl = get_preset("nl")
    club = apply_overrides(
        "nl", {"contracts": {"rik": {"loss_mode": "both"}}}, "c", "c"
    )
    assert club.contract("rik").loss_mode is LossMode.BOTH
    assert scores(nl, RIK_7) == [-30, 0, 15, 15]
    assert scores(club, RIK_7) == [-15, -15, 15, 15]
    # the preset itself is untouched
    assert get_preset("nl").contract("rik").loss_mode is LossMode.DECLARER


def test_it_changes_base_step_and_bonus():
    club = apply_overrides(
        "nl", {"contracts": {"rik": {"base": 20, "step": 10, "bonus13": 0}}}, "c", "c"
    )
    made = [{"contract": "rik", "declarer": "Anna", "partner": "Bert", "tricks": 13}]
    assert scores(club, made) == [70, 70, -70, -70]
    assert scores(club, RIK_7) == [-60, 0, 30, 30]


def test_it_changes_a_fixed_value_and_the_all_pass_unit():
    club = apply_overrides(
        "nl",
        {"contracts": {"misere": {"value": 40}, "schoppen-mie": {"unit": 10}}},
        "c",
        "c",
    )
    misere = [{"contract": "misere", "declarer": "Cor", "tricks": 0}]
    assert scores(club, misere) == [-40, -40, 120, -40]
    mie = [
        {"contract": "schoppen-mie", "queen_of_spades": "Dirk", "last_trick": "Dirk"}
    ]
    assert scores(club, mie) == [10, 10, 10, -30]


def test_it_disables_a_contract():
    club = apply_overrides("nl", {"contracts": {"piek": {"enabled": False}}}, "c", "c")
    plays = [{"contract": "piek", "declarer": "Anna", "tricks": 1}]
    record = {"rules": "c", "players": P, "plays": plays}
    result = validate_record(record, {"c": club}.get)
    assert [v.code for v in result.violations] == ["unknown_contract"]


def test_pagat_variants_enable_their_contracts():
    pagat = get_preset("pagat")
    variant_codes = {
        "solo-7",
        "solo-8-beter",
        "solo-13-beter",
        "schoppen-mie",
        "een-vijf-elf",
    }
    assert all(pagat.contract(c) is None for c in variant_codes)
    every = apply_overrides("pagat", {"variants": list(PAGAT_VARIANTS)}, "all", "all")
    assert all(every.contract(c) is not None for c in variant_codes)
    only_7 = apply_overrides("pagat", {"variants": ["solo-7"]}, "s7", "s7")
    assert only_7.contract("solo-7") is not None
    assert only_7.contract("schoppen-mie") is None
    solo_7 = [{"contract": "solo-7", "declarer": "Anna", "tricks": 8}]
    assert scores(only_7, solo_7) == [6, -2, -2, -2]


def test_it_changes_sanction_amounts():
    club = apply_overrides(
        "iwwa",
        {"sanctions": {"turn-up-forgotten": 6, "jury-not-called": 12}},
        "c",
        "c",
    )
    turn_up = [{"code": "turn-up-forgotten", "player": "Dirk"}]
    assert scores(club, [], turn_up) == [2, 2, 2, -6]
    solo = [{"contract": "solo", "declarer": "Anna", "tricks": 13}]
    fine = [{"code": "jury-not-called", "player": "Anna", "points": 12}]
    assert scores(club, solo, fine) == [48, -16, -16, -16]


def test_a_jury_contract_brings_the_jury_sanction_along():
    club = apply_overrides(
        "pagat", {"contracts": {"solo-13": {"jury": True}}}, "c", "c"
    )
    assert "jury-not-called" in club.sanctions
    plays = [{"contract": "solo-13", "declarer": "Anna", "tricks": 13}]
    record = {"rules": "c", "players": P, "plays": plays}
    result = validate_record(record, {"c": club}.get)
    assert [v.code for v in result.violations] == ["jury_required"]
    record["sanctions"] = [{"code": "jury-not-called", "player": "Anna", "points": 15}]
    result = validate_record(record, {"c": club}.get)
    assert result.ok
    assert settle(result.deal).scores == {
        "Anna": 30,
        "Bert": -10,
        "Cor": -10,
        "Dirk": -10,
    }


def test_it_changes_the_solo_limit():
    club = apply_overrides("iwwa", {"solo_limit": 3}, "c", "c")
    plays = [{"contract": "misere", "declarer": "Anna", "tricks": 0}]

    def codes(schedule, made):
        record = {
            "rules": schedule.code,
            "players": P,
            "plays": plays,
            "context": {"solo_made": {"Anna": made}},
        }
        result = validate_record(record, {schedule.code: schedule}.get)
        return [v.code for v in result.violations]

    assert codes(get_preset("iwwa"), 2) == ["solo_limit"]
    assert codes(club, 2) == []
    assert codes(club, 3) == ["solo_limit"]


# ---- the stored model (database) --------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("overrides", "key"),
    [
        ({"contracts": {"rik": {"base": -5}}}, "contracts.rik.base"),
        ({"colour": "red"}, "colour"),
        ({"contracts": {"rik": {"loss_mode": "partner"}}}, "contracts.rik.loss_mode"),
        ({"sanctions": {"penalty": 3}}, "sanctions.penalty"),
    ],
)
def test_save_refuses_bad_overrides_naming_the_key(overrides, key):
    rule_set = HouseRuleSet(slug="club", name="Club", preset="nl", overrides=overrides)
    with pytest.raises(ValidationError) as info:
        rule_set.save()
    messages = info.value.message_dict["overrides"]
    assert any(key in m for m in messages)
    assert not HouseRuleSet.objects.exists()


@pytest.mark.django_db
def test_save_refuses_a_preset_code_as_slug():
    with pytest.raises(ValidationError) as info:
        HouseRuleSet(slug="nl", name="Copy", preset="nl").save()
    assert "slug" in info.value.message_dict


@pytest.fixture
def club(db):
    return HouseRuleSet.objects.create(
        slug="geertruidenberg",
        name="Geertruidenberg",
        preset="nl",
        overrides={"contracts": {"rik": {"loss_mode": "both"}}},
    )


@pytest.mark.django_db
def test_a_stored_set_resolves_by_slug(club):
    schedule = resolve_schedule("geertruidenberg")
    assert schedule is not None
    assert schedule.code == "geertruidenberg"
    assert schedule.contract("rik").loss_mode is LossMode.BOTH
    assert resolve_schedule("no-such-set") is None
    record = {"rules": "geertruidenberg", "players": P, "plays": RIK_7}
    result = validate_record(record, resolve_schedule)
    assert result.ok
    assert list(settle(result.deal).scores.values()) == [-15, -15, 15, 15]


@pytest.mark.django_db
def test_score_deal_scores_with_a_stored_set(club, monkeypatch, capsys):
    record = {"rules": "geertruidenberg", "players": P, "plays": RIK_7}
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(record)))
    with pytest.raises(SystemExit) as exit_info:
        call_command("score_deal")
    assert exit_info.value.code == 0
    out = json.loads(capsys.readouterr().out)
    assert out["scores"] == {"Anna": -15, "Bert": -15, "Cor": 15, "Dirk": 15}


@pytest.mark.django_db
def test_score_deal_refuses_an_unknown_slug(monkeypatch, capsys):
    record = {"rules": "no-such-set", "players": P, "plays": []}
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(record)))
    with pytest.raises(SystemExit) as exit_info:
        call_command("score_deal")
    assert exit_info.value.code == 2
    out = json.loads(capsys.readouterr().out)
    assert [e["code"] for e in out["errors"]] == ["unknown_rules"]
