"""The blind man's hand in words (000:150, "Rikken for three players"): its
label, who plays its cards and answers for its share in each play (the
reading of docs/rulesets.md, "Tables of three"), and what a table says for
it. Pure: no database."""

import pytest
from django.utils import translation

from rules.engine.labels import BLIND, blind_note
from rules.engine.presets import get_preset
from rules.engine.spoken import BLIND_SPOKEN, contract_for, plain, says_blind

X = "Blinde"
PLAYERS = ["Anna", "Bert", X, "Cor"]


def test_the_blind_man_has_a_label_and_a_one_line_help():
    with translation.override("en"):
        assert str(BLIND.text) == "Blind man"
        assert "\n" not in str(BLIND.help) and len(str(BLIND.help)) < 110


@pytest.mark.parametrize(
    ("preset", "play", "words"),
    [
        ("pagat", {"contract": "rik", "declarer": "Anna", "partner": X},
         "the blind man is Anna's partner: Anna plays its cards and takes its share"),
        ("nl", {"contract": "troela", "declarer": "Bert", "partner": X},
         "the blind man is Bert's partner: Bert plays its cards and takes its share"),
        ("nl", {"contract": "rik", "declarer": "Anna", "partner": "Bert"},
         "the blind man plays with Cor, who plays its cards and takes its share"),
        ("nl", {"contract": "misere", "declarer": "Cor"},
         "the blind man plays against Cor; nobody pays or receives its share"),
        ("iwwa", {"contract": "solo", "declarer": "Bert"},
         "the blind man plays against Bert; nobody pays or receives its share"),
        ("nl", {"contract": "schoppen-mie", "queen_of_spades": X, "last_trick": X},
         "the blind man plays along; nobody pays or receives its share"),
    ],
    ids=["rik-partner", "troela-single-ace", "rik-opponent", "misere", "solo",
         "all-pass"],
)  # fmt: skip
def test_each_play_says_who_answers_for_the_blind_man(preset, play, words):
    with translation.override("en"):
        assert blind_note(play, PLAYERS, X, get_preset(preset)) == words


@pytest.mark.parametrize(
    "said", ["blinde", "De Blinde", "the blind man", "Blind  man", "dummy"]
)
def test_a_table_names_the_blind_man_as_it_speaks(said):
    assert says_blind(said)


@pytest.mark.parametrize("said", ["Bert", "rik", "blinde rik", ""])
def test_other_words_are_not_the_blind_man(said):
    assert not says_blind(said)


def test_no_spoken_name_of_the_blind_man_is_a_contract():
    for code in ("pagat", "nl", "iwwa"):
        schedule = get_preset(code)
        assert all(contract_for(name, schedule) is None for name in BLIND_SPOKEN)
    assert all(plain(name) == name for name in BLIND_SPOKEN)
