"""Contracts as people say them: "rikken", "rik beter", "acht alleen",
"misere" without its accent. Pure: no database."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.engine.presets import PRESETS, get_preset
from rules.engine.spoken import SPOKEN, contract_for, plain

SCHEDULES = {code: get_preset(code) for code in PRESETS}


@pytest.mark.parametrize(
    "preset, said, code",
    [
        ("nl", "rikken", "rik"),
        ("nl", "Rik beter", "rik-beter"),
        ("nl", "acht alleen", "solo-8"),
        ("nl", "8 ALLEEN", "solo-8"),
        ("nl", "negen beter", "solo-9-beter"),
        ("nl", "misere", "misere"),
        ("nl", "open misere", "open-misere"),
        ("nl", "Open  Misère", "open-misere"),
        ("nl", "troela", "troela"),
        ("nl", "piek", "piek"),
        ("iwwa", "rikken", "rik"),
        ("iwwa", "afrikken", "rik-troef"),
        ("iwwa", "miserie", "misere"),
        ("iwwa", "miserie op tafel", "open-misere"),
        ("pagat", "twaalf alleen", "solo-12"),
    ],
)
def test_the_names_people_say_are_understood(preset, said, code):
    assert contract_for(said, SCHEDULES[preset]) == code


def test_a_spoken_name_finds_only_a_contract_the_schedule_has():
    assert contract_for("afrikken", SCHEDULES["nl"]) is None  # no rik in trump
    assert contract_for("acht beter", SCHEDULES["iwwa"]) is None
    assert contract_for("nonsense", SCHEDULES["nl"]) is None
    assert contract_for("", SCHEDULES["nl"]) is None


def test_every_spoken_name_means_a_contract_of_some_preset():
    codes = {c.code for s in SCHEDULES.values() for c in s.enabled_contracts()}
    assert set(SPOKEN.values()) <= codes


every_name = st.sampled_from(
    [
        (preset, name, c.code)
        for preset, schedule in SCHEDULES.items()
        for c in schedule.enabled_contracts()
        for name in (c.code, c.name_nl, c.name_en)
    ]
)


@given(every_name, st.sampled_from([str.upper, str.lower, str.title, str]),
       st.sampled_from(["", " ", "  "]))  # fmt: skip
def test_a_contracts_own_names_are_found_in_any_case_and_spacing(entry, case, pad):
    preset, name, code = entry
    typed = pad + case(name).replace(" ", "  ") + pad
    found = contract_for(typed, SCHEDULES[preset])
    # two contracts could share a plain name; then the first is the one meant
    first = next(
        c.code
        for c in SCHEDULES[preset].enabled_contracts()
        if plain(name) in {plain(c.code), plain(c.name_nl), plain(c.name_en)}
    )
    assert found == first
    assert first == code or plain(name) != plain(code)
