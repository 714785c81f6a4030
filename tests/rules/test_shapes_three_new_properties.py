"""Property tests for issue 29's shapes together with the six before them:
any valid set of shapes settles every sampled deal to zero, at a table of
four, of five (a dealer sitting out) and of three (the blind man's hand, 000
"Rikken for three players"); the neutral values of the new shapes (a step
from the first trick, failed prices equal to the made ones, penalty points)
score exactly as without them. Pure: no database.
"""

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.engine.contracts import FIXED_KINDS
from rules.engine.house_rules import (
    SHAPE_FORMS,
    apply_overrides,
    check_overrides,
    shape_contracts,
)
from rules.engine.presets import PAGAT_VARIANTS, PRESETS, get_preset
from rules.engine.sampling import random_record
from rules.engine.validation import validate_record
from scoring.settlement import settle
from tests.examples import examples

PRESET_CODES = sorted(PRESETS)
VARIANTS = {"pagat": list(PAGAT_VARIANTS)}
FOUR = ["Anna", "Bert", "Cor", "Dirk"]

fast = settings(
    max_examples=examples(150),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)


def codes(preset: str, key: str) -> list[str]:
    return [c.code for c in shape_contracts(get_preset(preset), key)]


@st.composite
def any_shapes(draw, preset: str) -> dict:
    """Any valid shapes of ``preset``, all nine: the six of before at random,
    then failed prices (none beside a flat amount or a second failed step),
    then a trick to count from on games that have a failed step."""
    shapes: dict = {}
    for key, form in SHAPE_FORMS.items():
        if form not in ("amounts", "contracts", "switch") or key == "penalty_points":
            continue
        options = codes(preset, key)
        if not options or not draw(st.booleans()):
            continue
        if form == "switch":
            shapes[key] = True
            continue
        chosen = draw(st.lists(st.sampled_from(options), min_size=1, unique=True))
        shapes[key] = (
            chosen
            if form == "contracts"
            else {c: draw(st.integers(1, 10_000)) for c in chosen}
        )
    stepped = {**shapes.get("solo13_steps", {}), **shapes.get("failed_step", {})}
    flat = shapes.get("abondance_flat", {})
    if draw(st.booleans()):
        prices = {}
        options = [c for c in codes(preset, "failed_prices") if c not in flat]
        for code in draw(st.lists(st.sampled_from(options), unique=True)):
            price = {}
            if draw(st.booleans()):
                price["base"] = draw(st.integers(0, 10_000))
            if code not in stepped and (not price or draw(st.booleans())):
                price["step"] = draw(st.integers(0, 10_000))
            if price:
                prices[code] = price
        if prices:
            shapes["failed_prices"] = prices
    with_step = [
        c
        for c in codes(preset, "failed_step_from")
        if c in stepped or shapes.get("failed_prices", {}).get(c, {}).get("step")
    ]
    if with_step and draw(st.booleans()):
        chosen = draw(st.lists(st.sampled_from(with_step), min_size=1, unique=True))
        shapes["failed_step_from"] = {c: draw(st.integers(1, 13)) for c in chosen}
    if draw(st.booleans()):
        shapes["penalty_points"] = True
    return shapes


def schedule_with(preset: str, shapes: dict):
    overrides = {"shapes": shapes, "variants": VARIANTS.get(preset, [])}
    assert check_overrides(preset, overrides) == [], shapes
    return apply_overrides(preset, overrides, f"{preset}-shaped", "shaped")


def settled(schedule, record):
    result = validate_record(record, {schedule.code: schedule}.get)
    assert result.ok, (record, schedule.shapes, result.violations)
    settlement = settle(result.deal)
    assert all(type(v) is int for v in settlement.scores.values())
    assert sum(settlement.scores.values()) == 0
    for line in settlement.lines:
        assert sum(line.deltas.values()) == 0, line
    return settlement


@fast
@given(
    preset=st.sampled_from(PRESET_CODES),
    data=st.data(),
    seed=st.integers(0, 2**32 - 1),
    table=st.sampled_from(["four", "five", "three"]),
)
def test_any_shapes_settle_every_sampled_deal_to_zero(preset, data, seed, table):
    schedule = schedule_with(preset, data.draw(any_shapes(preset)))
    rng = random.Random(seed)
    if table == "five":
        record = random_record(schedule, rng, sitting_out="Eva", sanction_rate=0.3)
    elif table == "three":
        blind = rng.choice(FOUR[:-1])
        record = random_record(schedule, rng, blind=blind, sanction_rate=0.3)
    else:
        record = random_record(schedule, rng, sanction_rate=0.3)
    settlement = settled(schedule, record)
    if table == "three":
        assert settlement.scores[record["blind"]] == 0


@fast
@given(preset=st.sampled_from(PRESET_CODES), data=st.data())
def test_every_trick_count_of_every_shaped_contract_sums_to_zero(preset, data):
    schedule = schedule_with(preset, data.draw(any_shapes(preset)))
    for contract in schedule.enabled_contracts():
        if contract.is_all_pass:
            continue
        for tricks in range(14):
            play = {"contract": contract.code, "declarer": "Anna", "tricks": tricks}
            if contract.has_partner:
                play["partner"] = "Cor"
            if contract.trump is not None:
                play["trump"] = contract.trump.value
            if contract.jury or contract.solo_limit:
                play["jury"] = "approved"
            # at three, Cor is the blind man's hand (the partner of a pair)
            for players, blind in (
                (FOUR, None),
                (["Anna", "Cor", "Bert", "Dirk"], "Cor"),
            ):
                record = {"rules": schedule.code, "players": players, "plays": [play]}
                if blind:
                    record["blind"] = blind
                settled(schedule, record)


def neutral(preset: str) -> dict:
    """The new shapes at values that change nothing: the failed prices are
    the made ones, the step counts from the first trick, penalty points on."""
    base = get_preset(preset)
    prices, start = {}, {}
    for code in codes(preset, "failed_prices"):
        c = base.contracts[code]
        prices[code] = {"base": c.value} if c.kind in FIXED_KINDS else {
            "base": c.base, "step": c.step}  # fmt: skip
    stepped = {c: 3 for c in codes(preset, "failed_step")}
    start = dict.fromkeys(stepped, 1)
    return {
        "failed_step": stepped,
        "failed_prices": prices,
        "failed_step_from": start,
        "penalty_points": True,
    }


@fast
@given(preset=st.sampled_from(PRESET_CODES), seed=st.integers(0, 2**32 - 1))
def test_the_neutral_values_score_as_without_them(preset, seed):
    shaped = schedule_with(preset, neutral(preset))
    plain = schedule_with(preset, {"failed_step": neutral(preset)["failed_step"]})
    record = random_record(plain, random.Random(seed), sanction_rate=0.3)
    assert (
        settled(shaped, {**record, "rules": shaped.code}).scores
        == settled(plain, record).scores
    )
