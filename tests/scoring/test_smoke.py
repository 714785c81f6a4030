from rules.engine.presets import get_preset
from rules.engine.validation import validate_record
from scoring.settlement import settle


def test_it_scores_simultaneous_misere_and_piek(players):
    # rules-sources/000 line 107: both made -> +10, +10, -10, -10
    record = {
        "rules": "pagat",
        "players": players,
        "plays": [
            {"contract": "misere", "declarer": "Anna", "tricks": 0},
            {"contract": "piek", "declarer": "Bert", "tricks": 1},
        ],
    }
    result = validate_record(record, get_preset)
    assert result.ok
    assert settle(result.deal).scores == {
        "Anna": 10,
        "Bert": 10,
        "Cor": -10,
        "Dirk": -10,
    }
