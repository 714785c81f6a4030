"""Validation of a deal at a table of three: the record's ``blind`` names the
blind man's hand (000:150, "Rikken for three players": "The fourth player,
who is not present, is "the blind man". The three players bid as normal").

The blind never declares (``blind_declares``), is one of the four players and
never beside ``sitting_out`` (``bad_players``), cannot be sanctioned
(``sanction_player``); it may hold the called ace or the single ace, take
tricks and the queen of spades. Pure: the resolver is ``get_preset``.
"""

import random
import re
from pathlib import Path

import pytest

from rules.engine.presets import PRESETS, get_preset
from rules.engine.problems import PROBLEMS
from rules.engine.sampling import random_record
from rules.engine.validation import validate_record
from tests.rules.error_codes import CODES, SPEC

P = ["Anna", "Bert", "Blinde", "Cor"]  # Cor deals; the blind man's hand third
X = "Blinde"


def rec(rules="pagat", plays=None, **extra):
    if plays is None:
        plays = [{"contract": "rik", "declarer": "Anna", "partner": X, "tricks": 8}]
    return {"rules": rules, "players": list(P), "blind": X, "plays": plays, **extra}


def one(contract, tricks=0, declarer="Anna", **extra):
    return {"contract": contract, "declarer": declarer, "tricks": tricks, **extra}


def found(record):
    result = validate_record(record, get_preset)
    return result, [(v.code, v.field) for v in result.violations]


REFUSED = [
    pytest.param(rec(plays=[one("misere", declarer=X)]), "blind_declares",
                 "plays[0].declarer", id="blind-declares-misere"),
    pytest.param(rec(plays=[{**one("rik", 8, declarer=X), "partner": "Anna"}]),
                 "blind_declares", "plays[0].declarer", id="blind-declares-rik"),
    pytest.param(rec("nl", [one("piek", 1), one("piek", 1, declarer=X)]),
                 "blind_declares", "plays[1].declarer", id="blind-joins-piek"),
    pytest.param({**rec(), "blind": "Eve"}, "bad_players", "blind",
                 id="blind-not-a-player"),
    pytest.param({**rec(), "blind": ""}, "bad_players", "blind", id="blind-empty"),
    pytest.param({**rec(), "blind": 4}, "bad_players", "blind",
                 id="blind-not-a-name"),
    pytest.param(rec(sitting_out="Eve"), "bad_players", "blind",
                 id="blind-and-sitting-out"),
    pytest.param(rec("iwwa", sanctions=[{"code": "penalty", "player": X,
                                         "points": 3}]),
                 "sanction_player", "sanctions[0].player", id="penalty-on-blind"),
    pytest.param(rec("iwwa", sanctions=[{"code": "troel-not-announced",
                                         "player": X}]),
                 "sanction_player", "sanctions[0].player", id="troel-on-blind"),
    pytest.param({**rec("iwwa", sanctions=[{"code": "turn-up-forgotten",
                                            "player": "Anna"}])},
                 "sanction_player", "sanctions[0].player",
                 id="turn-up-on-a-non-dealer"),
]  # fmt: skip


@pytest.mark.parametrize(("record", "code", "field"), REFUSED)
def test_it_refuses_what_a_blind_man_cannot_do(record, code, field):
    result, violations = found(record)
    assert not result.ok
    assert (code, field) in violations
    for v in result.violations:
        assert v.code in CODES
        assert v.message.strip()


def test_the_codes_are_registered_with_their_variants():
    assert "blind_declares" in CODES
    assert "blind_declares" in PROBLEMS
    assert {"blind", "blind_out"} <= set(PROBLEMS["bad_players"].messages)
    assert "blind" in PROBLEMS["sanction_player"].messages


def test_each_variant_says_what_is_wrong():
    messages = {}
    for key, record in {
        "not_a_player": {**rec(), "blind": "Eve"},
        "with_sitting_out": rec(sitting_out="Eve"),
        "sanctioned": rec(sanctions=[{"code": "penalty", "player": X, "points": 3}]),
        "declares": rec(plays=[one("misere", declarer=X)]),
    }.items():
        result = validate_record(record, get_preset)
        assert len(result.violations) == 1, result.violations
        messages[key] = result.violations[0].message
    assert len(set(messages.values())) == 4
    assert X in messages["sanctioned"]
    assert X in messages["declares"]


def test_every_error_is_listed_together():
    record = rec(
        "iwwa",
        [one("misere", declarer=X), {**one("rik", 14), "partner": "Bert"}],
        sanctions=[
            {"code": "penalty", "player": X, "points": 3},
            {"code": "turn-up-forgotten", "player": "Bert"},
        ],
    )
    result, violations = found(record)
    assert not result.ok
    assert violations == [
        ("sanction_player", "sanctions[0].player"),
        ("sanction_player", "sanctions[1].player"),
        ("blind_declares", "plays[0].declarer"),
        ("tricks_out_of_range", "plays[1].tricks"),
        ("simultaneous_not_allowed", "plays"),
    ]


ACCEPTED = [
    pytest.param(rec(), id="blind-holds-the-called-ace"),
    pytest.param(rec("nl", [{**one("troela", 9), "partner": X}]),
                 id="blind-holds-the-single-ace"),
    pytest.param(rec("nl", [{**one("rik", 7), "partner": "Bert"}]),
                 id="blind-an-opponent"),
    pytest.param(rec("nl", [{"contract": "schoppen-mie", "queen_of_spades": X,
                             "last_trick": X}]), id="blind-takes-the-queen"),
    pytest.param(rec("nl", [{"contract": "een-of-vijf", "tricks_by_player":
                             {"Anna": 1, "Bert": 5, X: 5, "Cor": 2}}]),
                 id="blind-takes-tricks"),
    pytest.param(rec("iwwa", [one("misere"), one("misere", declarer="Bert"),
                              one("misere", declarer="Cor")]),
                 id="three-real-players-side-by-side"),
    pytest.param(rec("iwwa", [], sanctions=[{"code": "turn-up-forgotten",
                                             "player": "Cor"}]),
                 id="turn-up-on-the-dealer"),
    pytest.param(rec("nl", []), id="thrown-in"),
]  # fmt: skip


@pytest.mark.parametrize("record", ACCEPTED)
def test_it_accepts_the_blind_man_where_it_plays(record):
    result, violations = found(record)
    assert violations == []
    assert result.deal.blind == X
    assert result.deal.paying == ("Anna", "Bert", "Cor")
    assert X in result.deal.everyone


def test_a_deal_without_blind_is_a_table_of_four():
    record = rec()
    del record["blind"]
    result, _ = found(record)
    assert result.ok
    assert result.deal.blind is None
    assert result.deal.paying == tuple(P)


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_the_sampler_makes_valid_tables_of_three(preset):
    schedule = get_preset(preset)
    rng = random.Random(29)
    for _ in range(300):
        blind = rng.choice(P[:3])
        record = random_record(schedule, rng, list(P), blind=blind, sanction_rate=0.3)
        assert record["blind"] == blind
        result, violations = found(record)
        assert violations == [], record
        assert all(p.declarer != blind for p in result.deal.plays)
        assert all(s.player != blind for s in result.deal.sanctions)


@pytest.mark.parametrize(
    ("players", "blind", "extra"),
    [(P, "Cor", {}), (P, "Eve", {}), (P, X, {"sitting_out": "Eve"})],
    ids=["the-dealer", "not-a-player", "with-sitting-out"],
)
def test_the_sampler_refuses_an_impossible_blind(players, blind, extra):
    with pytest.raises(ValueError):
        random_record(get_preset("nl"), random.Random(1), players, blind=blind, **extra)


DOCS = Path(__file__).resolve().parents[2] / "docs"


def test_the_record_format_documents_the_blind_and_every_stable_code():
    text = (DOCS / "deal-record.md").read_text(encoding="utf-8")
    table = text.split("## Error codes (stable)", 1)[1].split("\n## ", 1)[0]
    documented = set(re.findall(r"^\| `([a-z_]+)` \|", table, re.MULTILINE))
    assert documented == SPEC
    assert re.search(r"^\| `blind` \| string, one of `players` \|", text, re.MULTILINE)
    rulesets = (DOCS / "rulesets.md").read_text(encoding="utf-8")
    assert "## Tables of three (the blind man)" in rulesets
    assert '"Rikken for three players"' in rulesets
