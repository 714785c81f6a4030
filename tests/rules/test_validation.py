"""Validation of deal records: every error code of deal-record.md, its field and
its message. Pure: the resolver is ``get_preset``, no database.
"""

import copy
from pathlib import Path

import pytest
from django.conf import settings
from django.utils import translation

from rules.engine.presets import get_preset
from rules.engine.validation import validate_record
from tests.rules.error_codes import CODES

P = ["Anna", "Bert", "Cor", "Dirk"]


def rec(rules="pagat", plays=None, **extra):
    if plays is None:
        plays = [
            {"contract": "rik", "declarer": "Anna", "partner": "Bert", "tricks": 8}
        ]
    return {"rules": rules, "players": list(P), "plays": plays, **extra}


def one(contract, tricks=0, declarer="Anna", **extra):
    return {"contract": contract, "declarer": declarer, "tricks": tricks, **extra}


def sanction(code, player="Anna", **extra):
    return {"code": code, "player": player, **extra}


def iwwa_misere(count, **extra):
    return rec("iwwa", [one("misere", **extra)], context={"solo_made": {"Anna": count}})


CASES = [
    # bad_json
    pytest.param([1, 2], "bad_json", "", id="bad_json-list"),
    pytest.param("rik", "bad_json", "", id="bad_json-string"),
    pytest.param(None, "bad_json", "", id="bad_json-null"),
    # unknown_field
    pytest.param(rec(dealer="Dirk"), "unknown_field", "dealer", id="top-level"),
    pytest.param(rec(plays=[{**one("misere"), "bid": 1}]), "unknown_field",
                 "plays[0].bid", id="in-play"),
    pytest.param(rec(sanctions=[sanction("penalty", points=3, reason="x")]),
                 "unknown_field", "sanctions[0].reason", id="in-sanction"),
    pytest.param(rec(context={"round": 3}), "unknown_field", "context.round",
                 id="in-context"),
    pytest.param(rec(context=[]), "bad_context", "context", id="context-not-object"),
    # blind_declares: a table of three (000, "Rikken for three players")
    pytest.param(rec(plays=[one("misere", declarer="Cor")], blind="Cor"),
                 "blind_declares", "plays[0].declarer", id="blind-declares"),
    # unknown_rules
    pytest.param(rec("bridge"), "unknown_rules", "rules", id="unknown-name"),
    pytest.param(rec(""), "unknown_rules", "rules", id="empty"),
    pytest.param(rec(7), "unknown_rules", "rules", id="not-a-string"),
    pytest.param({"players": P, "plays": []}, "unknown_rules", "rules", id="absent"),
    # bad_players
    pytest.param({**rec(), "players": P[:3]}, "bad_players", "players", id="three"),
    pytest.param({**rec(), "players": [*P, "Eve"]}, "bad_players", "players",
                 id="five"),
    pytest.param({**rec(), "players": ["Anna", "Anna", "Cor", "Dirk"]}, "bad_players",
                 "players", id="duplicate"),
    pytest.param({**rec(), "players": ["Anna", " ", "Cor", "Dirk"]}, "bad_players",
                 "players", id="blank"),
    pytest.param({**rec(), "players": ["Anna", 2, "Cor", "Dirk"]}, "bad_players",
                 "players", id="not-a-string"),
    pytest.param({"rules": "nl", "plays": []}, "bad_players", "players", id="absent"),
    # unknown_player
    pytest.param(rec(plays=[one("misere", declarer="Eve")]), "unknown_player",
                 "plays[0].declarer", id="declarer"),
    pytest.param(rec(plays=[{**one("rik", 8), "partner": "Eve"}]), "unknown_player",
                 "plays[0].partner", id="partner"),
    pytest.param(rec(plays=[], sanctions=[sanction("penalty", "Eve", points=3)]),
                 "unknown_player", "sanctions[0].player", id="sanction"),
    pytest.param(rec("nl", [{"contract": "schoppen-mie", "queen_of_spades": "Eve",
                             "last_trick": "Anna"}]),
                 "unknown_player", "plays[0].queen_of_spades", id="queen"),
    pytest.param(rec("nl", [{"contract": "een-of-vijf", "tricks_by_player": {
                     "Anna": 1, "Bert": 5, "Cor": 3, "Eve": 4}}]),
                 "unknown_player", "plays[0].tricks_by_player.Eve", id="trick-count"),
    pytest.param(rec("iwwa", context={"solo_made": {"Eve": 1}}), "unknown_player",
                 "context.solo_made.Eve", id="context"),
    # unknown_contract
    pytest.param(rec(plays=[one("bridge")]), "unknown_contract", "plays[0].contract",
                 id="no-such-code"),
    pytest.param(rec(plays=[one("solo-7", 7)]), "unknown_contract",
                 "plays[0].contract", id="pagat-variant-disabled"),
    pytest.param(rec(plays=[{"contract": "schoppen-mie", "queen_of_spades": "Anna",
                             "last_trick": "Bert"}]),
                 "unknown_contract", "plays[0].contract", id="pagat-all-pass-disabled"),
    pytest.param(rec("nl", [one("abondance-9", 9)]), "unknown_contract",
                 "plays[0].contract", id="other-preset"),
    pytest.param(rec(plays=[{"declarer": "Anna", "tricks": 0}]), "unknown_contract",
                 "plays[0].contract", id="absent"),
    pytest.param(rec(plays="rik"), "bad_plays", "plays", id="plays-not-list"),
    # declarer_missing
    pytest.param(rec(plays=[{"contract": "solo-8", "tricks": 8}]), "declarer_missing",
                 "plays[0].declarer", id="solo"),
    pytest.param(rec(plays=[{"contract": "rik", "partner": "Bert", "tricks": 8}]),
                 "declarer_missing", "plays[0].declarer", id="rik"),
    # partner_missing
    pytest.param(rec(plays=[one("rik", 8)]), "partner_missing", "plays[0].partner",
                 id="rik"),
    pytest.param(rec("nl", [one("troela", 8)]), "partner_missing", "plays[0].partner",
                 id="troela"),
    # partner_not_allowed
    pytest.param(rec(plays=[one("solo-8", 8, partner="Bert")]), "partner_not_allowed",
                 "plays[0].partner", id="solo"),
    pytest.param(rec("nl", [{"contract": "schoppen-mie", "queen_of_spades": "Anna",
                             "last_trick": "Bert", "partner": "Cor"}]),
                 "partner_not_allowed", "plays[0].partner", id="all-pass"),
    # partner_is_declarer
    pytest.param(rec(plays=[one("rik", 8, partner="Anna")]), "partner_is_declarer",
                 "plays[0].partner", id="rik"),
    # tricks_missing
    pytest.param(rec(plays=[{"contract": "misere", "declarer": "Anna"}]),
                 "tricks_missing", "plays[0].tricks", id="absent"),
    pytest.param(rec(plays=[one("misere", None)]), "tricks_missing", "plays[0].tricks",
                 id="null"),
    pytest.param(rec("nl", [{"contract": "een-of-vijf"}]), "tricks_missing",
                 "plays[0].tricks_by_player", id="tricks-by-player-absent"),
    pytest.param(rec("nl", [{"contract": "een-of-vijf", "tricks_by_player": {
                     "Anna": 1, "Bert": 5, "Cor": 7}}]),
                 "tricks_missing", "plays[0].tricks_by_player", id="a-player-left-out"),
    pytest.param(rec("nl", [{"contract": "schoppen-mie", "queen_of_spades": "Anna"}]),
                 "tricks_missing", "plays[0].last_trick", id="last-trick"),
    pytest.param(rec("nl", [{"contract": "schoppen-mie", "last_trick": "Anna"}]),
                 "tricks_missing", "plays[0].queen_of_spades", id="queen"),
    # tricks_out_of_range
    pytest.param(rec(plays=[one("misere", 14)]), "tricks_out_of_range",
                 "plays[0].tricks", id="fourteen"),
    pytest.param(rec(plays=[one("misere", -1)]), "tricks_out_of_range",
                 "plays[0].tricks", id="negative"),
    pytest.param(rec(plays=[one("misere", 0.0)]), "tricks_out_of_range",
                 "plays[0].tricks", id="float"),
    pytest.param(rec(plays=[one("misere", "0")]), "tricks_out_of_range",
                 "plays[0].tricks", id="string"),
    pytest.param(rec(plays=[one("misere", False)]), "tricks_out_of_range",
                 "plays[0].tricks", id="bool"),
    pytest.param(rec("nl", [{"contract": "een-of-vijf", "tricks_by_player": {
                     "Anna": 14, "Bert": 0, "Cor": 0, "Dirk": 0}}]),
                 "tricks_out_of_range", "plays[0].tricks_by_player.Anna",
                 id="tricks-by-player"),
    # tricks_total
    pytest.param(rec(plays=[one("misere", 7), one("piek", 7, "Bert")]), "tricks_total",
                 "plays", id="simultaneous-over-13"),
    pytest.param(rec("iwwa", [one("misere", 5), one("misere", 5, "Bert"),
                              one("misere", 5, "Cor")]),
                 "tricks_total", "plays", id="three-miseres-over-13"),
    pytest.param(rec("nl", [{"contract": "een-of-vijf", "tricks_by_player": {
                     "Anna": 1, "Bert": 5, "Cor": 3, "Dirk": 3}}]),
                 "tricks_total", "plays[0].tricks_by_player", id="by-player-12"),
    # simultaneous_not_allowed
    pytest.param(rec("nl", [one("misere"), one("piek", 1, "Bert")]),
                 "simultaneous_not_allowed", "plays", id="nl-misere-with-piek"),
    pytest.param(rec("nl", [one("open-misere"), one("open-misere", 0, "Bert")]),
                 "simultaneous_not_allowed", "plays", id="nl-open-contracts"),
    pytest.param(rec("nl", [one("open-piek", 1), one("open-piek", 1, "Bert")]),
                 "simultaneous_not_allowed", "plays", id="nl-open-piek"),
    pytest.param(rec(plays=[one("misere"), one("open-misere", 0, "Bert")]),
                 "simultaneous_not_allowed", "plays", id="pagat-different-groups"),
    pytest.param(rec(plays=[one("solo-8", 8), one("solo-9", 3, "Bert")]),
                 "simultaneous_not_allowed", "plays", id="pagat-solos"),
    pytest.param(rec(plays=[one("misere"), one("piek", 1)]),
                 "simultaneous_not_allowed", "plays", id="same-declarer-twice"),
    pytest.param(rec("iwwa", [one("misere"), one("open-misere", 0, "Bert",
                                                 jury="approved")]),
                 "simultaneous_not_allowed", "plays", id="iwwa-misere-with-open"),
    # trump_mismatch
    pytest.param(rec(plays=[one("rik-beter", 8, partner="Bert", trump="spades")]),
                 "trump_mismatch", "plays[0].trump", id="rik-beter-spades"),
    pytest.param(rec("nl", [one("solo-9-beter", 9, trump="clubs")]), "trump_mismatch",
                 "plays[0].trump", id="nl-negen-beter-clubs"),
    pytest.param(rec(plays=[one("misere", trump="hearts")]), "trump_mismatch",
                 "plays[0].trump", id="misere-with-trump"),
    pytest.param(rec(plays=[one("solo-8", 8, trump="trumps")]), "bad_trump",
                 "plays[0].trump", id="not-a-suit"),
    # jury_required
    pytest.param(rec("iwwa", [one("solo", 13)]), "jury_required", "plays[0].jury",
                 id="solo-without-jury"),
    pytest.param(rec("iwwa", [one("solo-slim", 13, jury="not_called")]),
                 "jury_required", "plays[0].jury", id="not-called-without-sanction"),
    pytest.param(rec("iwwa", [one("open-misere")],
                     sanctions=[sanction("jury-not-called", "Bert", points=6)]),
                 "jury_required", "plays[0].jury", id="sanction-on-someone-else"),
    pytest.param(rec("iwwa", [one("abondance-9", 9, jury="yes")]), "bad_jury",
                 "plays[0].jury", id="not-a-jury-value"),
    # solo_limit
    pytest.param(iwwa_misere(2), "solo_limit", "plays[0].jury", id="third-misere"),
    pytest.param(iwwa_misere(2, jury="not_called"), "solo_limit", "plays[0].jury",
                 id="third-misere-not-called"),
    pytest.param(rec("iwwa", [one("abondance-10", 10)],
                     context={"solo_made": {"Anna": 4}}),
                 "solo_limit", "plays[0].jury", id="fifth-abondance"),
    pytest.param(rec("iwwa", [one("misere")],
                     context={"solo_made": {"Anna": 2}},
                     sanctions=[sanction("jury-not-called", points=3)]),
                 "solo_limit", "plays[0].jury", id="sanction-does-not-lift-it"),
    pytest.param(rec("iwwa", context={"solo_made": {"Anna": -1}}), "bad_context",
                 "context.solo_made.Anna", id="bad-count"),
    # unknown_sanction
    pytest.param(rec("nl", sanctions=[sanction("turn-up-forgotten")]),
                 "unknown_sanction", "sanctions[0].code", id="nl-turn-up"),
    pytest.param(rec(sanctions=[sanction("jury-not-called", points=3)]),
                 "unknown_sanction", "sanctions[0].code", id="pagat-jury-not-called"),
    pytest.param(rec(sanctions=[{"player": "Anna", "points": 3}]), "unknown_sanction",
                 "sanctions[0].code", id="absent"),
    pytest.param(rec(sanctions=["penalty"]), "bad_sanctions", "sanctions[0]",
                 id="not-an-object"),
    pytest.param(rec(sanctions={"code": "penalty"}), "bad_sanctions", "sanctions",
                 id="not-a-list"),
    # sanction_points
    pytest.param(rec(sanctions=[sanction("penalty")]), "sanction_points",
                 "sanctions[0].points", id="missing"),
    pytest.param(
        rec("iwwa", sanctions=[sanction("turn-up-forgotten", "Dirk", points=3)]),
        "sanction_points", "sanctions[0].points", id="present-where-fixed",
    ),
    pytest.param(rec("iwwa", sanctions=[sanction("troel-not-announced", points=15)]),
                 "sanction_points", "sanctions[0].points", id="present-where-fixed-15"),
    pytest.param(rec(sanctions=[sanction("penalty", points=4)]), "sanction_points",
                 "sanctions[0].points", id="not-multiple-of-3"),
    pytest.param(rec(sanctions=[sanction("penalty", points=0)]), "sanction_points",
                 "sanctions[0].points", id="zero"),
    pytest.param(rec(sanctions=[sanction("penalty", points=-3)]), "sanction_points",
                 "sanctions[0].points", id="negative"),
    pytest.param(rec(sanctions=[sanction("penalty", points="6")]), "sanction_points",
                 "sanctions[0].points", id="string"),
    pytest.param(rec(sanctions=[sanction("penalty", points=True)]), "sanction_points",
                 "sanctions[0].points", id="bool"),
    pytest.param(rec("iwwa", sanctions=[sanction("jury-not-called", points=18)]),
                 "sanction_points", "sanctions[0].points", id="over-max-15"),
    pytest.param(rec("iwwa", sanctions=[sanction("jury-not-called", points=10)]),
                 "sanction_points", "sanctions[0].points", id="jury-not-multiple"),
]  # fmt: skip


@pytest.mark.parametrize(("record", "code", "field"), CASES)
def test_it_reports_the_violation(record, code, field):
    result = validate_record(record, get_preset)
    assert not result.ok
    assert result.deal is None
    found = [(v.code, v.field) for v in result.violations]
    assert (code, field) in found
    for v in result.violations:
        assert v.code in CODES
        assert isinstance(v.message, str)
        assert v.message.strip()
        assert isinstance(v.field, str)


def test_every_error_code_is_covered():
    covered = {p.values[1] for p in CASES + AIMED}
    assert covered == CODES


def test_it_reports_only_the_relevant_code():
    """A record with one fault gets exactly that one violation."""
    record = rec(plays=[one("rik", 8)])
    result = validate_record(record, get_preset)
    assert [(v.code, v.field) for v in result.violations] == [
        ("partner_missing", "plays[0].partner")
    ]


VALID = [
    pytest.param(rec(), id="pagat-rik"),
    pytest.param(rec("nl", []), id="thrown-in"),
    pytest.param(rec(plays=[one("misere"), one("piek", 1, "Bert")]),
                 id="pagat-misere-and-piek"),
    pytest.param(rec("nl", [one("misere", 2), one("misere", 11, "Bert")]),
                 id="nl-two-miseres-13-tricks"),
    pytest.param(rec("nl", [one("piek", 1), one("piek", 1, "Bert")]),
                 id="nl-two-pieks"),
    pytest.param(rec("iwwa", [one("solo", 13)],
                     sanctions=[sanction("jury-not-called", points=9)]),
                 id="jury-not-called-sanction-lifts-jury-required"),
    pytest.param(rec("iwwa", [one("open-misere", jury="not_called")],
                     sanctions=[sanction("jury-not-called", points=15)]),
                 id="jury-not-called-at-max"),
    pytest.param(iwwa_misere(1), id="second-misere"),
    pytest.param(iwwa_misere(2, jury="approved"), id="third-misere-approved"),
    pytest.param(rec("iwwa", [one("solo-slim", 13, jury="approved")],
                     context={"solo_made": {"Anna": 9}}),
                 id="solo-slim-does-not-count"),
    pytest.param(rec(plays=[one("rik-beter", 8, partner="Bert", trump="hearts")]),
                 id="rik-beter-hearts"),
    pytest.param(rec(plays=[one("misere", trump="none")]), id="misere-trump-none"),
    pytest.param(rec(sanctions=[sanction("penalty", points=300)]),
                 id="penalty-without-maximum"),
]  # fmt: skip


@pytest.mark.parametrize("record", VALID)
def test_it_accepts_the_valid_record(record):
    result = validate_record(record, get_preset)
    assert result.violations == ()
    assert result.ok


def test_it_reports_all_violations_together():
    record = {
        "rules": "pagat",
        "players": P,
        "dealer": "Dirk",
        "plays": [
            {"contract": "rik", "declarer": "Anna", "tricks": 15},
            {"contract": "solo-7", "declarer": "Eve", "tricks": 7},
        ],
        "sanctions": [
            {"code": "turn-up-forgotten", "player": "Bert"},
            {"code": "penalty", "player": "Cor", "points": 5},
        ],
        "context": {"solo_made": {"Anna": "two"}},
    }
    result = validate_record(record, get_preset)
    found = {(v.code, v.field) for v in result.violations}
    assert found >= {
        ("unknown_field", "dealer"),
        ("partner_missing", "plays[0].partner"),
        ("tricks_out_of_range", "plays[0].tricks"),
        ("unknown_contract", "plays[1].contract"),
        ("unknown_player", "plays[1].declarer"),
        ("unknown_sanction", "sanctions[0].code"),
        ("sanction_points", "sanctions[1].points"),
        ("bad_context", "context.solo_made.Anna"),
    }


def test_it_reports_every_faulty_play_of_a_simultaneous_deal():
    record = rec(
        plays=[one("misere", 14), one("piek", -2, "Bert"), one("piek", 1, "Cor")]
    )
    result = validate_record(record, get_preset)
    found = {(v.code, v.field) for v in result.violations}
    assert found >= {
        ("tricks_out_of_range", "plays[0].tricks"),
        ("tricks_out_of_range", "plays[1].tricks"),
    }


def test_it_treats_a_failing_resolver_as_unknown_rules():
    def broken(code):
        raise RuntimeError("database is down")

    result = validate_record(rec("club"), broken)
    assert [v.code for v in result.violations] == ["unknown_rules"]


def test_it_does_not_change_the_record():
    record = rec(plays=[one("rik", 8)], sanctions=[sanction("penalty")])
    before = copy.deepcopy(record)
    validate_record(record, get_preset)
    assert record == before


def _has_dutch_catalog() -> bool:
    return any(
        (Path(path) / "nl" / "LC_MESSAGES" / "django.mo").exists()
        for path in settings.LOCALE_PATHS
    )


@pytest.mark.parametrize(("record", "code", "field"), CASES)
def test_it_renders_messages_in_dutch(record, code, field):
    with translation.override("en"):
        violations = validate_record(record, get_preset).violations
        english = {v.field: v.message for v in violations}
    with translation.override("nl"):
        dutch = validate_record(record, get_preset).violations
    assert dutch
    for v in dutch:
        assert isinstance(v.message, str)
        assert v.message.strip()
    if _has_dutch_catalog():
        assert any(v.message != english.get(v.field) for v in dutch)


# ---- sanctions aimed at the right people (deal-record.md) --------------------
FIVE = {"sitting_out": "Eve"}
TURN_UP_ON_SITTER = sanction("turn-up-forgotten", "Eve")


AIMED = [
    pytest.param(
        rec("iwwa", sanctions=[sanction("turn-up-forgotten", "Anna")]),
        "sanction_player",
        "sanctions[0].player",
        id="turn-up-on-a-non-dealer",
    ),
    pytest.param(
        rec("iwwa", sanctions=[sanction("turn-up-forgotten", "Dirk")], **FIVE),
        "sanction_player",
        "sanctions[0].player",
        id="turn-up-on-the-last-player-at-a-table-of-5",
    ),
    pytest.param(
        rec("iwwa", sanctions=[sanction("troel-not-announced", "Eve")], **FIVE),
        "sanction_player",
        "sanctions[0].player",
        id="troel-on-the-dealer-sitting-out",
    ),
    pytest.param(
        rec("iwwa", sanctions=[sanction("jury-not-called", "Eve", points=3)], **FIVE),
        "sanction_player",
        "sanctions[0].player",
        id="jury-fine-on-the-dealer-sitting-out",
    ),
    pytest.param(
        rec(
            "iwwa",
            [one("solo", tricks=13, jury="approved")],
            sanctions=[sanction("jury-not-called", points=3)],
        ),
        "jury_conflict",
        "sanctions[0].player",
        id="jury-not-called-with-the-jury-approval",
    ),
    pytest.param(
        rec("iwwa", sitting_out="Anna"),
        "bad_players",
        "sitting_out",
        id="sitting-out-is-a-player",
    ),
    pytest.param(
        rec("iwwa", sitting_out=""),
        "bad_players",
        "sitting_out",
        id="sitting-out-empty",
    ),
    pytest.param(
        rec("iwwa", [one("rik", declarer="Eve", partner="Anna")], **FIVE),
        "unknown_player",
        "plays[0].declarer",
        id="the-dealer-sitting-out-does-not-play",
    ),
    pytest.param(
        rec("iwwa", [one("troela", partner="Bert", trump="spades")]),
        "trump_mismatch",
        "plays[0].trump",
        id="iwwa-troela-is-hearts",
    ),
]


@pytest.mark.parametrize(("record", "code", "field"), AIMED)
def test_it_aims_sanctions_at_the_right_people(record, code, field):
    result = validate_record(record, get_preset)
    assert (code, field) in {(v.code, v.field) for v in result.violations}


@pytest.mark.parametrize(
    "record",
    [
        rec("iwwa", sanctions=[TURN_UP_ON_SITTER], **FIVE),
        rec("iwwa", sanctions=[sanction("penalty", "Eve", points=6)], **FIVE),
        rec("iwwa", sanctions=[sanction("turn-up-forgotten", "Dirk")]),
        rec("iwwa", [one("troela", partner="Bert", trump="hearts")]),
        rec(
            "iwwa",
            [one("solo", tricks=13)],
            sanctions=[sanction("jury-not-called", points=15)],
        ),
    ],
)
def test_it_accepts_sanctions_on_the_right_people(record):
    assert validate_record(record, get_preset).ok
