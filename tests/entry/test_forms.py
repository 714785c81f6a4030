"""Form data → deal record, and record paths → form fields. No database."""

import pytest

from rules.engine.presets import get_preset
from rules.engine.validation import Violation
from td.forms_deal import (
    DealForm,
    build_record,
    contract_code,
    field_for,
    initial_from_record,
)

NL = get_preset("nl")
P = ["Anna", "Bert", "Cor", "Dirk"]
SEATS = {"1": "Eva", "2": "Anna", "3": "Bert", "4": "Cor", "5": "Dirk"}


def record(data):
    return build_record(data, P, SEATS, NL)


@pytest.mark.parametrize(
    "typed, code",
    [
        ("rik", "rik"),
        (" Rik ", "rik"),
        ("Acht alleen", "solo-8"),
        ("misère", "misere"),
        ("Queen of spades (schoppen mie)", "schoppen-mie"),
        ("nonsense", "nonsense"),
        ("", ""),
    ],
)
def test_it_accepts_a_contract_by_code_or_name(typed, code):
    assert contract_code(typed, NL) == code


def test_it_translates_a_partnership_play():
    data = {
        "p0_contract": "Rik",
        "p0_declarer": "2",
        "p0_partner": "Bert",
        "p0_tricks": "9",
        "p0_trump": "clubs",
    }
    rec, plays, sanctions = record(data)
    play = {
        "contract": "rik",
        "declarer": "Anna",
        "partner": "Bert",
        "tricks": 9,
        "trump": "clubs",
    }
    assert rec == {"plays": [play]}
    assert (plays, sanctions) == ([0], [])


def test_it_keeps_what_it_cannot_translate_for_the_engine():
    data = {"p0_contract": "zzz", "p0_declarer": "1", "p0_tricks": "nine"}
    rec, _, _ = record(data)
    # seat 1 sits out this deal: not translated, the engine names the problem
    assert rec["plays"][0] == {"contract": "zzz", "declarer": "1", "tricks": "nine"}
    huge = record({"p0_contract": "rik", "p0_tricks": "9" * 5000})[0]
    assert huge["plays"][0]["tricks"] == "9" * 5000


def test_it_skips_empty_rows_and_remembers_the_row_of_each_play():
    data = {
        "p1_contract": "misere",
        "p1_declarer": "Anna",
        "p1_tricks": "0",
        "p2_contract": "misere",
        "p2_declarer": "Cor",
        "p2_tricks": "1",
        "s1_code": "penalty",
        "s1_player": "Dirk",
        "s1_points": "6",
    }
    rec, plays, sanctions = record(data)
    assert [p["declarer"] for p in rec["plays"]] == ["Anna", "Cor"]
    assert (plays, sanctions) == ([1, 2], [1])
    assert rec["sanctions"] == [{"code": "penalty", "player": "Dirk", "points": 6}]


def test_it_builds_all_pass_games_from_their_own_fields():
    data = {
        "p0_contract": "een-of-vijf",
        "p0_declarer": "Anna",
        "p0_tricks": "3",
        "ap_t0": "1",
        "ap_t1": "5",
        "ap_t2": "4",
        "ap_t3": "3",
    }
    rec, _, _ = record(data)
    assert rec["plays"] == [
        {
            "contract": "een-of-vijf",
            "tricks_by_player": {"Anna": 1, "Bert": 5, "Cor": 4, "Dirk": 3},
        }
    ]
    data = {"p0_contract": "schoppen-mie", "ap_queen": "Cor", "ap_last": "5"}
    rec, _, _ = record(data)
    assert rec["plays"] == [
        {"contract": "schoppen-mie", "queen_of_spades": "Cor", "last_trick": "Dirk"}
    ]


def test_it_ignores_plays_when_thrown_in():
    rec, plays, _ = record({"thrown_in": True, "p0_contract": "rik"})
    assert rec == {"plays": []} and plays == []


@pytest.mark.parametrize(
    "path, field",
    [
        ("plays[0].partner", "p2_partner"),
        ("plays[1].tricks", None),
        ("plays[0]", "p2_contract"),
        ("sanctions[0].points", "s1_points"),
        ("sanctions[0]", "s1_code"),
        ("plays[0].queen_of_spades", "ap_queen"),
        ("plays[0].last_trick", "ap_last"),
        ("plays[0].tricks_by_player.Cor", "ap_t2"),
        ("plays[0].tricks_by_player", "ap_tricks"),
        ("plays[0].tricks_by_player.Zed", "ap_tricks"),
        ("players", None),
        ("plays", None),
        ("", None),
        ("rules", None),
        ("context.solo_made.Anna", None),
    ],
)
def test_it_maps_record_paths_to_form_fields(path, field):
    assert field_for(path, [2], [1], P) == field


def test_it_adds_engine_violations_to_the_form():
    form = DealForm({"p0_contract": "rik"}, schedule=NL, players=P, seats=SEATS)
    assert form.record() is not None
    form.add_violations(
        [
            Violation("partner_missing", "plays[0].partner", "Rik needs a partner."),
            Violation("simultaneous_not_allowed", "plays", "Not together."),
        ]
    )
    assert form.errors["p0_partner"] == ["Rik needs a partner."]
    assert form.has_error("p0_partner", "partner_missing")
    assert form.non_field_errors() == ["Not together."]


@pytest.mark.parametrize(
    "stored",
    [{"plays": [{"contract": "rik", "declarer": "Anna", "partner": "Bert",
                 "tricks": 9}], "sanctions": [{"code": "penalty",
                 "player": "Cor", "points": 3}]},
     {"plays": [{"contract": "misere", "declarer": "Anna", "tricks": 0},
                {"contract": "misere", "declarer": "Dirk", "tricks": 1}]},
     {"plays": [{"contract": "een-of-vijf", "tricks_by_player":
                 {"Anna": 1, "Bert": 5, "Cor": 4, "Dirk": 3}}]},
     {"plays": [{"contract": "schoppen-mie", "queen_of_spades": "Cor",
                 "last_trick": "Dirk"}]},
     {"plays": []}],
)  # fmt: skip
def test_it_prefills_the_form_so_that_it_rebuilds_the_same_record(stored):
    initial = initial_from_record(stored, P)
    rebuilt, _, _ = record(initial)
    assert rebuilt == stored
