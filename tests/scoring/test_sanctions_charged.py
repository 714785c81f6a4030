"""What a sanction charged its offender: the one reading every page, sheet,
card, workbook and the "fewest sanction points" tie-break use
(``scoring.pipeline.sanctions_charged``), always the settlement's own line.
Pure: no database."""

import random

import pytest

from rules.engine.presets import get_preset
from rules.engine.sampling import random_sanction
from scoring.pipeline import evaluate, sanctions_charged
from scoring.settlement import sanction_charge

FOUR = ["Anna", "Bert", "Cor", "Dirk"]


@pytest.mark.parametrize(
    ("points", "offender", "charged"),
    [
        (3, "Dirk", 3),  # turn-up forgotten by a dealer who plays: -3
        (3, "Eve", 4),  # by the dealer sitting out: 1 to each of the four
        (15, "Cor", 15),  # troel not announced
        (6, "Eve", 8),  # a penalty of 6 on the dealer sitting out: 2 to each
        (12, "Anna", 12),
    ],
)
def test_the_charge_is_what_the_offender_pays(points, offender, charged):
    assert sanction_charge(points, offender, FOUR) == charged


def record(sanctions, out=None):
    rec = {"rules": "iwwa", "players": FOUR, "plays": [], "sanctions": sanctions}
    if out:
        rec["sitting_out"] = out
    return rec


def test_the_dealer_sitting_out_is_charged_four_not_three():
    outcome = evaluate(
        get_preset("iwwa"),
        record([{"code": "turn-up-forgotten", "player": "Eve"}], out="Eve"),
    )
    assert outcome.ok, outcome.violations
    assert outcome.facts["sanctions"] == [3]  # the sanction's points, as kept
    assert dict(outcome.settlement.scores)["Eve"] == -4
    assert sanctions_charged(outcome.record, outcome.facts) == [4]


def test_every_sanction_charges_what_its_settlement_line_took():
    """Random sanctions, at tables of four and five: the charge read from
    the stored record and facts is the offender's loss in its line."""
    rng = random.Random(26)
    schedule = get_preset("iwwa")
    checked = 0
    for _ in range(300):
        out = "Eve" if rng.random() < 0.5 else None
        sanction = random_sanction(schedule, FOUR, rng, out)
        outcome = evaluate(schedule, record([sanction], out=out))
        if not outcome.ok:
            continue
        (line,) = outcome.settlement.lines
        (charged,) = sanctions_charged(outcome.record, outcome.facts)
        assert charged == -line.deltas[sanction["player"]]
        checked += 1
    assert checked > 200
