"""Property tests: every valid deal settles to zero; any JSON thrown at
``score_deal`` is scored or refused with known codes, never raises.

Pure: schedules come from ``tests.scoring.schedules`` (no database). Records
whose ``rules`` is not a preset make ``resolve_schedule`` try the database,
which pytest-django blocks; validation must turn that into ``unknown_rules``.
"""

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.engine.sampling import random_record
from rules.engine.types import Kind, Suit
from rules.engine.validation import validate_record
from scoring.management.commands.score_deal import score_record, score_text
from scoring.settlement import settle
from tests.examples import examples
from tests.rules.error_codes import CODES
from tests.scoring.schedules import ALL_SCHEDULES, PLAYERS, resolve

SUITS = [s.value for s in Suit if s is not Suit.NONE]
SCHEDULE_CODES = sorted(ALL_SCHEDULES)

fast = settings(
    max_examples=examples(200),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)


def assert_settles_to_zero(record):
    result = validate_record(record, resolve)
    assert result.ok, (record, result.violations)
    settlement = settle(result.deal)
    scores = settlement.scores
    everyone = list(record["players"]) + (
        [record["sitting_out"]] if "sitting_out" in record else []
    )
    assert list(scores) == everyone
    assert all(type(v) is int for v in scores.values())
    assert sum(scores.values()) == 0
    for line in settlement.lines:
        assert sum(line.deltas.values()) == 0
    return scores


# ---- (a) valid deals settle to zero -----------------------------------------


@fast
@given(code=st.sampled_from(SCHEDULE_CODES), seed=st.integers(0, 2**32 - 1))
def test_sampled_valid_deals_settle_to_zero(code, seed):
    record = random_record(ALL_SCHEDULES[code], random.Random(seed))
    assert_settles_to_zero(record)


names = st.text(min_size=1, max_size=6).filter(lambda s: s.strip())


@st.composite
def valid_records(draw):
    """A valid deal record composed play by play (independent of the sampler)."""
    code = draw(st.sampled_from(SCHEDULE_CODES))
    schedule = ALL_SCHEDULES[code]
    people = draw(st.lists(names, min_size=5, max_size=5, unique=True))
    players = people[:4]
    sitting_out = people[4] if draw(st.booleans()) else None
    contracts = schedule.enabled_contracts()
    groups = sorted({c.group for c in contracts if c.group})
    shape = draw(st.sampled_from(["single", "single", "simultaneous", "pass"]))
    record = {"rules": code, "players": players, "plays": []}
    if sitting_out is not None:
        record["sitting_out"] = sitting_out
    sanctions, solo_made = [], {}

    if shape == "simultaneous" and groups:
        group = draw(st.sampled_from(groups))
        members = [c for c in contracts if c.group == group]
        declarers = draw(
            st.lists(st.sampled_from(players), min_size=2, max_size=4, unique=True)
        )
        budget = 13
        for declarer in declarers:
            contract = draw(st.sampled_from(members))
            tricks = draw(st.integers(0, budget))
            budget -= tricks
            record["plays"].append(
                _play(
                    draw,
                    contract,
                    declarer,
                    players,
                    tricks,
                    sanctions,
                    solo_made,
                    schedule,
                )
            )
    elif shape in ("single", "simultaneous"):
        contract = draw(st.sampled_from(contracts))
        if contract.is_all_pass:
            record["plays"].append(_all_pass_play(draw, contract, players))
        else:
            declarer = draw(st.sampled_from(players))
            tricks = draw(st.integers(0, 13))
            record["plays"].append(
                _play(
                    draw,
                    contract,
                    declarer,
                    players,
                    tricks,
                    sanctions,
                    solo_made,
                    schedule,
                )
            )

    for _ in range(draw(st.integers(0, 2))):
        sanction = draw(
            st.sampled_from(sorted(schedule.sanctions.values(), key=lambda s: s.code))
        )
        if sanction.dealer_only:
            offender = sitting_out or players[-1]
        elif sanction.may_name_sitting_out and sitting_out is not None:
            offender = draw(st.sampled_from([*players, sitting_out]))
        else:
            offender = draw(st.sampled_from(players))
        approved = {p.get("declarer") for p in record["plays"] if p.get("jury")}
        if sanction.code == "jury-not-called" and offender in approved:
            continue  # contradicts the jury's approval (sanction_player)
        entry = {"code": sanction.code, "player": offender}
        if sanction.variable:
            top = (sanction.maximum or 3000) // 3
            entry["points"] = 3 * draw(st.integers(1, top))
        sanctions.append(entry)
    if sanctions:
        record["sanctions"] = sanctions
    if solo_made or draw(st.booleans()):
        record["context"] = {"solo_made": solo_made}
    return record


def _play(draw, contract, declarer, players, tricks, sanctions, solo_made, schedule):
    play = {"contract": contract.code, "declarer": declarer, "tricks": tricks}
    if contract.kind is Kind.TEAM:
        play["partner"] = draw(st.sampled_from([p for p in players if p != declarer]))
    if contract.trump is not None:
        if draw(st.booleans()):
            play["trump"] = contract.trump.value
    elif draw(st.booleans()):
        play["trump"] = draw(st.sampled_from(SUITS))
    approved = fined = False
    if contract.jury:
        if draw(st.booleans()):
            play["jury"], approved = "approved", True
        else:
            if draw(st.booleans()):
                play["jury"] = "not_called"
            points = 3 * draw(st.integers(1, 5))
            fine = {"code": "jury-not-called", "player": declarer, "points": points}
            sanctions.append(fine)
            fined = True
    if contract.solo_limit:
        made = draw(st.integers(0, schedule.solo_limit + 2))
        if fined:  # the jury was not called: the limit was not reached either
            made = min(made, schedule.solo_limit - 1)
        solo_made[declarer] = made
        if made >= schedule.solo_limit and not approved:
            play["jury"] = "approved"
    return play


def _all_pass_play(draw, contract, players):
    play = {"contract": contract.code}
    if contract.code == "schoppen-mie":
        play["queen_of_spades"] = draw(st.sampled_from(players))
        play["last_trick"] = draw(st.sampled_from(players))
    else:
        cuts = sorted(draw(st.lists(st.integers(0, 13), min_size=3, max_size=3)))
        counts = [b - a for a, b in zip([0, *cuts], [*cuts, 13], strict=True)]
        play["tricks_by_player"] = dict(zip(players, counts, strict=True))
    return play


@fast
@given(valid_records())
def test_composed_valid_deals_settle_to_zero(record):
    assert_settles_to_zero(record)


@fast
@given(valid_records())
def test_valid_deals_score_the_same_through_score_record(record):
    """score_deal scores presets without the database; house sets need it."""
    if record["rules"] not in ("pagat", "nl", "iwwa"):
        return
    code, out = score_record(record)
    assert code == 0, out
    assert out["scores"] == assert_settles_to_zero(record)


# ---- (b) any JSON is scored or refused, never raises ------------------------

json_atoms = (
    st.none()
    | st.booleans()
    | st.integers(-20, 20)
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=8)
)
json_values = st.recursive(
    json_atoms,
    lambda children: (
        st.lists(children, max_size=4)
        | st.dictionaries(st.text(max_size=6), children, max_size=4)
    ),
    max_leaves=15,
)

CONTRACT_CODES = sorted({c for s in ALL_SCHEDULES.values() for c in s.contracts})
SANCTION_CODES = sorted({c for s in ALL_SCHEDULES.values() for c in s.sanctions})
# plausible values, so that records get past the first checks
near_atoms = (
    st.sampled_from(PLAYERS)
    | st.sampled_from(CONTRACT_CODES)
    | st.sampled_from(SANCTION_CODES)
    | st.sampled_from(["pagat", "nl", "iwwa", "approved", "not_called", *SUITS])
    | st.integers(-1, 14)
    | json_atoms
)
near_values = st.recursive(
    near_atoms,
    lambda children: (
        st.lists(children, max_size=4)
        | st.dictionaries(
            st.sampled_from(PLAYERS) | st.text(max_size=4), children, max_size=4
        )
    ),
    max_leaves=10,
)


def mostly(good, junk=near_values):
    """``good`` four times in five, else ``junk`` (one_of would weigh by branch)."""
    return st.integers(0, 4).flatmap(lambda i: junk if i == 0 else good)


player = mostly(st.sampled_from(PLAYERS))
names_or_players = st.sampled_from(PLAYERS) | st.text(max_size=4)
plays_like = st.fixed_dictionaries(
    {"contract": mostly(st.sampled_from(CONTRACT_CODES))},
    optional={
        "declarer": player,
        "partner": player,
        "tricks": mostly(st.integers(0, 13)),
        "trump": mostly(st.sampled_from([*SUITS, "none"])),
        "jury": mostly(st.sampled_from(["approved", "not_called"])),
        "tricks_by_player": mostly(
            st.fixed_dictionaries({p: st.integers(0, 7) for p in PLAYERS})
        ),
        "queen_of_spades": player,
        "last_trick": player,
        "bid": near_values,
    },
)
sanctions_like = st.fixed_dictionaries(
    {"code": mostly(st.sampled_from(SANCTION_CODES)), "player": player},
    optional={
        "points": mostly(st.integers(-1, 6).map(lambda k: 3 * k)),
        "reason": near_values,
    },
)
record_like = st.fixed_dictionaries(
    {
        "rules": mostly(st.sampled_from(["pagat", "nl", "iwwa"]), json_atoms),
        "players": mostly(st.just(list(PLAYERS)), st.lists(near_atoms, max_size=5)),
        "plays": mostly(st.lists(plays_like, max_size=3)),
    },
    optional={
        "sanctions": mostly(st.lists(sanctions_like, max_size=2)),
        "context": mostly(
            st.fixed_dictionaries(
                {
                    "solo_made": mostly(
                        st.dictionaries(names_or_players, st.integers(-1, 4))
                    )
                }
            )
        ),
        "dealer": near_values,
    },
)


def assert_scored_or_refused(code, out, record=None):
    json.dumps(out)  # the output is JSON
    assert code in (0, 2)
    if code == 0:
        scores = out["scores"]
        if isinstance(record, dict):
            assert list(scores) == list(record["players"])
        assert all(type(v) is int for v in scores.values())
        assert sum(scores.values()) == 0
    else:
        errors = out["errors"]
        assert errors
        for error in errors:
            assert error["code"] in CODES
            assert isinstance(error["field"], str)
            assert isinstance(error["message"], str)
            assert error["message"].strip()


@fast
@given(json_values)
def test_any_json_text_is_scored_or_refused(value):
    code, out = score_text(json.dumps(value))
    assert_scored_or_refused(code, out)
    if not isinstance(value, dict):
        assert [e["code"] for e in out["errors"]] == ["bad_json"]


@fast
@given(st.text(max_size=40))
def test_any_text_is_scored_or_refused(text):
    code, out = score_text(text)
    assert_scored_or_refused(code, out)


@fast
@given(record_like)
def test_record_shaped_json_is_scored_or_refused(record):
    code, out = score_record(record)
    assert_scored_or_refused(code, out, record)
    assert score_text(json.dumps(record)) == (code, out)


def _paths(value, prefix=()):
    """Every path (tuple of keys and indexes) into a JSON value."""
    yield prefix
    if isinstance(value, dict):
        for key, child in value.items():
            yield from _paths(child, (*prefix, key))
    elif isinstance(value, list):
        for i, child in enumerate(value):
            yield from _paths(child, (*prefix, i))


def _mutate(record, path, action, replacement):
    parent = record
    for step in path[:-1]:
        parent = parent[step]
    last = path[-1]
    if action == "drop":
        del parent[last]
    else:
        parent[last] = replacement


@fast
@given(
    code=st.sampled_from(["pagat", "nl", "iwwa"]),
    seed=st.integers(0, 2**32 - 1),
    pick=st.integers(0, 10**6),
    action=st.sampled_from(["drop", "replace", "replace"]),
    replacement=near_values,
)
def test_mutated_valid_records_are_scored_or_refused(
    code, seed, pick, action, replacement
):
    record = random_record(ALL_SCHEDULES[code], random.Random(seed))
    paths = [p for p in _paths(record) if p]
    path = paths[pick % len(paths)]
    _mutate(record, path, action, replacement)
    out_code, out = score_record(record)
    assert_scored_or_refused(out_code, out, record)
