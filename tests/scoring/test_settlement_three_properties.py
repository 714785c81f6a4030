"""Property tests at a table of three (000:150, "Rikken for three players"):
under every preset and random house-rule sets, every valid deal with the
blind man's hand settles in whole points that sum to zero, and the blind man
is never paid; through ``scoring.pipeline.run_deal`` a table of three stores
the blind man's chair (4) at 0 and seat scores that sum to zero.

Deals come from the sampler (``rules.engine.sampling.random_record`` with
``blind``); the shapes strategy is the one of ``test_shapes_properties``.
Pure: no database.
"""

import random

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from rules.engine.house_rules import apply_overrides, check_overrides
from rules.engine.presets import PRESETS
from rules.engine.sampling import random_record
from rules.engine.validation import validate_record
from scoring.pipeline import deal_players, run_deal, sanctions_charged
from scoring.settlement import settle
from tests.examples import examples
from tests.scoring.schedules import ALL_SCHEDULES
from tests.scoring.test_shapes_properties import VARIANTS, shapes_for
from tournaments.dealing import BLIND_LABEL, BLIND_POSITION, unique_labels

fast = settings(
    max_examples=examples(200),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
PLAYERS = ["Anna", "Bert", "Blinde", "Cor"]


def assert_blind_unpaid(schedule, record):
    result = validate_record(record, {schedule.code: schedule}.get)
    assert result.ok, (record, result.violations)
    settlement = settle(result.deal)
    scores = settlement.scores
    blind = record["blind"]
    assert list(scores) == record["players"]
    assert all(type(v) is int for v in scores.values())
    assert sum(scores.values()) == 0
    assert scores[blind] == 0
    for line in settlement.lines:
        assert sum(line.deltas.values()) == 0, line
        assert line.deltas.get(blind, 0) == 0, line
    return settlement


@fast
@given(
    code=st.sampled_from(sorted(ALL_SCHEDULES)),
    seed=st.integers(0, 2**32 - 1),
    chair=st.integers(0, 2),
)
def test_every_schedule_leaves_the_blind_man_unpaid(code, seed, chair):
    schedule = ALL_SCHEDULES[code]
    rng = random.Random(seed)
    record = random_three(schedule, rng, PLAYERS[chair])
    assert_blind_unpaid(schedule, record)


@st.composite
def shaped_schedules(draw):
    """A house-rule set of a preset with random shapes (every optional pagat
    variant on); a draw the shapes check refuses is skipped."""
    preset = draw(st.sampled_from(sorted(PRESETS)))
    overrides = {
        "shapes": draw(shapes_for(preset)),
        "variants": VARIANTS.get(preset, []),
    }
    assume(check_overrides(preset, overrides) == [])
    return apply_overrides(preset, overrides, f"{preset}-three", "three")


@fast
@given(
    schedule=shaped_schedules(),
    seed=st.integers(0, 2**32 - 1),
    chair=st.integers(0, 2),
)
def test_house_rule_shapes_leave_the_blind_man_unpaid(schedule, seed, chair):
    record = random_three(schedule, random.Random(seed), PLAYERS[chair])
    assert_blind_unpaid(schedule, record)


def random_three(schedule, rng, blind, players=PLAYERS):
    return random_record(schedule, rng, list(players), blind=blind, sanction_rate=0.3)


names = st.text(
    alphabet=st.characters(categories=("L", "N")), min_size=1, max_size=8
).filter(lambda s: s.strip())


@fast
@given(
    code=st.sampled_from(sorted(ALL_SCHEDULES)),
    people=st.lists(names, min_size=3, max_size=3),
    number=st.integers(1, 30),
    seed=st.integers(0, 2**32 - 1),
)
def test_a_table_of_three_stores_the_blind_chair_at_zero(code, people, number, seed):
    schedule = ALL_SCHEDULES[code]
    labels = unique_labels(people)
    players, out = deal_players(labels, number)
    assert out is None
    assert BLIND_LABEL in players
    assert players[-1] != BLIND_LABEL  # the blind man never deals
    record = random_three(schedule, random.Random(seed), BLIND_LABEL, players)
    del record["players"], record["blind"]  # the table says who plays
    outcome = run_deal(schedule, labels, number, record)
    assert outcome.ok, outcome.violations
    scores = outcome.seat_scores
    assert len(scores) == 5
    assert scores[BLIND_POSITION - 1] == 0
    assert scores[4] == 0  # no fifth seat
    assert sum(scores) == 0
    for position, label in enumerate(labels, start=1):
        assert scores[position - 1] == outcome.settlement.scores[label]
    assert outcome.record["blind"] == BLIND_LABEL
    assert outcome.stored["blind"] == BLIND_POSITION
    assert BLIND_POSITION in outcome.stored["players"]
    charged = sanctions_charged(outcome.stored, outcome.facts)
    points = outcome.facts["sanctions"]
    assert charged == [2 * (pts // 3) for pts in points]  # a third to each of two
    assert all(
        s["player"] != BLIND_POSITION for s in outcome.stored.get("sanctions", [])
    )
