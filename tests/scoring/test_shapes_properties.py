"""Property tests for the house-rule shapes: under every
combination of shapes, every contract of every preset settles every valid deal
to zero; with no shape switched on, every deal scores exactly as the preset.

Reuses the deal strategies of ``tests.scoring.test_properties`` and the
sampler of ``rules.engine.sampling``. Pure: no database.
"""

import itertools
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.engine.deal import Deal, Play
from rules.engine.house_rules import SHAPE_FORMS, apply_overrides, check_overrides
from rules.engine.house_rules import shape_contracts as applicable
from rules.engine.presets import PAGAT_VARIANTS, PRESETS, get_preset
from rules.engine.sampling import random_record
from rules.engine.types import AllPassGame
from rules.engine.validation import validate_record
from scoring.settlement import settle
from tests.examples import examples
from tests.scoring.schedules import PLAYERS
from tests.scoring.test_properties import _all_pass_play, _play

PRESET_CODES = sorted(PRESETS)
#: The six shapes this file knows; issue 29's three (failed_step_from,
#: failed_prices, penalty_points) with these: tests/rules/test_shapes_three_new.py.
SIX = list(SHAPE_FORMS)[:6]
#: Every optional contract on, so that each contract of each preset is played.
VARIANTS = {"pagat": list(PAGAT_VARIANTS)}
#: Every way of saying "no shape" a set may store.
NO_SHAPES = [
    {},
    {
        "solo13_steps": {},
        "open_simultaneous": [],
        "mie_double": False,
        "failed_step": {},
        "pair_pays_each": [],
        "abondance_flat": {},
    },
]

fast = settings(
    max_examples=examples(200),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)


def schedule_with(preset: str, shapes: dict):
    overrides = {"shapes": shapes, "variants": VARIANTS.get(preset, [])}
    assert check_overrides(preset, overrides) == []
    return apply_overrides(preset, overrides, f"{preset}-shaped", "shaped")


def full_shapes(preset: str, keys, amount: int) -> dict:
    """Shapes ``keys``, each on every contract of ``preset`` it may change."""
    shapes = {}
    for key in keys:
        codes = [c.code for c in applicable(get_preset(preset), key)]
        form = SHAPE_FORMS[key]
        if codes and form == "switch":
            shapes[key] = True
        elif codes and form == "contracts":
            shapes[key] = codes
        elif codes:
            shapes[key] = dict.fromkeys(codes, amount)
    return shapes


def assert_zero_sum(settlement):
    assert all(type(v) is int for v in settlement.scores.values())
    assert sum(settlement.scores.values()) == 0
    for line in settlement.lines:
        assert sum(line.deltas.values()) == 0, line


# ---- every combination of shapes, every contract, every trick count ----------


def deals_of(schedule):
    """Every single-declarer deal of every contract (each trick count, each
    partner), every all-pass outcome of note, and two declarers of each
    simultaneous contract, built directly (the deal checks are tested
    elsewhere)."""
    a, b, c, _d = PLAYERS
    for contract in schedule.enabled_contracts():
        if contract.all_pass_game is AllPassGame.QUEEN_AND_LAST:
            for queen, last in itertools.product(PLAYERS, repeat=2):
                yield (Play(contract, queen_of_spades=queen, last_trick=last),)
        elif contract.is_all_pass:
            for counts in ((1, 5, 7, 0), (1, 1, 5, 6), (13, 0, 0, 0), (1, 5, 2, 5)):
                each = dict(zip(PLAYERS, counts, strict=True))
                yield (Play(contract, tricks_by_player=each),)
        else:
            partner = b if contract.has_partner else None
            for tricks in range(14):
                yield (Play(contract, a, partner, tricks),)
        if contract.simultaneous:
            for t1, t2 in itertools.product((0, 1, 2, 5), repeat=2):
                yield (Play(contract, a, tricks=t1), Play(contract, c, tricks=t2))


def test_every_combination_of_shapes_settles_every_contract_to_zero():
    settled = 0
    for preset in PRESET_CODES:
        seen = []
        for n in range(len(SIX) + 1):
            for keys in itertools.combinations(SIX, n):
                shapes = full_shapes(preset, keys, amount=7 + n)
                if shapes in seen:
                    continue  # a shape this preset cannot take: same as without
                seen.append(shapes)
                schedule = schedule_with(preset, shapes)
                for plays in deals_of(schedule):
                    assert_zero_sum(settle(Deal(schedule, PLAYERS, plays)))
                    settled += 1
    assert settled > 10_000


# ---- random shapes, random valid deals ----------------------------------------


@st.composite
def shapes_for(draw, preset: str) -> dict:
    """Any valid shapes of ``preset``: each on or off, on some contracts, with
    any allowed amount."""
    shapes = {}
    for key in SIX:
        form = SHAPE_FORMS[key]
        codes = [c.code for c in applicable(get_preset(preset), key)]
        if not codes or not draw(st.booleans()):
            continue
        if form == "switch":
            shapes[key] = True
            continue
        chosen = draw(st.lists(st.sampled_from(codes), min_size=1, unique=True))
        if form == "contracts":
            shapes[key] = chosen
        else:
            shapes[key] = {c: draw(st.integers(1, 10_000)) for c in chosen}
    return shapes


@st.composite
def shaped_deals(draw):
    """A house-rule set with random shapes and one valid deal record of it,
    composed play by play like ``test_properties.valid_records``."""
    preset = draw(st.sampled_from(PRESET_CODES))
    schedule = schedule_with(preset, draw(shapes_for(preset)))
    players = list(PLAYERS)
    contracts = schedule.enabled_contracts()
    contract = draw(st.sampled_from(contracts))
    sanctions, solo_made, plays = [], {}, []
    if contract.is_all_pass:
        plays.append(_all_pass_play(draw, contract, players))
    elif contract.simultaneous and draw(st.booleans()):
        members = [c for c in contracts if c.group == contract.group]
        declarers = draw(
            st.lists(st.sampled_from(players), min_size=2, max_size=4, unique=True)
        )
        budget = 13
        for declarer in declarers:
            tricks = draw(st.integers(0, budget))
            budget -= tricks
            member = draw(st.sampled_from(members))
            plays.append(
                _play(
                    draw,
                    member,
                    declarer,
                    players,
                    tricks,
                    sanctions,
                    solo_made,
                    schedule,
                )
            )
    else:
        declarer = draw(st.sampled_from(players))
        plays.append(
            _play(
                draw,
                contract,
                declarer,
                players,
                draw(st.integers(0, 13)),
                sanctions,
                solo_made,
                schedule,
            )
        )
    record = {"rules": schedule.code, "players": players, "plays": plays}
    if sanctions:
        record["sanctions"] = sanctions
    if solo_made:
        record["context"] = {"solo_made": solo_made}
    return schedule, record


def settle_record(schedule, record):
    result = validate_record(record, {schedule.code: schedule}.get)
    assert result.ok, (record, schedule.shapes, result.violations)
    settlement = settle(result.deal)
    assert_zero_sum(settlement)
    assert list(settlement.scores) == record["players"]
    return settlement.scores


@fast
@given(shaped_deals())
def test_composed_deals_under_any_shapes_settle_to_zero(deal):
    schedule, record = deal
    scores = settle_record(schedule, record)
    # a deal whose contracts no shape touched scores exactly as the preset
    base = schedule_with(schedule.preset, {})
    codes = {p["contract"] for p in record["plays"]}
    if all(schedule.contracts[c] == base.contracts[c] for c in codes):
        assert scores == settle_record(base, {**record, "rules": base.code})


@fast
@given(
    preset=st.sampled_from(PRESET_CODES), data=st.data(), seed=st.integers(0, 2**32 - 1)
)
def test_sampled_deals_under_any_shapes_settle_to_zero(preset, data, seed):
    schedule = schedule_with(preset, data.draw(shapes_for(preset)))
    record = random_record(schedule, random.Random(seed), sanction_rate=0.3)
    settle_record(schedule, record)


@fast
@given(
    preset=st.sampled_from(PRESET_CODES),
    seed=st.integers(0, 2**32 - 1),
    none=st.sampled_from(NO_SHAPES),
)
def test_with_no_shapes_every_deal_scores_as_the_preset(preset, seed, none):
    shaped = schedule_with(preset, none)
    plain = get_preset(preset)
    if preset in VARIANTS:
        plain = apply_overrides(preset, {"variants": VARIANTS[preset]}, preset, "p")
    assert shaped.contracts == plain.contracts
    assert shaped.shapes == {}
    record = random_record(plain, random.Random(seed), sanction_rate=0.3)
    record_shaped = {**record, "rules": shaped.code}
    assert settle_record(shaped, record_shaped) == settle_record(plain, record)
